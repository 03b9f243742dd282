"""The hard level: determinized Monte Carlo search over the policy.

Hidden information is handled by determinization: each iteration takes one complete match
sampled from what the player knows (engine.ai.determinize: the opponent's hand and deck
drawn from a catalogue prior consistent with the observation, the player's own deck in a
random order). The player's candidate moves are identical in every sample, since they
depend only on the player's own hand and the public board, so statistics are shared across
samples at the root (information-set search at depth one). Each iteration picks a move by
UCB1, plays it in the sample and plays the match out with the fast, slightly randomized
policy for both players; the result (win 1, draw 1/2, loss 0) is the value. Every move's
k-th playout uses the same world and random stream, so moves are compared on equal luck.

The move played is the most visited. The effort is a wall-clock budget per decision, or a
fixed number of iterations (reproducible on any machine).
"""

from __future__ import annotations

import math
import random
import time

from engine.actions import FORFEIT, LEADER, PASS, PLAY, Action
from engine.ai.agents import pre_play
from engine.ai.beliefs import Beliefs, beliefs
from engine.ai.determinize import determinize
from engine.ai.ismcts import Settings, TreeSearch
from engine.ai.playout import move_key, playout, playout_copy
from engine.ai.policy import ROLLOUT, SHARP, Eval, choose_action
from engine.decks import Deck
from engine.match import Match
from engine.observation import Observation
from engine.pending import MEDIC

WORLDS = 32  # distinct determinizations per decision, reused in turn by every move
MAX_CANDIDATES = 9  # moves searched at the root (the policy's ranking picks them)
EXPLORE = 0.6  # UCB1 exploration constant (values lie in [0, 1])


class SearchAgent:
    """Determinized Monte Carlo search with a policy prior and policy playouts."""

    def __init__(self, name: str = "hard", seed: int = 0, deck: Deck | None = None,
                 budget_ms: int = 450, iterations: int | None = None,
                 tree: Settings | None = None, reply: bool = False) -> None:
        self.tree = tree
        self.reply = reply
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
        if self.reply:
            from engine.ai.reply import search as reply_search
            return reply_search(obs, bel, first, candidates, rng, self.budget_ms,
                                self.iterations)
        if self.tree is not None:
            t = TreeSearch(self.tree).run(obs, bel, first, candidates, rng, self.budget_ms,
                                          self.iterations)
            self.last_iterations = t.iterations
            return t.best()
        return self._search(obs, bel, first, candidates, rng)

    def _candidates(self, m: Match, me: int, obs: Observation,
                    rng: random.Random) -> list[Action]:
        """The root moves: one per distinct effect, the best few by the policy's ranking."""
        legal = [a for a in obs.legal if a.kind != FORFEIT]
        seen: dict[tuple[object, ...], Action] = {}
        for a in legal:
            seen.setdefault(move_key(m, a), a)
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
        me = bel.me
        start = time.perf_counter()
        deadline = start + self.budget_ms / 1000.0
        worlds = [first]
        n = len(candidates)
        visits = [0] * n
        totals = [0.0] * n
        # The policy's own move starts with a small head start (a prior worth 2 visits).
        visits[0], totals[0] = 2, 1.2
        done = 0
        # Every move is played out on the same samples: the k-th playout of any move
        # uses world k and the k-th random stream, so moves are compared on the same
        # hidden cards and the same luck, and their difference is less noisy.
        played = [0] * n
        stream = rng.getrandbits(32)
        limit = self.iterations
        while True:
            if limit is not None:
                if done >= limit:
                    break
            elif done >= n and time.perf_counter() >= deadline:
                break
            if done % 16 == 0 and done >= 2 * n and self._settled(visits, done, start, deadline):
                break
            i = self._select(visits, totals, done, n)
            k = played[i]
            if len(worlds) < WORLDS and k >= len(worlds):
                worlds.append(determinize(obs, bel, rng))
            m = playout_copy(worlds[k % len(worlds)])
            m.apply(candidates[i])
            value = playout(m, me, ROLLOUT, random.Random(stream + k))
            played[i] += 1
            visits[i] += 1
            totals[i] += value
            done += 1
        self.last_iterations = done
        best = max(range(n), key=lambda i: (visits[i], totals[i] / max(visits[i], 1), -i))
        return candidates[best]

    def _settled(self, visits: list[int], done: int, start: float, deadline: float) -> bool:
        """True when the most visited move cannot be overtaken in the effort left."""
        order = sorted(visits, reverse=True)
        if len(order) < 2:
            return True
        if self.iterations is not None:
            left = self.iterations - done
        else:
            elapsed = time.perf_counter() - start
            left = int(done / max(elapsed, 1e-6) * max(deadline - time.perf_counter(), 0.0))
        return order[0] - order[1] > left

    @staticmethod
    def _select(visits: list[int], totals: list[float], done: int, n: int) -> int:
        for i in range(n):
            if visits[i] == 0:
                return i
        log_n = math.log(sum(visits))
        best_i, best_v = 0, -1.0
        for i in range(n):
            v = totals[i] / visits[i] + EXPLORE * math.sqrt(log_n / visits[i])
            if v > best_v:
                best_i, best_v = i, v
        return best_i
