"""Baseline computer players: random and greedy."""

from __future__ import annotations

import random
from typing import Protocol

from engine.actions import CHOOSE, FIRST, FORFEIT, KEEP, LEADER, PASS, PLAY, Action, ActionError
from engine.ai.model import board_model, gain
from engine.observation import Observation
from engine.pending import MEDIC, RESTORE


class Agent(Protocol):
    """Anything that picks one of the observation's legal actions."""

    name: str

    def choose(self, obs: Observation) -> Action:
        """Return one of obs.legal."""
        ...


def _options(obs: Observation) -> list[Action]:
    return [a for a in obs.legal if a.kind != FORFEIT]


class RandomAgent:
    """Picks uniformly among legal actions, never forfeiting."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, obs: Observation) -> Action:
        """Return a random legal action."""
        return self.rng.choice(_options(obs))


class GreedyAgent:
    """Plays the move with the largest immediate gain; passes when ahead after the
    opponent has passed."""

    name = "greedy"

    def choose(self, obs: Observation) -> Action:
        """Return the greedy move."""
        legal = _options(obs)
        assert obs.viewer is not None
        me = obs.viewer
        kinds = {a.kind for a in legal}
        if FIRST in kinds:
            return Action(me, FIRST, target=1 - me)
        if KEEP in kinds:
            return Action(me, KEEP)
        if CHOOSE in kinds:
            assert obs.pending is not None
            if obs.pending.kind not in (MEDIC, RESTORE):
                return legal[0]
            return self._best(obs, legal)
        mine, theirs = obs.sides[me], obs.sides[1 - me]
        moves = [a for a in legal if a.kind in (PLAY, LEADER)]
        if not moves or (theirs.passed and mine.total > theirs.total):
            return Action(me, PASS)
        return self._best(obs, moves)

    def _best(self, obs: Observation, moves: list[Action]) -> Action:
        model = board_model(obs)
        best, best_gain = moves[0], None
        for move in moves:
            try:
                value = gain(model, move)
            except ActionError:
                value = 0
            if best_gain is None or value > best_gain:
                best, best_gain = move, value
        return best


def make_agent(name: str, seed: int = 0) -> Agent:
    """Return an agent by level name."""
    if name == "random":
        return RandomAgent(seed)
    if name == "greedy":
        return GreedyAgent()
    raise ValueError(f"unknown agent {name!r}; choose random or greedy")
