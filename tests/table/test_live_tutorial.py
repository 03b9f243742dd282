"""The tutorial at the table, against the real bot: its hints come in the state frames and
the page shows each above the table, its arrow on the card (or the button: Keep this hand,
Pass, Leader) it names, and the computer's moves arrive by themselves."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.e2e.driver import Table
from tests.table.live import PHONE, chromium, open_page, play_on_page
from tests.table_stage import THREAD, Stage, table_stage

pytestmark = [pytest.mark.timeout(180), pytest.mark.usefixtures("needs_chromium")]
MOVES = 6


async def test_the_tutorials_hints_point_at_their_cards(tmp_path: Path) -> None:
    async with table_stage(tmp_path) as stage, chromium() as browser:
        # Carol, who plays no match there, starts the tutorial in a thread of its own.
        carol = stage.spectator
        started = await carol.slash(stage.world.channel, "gwent tutorial").message()
        found = THREAD.search(started.content)
        assert found is not None, started.content
        table = Table(stage.emu, {carol.id: carol}, stage.emu.store.channels[int(found[1])])
        board = await table.board_after(-1)
        tutorial = Stage(stage.emu, stage.bot, stage.world, stage.url, table, board)
        page = await open_page(browser, tutorial.page_url(carol, await tutorial.launch(carol)),
                               PHONE)
        pointed = hinted = 0
        for _ in range(MOVES):
            view = await page.wait(lambda: (v := page.view()) and v["legal"] and v,
                                   "carol's turn", timeout=30)
            hint = view["hint"]
            if hint is None:
                await play_on_page(page, view, set())
                await page.wait_count(view["action_count"] + 1)
                continue
            hinted += 1
            box = page.page.locator(".hintbox")
            await box.wait_for(state="visible")
            # Its words, as written, without Discord's asterisks around the bold ones.
            assert hint["text"].replace("**", "") in await box.inner_text()
            marked = (page.page.locator(f".card.hinted[data-uid='{hint['uids'][0]}']")
                      if hint["uids"] else
                      page.page.locator(f".hinted[data-move='{hint['move']}']")
                      if hint["move"] else None)
            if marked is not None:
                assert await marked.count() == 1, f"the hint's target is not marked: {hint}"
                assert await box.get_attribute("data-pointing") == "1"
                pointed += 1
            if view["phase"] == "over":
                break
            await play_on_page(page, view, set())
            await page.wait_count(view["action_count"] + 1)
        assert hinted >= 3 and pointed >= 2
