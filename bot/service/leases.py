"""Which process does which work when several share one database.

Work that must happen exactly once is leased: the duties (turn timers, re-posting boards,
taking over computer turns) to one process at a time, a match's computer move to the process
deciding it, and posting a match's messages to the process posting them. A process renews
its leases every third of LEASE_SECONDS while it lives; when it dies they run out, and
another process takes the work over (the duties within LEASE_SECONDS plus one renewal).

A database only one process can use (SQLite) needs none of this: every lease is granted at
once, and nothing is written.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

from bot.service.clock import Clock
from bot.storage import Database
from bot.storage.leases import LeaseQueries

log = logging.getLogger(__name__)

DUTIES, COMPUTER, POST = "duties", "computer", "post"
# How long a lease outlives its holder's last renewal.
LEASE_SECONDS = 15.0
# How often a waiting process looks again whether a lease came free.
WAIT_STEP_SECONDS = 0.05

# Called at each renewal while on duty, with True the first time after taking the duties.
DutyTick = Callable[[bool], Awaitable[None]]


def new_holder() -> str:
    """This process's name in the lease table: host, process id and a random tag."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


class Leases:
    """The leases of one process."""

    def __init__(self, db: Database, clock: Clock, holder: str | None = None,
                 seconds: float | None = None) -> None:
        self._db = db
        self._clock = clock
        self.holder = holder or new_holder()
        self.seconds = LEASE_SECONDS if seconds is None else seconds
        self.exclusive = db.exclusive
        # Only one process uses the database: it is always on duty.
        self.on_duty = db.exclusive

    async def take(self, kind: str, key: int = 0) -> bool:
        """Take (or keep) a lease; False while another live process holds it."""
        if self.exclusive:
            return True
        now = self._clock()
        async with self._db.transaction() as repo:
            return await repo.sharing(LeaseQueries).take(kind, key, self.holder, now,
                                                            now + self.seconds)

    async def release(self, kind: str, key: int = 0) -> None:
        """Give a lease up."""
        if self.exclusive:
            return
        async with self._db.transaction() as repo:
            await repo.sharing(LeaseQueries).release(kind, key, self.holder)

    async def vacant(self, kind: str, key: int = 0) -> bool:
        """True when no live process (this one included) holds the lease."""
        if self.exclusive:
            return True
        async with self._db.reading() as repo:
            return await repo.sharing(LeaseQueries).holder(kind, key, self._clock()) is None

    @asynccontextmanager
    async def holding(self, kind: str, key: int, wait: float) -> AsyncIterator[bool]:
        """Hold a lease for the block, waiting up to `wait` seconds for it; yields whether it
        was had (if not, another process is doing the work)."""
        loop = asyncio.get_running_loop()
        give_up = loop.time() + wait
        while not (held := await self.take(kind, key)) and loop.time() < give_up:
            await asyncio.sleep(WAIT_STEP_SECONDS)
        try:
            yield held
        finally:
            if held:
                await self.release(kind, key)

    async def unclaimed_computer_turns(self) -> list[int]:
        """Practice matches whose computer must act and that no live process is deciding."""
        async with self._db.reading() as repo:
            return await repo.sharing(LeaseQueries).unclaimed_computer_turns(
                COMPUTER, self._clock())

    async def tick(self) -> bool:
        """Renew this process's leases and take the duties if they are free; return whether
        this process is on duty."""
        if self.exclusive:
            return True
        now = self._clock()
        async with self._db.transaction() as repo:
            queries = repo.sharing(LeaseQueries)
            await queries.renew(self.holder, now + self.seconds)
            on_duty = await queries.take(DUTIES, 0, self.holder, now, now + self.seconds)
        if on_duty != self.on_duty:
            log.info("%s the duties (timers, re-posting, computer take-overs)",
                     "took over" if on_duty else "lost")
        self.on_duty = on_duty
        return on_duty

    async def run_forever(self, on_duty: DutyTick) -> None:
        """Renew every third of the lease time; while on duty, run `on_duty` each time."""
        was_on_duty = False
        while True:
            try:
                if await self.tick():
                    await on_duty(not was_on_duty)
                    was_on_duty = True
                else:
                    was_on_duty = False
            except Exception:
                log.exception("renewing leases failed")
            await asyncio.sleep(self.seconds / 3)

    async def close(self) -> None:
        """Give every lease up, so another process takes the work over at once."""
        self.on_duty = self.exclusive
        if self.exclusive:
            return
        async with self._db.transaction() as repo:
            await repo.sharing(LeaseQueries).release_all(self.holder)
