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

from bot.learn.glossary import score
from engine import Action, Observation
from engine.actions import KEEP, LEADER, PASS, PLAY, ActionError
from engine.ai.model import board_model
from engine.cards import ROW_TITLES
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


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _sides(obs: Observation) -> tuple[SideView, SideView]:
    assert obs.viewer is not None
    return obs.sides[obs.viewer], obs.sides[1 - obs.viewer]


def _score(obs: Observation) -> str:
    """The score as the viewer reads it: their own first."""
    me, them = _sides(obs)
    return score(me.total, them.total)


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


def _points(n: int) -> str:
    return str(n) if n else "nothing"


def _keep_for_later(obs: Observation) -> str:
    me, _ = _sides(obs)
    if obs.round >= 3 or not me.hand_count:
        return ""
    return f" and keep your {_plural(me.hand_count, 'card')} for later"


# ------------------------------------------------------------------ advice, per round

def _redraw(obs: Observation) -> Hint | None:
    if obs.phase != MULLIGAN or not any(a.kind == KEEP for a in obs.legal):
        return None
    assert obs.viewer is not None
    return Hint(REDRAW,
                "These ten cards must last all three rounds: you will hardly draw again. "
                "Before round 1 you may redraw up to two of them, one at a time. This hand "
                "is a good one: press **Keep this hand**.",
                Action(obs.viewer, KEEP))


def _they_passed(obs: Observation) -> Hint | None:
    """The opponent has passed: pass when ahead, else win the round with one card, play on
    in a deciding round, or save the cards."""
    me, them = _sides(obs)
    if not (_can_pass(obs) and them.passed):
        return None
    assert obs.viewer is not None
    lead = me.total - them.total
    head = f"{them.name} has passed at {_score(obs)}"
    passed = (Claim(THEY_PASSED, 1), Claim(LEAD_NOW, lead))
    if lead > 0:
        what = "the match" if them.gems == 1 else f"round {obs.round}"
        keep = _keep_for_later(obs) if them.gems > 1 else ""
        return Hint(AHEAD, f"{head}: press **Pass** to win {what}{keep}.",
                    Action(obs.viewer, PASS),
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
        return Hint(BEHIND, f"{head}. **{card.name}** adds {mine}"
                            f"{f' and takes {-theirs} from them' if theirs < 0 else ''}: "
                            "play it to take the lead with one card, then pass.",
                    move, tuple(claims))
    claims = [*passed, Claim(NO_ONE_CARD_WIN, 1)]
    if me.gems == 1:
        best = _best_play(obs)
        return Hint(BEHIND, f"{head}, and no single card puts you ahead. This round decides "
                            "the match, so don't pass: play your strongest cards until you "
                            "lead.",
                    best, tuple(claims))
    keep = _keep_for_later(obs)
    if keep:
        claims.append(Claim(HAND, me.hand_count))
    return Hint(BEHIND, f"{head}, and no single card puts you ahead. Pass{keep}: losing a "
                        "round with more cards left is often the better deal.",
                Action(obs.viewer, PASS), tuple(claims))


def _best_play(obs: Observation,
               plays: list[tuple[Action, CardView]] | None = None) -> Action | None:
    """The play (of `plays`, else of every card) that raises the viewer's lead most at
    once."""
    scored = [((e[0] - e[1]), move) for move, _ in (_plays(obs) if plays is None else plays)
              if (e := _effect(obs, move)) is not None]
    return max(scored, key=lambda s: (s[0], -(s[1].card or 0)))[1] if scored else None


def _round_ahead(obs: Observation) -> Hint | None:
    """The first turn of round 2 or 3: what this round is for."""
    me, them = _sides(obs)
    if not _can_pass(obs) or obs.round < 2:
        return None
    assert obs.viewer is not None
    if me.gems == 1:
        what = ("Round 3 decides the match" if obs.round == 3
                else "You have one gem left, so this round decides the match")
        return Hint(DECIDER, f"{what}: play to win it, and pass only once you lead and "
                             f"{them.name} has passed.", claims=(Claim(GEMS, 1),))
    if them.gems == 1 and me.hand_count >= them.hand_count > 0:
        return Hint(ROUND_TWO,
                    f"You won round 1: one more round wins the match, so {them.name} must "
                    f"win this one. You hold {_plural(me.hand_count, 'card')} to their "
                    f"{them.hand_count}: press **Pass** now. They spend cards to win this "
                    "round, and you go into round 3 with more.",
                    Action(obs.viewer, PASS),
                    (Claim(WON_ROUND, 1), Claim(HAND, me.hand_count),
                     Claim(THEIR_HAND, them.hand_count)))
    if them.gems == 1:
        return Hint(ROUND_TWO, f"You won round 1: one more round wins the match, so "
                               f"{them.name} must win this one. Make them spend cards on it, "
                               "and pass if they pull far ahead.",
                    claims=(Claim(WON_ROUND, 1),))
    return None


def _round_one(obs: Observation) -> Hint | None:
    """Round 1, the opponent still playing: well ahead with more cards, pass."""
    me, them = _sides(obs)
    if obs.round != 1 or not _can_pass(obs) or them.passed:
        return None
    assert obs.viewer is not None
    lead = me.total - them.total
    if lead < COMFORTABLE_LEAD or me.hand_count <= them.hand_count:
        return None
    return Hint(LEAD, f"You lead {_score(obs)} and hold {_plural(me.hand_count, 'card')} to "
                      f"their {them.hand_count}: press **Pass**. To win round 1 {them.name} "
                      "must spend cards, and you go into the next rounds with more.",
                Action(obs.viewer, PASS),
                (Claim(LEAD_NOW, lead), Claim(HAND, me.hand_count),
                 Claim(THEIR_HAND, them.hand_count)))


# ------------------------------------------------------------------ lessons, once each

def _turn(obs: Observation) -> Hint | None:
    if not _can_pass(obs):
        return None
    return Hint(TURN, "Your turn: play one card from the select, or press **Pass**. Passing "
                      "ends the round for you, and the cards in your hand stay for later "
                      "rounds. The higher score wins a round; two rounds win the match.")


def _spy(obs: Observation) -> Hint | None:
    me, them = _sides(obs)
    if them.passed:
        return None
    for move, card in _plays(obs, "spy"):
        effect = _effect(obs, move)
        if effect is None or effect[1] > SPY_AT_MOST:
            continue
        drawn = min(2, me.deck_count)
        return Hint(SPY, f"**{card.name}** is a spy: it joins {them.name}'s side, adding "
                         f"{effect[1]} to their score, and you draw "
                         f"{_plural(drawn, 'card')}. Cards last the whole match, so that is "
                         "a good trade: play it now.",
                    move, (Claim(THEIR_GAIN, effect[1]), Claim(DRAWS, drawn)))
    return None


def _weather(obs: Observation) -> Hint | None:
    _, them = _sides(obs)
    for move, card in _plays(obs, "weather"):
        effect = _effect(obs, move)
        if effect is None or effect[0] - effect[1] < WORTH_PLAYING:
            continue
        rows = " and ".join(ROW_TITLES[r].lower() for r in card.rows)
        return Hint(WEATHER, f"**{card.name}** is weather: non-hero units on the {rows} row "
                             f"drop to 1, on both sides. Here it costs {them.name} "
                             f"{_points(-effect[1])} and you {_points(-effect[0])}: play it "
                             "now.",
                    move, (Claim(MY_GAIN, effect[0]), Claim(THEIR_GAIN, effect[1])))
    return None


def _clear(obs: Observation) -> Hint | None:
    _, them = _sides(obs)
    for move, card in _plays(obs, "clear_weather"):
        effect = _effect(obs, move)
        if effect is None or effect[0] - effect[1] < WORTH_PLAYING:
            continue
        return Hint(CLEAR, f"**{card.name}** lifts all weather: you get back {effect[0]} and "
                           f"{them.name} {_points(effect[1])}. Play it now.",
                    move, (Claim(MY_GAIN, effect[0]), Claim(THEIR_GAIN, effect[1])))
    return None


def _weather_seen(obs: Observation) -> Hint | None:
    if not _can_pass(obs) or not obs.weather:
        return None
    card = obs.weather[0]
    return Hint(WEATHER_SEEN, f"**{card.name}** is weather: non-hero units on its row are "
                              "down to 1 on both sides, until Clear Weather or the end of "
                              "the round.")


def _horn(obs: Observation) -> Hint | None:
    options = [(e[0], move, card) for move, card in _plays(obs, "commanders_horn")
               if (e := _effect(obs, move)) is not None]
    if not options:
        return None
    gain, move, card = max(options, key=lambda o: (o[0], -(o[1].row or 0)))
    if gain < WORTH_A_HORN or move.row is None:
        return None
    return Hint(HORN, f"**{card.name}** doubles the non-hero units of one of your rows. On "
                      f"your {ROW_TITLES[move.row].lower()} row it adds {gain} now: play it "
                      "there.",
                move, (Claim(MY_GAIN, gain),))


def _leader(obs: Observation) -> Hint | None:
    """The leader: use it when it adds a lot now; else, the first time it could be used,
    say what it does and to keep it."""
    me, _ = _sides(obs)
    assert obs.viewer is not None
    move = Action(obs.viewer, LEADER)
    if move not in obs.legal:
        return None
    effect = _effect(obs, move)
    intro = f"Your leader, **{me.leader.name}**, works once per match: {me.leader.text}"
    if effect is not None and effect[0] >= WORTH_A_HORN:
        return Hint(LEADER_USE, f"{intro} Now it adds {effect[0]}: press **Leader**.",
                    move, (Claim(MY_GAIN, effect[0]),))
    if effect is None:
        return Hint(LEADER_INTRO, f"{intro} Keep it for a round you must win.")
    now = f"only {effect[0]}" if effect[0] > 0 else "nothing"
    return Hint(LEADER_INTRO, f"{intro} Now it would add {now}: keep it for a round you "
                              "must win, when it adds more.",
                claims=(Claim(MY_GAIN, effect[0], move),))


def _medic(obs: Observation) -> Hint | None:
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
        return Hint(MEDIC, f"**{card.name}** is a medic: it brings a unit back from your "
                           f"discard pile. Play it and choose **{best.name}** ({best.base}): "
                           "two units for one card.",
                    move)
    others = [(m, c) for m, c in _plays(obs) if "medic" not in c.abilities]
    other = _best_play(obs, others)
    return Hint(MEDIC_INTRO, f"**{card.name}** is a medic: it brings a unit back from your "
                             "discard pile. Yours holds no good unit yet, so keep it for "
                             "round 2 or 3." + (" Play another card now." if other else ""),
                other)


Rule = Callable[[Observation], Hint | None]
# In order: the first that applies and was not given yet is the next hint.
_RULES: tuple[Rule, ...] = (_redraw, _they_passed, _round_ahead, _round_one, _turn, _spy,
                            _clear, _weather, _horn, _leader, _medic, _weather_seen)


def given_key(hint: Hint, obs: Observation) -> str:
    """The key a hint is remembered by: lessons once, advice once per round."""
    return f"{hint.key}:{obs.round}" if hint.key in ADVICE else hint.key


def next_hint(obs: Observation, shown: Iterable[str]) -> Hint | None:
    """The first hint that applies to this observation and was not given yet, if any
    (`shown` holds the given_key of each hint given)."""
    if obs.viewer is None:
        raise ValueError("hints are for a player's own observation")
    given = set(shown)
    for rule in _RULES:
        hint = rule(obs)
        if hint is not None and given_key(hint, obs) not in given:
            return hint
    return None


def next_steps(won: bool) -> str:
    """The tutorial's last words: what to do next."""
    head = ("You won your first match!" if won
            else "That was your first match; the tutor won this time.")
    return (f"\U0001f393 {head} What next:\n"
            "\u2022 `/gwent practice`: play the computer again, at easy, normal or hard.\n"
            "\u2022 `/gwent challenge opponent:@someone`: play a member of this server.\n"
            "\u2022 `/gwent deck new`: build a deck of your own.")
