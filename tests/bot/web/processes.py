"""The real bot as a subprocess (python -m tests.emulated_bot) with its table on, for the
restart and several-processes tests."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import aiohttp

from tests.bench_load import BotProcess
from tests.emulator import Emulator, VirtualUser


def table_process(emu: Emulator, workdir: Path, port: int, *, name: str = "bot",
                  env: dict[str, str] | None = None, args: tuple[str, ...] = ()) -> BotProcess:
    """A bot process serving its table on `port` (PUBLIC_URL http://127.0.0.1:port); its
    SQLite file is workdir/gwent.sqlite3 unless `env` gives DATABASE_URL."""
    return BotProcess(emu, workdir, None, name=name, args=list(args), env={
        "DISCORD_CLIENT_SECRET": emu.client_secret, "WEB_PORT": str(port),
        "PUBLIC_URL": f"http://127.0.0.1:{port}", "AI_THINK_SECONDS": "0",
        "LOG_LEVEL": "WARNING", **(env or {})})


async def serving(bot: BotProcess, url: str, timeout: float = 60.0) -> None:
    """Wait until the process's table answers."""
    deadline = time.monotonic() + timeout
    async with aiohttp.ClientSession() as http:
        while True:
            if not bot.alive():
                raise AssertionError("the bot process ended:\n" + bot.log_tail())
            try:
                async with http.get(f"{url}/api/config") as response:
                    if response.status == 200:
                        return
            except aiohttp.ClientError:
                pass
            if time.monotonic() > deadline:
                raise AssertionError("the table never answered:\n" + bot.log_tail())
            await asyncio.sleep(0.2)


async def connected(emu: Emulator, count: int = 1, timeout: float = 60.0) -> None:
    """Wait until `count` gateway sessions are ready (and no dead one is left)."""
    await emu.wait_for(lambda: sum(s.ready for s in emu.gateway.sessions) == count
                       and len(emu.gateway.sessions) == count, timeout, "the bot's sessions")


async def session_of(emu: Emulator, url: str, user: VirtualUser) -> str:
    """Sign a user in at a table (POST /api/token): their session."""
    async with aiohttp.ClientSession() as http, http.post(
            f"{url}/api/token", json={"code": emu.oauth_code(user)},
            headers={"Origin": url}) as response:
        assert response.status == 200, await response.text()
        return str((await response.json())["session"])
