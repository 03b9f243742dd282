"""Before the match starts (the players choose their decks in chat), the table says so and
has a Ready button, which readies the player as the lobby's does (against the real bot)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.table.browser import chromium_missing
from tests.table.live import PHONE, chromium, open_page
from tests.table_stage import table_stage

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(autouse=True)
def needs_chromium() -> None:
    """Skip, saying how to install it, where Debian's Chromium is missing."""
    missing = chromium_missing()
    if missing:
        pytest.skip(f"Table browser tests skipped: {missing}")


async def test_ready_at_the_table_readies_the_player(tmp_path: Path) -> None:
    async with table_stage(tmp_path, ready=False) as stage, chromium() as browser:
        alice = stage.players[0]
        page = await open_page(browser, stage.page_url(alice, await stage.launch(alice)), PHONE)
        view = page.view()
        assert view is not None and view["phase"] == "choosing"
        seat = page.welcome["seat"]
        assert view["sides"][seat]["ready"] is False
        status = page.page.locator(".mid .status")
        assert await status.inner_text() == view["status"]
        await page.page.get_by_role("button", name=page.text("ready"), exact=True).tap()
        await page.wait(lambda: (v := page.view()) and v["sides"][seat]["ready"],
                        "the player ready")
        tag = page.page.locator(".side.me .tag.ready")
        await tag.wait_for(state="visible")
        assert await page.page.get_by_role("button", name=page.text("ready"),
                                           exact=True).count() == 0
        assert page.errors() == []
