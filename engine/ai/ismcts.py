"""Information-set Monte Carlo tree search (single observer) for the hard level.

One tree over the acting player's information: its root is the decision at hand, and a
path below it is a sequence of moves by either player, named by what they do (the card
played, the row, the target's card) rather than by card numbers, which differ between
samples. Each iteration samples one world consistent with the observation
(engine.ai.determinize), walks down the tree choosing among the moves legal in that
world (UCB1 with availability counts: a move is judged against the iterations in which
it could be played), adds one node, plays the policy on from there up to the end of that
round and judges the position there with the learned evaluation (engine.ai.value); in
the deciding round the playout runs to the end. Follow-up choices (a Medic's revival, a
leader's pick) are made by the policy inside the tree.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from engine.actions import CHOOSE, LEADER, PLAY, Action
from engine.ai.beliefs import Beliefs
from engine.ai.determinize import determinize
from engine.ai.playout import move_key, playout_copy
from engine.ai.policy import ROLLOUT, SHARP, Eval, Style, choose_action, choose_option
from engine.ai.value import win_chance
from engine.match import Match
from engine.observation import Observation

MAX_STEPS = 400  # safety bound on a playout's length


@dataclass(frozen=True, slots=True)
class Settings:
    """The search's knobs."""

    worlds: int = 48  # distinct samples per decision, used in turn
    explore: float = 0.6  # UCB1 exploration constant (values lie in [0, 1])
    width: int = 6  # moves considered at a node below the root (the policy's ranking)
    horizon: bool = True  # stop playouts at the end of their round and use the evaluation
    rollout: Style = ROLLOUT


class Node:
    """A move in the tree: visits, summed value for the player who made it, availability."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[tuple[object, ...], Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0


def ranked_moves(m: Match, p: int, width: int) -> list[Action]:
    """p's distinct moves, the policy's choice first, then by gain less half the cost;
    pass is always among them."""
    legal = m.legal_actions(p)
    policy = choose_action(m, p, SHARP, random.Random(0))
    ev = Eval(m, p)
    seen: dict[tuple[object, ...], Action] = {}
    for a in legal:
        if a.kind in (PLAY, LEADER):
            seen.setdefault(move_key(m, a), a)
    plays = sorted(seen.values(), key=lambda a: ev.gain(a) - 0.5 * ev.cost(a), reverse=True)
    out = [policy]
    for a in [legal[-2], *plays]:
        if len(out) >= width:
            break
        if a not in out:
            out.append(a)
    if legal[-2] not in out:
        out.append(legal[-2])
    return out


def resolve(m: Match) -> None:
    """Answer pending follow-up choices with the policy."""
    while m.pending is not None and not m.is_over:
        p = m.pending.player
        m.apply(choose_option(m, p, [a for a in m.legal_actions(p) if a.kind == CHOOSE]))


class Tree:
    """The search tree of one decision and the samples it is built on."""

    def __init__(self, obs: Observation, bel: Beliefs, first: Match,
                 candidates: list[Action], settings: Settings, rng: random.Random) -> None:
        self.obs, self.bel, self.settings, self.rng = obs, bel, settings, rng
        self.me = bel.me
        self.worlds = [first]
        self.candidates = candidates
        self.root = Node()
        self.keys = [move_key(first, a) for a in candidates]
        self.iterations = 0
        self.stream = rng.getrandbits(32)

    def child_visits(self) -> list[int]:
        """Visits of each candidate."""
        return [self.root.children[k].visits if k in self.root.children else 0
                for k in self.keys]

    def best(self) -> Action:
        """The most visited candidate (ties: the better value, then the earlier)."""
        def score(i: int) -> tuple[int, float, int]:
            node = self.root.children.get(self.keys[i])
            if node is None:
                return (0, 0.0, -i)
            return (node.visits, node.total / max(node.visits, 1), -i)
        return self.candidates[max(range(len(self.candidates)), key=score)]

    def iterate(self) -> None:
        """Run one iteration: sample, descend, expand, play out, back up."""
        s = self.settings
        k = self.iterations
        if len(self.worlds) < s.worlds:
            self.worlds.append(determinize(self.obs, self.bel, self.rng))
        m = playout_copy(self.worlds[k % len(self.worlds)])
        rng = random.Random(self.stream + k)
        self.iterations += 1
        path: list[tuple[Node, int]] = []
        node = self.root
        moves: list[Action] = self.candidates
        while True:
            p = m.to_act()[0]
            keys = [move_key(m, a) for a in moves]
            fresh = next((i for i, key in enumerate(keys) if key not in node.children), None)
            for key in keys:
                child = node.children.get(key)
                if child is not None:
                    child.avail += 1
            if fresh is not None:
                child = node.children[keys[fresh]] = Node()
                child.avail = 1
                m.apply(moves[fresh])
                resolve(m)
                path.append((child, p))
                break
            best, best_v = 0, -1.0
            for i, key in enumerate(keys):
                c = node.children[key]
                v = c.total / c.visits + s.explore * math.sqrt(
                    math.log(max(c.avail, 1)) / c.visits)
                if v > best_v:
                    best, best_v = i, v
            child = node.children[keys[best]]
            m.apply(moves[best])
            resolve(m)
            path.append((child, p))
            node = child
            if m.is_over:
                break
            q = m.to_act()[0]
            moves = ranked_moves(m, q, s.width)
        value = self.playout(m, rng)
        for n, p in path:
            n.visits += 1
            n.total += value if p == self.me else 1.0 - value

    def playout(self, m: Match, rng: random.Random) -> float:
        """Play the policy on; return my chance to win at the horizon."""
        me = self.me
        rounds = len(m.results)
        steps = 0
        style = self.settings.rollout
        while not m.is_over and steps < MAX_STEPS:
            if self.settings.horizon and len(m.results) > rounds:
                break
            p = m.to_act()[0]
            m.apply(choose_action(m, p, style, rng))
            steps += 1
        return win_chance(m, me)


class TreeSearch:
    """Runs a Tree under a time budget or a fixed number of iterations."""

    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings or Settings()

    def run(self, obs: Observation, bel: Beliefs, first: Match, candidates: list[Action],
            rng: random.Random, budget_ms: int, iterations: int | None) -> Tree:
        """Search until the effort is spent or the most visited move cannot change."""
        tree = Tree(obs, bel, first, candidates, self.settings, rng)
        start = time.perf_counter()
        deadline = start + budget_ms / 1000.0
        n = len(candidates)
        while True:
            done = tree.iterations
            if iterations is not None:
                if done >= iterations:
                    break
            elif done >= n and time.perf_counter() >= deadline:
                break
            if done % 16 == 0 and done >= 2 * n:
                visits = sorted(tree.child_visits(), reverse=True)
                if iterations is not None:
                    left = iterations - done
                else:
                    elapsed = time.perf_counter() - start
                    left = int(done / max(elapsed, 1e-6)
                               * max(deadline - time.perf_counter(), 0.0))
                if visits[0] - visits[1] > left:
                    break
            tree.iterate()
        return tree
