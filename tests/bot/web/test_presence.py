"""A seated player whose table is open is looking at the match: the table tells the chat so
(MatchService.mark_seen(match, user, at_table=True)) when the
socket opens and every PRESENCE_SECONDS while it stays open, and the chat does not ping
them. Spectators and watchers are nobody's seat: they are never marked."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import pytest

from tests.bot.e2e.tally import public_posts
from tests.bot.web.client import TableClient
from tests.bot.web.play import choose
from tests.bot.web.test_hidden import open_seat
from tests.table_stage import table_stage


async def test_an_open_seat_is_marked_at_the_table_while_it_is_open(
        tmp_path: Path, dist: Path, rng: random.Random, monkeypatch: pytest.MonkeyPatch) -> None:
    marks: list[tuple[int, int, bool]] = []
    async with table_stage(tmp_path, dist=dist, rng=rng, presence_seconds=0.1) as stage:
        async def mark_seen(match_id: int, user_id: int, *, at_table: bool = False) -> None:
            marks.append((match_id, user_id, at_table))

        monkeypatch.setattr(stage.bot.services.matches, "mark_seen", mark_seen)
        alice, _ = stage.players
        carol = await TableClient(stage.url).__aenter__()
        session = str((await stage.sign_in(stage.spectator))["session"])
        await carol.hello(session, stage.table.channel.id, stage.world.guild.id)
        async with TableClient(stage.url) as watcher:
            await watcher.send({"t": "watch", "token": stage.watch_url().rsplit("/", 1)[1]})
            await watcher.of("state")
        page = await open_seat(stage, 0)
        await asyncio.sleep(0.55)
        assert set(marks) == {(stage.match_id, alice.id, True)}  # alice only, at the table
        assert len(marks) >= 4
        await page.close()
        await asyncio.sleep(0.1)
        closed_at = len(marks)
        await asyncio.sleep(0.3)
        assert len(marks) == closed_at  # no more once her socket is closed
        await carol.close()


class LaterClock:
    """The time, moved on by the test."""

    def __init__(self) -> None:
        self.ahead = 0.0

    def __call__(self) -> float:
        return time.time() + self.ahead


async def test_no_chat_ping_for_a_player_at_the_table(tmp_path: Path, dist: Path,
                                                      rng: random.Random) -> None:
    clock = LaterClock()
    async with table_stage(tmp_path, dist=dist, rng=rng, clock=clock,
                           presence_seconds=0.1) as stage:
        alice, bob = stage.players
        table = stage.table
        page = await open_seat(stage, 0)  # alice plays at the table, bob in chat
        since = len(stage.emu.log)
        matches = stage.bot.services.matches
        for _ in range(16):
            count = (await matches.get(stage.match_id)).action_count
            view = await page.view_at(count)
            if view["phase"] == "over":
                break
            board = await table.board_after(count - 1)
            # Five minutes on before every move: both players' moves and clicks are old, and
            # only the table (which tells the chat again every PRESENCE_SECONDS) says who is
            # looking.
            clock.ahead += 300.0
            await asyncio.sleep(0.3)
            if 0 in view["to_act"]:
                assert (await page.move(choose(view["legal"], rng, 0.1)["move"], count))[
                    "t"] == "ack"
            else:
                await table.play_one(bob, await table.open_hand(bob, board), rng, 0.1)
        pinged = [post.pinged for post in public_posts(stage.emu, stage.emu.log[since:])]
        assert not any(alice.id in users for users in pinged)  # she is looking at the table
        assert any(bob.id in users for users in pinged)  # he was not, when his turn came
        await page.close()
