"""Two-move search: each move of mine, the opponent's likely reply, judged by the evaluation.

Over sampled worlds (engine.ai.determinize), each candidate move is played, the opponent
answers with the move the learned evaluation likes best from their side (the normal
level's own rule, engine.ai.lookahead), and the position after the reply is judged from
my side. When the opponent has passed, the reply is my own best next move instead.
"""

from __future__ import annotations

import random
import time

from engine.actions import Action
from engine.ai.beliefs import Beliefs
from engine.ai.determinize import determinize
from engine.ai.lookahead import after, move_values
from engine.ai.value import win_chance
from engine.match import Match
from engine.observation import Observation

WORLDS = 64


def reply_value(m: Match, a: Action, me: int) -> float:
    """My chance to win after move a and the best answer to it (by the evaluation)."""
    c = after(m, a)
    if c.is_over:
        return win_chance(c, me)
    q = c.to_act()[0]
    values = move_values(c, q)
    if q == me:
        return max(v for _, v in values)
    reply = max(values, key=lambda av: av[1])[0]
    return win_chance(after(c, reply), me)


def search(obs: Observation, bel: Beliefs, first: Match, candidates: list[Action],
           rng: random.Random, budget_ms: int, iterations: int | None) -> Action:
    """Return the candidate with the best mean value over the worlds sampled in the effort
    (`iterations` counts move evaluations)."""
    me = bel.me
    deadline = time.perf_counter() + budget_ms / 1000.0
    n = len(candidates)
    totals = [0.0] * n
    counts = [0] * n
    worlds = [first]
    done = 0
    alive = list(range(n))
    k = 0
    while True:
        if iterations is not None and done >= iterations:
            break
        if iterations is None and k > 0 and time.perf_counter() >= deadline:
            break
        if k >= len(worlds):
            if len(worlds) >= WORLDS:
                break
            worlds.append(determinize(obs, bel, rng))
        for i in alive:
            totals[i] += reply_value(worlds[k], candidates[i], me)
            counts[i] += 1
            done += 1
        k += 1
        if k % 4 == 0 and len(alive) > 2:
            # Drop the worst third of the moves still in the running.
            alive.sort(key=lambda i: totals[i] / counts[i], reverse=True)
            alive = alive[:max(2, len(alive) - len(alive) // 3)]
    best = max(range(n), key=lambda i: (counts[i], totals[i] / max(counts[i], 1)))
    return candidates[best]
