"""The match service: challenges, matches, settings and timers, with no Discord in sight."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from bot.service.challenges import ChallengeService
from bot.service.clock import Clock
from bot.service.matches import MatchService, Player, Snapshot
from bot.service.notifier import MatchChange, Notifier
from bot.service.settings import SettingsService
from bot.service.timers import TimerService
from bot.storage import Database


@dataclass(frozen=True)
class Services:
    """Everything the Discord layer calls, sharing one database."""

    db: Database
    settings: SettingsService
    matches: MatchService
    challenges: ChallengeService
    timers: TimerService

    @classmethod
    async def open(cls, path: Path, notifier: Notifier, clock: Clock = time.time) -> Services:
        """Open the database (raising StorageError) and build the services on it."""
        db = await Database.open(path)
        matches = MatchService(db, notifier, clock)
        challenges = ChallengeService(db, matches, notifier, clock)
        return cls(db, SettingsService(db), matches, challenges,
                   TimerService(db, matches, challenges, clock))

    async def close(self) -> None:
        """Close the database."""
        await self.db.close()


__all__ = ["MatchChange", "Notifier", "Player", "Services", "Snapshot"]
