"""A learned evaluation: the chance that a player wins the match from a position.

The features read only what the player may know in the match they are given: the board,
the round results, both discard piles, their own hand, and the opponent's hand *count*.
The cards the opponent still holds (hand and deck together, not which are in hand) count
through their mean worth: in a determinization (engine.ai.determinize) those cards are
sampled from the player's beliefs, so nothing hidden is read. The model is a small
neural network whose weights are data (value.json beside this file), fitted on the
engine's self-play by `python -m tools.train_value` and evaluated here in plain Python.
"""

from __future__ import annotations

import json
import math
from functools import cache
from operator import mul
from pathlib import Path
from typing import Any

from engine.ai.policy import threat, worth
from engine.match import Match

WEIGHTS = Path(__file__).with_name("value.json")
FACTIONS = ("monsters", "nilfgaard", "northern_realms", "scoiatael", "skellige")

NAMES = (
    "gems_2_2", "gems_2_1", "gems_1_2", "gems_1_1",
    "lead", "my_total", "their_total", "my_passed", "their_passed", "my_turn",
    "my_hand", "their_hand", "hand_diff", "my_power", "my_best", "my_spies", "my_medics",
    "their_power", "my_deck", "their_deck", "my_deck_worth", "their_worth",
    "my_leader", "their_leader", "my_ties", "their_ties", "weather",
    *(f"my_{f}" for f in FACTIONS), *(f"their_{f}" for f in FACTIONS),
)


def features(m: Match, p: int) -> list[float]:
    """Return the feature vector of the position as player p sees it (see NAMES)."""
    me, op = m.sides[p], m.sides[1 - p]
    cards = m.cards
    g = (me.gems, op.gems)
    mine = m.total(p)
    theirs = m.total(1 - p)
    hand = [cards[u] for u in me.hand]
    threats = [threat(c.id) for c in hand]
    unseen = [worth(cards[u].id) for u in (*op.hand, *op.deck)]
    their_mean = sum(unseen) / len(unseen) if unseen else 0.0
    deck = [worth(cards[u].id) for u in me.deck]
    f = [
        float(g == (2, 2)), float(g == (2, 1)), float(g == (1, 2)), float(g == (1, 1)),
        (mine - theirs) / 20.0, mine / 50.0, theirs / 50.0,
        float(me.passed), float(op.passed), float(m.current == p),
        len(me.hand) / 10.0, len(op.hand) / 10.0, (len(me.hand) - len(op.hand)) / 5.0,
        sum(threats) / 50.0, max(threats, default=0.0) / 15.0,
        sum(1 for c in hand if "spy" in c.abilities) / 2.0,
        sum(1 for c in hand if "medic" in c.abilities) / 2.0,
        len(op.hand) * their_mean / 50.0,
        len(me.deck) / 20.0, len(op.deck) / 20.0,
        (sum(deck) / len(deck) if deck else 0.0) / 10.0, their_mean / 10.0,
        float(_leader_ready(m, p)), float(_leader_ready(m, 1 - p)),
        float(wins_ties(m, p)), float(wins_ties(m, 1 - p)),
        len(m.weather_rows()) / 3.0 if m.weather else 0.0,
    ]
    f += [float(me.faction == x) for x in FACTIONS]
    f += [float(op.faction == x) for x in FACTIONS]
    return f


def _leader_ready(m: Match, p: int) -> bool:
    return not m.sides[p].leader_used and m.active_leader(p) is not None


def wins_ties(m: Match, p: int) -> bool:
    """True when a drawn round goes to p (Nilfgaard against another faction)."""
    f = (m.sides[p].faction, m.sides[1 - p].faction)
    return f[0] == "nilfgaard" and f[1] != "nilfgaard"


class Member:
    """One multilayer perceptron (ReLU hidden layers, logistic output) on scaled features."""

    def __init__(self, data: dict[str, Any]) -> None:
        mean: list[float] = data["mean"]
        scale: list[float] = data["scale"]
        layers = [(layer["w"], layer["b"]) for layer in data["layers"]]
        w, b = layers[0]
        # The scaling is folded into the first layer.
        self.rows: list[list[float]] = [[wi / s for wi, s in zip(row, scale, strict=True)]
                                        for row in w]
        self.first_bias: list[float] = [
            bias - sum(wi * mu / s for wi, mu, s in zip(row, mean, scale, strict=True))
            for row, bias in zip(w, b, strict=True)]
        self.layers: list[tuple[list[list[float]], list[float]]] = layers[1:]

    def predict(self, x: list[float]) -> float:
        """Return the network's output (a probability) for one raw feature vector."""
        h = [sum(map(mul, row, x)) + bias for row, bias in zip(self.rows, self.first_bias,
                                                                  strict=True)]
        for w, b in self.layers:
            h = [v if v > 0.0 else 0.0 for v in h]
            h = [sum(map(mul, row, h)) + bias for row, bias in zip(w, b, strict=True)]
        z = h[0]
        if z < -30.0:
            return 0.0
        return 1.0 / (1.0 + math.exp(-z))


class Network:
    """The evaluation: the mean output of its members (one per generation of training)."""

    def __init__(self, data: dict[str, Any]) -> None:
        if tuple(data["features"]) != NAMES:
            raise ValueError("the value weights were fitted on other features: retrain them")
        self.members = [Member(member) for member in data["members"]]

    def predict(self, x: list[float]) -> float:
        """Return the mean of the members' outputs for one raw feature vector."""
        return sum(member.predict(x) for member in self.members) / len(self.members)


@cache
def network() -> Network:
    """Return the fitted evaluation shipped with the engine."""
    return Network(json.loads(WEIGHTS.read_text(encoding="utf-8")))


def win_chance(m: Match, p: int, net: Network | None = None) -> float:
    """Return player p's estimated chance to win (a draw counting half) from the position,
    by the shipped network unless another is given."""
    if m.is_over:
        return 0.5 if m.winner is None else float(m.winner == p)
    return (net or network()).predict(features(m, p))
