"""Maintenance commands for the bot's database.

python -m bot.tools recompute-ratings [--database PATH] [--check]
    Rebuild ranked play (faction MMR, ranks, ladders, what each match changed) from the
    stored results, in the order they were rated, with the current rules. --check only
    compares and exits 1 when the stored values differ from the recomputed ones.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from bot.config import DEFAULT_DATABASE_PATH
from bot.service.recompute import Recomputed, recompute
from bot.storage import Database, StorageError


async def _recompute(path: Path, check: bool) -> Recomputed:
    db = await Database.open(path)
    try:
        return await recompute(db, write=not check)
    finally:
        await db.close()


def main(argv: Sequence[str] | None = None) -> int:
    """Run one maintenance command."""
    parser = argparse.ArgumentParser(prog="python -m bot.tools", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("recompute-ratings",
                                  help="rebuild ranked play from the stored results")
    default = os.environ.get("DATABASE_PATH", "").strip() or str(DEFAULT_DATABASE_PATH)
    command.add_argument("--database", type=Path, default=Path(default),
                         help=f"the SQLite database (default {default})")
    command.add_argument("--check", action="store_true",
                         help="compare only; exit 1 if the stored values differ")
    args = parser.parse_args(argv)
    if not args.database.is_file():
        print(f"gwent: there is no database at {args.database}.", file=sys.stderr)
        return 1
    start = time.perf_counter()
    try:
        done = asyncio.run(_recompute(args.database, args.check))
    except StorageError as error:
        print(f"gwent: {error}", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - start
    differing = ", ".join(f"{table} {count}" for table, count in done.differences.items())
    if done.equal:
        print(f"{done.results} results rated again in {seconds:.1f} s: the stored ratings "
              "equal the recomputed ones.")
        return 0
    if args.check:
        print(f"{done.results} results rated again in {seconds:.1f} s: rows differing per "
              f"table: {differing}.")
        return 1
    print(f"{done.results} results rated again in {seconds:.1f} s: replaced the differing "
          f"rows ({differing}).")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
