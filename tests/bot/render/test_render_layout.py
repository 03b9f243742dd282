"""Layout, loading and command-line checks that need no golden image."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image

from bot.render import load_observation, render_board, render_hand, render_result
from bot.render.__main__ import main
from bot.render.board import BOARD_TOP_H, CARDS_X0, CARDS_X1, MAX_H, W, card_positions
from bot.render.faces import HAND, TOKEN
from bot.render.hand import NoHand, height, layout
from bot.render.hand import W as HAND_W
from bot.render.samples import SAMPLES, board_full, hand_large
from bot.render.state import public_view
from engine.observation import Observation


@pytest.mark.parametrize("n", range(0, 16))
def test_row_cards_stay_inside_the_row(n: int) -> None:
    xs = card_positions(n)
    assert len(xs) == n
    assert xs == sorted(xs)
    for x in xs:
        assert x >= CARDS_X0 and x + TOKEN.w <= CARDS_X1


@pytest.mark.parametrize("n", range(0, 14))
def test_hand_cards_stay_inside_the_image(n: int) -> None:
    h = height(n)
    for x, y in layout(n):
        assert x >= 0 and x + HAND.w <= HAND_W
        assert y + HAND.h < h


def test_board_size_and_budget() -> None:
    png = render_board(board_full())
    img = Image.open(io.BytesIO(png))
    assert img.width == W and BOARD_TOP_H < img.height <= MAX_H
    assert len(png) <= 400_000


def test_hand_needs_a_viewer() -> None:
    obs = public_view(hand_large())
    with pytest.raises(NoHand):
        render_hand(obs)


def test_observation_round_trips_through_json(tmp_path: Path) -> None:
    for name, (kind, build) in SAMPLES.items():
        if kind not in ("board", "hand", "result"):
            continue
        obs = build()
        data = json.loads(json.dumps(obs.to_dict()))
        assert Observation.from_dict(data) == obs, name


def test_state_command_renders_an_observation_file(tmp_path: Path) -> None:
    obs = hand_large()  # a private observation: --state shows only its public board
    path = tmp_path / "obs.json"
    path.write_text(json.dumps(obs.to_dict()), encoding="utf-8")
    assert load_observation(path).viewer is None
    assert main(["--state", str(path), "--out", str(tmp_path), "--viewer", "0"]) == 0
    board = tmp_path / "obs-board.png"
    assert board.read_bytes() == render_board(public_view(obs))
    assert (tmp_path / "obs-hand0.png").exists() and (tmp_path / "obs-view0.png").exists()


def test_sample_command_writes_pngs(tmp_path: Path) -> None:
    assert main(["--out", str(tmp_path), "--only", "board_empty", "result_draw"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board_empty.png", "result_draw.png"]


def test_render_does_not_import_discord() -> None:
    import subprocess
    import sys

    code = (
        "import sys, bot.render, bot.render.bench, bot.render.__main__; "
        "sys.exit(1 if any(m == 'discord' or m.startswith('discord.') "
        "for m in sys.modules) else 0)"
    )
    root = Path(__file__).resolve().parents[3]
    assert subprocess.run([sys.executable, "-c", code], cwd=root).returncode == 0


def test_result_of_a_match_in_progress() -> None:
    png = render_result(board_full())
    assert png.startswith(b"\x89PNG")
