"""SQLite: one file in WAL mode, checked, migrated (tracked by PRAGMA user_version), and used
one statement at a time by one process."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage.database import Database
from bot.storage.migrations import (
    APPLICATION_ID,
    CREATE_MIGRATIONS_TABLE,
    MIGRATIONS_TABLE,
    Migration,
    StorageError,
    load_migrations,
    pending,
)
from bot.storage.repository import Repository
from bot.storage.sql import SQLITE, Connection, Row


class SqliteConnection(Connection):
    """The Connection of an aiosqlite connection."""

    dialect = SQLITE

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    # Every call is one trip to aiosqlite's thread; a cursor's fetch and close would be two
    # more. Queries read with fetchone select at most one row, and a change is complete
    # once executed, so its cursor needs no closing.

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = list(await self._conn.execute_fetchall(sql, params))
        return rows[0] if rows else None

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self._conn.execute_fetchall(sql, params))

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        cursor = await self._conn.execute(sql, params)
        return max(cursor.rowcount, 0)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._conn.executemany(sql, rows)


class SqliteDatabase(Database):
    """One aiosqlite connection; an asyncio lock keeps coroutines' transactions apart."""

    exclusive = True

    def __init__(self, conn: aiosqlite.Connection, path: Path, version: int) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self.path = path
        self.version = version
        self.where = f"The database {str(path)!r}"

    @classmethod
    async def connect(cls, path: Path, migrations: list[Migration] | None = None
                      ) -> SqliteDatabase:
        """Open (creating if needed) and migrate the database, or raise StorageError."""
        where = f"The database {str(path)!r}"
        if path.exists() and not path.is_file():
            raise StorageError(f"{where} is not a file.")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StorageError(f"Cannot create the folder for {where}: {error}.") from error
        try:
            conn = await aiosqlite.connect(path, isolation_level=None)
        except sqlite3.Error as error:
            raise StorageError(f"{where} cannot be opened: {error}.") from error
        try:
            await _check(conn, where)
            version = await migrate(conn, load_migrations() if migrations is None else migrations,
                                    where)
            # A process kill loses nothing committed in WAL mode; FULL also survives power loss.
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute("PRAGMA synchronous = FULL")
        except BaseException:
            await conn.close()
            raise
        conn.row_factory = sqlite3.Row
        return cls(conn, path, version)

    async def close(self) -> None:
        """Close the connection (waiting for a running transaction)."""
        async with self._lock:
            await self._conn.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Repository]:
        """Run statements in one write transaction, committed on success."""
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield Repository(SqliteConnection(self._conn))
                await self._conn.commit()
            except BaseException:
                if self._conn.in_transaction:
                    await self._conn.rollback()
                raise

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Repository]:
        """Run read-only statements, never interleaved with another coroutine's transaction."""
        async with self._lock:
            yield Repository(SqliteConnection(self._conn))


async def _check(conn: aiosqlite.Connection, where: str) -> None:
    """Refuse a file that is not a healthy SQLite database, without writing to it."""
    try:
        await conn.execute("PRAGMA foreign_keys = ON")
        await conn.execute("PRAGMA busy_timeout = 5000")
        rows = list(await conn.execute_fetchall("PRAGMA quick_check"))
    except sqlite3.DatabaseError as error:
        raise StorageError(f"{where} is not a SQLite database or is damaged ({error}). It was "
                           "left untouched: restore a backup or point DATABASE_PATH at another "
                           "file.") from error
    if [r[0] for r in rows] != ["ok"]:
        raise StorageError(f"{where} is damaged (integrity check: {rows[0][0]}). It was left "
                           "untouched: restore a backup or point DATABASE_PATH at another file.")


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


async def applied_versions(conn: aiosqlite.Connection, version: int) -> set[int]:
    """The migration numbers the file has had (before gwent_migrations existed, the files
    were numbered without gaps, so 1 to PRAGMA user_version)."""
    has_table = list(await conn.execute_fetchall(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (MIGRATIONS_TABLE,)))
    if not has_table:
        return set(range(1, version + 1))
    return {int(r[0]) for r in await conn.execute_fetchall(
        f"SELECT version FROM {MIGRATIONS_TABLE}")}


async def migrate(conn: aiosqlite.Connection, migrations: list[Migration], where: str) -> int:
    """Apply the migrations the file has not had, in one transaction; return the highest
    number applied (also kept in PRAGMA user_version, which older bots read)."""
    current = await schema_version(conn, where)
    applied = await applied_versions(conn, current)
    known = applied | ({current} if current else set())
    todo = pending(migrations, known, where, "DATABASE_PATH")
    if not todo:
        return current
    latest = max(applied | {m.version for m in todo})
    names = {m.version: m.name for m in migrations}
    record = [f"INSERT INTO {MIGRATIONS_TABLE} (version, name) VALUES "
              f"({v}, '{names[v]}') ON CONFLICT (version) DO NOTHING;"
              for v in sorted(applied | {m.version for m in todo})]
    # executescript() runs the whole script; BEGIN inside it keeps every step in one transaction.
    script = "\n".join(["BEGIN IMMEDIATE;", *(m.sql for m in todo),
                        f"{CREATE_MIGRATIONS_TABLE};", *record,
                        f"PRAGMA application_id = {APPLICATION_ID};",
                        f"PRAGMA user_version = {latest};", "COMMIT;"])
    try:
        await conn.executescript(script)
    except sqlite3.Error as error:
        if conn.in_transaction:
            await conn.rollback()
        failed = ", ".join(m.name for m in todo)
        raise StorageError(f"applying {failed} to {where} failed ({error}); the database was "
                           "left unchanged.") from error
    return latest


async def _pragma(conn: aiosqlite.Connection, name: str) -> int:
    rows = list(await conn.execute_fetchall(f"PRAGMA {name}"))
    return int(rows[0][0])
