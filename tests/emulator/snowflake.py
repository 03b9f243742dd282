"""Discord-style snowflake ids and timestamps."""

from __future__ import annotations

import datetime as dt
import time

DISCORD_EPOCH_MS = 1_420_070_400_000


class Snowflakes:
    """Generates strictly increasing snowflakes that encode the creation time."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        """Return a new snowflake."""
        now_ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        candidate = now_ms << 22
        self._last = max(candidate, self._last + 1)
        return self._last


def iso_now() -> str:
    """Return the current UTC time in Discord's ISO 8601 format."""
    return dt.datetime.now(dt.UTC).isoformat()
