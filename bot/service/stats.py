"""What monitoring reads from the database."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.clock import Clock
from bot.storage import Database
from bot.storage.stats import StatsQueries

# A timer is counted as backlog once it is this late (the timer loop wakes at least every
# 5 seconds).
BACKLOG_GRACE_SECONDS = 10.0


@dataclass(frozen=True)
class Counts:
    """Matches running, and timed work overdue by more than BACKLOG_GRACE_SECONDS."""

    live_matches: int
    timer_backlog: int


async def counts(db: Database, clock: Clock) -> Counts:
    """Read the counts (one database round trip each)."""
    async with db.reading() as repo:
        queries = repo.sharing(StatsQueries)
        return Counts(await queries.live_matches(),
                      await queries.overdue(clock() - BACKLOG_GRACE_SECONDS))
