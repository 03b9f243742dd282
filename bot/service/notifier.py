"""What the service tells the outside world after committing a change."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from bot.storage.records import ChallengeRecord


@dataclass(frozen=True)
class MatchChange:
    """A committed change to a match.

    `turn_for` holds the seats whose turn (or decision) has just begun, e.g. to send them
    their hand; `timed_out` is the seat whose turn timer ran out, if that caused the change.
    """

    match_id: int
    action_count: int
    actor: int | None = None
    turn_for: tuple[int, ...] = ()
    timed_out: int | None = None
    finished: bool = False


class Notifier(Protocol):
    """Called after each commit; implementations must return quickly."""

    async def match_changed(self, change: MatchChange) -> None:
        """A match changed: its lobby, board or result needs showing."""

    async def turn_warning(self, match_id: int, seats: tuple[int, ...]) -> None:
        """These seats' turn timer is about to run out."""

    async def challenge_closed(self, challenge: ChallengeRecord) -> None:
        """A challenge closed without a click on its message: it expired, or was cancelled
        from elsewhere (a click on the message itself edits it directly)."""
