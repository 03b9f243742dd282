"""Fixtures for the bot's tests: services on a real SQLite file in tmp_path, and on a real
PostgreSQL database."""

from __future__ import annotations

import random
import zlib
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import Services
from tests.bot.helpers import FakeClock, RecordingNotifier
from tests.conftest import empty_postgres_database


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


@pytest.fixture(params=["sqlite", "postgresql"])
async def database(request: pytest.FixtureRequest, db_path: Path) -> Path | str:
    """A fresh database on each backend: the SQLite file db_path, then an empty PostgreSQL
    database (a postgresql:// URL)."""
    if request.param == "sqlite":
        return db_path
    return await empty_postgres_database(request.getfixturevalue("postgres_server"))


@pytest.fixture
async def services(database: Path | str, notifier: RecordingNotifier, clock: FakeClock,
                   rng: random.Random) -> AsyncIterator[Services]:
    """Services on a fresh database of each backend; the notifier checks commits before
    each report."""
    opened = await Services.open(database, notifier, clock, think_seconds=0, rng=rng)
    notifier.services = opened
    yield opened
    await opened.close()
