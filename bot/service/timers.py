"""Turn timers and challenge expiry, driven by deadlines stored in the database."""

from __future__ import annotations

import asyncio
import logging

from bot.service.challenges import ChallengeService
from bot.service.clock import Clock
from bot.service.leases import DUTIES, Leases
from bot.service.matches import MatchService
from bot.storage import Database

log = logging.getLogger(__name__)

# Deadlines that passed while the bot was down are pushed this far, so nobody loses a round
# to an outage.
RESTART_GRACE_SECONDS = 30
# New deadlines are always further away than this, so polling at this pace misses nothing.
POLL_SECONDS = 5.0


class TimerService:
    """Fires warnings, turn expiries and challenge expiries when they are due (in the one
    process on duty, when several share the database)."""

    def __init__(self, db: Database, matches: MatchService, challenges: ChallengeService,
                 clock: Clock, leases: Leases) -> None:
        self._db = db
        self._matches = matches
        self._challenges = challenges
        self._clock = clock
        self._leases = leases

    async def resume(self) -> int:
        """After a restart, give deadlines that already passed a short grace period; not
        when another process is on duty (the bot was not down, only this process)."""
        if not await self._leases.vacant(DUTIES):
            return 0
        async with self._db.transaction() as repo:
            return await repo.postpone_deadlines(self._clock() + RESTART_GRACE_SECONDS)

    async def run_due(self) -> None:
        """Handle everything due now; a failing match is logged and does not stop the rest."""
        try:
            await self._challenges.expire_due()
        except Exception:
            log.exception("expiring challenges failed")
        now = self._clock()
        async with self._db.reading() as repo:
            expiring = await repo.matches_due(now)
            warning = [m for m in await repo.warnings_due(now) if m not in expiring]
        for match_id in warning:
            try:
                await self._matches.warn(match_id)
            except Exception:
                log.exception("warning match %s failed", match_id)
        for match_id in expiring:
            try:
                await self._matches.expire(match_id)
            except Exception:
                log.exception("turn timer of match %s failed", match_id)

    async def run_forever(self) -> None:
        """Sleep until the next deadline (or the polling interval) and handle it, forever."""
        while True:
            delay = POLL_SECONDS
            try:
                if self._leases.on_duty:
                    await self.run_due()
                async with self._db.reading() as repo:
                    wakeup = await repo.next_wakeup()
                if wakeup is not None:
                    delay = wakeup - self._clock()
            except Exception:
                # The database may be unreachable for a while: try again at the next poll.
                log.exception("the turn timers failed")
            await asyncio.sleep(min(max(delay, 0.05), POLL_SECONDS))
