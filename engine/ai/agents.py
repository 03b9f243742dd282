"""Computer players. Each decides from an observation (and its own deck list) only.

Levels:
    random   uniformly random legal moves (baseline);
    greedy   the largest immediate score gain; passes when ahead after the opponent passed
             (baseline);
    easy     a simple heuristic: mostly the biggest gain, some random slips, naive passing;
    normal   a one-move lookahead judged by an evaluation learned from self-play
             (engine.ai.lookahead, engine.ai.value); redraws and follow-up choices by the
             hand-written policy of engine.ai.policy;
    hard     a search of its move and the opponent's likely reply over sampled hidden
             cards, judged by the same evaluation (engine.ai.search).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from engine.actions import (
    CHOOSE,
    FIRST,
    FORFEIT,
    KEEP,
    LEADER,
    MULLIGAN,
    PASS,
    PLAY,
    Action,
    ActionError,
)
from engine.ai.beliefs import beliefs
from engine.ai.determinize import determinize
from engine.ai.lookahead import choose_lookahead
from engine.ai.model import board_model, gain
from engine.ai.policy import SHARP, Eval, choose_action, worth
from engine.cards import catalogue
from engine.decks import Deck
from engine.observation import CHOOSE_FIRST, Observation
from engine.observation import MULLIGAN as MULLIGAN_PHASE
from engine.pending import MEDIC, RESTORE


class Agent(Protocol):
    """Anything that picks one of the observation's legal actions."""

    name: str

    def choose(self, obs: Observation) -> Action:
        """Return one of obs.legal."""
        ...


@dataclass(frozen=True, slots=True)
class Level:
    """A difficulty level and its per-decision time budget."""

    name: str
    budget_ms: int
    description: str


LEVELS = {
    "random": Level("random", 0, "uniformly random legal moves"),
    "greedy": Level("greedy", 0, "largest immediate gain; passes when ahead after a pass"),
    "easy": Level("easy", 50, "simple heuristic with random slips"),
    "normal": Level("normal", 150, "one-move lookahead judged by a learned evaluation"),
    "hard": Level("hard", 400, "search of its move and the reply over sampled hidden cards"),
}


def _options(obs: Observation) -> list[Action]:
    return [a for a in obs.legal if a.kind != FORFEIT]


class RandomAgent:
    """Picks uniformly among legal actions, never forfeiting."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, obs: Observation) -> Action:
        """Return a random legal action."""
        legal = _options(obs)
        if not legal:
            raise ValueError("the player has nothing to decide now")
        return self.rng.choice(legal)


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


# ------------------------------------------------------------------ shared decisions


def first_choice(obs: Observation) -> Action:
    """Scoia'tael choosing who goes first: let the opponent start (the last word matters)."""
    assert obs.viewer is not None
    return Action(obs.viewer, FIRST, target=1 - obs.viewer)


def redraw_choice(obs: Observation, deck: Deck | None) -> Action:
    """Redraw the weakest card of the hand if a random deck card is likely better.

    A card is dead weight when another card in hand would muster it anyway, or when it
    duplicates a weather card already held.
    """
    assert obs.viewer is not None
    me = obs.viewer
    keep = Action(me, KEEP)
    redraws = [a for a in obs.legal if a.kind == MULLIGAN]
    if not redraws:
        return keep
    cat = catalogue()
    hand = sorted(obs.sides[me].hand or (), key=lambda v: v.uid)
    values: dict[int, float] = {}
    held_weather: set[str] = set()
    for i, v in enumerate(hand):
        c = cat.card(v.card_id)
        value = worth(c.id)
        group = c.muster_group
        if group is not None and any(
                cat.card(w.card_id).musters == group
                and (cat.card(w.card_id).muster_group != group or j < i)
                for j, w in enumerate(hand) if j != i):
            value = 0.5
        if c.type == "weather":
            if c.id in held_weather:
                value = 1.0
            held_weather.add(c.id)
        values[v.uid] = value
    bel = beliefs(obs, deck)
    in_deck = [cid for _, cid in bel.my_hidden]
    if not in_deck:
        return keep
    expected = sum(worth(c) for c in in_deck) / len(in_deck)
    uid = min(values, key=lambda u: (values[u], u))
    if values[uid] < expected - 1.0:
        return Action(me, MULLIGAN, uid)
    return keep


def pre_play(obs: Observation, deck: Deck | None) -> Action | None:
    """Decisions outside the playing phase, or with a single option; None otherwise."""
    legal = _options(obs)
    if not legal:
        raise ValueError("the player has nothing to decide now")
    if len(legal) == 1:
        return legal[0]
    if obs.phase == CHOOSE_FIRST:
        return first_choice(obs)
    if obs.phase == MULLIGAN_PHASE:
        return redraw_choice(obs, deck)
    return None


# ------------------------------------------------------------------ levels


class PolicyAgent:
    """The normal level: every distinct move is tried on a model of the match built from
    the observation, and the position it leads to is judged by the learned evaluation
    (engine.ai.lookahead). The model is one determinization: the evaluation reads only
    public information, the agent's own cards and the opponent's card counts from it."""

    def __init__(self, name: str, seed: int = 0, deck: Deck | None = None) -> None:
        self.name = name
        self.seed = seed
        self.deck = deck

    def choose(self, obs: Observation) -> Action:
        """Return the lookahead's move."""
        early = pre_play(obs, self.deck)
        if early is not None:
            return early
        assert obs.viewer is not None
        rng = random.Random(f"{self.seed}/{obs.action_count}")
        model = determinize(obs, beliefs(obs, self.deck), rng)
        action = choose_lookahead(model, obs.viewer, rng)
        return action if action in obs.legal else _options(obs)[0]


class EasyAgent:
    """A simple heuristic: the biggest immediate gain, with slips; naive passing."""

    name = "easy"

    def __init__(self, seed: int = 0, deck: Deck | None = None) -> None:
        self.seed = seed
        self.deck = deck

    def choose(self, obs: Observation) -> Action:
        """Return the easy move."""
        legal = _options(obs)
        if not legal:
            raise ValueError("the player has nothing to decide now")
        assert obs.viewer is not None
        me = obs.viewer
        rng = random.Random(f"{self.seed}/{obs.action_count}")
        if obs.phase == CHOOSE_FIRST:
            return first_choice(obs)
        if obs.phase == MULLIGAN_PHASE or len(legal) == 1:
            return Action(me, KEEP) if Action(me, KEEP) in legal else legal[0]
        model = determinize(obs, beliefs(obs, self.deck), rng)
        if obs.pending is not None:
            return choose_action(model, me, SHARP, rng)
        ev = Eval(model, me)
        mine, theirs = obs.sides[me], obs.sides[1 - me]
        moves = [a for a in legal if a.kind in (PLAY, LEADER)]
        if not moves:
            return Action(me, PASS)
        if theirs.passed and (ev.ahead(ev.lead) or (mine.gems == 2 and -ev.lead > 15)):
            return Action(me, PASS)
        if not theirs.passed and obs.round == 1 and ev.lead > 20:
            return Action(me, PASS)
        if rng.random() < 0.25:
            return rng.choice(moves)
        return max(moves, key=lambda a: (ev.board_gain(a), -moves.index(a)))


def make_agent(name: str, seed: int = 0, deck: Deck | None = None,
               budget_ms: int | None = None, iterations: int | None = None) -> Agent:
    """Return an agent by level name.

    `deck` is the agent's own deck list (players know their own deck); without it the
    agent assumes its faction's starter deck. `budget_ms` overrides the level's time per
    decision; `iterations` fixes the search effort instead of the clock (reproducible).
    """
    if name == "random":
        return RandomAgent(seed)
    if name == "greedy":
        return GreedyAgent()
    if name == "easy":
        return EasyAgent(seed, deck)
    if name == "normal":
        return PolicyAgent("normal", seed, deck)
    if name == "hard":
        from engine.ai.search import SearchAgent

        budget = LEVELS["hard"].budget_ms if budget_ms is None else budget_ms
        return SearchAgent("hard", seed, deck, budget_ms=budget, iterations=iterations)
    raise ValueError(f"unknown agent {name!r}; choose one of {', '.join(LEVELS)}")


def decide(level: str, obs: Observation, deck: Deck | None = None, seed: int = 0,
           budget_ms: int | None = None, iterations: int | None = None) -> Action:
    """Return one decision of a level for an observation (a plain function, so it can run
    in a worker process: agents keep no state between decisions, and the same seed and
    observation give the same decision for a fixed iteration count)."""
    return make_agent(level, seed, deck, budget_ms, iterations).choose(obs)
