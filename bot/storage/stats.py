"""Counts for monitoring (every process's matches, from the shared database)."""

from __future__ import annotations

from bot.storage.sql import Queries


class StatsQueries(Queries):
    """How many matches run, and how much timed work is past due."""

    async def live_matches(self) -> int:
        """Matches not over yet."""
        row = await self._one("SELECT COUNT(*) FROM matches WHERE status != 'over'")
        return 0 if row is None else int(row[0])

    async def overdue(self, now: float) -> int:
        """Turn timers, warnings and challenge expiries whose time has come but that were
        not handled yet."""
        row = await self._one(
            "SELECT (SELECT COUNT(*) FROM matches WHERE status != 'over' AND "
            "(deadline <= ? OR warn_at <= ?)) + (SELECT COUNT(*) FROM challenges WHERE "
            "status = 'open' AND expires_at <= ?)", (now, now, now))
        return 0 if row is None else int(row[0])
