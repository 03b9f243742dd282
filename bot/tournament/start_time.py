"""When a tournament starts, from what an organiser types: "in 30 minutes", "2h", "20:30"
(UTC), "2026-12-01 20:30" (UTC) or a Discord timestamp such as <t:1767225600:R>."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from bot.i18n import ENGLISH, Phrase, language

EARLIEST_SECONDS = 60
LATEST_DAYS = 30

_UNITS = {"d": 86400, "day": 86400, "days": 86400, "h": 3600, "hr": 3600, "hrs": 3600,
          "hour": 3600, "hours": 3600, "m": 60, "min": 60, "mins": 60, "minute": 60,
          "minutes": 60}
_PART = re.compile(r"(\d+)\s*([a-z]+)")
_RELATIVE = re.compile(r"(?:in\s+)?((?:\d+\s*[a-z]+\s*(?:and\s+)?)+)")
_STAMP = re.compile(r"<t:(\d{9,11})(?::[a-zA-Z])?>|(\d{9,11})")
_CLOCK = re.compile(r"(\d{1,2}):(\d{2})(?:\s*utc)?")
_DATE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})[ t](\d{1,2}):(\d{2})(?::\d{2})?(?:\s*(?:utc|z))?")


class BadStartTime(ValueError):
    """Text that is not a start time this bot reads; `phrase` says why, for the user (str()
    in English)."""

    def __init__(self, phrase: Phrase) -> None:
        self.phrase = phrase
        super().__init__(language(ENGLISH).say(phrase))


def start_time(text: str, now: float) -> float:
    """The Unix time the text names, between a minute and 30 days from now."""
    typed = text.strip().lower()
    when = _read(typed, now)
    if when is None:
        # i18n: {typed} is what the organiser typed; the examples in `backticks` are what
        # the bot reads in every language: keep them as they are
        raise BadStartTime(Phrase("I could not read the start time {typed}: write it like "
                                  "`in 30 minutes`, `2h`, `20:30` (UTC), `2026-12-01 20:30` "
                                  "(UTC) or a Discord timestamp such as `<t:1767225600>`.",
                                  typed=repr(text.strip()[:40])))
    if when < now + EARLIEST_SECONDS:
        raise BadStartTime(Phrase("The start time has to be at least a minute from now."))
    if when > now + LATEST_DAYS * 86400:
        # i18n: {days} is 30
        raise BadStartTime(Phrase("The start time has to be within {days} days.",
                                  days=LATEST_DAYS))
    return when


def _read(typed: str, now: float) -> float | None:
    stamp = _STAMP.fullmatch(typed)
    if stamp:
        return float(stamp.group(1) or stamp.group(2))
    relative = _RELATIVE.fullmatch(typed)
    if relative:
        seconds = 0
        for amount, unit in _PART.findall(relative.group(1)):
            if unit not in _UNITS:
                return None
            seconds += int(amount) * _UNITS[unit]
        return now + seconds
    moment = datetime.fromtimestamp(now, UTC)
    clock = _CLOCK.fullmatch(typed)
    if clock:
        hour, minute = int(clock.group(1)), int(clock.group(2))
        if hour > 23 or minute > 59:
            return None
        at = moment.replace(hour=hour, minute=minute, second=0, microsecond=0)
        if at.timestamp() <= now:
            at += timedelta(days=1)
        return at.timestamp()
    date = _DATE.fullmatch(typed)
    if date:
        year, month, day, hour, minute = (int(g) for g in date.groups())
        try:
            at = datetime(year, month, day, hour, minute, tzinfo=UTC)
        except ValueError:
            return None
        return at.timestamp()
    return None
