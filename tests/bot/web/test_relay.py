"""The news the processes' tables tell each other through PostgreSQL (LISTEN/NOTIFY): heard
by the others, not by the teller, kept within one database schema, and heard again after the
listening connection is lost (with a refresh of everything, since news may have been
missed). A SQLite database serves one process: nothing is relayed."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncpg

from bot.storage import Database
from bot.web.relay import Relay
from tests.conftest import empty_postgres_database
from tests.postgres_server import PostgresServer


class Ears:
    """What one relay heard."""

    def __init__(self) -> None:
        self.changed: list[int] = []
        self.launched: list[tuple[int, int]] = []
        self.missed = 0
        self.news = asyncio.Event()

    def relay(self, db: Database) -> Relay:
        return Relay(db, changed=self._changed, launched=self._launched, missed=self._missed)

    def _changed(self, match_id: int) -> None:
        self.changed.append(match_id)
        self.news.set()

    def _launched(self, user_id: int, match_id: int) -> None:
        self.launched.append((user_id, match_id))
        self.news.set()

    def _missed(self) -> None:
        self.missed += 1
        self.news.set()

    async def hear(self) -> None:
        await asyncio.wait_for(self.news.wait(), 5)
        self.news.clear()


async def test_news_reaches_the_other_processes(postgres_server: PostgresServer) -> None:
    url = await empty_postgres_database(postgres_server)
    elsewhere = await empty_postgres_database(postgres_server)  # another schema
    dbs = [await Database.open(u) for u in (url, url, elsewhere)]
    ears = [Ears() for _ in dbs]
    relays = [e.relay(db) for e, db in zip(ears, dbs, strict=True)]
    try:
        for relay in relays:
            await relay.start()
        await relays[0].say_changed(12)
        await relays[0].say_launched(7, 12)
        await ears[1].hear()
        await asyncio.sleep(0.2)
        assert (ears[1].changed, ears[1].launched) == ([12], [(7, 12)])
        assert ears[0].changed == ears[2].changed == []  # not the teller, not another schema

        # The listening connection is cut (a database restart): it listens again, and says
        # that news may have been missed.
        conn = await asyncpg.connect(postgres_server.url())
        try:
            await conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                               "WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()")
        finally:
            await conn.close()
        await ears[1].hear()
        assert ears[1].missed >= 1
        await asyncio.wait_for(relays[1].listening.wait(), 10)
        await relays[0].say_changed(13)
        for _ in range(3):
            if 13 in ears[1].changed:
                break
            await ears[1].hear()
        assert ears[1].changed[-1] == 13
    finally:
        for relay in relays:
            await relay.stop()
        for db in dbs:
            await db.close()


async def test_sqlite_relays_nothing(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "gwent.sqlite3")
    relay = Ears().relay(db)
    try:
        await relay.start()
        assert not relay.shared
        await relay.say_changed(1)  # nothing to tell: one process
    finally:
        await relay.stop()
        await db.close()
