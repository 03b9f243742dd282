"""Checks a tutorial hint against the match it was shown in: is its move as good as the hard
search's best, and does every fact of its text hold?

The judge is the hard level's search (engine.ai.search): each move is played in sampled
worlds, the opponent answers, and the position is judged by the learned evaluation. Here
hard's candidates and the hinted move are judged in the same worlds, all of them in every
world (no cuts). The worlds are drawn from the player's own observation (what a hint may
know) with their own seed, WORLDS of them, and more (up to MORE_WORLDS) while the hinted
move looks worse than the margin allows; with `oracle` the one world is the real match
(the opponent's hand and both decks as they are). Before round 1 hard does not search: a
redraw hint is right when it makes hard's redraw choice (engine.ai.agents.redraw_choice).

The facts: every claim a hint lists holds in the real match, and the English words say
what the claims say: each phrase of PHRASES is in the text exactly when its claim is listed,
and every number in the text is a claim's (or a round's, or the score's).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from bot.learn.glossary import score
from bot.learn.tutorial import (
    DRAWS,
    GEMS,
    HAND,
    LEAD_NOW,
    MUST_PLAY_ON,
    MY_GAIN,
    NO_CHANGE,
    NO_GOOD_UNIT,
    NO_ONE_CARD_WIN,
    REDRAWS,
    REVIVES,
    TAKES_LEAD,
    THEIR_GAIN,
    THEIR_HAND,
    THEY_PASSED,
    WINS_MATCH,
    WINS_ROUND,
    WON_ROUND,
    WORTH_REVIVING,
    Claim,
    Hint,
)
from engine import Action, Deck, Match, Observation
from engine.actions import PLAY
from engine.ai.agents import redraw_choice
from engine.ai.beliefs import beliefs
from engine.ai.determinize import determinize
from engine.ai.playout import move_key
from engine.ai.search import candidates, reply_value
from engine.ai.value import wins_ties
from engine.observation import MULLIGAN as MULLIGAN_PHASE

# A hinted move is right when the search rates it at most this much (a chance to win the
# match) below its best.
MARGIN = 0.05
WORLDS = 8  # sampled worlds per judged state, at first
MORE_WORLDS = 32  # the most, while a hinted move looks worse than the margin allows

# The phrase of the English text that states each kind of claim.
PHRASES = {
    THEY_PASSED: r"has passed at",
    NO_ONE_CARD_WIN: r"no single card puts you ahead",
    TAKES_LEAD: r"take the lead",
    WINS_MATCH: r"\*\*Pass\*\* to win the match",
    WINS_ROUND: r"\*\*Pass\*\* to win round",
    MUST_PLAY_ON: r"must play on|must spend cards|spend cards to win",
    DRAWS: r"you draw \d",
    WON_ROUND: r"You won round",
    GEMS: r"decides the match",
    HAND: r"(hold|keep your|with your) \d+ cards?",
    THEIR_HAND: r"to their \d+",
    REVIVES: r"two units for one card",
    NO_CHANGE: r"changes no score",
    NO_GOOD_UNIT: r"no good unit",
    REDRAWS: r"Redraw \*\*|press \*\*Keep this hand\*\*",
}
# Claims whose value is 1 (the words are true or false, with no number).
YES_OR_NO = (THEY_PASSED, NO_ONE_CARD_WIN, TAKES_LEAD, WINS_MATCH, MUST_PLAY_ON, REDRAWS,
             REVIVES, NO_GOOD_UNIT, NO_CHANGE)
# Claims whose value the text writes as a number.
NUMBERS = (MY_GAIN, THEIR_GAIN, HAND, THEIR_HAND, DRAWS)
# Numbers a text may hold without a claim: round numbers, and weather's "down to 1".
FREE_NUMBERS = re.compile(r"[Rr]ounds? \d( or \d)?|to 1\b")


@dataclass(frozen=True)
class Verdict:
    """How the search rates a hinted move: the best move's value and the hinted one's."""

    best: Action
    best_value: float
    value: float
    worlds: int

    @property
    def right(self) -> bool:
        """True when the hinted move is within MARGIN of the best."""
        return self.value >= self.best_value - MARGIN


def judge(hint_move: Action, obs: Observation, match: Match, deck: Deck, *,
          worlds: int = WORLDS, more: int = MORE_WORLDS, oracle: bool = False) -> Verdict:
    """The search's verdict on a hinted move in the playing phase."""
    assert obs.viewer is not None
    me = obs.viewer
    bel = beliefs(obs, deck)
    rng = random.Random(f"judge/{match.seed}/{obs.action_count}")
    first = match if oracle else determinize(obs, bel, rng)
    moves = candidates(first, me)
    keys = [move_key(first, a) for a in moves]
    hinted = move_key(first, hint_move)
    if hinted not in keys:
        moves.append(hint_move)
        keys.append(hinted)
    h = keys.index(hinted)
    totals = [0.0] * len(moves)
    n = 0
    while True:
        world = first if n == 0 else determinize(obs, bel, rng)
        for i, a in enumerate(moves):
            totals[i] += reply_value(world, a, me)
        n += 1
        best = max(range(len(moves)), key=lambda i: (totals[i], -i))
        verdict = Verdict(moves[best], totals[best] / n, totals[h] / n, n)
        if oracle or (n >= worlds and (verdict.right or n >= more)):
            return verdict


def _after(match: Match, me: int, move: Action) -> tuple[bool, tuple[int, int], Match]:
    """Whether the move ends the round, how it changes (my, their) score, and the match
    after it."""
    after = match.clone()
    rounds = len(after.results)
    before = match.total(me), match.total(1 - me)
    after.apply(move)
    ended = len(after.results) > rounds
    now = after.results[rounds][0] if ended else (after.total(0), after.total(1))
    return ended, (now[me] - before[0], now[1 - me] - before[1]), after


def claim_holds(claim: Claim, hint: Hint, obs: Observation, match: Match, deck: Deck
                ) -> bool:
    """Whether the claim holds in the real match the hint was made in."""
    assert obs.viewer is not None
    me = obs.viewer
    mine, theirs = match.sides[me], match.sides[1 - me]
    lead = match.total(me) - match.total(1 - me)
    value = claim.value
    move = claim.move or hint.move
    if claim.what == LEAD_NOW:
        return value == lead
    if claim.what == HAND:
        return value == len(mine.hand)
    if claim.what == THEIR_HAND:
        return value == len(theirs.hand)
    if claim.what == THEY_PASSED:
        return theirs.passed and value == 1
    if claim.what == WON_ROUND:
        return len(match.results) >= value and match.results[value - 1][1] == me
    if claim.what == GEMS:
        return mine.gems == value
    if claim.what == MUST_PLAY_ON:
        ties = lead == 0 and not wins_ties(match, 1 - me)
        return value == 1 and not theirs.passed and (lead > 0 or ties)
    if claim.what in (REVIVES, NO_GOOD_UNIT):
        units = [match.cards[u] for u in mine.grave]
        dead = [c.strength for c in units
                if c.type == "unit" and not c.hero and "spy" not in c.abilities]
        if claim.what == REVIVES:
            return value == 1 and bool(dead)
        return value == 1 and max(dead, default=0) < WORTH_REVIVING
    if claim.what == NO_ONE_CARD_WIN:
        for play in match.legal_actions(me):
            if play.kind == PLAY:
                _, gains, _ = _after(match, me, play)
                if lead + gains[0] - gains[1] > 0:
                    return False
        return value == 1
    if claim.what == REDRAWS:
        return value == 1 and hint.move == redraw_choice(obs, deck)
    if move is None:
        return False
    ended, gains, after = _after(match, me, move)
    if claim.what == MY_GAIN:
        return value == gains[0]
    if claim.what == THEIR_GAIN:
        return value == gains[1]
    if claim.what == DRAWS:
        return len(after.sides[me].hand) == len(mine.hand) - 1 + value
    if claim.what == NO_CHANGE:
        return value == 1 and gains == (0, 0)
    if claim.what == TAKES_LEAD:
        return value == 1 and lead + gains[0] - gains[1] > 0
    if claim.what == WINS_ROUND:
        return ended and value == match.round and after.results[-1][1] == me
    if claim.what == WINS_MATCH:
        return value == 1 and after.is_over and after.winner == me
    raise AssertionError(f"unknown claim {claim}")


def wording(hint: Hint, obs: Observation, match: Match, deck: Deck) -> list[str]:
    """Where the English words and the claims disagree: a phrase without its claim (false
    in the match, when it can be told) or a claim without its phrase, or a number no claim,
    round or score accounts for."""
    assert obs.viewer is not None
    text = hint.text.replace(score(obs.sides[obs.viewer].total,
                                   obs.sides[1 - obs.viewer].total), " SCORE ")
    kinds = {c.what for c in hint.claims}
    found = []
    for kind, phrase in PHRASES.items():
        said = re.search(phrase, text) is not None
        if said and kind not in kinds:
            implied = Claim(kind, 1)
            false = kind in YES_OR_NO and not claim_holds(implied, hint, obs, match, deck)
            found.append(f"{kind}: words without a claim{', and false' if false else ''}")
        elif kind in kinds and not said:
            found.append(f"{kind}: a claim without its words")
    if ("SCORE" in text) != (LEAD_NOW in kinds):
        found.append(f"{LEAD_NOW}: the score and its claim disagree")
    values = {abs(c.value) for c in hint.claims}
    numbers = {int(n) for n in re.findall(r"\d+", FREE_NUMBERS.sub("", text))}
    found += [f"the number {n} is no claim's" for n in sorted(numbers - values)]
    found += [f"{c.what}: {c.value} is not in the words" for c in hint.claims
              if c.what in NUMBERS and c.value and abs(c.value) not in numbers]
    return found


@dataclass
class Figures:
    """What a batch of hints came to: moves judged and right, claims checked and held, and
    each problem found."""

    moves: int = 0
    right: int = 0
    claims: int = 0
    held: int = 0
    without_move: int = 0
    problems: list[str] = field(default_factory=list)

    def add(self, other: Figures) -> None:
        """Add another batch's figures."""
        self.moves += other.moves
        self.right += other.right
        self.claims += other.claims
        self.held += other.held
        self.without_move += other.without_move
        self.problems += other.problems


def check(hint: Hint, obs: Observation, match: Match, deck: Deck, *,
          oracle: bool = False, moves: bool = True) -> Figures:
    """Check one hint: its move (unless `moves` is False), its claims and its words."""
    out = Figures()
    where = f"round {obs.round}, {hint.key}: {hint.text}"
    if hint.move is None:
        out.without_move += 1
        out.problems.append(f"no move: {where}")
    elif moves and hint.move not in match.legal_actions(hint.move.player):
        out.problems.append(f"an illegal move: {where}")
    elif moves:
        out.moves += 1
        if obs.phase == MULLIGAN_PHASE:
            right = hint.move == redraw_choice(obs, deck)
            detail = "not hard's redraw choice"
        else:
            verdict = judge(hint.move, obs, match, deck, oracle=oracle)
            right = verdict.right
            detail = (f"{verdict.value:.2f} against {verdict.best_value:.2f} for "
                      f"{verdict.best} over {verdict.worlds} worlds")
        out.right += right
        if not right:
            out.problems.append(f"the move {hint.move} is {detail}: {where}")
    for claim in hint.claims:
        out.claims += 1
        if claim_holds(claim, hint, obs, match, deck):
            out.held += 1
        else:
            out.problems.append(f"false claim {claim}: {where}")
    out.problems += [f"{problem}: {where}" for problem in wording(hint, obs, match, deck)]
    return out
