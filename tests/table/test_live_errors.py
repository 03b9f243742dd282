"""The page shows the real server's refusals clearly: a stale move, a malformed frame, and a
spectator trying to act each come back as an error frame, which the page shows in the
viewer's words, and the table goes on (the frames are slipped into the page's own socket
on its way to the bot)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Page, WebSocketRoute

from tests.table.live import DESKTOP, PHONE, LivePage, chromium, open_page, play_on_page
from tests.table_stage import table_stage

pytestmark = [pytest.mark.timeout(180), pytest.mark.usefixtures("needs_chromium")]


class Tap:
    """The page's socket, passed through to the bot, with a way to add frames of our own."""

    def __init__(self) -> None:
        self.server: WebSocketRoute | None = None

    async def route(self, page: Page) -> None:
        """Pass the page's socket through this tap."""
        await page.route_web_socket("**/api/ws", self._connect)

    def _connect(self, ws: WebSocketRoute) -> None:
        self.server = ws.connect_to_server()

    def send(self, text: str) -> None:
        """Send a frame to the bot as if the page had sent it."""
        assert self.server is not None
        self.server.send(text)


async def open_tapped(browser: Any, url: str, size: dict[str, int]) -> tuple[LivePage, Tap]:
    """A page whose socket goes through a tap."""
    tap = Tap()
    context = await browser.new_context(viewport=size, has_touch=size["width"] < 500)
    page = await context.new_page()
    await tap.route(page)
    live = LivePage(page)
    page.on("websocket", live._socket)
    await page.goto(url)
    await page.wait_for_selector("body[data-ready='1']", timeout=20_000)
    return live, tap


async def shows(live: LivePage, code: str) -> str:
    """Wait for an error frame with `code` and for the page to show its message."""
    frame = await live.wait(lambda: [e for e in live.errors() if e["code"] == code],
                            f"a {code} error frame")
    message: str = frame[-1]["message"]
    assert message
    toast = live.page.locator(".toast.on")
    await toast.wait_for(state="visible")
    assert await toast.inner_text() == message
    return message


async def test_stale_malformed_and_foreign_frames_are_shown_and_change_nothing(
        tmp_path: Path) -> None:
    async with table_stage(tmp_path, rng=random.Random(5)) as stage, chromium() as browser:
        alice, _ = stage.players
        player, tap = await open_tapped(browser, stage.page_url(alice, await stage.launch(alice),
                                                                locale="pl"), PHONE)
        view = player.view()
        assert view is not None
        count = view["action_count"]

        # A move made on a state the match is no longer at.
        tap.send(json.dumps({"t": "move", "id": 900, "expected": count + 3, "move": "keep"}))
        stale = await shows(player, "stale")
        assert "nothing" not in stale.lower()  # in Polish, as the player's locale asks

        tap.send("{not json")
        await shows(player, "malformed")

        watcher, spy = await open_tapped(
            browser, stage.page_url(stage.spectator, await stage.launch(stage.spectator)),
            DESKTOP)
        spy.send(json.dumps({"t": "move", "id": 1, "expected": count, "move": "pass"}))
        await shows(watcher, "not_a_player")

        assert player.view()["action_count"] == count
        # The table goes on: whoever has a move makes it at the table.
        bob_page = await open_page(browser, stage.page_url(stage.players[1],
                                   await stage.launch(stage.players[1])), DESKTOP)
        mover = player if player.view()["legal"] else bob_page
        await play_on_page(mover, mover.view(), set())
        await player.wait_count(count + 1)
