"""Copy a whole Gwent database to another, e.g. from SQLite to PostgreSQL, table by table.

Every table the source holds is copied, whatever later migrations added, in one transaction
on the target, which must be empty; the row counts are checked afterwards. A SQLite source
is read from a snapshot (SQLite's backup), so the file itself is never written.
"""

from __future__ import annotations

import sqlite3
import tempfile
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from bot.storage import Database, StorageError, is_postgresql
from bot.storage.migrations import Migration
from bot.storage.schema import Column, Table, quote, tables
from bot.storage.sql import POSTGRESQL, Connection

BATCH = 5000
SQLITE_SCHEME = "sqlite://"


def location(text: str) -> Path | str:
    """A postgresql:// URL as it is; sqlite:///relative/path, sqlite:////absolute/path or
    a plain path as a SQLite file."""
    if is_postgresql(text):
        return text
    if text.startswith(SQLITE_SCHEME):
        rest = text[len(SQLITE_SCHEME):]
        if not rest.startswith("/"):
            raise StorageError(f"{text!r}: write sqlite:///relative/path or "
                               "sqlite:////absolute/path")
        return Path(rest[1:])
    if "://" in text:
        raise StorageError(f"{text!r} is neither sqlite:///path nor postgresql://...")
    return Path(text)


async def copy_database(source: Path | str, target: Path | str,
                        migrations: list[Migration] | None = None) -> dict[str, int]:
    """Copy every table of `source` into the empty database `target` (both are migrated to
    the latest schema, or to `migrations`, first); return the rows copied per table."""
    async with _opened_source(source, migrations) as origin:
        destination = await Database.open(target, migrations)
        try:
            return await _copy(origin, destination)
        finally:
            await destination.close()


@asynccontextmanager
async def _opened_source(source: Path | str,
                         migrations: list[Migration] | None) -> AsyncIterator[Database]:
    if isinstance(source, str):
        database = await Database.open(source, migrations)
        try:
            yield database
        finally:
            await database.close()
        return
    if not source.is_file():
        raise StorageError(f"There is no SQLite database at {str(source)!r}.")
    with tempfile.TemporaryDirectory(prefix="gwent-copy-") as folder:
        snapshot = Path(folder) / "snapshot.sqlite3"
        _snapshot(source, snapshot)
        database = await Database.open(snapshot, migrations)
        try:
            yield database
        finally:
            await database.close()


def _snapshot(source: Path, snapshot: Path) -> None:
    """A consistent copy of a SQLite file, even while a bot is using it."""
    try:
        with sqlite3.connect(f"file:{source}?mode=ro", uri=True) as origin, \
                sqlite3.connect(snapshot) as copy:
            origin.backup(copy)
    except sqlite3.Error as error:
        raise StorageError(f"{str(source)!r} cannot be read as a SQLite database "
                           f"({error}).") from error


async def _copy(origin: Database, destination: Database) -> dict[str, int]:
    async with origin.reading() as source_repo:
        source = source_repo.connection
        wanted = await tables(source)
        async with destination.transaction() as target_repo:
            target = target_repo.connection
            present = {t.name: t for t in await tables(target)}
            _check_same_tables(wanted, present, destination.where)
            for table in wanted:
                if await _count(target, table.name):
                    raise StorageError(f"{destination.where} already holds data (table "
                                       f"{table.name!r}): copy into an empty database.")
            copied = {}
            for table in wanted:
                copied[table.name] = await _copy_table(source, target, table,
                                                       present[table.name])
            for table in wanted:
                if await _count(target, table.name) != await _count(source, table.name):
                    raise StorageError(f"table {table.name!r} did not copy completely; "
                                       "nothing was written.")
            if target.dialect == POSTGRESQL:
                await _restart_identities(target, present.values())
    return copied


def _check_same_tables(wanted: list[Table], present: dict[str, Table], where: str) -> None:
    for table in wanted:
        mine = present.get(table.name)
        if mine is None:
            raise StorageError(f"{where} has no table {table.name!r}: is it from an older "
                               "version of the bot?")
        missing = {c.name for c in table.columns} - {c.name for c in mine.columns}
        if missing:
            raise StorageError(f"{where} has no column {sorted(missing)[0]!r} in table "
                               f"{table.name!r}.")


async def _count(conn: Connection, table: str) -> int:
    row = await conn.fetchone(f"SELECT COUNT(*) FROM {quote(table)}")
    return 0 if row is None else int(row[0])


async def _copy_table(source: Connection, target: Connection, table: Table,
                      into: Table) -> int:
    """Copy a table in batches, in primary key order; return the rows copied."""
    names = [c.name for c in table.columns]
    types = {c.name: c for c in into.columns}
    columns = ", ".join(quote(n) for n in names)
    order = ", ".join(quote(n) for n in (table.primary_key or names))
    select = f"SELECT {columns} FROM {quote(table.name)} ORDER BY {order} LIMIT ? OFFSET ?"
    insert = (f"INSERT INTO {quote(table.name)} ({columns}) "
              f"VALUES ({', '.join('?' for _ in names)})")
    copied = 0
    while True:
        rows = await source.fetchall(select, (BATCH, copied))
        if not rows:
            return copied
        await target.executemany(insert, [
            tuple(_fit(row[i], types[name]) for i, name in enumerate(names)) for row in rows])
        copied += len(rows)


def _fit(value: Any, column: Column) -> Any:
    """A value in the Python type the target column's driver expects (SQLite may keep a
    whole number in a REAL column as an integer)."""
    if value is None:
        return None
    if column.type in ("double precision", "real") and isinstance(value, int):
        return float(value)
    if column.type in ("bigint", "integer", "smallint") and isinstance(value, float) \
            and value.is_integer():
        return int(value)
    return value


async def _restart_identities(target: Connection, found: Iterable[Table]) -> None:
    """Let PostgreSQL number new rows after the highest copied id."""
    for table in found:
        for column in table.columns:
            if column.identity:
                await target.fetchone(
                    f"SELECT setval(pg_get_serial_sequence(?, ?), "
                    f"COALESCE(MAX({quote(column.name)}), 0) + 1, false) "
                    f"FROM {quote(table.name)}", (quote(table.name), column.name))
