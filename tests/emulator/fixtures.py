"""Pytest fixtures: a started emulator that must end clean, and a populated world.

The emulator applies Discord's rate limits as they are (`rate_limits`); a conftest that plays
whole matches at machine speed overrides `rate_limits` to scale them down.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from .emulator import Emulator
from .ratelimits import RateLimits
from .world import World, populate


@pytest.fixture
def rate_limits() -> RateLimits:
    """The limits the `emu` fixture applies: Discord's, at their real speed."""
    return RateLimits.discord()


@pytest.fixture
async def emu(rate_limits: RateLimits) -> AsyncIterator[Emulator]:
    """A started emulator; the test fails if the bot caused an unexpected bug-kind failure."""
    emulator = await Emulator.start(rate_limits=rate_limits)
    try:
        yield emulator
        emulator.assert_clean()
    finally:
        await emulator.stop()


@pytest.fixture
def world(emu: Emulator) -> World:
    """A guild with #general and two members, alice and bob."""
    return populate(emu, users=2)
