"""Leases: which process does a piece of work until when (table leases, migration 0006)."""

from __future__ import annotations

from bot.storage.sql import Queries


class LeaseQueries(Queries):
    """Take, renew and release leases; a lease past its expiry is free for anyone."""

    async def take(self, kind: str, key: int, holder: str, now: float, until: float) -> bool:
        """Take (or extend) a lease unless another holder's is still running."""
        row = await self._one(
            "INSERT INTO leases (kind, id, holder, expires_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (kind, id) DO UPDATE SET holder = excluded.holder, "
            "expires_at = excluded.expires_at "
            "WHERE leases.holder = excluded.holder OR leases.expires_at <= ? RETURNING holder",
            (kind, key, holder, until, now))
        return row is not None

    async def release(self, kind: str, key: int, holder: str) -> None:
        """Give a lease up (if this holder still has it)."""
        await self._run("DELETE FROM leases WHERE kind = ? AND id = ? AND holder = ?",
                        (kind, key, holder))

    async def renew(self, holder: str, until: float) -> int:
        """Extend every lease of a holder; return how many it has."""
        return await self._count("UPDATE leases SET expires_at = ? WHERE holder = ?",
                                 (until, holder))

    async def release_all(self, holder: str) -> None:
        """Give up every lease of a holder (a clean shutdown)."""
        await self._run("DELETE FROM leases WHERE holder = ?", (holder,))

    async def holder(self, kind: str, key: int, now: float) -> str | None:
        """Who holds a running lease, or None."""
        row = await self._one("SELECT holder FROM leases WHERE kind = ? AND id = ? "
                              "AND expires_at > ?", (kind, key, now))
        return None if row is None else str(row[0])

    async def unclaimed_computer_turns(self, kind: str, now: float) -> list[int]:
        """Running practice matches whose computer must act, without a running lease."""
        rows = await self._all(
            "SELECT id FROM matches WHERE status = 'playing' AND computer_due = 1 AND id NOT IN "
            "(SELECT id FROM leases WHERE kind = ? AND expires_at > ?) ORDER BY id",
            (kind, now))
        return [int(r[0]) for r in rows]
