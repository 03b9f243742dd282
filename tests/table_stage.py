"""The table on a stage: the Discord emulator (Activities enabled), the real bot with its
table server on a local port, a match between two virtual users, and what a page needs to
open it (an OAuth2 code, the channel the Activity reports, its instance).

The server-side tests (tests/bot/web), the browser tests (tests/table) and the local demo
(python -m tests.table_demo) all start it:

    async with table_stage(tmp_path) as stage:
        alice, bob = stage.players
        launch = await stage.launch(alice)           # "Play at the table" on the newest board
        url = stage.page_url(alice, launch)          # the page, outside Discord (SDK mock)
        token = await stage.sign_in(alice)           # POST /api/token, as the page does

The page's URL outside Discord carries what the SDK would give it inside: `code` (for its
mocked authorize()), `channel_id`, `guild_id`, `instance_id`, `locale` and `user_id`
(docs/table-protocol.md, "Outside Discord").
"""

from __future__ import annotations

import contextlib
import random
import re
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

import aiohttp

from bot import images
from bot.discord.client import GwentBot
from bot.service.clock import Clock
from bot.web.presence import PRESENCE_SECONDS
from bot.web.server import TableOptions
from bot.web.static import DIST
from tests.bot.e2e.driver import Table, enabled, newest_public, open_match
from tests.emulator import Emulator, Launch, MessageView, RateLimits, VirtualUser, World, populate
from tests.emulator.runner import run_bot
from tests.postgres_server import free_port

LAUNCH_PREFIX = "gw:table:"
THREAD = re.compile(r"<#(\d+)>")


@dataclass
class Stage:
    """A running bot with its table, in an emulated server, with one match open."""

    emu: Emulator
    bot: GwentBot
    world: World
    url: str
    table: Table
    board: MessageView

    @property
    def players(self) -> list[VirtualUser]:
        """The match's two players."""
        return list(self.table.players.values())

    @property
    def spectator(self) -> VirtualUser:
        """A member of the server who does not play."""
        return self.world.users[2]

    @property
    def match_id(self) -> int:
        """The match's id (from its newest board or lobby's "Play at the table")."""
        return int(self.launch_button(self.newest())[len(LAUNCH_PREFIX):])

    def newest(self) -> MessageView:
        """The match's newest board (or its lobby) in its channel."""
        found = newest_public(self.table.visible(), LAUNCH_PREFIX)
        assert found is not None, "no board with Play at the table"
        return found

    @staticmethod
    def launch_button(message: MessageView) -> str:
        """The custom_id of a message's "Play at the table"."""
        [found] = enabled(message, LAUNCH_PREFIX)
        assert found.custom_id is not None
        return found.custom_id

    async def launch(self, user: VirtualUser) -> Launch:
        """Press "Play at the table" on the newest board: the Activity it opens."""
        board = self.newest()
        response = await user.click(board, custom_id=self.launch_button(board)).response()
        assert response.type == 12 and response.launch is not None, response
        return response.launch

    def code(self, user: VirtualUser) -> str:
        """An OAuth2 code for a user, as the SDK's authorize() gives the page."""
        return self.emu.oauth_code(user)

    def page_url(self, user: VirtualUser, launch: Launch, locale: str = "en-US") -> str:
        """The page as a plain browser opens it for `user` (the SDK mocked from the URL)."""
        query = {"code": self.code(user), "channel_id": str(launch.activity_channel_id),
                 "guild_id": str(launch.guild_id or ""), "instance_id": launch.instance_id,
                 "user_id": str(user.id), "locale": locale}
        return f"{self.url}/?{urlencode(query)}"

    def watch_url(self) -> str:
        """The match's watch link."""
        assert self.bot.table is not None
        url = self.bot.table.watch_url(self.match_id)
        assert url is not None
        return url

    async def sign_in(self, user: VirtualUser) -> dict[str, object]:
        """POST /api/token with a fresh code, as the page does; the answer."""
        async with aiohttp.ClientSession() as http, http.post(
                f"{self.url}/api/token", json={"code": self.code(user)},
                headers={"Origin": self.url}) as response:
            assert response.status == 200, await response.text()
            answer: dict[str, object] = await response.json()
        return answer


def table_bot(emu: Emulator, db: Path | str, port: int, *, dist: Path = DIST,
              rng: random.Random | None = None, presence_seconds: float = PRESENCE_SECONDS,
              clock: Clock = time.time) -> GwentBot:
    """The bot with its table on `port` (PUBLIC_URL http://127.0.0.1:port)."""
    options = TableOptions(emu.client_secret, port=port, host="127.0.0.1",
                           public_url=f"http://127.0.0.1:{port}", dist=dist,
                           presence_seconds=presence_seconds)
    return GwentBot(db, ai_think_seconds=0, rng=rng, table=options, clock=clock)


@contextlib.asynccontextmanager
async def table_stage(workdir: Path, *, dist: Path = DIST, practice: bool = False,
                      rng: random.Random | None = None, ready: bool = True,
                      rate_limits: RateLimits | None = None,
                      presence_seconds: float = PRESENCE_SECONDS, port: int | None = None,
                      clock: Clock = time.time) -> AsyncIterator[Stage]:
    """Start the emulator (Activities on) and the bot with its table, and open a match
    between alice and bob in a thread of #general (carol watches); with `practice`, alice's
    practice match against the computer instead. The match is at its first board (or at
    its lobby when not `ready`). The table listens on `port` (a free one if None); the bot
    reads the time from `clock`."""
    await images.start()  # warm render workers: the first board is not kept waiting
    emu = await Emulator.start(rate_limits=rate_limits or RateLimits.discord().scaled(0.01))
    try:
        emu.activities.enable()
        world = populate(emu, users=3)
        port = port or free_port()
        bot = table_bot(emu, workdir / "gwent.sqlite3", port, dist=dist, rng=rng,
                        presence_seconds=presence_seconds, clock=clock)
        async with run_bot(emu, bot):
            alice, bob, _ = world.users
            if practice:
                table, board = await _practice(emu, world, alice)
            else:
                table, board = await open_match(emu, world.channel, alice, bob, ready=ready)
            yield Stage(emu, bot, world, f"http://127.0.0.1:{port}", table, board)
    finally:
        await emu.stop()


async def _practice(emu: Emulator, world: World, user: VirtualUser
                    ) -> tuple[Table, MessageView]:
    """Start a practice match, press Ready and return its table and first board."""
    started = await user.slash(world.channel, "gwent practice").message()
    found = THREAD.search(started.content)
    assert found is not None, started.content
    table = Table(emu, {user.id: user}, emu.store.channels[int(found.group(1))])
    lobby = await emu.wait_for(lambda: newest_public(table.visible(), "gw:lobby:"), 5,
                               "the practice lobby")
    [ready] = [b for b in enabled(lobby, "gw:lobby:") if (b.custom_id or "").endswith(":ready")]
    user.click(lobby, custom_id=ready.custom_id)
    return table, await table.board_after(-1)
