"""Fixtures for the bot's tests: services on a real SQLite file in tmp_path."""

from __future__ import annotations

import random
import zlib
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import Services
from tests.bot.helpers import FakeClock, RecordingNotifier


@pytest.fixture
def clock() -> FakeClock:
    """A clock that moves only when the test says so."""
    return FakeClock()


@pytest.fixture
def notifier() -> RecordingNotifier:
    """A notifier that records every report."""
    return RecordingNotifier()


@pytest.fixture
def rng(request: pytest.FixtureRequest) -> random.Random:
    """Where match seeds and random factions come from: fixed per test, so a failure replays."""
    return random.Random(zlib.crc32(request.node.nodeid.encode()))


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """Where the test database lives (its folder does not exist yet)."""
    return tmp_path / "data" / "gwent.sqlite3"


@pytest.fixture
async def services(db_path: Path, notifier: RecordingNotifier, clock: FakeClock,
                   rng: random.Random) -> AsyncIterator[Services]:
    """Services on a fresh database; the notifier checks commits before each report."""
    opened = await Services.open(db_path, notifier, clock, think_seconds=0, rng=rng)
    notifier.services = opened
    yield opened
    await opened.close()
