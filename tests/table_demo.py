"""The table, locally, in a plain browser: python -m tests.table_demo [--port 8080] [--practice]

Starts the Discord emulator (Activities on), the real bot with its table server on
127.0.0.1:PORT serving table/dist, and a match between alice and bob in a thread of
#general (or alice's practice match against the computer), then prints the URLs to open:
each player's table (the page runs on the SDK's mock and takes its sign-in code from the
URL), a spectator's, and the match's watch link. Codes are good once: press Enter for fresh
URLs (after reloading a page, say). Ctrl-C stops everything.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
import tempfile
from collections.abc import Coroutine, Sequence
from pathlib import Path
from typing import Any

from bot import images
from tests.table_stage import Stage, table_stage


async def _urls(stage: Stage) -> list[str]:
    lines = []
    for user in [*stage.players, stage.spectator]:
        launch = await stage.launch(user)
        role = "plays" if user in stage.players else "watches (a member of the server)"
        lines.append(f"  {user.name} {role}:\n    {stage.page_url(user, launch)}")
    lines.append(f"  anyone, with no login (the watch link):\n    {stage.watch_url()}")
    return lines


async def demo(port: int, practice: bool) -> None:
    """Run the stage until Ctrl-C, printing the URLs to open."""
    with tempfile.TemporaryDirectory(prefix="gwent-table-demo-") as folder:
        async with table_stage(Path(folder), practice=practice, port=port) as stage:
            print(f"The table serves {stage.url} (table/dist). Open:", flush=True)
            loop = asyncio.get_running_loop()
            while True:
                print("\n".join(await _urls(stage)), flush=True)
                print("Enter: fresh URLs. Ctrl-C: stop.", flush=True)
                if not await loop.run_in_executor(None, sys.stdin.readline):
                    await asyncio.Event().wait()  # no terminal: run until stopped


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run the demo."""
    parser = argparse.ArgumentParser(prog="python -m tests.table_demo", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=8080, help="the table's port (8080)")
    parser.add_argument("--practice", action="store_true",
                        help="alice plays the computer instead of bob")
    args = parser.parse_args(argv)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(_closing(demo(args.port, args.practice)))
    return 0


async def _closing(work: Coroutine[Any, Any, None]) -> None:
    try:
        await work
    finally:
        await images.close()


if __name__ == "__main__":
    raise SystemExit(main())
