"""A seated player whose table is open is looking at the match: the table tells the chat so
(MatchService.mark_seen(match, user, at_table=True), from the work on chat pings) when the
socket opens and every PRESENCE_SECONDS while it stays open, and the chat does not ping
them. Spectators and watchers are nobody's seat: they are never marked."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bot.service.matches import MatchService
from tests.bot.e2e.tally import public_posts
from tests.bot.web.client import TableClient
from tests.bot.web.test_hidden import open_seat
from tests.table_stage import table_stage

# The real mark_seen comes with the chat-pings branch; until it is merged, the seam is
# checked against a recording stand-in of the same signature.
REAL_MARK_SEEN = hasattr(MatchService, "mark_seen")


async def test_an_open_seat_is_marked_at_the_table_while_it_is_open(
        tmp_path: Path, dist: Path, rng: random.Random, monkeypatch: pytest.MonkeyPatch) -> None:
    marks: list[tuple[int, int, bool]] = []
    async with table_stage(tmp_path, dist=dist, rng=rng, presence_seconds=0.1) as stage:
        async def mark_seen(match_id: int, user_id: int, *, at_table: bool = False) -> None:
            marks.append((match_id, user_id, at_table))

        monkeypatch.setattr(stage.bot.services.matches, "mark_seen", mark_seen, raising=False)
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


@pytest.mark.skipif(not REAL_MARK_SEEN, reason="MatchService.mark_seen comes with the "
                    "chat-pings branch (migration 0012_seen.sql), not merged here yet")
async def test_no_chat_ping_for_a_player_at_the_table(tmp_path: Path, dist: Path,
                                                      rng: random.Random) -> None:
    async with table_stage(tmp_path, dist=dist, rng=rng) as stage:
        alice, bob = stage.players
        page = await open_seat(stage, 0)
        count = page.view()["action_count"]
        assert (await page.move("keep", count))["t"] == "ack"
        table = stage.table
        since = len(stage.emu.log)
        # Bob keeps his hand in chat: round 1 begins, and a board names the first player.
        board = await table.board_after(count + 1)
        hand = await table.hand_for(bob, board)
        keep = next(b for b in hand.buttons if (b.custom_id or "").endswith(":keep"))
        await table.settle(bob.click(hand, custom_id=keep.custom_id))
        await table.board_after(count + 1)
        pinged = {user for post in public_posts(stage.emu, stage.emu.log[since:])
                  for user in post.pinged}
        assert alice.id not in pinged
        await page.close()
