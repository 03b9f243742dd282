"""The README's pictures of the table: a phone (360x640) and a desktop (1280x720) page of
the same match, against the real bot and the emulator.

    python -m tests.table.screenshots [--out docs]

Both players make their first moves in chat (redraws, cards played, nobody passing), then
both pictures show the table of the player to move, with every portrait loaded and a card
of theirs chosen so the rows it may go to light up with what each adds (a card with a
choice of rows when they hold one).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
from pathlib import Path

from tests.bot.e2e.driver import MOVE, enabled, to_act
from tests.table.gallery import SETTLED
from tests.table.live import DESKTOP, PHONE, LivePage, chromium, open_page, tap
from tests.table_stage import table_stage

MOVES = 14


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
            paths = [out / "table-phone.png", out / "table-desktop.png"]
            for size, path in zip((PHONE, DESKTOP), paths, strict=True):
                live = opened[mover, size["width"]]
                await choose_a_card(live)
                await live.page.wait_for_function(SETTLED)
                await live.page.screenshot(path=str(path))
            return paths


async def choose_a_card(live: LivePage) -> None:
    """Tap the card whose rows light up best: one with a choice of rows, else any that
    lights a row."""
    view = live.view()
    assert view is not None
    rows: dict[int, int] = {}
    for move in view["legal"]:
        if move["kind"] == "play" and move["row"] is not None:
            rows[move["uid"]] = rows.get(move["uid"], 0) + 1
    ranked = dict.fromkeys(sorted(rows, key=lambda uid: -rows[uid]) + [
        m["uid"] for m in view["legal"] if m["kind"] == "play"])
    for uid in ranked:
        await tap(live, f".hand .card[data-uid='{uid}']")
        if await live.page.locator(".row.lit").count():
            return
        await tap(live, f".actions .act >> text={live.text('cancel')}")
    raise AssertionError("no card of the hand lights a row")


def main() -> None:
    """Save the pictures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs"))
    args = parser.parse_args()
    for path in asyncio.run(shoot(args.out)):
        print(path)


if __name__ == "__main__":
    main()
