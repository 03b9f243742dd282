"""Fixtures for end-to-end tests: the Discord emulator and the real bot on a SQLite file."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bot.discord.client import GwentBot
from tests.emulator import Emulator, RateLimits, World, populate
from tests.emulator.fixtures import emu

__all__ = ["emu"]

# Whole matches are played at machine speed: Discord's limits apply (headers, buckets, the
# global limit), over windows a hundred times shorter (5 messages per 50 ms in a channel).
MACHINE_SPEED = 0.01


class _Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(autouse=True)
def no_bot_errors() -> Iterator[None]:
    """Fail the test if the bot's own code logged an error (discord.py's are checked by
    run_bot)."""
    handler = _Errors()
    logger = logging.getLogger("bot")
    logger.addHandler(handler)
    try:
        yield
    finally:
        logger.removeHandler(handler)
    formatter = logging.Formatter("%(name)s: %(message)s")
    assert not handler.records, "\n".join(formatter.format(r) for r in handler.records)


@pytest.fixture
def rate_limits() -> RateLimits:
    """Discord's rate limits, scaled down to machine speed."""
    return RateLimits.discord().scaled(MACHINE_SPEED)


@pytest.fixture
def world(emu: Emulator) -> World:
    """A guild with #general and three members: alice, bob and carol (a spectator)."""
    return populate(emu, users=3)


@pytest.fixture
def make_bot(db_path: Path, rng: random.Random) -> Callable[[], GwentBot]:
    """Build a fresh bot on the test database (call again to 'restart'); the computer
    player answers at once (no think floor)."""
    return lambda: GwentBot(db_path, ai_think_seconds=0, rng=rng)
