"""When a tournament starts, from what an organiser types: "in 30 minutes", "2h", "20:30"
(UTC), "2026-12-01 20:30" (UTC) or a Discord timestamp such as <t:1767225600:R>."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

EARLIEST_SECONDS = 60
LATEST_DAYS = 30
EXAMPLES = ("`in 30 minutes`, `2h`, `20:30` (UTC), `2026-12-01 20:30` (UTC) or a Discord "
            "timestamp such as `<t:1767225600>`")

_UNITS = {"d": 86400, "day": 86400, "days": 86400, "h": 3600, "hr": 3600, "hrs": 3600,
          "hour": 3600, "hours": 3600, "m": 60, "min": 60, "mins": 60, "minute": 60,
          "minutes": 60}
_PART = re.compile(r"(\d+)\s*([a-z]+)")
_RELATIVE = re.compile(r"(?:in\s+)?((?:\d+\s*[a-z]+\s*(?:and\s+)?)+)")
_STAMP = re.compile(r"<t:(\d{9,11})(?::[a-zA-Z])?>|(\d{9,11})")
_CLOCK = re.compile(r"(\d{1,2}):(\d{2})(?:\s*utc)?")
_DATE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})[ t](\d{1,2}):(\d{2})(?::\d{2})?(?:\s*(?:utc|z))?")


class BadStartTime(ValueError):
    """Text that is not a start time this bot reads; str() says why, for the user."""


def start_time(text: str, now: float) -> float:
    """The Unix time the text names, between a minute and 30 days from now."""
    typed = text.strip().lower()
    when = _read(typed, now)
    if when is None:
        raise BadStartTime(f"I could not read the start time {text.strip()[:40]!r}: write it "
                           f"like {EXAMPLES}.")
    if when < now + EARLIEST_SECONDS:
        raise BadStartTime("The start time has to be at least a minute from now.")
    if when > now + LATEST_DAYS * 86400:
        raise BadStartTime(f"The start time has to be within {LATEST_DAYS} days.")
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
