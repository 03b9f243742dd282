"""Drawn parts kept on disk: read back whole, redrawn when unreadable, never required."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from bot.render import disk_cache
from bot.render.disk_cache import on_disk

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """RENDER_CACHE_DIR set to an empty folder for this test."""
    monkeypatch.setenv("RENDER_CACHE_DIR", str(tmp_path))
    disk_cache.folder.cache_clear()
    yield tmp_path
    disk_cache.folder.cache_clear()


drawn: list[int] = []


@on_disk("test-disc")
def disc(d: int, colour: tuple[int, int, int] = (200, 150, 50)) -> Image.Image:
    """A part that records each time it is really drawn."""
    drawn.append(d)
    img = Image.new("RGBA", (d, d), (0, 0, 0, 0))
    ImageDraw.Draw(img).ellipse((0, 0, d - 1, d - 1), fill=(*colour, 255))
    return img


def files(folder: Path) -> list[Path]:
    """The parts saved under folder."""
    return sorted(folder.rglob("*.img"))


def test_a_saved_part_is_read_back_without_drawing_it_again(cache_dir: Path) -> None:
    drawn.clear()
    first = disc(20)
    again = disc(20)
    assert drawn == [20]
    assert again.mode == first.mode and again.tobytes() == first.tobytes()
    assert len(files(cache_dir)) == 1
    disc(20, colour=(1, 2, 3))  # other arguments are another part
    assert drawn == [20, 20] and len(files(cache_dir)) == 2


def test_an_unreadable_part_is_drawn_and_saved_again(cache_dir: Path) -> None:
    drawn.clear()
    expected = disc(16).tobytes()
    (saved,) = files(cache_dir)
    saved.write_bytes(saved.read_bytes()[:40])  # cut short, as by a full disk
    assert disc(16).tobytes() == expected
    saved.write_bytes(b"garbage")
    assert disc(16).tobytes() == expected
    assert drawn == [16, 16, 16]
    assert disc(16).tobytes() == expected and drawn == [16, 16, 16]


def test_off_keeps_nothing_on_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RENDER_CACHE_DIR", "off")
    disk_cache.folder.cache_clear()
    try:
        drawn.clear()
        disc(12)
        disc(12)
        assert drawn == [12, 12]
        assert disk_cache.folder() is None
    finally:
        disk_cache.folder.cache_clear()


def test_a_folder_that_cannot_be_written_only_costs_the_saving(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder should be")
    monkeypatch.setenv("RENDER_CACHE_DIR", str(blocker))
    disk_cache.folder.cache_clear()
    try:
        drawn.clear()
        assert disc(10).size == (10, 10)
        assert drawn == [10]
    finally:
        disk_cache.folder.cache_clear()


def test_a_change_to_the_renderer_starts_an_empty_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code = tmp_path / "render"
    code.mkdir()
    (code / "part.py").write_text("COLOUR = 1\n")
    monkeypatch.setattr(disk_cache, "_RENDER", code)
    disk_cache._version.cache_clear()
    try:
        before = disk_cache._version()
        (code / "part.py").write_text("COLOUR = 2\n")
        disk_cache._version.cache_clear()
        assert disk_cache._version() != before
    finally:
        disk_cache._version.cache_clear()


BOARD = ("import hashlib, sys; from bot.render import render_board; "
         "from bot.render.samples import SAMPLES; "
         "print(hashlib.sha256(render_board(SAMPLES['board_full'][1]())).hexdigest())")


def board_in_new_process(setting: str) -> str:
    """The digest of the full sample board drawn by a new interpreter."""
    out = subprocess.run([sys.executable, "-c", BOARD], capture_output=True, text=True,
                         check=True, cwd=ROOT, env={**os.environ, "RENDER_CACHE_DIR": setting})
    return out.stdout.strip()


def test_a_new_process_draws_the_same_board_from_saved_parts(tmp_path: Path) -> None:
    drawn_whole = board_in_new_process("off")
    assert board_in_new_process(str(tmp_path)) == drawn_whole  # draws and saves the parts
    saved = {path: (path.stat().st_ino, path.stat().st_mtime_ns) for path in files(tmp_path)}
    assert any("face-" in path.name for path in saved) and any(
        path.name.startswith("lane-") for path in saved)
    assert board_in_new_process(str(tmp_path)) == drawn_whole  # reads them, writes none
    assert {path: (path.stat().st_ino, path.stat().st_mtime_ns)
            for path in files(tmp_path)} == saved
