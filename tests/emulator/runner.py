"""Runs a real discord.py client against the emulator, from login to a clean close."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from typing import Generic, TypeVar

import discord
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from .emulator import Emulator

ClientT = TypeVar("ClientT", bound=discord.Client)

GUILD_READY_TIMEOUT = 0.05


class _ErrorCollector(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@dataclass
class BotRun(Generic[ClientT]):
    """A running client; `errors` holds what discord.py logged at ERROR (callback exceptions)."""

    bot: ClientT
    errors: list[logging.LogRecord] = field(default_factory=list)

    def error_text(self) -> str:
        """The logged errors with their tracebacks."""
        formatter = logging.Formatter("%(name)s: %(message)s")
        return "\n".join(formatter.format(r) for r in self.errors)


@contextlib.contextmanager
def pointed_at(emu: Emulator) -> Iterator[None]:
    """Point discord.py's REST base and gateway URL at the emulator, restoring them afterwards."""
    old_base, old_gateway = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE = emu.api_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(emu.gateway_url)
    try:
        yield
    finally:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = old_base, old_gateway


@contextlib.asynccontextmanager
async def run_bot(
    emu: Emulator,
    bot: ClientT,
    *,
    token: str | None = None,
    ready_timeout: float = 10.0,
    allow_errors: bool = False,
) -> AsyncIterator[BotRun[ClientT]]:
    """Start `bot` against `emu`, wait for on_ready, yield, then close it cleanly.

    Unless `allow_errors`, anything discord.py logged at ERROR while running fails the test.
    """
    # A client waits guild_ready_timeout (2 s by default) after the last GUILD_CREATE before READY.
    bot._connection.guild_ready_timeout = min(
        bot._connection.guild_ready_timeout, GUILD_READY_TIMEOUT
    )
    collector = _ErrorCollector()
    discord_logger = logging.getLogger("discord")
    discord_logger.addHandler(collector)
    run = BotRun(bot, collector.records)
    with pointed_at(emu):
        task = asyncio.create_task(bot.start(token or emu.token), name="emulated-bot")
        try:
            await _wait_ready(bot, task, ready_timeout)
            yield run
        finally:
            await bot.close()
            await asyncio.wait_for(task, timeout=10)
            discord_logger.removeHandler(collector)
    if run.errors and not allow_errors:
        raise AssertionError("the bot logged errors:\n" + run.error_text())


async def _wait_ready(bot: discord.Client, task: asyncio.Task[None], timeout: float) -> None:
    ready = asyncio.create_task(bot.wait_until_ready())
    done, _ = await asyncio.wait(
        {ready, task}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
    )
    if ready not in done:
        ready.cancel()
        if task in done:
            task.result()
        raise TimeoutError(f"the bot was not ready within {timeout}s")
