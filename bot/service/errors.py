"""Refusals: requests the service turns down, each with a message meant for the user."""

from __future__ import annotations

from bot.storage.records import ChallengeRecord


class Refusal(Exception):
    """A request that changes nothing; str(refusal) is the explanation to show."""


class NotFound(Refusal):
    """The match or challenge does not exist."""


class NotAParticipant(Refusal):
    """Someone other than the two players tried to act."""


class OutOfDate(Refusal):
    """The click came from a message that no longer shows the current state."""


class IllegalMove(Refusal):
    """The rules do not allow that move now."""


class Busy(Refusal):
    """A player or channel already has a challenge or match; channel_id links to it, and
    `challenge` is the open challenge in the way, if that is what it is."""

    def __init__(self, message: str, channel_id: int | None = None,
                 challenge: ChallengeRecord | None = None) -> None:
        super().__init__(message)
        self.channel_id = channel_id
        self.challenge = challenge


class InvalidSetting(Refusal):
    """A setting value outside what the bot accepts."""
