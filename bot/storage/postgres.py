"""PostgreSQL through asyncpg: a pool of connections that several bot processes may share.

Write transactions take one advisory lock first, so they run one at a time across every
process, as SQLite's do: a transaction that reads, checks and writes sees no other writer,
and the queries stay the same on both backends. Reads run in a read-only snapshot and never
wait for writers. The schema version is kept in the table gwent_schema.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any, TypeAlias
from urllib.parse import urlsplit

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.storage.database import Database
from bot.storage.migrations import (
    APPLICATION_ID,
    CREATE_MIGRATIONS_TABLE,
    MIGRATIONS_TABLE,
    Migration,
    StorageError,
    load_migrations,
    pending,
    postgresql_sql,
)
from bot.storage.repository import Repository
from bot.storage.sql import POSTGRESQL, Connection, Row, changed_rows, numbered_placeholders

SCHEMA_TABLE = "gwent_schema"  # the application id and the highest migration applied
POOL_SIZE = 10
WRITE_LOCK = f"SELECT pg_advisory_xact_lock({APPLICATION_ID})"
CONNECT_ERRORS = (OSError, TimeoutError, ValueError, asyncpg.PostgresError,
                  asyncpg.InterfaceError)

if TYPE_CHECKING:
    PgConnection: TypeAlias = (asyncpg.Connection[asyncpg.Record]
                               | PoolConnectionProxy[asyncpg.Record])


class PostgresConnection(Connection):
    """The Connection of an asyncpg connection: `?` becomes `$n`."""

    dialect = POSTGRESQL

    def __init__(self, conn: PgConnection) -> None:
        self._conn = conn

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        row: asyncpg.Record | None = await self._conn.fetchrow(numbered_placeholders(sql),
                                                                *params)
        return row

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self._conn.fetch(numbered_placeholders(sql), *params))

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return changed_rows(await self._conn.execute(numbered_placeholders(sql), *params))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._conn.executemany(numbered_placeholders(sql), rows)


class PostgresDatabase(Database):
    """A connection pool; each transaction or read borrows one connection."""

    exclusive = False

    def __init__(self, pool: asyncpg.Pool[asyncpg.Record], where: str,
                 version: int, url: str = "") -> None:
        self._pool = pool
        self.where = where
        self.version = version
        self._url = url

    @classmethod
    async def connect(cls, url: str, migrations: list[Migration] | None = None
                      ) -> PostgresDatabase:
        """Connect and migrate, or raise StorageError (the message never shows a password)."""
        where = f"The PostgreSQL database {describe(url)}"
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=POOL_SIZE, init=_setup)
        except CONNECT_ERRORS as error:
            raise StorageError(f"{where} cannot be reached ({type(error).__name__}: {error}). "
                               "Check DATABASE_URL and that the server is running.") from error
        try:
            async with pool.acquire() as conn:
                version = await migrate(
                    conn, load_migrations() if migrations is None else migrations, where)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, where, version, url)

    async def close(self) -> None:
        """Close the pool once every borrowed connection is back."""
        await self._pool.close()

    async def notify(self, topic: str, payload: str) -> None:
        """Send `payload` to every process listening to `topic` on this database and schema
        (PostgreSQL's NOTIFY: delivered once, to the listeners connected now)."""
        async with self._pool.acquire() as conn:
            await conn.execute("SELECT pg_notify(current_schema() || '.' || $1, $2)", topic,
                               payload)

    async def listen(self, topic: str, hear: Callable[[str], None]) -> Listening:
        """Call `hear` with every payload sent to `topic` on this database and schema, on a
        connection of its own (raising StorageError if it cannot be made)."""
        try:
            conn = await asyncpg.connect(self._url)
        except CONNECT_ERRORS as error:
            raise StorageError(f"{self.where} cannot be reached to listen ({type(error).__name__})"
                               ) from error
        try:
            channel = f"{await conn.fetchval('SELECT current_schema()')}.{topic}"
            listening = Listening(conn)
            await conn.add_listener(channel,
                                    lambda _conn, _pid, _channel, payload: hear(payload))
            conn.add_termination_listener(lambda _conn: listening.lost.set())
        except BaseException as error:
            await conn.close()
            if isinstance(error, CONNECT_ERRORS):
                raise StorageError(f"{self.where} cannot be listened to "
                                   f"({type(error).__name__})") from error
            raise
        return listening

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Repository]:
        """Run statements in one write transaction (after every other writer's), committed on
        success."""
        async with self._pool.acquire() as conn, conn.transaction():
            await conn.execute(WRITE_LOCK)
            yield Repository(PostgresConnection(conn))

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Repository]:
        """Run read-only statements on one snapshot of the database."""
        async with (self._pool.acquire() as conn,
                    conn.transaction(isolation="repeatable_read", readonly=True)):
            yield Repository(PostgresConnection(conn))


class Listening:
    """A connection that listens to a topic (PostgresDatabase.listen); `lost` is set when it
    closes, after which nothing is heard."""

    def __init__(self, conn: asyncpg.Connection[asyncpg.Record]) -> None:
        self._conn = conn
        self.lost = asyncio.Event()

    async def close(self) -> None:
        """Stop listening."""
        if not self._conn.is_closed():
            await self._conn.close(timeout=5)
        self.lost.set()


def describe(url: str) -> str:
    """user@host:port/database, without the password."""
    parts = urlsplit(url)
    user = f"{parts.username}@" if parts.username else ""
    try:
        port = f":{parts.port}" if parts.port else ""
    except ValueError:
        port = ""
    return f"{user}{parts.hostname or 'localhost'}{port}{parts.path or '/'}"


async def _setup(conn: PgConnection) -> None:
    """Read NUMERIC (what SUM and AVG of integers give) as int or float, as SQLite does."""
    await conn.set_type_codec("numeric", schema="pg_catalog", format="text",
                              encoder=str, decoder=_number)


def _number(text: str) -> int | float:
    try:
        return int(text)
    except ValueError:
        return float(text)


async def schema_version(conn: PgConnection, where: str) -> int:
    """Return the schema version, refusing databases that hold other applications' tables."""
    if await conn.fetchval("SELECT to_regclass($1)", SCHEMA_TABLE) is None:
        foreign = await conn.fetchval(
            "SELECT table_name FROM information_schema.tables "
            "WHERE table_schema = current_schema() LIMIT 1")
        if foreign is not None:
            raise StorageError(f"{where} holds tables that are not a Gwent database (such as "
                               f"{foreign!r}); point DATABASE_URL at another database.")
        return 0
    row = await conn.fetchrow(f"SELECT application_id, version FROM {SCHEMA_TABLE}")
    if row is None or row["application_id"] != APPLICATION_ID:
        raise StorageError(f"{where} belongs to another application; point DATABASE_URL at "
                           "another database.")
    return int(row["version"])


async def migrate(conn: PgConnection, migrations: list[Migration], where: str) -> int:
    """Apply the migrations the database has not had, in one transaction; return the highest
    number applied. Processes starting together wait for each other (the write lock), so
    each step runs once."""
    todo: list[Migration] = []
    try:
        async with conn.transaction():
            await conn.execute(WRITE_LOCK)
            current = await schema_version(conn, where)
            if await conn.fetchval("SELECT to_regclass($1)", MIGRATIONS_TABLE) is None:
                applied = set(range(1, current + 1))
            else:
                applied = {int(r[0]) for r in await conn.fetch(
                    f"SELECT version FROM {MIGRATIONS_TABLE}")}
            known = applied | ({current} if current else set())
            todo = pending(migrations, known, where, "DATABASE_URL")
            if not todo:
                return current
            if current == 0:
                await conn.execute(f"CREATE TABLE {SCHEMA_TABLE} (id INTEGER PRIMARY KEY "
                                   "CHECK (id = 1), application_id BIGINT NOT NULL, "
                                   "version INTEGER NOT NULL)")
            await conn.execute(CREATE_MIGRATIONS_TABLE)
            for migration in todo:
                await conn.execute(postgresql_sql(migration))
            names = {m.version: m.name for m in migrations}
            await conn.executemany(
                f"INSERT INTO {MIGRATIONS_TABLE} (version, name) VALUES ($1, $2) "
                "ON CONFLICT (version) DO NOTHING",
                [(v, names[v]) for v in sorted(applied | {m.version for m in todo})])
            latest = max(applied | {m.version for m in todo})
            await conn.execute(
                f"INSERT INTO {SCHEMA_TABLE} (id, application_id, version) VALUES (1, $1, $2) "
                "ON CONFLICT (id) DO UPDATE SET version = excluded.version",
                APPLICATION_ID, latest)
    except asyncpg.PostgresError as error:
        failed = ", ".join(m.name for m in todo)
        raise StorageError(f"applying {failed} to {where} failed ({error}); the database was "
                           "left unchanged.") from error
    return latest
