"""python -m bot.tools COMMAND: operator tools."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence

from bot.storage import StorageError
from bot.storage.postgres import describe
from bot.tools.copy_db import copy_database, location


def main(argv: Sequence[str] | None = None) -> int:
    """Run one tool; problems print one line and exit 1."""
    parser = argparse.ArgumentParser(prog="python -m bot.tools")
    commands = parser.add_subparsers(dest="command", required=True)
    copy = commands.add_parser(
        "copy-db", help="copy every table of one database into an empty one",
        description="Copy every table of a Gwent database into an empty one (e.g. from SQLite "
                    "to PostgreSQL), in one transaction, checking the row counts. Stop the "
                    "bot first, copy, then start it with the new database.")
    copy.add_argument("--from", dest="source", required=True,
                      help="sqlite:///relative/path, sqlite:////absolute/path or "
                           "postgresql://user:password@host:port/database")
    copy.add_argument("--to", dest="target", required=True, help="the same forms")
    args = parser.parse_args(argv)
    try:
        source, target = location(args.source), location(args.target)
        copied = asyncio.run(copy_database(source, target))
    except StorageError as error:
        print(f"gwent: {error}", file=sys.stderr)
        return 1
    shown = describe(target) if isinstance(target, str) else str(target)
    print(f"Copied {sum(copied.values())} rows in {len(copied)} tables to {shown}:")
    for table, rows in copied.items():
        print(f"  {table:<24}{rows:>10}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
