"""python -m bot.tools recompute-ratings: rebuild ranked play (faction MMR, ranks, ladders,
what each match changed) from the stored results, in the order they were rated, with the
current rules; on either backend."""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Mapping
from pathlib import Path

from bot.config import DEFAULT_DATABASE_PATH
from bot.service.recompute import Recomputed, recompute
from bot.storage import Database


def default_database(env: Mapping[str, str]) -> str:
    """Where the bot keeps its data: DATABASE_URL if set, else DATABASE_PATH, else the
    default SQLite file."""
    return (env.get("DATABASE_URL", "").strip() or env.get("DATABASE_PATH", "").strip()
            or str(DEFAULT_DATABASE_PATH))


async def _recompute(database: Path | str, check: bool) -> Recomputed:
    db = await Database.open(database)
    try:
        return await recompute(db, write=not check)
    finally:
        await db.close()


def recompute_ratings(database: Path | str, check: bool) -> int:
    """Recompute (or with `check` only compare) and print what was found; return the exit
    status: 1 when `check` finds differing rows or there is no database (raises
    StorageError when the database cannot be used)."""
    if isinstance(database, Path) and not database.is_file():
        print(f"gwent: there is no database at {database}.", file=sys.stderr)
        return 1
    start = time.perf_counter()
    done = asyncio.run(_recompute(database, check))
    seconds = time.perf_counter() - start
    differing = ", ".join(f"{table} {count}" for table, count in done.differences.items())
    if done.equal:
        print(f"{done.results} results rated again in {seconds:.1f} s: the stored ratings "
              "equal the recomputed ones.")
        return 0
    if check:
        print(f"{done.results} results rated again in {seconds:.1f} s: rows differing per "
              f"table: {differing}.")
        return 1
    print(f"{done.results} results rated again in {seconds:.1f} s: replaced the differing "
          f"rows ({differing}).")
    return 0
