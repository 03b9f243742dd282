"""The database: creation, WAL mode, migrations, and refusing files it must not touch."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.storage import Database, StorageError
from bot.storage.migrations import APPLICATION_ID, Migration, load_migrations


async def test_creates_folder_and_schema_in_wal_mode(db_path: Path) -> None:
    db = await Database.open(db_path)
    await db.close()
    assert db_path.is_file()
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA user_version").fetchone()[0] == load_migrations()[-1].version
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
    assert db.version == load_migrations()[-1].version
    await db.close()


async def test_new_migrations_apply_on_top_in_order(db_path: Path) -> None:
    base = load_migrations()
    db = await Database.open(db_path, base)
    await db.close()
    extra = Migration(base[-1].version + 1, "9999_extra.sql",
                      "CREATE TABLE extra (id INTEGER PRIMARY KEY);")
    db = await Database.open(db_path, [*base, extra])
    assert db.version == base[-1].version + 1
    await db.close()


async def test_a_failing_migration_changes_nothing(db_path: Path) -> None:
    base = load_migrations()
    db = await Database.open(db_path, base)
    await db.close()
    good = Migration(base[-1].version + 1, "0002_good.sql", "CREATE TABLE good (id INTEGER);")
    bad = Migration(base[-1].version + 2, "0003_bad.sql", "CREATE TABLE matches (id INTEGER);")
    with pytest.raises(StorageError, match="left unchanged"):
        await Database.open(db_path, [*base, good, bad])
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == base[-1].version
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


def test_migration_numbers_may_skip_but_never_repeat(tmp_path: Path) -> None:
    (tmp_path / "0001_a.sql").write_text("SELECT 1;")
    (tmp_path / "0003_c.sql").write_text("SELECT 1;")
    assert [m.version for m in load_migrations(tmp_path)] == [1, 3]
    (tmp_path / "0003_d.sql").write_text("SELECT 1;")
    with pytest.raises(StorageError, match="have the same number"):
        load_migrations(tmp_path)
    (tmp_path / "0003_d.sql").unlink()
    (tmp_path / "0000_z.sql").write_text("SELECT 1;")
    with pytest.raises(StorageError, match="0001 or more"):
        load_migrations(tmp_path)
    (tmp_path / "0000_z.sql").unlink()
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
