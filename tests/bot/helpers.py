"""Service-level test helpers: a movable clock, a recording notifier, and match drivers."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.service import MatchChange, Player, Services
from bot.storage.records import ChallengeRecord, MatchRecord
from engine import Observation
from engine.actions import FORFEIT

GUILD, CHANNEL = 1000, 2000
ALICE, BOB, CAROL = Player(11, "Alice"), Player(12, "Bob"), Player(13, "Carol")


class FakeClock:
    """Wall-clock time that only moves when told."""

    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@dataclass
class RecordingNotifier:
    """Records what the service reports; `check` runs on each match change."""

    changes: list[MatchChange] = field(default_factory=list)
    warnings: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)
    closed: list[ChallengeRecord] = field(default_factory=list)
    services: Services | None = None
    seen_counts: list[tuple[int, int]] = field(default_factory=list)

    async def match_changed(self, change: MatchChange) -> None:
        self.changes.append(change)
        if self.services is not None:
            # Commit before show: the database already holds what is being announced.
            record = await self.services.matches.get(change.match_id)
            log = await self.services.matches.actions(change.match_id)
            self.seen_counts.append((record.action_count, len(log)))

    async def turn_warning(self, match_id: int, seats: tuple[int, ...]) -> None:
        self.warnings.append((match_id, seats))

    async def challenge_closed(self, challenge: ChallengeRecord) -> None:
        self.closed.append(challenge)


async def thread_venue(challenge: ChallengeRecord) -> tuple[int, int]:
    """Open the match in a made-up thread of the challenge's channel."""
    return challenge.channel_id * 10 + challenge.id, challenge.channel_id


async def channel_venue(challenge: ChallengeRecord) -> tuple[int, int]:
    """Open the match in the challenge's channel itself."""
    return challenge.channel_id, challenge.channel_id


async def start_match(services: Services, a: Player = ALICE, b: Player = BOB,
                      channel: int = CHANNEL, ready: bool = True,
                      ranked: bool | None = True) -> MatchRecord:
    """Challenge (ranked unless told; None is the server's choice), accept and (optionally)
    ready both players; return the match."""
    challenge = await services.challenges.create(GUILD, channel, a, b, ranked=ranked)
    match = await services.challenges.accept(challenge.id, b.user_id, thread_venue)
    if ready:
        await services.matches.ready(match.id, a.user_id)
        match = await services.matches.ready(match.id, b.user_id)
    return match


def move_text(action: object) -> str:
    """An engine action's text without its seat, as the bot's components carry it."""
    return str(action).split(" ", 1)[1]


async def play_randomly(services: Services, match_id: int, rng: random.Random,
                        until: Callable[[Observation], bool] | None = None,
                        max_actions: int = 10_000) -> MatchRecord:
    """Play random legal moves (never forfeiting) until the match ends or `until(public)`."""
    for _ in range(max_actions):
        record = await services.matches.get(match_id)
        public = (await services.matches.public(match_id)).observation
        if not record.is_live or (until is not None and public is not None and until(public)):
            return record
        choices = [(s, a) for s in (0, 1) for a in await _legal(services, record, s)]
        seat = rng.choice(sorted({s for s, _ in choices}))
        action = rng.choice([a for s, a in choices if s == seat])
        await services.matches.act(match_id, record.seats[seat].user_id, move_text(action),
                                   record.action_count)
    raise AssertionError("the match did not end")


async def _legal(services: Services, record: MatchRecord, seat: int) -> list[object]:
    snapshot = await services.matches.private(record.id, record.seats[seat].user_id)
    assert snapshot.observation is not None
    return [a for a in snapshot.observation.legal if a.kind != FORFEIT]
