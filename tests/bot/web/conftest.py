"""Fixtures of the table's tests: the real bot with its table server, against the Discord
emulator (Activities enabled), with a match open (tests/table_stage.py); a page's built
files of the test's own."""

from __future__ import annotations

import gzip
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.bot.e2e.conftest import MACHINE_SPEED, make_bot, no_bot_errors, world
from tests.emulator import RateLimits
from tests.emulator.fixtures import emu
from tests.table_stage import Stage, table_stage

__all__ = ["emu", "make_bot", "no_bot_errors", "world"]

PAGE = "<!doctype html><title>Gwent table</title><script src=/assets/app.1a2b.js></script>"


@pytest.fixture
def dist(tmp_path: Path) -> Path:
    """A built page: index.html and one hashed asset."""
    root = tmp_path / "dist"
    (root / "assets").mkdir(parents=True)
    (root / "index.html").write_text(PAGE)
    (root / "assets" / "app.1a2b.js").write_text("console.log('table')")
    (root / "assets" / "app.1a2b.js.gz").write_bytes(gzip.compress(b"console.log('table')"))
    return root


@pytest.fixture
async def stage(tmp_path: Path, dist: Path, rng: random.Random) -> AsyncIterator[Stage]:
    """The bot and its table, with alice and bob at the first board of a match in a thread
    of #general (carol watches)."""
    async with table_stage(tmp_path, dist=dist, rng=rng) as opened:
        yield opened


@pytest.fixture
def rate_limits() -> RateLimits:
    """Discord's rate limits at machine speed, for the tests that start the emulator
    themselves (the `emu` fixture)."""
    return RateLimits.discord().scaled(MACHINE_SPEED)
