"""The hard level: determinized Monte Carlo search over the policy.

Hidden information is handled by determinization: each sample is one complete match drawn
from what the player knows (engine.ai.determinize: the opponent's hand and deck drawn from a
catalogue prior consistent with the observation, the player's own deck in a random order).
The player's candidate moves are identical in every sample, since they depend only on the
player's own hand and the public board, so statistics are shared across samples at the root
(information-set search at depth one). A candidate is valued by playing it in a sample and
playing the match out with the fast, slightly randomized policy for both players; the result
(win 1, draw 1/2, loss 0) is the value.

The candidates are compared by sequential halving over paired samples: every surviving
candidate is played in the same sample with the same playout seed, the worse half is dropped
at intervals, and the search stops early once the leader is clearly ahead. The effort is a
wall-clock budget per decision, or a fixed number of playouts (reproducible on any machine).
"""

from __future__ import annotations

import random
import time

from engine.actions import FORFEIT, LEADER, PASS, PLAY, Action
from engine.ai.agents import pre_play
from engine.ai.beliefs import Beliefs, beliefs
from engine.ai.determinize import determinize
from engine.ai.policy import ROLLOUT, SHARP, Eval, Style, choose_action
from engine.decks import Deck
from engine.match import Match
from engine.observation import Observation
from engine.pending import MEDIC

MAX_CANDIDATES = 9  # moves searched at the root (the policy's ranking picks them)
FIRST_CUT = 4  # sweeps before the first halving
MIN_SWEEPS = 8  # samples per candidate before the search may end early
CONFIDENCE = 2.0  # standard errors by which the leader must beat every other survivor
MAX_STEPS = 400  # safety bound on a playout's length


class PlayoutMatch(Match):
    """A match for playouts: the same rules, without the event log (nobody reads it)."""

    def _log(self, *args: object, **kwargs: object) -> None:
        pass

    def _tag_delta(self, *args: object) -> None:
        pass


def playout_copy(m: Match) -> Match:
    """Return a copy of the match that skips the event log."""
    c = m.clone()
    c.__class__ = PlayoutMatch
    c.events = []
    return c


def outcome(m: Match, me: int) -> float:
    """1 for a win, 0.5 for a draw, 0 for a loss (an unfinished match counts as a draw)."""
    if not m.is_over or m.winner is None:
        return 0.5
    return 1.0 if m.winner == me else 0.0


def playout(m: Match, me: int, style: Style, rng: random.Random) -> float:
    """Play the match to its end with the policy for both players; return me's result."""
    steps = 0
    while not m.is_over and steps < MAX_STEPS:
        p = m.to_act()[0]
        m.apply(choose_action(m, p, style, rng))
        steps += 1
    return outcome(m, me)


def _key(m: Match, a: Action) -> tuple[object, ...]:
    """Moves that do the same thing (copies of a card, equal decoy targets) share a key."""
    card = m.card_ids[a.card] if a.card is not None else None
    target = m.card_ids[a.target] if a.target is not None else None
    return (a.kind, card, a.row, target)


class SearchAgent:
    """Determinized Monte Carlo search with a policy prior and policy playouts."""

    def __init__(self, name: str = "hard", seed: int = 0, deck: Deck | None = None,
                 budget_ms: int = 800, iterations: int | None = None) -> None:
        self.name = name
        self.seed = seed
        self.deck = deck
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.last_iterations = 0

    def choose(self, obs: Observation) -> Action:
        """Return the searched move."""
        self.last_iterations = 0
        early = pre_play(obs, self.deck)
        if early is not None:
            return early
        assert obs.viewer is not None
        me = obs.viewer
        rng = random.Random(f"{self.seed}/{obs.action_count}")
        bel = beliefs(obs, self.deck)
        first = determinize(obs, bel, rng)
        candidates = self._candidates(first, me, obs, rng)
        if len(candidates) == 1:
            return candidates[0]
        return self._search(obs, bel, first, candidates, rng)

    def _candidates(self, m: Match, me: int, obs: Observation,
                    rng: random.Random) -> list[Action]:
        """The root moves: one per distinct effect, the best few by the policy's ranking."""
        legal = [a for a in obs.legal if a.kind != FORFEIT]
        seen: dict[tuple[object, ...], Action] = {}
        for a in legal:
            seen.setdefault(_key(m, a), a)
        moves = list(seen.values())
        policy = choose_action(m, me, SHARP, random.Random(0))
        if m.pending is not None:
            if m.pending.kind != MEDIC:
                return [policy]  # a leader's pick: the policy's judgement is enough
            others = [a for a in moves if a != policy]
            return [policy, *others][:MAX_CANDIDATES]
        ev = Eval(m, me)
        opp_passed = m.sides[1 - me].passed
        if opp_passed and ev.ahead(ev.lead) and policy.kind == PASS:
            return [policy]  # passing wins the round for free
        plays = [a for a in moves if a.kind in (PLAY, LEADER)]
        plays.sort(key=lambda a: ev.gain(a) - 0.5 * ev.cost(a), reverse=True)
        chosen = [policy]
        for a in [Action(me, PASS), *plays]:
            if len(chosen) >= MAX_CANDIDATES:
                break
            if a not in chosen and a in legal:
                chosen.append(a)
        return chosen

    def _search(self, obs: Observation, bel: Beliefs, first: Match,
                candidates: list[Action], rng: random.Random) -> Action:
        """Return the candidate with the best mean over paired samples, halving the field."""
        me = bel.me
        deadline = time.perf_counter() + self.budget_ms / 1000.0
        alive = list(range(len(candidates)))
        results: list[list[float]] = [[] for _ in candidates]
        world = first
        done = sweeps = 0
        cut = FIRST_CUT
        limit = self.iterations
        while len(alive) > 1:
            if sweeps > 0 and (time.perf_counter() >= deadline if limit is None
                               else done + len(alive) > limit):
                break
            if sweeps > 0:
                world = determinize(obs, bel, rng)
            seed = rng.getrandbits(32)
            for i in alive:
                m = playout_copy(world)
                m.apply(candidates[i])
                results[i].append(playout(m, me, ROLLOUT, random.Random(seed)))
            done += len(alive)
            sweeps += 1
            alive.sort(key=lambda i: (-sum(results[i]), i))
            if sweeps == cut:
                cut *= 2
                alive = alive[:max(2, len(alive) // 2)]
            if sweeps >= MIN_SWEEPS and all(_settled(results[alive[0]], results[j])
                                            for j in alive[1:]):
                break
        self.last_iterations = done
        return candidates[alive[0]]


def _settled(mine: list[float], other: list[float]) -> bool:
    """True when `other` is clearly worse than `mine`, or equal in every paired sample."""
    return mine == other or _clearly_better(mine, other)


def _clearly_better(mine: list[float], other: list[float]) -> bool:
    """True when paired samples put `mine` above `other` beyond two standard errors."""
    n = len(mine)
    diffs = [a - b for a, b in zip(mine, other, strict=True)]
    mean = sum(diffs) / n
    spread = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > 0 and mean * mean * n > CONFIDENCE * CONFIDENCE * spread
