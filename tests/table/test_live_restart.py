"""The bot is killed with SIGKILL in the middle of a match played at the table, a move is
tapped while it is down, and it is started again: both pages reconnect by themselves, the
move tapped meanwhile is played once, and the match goes on to its end."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, cast

import pytest

from tests.bench_load import BotProcess
from tests.bot.e2e.driver import open_match
from tests.bot.e2e.test_processes import ready_sessions
from tests.emulator import Emulator, RateLimits, populate
from tests.postgres_server import free_port
from tests.table.live import DESKTOP, PHONE, LivePage, chromium, open_page, play_on_page
from tests.table_stage import Stage

pytestmark = [pytest.mark.timeout(300), pytest.mark.usefixtures("needs_chromium")]
MAX_MOVES = 80
KILL_AFTER = 4


def bot_process(emu: Emulator, workdir: Path, port: int, name: str) -> BotProcess:
    """The bot in a process of its own, its table on `port` (the same database each time)."""
    return BotProcess(emu, workdir, None, name=name, env={
        "DISCORD_CLIENT_SECRET": emu.client_secret, "WEB_PORT": str(port),
        "PUBLIC_URL": f"http://127.0.0.1:{port}", "AI_THINK_SECONDS": "0"})


def mover(seats: dict[int, LivePage]) -> tuple[LivePage, dict[str, Any]]:
    """The page whose player has a move, and its view."""
    for page in seats.values():
        view = page.view()
        if view is not None and view["legal"]:
            return page, view
    raise AssertionError("nobody has a move")


async def test_pages_reconnect_after_the_bot_is_killed_and_lose_nothing(
        tmp_path: Path) -> None:
    emu = await Emulator.start(rate_limits=RateLimits.discord().scaled(0.01))
    bots: list[BotProcess] = []
    try:
        emu.activities.enable()
        world = populate(emu, users=3)
        port = free_port()
        bots.append(bot_process(emu, tmp_path, port, "first"))
        await bots[0].start()
        await ready_sessions(emu, bots[0], 1)
        table, board = await open_match(emu, world.channel, *world.users[:2])
        # A stage without the bot's object: this test's bot is a process.
        stage = Stage(emu, cast(Any, None), world, f"http://127.0.0.1:{port}", table, board)
        alice, bob = stage.players
        async with chromium() as browser:
            seats = {}
            for user, size in ((alice, PHONE), (bob, DESKTOP)):
                seats[user.id] = await open_page(browser, stage.page_url(user,
                                                 await stage.launch(user)), size)
            played: set[tuple[int, int]] = set()
            for _ in range(KILL_AFTER):
                page, view = mover(seats)
                await play_on_page(page, view, played)
                for seat in seats.values():
                    await seat.wait_count(view["action_count"] + 1)

            await bots[0].kill()
            for seat in seats.values():
                await seat.page.wait_for_selector(".conn.on")
            page, view = mover(seats)
            count = view["action_count"]
            tapped = await play_on_page(page, view, played)
            await asyncio.sleep(1.0)
            assert page.view()["action_count"] == count  # nothing reached a dead server

            bots.append(bot_process(emu, tmp_path, port, "second"))
            await bots[1].start()
            for seat in seats.values():
                await seat.wait_count(count + 1, timeout=60)
                await seat.page.wait_for_selector(".conn:not(.on)")
                assert seat.sockets >= 2
            assert page.view()["action_count"] == count + 1, "the move tapped was lost or doubled"
            assert not [e for s in seats.values() for e in s.errors()], tapped

            for _ in range(MAX_MOVES):
                views = [s.view() for s in seats.values()]
                if all(v is not None and v["phase"] == "over" for v in views):
                    break
                page, view = mover(seats)
                await play_on_page(page, view, played)
                for seat in seats.values():
                    await seat.wait_count(view["action_count"] + 1)
            else:
                raise AssertionError("the match did not end after the restart")
            for seat in seats.values():
                await seat.page.wait_for_selector(".sheet[data-name='result']")
    finally:
        await asyncio.gather(*(bot.stop() for bot in bots))
        await emu.stop()
