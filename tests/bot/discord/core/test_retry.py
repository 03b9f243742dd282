"""Retrying Discord requests: what is retried, how long it waits, and that no retry posts
twice (a real discord.py client against the emulator)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator

import discord
import pytest

from bot.discord.core.retry import (
    PROMPT,
    STARTUP,
    Backoff,
    create_thread_once,
    retry_after,
    retrying,
)
from tests.emulator import Emulator, World, run_bot

FAST = Backoff(first=0.01, cap=0.04, attempts=4)
MESSAGES = "/channels/{channel_id}/messages"
THREADS = "/channels/{channel_id}/threads"


@pytest.fixture
async def client(emu: Emulator) -> AsyncIterator[discord.Client]:
    """A plain discord.py client connected to the emulator."""
    bot = discord.Client(intents=discord.Intents(guilds=True))
    async with run_bot(emu, bot):
        yield bot


def posts(emu: Emulator) -> list[tuple[int, bool]]:
    """(status, after the write) of every message post so far."""
    return [(r.status, r.after_write) for r in emu.log
            if r.method == "POST" and r.path.endswith("/messages")]


def test_waits_double_up_to_the_cap_half_fixed_half_random() -> None:
    for failures, full in ((1, 0.5), (2, 1.0), (3, 2.0), (4, 4.0), (5, 8.0), (9, 8.0)):
        waits = [PROMPT.wait(failures) for _ in range(200)]
        assert all(full / 2 <= w <= full for w in waits), (failures, min(waits), max(waits))
        assert max(waits) - min(waits) > full / 4, "jittered"
    assert STARTUP.attempts is None and STARTUP.cap == 60.0
    assert PROMPT.attempts is not None and sum(PROMPT.wait(n) for n in range(1, 6)) < 16


async def test_a_503_is_retried_and_the_nonce_keeps_one_message(
        emu: Emulator, world: World, client: discord.Client,
        caplog: pytest.LogCaptureFixture) -> None:
    channel = client.get_partial_messageable(world.channel.id)
    emu.inject("POST", MESSAGES, 503)
    emu.inject("POST", MESSAGES, 0)  # the connection drops
    emu.inject("POST", MESSAGES, 503, after_write=True)  # posted, but answered 503
    with caplog.at_level(logging.INFO, "bot.discord.core.retry"):
        sent = await retrying(lambda: channel.send("board 3", nonce="gwb9:3"), "posting",
                              backoff=FAST)
    assert posts(emu) == [(503, False), (0, False), (503, True), (200, False)]
    assert [(m.id, m.content) for m in emu.messages(world.channel)] == [(sent.id, "board 3")]
    assert [r.getMessage().split(";")[0] for r in caplog.records] == [
        "posting: Discord answered 503 Service Unavailable",
        "posting: ServerDisconnectedError: Server disconnected",
        "posting: Discord answered 503 Service Unavailable"]


async def test_what_is_not_worth_retrying_is_raised_at_once(
        emu: Emulator, world: World, client: discord.Client) -> None:
    channel = client.get_partial_messageable(world.channel.id)
    emu.inject("POST", MESSAGES, 403, code=50013)
    with pytest.raises(discord.Forbidden):
        await retrying(lambda: channel.send("x"), "posting", backoff=FAST)
    emu.inject("POST", MESSAGES, 503, times=4)
    with pytest.raises(discord.DiscordServerError):
        await retrying(lambda: channel.send("y"), "posting", backoff=FAST)
    assert posts(emu) == [(403, False)] + [(503, False)] * 4, "4 attempts, then the error"
    with pytest.raises(ValueError):
        await retrying(_broken, "a bug", backoff=FAST)


async def _broken() -> None:
    raise ValueError("a bug, not Discord")


async def test_a_429_asks_for_its_retry_after(emu: Emulator, world: World,
                                              client: discord.Client) -> None:
    channel = client.get_partial_messageable(world.channel.id)
    emu.inject("POST", MESSAGES, 429, times=5, retry_after=0.01)  # discord.py tries 5 times
    with pytest.raises(discord.HTTPException) as caught:
        await channel.send("z")
    assert caught.value.status == 429 and retry_after(caught.value) == 1.0  # Retry-After: 1
    emu.inject("POST", MESSAGES, 404, code=10003)
    with pytest.raises(discord.NotFound) as missing:
        await channel.send("z")
    assert retry_after(missing.value) is None


@pytest.mark.parametrize("after_write", [False, True])
async def test_a_thread_is_created_once(emu: Emulator, world: World, client: discord.Client,
                                        after_write: bool) -> None:
    channel = client.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    old = await channel.create_thread(name="Alice vs Bob", type=discord.ChannelType.public_thread)
    await asyncio.sleep(0.005)  # the next millisecond
    asked = discord.utils.utcnow()
    emu.inject("POST", THREADS, 503, after_write=after_write)
    thread = await create_thread_once(channel, "Alice vs Bob", since=asked,
                                      type=discord.ChannelType.public_thread)
    threads = [c for c in emu.store.channels.values() if c.is_thread]
    assert sorted(c.id for c in threads) == sorted({old.id, thread.id}) and thread.id != old.id
    creates = [r.status for r in emu.log if r.method == "POST" and r.path.endswith("/threads")]
    assert creates == ([201, 503] if after_write else [201, 503, 201])
    assert any(r.path.endswith("/threads/active") for r in emu.log)
