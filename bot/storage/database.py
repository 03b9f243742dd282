"""The database the services use, SQLite or PostgreSQL, chosen by where it is."""

from __future__ import annotations

from abc import ABC, abstractmethod
from contextlib import AbstractAsyncContextManager
from pathlib import Path

from bot.storage.migrations import Migration
from bot.storage.repository import Repository

POSTGRESQL_SCHEMES = ("postgresql://", "postgres://")


def is_postgresql(target: Path | str) -> bool:
    """True for a postgresql:// (or postgres://) URL, False for a SQLite file."""
    return isinstance(target, str) and target.startswith(POSTGRESQL_SCHEMES)


class Database(ABC):
    """Transactions and reads over one database; both backends behave alike.

    Write transactions never run at the same time (SQLite has one writer; PostgreSQL's take
    one lock first), so a transaction that reads, checks and writes needs no other lock.
    """

    # True when no other process can share the database (SQLite): work needs no claims.
    exclusive: bool
    # The schema version reached, and a description of the database for messages.
    version: int
    where: str

    @staticmethod
    async def open(target: Path | str, migrations: list[Migration] | None = None) -> Database:
        """Open and migrate the database at `target`, a SQLite file or a postgresql:// URL,
        or raise StorageError."""
        if is_postgresql(target):
            from bot.storage.postgres import PostgresDatabase
            return await PostgresDatabase.connect(str(target), migrations)
        from bot.storage.sqlite import SqliteDatabase
        return await SqliteDatabase.connect(Path(target), migrations)

    @abstractmethod
    async def close(self) -> None:
        """Close the database (waiting for running transactions)."""

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Repository]:
        """Run statements in one write transaction, committed on success."""

    @abstractmethod
    def reading(self) -> AbstractAsyncContextManager[Repository]:
        """Run read-only statements on one consistent view of the database."""

    async def ping(self) -> None:
        """Raise if the database does not answer."""
        async with self.reading() as repo:
            await repo.connection.fetchone("SELECT 1")

