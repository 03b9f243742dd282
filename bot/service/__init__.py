"""The match service: challenges, matches, practice, settings, timers, saved decks, ranked
play and tournaments, with no Discord in sight."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from pathlib import Path

from bot.service.challenges import ChallengeService
from bot.service.clock import Clock
from bot.service.computer import DEFAULT_THINK_SECONDS, Computer
from bot.service.leases import Leases
from bot.service.matches import LOOKING_SECONDS, MatchService, Player, Snapshot, looking
from bot.service.notifier import MatchChange, Notifier
from bot.service.practice import PracticeService
from bot.service.ranked import RankedService
from bot.service.replays import ReplayService
from bot.service.saved_decks import SavedDecks
from bot.service.settings import SettingsService
from bot.service.timers import TimerService
from bot.service.tournaments import TournamentService
from bot.storage import Database
from bot.storage.records import ResultRecord
from bot.storage.repository import Repository


@dataclass(frozen=True)
class Services:
    """Everything the Discord layer calls, sharing one database."""

    db: Database
    settings: SettingsService
    matches: MatchService
    challenges: ChallengeService
    practice: PracticeService
    timers: TimerService
    computer: Computer
    leases: Leases
    replays: ReplayService
    decks: SavedDecks
    ranked: RankedService
    tournaments: TournamentService

    @classmethod
    async def open(cls, database: Path | str, notifier: Notifier, clock: Clock = time.time, *,
                   think_seconds: float = DEFAULT_THINK_SECONDS, ai_workers: int = 1,
                   ai_budget_ms: int | None = None,
                   ai_iterations: int | None = None,
                   rng: random.Random | None = None,
                   lease_seconds: float | None = None) -> Services:
        """Open the database (a SQLite file or a postgresql:// URL; raising StorageError)
        and build the services on it.

        `think_seconds` is the computer's think floor and `ai_workers` how many decisions
        run at once; `ai_budget_ms` and `ai_iterations` override every level's search effort
        (for tests). `rng` draws match seeds and random factions: the system's randomness
        unless given (tests pass a seeded one, so their deals can be replayed).
        `lease_seconds` is how long another process waits before taking over the work of
        one that died (leases.LEASE_SECONDS unless given).
        """
        rng = rng if rng is not None else random.SystemRandom()
        db = await Database.open(database)
        leases = Leases(db, clock, seconds=lease_seconds)
        matches = MatchService(db, notifier, clock, rng)
        challenges = ChallengeService(db, matches, notifier, clock)
        computer = Computer(matches, leases, think_seconds=think_seconds,
                            budget_ms=ai_budget_ms, iterations=ai_iterations, workers=ai_workers)
        ranked = RankedService(db, clock)
        tournaments = TournamentService(db, matches, notifier, clock, rng)

        async def on_result(repo: Repository, result: ResultRecord) -> None:
            await ranked.rate(repo, result)
            await tournaments.count_result(repo, result)

        matches.on_result(on_result)
        await ranked.catch_up()
        return cls(db, SettingsService(db), matches, challenges,
                   PracticeService(db, matches, notifier, clock, rng),
                   TimerService(db, matches, challenges, clock, leases), computer, leases,
                   ReplayService(db, clock), SavedDecks(db, clock), ranked, tournaments)

    async def close(self) -> None:
        """Stop the computer player and its worker, give up this process's leases, then close
        the database."""
        await self.computer.close()
        try:
            await self.leases.close()
        finally:
            await self.db.close()


__all__ = ["LOOKING_SECONDS", "MatchChange", "Notifier", "Player", "Services", "Snapshot",
           "looking"]
