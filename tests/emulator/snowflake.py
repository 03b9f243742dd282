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

    def next_on_shard(self, shard_id: int, shard_count: int) -> int:
        """A new snowflake whose guild shard, (id >> 22) % shard_count, is `shard_id`."""
        ms = (self.next() >> 22) + 1
        ms += (shard_id - ms) % shard_count
        self._last = ms << 22
        return self._last


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord sends a guild's events and interactions to."""
    return (guild_id >> 22) % shard_count


def iso_now() -> str:
    """Return the current UTC time in Discord's ISO 8601 format."""
    return dt.datetime.now(dt.UTC).isoformat()
