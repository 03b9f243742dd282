"""The table against the real bot, its web server and the Discord emulator, in Chromium:
two pages play a whole match (one on a phone, one on a desktop) while one player also moves
in chat; a third page spectates and never receives a hand; a watch link follows and stops
at the match's end."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from tests.bot.e2e.conftest import no_bot_errors
from tests.table.live import (
    DESKTOP,
    PHONE,
    LivePage,
    chromium,
    hands_in,
    open_page,
    play_on_page,
)
from tests.table_stage import Stage, table_stage

__all__ = ["no_bot_errors"]

pytestmark = [pytest.mark.timeout(240), pytest.mark.usefixtures("needs_chromium", "no_bot_errors")]
MAX_MOVES = 80
# Every this many moves, the player moves in chat instead of at the table.
CHAT_EVERY = 5


async def chat_move(stage: Stage, user: Any, rng: random.Random, count: int) -> None:
    """One move in chat at action `count`, through the player's hand view, as the chat
    tests make them (once the chat shows the match at that action)."""
    board = await stage.table.board_after(count - 1)
    hand = await stage.table.hand_for(user, board)
    await stage.table.play_one(user, hand, rng, pass_bias=0.5)


async def test_two_pages_play_a_match_with_chat_moves_a_spectator_and_a_watch_link(
        tmp_path: Path) -> None:
    rng = random.Random(31)
    async with table_stage(tmp_path, rng=rng) as stage, chromium() as browser:
        alice, bob = stage.players
        seats: dict[int, LivePage] = {}
        for user, size in ((alice, PHONE), (bob, DESKTOP)):
            launch = await stage.launch(user)
            seats[user.id] = await open_page(browser, stage.page_url(user, launch), size)
        spectator_launch = await stage.launch(stage.spectator)
        spectator = await open_page(browser, stage.page_url(stage.spectator, spectator_launch),
                                    PHONE)
        watcher = await open_page(browser, stage.watch_url(), DESKTOP)
        assert spectator.welcome["seat"] is None and watcher.welcome["seat"] is None
        assert {seats[u.id].welcome["seat"] for u in (alice, bob)} == {0, 1}

        played: set[tuple[int, int]] = set()
        by_chat = by_table = 0
        for step in range(MAX_MOVES):
            views = {uid: page.view() for uid, page in seats.items()}
            if all(v is not None and v["phase"] == "over" for v in views.values()):
                break
            [(uid, view)] = [(uid, v) for uid, v in views.items() if v and v["legal"]][:1]
            count = view["action_count"]
            user = alice if uid == alice.id else bob
            if step % CHAT_EVERY == CHAT_EVERY - 1 and view["phase"] == "playing":
                await chat_move(stage, user, rng, count)
                by_chat += 1
            else:
                await play_on_page(seats[uid], view, played)
                by_table += 1
            for page in (*seats.values(), spectator):
                await page.wait_count(count + 1)
        else:
            raise AssertionError("the match did not end")

        final = {uid: page.view() for uid, page in seats.items()}
        assert all(v is not None and v["phase"] == "over" for v in final.values())
        assert by_chat >= 1 and by_table >= 6
        for page in seats.values():
            await page.page.wait_for_selector(".sheet[data-name='result']")
            assert page.errors() == []
        await spectator.wait(lambda: spectator.view()["phase"] == "over", "the spectator's end")
        assert hands_in(spectator.frames) == [], "a spectator's frame held a hand"
        assert hands_in(watcher.frames) == [], "a watch link's frame held a hand"
        # The watch link stops at the match's end, and says so.
        expired = await watcher.wait(
            lambda: [e for e in watcher.errors() if e["code"] == "watch_expired"],
            "the watch link to end")
        notice = watcher.page.locator(".conn.final")
        await notice.wait_for(state="visible")
        assert await notice.inner_text() == expired[0]["message"]
        assert watcher.sockets == 1  # it does not reconnect to an ended match
