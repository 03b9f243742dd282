"""Against the real bot: the table shows every card's and leader's portrait from the bot's
own /art/ route, and the browser keeps them: the same table opened again loads none of them
from the bot."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.table.live import DESKTOP, chromium, open_page
from tests.table_stage import table_stage

pytestmark = [pytest.mark.timeout(120), pytest.mark.usefixtures("needs_chromium")]

LOADED = """() => {
  const arts = [...document.querySelectorAll(".card img.art, .lportrait img.art")];
  return arts.length >= 12 && arts.every((a) => a.complete && a.naturalWidth === 128);
}"""
# The portraits this page fetched: (address, bytes that crossed the network).
FETCHED = """() => performance.getEntriesByType("resource")
  .filter((e) => new URL(e.name).pathname.startsWith("/art/"))
  .map((e) => [new URL(e.name).pathname + new URL(e.name).search, e.transferSize])"""


async def test_portraits_come_from_the_bot_and_the_browser_keeps_them(tmp_path: Path) -> None:
    async with table_stage(tmp_path) as stage, chromium() as browser:
        alice = stage.players[0]
        first = await open_page(browser, stage.page_url(alice, await stage.launch(alice)),
                                DESKTOP)
        await first.page.wait_for_function(LOADED)
        fetched = dict(await first.page.evaluate(FETCHED))
        hand = first.view()["sides"][first.welcome["seat"]]["hand"]
        assert {f"/art/{c['card_id']}.png?size=128" for c in hand} <= set(fetched)
        assert all(size > 0 for size in fetched.values())  # from the bot, the first time

        again = await first.page.context.new_page()
        await again.goto(stage.page_url(alice, await stage.launch(alice)))
        await again.wait_for_selector("body[data-ready='1']", timeout=20_000)
        await again.wait_for_function(LOADED)
        kept = dict(await again.evaluate(FETCHED))
        assert kept.keys() == fetched.keys()
        assert set(kept.values()) == {0}, kept  # every one from the browser's cache
