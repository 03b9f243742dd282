"""Makes the emulator fixtures available to the emulator's own tests, with a raw HTTP client."""

from collections.abc import AsyncIterator

import aiohttp
import pytest

from .emulator import Emulator
from .fixtures import emu, rate_limits, world

__all__ = ["emu", "http", "rate_limits", "world"]


@pytest.fixture
async def http(emu: Emulator) -> AsyncIterator[aiohttp.ClientSession]:
    """A plain HTTP client with the bot's token, for checking the API without discord.py."""
    headers = {"Authorization": f"Bot {emu.token}"}
    async with aiohttp.ClientSession(emu.api_base + "/", headers=headers) as session:
        yield session
