"""What the service tells the outside world after committing a change."""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import Protocol

from bot.storage.records import ChallengeRecord

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class MatchChange:
    """A committed change to a match.

    `turn_for` holds the seats whose turn (or decision) has just begun, e.g. to send them
    their hand; `timed_out` is the seat whose turn timer ran out, if that caused the change.
    `origin` is what the caller passed with the request that made the change (the Discord
    layer passes the click, to answer through it); the service never looks at it.
    """

    match_id: int
    action_count: int
    actor: int | None = None
    turn_for: tuple[int, ...] = ()
    timed_out: int | None = None
    finished: bool = False
    origin: object = field(default=None, compare=False)


class Notifier(Protocol):
    """Called after each commit; implementations must return quickly."""

    async def match_changed(self, change: MatchChange) -> None:
        """A match changed: its lobby, board or result needs showing."""

    async def turn_warning(self, match_id: int, seats: tuple[int, ...]) -> None:
        """These seats' turn timer is about to run out."""

    async def challenge_closed(self, challenge: ChallengeRecord) -> None:
        """A challenge closed without a click on its message: it expired, or was cancelled
        from elsewhere (a click on the message itself edits it directly)."""


class Notifiers:
    """Several notifiers heard as one (the Discord publisher and the table's hub): each is
    told of every change, in order; one that fails does not keep the others from hearing."""

    def __init__(self, *notifiers: Notifier) -> None:
        self._notifiers = list(notifiers)

    def add(self, notifier: Notifier) -> None:
        """Tell `notifier` too from now on."""
        self._notifiers.append(notifier)

    async def match_changed(self, change: MatchChange) -> None:
        """Tell every notifier that a match changed."""
        for notifier in self._notifiers:
            await _heard(notifier.match_changed(change), notifier)

    async def turn_warning(self, match_id: int, seats: tuple[int, ...]) -> None:
        """Tell every notifier that these seats' time is nearly up."""
        for notifier in self._notifiers:
            await _heard(notifier.turn_warning(match_id, seats), notifier)

    async def challenge_closed(self, challenge: ChallengeRecord) -> None:
        """Tell every notifier that a challenge closed."""
        for notifier in self._notifiers:
            await _heard(notifier.challenge_closed(challenge), notifier)


async def _heard(report: Awaitable[None], notifier: Notifier) -> None:
    """Await one notifier's report; a failure is logged (the change is committed anyway)."""
    try:
        await report
    except Exception:
        log.exception("%s failed to hear a change", type(notifier).__name__)
