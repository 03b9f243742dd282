"""copy-db: an installation (matches, ratings, saved decks) moves from SQLite to PostgreSQL
with nothing lost."""

from __future__ import annotations

import asyncio
import hashlib
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.service import Player, Services
from bot.service.decks import saved_key
from bot.service.recompute import recompute
from bot.storage import Database
from bot.storage.migrations import Migration, load_migrations
from bot.storage.ratings import RatingsRepository
from bot.storage.records import OVER, PLAYING
from bot.storage.schema import quote, tables
from bot.tools.__main__ import main
from bot.tools.copy_db import copy_database, location
from engine import starter_deck
from tests.bot.helpers import (
    ALICE,
    BOB,
    CAROL,
    GUILD,
    FakeClock,
    RecordingNotifier,
    play_randomly,
    start_match,
)
from tests.conftest import empty_postgres_database
from tests.postgres_server import PostgresServer


async def dump(target: Path | str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, in primary key order."""
    db = await Database.open(target)
    try:
        async with db.reading() as repo:
            conn = repo.connection
            found = {}
            for table in await tables(conn):
                order = ", ".join(quote(c) for c in table.primary_key)
                rows = await conn.fetchall(f"SELECT * FROM {quote(table.name)} ORDER BY {order}")
                found[table.name] = [tuple(r[c.name] for c in table.columns) for r in rows]
            return found
    finally:
        await db.close()


async def installation(path: Path, clock: FakeClock) -> tuple[int, int]:
    """A SQLite installation with two rated results (a finished match and a forfeit), a
    running match played with a saved deck, settings and an open challenge; returns
    (finished, running) match ids."""
    services = await Services.open(path, RecordingNotifier(), clock, rng=random.Random(3))
    try:
        await services.settings.set_turn_seconds(1000, 1800)
        await services.settings.set_hands_by_dm(ALICE.user_id, True)
        finished = await start_match(services)
        await play_randomly(services, finished.id, random.Random(1))
        await start_match(services, CAROL, DAN, channel=2004)
        await services.matches.forfeit(GUILD, DAN.user_id)
        saved = await services.decks.create(ALICE.user_id, "Temerian Wall",
                                            starter_deck("northern_realms"))
        running = await start_match(services, channel=2001, ready=False)
        await services.matches.choose_deck(running.id, ALICE.user_id, deck=saved_key(saved.id))
        await services.matches.ready(running.id, ALICE.user_id)
        await services.matches.ready(running.id, BOB.user_id)
        await play_randomly(services, running.id, random.Random(2),
                            until=lambda o: o.round == 2)
        await services.challenges.create(1000, 2002, CAROL, DAN)
        return finished.id, running.id
    finally:
        await services.close()


DAN = Player(19, "Dan")


async def cli(argv: list[str]) -> int:
    """python -m bot.tools ... (it runs its own event loop, so in a thread here)."""
    return await asyncio.to_thread(main, argv)


async def test_copy_moves_an_installation_to_postgresql_with_nothing_lost(
        tmp_path: Path, postgres_server: PostgresServer,
        capsys: pytest.CaptureFixture[str]) -> None:
    clock = FakeClock()
    source = tmp_path / "gwent.sqlite3"
    finished, running = await installation(source, clock)
    before = hashlib.sha256(source.read_bytes()).hexdigest()
    url = await empty_postgres_database(postgres_server)

    assert await cli(["copy-db", "--from", f"sqlite:///{source}", "--to", url]) == 0
    out = capsys.readouterr().out
    assert "Copied" in out and "actions" in out and "s3cret" not in out
    assert hashlib.sha256(source.read_bytes()).hexdigest() == before, "the source is untouched"
    original, copied = await dump(source), await dump(url)
    assert set(copied) == set(original) and copied == original
    assert len(copied["actions"]) > 20 and len(copied["results"]) == 2
    assert len(copied["saved_decks"]) == 1 and len(copied["ranked_matches"]) == 2
    assert len(copied["ranked_changes"]) == 4 and len(copied["ladder"]) == 4
    assert len(copied["faction_ratings"]) == 4

    services = await Services.open(url, RecordingNotifier(), clock, rng=random.Random(4))
    try:
        done = await services.matches.result(finished)
        assert done is not None and (await services.matches.get(finished)).status == OVER
        assert (await services.ranked.outcome(finished)) is not None
        live = await services.matches.get(running)
        assert live.status == PLAYING and live.deadline is not None
        assert live.seats[0].deck_list is not None
        assert [d.name for d in await services.decks.all(ALICE.user_id)] == ["Temerian Wall"]
        final = await play_randomly(services, running, random.Random(2))
        assert final.status == OVER and await services.matches.result(running) is not None
        # Rated after the copied results, and equal to rating them all again.
        outcome = await services.ranked.outcome(running)
        assert outcome is not None and outcome.rated
        async with services.db.reading() as repo:
            rated = await repo.sharing(RatingsRepository).rated(running)
        assert rated is not None and rated.seq == 3
        assert (await recompute(services.db, write=False)).equal
        # New rows are numbered after the copied ones.
        await services.challenges.cancel(
            (await services.challenges.rematch(finished, ALICE.user_id)).id, ALICE.user_id)
        newest = await start_match(services, channel=2003)
        assert newest.id > max(finished, running)
        assert (await services.settings.user(ALICE.user_id)).hands_by_dm
        assert await services.settings.turn_seconds(1000) == 1800
    finally:
        await services.close()


async def test_copy_refuses_a_target_that_holds_data(
        tmp_path: Path, postgres_server: PostgresServer,
        capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "gwent.sqlite3"
    await installation(source, FakeClock())
    url = await empty_postgres_database(postgres_server)
    assert await cli(["copy-db", "--from", str(source), "--to", url]) == 0
    assert await cli(["copy-db", "--from", str(source), "--to", url]) == 1
    err = capsys.readouterr().err
    assert "already holds data" in err and "empty database" in err
    assert await cli(["copy-db", "--from", str(tmp_path / "missing.sqlite3"), "--to", url]) == 1
    assert "There is no SQLite database" in capsys.readouterr().err


async def test_copy_back_from_postgresql_to_sqlite(
        tmp_path: Path, postgres_server: PostgresServer) -> None:
    source = tmp_path / "gwent.sqlite3"
    await installation(source, FakeClock())
    url = await empty_postgres_database(postgres_server)
    assert await cli(["copy-db", "--from", str(source), "--to", url]) == 0
    back = tmp_path / "back.sqlite3"
    assert await cli(["copy-db", "--from", url, "--to", f"sqlite:///{back}"]) == 0
    assert await dump(back) == await dump(source)


def test_locations() -> None:
    assert location("sqlite:///data/gwent.sqlite3") == Path("data/gwent.sqlite3")
    assert location("sqlite:////srv/gwent.sqlite3") == Path("/srv/gwent.sqlite3")
    assert location("gwent.sqlite3") == Path("gwent.sqlite3")
    assert location("postgresql://u@h/db") == "postgresql://u@h/db"
    with pytest.raises(Exception, match="neither"):
        location("mysql://h/db")


async def test_tables_added_by_later_migrations_are_copied_too(
        tmp_path: Path, postgres_server: PostgresServer) -> None:
    base = load_migrations()
    later = Migration(max(m.version for m in base) + 1, "9999_ratings.sql",
                      "CREATE TABLE ratings (user_id INTEGER NOT NULL, guild_id INTEGER NOT "
                      "NULL, rating REAL NOT NULL, games INTEGER NOT NULL DEFAULT 0, "
                      "PRIMARY KEY (guild_id, user_id));")
    migrations = [*base, later]
    source = tmp_path / "gwent.sqlite3"
    db = await Database.open(source, migrations)
    async with db.transaction() as repo:
        await repo.connection.executemany(
            "INSERT INTO ratings (user_id, guild_id, rating, games) VALUES (?, ?, ?, ?)",
            [(2**60 + n, 7, 1500.0 + n / 3, n) for n in range(7000)])
    await db.close()
    url = await empty_postgres_database(postgres_server)
    copied = await copy_database(source, url, migrations)
    assert copied["ratings"] == 7000
    back = tmp_path / "back.sqlite3"
    await copy_database(url, back, migrations)
    with sqlite3.connect(source) as one, sqlite3.connect(back) as other:
        query = "SELECT * FROM ratings ORDER BY guild_id, user_id"
        assert one.execute(query).fetchall() == other.execute(query).fetchall()
