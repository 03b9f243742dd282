"""Refusals: requests the service turns down, each with a message meant for the user."""

from __future__ import annotations

from typing import Any

from bot.i18n import ENGLISH, Language, Phrase, language
from bot.storage.records import ChallengeRecord


class Refusal(Exception):
    """A request that changes nothing, with its explanation for the user: an English
    message (marked for translation where it is raised) and its placeholder values.
    `refusal.text(lang)` says it in a language; str(refusal) is the English, for logs."""

    def __init__(self, message: str, /, **values: Any) -> None:
        self.phrase = Phrase(message, **values)
        super().__init__(language(ENGLISH).say(self.phrase))

    def text(self, lang: Language) -> str:
        """The explanation in a language."""
        return lang.say(self.phrase)


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
                 challenge: ChallengeRecord | None = None, /, **values: Any) -> None:
        super().__init__(message, **values)
        self.channel_id = channel_id
        self.challenge = challenge


class InvalidSetting(Refusal):
    """A setting value outside what the bot accepts."""
