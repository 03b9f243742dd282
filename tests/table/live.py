"""Pages of the table opened in Chromium against the real bot (tests/table_stage.py), with
every frame their socket receives, and moves made the way a player makes them: taps on the
page."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from playwright.async_api import Browser, Page, WebSocket, async_playwright

from tests.table.browser import ARGS, CHROMIUM

PHONE = {"width": 360, "height": 640}
DESKTOP = {"width": 1280, "height": 720}
Json = dict[str, Any]


@asynccontextmanager
async def chromium() -> AsyncIterator[Browser]:
    """Debian's Chromium, headless, for async tests."""
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield browser
        finally:
            await browser.close()


@dataclass
class LivePage:
    """A table page and the frames its sockets received (JSON-decoded, in order)."""

    page: Page
    frames: list[Json] = field(default_factory=list)
    sockets: int = 0

    def _socket(self, ws: WebSocket) -> None:
        self.sockets += 1
        ws.on("framereceived", lambda payload: self.frames.append(json.loads(payload)))

    @property
    def welcome(self) -> Json:
        """The newest welcome frame."""
        return [f for f in self.frames if f["t"] == "welcome"][-1]

    def text(self, key: str) -> str:
        """One of the page's words, as the server sent them."""
        found: str = self.welcome["texts"][key]
        return found

    def view(self) -> Json | None:
        """The newest state's view."""
        states = [f for f in self.frames if f["t"] == "state"]
        return states[-1]["view"] if states else None

    def errors(self) -> list[Json]:
        """Every error frame received."""
        return [f for f in self.frames if f["t"] == "error"]

    async def wait(self, test: Any, what: str, timeout: float = 15.0) -> Any:
        """Wait until `test()` gives something true, and return it."""
        deadline = time.monotonic() + timeout
        while True:
            found = test()
            if found:
                return found
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what}; last frames: "
                                     f"{[f['t'] for f in self.frames[-8:]]}")
            await asyncio.sleep(0.05)

    async def wait_count(self, count: int, timeout: float = 15.0) -> Json:
        """Wait for a state at or after action count `count`."""
        return await self.wait(
            lambda: (v := self.view()) is not None and v["action_count"] >= count and v,
            f"a state at action {count}", timeout)


async def open_page(browser: Browser, url: str, size: dict[str, int],
                    reduced_motion: bool = False) -> LivePage:
    """Open `url` in a fresh context of that size (a touch phone when narrow) and wait for
    the table to be drawn."""
    phone = size["width"] < 500
    context = await browser.new_context(
        viewport=size, has_touch=phone, is_mobile=phone,
        reduced_motion="reduce" if reduced_motion else "no-preference")
    page = await context.new_page()
    live = LivePage(page)
    page.on("websocket", live._socket)
    await page.goto(url)
    await page.wait_for_selector("body[data-ready='1']", timeout=20_000)
    return live


def mover(view: Json) -> bool:
    """Whether this viewer has a move to make now."""
    return bool(view["legal"])


async def tap(live: LivePage, selector: str) -> None:
    """Tap (or click) what `selector` finds, once it is there."""
    locator = live.page.locator(selector).first
    await locator.wait_for(state="visible", timeout=10_000)
    if live.page.viewport_size and live.page.viewport_size["width"] < 500:
        await locator.tap()
    else:
        await locator.click()


async def play_on_page(live: LivePage, view: Json, played: set[tuple[int, int]]) -> str:
    """Make one move through the page as a player would, and return the move's text: who
    goes first, a redraw and then Keep, a pending choice, one card a round (by the row the
    page lights up, or its Play button), else Pass."""
    legal = view["legal"]
    kinds = {m["kind"] for m in legal}
    if "first" in kinds:
        await tap(live, ".sheet[data-name='first'] .act")
        return "first"
    if "mulligan" in kinds and view["sides"][view["seat"]]["mulligans_left"] == 2:
        await tap(live, ".sheet[data-name='redraw'] .options .card:not([disabled])")
        return "mulligan"
    if "keep" in kinds:
        await tap(live, f".sheet[data-name='redraw'] .act >> text={live.text('keep')}")
        return "keep"
    if "choose" in kinds:
        await tap(live, ".sheet[data-name='choice'] .options .card")
        await asyncio.sleep(0.2)
        if await live.page.locator(".row.lit").count():
            await tap(live, ".row.lit")
        return "choose"
    plays = [m for m in legal if m["kind"] == "play"]
    key = (view["round"], view["seat"])
    if plays and key not in played:
        played.add(key)
        move = plays[0]
        await tap(live, f".hand .card[data-uid='{move['uid']}']")
        if move["target"] is not None:
            await tap(live, f".lane .card.target[data-uid='{move['target']}']")
        elif await live.page.locator(f".row.lit[data-move='{move['move']}']").count():
            await tap(live, f".row.lit[data-move='{move['move']}']")
        else:
            await tap(live, ".actions .act.primary")
        return move["move"]
    await tap(live, f".actions .act >> text={live.text('pass')}")
    return "pass"


def hands_in(frames: list[Json]) -> list[Json]:
    """Every hand, redraw count or card seen in a hand that these frames carry."""
    found = []
    for frame in frames:
        if frame["t"] != "state":
            continue
        for side in frame["view"].get("sides", ()):
            if side.get("hand") is not None or side.get("mulligans_left") is not None \
                    or side.get("seen"):
                found.append(side)
        if frame["view"].get("legal"):
            found.append({"legal": frame["view"]["legal"]})
    return found
