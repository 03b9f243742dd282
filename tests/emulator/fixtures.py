"""Pytest fixtures: a started emulator that must end clean, and a populated world."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from .emulator import Emulator
from .world import World, populate


@pytest.fixture
async def emu() -> AsyncIterator[Emulator]:
    """A started emulator; the test fails if the bot caused an unexpected bug-kind failure."""
    emulator = await Emulator.start()
    try:
        yield emulator
        emulator.assert_clean()
    finally:
        await emulator.stop()


@pytest.fixture
def world(emu: Emulator) -> World:
    """A guild with #general and two members, alice and bob."""
    return populate(emu, users=2)
