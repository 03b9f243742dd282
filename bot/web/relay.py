"""What the other bot processes must hear for their tables, through the database they share:
PostgreSQL's LISTEN/NOTIFY (no other broker). A SQLite database serves one process, which
hears its own changes directly, so nothing is relayed there.

Each process says, after every change it committed, which match changed, and which match a
user pressed "Play at the table" on; every other process's hub then refreshes the sockets it
holds of that match. A process that lost its listening connection (a database restart)
listens again and refreshes every socket, since it may have missed changes meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable

from bot.storage import Database, StorageError
from bot.storage.postgres import Listening, PostgresDatabase

log = logging.getLogger(__name__)

TOPIC = "gwent_table"
CHANGED, LAUNCHED = "c", "l"
RETRY_SECONDS = (1.0, 2.0, 5.0, 10.0, 30.0)


class Relay:
    """Says this process's news to the others, and hears theirs."""

    def __init__(self, db: Database, *, changed: Callable[[int], None],
                 launched: Callable[[int, int], None], missed: Callable[[], None]) -> None:
        self._db = db if isinstance(db, PostgresDatabase) else None
        self._changed = changed
        self._launched = launched
        self._missed = missed
        self._origin = secrets.token_hex(6)
        self._task: asyncio.Task[None] | None = None
        self._listening: Listening | None = None
        self.listening = asyncio.Event()

    @property
    def shared(self) -> bool:
        """Whether other processes may hold sockets (a PostgreSQL database)."""
        return self._db is not None

    async def start(self) -> None:
        """Listen, and keep listening until stop(); returns once the first attempt is made."""
        if self._db is not None and self._task is None:
            first = asyncio.Event()
            self._task = asyncio.create_task(self._listen_forever(first), name="gwent-relay")
            await first.wait()

    async def stop(self) -> None:
        """Stop listening."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self._listening is not None:
            await self._listening.close()

    async def _listen_forever(self, first: asyncio.Event) -> None:
        assert self._db is not None
        failures = 0
        heard_before = False
        while True:
            try:
                self._listening = await self._db.listen(TOPIC, self._hear)
            except StorageError as error:
                log.warning("the table cannot hear the other processes: %s", error)
                first.set()
                await asyncio.sleep(RETRY_SECONDS[min(failures, len(RETRY_SECONDS) - 1)])
                failures += 1
                continue
            failures = 0
            self.listening.set()
            first.set()
            if heard_before:
                self._missed()
            heard_before = True
            await self._listening.lost.wait()
            self.listening.clear()
            log.warning("the table's listening connection to the database closed: "
                        "listening again")

    def _hear(self, payload: str) -> None:
        origin, kind, *numbers = payload.split(" ")
        if origin == self._origin:
            return
        try:
            values = [int(n) for n in numbers]
            if kind == CHANGED and len(values) == 1:
                self._changed(values[0])
            elif kind == LAUNCHED and len(values) == 2:
                self._launched(values[0], values[1])
        except ValueError:
            log.warning("the table heard something it does not understand: %r", payload)

    async def say_changed(self, match_id: int) -> None:
        """Tell the other processes that a match changed."""
        await self._say(f"{CHANGED} {match_id}")

    async def say_launched(self, user_id: int, match_id: int) -> None:
        """Tell the other processes which match a user opens the table of."""
        await self._say(f"{LAUNCHED} {user_id} {match_id}")

    async def _say(self, news: str) -> None:
        if self._db is None:
            return
        try:
            await self._db.notify(TOPIC, f"{self._origin} {news}")
        except Exception as error:
            # The other processes' tables catch up at their next change.
            log.warning("the table could not tell the other processes (%s)",
                        type(error).__name__)
