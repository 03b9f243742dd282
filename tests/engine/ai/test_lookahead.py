"""The normal level's lookahead: each move judged by the learned evaluation of the position
it leads to (engine.ai.value, engine.ai.lookahead)."""

from __future__ import annotations

import json
import math
import random

from engine.actions import PASS, PLAY, Action
from engine.ai.lookahead import choose_lookahead
from engine.ai.value import NAMES, WEIGHTS, features, network, win_chance
from engine.match import Match
from tests.engine.ai.helpers import positions
from tests.engine.scenario import scenario

NR_MON = ("northern_realms", "monsters")
EMPTY: tuple[list[str], list[str], list[str]] = ([], [], [])


def decide(m: Match, p: int = 0) -> Action:
    return choose_lookahead(m, p, random.Random(0))


def card_of(m: Match, a: Action) -> str | None:
    return None if a.card is None else m.card_ids[a.card]


def reference(x: list[float]) -> float:
    """The evaluation's formula (the mean of its networks), computed directly from the
    weights file."""
    outputs = []
    for data in json.loads(WEIGHTS.read_text(encoding="utf-8"))["members"]:
        h = [(v - mu) / s for v, mu, s in zip(x, data["mean"], data["scale"], strict=True)]
        layers = data["layers"]
        for i, layer in enumerate(layers):
            h = [sum(w * v for w, v in zip(row, h, strict=True)) + b
                 for row, b in zip(layer["w"], layer["b"], strict=True)]
            if i < len(layers) - 1:
                h = [max(0.0, v) for v in h]
        outputs.append(1 / (1 + math.exp(-h[0])))
    return sum(outputs) / len(outputs)


def test_the_fast_evaluation_computes_the_networks_formula() -> None:
    checked = 0
    for m, p, _ in positions(31, every=2):
        if m.phase != "playing":
            continue
        x = features(m, p)
        assert len(x) == len(NAMES)
        assert abs(network().predict(x) - reference(x)) < 1e-9
        checked += 1
    assert checked > 5


def test_a_finished_match_is_judged_by_its_result() -> None:
    m = next(positions(8))[0]
    while not m.is_over:
        p = m.to_act()[0]
        m.apply(m.legal_actions(p)[0])
    assert win_chance(m, 0) + win_chance(m, 1) == 1.0
    assert win_chance(m, 0) in (0.0, 0.5, 1.0)


def test_the_evaluation_knows_what_a_deciding_lead_is_worth() -> None:
    m = scenario(factions=NR_MON, hands=(["ballista"], ["fiend"]),
                 rows=((["vesemir"] * 6, [], []), (["fiend"], [], [])), round=3,
                 passed=(False, True))
    m.sides[0].gems = m.sides[1].gems = 1
    assert win_chance(m, 0) > 0.9 and win_chance(m, 1) < 0.1


def test_does_not_pass_behind_in_a_round_it_must_win() -> None:
    m = scenario(factions=NR_MON, hands=(["ballista", "catapult"], ["fiend", "griffin"]),
                 rows=(([], [], ["trebuchet"]), (["draug"], [], [])), round=2)
    m.sides[0].gems = 1
    assert decide(m).kind == PLAY


def test_takes_a_round_the_opponent_gave_up_when_ahead() -> None:
    m = scenario(factions=NR_MON, hands=(["ballista", "catapult"], ["fiend"]),
                 rows=((["vesemir"], [], []), (["fiend"], [], [])), passed=(False, True))
    # 6 against 6 after their pass: nothing is needed but one card, and they have one
    # card left against our three.
    assert decide(m).kind == PLAY
    m = scenario(factions=NR_MON, hands=(["ballista", "catapult"], ["fiend"]),
                 rows=((["vesemir", "vesemir"], [], []), (["fiend"], [], [])),
                 passed=(False, True))
    # Already ahead: passing wins the round for free.
    assert decide(m).kind == PASS
