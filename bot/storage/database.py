"""The SQLite database: opened in WAL mode, checked, migrated, and used one statement at a time."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

from bot.storage.migrations import Migration, StorageError, load_migrations, migrate
from bot.storage.repository import Repository


class Database:
    """One aiosqlite connection; an asyncio lock keeps coroutines' transactions apart."""

    def __init__(self, conn: aiosqlite.Connection, path: Path, version: int) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self.path = path
        self.version = version

    @classmethod
    async def open(cls, path: Path, migrations: list[Migration] | None = None) -> Database:
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
                yield Repository(self._conn)
                await self._conn.commit()
            except BaseException:
                if self._conn.in_transaction:
                    await self._conn.rollback()
                raise

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Repository]:
        """Run read-only statements, never interleaved with another coroutine's transaction."""
        async with self._lock:
            yield Repository(self._conn)


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
