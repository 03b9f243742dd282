"""The tutorial's hints: a pure function from the player's own observation, and the hints
already given, to the next hint.

A hint explains one idea at its moment and, where one move is clearly good, names it (its
`move`): a newcomer who does what the hints say beats the tutor. Every number a hint states
is worked out on a model of the board built from that observation alone
(engine.ai.model.board_model) and listed in its `claims`, so tests can hold each claim
against the match itself. Hints never read the computer's hand.

Lessons are given once per tutorial; advice about passing and the round ahead once per
round (its key ends with the round's number).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from bot.i18n import Language, Name, row_in_sentence
from bot.learn.glossary import ENGLISH_LANGUAGE, score
from engine import Action, Observation
from engine.actions import KEEP, LEADER, PASS, PLAY, ActionError
from engine.ai.model import board_model
from engine.observation import MULLIGAN, PLAYING, CardView, SideView

# Lessons, given once per tutorial (but a spy is worth playing early in every round).
REDRAW, TURN, SPY, MEDIC, HORN = "redraw", "turn", "spy", "medic", "horn"
WEATHER, CLEAR, WEATHER_SEEN = "weather", "clear", "weather_seen"
LEADER_INTRO, LEADER_USE, MEDIC_INTRO = "leader_intro", "leader", "medic_intro"
# Advice, given once per round (the key is "name:round").
AHEAD, BEHIND, ROUND_TWO, DECIDER, LEAD = (
    "passed_ahead", "passed_behind", "round_two", "decider", "lead")
ADVICE = (AHEAD, BEHIND, ROUND_TWO, DECIDER, LEAD, SPY)

# What hints claim, for tests to check against the match.
LEAD_NOW = "lead"  # the viewer's score minus the opponent's
HAND, THEIR_HAND = "hand", "their_hand"  # cards in each hand
MY_GAIN, THEIR_GAIN = "my_gain", "their_gain"  # how the hint's move changes each score
DRAWS = "draws"  # cards the hint's move draws
WINS_ROUND = "wins_round"  # the hint's move ends the round with this number, won
WINS_MATCH = "wins_match"  # the hint's move wins the match (value 1)
NO_ONE_CARD_WIN = "no_one_card_win"  # no single card puts the viewer ahead (value 1)
THEY_PASSED = "they_passed"  # the opponent has passed (value 1)
WON_ROUND = "won_round"  # the viewer won the round with this number
GEMS = "gems"  # the viewer's gems

# Ahead by this much in round 1 with more cards left: passing is the lesson.
COMFORTABLE_LEAD = 10
# Weather, Clear Weather and a spy are suggested when worth this many points (a spy: when
# it gives away at most this many); a horn or the leader when they add WORTH_A_HORN.
WORTH_PLAYING = 5
SPY_AT_MOST = 6
WORTH_A_HORN = 8
# A medic is suggested when the discard pile holds a unit at least this strong.
WORTH_REVIVING = 4


@dataclass(frozen=True)
class Claim:
    """A fact a hint states: its kind (LEAD_NOW, MY_GAIN...) and value; for what a move
    would do, the move (None: the hint's own)."""

    what: str
    value: int
    move: Action | None = None


@dataclass(frozen=True)
class Hint:
    """One hint: its key (each given once), its words, the move it suggests if any, and
    the facts it states."""

    key: str
    text: str
    move: Action | None = None
    claims: tuple[Claim, ...] = ()


def _sides(obs: Observation) -> tuple[SideView, SideView]:
    assert obs.viewer is not None
    return obs.sides[obs.viewer], obs.sides[1 - obs.viewer]


def _score(obs: Observation, lang: Language) -> str:
    """The score as the viewer reads it: their own first."""
    me, them = _sides(obs)
    return score(me.total, them.total, lang)


def _effect(obs: Observation, move: Action) -> tuple[int, int] | None:
    """How much a move changes (my score, their score) at once, played on a model of the
    board built from the observation; None if the model cannot play it."""
    assert obs.viewer is not None
    me = obs.viewer
    model = board_model(obs)
    before = model.total(me), model.total(1 - me)
    rounds = len(model.results)
    try:
        model.apply(move)
    except ActionError:
        return None
    after = (model.results[rounds][0] if len(model.results) > rounds
             else (model.total(0), model.total(1)))
    return after[me] - before[0], after[1 - me] - before[1]


def _hand(obs: Observation) -> dict[int, CardView]:
    me, _ = _sides(obs)
    return {card.uid: card for card in me.hand or ()}


def _plays(obs: Observation, ability: str | None = None) -> list[tuple[Action, CardView]]:
    """The legal plays of cards in hand (with that ability), each with its card."""
    hand = _hand(obs)
    return [(a, hand[a.card]) for a in obs.legal
            if a.kind == PLAY and a.card in hand
            and (ability is None or ability in hand[a.card].abilities)]


def _can_pass(obs: Observation) -> bool:
    return obs.phase == PLAYING and any(a.kind == PASS for a in obs.legal)


def _points(n: int, lang: Language) -> str:
    # i18n: how many points something costs or gives back, when it is none
    return lang.number(n) if n else lang._("nothing")


def _keeps(obs: Observation) -> bool:
    """Whether passing now keeps cards worth mentioning for a later round."""
    me, _ = _sides(obs)
    return obs.round < 3 and me.hand_count > 0


# ------------------------------------------------------------------ advice, per round

# In the hints, {name} is the opponent's name, {score} the score with the
# reader's own first, {card} a card's name.

def _redraw(obs: Observation, lang: Language) -> Hint | None:
    if obs.phase != MULLIGAN or not any(a.kind == KEEP for a in obs.legal):
        return None
    assert obs.viewer is not None
    return Hint(REDRAW,
                lang._("These ten cards must last all three rounds: you will hardly draw "
                       "again. Before round 1 you may redraw up to two of them, one at a time. "
                       "This hand is a good one: press **Keep this hand**."),
                Action(obs.viewer, KEEP))


def _they_passed(obs: Observation, lang: Language) -> Hint | None:
    """The opponent has passed: pass when ahead, else win the round with one card, play on
    in a deciding round, or save the cards."""
    me, them = _sides(obs)
    if not (_can_pass(obs) and them.passed):
        return None
    assert obs.viewer is not None
    lead = me.total - them.total
    # The hints' {name} is the opponent's name; {score} the score, the reader's own first.
    said = {"name": them.name, "score": _score(obs, lang)}
    passed = (Claim(THEY_PASSED, 1), Claim(LEAD_NOW, lead))
    if lead > 0:
        keep = them.gems > 1 and _keeps(obs)
        if them.gems == 1:
            text = lang._("{name} has passed at {score}: press **Pass** to win the match.",
                          **said)
        elif keep:
            text = lang.ngettext(
                "{name} has passed at {score}: press **Pass** to win round {round} and keep "
                "your {count} card for later.",
                "{name} has passed at {score}: press **Pass** to win round {round} and keep "
                "your {count} cards for later.", me.hand_count, round=obs.round, **said)
        else:
            text = lang._("{name} has passed at {score}: press **Pass** to win round {round}.",
                          round=obs.round, **said)
        return Hint(AHEAD, text, Action(obs.viewer, PASS),
                    (*passed, Claim(WINS_MATCH, 1) if them.gems == 1
                     else Claim(WINS_ROUND, obs.round),
                     *((Claim(HAND, me.hand_count),) if keep else ())))
    winners = []
    for move, card in _plays(obs):
        effect = _effect(obs, move)
        if effect is not None and lead + effect[0] - effect[1] > 0:
            winners.append((effect[0] - effect[1], move, card, effect))
    if winners:
        _, move, card, (mine, theirs) = min(winners, key=lambda w: (w[0], w[1].card or 0))
        claims = [*passed, Claim(MY_GAIN, mine)]
        if theirs:
            claims.append(Claim(THEIR_GAIN, theirs))
        named = Name.card(card.card_id)
        if theirs < 0:
            text = lang._("{name} has passed at {score}. **{card}** adds {gain} and takes "
                          "{taken} from them: play it to take the lead with one card, then "
                          "pass.", card=named, gain=mine, taken=-theirs, **said)
        else:
            text = lang._("{name} has passed at {score}. **{card}** adds {gain}: play it to "
                          "take the lead with one card, then pass.", card=named, gain=mine,
                          **said)
        return Hint(BEHIND, text, move, tuple(claims))
    claims = [*passed, Claim(NO_ONE_CARD_WIN, 1)]
    if me.gems == 1:
        best = _best_play(obs)
        return Hint(BEHIND, lang._("{name} has passed at {score}, and no single card puts you "
                                   "ahead. This round decides the match, so don't pass: play "
                                   "your strongest cards until you lead.", **said),
                    best, tuple(claims))
    if _keeps(obs):
        claims.append(Claim(HAND, me.hand_count))
        text = lang.ngettext(
            "{name} has passed at {score}, and no single card puts you ahead. Pass and keep "
            "your {count} card for later: losing a round with more cards left is often the "
            "better deal.",
            "{name} has passed at {score}, and no single card puts you ahead. Pass and keep "
            "your {count} cards for later: losing a round with more cards left is often the "
            "better deal.", me.hand_count, **said)
    else:
        text = lang._("{name} has passed at {score}, and no single card puts you ahead. Pass: "
                      "losing a round with more cards left is often the better deal.", **said)
    return Hint(BEHIND, text, Action(obs.viewer, PASS), tuple(claims))


def _best_play(obs: Observation,
               plays: list[tuple[Action, CardView]] | None = None) -> Action | None:
    """The play (of `plays`, else of every card) that raises the viewer's lead most at
    once."""
    scored = [((e[0] - e[1]), move) for move, _ in (_plays(obs) if plays is None else plays)
              if (e := _effect(obs, move)) is not None]
    return max(scored, key=lambda s: (s[0], -(s[1].card or 0)))[1] if scored else None


def _round_ahead(obs: Observation, lang: Language) -> Hint | None:
    """The first turn of round 2 or 3: what this round is for."""
    me, them = _sides(obs)
    if not _can_pass(obs) or obs.round < 2:
        return None
    assert obs.viewer is not None
    if me.gems == 1:
        if obs.round == 3:
            text = lang._("Round 3 decides the match: play to win it, and pass only once you "
                          "lead and {name} has passed.", name=them.name)
        else:
            text = lang._("You have one gem left, so this round decides the match: play to "
                          "win it, and pass only once you lead and {name} has passed.",
                          name=them.name)
        return Hint(DECIDER, text, claims=(Claim(GEMS, 1),))
    if them.gems == 1 and me.hand_count >= them.hand_count > 0:
        # i18n: {count} is the reader's number of cards in hand, {theirs} the opponent's
        return Hint(ROUND_TWO,
                    lang.ngettext(
                        "You won round 1: one more round wins the match, so {name} must win "
                        "this one. You hold {count} card to their {theirs}: press **Pass** "
                        "now. They spend cards to win this round, and you go into round 3 with "
                        "more.",
                        "You won round 1: one more round wins the match, so {name} must win "
                        "this one. You hold {count} cards to their {theirs}: press **Pass** "
                        "now. They spend cards to win this round, and you go into round 3 with "
                        "more.", me.hand_count, name=them.name, theirs=them.hand_count),
                    Action(obs.viewer, PASS),
                    (Claim(WON_ROUND, 1), Claim(HAND, me.hand_count),
                     Claim(THEIR_HAND, them.hand_count)))
    if them.gems == 1:
        return Hint(ROUND_TWO, lang._("You won round 1: one more round wins the match, so "
                                      "{name} must win this one. Make them spend cards on it, "
                                      "and pass if they pull far ahead.", name=them.name),
                    claims=(Claim(WON_ROUND, 1),))
    return None


def _round_one(obs: Observation, lang: Language) -> Hint | None:
    """Round 1, the opponent still playing: well ahead with more cards, pass."""
    me, them = _sides(obs)
    if obs.round != 1 or not _can_pass(obs) or them.passed:
        return None
    assert obs.viewer is not None
    lead = me.total - them.total
    if lead < COMFORTABLE_LEAD or me.hand_count <= them.hand_count:
        return None
    # i18n: {count} is the reader's number of cards in hand, {theirs} the opponent's
    return Hint(LEAD, lang.ngettext(
                    "You lead {score} and hold {count} card to their {theirs}: press **Pass**. "
                    "To win round 1 {name} must spend cards, and you go into the next rounds "
                    "with more.",
                    "You lead {score} and hold {count} cards to their {theirs}: press "
                    "**Pass**. To win round 1 {name} must spend cards, and you go into the "
                    "next rounds with more.", me.hand_count, score=_score(obs, lang),
                    theirs=them.hand_count, name=them.name),
                Action(obs.viewer, PASS),
                (Claim(LEAD_NOW, lead), Claim(HAND, me.hand_count),
                 Claim(THEIR_HAND, them.hand_count)))


# ------------------------------------------------------------------ lessons, once each

def _turn(obs: Observation, lang: Language) -> Hint | None:
    if not _can_pass(obs):
        return None
    return Hint(TURN, lang._("Your turn: play one card from the select, or press **Pass**. "
                             "Passing ends the round for you, and the cards in your hand stay "
                             "for later rounds. The higher score wins a round; two rounds win "
                             "the match."))


def _spy(obs: Observation, lang: Language) -> Hint | None:
    me, them = _sides(obs)
    if them.passed:
        return None
    for move, card in _plays(obs, "spy"):
        effect = _effect(obs, move)
        if effect is None or effect[1] > SPY_AT_MOST:
            continue
        drawn = min(2, me.deck_count)
        # i18n: a number of points a move adds to a score, as a value in a sentence
        given = lang.npgettext("points on the board", "{count} point", "{count} points",
                               effect[1])
        # i18n: {name} is the opponent's name; {gain} the points the spy adds to their score
        # ("3 points"); {count} how many cards the reader draws
        return Hint(SPY, lang.ngettext(
                        "**{card}** is a spy: it joins {name}'s side, adding {gain} to their "
                        "score, and you draw {count} card. Cards last the whole match, so that "
                        "is a good trade: play it now.",
                        "**{card}** is a spy: it joins {name}'s side, adding {gain} to their "
                        "score, and you draw {count} cards. Cards last the whole match, so "
                        "that is a good trade: play it now.", drawn,
                        card=Name.card(card.card_id), name=them.name, gain=given),
                    move, (Claim(THEIR_GAIN, effect[1]), Claim(DRAWS, drawn)))
    return None


def _weather(obs: Observation, lang: Language) -> Hint | None:
    _, them = _sides(obs)
    for move, card in _plays(obs, "weather"):
        effect = _effect(obs, move)
        if effect is None or effect[0] - effect[1] < WORTH_PLAYING:
            continue
        # i18n: {rows} is one or two rows' names; {name} the opponent's name; {their_cost}
        # and {my_cost} are numbers of points, or "nothing"
        return Hint(WEATHER, lang._("**{card}** is weather: non-hero units on the {rows} row "
                                    "drop to 1, on both sides. Here it costs {name} "
                                    "{their_cost} and you {my_cost}: play it now.",
                                    card=Name.card(card.card_id),
                                    rows=lang.join(row_in_sentence(r, lang) for r in card.rows),
                                    name=them.name, their_cost=_points(-effect[1], lang),
                                    my_cost=_points(-effect[0], lang)),
                    move, (Claim(MY_GAIN, effect[0]), Claim(THEIR_GAIN, effect[1])))
    return None


def _clear(obs: Observation, lang: Language) -> Hint | None:
    _, them = _sides(obs)
    for move, card in _plays(obs, "clear_weather"):
        effect = _effect(obs, move)
        if effect is None or effect[0] - effect[1] < WORTH_PLAYING:
            continue
        # i18n: {gain} and {their_gain} are numbers of points ({their_gain} may be "nothing");
        # {name} is the opponent's name
        return Hint(CLEAR, lang._("**{card}** lifts all weather: you get back {gain} and "
                                  "{name} {their_gain}. Play it now.",
                                  card=Name.card(card.card_id), gain=effect[0], name=them.name,
                                  their_gain=_points(effect[1], lang)),
                    move, (Claim(MY_GAIN, effect[0]), Claim(THEIR_GAIN, effect[1])))
    return None


def _weather_seen(obs: Observation, lang: Language) -> Hint | None:
    if not _can_pass(obs) or not obs.weather:
        return None
    card = obs.weather[0]
    return Hint(WEATHER_SEEN, lang._("**{card}** is weather: non-hero units on its row are "
                                     "down to 1 on both sides, until Clear Weather or the end "
                                     "of the round.", card=Name.card(card.card_id)))


def _horn(obs: Observation, lang: Language) -> Hint | None:
    options = [(e[0], move, card) for move, card in _plays(obs, "commanders_horn")
               if (e := _effect(obs, move)) is not None]
    if not options:
        return None
    gain, move, card = max(options, key=lambda o: (o[0], -(o[1].row or 0)))
    if gain < WORTH_A_HORN or move.row is None:
        return None
    return Hint(HORN, lang._("**{card}** doubles the non-hero units of one of your rows. On "
                             "your {row} row it adds {gain} now: play it there.",
                             card=Name.card(card.card_id), row=row_in_sentence(move.row, lang),
                             gain=gain),
                move, (Claim(MY_GAIN, gain),))


def _leader(obs: Observation, lang: Language) -> Hint | None:
    """The leader: use it when it adds a lot now; else, the first time it could be used,
    say what it does and to keep it."""
    me, _ = _sides(obs)
    assert obs.viewer is not None
    move = Action(obs.viewer, LEADER)
    if move not in obs.legal:
        return None
    effect = _effect(obs, move)
    # i18n: {leader} is the reader's leader's name and {text} what its ability does
    said = {"leader": Name.card(me.leader.card_id), "text": lang._(me.leader.text)}
    if effect is not None and effect[0] >= WORTH_A_HORN:
        return Hint(LEADER_USE, lang._("Your leader, **{leader}**, works once per match: "
                                       "{text} Now it adds {gain}: press **Leader**.",
                                       gain=effect[0], **said),
                    move, (Claim(MY_GAIN, effect[0]),))
    if effect is None:
        return Hint(LEADER_INTRO, lang._("Your leader, **{leader}**, works once per match: "
                                         "{text} Keep it for a round you must win.", **said))
    if effect[0] > 0:
        text = lang._("Your leader, **{leader}**, works once per match: {text} Now it would "
                      "add only {gain}: keep it for a round you must win, when it adds more.",
                      gain=effect[0], **said)
    else:
        text = lang._("Your leader, **{leader}**, works once per match: {text} Now it would "
                      "add nothing: keep it for a round you must win, when it adds more.",
                      **said)
    return Hint(LEADER_INTRO, text, claims=(Claim(MY_GAIN, effect[0], move),))


def _medic(obs: Observation, lang: Language) -> Hint | None:
    """A medic: play it when a good unit lies in the discard pile; else say to keep it,
    and suggest another card."""
    me, _ = _sides(obs)
    medics = _plays(obs, "medic")
    if not medics:
        return None
    move, card = medics[0]
    revivable = [c for c in me.graveyard
                 if c.base is not None and not c.hero and "spy" not in c.abilities]
    best = max(revivable, key=lambda c: (c.base or 0, -c.uid), default=None)
    if best is not None and (best.base or 0) >= WORTH_REVIVING:
        # i18n: {unit} is a unit card's name and {strength} its strength
        return Hint(MEDIC, lang._("**{card}** is a medic: it brings a unit back from your "
                                  "discard pile. Play it and choose **{unit}** ({strength}): "
                                  "two units for one card.", card=Name.card(card.card_id),
                                  unit=Name.card(best.card_id), strength=best.base),
                    move)
    others = [(m, c) for m, c in _plays(obs) if "medic" not in c.abilities]
    other = _best_play(obs, others)
    if other:
        text = lang._("**{card}** is a medic: it brings a unit back from your discard pile. "
                      "Yours holds no good unit yet, so keep it for round 2 or 3. Play another "
                      "card now.", card=Name.card(card.card_id))
    else:
        text = lang._("**{card}** is a medic: it brings a unit back from your discard pile. "
                      "Yours holds no good unit yet, so keep it for round 2 or 3.",
                      card=Name.card(card.card_id))
    return Hint(MEDIC_INTRO, text, other)


Rule = Callable[[Observation, Language], Hint | None]
# In order: the first that applies and was not given yet is the next hint.
_RULES: tuple[Rule, ...] = (_redraw, _they_passed, _round_ahead, _round_one, _turn, _spy,
                            _clear, _weather, _horn, _leader, _medic, _weather_seen)


def given_key(hint: Hint, obs: Observation) -> str:
    """The key a hint is remembered by: lessons once, advice once per round."""
    return f"{hint.key}:{obs.round}" if hint.key in ADVICE else hint.key


def next_hint(obs: Observation, shown: Iterable[str], *,
              lang: Language = ENGLISH_LANGUAGE) -> Hint | None:
    """The first hint that applies to this observation and was not given yet, if any
    (`shown` holds the given_key of each hint given), in a language."""
    if obs.viewer is None:
        raise ValueError("hints are for a player's own observation")
    given = set(shown)
    for rule in _RULES:
        hint = rule(obs, lang)
        if hint is not None and given_key(hint, obs) not in given:
            return hint
    return None


def next_steps(won: bool, *, lang: Language) -> str:
    """The tutorial's last words: what to do next."""
    head = (lang._("You won your first match!") if won
            else lang._("That was your first match; the tutor won this time."))
    return "\n".join([
        lang._("\U0001f393 {head} What next:", head=head),
        lang._("\u2022 `/gwent practice`: play the computer again, at easy, normal or hard."),
        lang._("\u2022 `/gwent challenge opponent:@someone`: play a member of this server."),
        lang._("\u2022 `/gwent deck new`: build a deck of your own.")])
