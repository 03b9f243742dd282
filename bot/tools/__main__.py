"""python -m bot.tools COMMAND: operator tools.

copy-db --from WHERE --to WHERE
    Copy every table of a Gwent database into an empty one (e.g. from SQLite to PostgreSQL).
extract-messages
    Update the message templates (bot/i18n/locales/*.pot) and every language's catalogue
    from the code, the card data and the slash commands, and say how much is translated.
check-messages
    List what is wrong in the catalogues (missing or extra keys, placeholders, plural forms,
    Discord's limits and naming rules); exits 1 if anything is.
recompute-ratings [--database WHERE] [--check]
    Rebuild ranked play (faction MMR, ranks, ladders, what each match changed) from the
    stored results, in the order they were rated, with the current rules. --check only
    compares and exits 1 when the stored values differ from the recomputed ones.

WHERE is sqlite:///relative/path, sqlite:////absolute/path, a plain file path, or
postgresql://user:password@host:port/database.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Sequence

from bot.config import DEFAULT_DATABASE_PATH
from bot.storage import StorageError
from bot.storage.postgres import describe
from bot.tools.copy_db import copy_database, location
from bot.tools.recompute_ratings import default_database, recompute_ratings


def main(argv: Sequence[str] | None = None) -> int:
    """Run one tool; problems print one line and exit 1."""
    parser = argparse.ArgumentParser(prog="python -m bot.tools", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
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
    ratings = commands.add_parser(
        "recompute-ratings", help="rebuild ranked play from the stored results",
        description="Rate every stored result again, in the order they were rated, with the "
                    "current rules, and replace the stored ratings that differ (in one "
                    "transaction, so the bot may keep running).")
    ratings.add_argument("--database", default=default_database(os.environ),
                         help="a SQLite file (also sqlite:///path) or a postgresql:// URL "
                              "(default: DATABASE_URL if set, else DATABASE_PATH, else "
                              f"{DEFAULT_DATABASE_PATH})")
    ratings.add_argument("--check", action="store_true",
                         help="compare only; exit 1 if the stored values differ")
    commands.add_parser("extract-messages", help="update the message templates and catalogues")
    commands.add_parser("check-messages", help="list what is wrong in the message catalogues")
    args = parser.parse_args(argv)
    if args.command in ("extract-messages", "check-messages"):
        return _messages(args.command)
    try:
        if args.command == "recompute-ratings":
            return recompute_ratings(location(args.database), args.check)
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


def _messages(command: str) -> int:
    from bot.tools.messages import check_messages, extract_messages  # imports discord.py

    lines = extract_messages() if command == "extract-messages" else check_messages()
    for line in lines:
        print(line)
    return 1 if command == "check-messages" and lines else 0


if __name__ == "__main__":
    sys.exit(main())
