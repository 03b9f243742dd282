"""The database: creation, WAL mode, migrations, and refusing files it must not touch; the
same for PostgreSQL, and the translation of portable SQL to it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import asyncpg
import pytest

from bot.storage import Database, StorageError
from bot.storage.migrations import (
    APPLICATION_ID,
    Migration,
    load_migrations,
    postgresql_sql,
    to_postgresql,
)
from bot.storage.sql import numbered_placeholders
from tests.conftest import empty_postgres_database
from tests.postgres_server import PostgresServer, free_port


def latest() -> int:
    """The highest migration number this bot knows."""
    return max(m.version for m in load_migrations())


async def test_creates_folder_and_schema_in_wal_mode(db_path: Path) -> None:
    db = await Database.open(db_path)
    await db.close()
    assert db_path.is_file()
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA user_version").fetchone()[0] == latest()
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"matches", "seats", "actions", "challenges", "results", "guild_settings",
            "user_settings"} <= tables


async def test_reopening_applies_nothing_twice(db_path: Path) -> None:
    db = await Database.open(db_path)
    async with db.transaction() as repo:
        await repo.set_turn_seconds(1, 60)
    await db.close()
    db = await Database.open(db_path)
    async with db.reading() as repo:
        assert await repo.turn_seconds(1) == 60
    assert db.version == latest()
    await db.close()


async def test_new_migrations_apply_on_top_in_order(db_path: Path) -> None:
    base = load_migrations()
    db = await Database.open(db_path, base)
    await db.close()
    extra = Migration(latest() + 1, "9999_extra.sql",
                      "CREATE TABLE extra (id INTEGER PRIMARY KEY);")
    db = await Database.open(db_path, [*base, extra])
    assert db.version == latest() + 1
    await db.close()


async def test_a_failing_migration_changes_nothing(db_path: Path) -> None:
    base = load_migrations()
    db = await Database.open(db_path, base)
    await db.close()
    good = Migration(latest() + 1, "0002_good.sql", "CREATE TABLE good (id INTEGER);")
    bad = Migration(latest() + 2, "0003_bad.sql", "CREATE TABLE matches (id INTEGER);")
    with pytest.raises(StorageError, match="left unchanged"):
        await Database.open(db_path, [*base, good, bad])
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == latest()
        assert conn.execute("SELECT name FROM sqlite_master WHERE name='good'").fetchone() is None


async def test_a_newer_database_is_refused(db_path: Path) -> None:
    db = await Database.open(db_path)
    await db.close()
    with sqlite3.connect(db_path) as conn:
        conn.execute("PRAGMA user_version = 99")
    with pytest.raises(StorageError, match="newer version of the bot"):
        await Database.open(db_path)


async def test_a_corrupt_file_is_refused_and_left_alone(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    garbage = b"this is not a database at all\n" * 200
    db_path.write_bytes(garbage)
    with pytest.raises(StorageError, match="not a SQLite database or is damaged"):
        await Database.open(db_path)
    assert db_path.read_bytes() == garbage


async def test_a_foreign_database_is_refused(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    with sqlite3.connect(db_path) as conn:
        conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
    with pytest.raises(StorageError, match="not a Gwent database"):
        await Database.open(db_path)
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 0


async def test_another_applications_database_is_refused(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    with sqlite3.connect(db_path) as conn:
        conn.execute("PRAGMA application_id = 1234")
    with pytest.raises(StorageError, match="another application"):
        await Database.open(db_path)


async def test_a_folder_is_not_a_database(db_path: Path) -> None:
    db_path.mkdir(parents=True)
    with pytest.raises(StorageError, match="not a file"):
        await Database.open(db_path)


def test_migration_files_are_numbered_without_gaps_or_repeats(tmp_path: Path) -> None:
    (tmp_path / "0001_a.sql").write_text("SELECT 1;")
    (tmp_path / "0002_b.sql").write_text("SELECT 1;")
    assert [m.version for m in load_migrations(tmp_path)] == [1, 2]
    (tmp_path / "0004_d.sql").write_text("SELECT 1;")
    with pytest.raises(StorageError, match="should be number 0003"):
        load_migrations(tmp_path)
    (tmp_path / "0004_d.sql").unlink()
    (tmp_path / "0002_c.sql").write_text("SELECT 1;")
    with pytest.raises(StorageError, match="have the same number"):
        load_migrations(tmp_path)
    (tmp_path / "0002_c.sql").unlink()
    (tmp_path / "notes.sql").write_text("SELECT 1;")
    with pytest.raises(StorageError, match=r"NNNN_name\.sql"):
        load_migrations(tmp_path)


async def test_a_failed_transaction_rolls_back(db_path: Path) -> None:
    db = await Database.open(db_path)
    with pytest.raises(RuntimeError):
        async with db.transaction() as repo:
            await repo.set_turn_seconds(5, 77)
            raise RuntimeError("boom")
    async with db.reading() as repo:
        assert await repo.turn_seconds(5) is None
    await db.close()


# ------------------------------------------------------------------ PostgreSQL

@pytest.fixture
async def pg_url(postgres_server: PostgresServer) -> str:
    """An empty PostgreSQL database."""
    return await empty_postgres_database(postgres_server)


async def _pg(url: str, sql: str, *args: object) -> object:
    conn = await asyncpg.connect(url)
    try:
        return await conn.fetchval(sql, *args)
    finally:
        await conn.close()


async def test_postgresql_schema_is_created_with_64_bit_ids_and_double_times(pg_url: str) -> None:
    db = await Database.open(pg_url)
    assert db.version == latest() and not db.exclusive
    snowflake = 1_234_567_890_123_456_789
    async with db.transaction() as repo:
        await repo.set_turn_seconds(snowflake, 60)
        match_id = await repo.insert_match(snowflake, snowflake + 1, snowflake + 2, 7,
                                           1_700_000_000.125, 1_700_000_180.5, None)
    async with db.reading() as repo:
        assert await repo.turn_seconds(snowflake) == 60
        row = await repo.connection.fetchone("SELECT id, guild_id, created_at, deadline "
                                             "FROM matches WHERE id = ?", (match_id,))
    assert row is not None
    assert (row[0], row["guild_id"]) == (match_id, snowflake)
    assert row["created_at"] == 1_700_000_000.125 and row[3] == 1_700_000_180.5
    await db.close()
    assert await _pg(pg_url, "SELECT version FROM gwent_schema") == latest()


async def test_postgresql_reopening_applies_nothing_twice(pg_url: str) -> None:
    db = await Database.open(pg_url)
    async with db.transaction() as repo:
        await repo.set_turn_seconds(1, 60)
    await db.close()
    db = await Database.open(pg_url)
    async with db.reading() as repo:
        assert await repo.turn_seconds(1) == 60
    await db.close()


async def test_postgresql_new_migrations_apply_on_top_and_a_failing_one_changes_nothing(
        pg_url: str) -> None:
    base = load_migrations()
    db = await Database.open(pg_url, base)
    await db.close()
    extra = Migration(latest() + 1, "9999_extra.sql",
                      "CREATE TABLE extra (id INTEGER PRIMARY KEY, at REAL, data BLOB);")
    bad = Migration(latest() + 2, "9999_bad.sql", "CREATE TABLE matches (id INTEGER);")
    with pytest.raises(StorageError, match="left unchanged"):
        await Database.open(pg_url, [*base, extra, bad])
    assert await _pg(pg_url, "SELECT version FROM gwent_schema") == latest()
    assert await _pg(pg_url, "SELECT to_regclass('extra')") is None
    db = await Database.open(pg_url, [*base, extra])
    assert db.version == latest() + 1
    async with db.transaction() as repo:
        new_id = await repo.connection.fetchone(
            "INSERT INTO extra (at, data) VALUES (?, ?) RETURNING id", (2.5, b"\x00\xff"))
        assert new_id is not None and new_id["id"] == 1
        row = await repo.connection.fetchone("SELECT at, data FROM extra")
    assert row is not None and (row[0], row[1]) == (2.5, b"\x00\xff")
    await db.close()


async def test_postgresql_newer_and_foreign_databases_are_refused(
        pg_url: str, postgres_server: PostgresServer) -> None:
    db = await Database.open(pg_url)
    await db.close()
    await _pg(pg_url, "UPDATE gwent_schema SET version = 99")
    with pytest.raises(StorageError, match="newer version of the bot"):
        await Database.open(pg_url)
    foreign = await empty_postgres_database(postgres_server)
    await _pg(foreign, "CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
    with pytest.raises(StorageError, match="not a Gwent database"):
        await Database.open(foreign)
    assert await _pg(foreign, "SELECT to_regclass('gwent_schema')") is None


async def test_an_unreachable_server_is_explained_without_the_password() -> None:
    with pytest.raises(StorageError) as caught:
        await Database.open(f"postgresql://gwent:s3cret@127.0.0.1:{free_port()}/gwent")
    message = str(caught.value)
    assert "cannot be reached" in message and "DATABASE_URL" in message
    assert "gwent@127.0.0.1" in message and "s3cret" not in message


async def test_postgresql_failed_transaction_rolls_back_and_sums_read_as_numbers(
        pg_url: str) -> None:
    db = await Database.open(pg_url)
    with pytest.raises(RuntimeError):
        async with db.transaction() as repo:
            await repo.set_turn_seconds(5, 77)
            raise RuntimeError("boom")
    async with db.transaction() as repo:
        await repo.set_turn_seconds(6, 30)
        await repo.set_turn_seconds(7, 45)
        changed = await repo._count("UPDATE guild_settings SET turn_seconds = turn_seconds + 1")
    async with db.reading() as repo:
        assert await repo.turn_seconds(5) is None
        row = await repo.connection.fetchone(
            "SELECT SUM(turn_seconds), AVG(turn_seconds) FROM guild_settings WHERE "
            "guild_id IN (?, ?)", (6, 7))
    assert changed == 2
    assert row is not None and (row[0], row[1]) == (77, 38.5)
    assert type(row[0]) is int
    await db.close()


def test_placeholders_are_numbered_outside_quotes_and_comments() -> None:
    sql = ("SELECT '?', \"a?\" FROM t WHERE a = ? AND b IN (?, ?) -- ? not this\n"
           "AND c = 'it''s ?' AND d = ? /* ? */")
    assert numbered_placeholders(sql) == (
        "SELECT '?', \"a?\" FROM t WHERE a = $1 AND b IN ($2, $3) -- ? not this\n"
        "AND c = 'it''s ?' AND d = $4 /* ? */")


def test_portable_ddl_gets_postgresql_types(tmp_path: Path) -> None:
    sql = ("CREATE TABLE t (id INTEGER PRIMARY KEY, user_id integer NOT NULL, at REAL, "
           "data BLOB, note TEXT DEFAULT 'INTEGER REAL'); -- REAL stays in comments\n")
    assert to_postgresql(sql) == (
        "CREATE TABLE t (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, "
        "user_id BIGINT NOT NULL, at DOUBLE PRECISION, data BYTEA, "
        "note TEXT DEFAULT 'INTEGER REAL'); -- REAL stays in comments\n")
    # Only an `id` key is numbered by the database; other keys come from the bot.
    assert to_postgresql("CREATE TABLE u (user_id INTEGER PRIMARY KEY, match_id INTEGER "
                         "PRIMARY KEY REFERENCES matches (id));") == (
        "CREATE TABLE u (user_id BIGINT PRIMARY KEY, match_id BIGINT PRIMARY KEY REFERENCES "
        "matches (id));")
    with pytest.raises(StorageError, match="AUTOINCREMENT"):
        to_postgresql("CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT);")
    migration = Migration(1, "0001_t.sql", sql)
    assert postgresql_sql(migration, tmp_path) == to_postgresql(sql)
    (tmp_path / "0001_t.sql").write_text("CREATE TABLE t (id SERIAL PRIMARY KEY);")
    assert postgresql_sql(migration, tmp_path) == "CREATE TABLE t (id SERIAL PRIMARY KEY);"


async def test_a_database_from_before_the_migrations_table_gets_only_what_it_lacks(
        db_path: Path) -> None:
    base = load_migrations()
    old = [m for m in base if m.version <= 3]
    db = await Database.open(db_path, old)
    await db.close()
    with sqlite3.connect(db_path) as conn:  # as the bot left it before gwent_migrations
        conn.execute("DROP TABLE gwent_migrations")
    db = await Database.open(db_path)
    assert db.version == latest()
    await db.close()
    with sqlite3.connect(db_path) as conn:
        versions = [r[0] for r in conn.execute("SELECT version FROM gwent_migrations "
                                               "ORDER BY version")]
    assert versions == [m.version for m in base]
