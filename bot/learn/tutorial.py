"""The tutorial's hints: a pure function from the player's own observation, and the hints
already given, to the next hint.

Every decision of the tutorial gets a hint that names one move (its `move`) and says why.
The move is the hard level's choice from the player's own observation (`suggestion`: the
search of engine.ai.search with a fixed effort and seed, so an observation always gets the
same hint; before round 1, hard's redraw rule), except one move that is sure: once the
opponent has passed, passing while ahead wins the round at no cost; and a hint never uses
the leader for nothing. Hints never read the computer's hand: the search samples it from
what the player may know.

The words explain that move: a lesson the first time a kind of move comes up (a spy,
weather, the horn, the leader...), the situation at the moments that matter (turn 1, the
opponent's pass, the start of rounds 2 and 3), and otherwise what the move does. Every
fact a hint states (a score, what a card adds, who passed, who must play on) is worked
out on a model of the board built from the observation (engine.ai.model.board_model) and
listed in its `claims`, so tests can hold each claim against the match itself.

Lessons are given once per tutorial, and a lesson counts as given once the player made a
move it explains (`learnt`); advice for the start of a round once per round; advice about
the situation whenever it applies.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from bot.i18n import Language, Name, row_in_sentence
from bot.learn.glossary import ENGLISH_LANGUAGE, score
from engine import Action, Observation
from engine.actions import CHOOSE, FORFEIT, KEEP, LEADER, MULLIGAN, PASS, PLAY, ActionError
from engine.ai.agents import pre_play
from engine.ai.beliefs import beliefs
from engine.ai.determinize import determinize
from engine.ai.model import board_model, score_changes
from engine.ai.policy import SHARP, choose_action
from engine.ai.search import candidates, search
from engine.ai.value import wins_ties
from engine.observation import MULLIGAN as MULLIGAN_PHASE
from engine.observation import PLAYING, CardView, SideView
from engine.pending import MEDIC as MEDIC_CHOICE

# Lessons, given once per tutorial.
REDRAW, TURN, SPY, MEDIC, HORN = "redraw", "turn", "spy", "medic", "horn"
WEATHER, CLEAR, WEATHER_SEEN = "weather", "clear", "weather_seen"
LEADER_INTRO, LEADER_USE, MEDIC_INTRO = "leader_intro", "leader", "medic_intro"
# Advice about the situation (and the move alone), whenever it applies.
AHEAD, BEHIND, LEAD, MOVE = "passed_ahead", "passed_behind", "lead", "move"
# Advice at the start of rounds 2 and 3, given once per round (the key is "name:round").
ROUND_TWO, DECIDER = "round_two", "decider"
PER_ROUND = (ROUND_TWO, DECIDER)

# What hints claim, for tests to check against the match.
LEAD_NOW = "lead"  # the viewer's score minus the opponent's
HAND, THEIR_HAND = "hand", "their_hand"  # cards in each hand
MY_GAIN, THEIR_GAIN = "my_gain", "their_gain"  # how the hint's move changes each score
DRAWS = "draws"  # cards the hint's move draws
WINS_ROUND = "wins_round"  # the hint's move ends the round with this number, won
WINS_MATCH = "wins_match"  # the hint's move wins the match (value 1)
TAKES_LEAD = "takes_lead"  # after the hint's move the viewer leads (value 1)
NO_ONE_CARD_WIN = "no_one_card_win"  # no single card puts the viewer ahead (value 1)
THEY_PASSED = "they_passed"  # the opponent has passed (value 1)
MUST_PLAY_ON = "must_play_on"  # the opponent has not passed and must play on to win the round:
# the viewer leads, or ties without the opponent winning ties (value 1)
WON_ROUND = "won_round"  # the viewer won the round with this number
GEMS = "gems"  # the viewer's gems
REVIVES = "revives"  # the viewer's discard pile holds a unit a medic can bring back (value 1)
NO_GOOD_UNIT = "no_good_unit"  # it holds none of strength WORTH_REVIVING or more (value 1)
REDRAWS = "redraws"  # hard's redraw rule makes the hint's choice (value 1)
NO_CHANGE = "no_change"  # the hint's move changes neither score (value 1)

# The leader's lesson tells to keep it when using it now adds less than this.
WORTH_A_HORN = 8
# A medic is worth keeping for later while the discard pile holds no unit this strong.
WORTH_REVIVING = 4
# The search behind each hint's move: a fixed seed, and this many judged (world, move)
# pairs (four sampled worlds for hard's seven candidates), so each observation gets one
# hint, in a tenth of a second or so.
HINT_SEED = 0
HINT_ITERATIONS = 28


@dataclass(frozen=True)
class Claim:
    """A fact a hint states: its kind (LEAD_NOW, MY_GAIN...) and value; for what a move
    would do, the move (None: the hint's own)."""

    what: str
    value: int
    move: Action | None = None


@dataclass(frozen=True)
class Hint:
    """One hint: its key (see given_key), its words, the move it suggests, and the facts
    it states."""

    key: str
    text: str
    move: Action | None = None
    claims: tuple[Claim, ...] = ()


def _sides(obs: Observation) -> tuple[SideView, SideView]:
    assert obs.viewer is not None
    return obs.sides[obs.viewer], obs.sides[1 - obs.viewer]


def _lead(obs: Observation) -> int:
    me, them = _sides(obs)
    return me.total - them.total


def _score(obs: Observation, lang: Language) -> str:
    """The score as the viewer reads it: their own first."""
    me, them = _sides(obs)
    return score(me.total, them.total, lang)


def _effect(obs: Observation, move: Action) -> tuple[int, int] | None:
    """How much a move of the viewer's changes (my score, their score) at once, played on a
    model of the board built from the observation; None if the model cannot play it."""
    try:
        return score_changes(board_model(obs), move)
    except ActionError:
        return None


def _hand(obs: Observation) -> dict[int, CardView]:
    me, _ = _sides(obs)
    return {card.uid: card for card in me.hand or ()}


def _card(obs: Observation, uid: int | None) -> CardView | None:
    """The card with this number that the viewer can see, if any."""
    views = [*(obs.pending.options if obs.pending else ()), *obs.weather]
    for side in obs.sides:
        views += [*(side.hand or ()), *side.graveyard, *(c for r in side.rows for c in r.cards)]
    return next((v for v in views if v.uid == uid), None)


def _has(obs: Observation, move: Action, ability: str) -> bool:
    """Whether the move plays a card of the viewer's hand with that ability."""
    card = _hand(obs).get(move.card or -1) if move.kind == PLAY else None
    return card is not None and ability in card.abilities


def _can_pass(obs: Observation) -> bool:
    return obs.phase == PLAYING and any(a.kind == PASS for a in obs.legal)


def _wins_ties(obs: Observation) -> bool:
    assert obs.viewer is not None
    return wins_ties(board_model(obs), obs.viewer)


def _passing_wins(obs: Observation) -> bool:
    """Whether passing now ends the round won: the opponent has passed and the viewer
    leads (or ties, and wins ties)."""
    _, them = _sides(obs)
    lead = _lead(obs)
    return (_can_pass(obs) and obs.pending is None and them.passed
            and (lead > 0 or (lead == 0 and _wins_ties(obs))))


def _must_play_on(obs: Observation) -> bool:
    """Whether the opponent, still playing, must play on to win this round."""
    assert obs.viewer is not None
    _, them = _sides(obs)
    lead = _lead(obs)
    opponent_wins_ties = wins_ties(board_model(obs), 1 - obs.viewer)
    return not them.passed and (lead > 0 or (lead == 0 and not opponent_wins_ties))


def _revivable(obs: Observation) -> CardView | None:
    """The strongest unit a medic could bring back from the viewer's discard pile."""
    me, _ = _sides(obs)
    units = [c for c in me.graveyard
             if c.base is not None and not c.hero and "spy" not in c.abilities]
    return max(units, key=lambda c: (c.base or 0, -c.uid), default=None)


def _points(n: int, lang: Language) -> str:
    # i18n: how many points something costs or gives back, when it is none
    return lang.number(n) if n else lang._("nothing")


# ------------------------------------------------------------------ the move


@lru_cache(maxsize=64)
def suggestion(obs: Observation) -> Action | None:
    """The move a hint suggests to the player whose observation this is (None when they
    have nothing to decide): passing when it wins the round, else hard's choice among the
    moves that are not wasteful."""
    assert obs.viewer is not None
    me = obs.viewer
    if not any(a.kind != FORFEIT for a in obs.legal):
        return None
    if _passing_wins(obs):
        return Action(me, PASS)
    # The player's deck is their faction's starter deck, as in the tutorial. From here on,
    # as engine.ai.search.SearchAgent.choose, with the wasteful moves left out.
    early = pre_play(obs, None)
    if early is not None:
        return early
    rng = random.Random(f"{HINT_SEED}/{obs.action_count}")
    bel = beliefs(obs, None)
    first = determinize(obs, bel, rng)
    if first.pending is not None and first.pending.kind != MEDIC_CHOICE:
        return choose_action(first, me, SHARP, rng)
    moves = [m for m in candidates(first, me) if not _wasteful(obs, m)] or candidates(first, me)
    if len(moves) == 1:
        return moves[0]
    return search(obs, bel, first, moves, rng, math.inf, HINT_ITERATIONS)


def _wasteful(obs: Observation, move: Action) -> bool:
    """A move no teacher would suggest: using the leader, once a match, for nothing now
    (or only to the player's cost). A card that changes nothing may still be suggested:
    it takes the turn without passing."""
    if move.kind != LEADER:
        return False
    effect = _effect(obs, move)
    return effect is not None and effect[0] <= 0 and effect[1] >= 0


def _does(obs: Observation, move: Action, lang: Language) -> tuple[str, tuple[Claim, ...]]:
    """A sentence that says the move and what it does now, with its claims."""
    me, them = _sides(obs)
    assert obs.viewer is not None
    if move.kind == PASS:
        return lang._("Press **Pass**."), ()
    if move.kind == KEEP:
        return (lang._("Nothing in this hand is worth redrawing: press **Keep this hand**."),
                (Claim(REDRAWS, 1),))
    card = _card(obs, move.card)
    if move.kind == MULLIGAN and card is not None:
        return (lang._("Redraw **{card}**: a card from your deck is likely to be better.",
                       card=Name.card(card.card_id)), (Claim(REDRAWS, 1),))
    effect = _effect(obs, move)
    gain, theirs = effect if effect is not None else (0, 0)
    claims = (Claim(MY_GAIN, gain), Claim(THEIR_GAIN, theirs))
    if move.kind == LEADER:
        if gain > 0 and theirs == 0:
            return lang._("Press **Leader**: it adds {gain} now.", gain=gain), claims
        return lang._("Press **Leader**."), ()
    if card is None:
        return "", ()
    named = Name.card(card.card_id)
    if move.kind == CHOOSE:
        if gain > 0 and theirs == 0:
            return lang._("Choose **{card}**: it adds {gain}.", card=named, gain=gain), claims
        return lang._("Choose **{card}**.", card=named), ()
    if move.target is not None:
        target = _card(obs, move.target)
        if target is not None:
            # i18n: Decoy's move; {target} is a unit of the reader's side
            return (lang._("Play **{card}** on **{target}**: it takes {target} back into your "
                           "hand, to play again.", card=named,
                           target=Name.card(target.card_id)), ())
    if "spy" in card.abilities and gain == 0 and theirs > 0:
        drawn = min(2, me.deck_count)
        # i18n: {gain} is what the spy adds to the opponent's ({name}'s) score, {count}
        # how many cards the reader draws
        return (lang.ngettext("Play **{card}**, a spy: it adds {gain} to {name}'s score, and "
                              "you draw {count} card.",
                              "Play **{card}**, a spy: it adds {gain} to {name}'s score, and "
                              "you draw {count} cards.", drawn, card=named, gain=theirs,
                              name=them.name),
                (Claim(THEIR_GAIN, theirs), Claim(DRAWS, drawn)))
    if move.row is not None and len(card.rows) != 1:
        row = row_in_sentence(move.row, lang)
        if gain > 0 and theirs == 0:
            return lang._("Play **{card}** on your {row} row: it adds {gain}.", card=named,
                          row=row, gain=gain), claims
        return lang._("Play **{card}** on your {row} row.", card=named, row=row), ()
    said = {"card": named, "name": them.name}
    if gain > 0 and theirs == 0:
        return lang._("Play **{card}**: it adds {gain}.", gain=gain, **said), claims
    if gain > 0 and theirs < 0:
        return lang._("Play **{card}**: it adds {gain} and takes {taken} from {name}.",
                      gain=gain, taken=-theirs, **said), claims
    if gain == 0 and theirs < 0:
        return lang._("Play **{card}**: it takes {taken} from {name}.", taken=-theirs,
                      **said), claims
    if gain < 0 and theirs < 0:
        return lang._("Play **{card}**: it takes {taken} from {name} and {lost} from you.",
                      taken=-theirs, lost=-gain, **said), claims
    if gain == 0 and theirs == 0 and effect is not None:
        return lang._("Play **{card}**: it changes no score now, but it takes your turn "
                      "without passing.", **said), (Claim(NO_CHANGE, 1),)
    return lang._("Play **{card}**.", **said), ()


def _with_move(key: str, text: str, obs: Observation, move: Action, lang: Language,
               claims: tuple[Claim, ...] = ()) -> Hint:
    """A hint of a lesson or situation (`text`) followed by the move's own sentence."""
    does, more = _does(obs, move, lang)
    return Hint(key, " ".join(t for t in (text, does) if t), move, (*claims, *more))


# ------------------------------------------------------------------ before round 1


def _redraw(obs: Observation, shown: set[str], move: Action, lang: Language) -> Hint | None:
    if obs.phase != MULLIGAN_PHASE or REDRAW in shown:
        return None
    return _with_move(REDRAW, lang._("These ten cards must last all three rounds: you will "
                                     "hardly draw again. Before round 1 you may redraw up to "
                                     "two of them, one at a time."), obs, move, lang)


# ------------------------------------------------------------------ the opponent has passed


def _they_passed(obs: Observation, shown: set[str], move: Action, lang: Language
                 ) -> Hint | None:
    """The opponent has passed: pass when that wins, else take the lead with one card, play
    on in a deciding round, or save the cards."""
    me, them = _sides(obs)
    if not (_can_pass(obs) and them.passed and obs.pending is None):
        return None
    lead = _lead(obs)
    # The hints' {name} is the opponent's name; {score} the score, the reader's own first.
    said = {"name": them.name, "score": _score(obs, lang)}
    passed = (Claim(THEY_PASSED, 1), Claim(LEAD_NOW, lead))
    keep = obs.round < 3 and me.hand_count > 0
    if move.kind == PASS and _passing_wins(obs):
        if them.gems == 1:
            text = lang._("{name} has passed at {score}: press **Pass** to win the match.",
                          **said)
        elif keep and them.gems > 1:
            text = lang.ngettext(
                "{name} has passed at {score}: press **Pass** to win round {round} and keep "
                "your {count} card for later.",
                "{name} has passed at {score}: press **Pass** to win round {round} and keep "
                "your {count} cards for later.", me.hand_count, round=obs.round, **said)
        else:
            text = lang._("{name} has passed at {score}: press **Pass** to win round {round}.",
                          round=obs.round, **said)
        return Hint(AHEAD, text, move,
                    (*passed, Claim(WINS_MATCH, 1) if them.gems == 1
                     else Claim(WINS_ROUND, obs.round),
                     *((Claim(HAND, me.hand_count),) if keep and them.gems > 1 else ())))
    alone = _no_one_card_wins(obs)
    if move.kind == PASS:
        if alone and keep:
            text = lang.ngettext(
                "{name} has passed at {score}, and no single card puts you ahead. Pass and "
                "keep your {count} card for later: losing a round with more cards left is "
                "often the better deal.",
                "{name} has passed at {score}, and no single card puts you ahead. Pass and "
                "keep your {count} cards for later: losing a round with more cards left is "
                "often the better deal.", me.hand_count, **said)
        elif alone:
            text = lang._("{name} has passed at {score}, and no single card puts you ahead. "
                          "Pass: losing a round with more cards left is often the better "
                          "deal.", **said)
        elif keep:
            text = lang.ngettext(
                "{name} has passed at {score}. Pass and keep your {count} card for later: "
                "losing a round with more cards left is often the better deal.",
                "{name} has passed at {score}. Pass and keep your {count} cards for later: "
                "losing a round with more cards left is often the better deal.",
                me.hand_count, **said)
        else:
            return _with_move(BEHIND, lang._("{name} has passed at {score}.", **said), obs,
                              move, lang, passed)
        return Hint(BEHIND, text, move,
                    (*passed, *((Claim(NO_ONE_CARD_WIN, 1),) if alone else ()),
                     *((Claim(HAND, me.hand_count),) if keep else ())))
    effect = _effect(obs, move)
    card = _hand(obs).get(move.card or -1)
    if (effect is not None and lead + effect[0] - effect[1] > 0 and effect[0] > 0 >= effect[1]
            and card is not None and move.kind == PLAY and move.target is None):
        gain, theirs = effect
        named = Name.card(card.card_id)
        if theirs < 0:
            text = lang._("{name} has passed at {score}. **{card}** adds {gain} and takes "
                          "{taken} from them: play it to take the lead with one card, then "
                          "pass.", card=named, gain=gain, taken=-theirs, **said)
        else:
            text = lang._("{name} has passed at {score}. **{card}** adds {gain}: play it to "
                          "take the lead with one card, then pass.", card=named, gain=gain,
                          **said)
        return Hint(BEHIND, text, move, (*passed, Claim(TAKES_LEAD, 1), Claim(MY_GAIN, gain),
                                         Claim(THEIR_GAIN, theirs)))
    text = lang._("{name} has passed at {score}.", **said)
    if me.gems == 1:
        return _with_move(BEHIND, " ".join((text, lang._(
            "This round decides the match, so don't pass: play on until you lead."))),
            obs, move, lang, (*passed, Claim(GEMS, 1)))
    return _with_move(BEHIND, text, obs, move, lang, passed)


def _no_one_card_wins(obs: Observation) -> bool:
    """Whether no single card of the hand puts the viewer ahead."""
    lead = _lead(obs)
    hand = _hand(obs)
    for action in obs.legal:
        if action.kind == PLAY and action.card in hand:
            effect = _effect(obs, action)
            if effect is not None and lead + effect[0] - effect[1] > 0:
                return False
    return True


# ------------------------------------------------------------------ turns and rounds


def _turn(obs: Observation, shown: set[str], move: Action, lang: Language) -> Hint | None:
    if TURN in shown or not _can_pass(obs) or obs.pending is not None:
        return None
    return _with_move(TURN, lang._("Your turn: play one card from the select, or press "
                                   "**Pass**. Passing ends the round for you, and the cards in "
                                   "your hand stay for later rounds. The higher score wins a "
                                   "round; two rounds win the match."), obs, move, lang)


def _round_ahead(obs: Observation, shown: set[str], move: Action, lang: Language
                 ) -> Hint | None:
    """The first decision of round 2 or 3: what this round is for."""
    me, them = _sides(obs)
    if not _can_pass(obs) or obs.round < 2 or obs.pending is not None:
        return None
    if me.gems == 1 and move.kind != PASS and f"{DECIDER}:{obs.round}" not in shown:
        if obs.round == 3:
            text = lang._("Round 3 decides the match: play to win it, and pass only once you "
                          "lead and {name} has passed.", name=them.name)
        else:
            text = lang._("You have one gem left, so this round decides the match: play to "
                          "win it, and pass only once you lead and {name} has passed.",
                          name=them.name)
        return _with_move(DECIDER, text, obs, move, lang, (Claim(GEMS, 1),))
    if them.gems != 1 or me.gems != 2 or f"{ROUND_TWO}:{obs.round}" in shown:
        return None
    hands = (Claim(WON_ROUND, 1), Claim(HAND, me.hand_count),
             Claim(THEIR_HAND, them.hand_count))
    if move.kind == PASS and _must_play_on(obs) and me.hand_count > them.hand_count:
        # i18n: {count} is the reader's number of cards in hand, {theirs} the opponent's
        return Hint(ROUND_TWO,
                    lang.ngettext(
                        "You won round 1: one more round wins the match, so {name} must win "
                        "this one. You hold {count} card to their {theirs}: press **Pass** "
                        "now. To win this round they must play on, spending cards or their "
                        "leader, and you go into round 3 with more cards.",
                        "You won round 1: one more round wins the match, so {name} must win "
                        "this one. You hold {count} cards to their {theirs}: press **Pass** "
                        "now. To win this round they must play on, spending cards or their "
                        "leader, and you go into round 3 with more cards.", me.hand_count,
                        name=them.name, theirs=them.hand_count),
                    move, (*hands, Claim(MUST_PLAY_ON, 1)))
    if move.kind == PASS and _lead(obs) < 0 and me.hand_count > them.hand_count:
        # i18n: {score} is the score, the reader's own first; {count} is the reader's
        # number of cards in hand, {theirs} the opponent's
        return Hint(ROUND_TWO,
                    lang.ngettext(
                        "You won round 1, and {name} leads this round at {score}: press "
                        "**Pass** now, and go into round 3 with your {count} card to their "
                        "{theirs}.",
                        "You won round 1, and {name} leads this round at {score}: press "
                        "**Pass** now, and go into round 3 with your {count} cards to their "
                        "{theirs}.",
                        me.hand_count, name=them.name, score=_score(obs, lang),
                        theirs=them.hand_count),
                    move, (*hands, Claim(LEAD_NOW, _lead(obs))))
    if move.kind == PASS:
        return None
    # i18n: {count} is the reader's number of cards in hand, {theirs} the opponent's
    return _with_move(ROUND_TWO, lang.ngettext(
        "You won round 1: win this round too, and you win the match. You hold {count} card "
        "to their {theirs}.",
        "You won round 1: win this round too, and you win the match. You hold {count} cards "
        "to their {theirs}.", me.hand_count, theirs=them.hand_count), obs, move, lang, hands)


def _passing(obs: Observation, shown: set[str], move: Action, lang: Language) -> Hint | None:
    """Passing while the opponent still plays: say what it leaves them to do."""
    me, them = _sides(obs)
    if move.kind != PASS or them.passed or not _can_pass(obs):
        return None
    lead = _lead(obs)
    said = {"name": them.name, "score": _score(obs, lang)}
    if lead > 0 and obs.round == 1 and me.hand_count > them.hand_count:
        # i18n: {count} is the reader's number of cards in hand, {theirs} the opponent's
        return Hint(LEAD, lang.ngettext(
                        "You lead {score} and hold {count} card to their {theirs}: press "
                        "**Pass**. To win round 1 {name} must play on, spending cards or their "
                        "leader, and you go into the next rounds with more cards.",
                        "You lead {score} and hold {count} cards to their {theirs}: press "
                        "**Pass**. To win round 1 {name} must play on, spending cards or their "
                        "leader, and you go into the next rounds with more cards.",
                        me.hand_count, theirs=them.hand_count, **said),
                    move, (Claim(LEAD_NOW, lead), Claim(HAND, me.hand_count),
                           Claim(THEIR_HAND, them.hand_count), Claim(MUST_PLAY_ON, 1)))
    if lead > 0 and _must_play_on(obs):
        return Hint(LEAD, lang._("You lead {score}: press **Pass**. To win this round {name} "
                                 "must play on, spending cards or their leader.", **said),
                    move, (Claim(LEAD_NOW, lead), Claim(MUST_PLAY_ON, 1)))
    if obs.round < 3 and me.gems == 2 and me.hand_count > 0:
        # i18n: {score} is the score, the reader's own first
        return Hint(LEAD, lang.ngettext(
                        "At {score}, press **Pass** and keep your {count} card for the next "
                        "round.",
                        "At {score}, press **Pass** and keep your {count} cards for the next "
                        "round.", me.hand_count, score=_score(obs, lang)),
                    move, (Claim(LEAD_NOW, lead), Claim(HAND, me.hand_count)))
    return None


# ------------------------------------------------------------------ lessons, once each


def _spy(obs: Observation, shown: set[str], move: Action, lang: Language) -> Hint | None:
    me, them = _sides(obs)
    effect = _effect(obs, move)
    if SPY in shown or not _has(obs, move, "spy") or effect is None or effect[0] != 0:
        return None
    card = _hand(obs)[move.card or -1]
    drawn = min(2, me.deck_count)
    # i18n: a number of points a move adds to a score, as a value in a sentence
    given = lang.npgettext("points on the board", "{count} point", "{count} points", effect[1])
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


def _weather(obs: Observation, shown: set[str], move: Action, lang: Language) -> Hint | None:
    _, them = _sides(obs)
    effect = _effect(obs, move)
    if WEATHER in shown or not _has(obs, move, "weather") or effect is None:
        return None
    if effect[0] > 0 or effect[1] > 0:
        return None
    card = _hand(obs)[move.card or -1]
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


def _clear(obs: Observation, shown: set[str], move: Action, lang: Language) -> Hint | None:
    _, them = _sides(obs)
    effect = _effect(obs, move)
    if CLEAR in shown or not _has(obs, move, "clear_weather") or effect is None:
        return None
    if effect[0] <= 0 or effect[1] < 0:
        return None
    card = _hand(obs)[move.card or -1]
    # i18n: {gain} and {their_gain} are numbers of points ({their_gain} may be "nothing");
    # {name} is the opponent's name
    return Hint(CLEAR, lang._("**{card}** lifts all weather: you get back {gain} and "
                              "{name} {their_gain}. Play it now.",
                              card=Name.card(card.card_id), gain=effect[0], name=them.name,
                              their_gain=_points(effect[1], lang)),
                move, (Claim(MY_GAIN, effect[0]), Claim(THEIR_GAIN, effect[1])))


def _horn(obs: Observation, shown: set[str], move: Action, lang: Language) -> Hint | None:
    effect = _effect(obs, move)
    if HORN in shown or not _has(obs, move, "commanders_horn") or move.row is None:
        return None
    if effect is None or effect[0] <= 0 or effect[1] != 0:
        return None
    card = _hand(obs)[move.card or -1]
    return Hint(HORN, lang._("**{card}** doubles the non-hero units of one of your rows. On "
                             "your {row} row it adds {gain} now: play it there.",
                             card=Name.card(card.card_id), row=row_in_sentence(move.row, lang),
                             gain=effect[0]),
                move, (Claim(MY_GAIN, effect[0]), Claim(THEIR_GAIN, 0)))


def _leader_text(obs: Observation, lang: Language) -> dict[str, object]:
    me, _ = _sides(obs)
    # i18n: {leader} is the reader's leader's name and {text} what its ability does
    return {"leader": Name.card(me.leader.card_id), "text": lang._(me.leader.text)}


def _leader(obs: Observation, shown: set[str], move: Action, lang: Language) -> Hint | None:
    """Using the leader: say what it does and adds."""
    if LEADER_USE in shown or move.kind != LEADER:
        return None
    effect = _effect(obs, move)
    if effect is None or effect[0] <= 0 or effect[1] != 0:
        return None
    return Hint(LEADER_USE, lang._("Your leader, **{leader}**, works once per match: "
                                   "{text} Now it adds {gain}: press **Leader**.",
                                   gain=effect[0], **_leader_text(obs, lang)),
                move, (Claim(MY_GAIN, effect[0]), Claim(THEIR_GAIN, 0)))


def _medic(obs: Observation, shown: set[str], move: Action, lang: Language) -> Hint | None:
    """Playing a medic with a unit to bring back."""
    best = _revivable(obs)
    if MEDIC in shown or not _has(obs, move, "medic") or best is None:
        return None
    card = _hand(obs)[move.card or -1]
    return _with_move(MEDIC, lang._("**{card}** is a medic: it brings a unit back from your "
                                    "discard pile, so you get two units for one card.",
                                    card=Name.card(card.card_id)),
                      obs, move, lang, (Claim(REVIVES, 1),))


# ------------------------------------------------------------------ what to keep for later


def _leader_intro(obs: Observation, shown: set[str], move: Action, lang: Language
                  ) -> Hint | None:
    """The first time the leader could be used, and is not: say what it does and to keep
    it."""
    assert obs.viewer is not None
    use = Action(obs.viewer, LEADER)
    if LEADER_INTRO in shown or move.kind == LEADER or use not in obs.legal:
        return None
    effect = _effect(obs, use)
    said = _leader_text(obs, lang)
    if effect is None:
        return _with_move(LEADER_INTRO, lang._("Your leader, **{leader}**, works once per "
                                               "match: {text} Keep it for a round you must "
                                               "win.", **said), obs, move, lang)
    if effect[0] >= WORTH_A_HORN or effect[1] != 0:
        return None
    if effect[0] > 0:
        text = lang._("Your leader, **{leader}**, works once per match: {text} Now it would "
                      "add only {gain}: keep it for a round you must win, when it adds more.",
                      gain=effect[0], **said)
    else:
        text = lang._("Your leader, **{leader}**, works once per match: {text} Now it would "
                      "add nothing: keep it for a round you must win, when it adds more.",
                      **said)
    return _with_move(LEADER_INTRO, text, obs, move, lang,
                      (Claim(MY_GAIN, effect[0], use), Claim(THEIR_GAIN, 0, use)))


def _medic_intro(obs: Observation, shown: set[str], move: Action, lang: Language
                 ) -> Hint | None:
    """A medic in hand and no good unit to bring back: keep it."""
    best = _revivable(obs)
    strongest = best.base or 0 if best is not None else 0
    medics = [c for c in _hand(obs).values() if "medic" in c.abilities]
    if MEDIC_INTRO in shown or not medics or _has(obs, move, "medic"):
        return None
    if strongest >= WORTH_REVIVING:
        return None
    return _with_move(MEDIC_INTRO, lang._("**{card}** is a medic: it brings a unit back from "
                                          "your discard pile. Yours holds no good unit yet, "
                                          "so keep it for round 2 or 3.",
                                          card=Name.card(medics[0].card_id)),
                      obs, move, lang, (Claim(NO_GOOD_UNIT, 1),))


def _weather_seen(obs: Observation, shown: set[str], move: Action, lang: Language
                  ) -> Hint | None:
    if WEATHER_SEEN in shown or not _can_pass(obs) or not obs.weather:
        return None
    card = obs.weather[0]
    return _with_move(WEATHER_SEEN, lang._("**{card}** is weather: non-hero units on its row "
                                           "are down to 1 on both sides, until Clear Weather "
                                           "or the end of the round.",
                                           card=Name.card(card.card_id)), obs, move, lang)


def _plain(obs: Observation, shown: set[str], move: Action, lang: Language) -> Hint:
    """The move alone, with what it does; a choice of a medic, with why."""
    if obs.pending is not None and obs.pending.kind == MEDIC_CHOICE and move.kind == CHOOSE:
        return _with_move(MOVE, lang._("Your medic brings back one unit from your discard "
                                       "pile."), obs, move, lang)
    return _with_move(MOVE, "", obs, move, lang)


Rule = Callable[[Observation, set[str], Action, Language], Hint | None]
# In order: the first that applies to the move is the hint.
_RULES: tuple[Rule, ...] = (_they_passed, _turn, _round_ahead, _passing, _spy,
                            _clear, _weather, _horn, _leader, _medic, _leader_intro,
                            _medic_intro, _weather_seen, _plain)


def explain(obs: Observation, shown: Iterable[str], move: Action, *,
            lang: Language = ENGLISH_LANGUAGE) -> Hint:
    """The hint that suggests `move` (one of the observation's legal moves), given the
    hints already given (`shown` holds the given_key of each), in a language."""
    given = set(shown)
    if obs.phase != PLAYING:
        return _redraw(obs, given, move, lang) or _plain(obs, given, move, lang)
    for rule in _RULES:
        hint = rule(obs, given, move, lang)
        if hint is not None:
            return hint
    raise AssertionError("the plain hint always applies")


def given_key(hint: Hint, obs: Observation) -> str:
    """The key a hint is remembered by: lessons once, advice at a round's start once per
    round."""
    return f"{hint.key}:{obs.round}" if hint.key in PER_ROUND else hint.key


def learnt(obs: Observation, shown: Iterable[str], move: Action) -> str:
    """The key remembered once the player made `move` at this observation: the given_key
    of the hint that explains it."""
    return given_key(explain(obs, shown, move), obs)


def next_hint(obs: Observation, shown: Iterable[str], *,
              lang: Language = ENGLISH_LANGUAGE) -> Hint | None:
    """The hint for this observation (None when the player has nothing to decide), given
    the hints already given (`shown` holds the given_key of each), in a language."""
    if obs.viewer is None:
        raise ValueError("hints are for a player's own observation")
    move = suggestion(obs)
    return None if move is None else explain(obs, shown, move, lang=lang)


def next_steps(won: bool, *, lang: Language) -> str:
    """The tutorial's last words: what to do next."""
    head = (lang._("You won your first match!") if won
            else lang._("That was your first match; the tutor won this time."))
    return "\n".join([
        lang._("\U0001f393 {head} What next:", head=head),
        lang._("\u2022 `/gwent practice`: play the computer again, at easy, normal or hard."),
        lang._("\u2022 `/gwent challenge opponent:@someone`: play a member of this server."),
        lang._("\u2022 `/gwent deck new`: build a deck of your own.")])
