"""The evaluation's training command: self-play data, fitting, weights the engine loads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.ai.value import NAMES, Network
from tools.train_value import one_game


def test_self_play_positions_are_labelled_by_each_players_result() -> None:
    xs, ys = one_game(5, None)
    assert len(xs) == len(ys) > 4
    assert all(len(x) == len(NAMES) for x in xs)
    # Every position counts once for each player, with opposite results (or two draws).
    assert all(a + b == 1.0 for a, b in zip(ys[::2], ys[1::2], strict=True))


def test_one_command_retrains_weights_the_engine_loads(tmp_path: Path) -> None:
    pytest.importorskip("numpy")  # a training-only dependency (requirements-train.txt)
    from tools.train_value import main

    out = tmp_path / "value.json"
    assert main(["--games", "6", "--generations", "2", "--epochs", "1", "--workers", "1",
                 "--out", str(out)]) == 0
    net = Network(json.loads(out.read_text(encoding="utf-8")))
    xs, _ = one_game(7, net)
    assert all(0.0 <= net.predict(x) <= 1.0 for x in xs)
