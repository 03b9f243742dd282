"""Numbered plain-SQL migrations, applied in one transaction and tracked by PRAGMA user_version."""

from __future__ import annotations

import itertools
import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import aiosqlite

MIGRATIONS_DIR = Path(__file__).resolve().parents[2] / "migrations"
# PRAGMA application_id marks the file as ours ("Gwnt"), so a foreign database is recognised.
APPLICATION_ID = 0x47776E74
_NAME = re.compile(r"(\d{4})_[a-z0-9_]+\.sql")


class StorageError(Exception):
    """The database cannot be used; the message says why and what to do."""


@dataclass(frozen=True)
class Migration:
    """One schema step: version N is the file NNNN_name.sql."""

    version: int
    name: str
    sql: str


def load_migrations(folder: Path = MIGRATIONS_DIR) -> list[Migration]:
    """Read the migration files in number order. Numbers may be skipped (they are reserved
    for work still under way elsewhere) but never repeated."""
    found = []
    for path in sorted(folder.glob("*.sql")):
        match = _NAME.fullmatch(path.name)
        if match is None:
            raise StorageError(f"migration file {path.name!r} is not named NNNN_name.sql")
        found.append(Migration(int(match.group(1)), path.name, path.read_text(encoding="utf-8")))
    for before, migration in itertools.pairwise(found):
        if migration.version == before.version:
            raise StorageError(f"migrations {before.name} and {migration.name} have the same "
                               "number")
    if found and found[0].version < 1:
        raise StorageError(f"migration {found[0].name} should be number 0001 or more")
    return found


async def schema_version(conn: aiosqlite.Connection, where: str) -> int:
    """Return the file's schema version, refusing files that are not Gwent databases."""
    application_id = await _pragma(conn, "application_id")
    version = await _pragma(conn, "user_version")
    if application_id == APPLICATION_ID:
        return version
    if application_id != 0:
        raise StorageError(f"{where} belongs to another application (application_id "
                           f"{application_id:#x}); point DATABASE_PATH at another file.")
    tables = await conn.execute_fetchall("SELECT name FROM sqlite_master LIMIT 1")
    if version or list(tables):
        raise StorageError(f"{where} holds tables that are not a Gwent database; point "
                           "DATABASE_PATH at another file.")
    return 0


async def migrate(conn: aiosqlite.Connection, migrations: list[Migration], where: str) -> int:
    """Bring the schema up to date in one transaction; return the version reached (the
    number of the last migration applied)."""
    current = await schema_version(conn, where)
    latest = migrations[-1].version if migrations else 0
    if current > latest:
        raise StorageError(f"{where} has schema version {current}, but this bot knows only "
                           f"up to {latest}: it was written by a newer version of the bot. "
                           "Upgrade the bot, or point DATABASE_PATH at another file.")
    pending = [m for m in migrations if m.version > current]
    if not pending:
        return current
    # executescript() runs the whole script; BEGIN inside it keeps every step in one transaction.
    script = "\n".join(["BEGIN IMMEDIATE;", *(m.sql for m in pending),
                        f"PRAGMA application_id = {APPLICATION_ID};",
                        f"PRAGMA user_version = {latest};", "COMMIT;"])
    try:
        await conn.executescript(script)
    except sqlite3.Error as error:
        if conn.in_transaction:
            await conn.rollback()
        names = ", ".join(m.name for m in pending)
        raise StorageError(f"applying {names} to {where} failed ({error}); the database was "
                           "left unchanged.") from error
    return latest


async def _pragma(conn: aiosqlite.Connection, name: str) -> int:
    rows = list(await conn.execute_fetchall(f"PRAGMA {name}"))
    return int(rows[0][0])
