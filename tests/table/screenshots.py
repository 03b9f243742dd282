"""The README's pictures of the table: a phone (360x640) and a desktop (1280x720) page of
the same match, against the real bot and the emulator.

    python -m tests.table.screenshots [--out docs]

Both players make their first moves in chat (redraws, cards played, nobody passing), then
the phone shows the table of the player to move, a card of theirs chosen so the rows it
may go to light up, and the desktop the other player's.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
from pathlib import Path

from tests.bot.e2e.driver import MOVE, enabled, to_act
from tests.table.live import DESKTOP, PHONE, chromium, open_page
from tests.table_stage import table_stage

MOVES = 9


async def shoot(out: Path) -> list[Path]:
    """Play the opening in chat, open both seats, save the two pictures."""
    rng = random.Random(8)
    with tempfile.TemporaryDirectory() as workdir:
        async with table_stage(Path(workdir), rng=rng) as stage, chromium() as browser:
            moves = 0
            while moves < MOVES:
                board = await stage.table.board_after(-1)
                for uid in to_act(board):
                    hand = await stage.table.hand_for(stage.table.players[uid], board)
                    if enabled(hand, MOVE) or [s for s in hand.selects if not s.disabled]:
                        await stage.table.play_one(stage.table.players[uid], hand, rng,
                                                   pass_bias=0.0)
                        moves += 1
                        break
                else:
                    await asyncio.sleep(0.2)
            opened = {}
            for user in stage.players:
                launch = await stage.launch(user)
                for size in (PHONE, DESKTOP):
                    opened[user.id, size["width"]] = await open_page(
                        browser, stage.page_url(user, launch), size)
            await asyncio.sleep(1.0)
            mover = next(u.id for u in stage.players
                         if opened[u.id, PHONE["width"]].view()["legal"])
            other = next(u.id for u in stage.players if u.id != mover)
            pages = [opened[mover, PHONE["width"]], opened[other, DESKTOP["width"]]]
            phone = pages[0].page
            cards = phone.locator(".hand .card.playable")
            for index in range(await cards.count()):
                await cards.nth(index).tap()
                if await phone.locator(".row.lit").count():
                    break
                # No row to light: Cancel, and try the next card.
                await phone.locator(f".actions .act >> text={pages[0].text('cancel')}").tap()
            await asyncio.sleep(0.5)
            paths = [out / "table-phone.png", out / "table-desktop.png"]
            for page, path in zip(pages, paths, strict=True):
                await page.page.screenshot(path=str(path))
            return paths


def main() -> None:
    """Save the pictures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs"))
    args = parser.parse_args()
    for path in asyncio.run(shoot(args.out)):
        print(path)


if __name__ == "__main__":
    main()
