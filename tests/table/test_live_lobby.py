"""Against the real bot: before the match starts (the players choose their decks in chat),
the table says so and its Ready button readies the player as the lobby's does; Forfeit asks
first, and then ends the match, in chat too."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.table.live import PHONE, LivePage, chromium, open_page
from tests.table_stage import table_stage

pytestmark = [pytest.mark.timeout(120), pytest.mark.usefixtures("needs_chromium")]


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


async def open_menu(page: LivePage) -> None:
    """Tap the menu button on top: the redraw's, while it is open, else the table's."""
    on_top = page.page.locator(".sheet:not([hidden]) .act.menu")
    await (on_top if await on_top.count() else page.page.locator(".actions .act.menu")).tap()


async def test_forfeit_asks_first_then_ends_the_match(tmp_path: Path) -> None:
    async with table_stage(tmp_path) as stage, chromium() as browser:
        alice = stage.players[0]
        page = await open_page(browser, stage.page_url(alice, await stage.launch(alice)), PHONE)
        seat = page.welcome["seat"]
        await open_menu(page)
        await page.page.get_by_role("button", name=page.text("forfeit"), exact=True).tap()
        sheet = page.page.locator(".sheet[data-name='forfeit']")
        await sheet.wait_for(state="visible")
        assert page.text("forfeit_confirm") in await sheet.inner_text()
        await page.page.get_by_role("button", name=page.text("cancel"), exact=True).tap()
        await page.page.locator(".sheet[data-name='redraw']").wait_for(state="visible")
        assert page.view()["phase"] != "over"  # the redraw is back, the match goes on

        await open_menu(page)
        await page.page.get_by_role("button", name=page.text("forfeit"), exact=True).tap()
        await page.page.get_by_role("button", name=page.text("forfeit_yes"), exact=True).tap()
        over = await page.wait(lambda: (v := page.view()) and v["phase"] == "over" and v,
                               "the match to end")
        assert over["forfeited_by"] == seat
        await page.page.wait_for_selector(".sheet[data-name='result']")
        # The chat says so too: the match's result is posted in its thread.
        await stage.table.board_after(10_000)


async def test_a_leaders_text_is_shown_as_written_with_its_bold_words(tmp_path: Path) -> None:
    async with table_stage(tmp_path) as stage, chromium() as browser:
        alice = stage.players[0]
        page = await open_page(browser, stage.page_url(alice, await stage.launch(alice)), PHONE)
        seat = page.welcome["seat"]
        leader = page.view()["sides"][seat]["leader"]["card_id"]
        text = page.welcome["cards"][leader]["text"]
        assert "**" in text  # the server writes Discord's bold
        await page.page.locator(".sheet:not([hidden]) .act.menu").wait_for()
        await page.page.evaluate("document.querySelector('.side.me .leader').click()")
        sheet = page.page.locator(".sheet[data-name='leader']")
        await sheet.wait_for(state="visible")
        shown = await sheet.inner_text()
        assert "**" not in shown and page.welcome["cards"][leader]["name"] in shown
        assert await sheet.locator(".peek-text b").count() >= 1
