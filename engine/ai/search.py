"""The hard level: my move, the opponent's likely reply, judged by the learned evaluation.

Hidden cards are handled by determinization: each world is one complete match sampled from
what the player knows (engine.ai.determinize: the opponent's hand and deck drawn from a
prior consistent with the observation, the player's own deck in a random order). My
candidate moves are the same in every world (they depend only on my hand and the public
board), so their statistics are merged across worlds at the root, by my observation. In
a world, a candidate is played, the opponent answers with the move the evaluation likes
best from their side (the normal level's own rule, engine.ai.lookahead: in that world
their hand is known), and the position after the reply is judged from my side. When the
opponent has passed, or passes in reply, the round is in my hands: my best next move by
the same rule is judged instead, so passing, card advantage and who leads into the next
round are weighed on positions the evaluation judges surely.

Candidates are my moves that the one-move lookahead likes best, and passing. Worlds are
added one at a time, each judging every candidate still in the running; after every few
worlds the weakest third of them drops out (the candidates are compared on the same
worlds). The move played has the best mean. The effort is a wall-clock budget per
decision, whose deadline is checked before every judged (world, move) pair, the first
world's too (out of time, the lookahead's best is played), or a fixed number of judged
pairs (reproducible on any machine).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from engine.actions import PASS, Action
from engine.ai.agents import pre_play
from engine.ai.beliefs import Beliefs, beliefs
from engine.ai.determinize import determinize
from engine.ai.lookahead import after, move_values
from engine.ai.policy import SHARP, choose_action
from engine.ai.value import win_chance
from engine.decks import Deck
from engine.match import Match
from engine.observation import Observation
from engine.pending import MEDIC

WORLDS = 48  # at most this many sampled worlds per decision
CANDIDATES = 6  # moves searched besides passing, the lookahead's best first
DROP_EVERY = 3  # worlds between two cuts of the weakest candidates

Sampler = Callable[[Observation, Beliefs, random.Random], Match]


def my_best(m: Match, me: int) -> float:
    """My chance to win when I am to move: the best of my moves by the lookahead."""
    return max(v for _, v in move_values(m, me))


def reply_value(m: Match, a: Action, me: int) -> float:
    """My chance to win after move a and the opponent's best answer to it."""
    c = after(m, a)
    if c.is_over:
        return win_chance(c, me)
    if c.pending is None and c.to_act()[0] == me:
        return my_best(c, me)  # the opponent has passed: I move again
    q = c.to_act()[0]
    reply = max(move_values(c, q), key=lambda av: av[1])[0]
    d = after(c, reply)
    if not d.is_over and d.pending is None and d.current == me and d.sides[q].passed:
        return my_best(d, me)
    return win_chance(d, me)


def candidates(m: Match, me: int) -> list[Action]:
    """My moves worth searching: the lookahead's best few, and passing."""
    ranked = sorted(move_values(m, me), key=lambda av: av[1], reverse=True)
    out = [a for a, _ in ranked if a.kind != PASS][:CANDIDATES]
    pass_ = Action(me, PASS)
    return [*out, pass_] if pass_ in m.legal_actions(me) else out


def search(obs: Observation, bel: Beliefs, first: Match, moves: list[Action],
           rng: random.Random, deadline: float, iterations: int | None,
           sample: Sampler = determinize) -> Action:
    """Return the move with the best mean value over the worlds sampled within the effort:
    until the deadline (time.perf_counter()), or a fixed number of judged (world, move)
    pairs."""
    me = bel.me
    n = len(moves)
    totals = [0.0] * n
    counts = [0] * n
    alive = list(range(n))
    done = 0
    for k in range(WORLDS):
        world = first if k == 0 else sample(obs, bel, rng)
        for i in alive:
            if iterations is not None and done >= iterations:
                break
            if iterations is None and done > 0 and time.perf_counter() >= deadline:
                break
            totals[i] += reply_value(world, moves[i], me)
            counts[i] += 1
            done += 1
        else:
            if (k + 1) % DROP_EVERY == 0 and len(alive) > 2:
                alive.sort(key=lambda i: totals[i] / counts[i], reverse=True)
                alive = alive[:max(2, len(alive) - len(alive) // 3)]
            continue
        break
    # The candidates still in the running saw the same worlds (the last one perhaps not
    # whole, when the effort ran out in the middle of it; when it ran out in the first
    # world, only the candidates judged there compete, the lookahead's best first).
    best = max((i for i in alive if counts[i]), key=lambda i: (totals[i] / counts[i], -i))
    return moves[best]


class SearchAgent:
    """Searches my move and the opponent's reply over sampled worlds (see the module)."""

    def __init__(self, name: str = "hard", seed: int = 0, deck: Deck | None = None,
                 budget_ms: int = 400, iterations: int | None = None,
                 sample: Sampler = determinize) -> None:
        """`sample` draws the worlds searched; measuring tools may give it the true match."""
        self.name = name
        self.seed = seed
        self.deck = deck
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.sample = sample

    def choose(self, obs: Observation) -> Action:
        """Return the searched move."""
        deadline = time.perf_counter() + self.budget_ms / 1000.0
        early = pre_play(obs, self.deck)
        if early is not None:
            return early
        assert obs.viewer is not None
        me = obs.viewer
        rng = random.Random(f"{self.seed}/{obs.action_count}")
        bel = beliefs(obs, self.deck)
        first = self.sample(obs, bel, rng)
        if first.pending is not None and first.pending.kind != MEDIC:
            return choose_action(first, me, SHARP, rng)  # a leader's pick: the policy's
        moves = candidates(first, me)
        if len(moves) == 1:
            return moves[0]
        return search(obs, bel, first, moves, rng, deadline, self.iterations, self.sample)
