"""Trying a Discord request again when it failed on Discord's side: a 5xx answer, a 429, or a
dropped connection, with exponential backoff and jitter.

discord.py 2.7.1 already retries within one call: 500, 502, 504 and 524 answers to bot-token
requests (5 attempts, 1 to 7 s apart), every 5xx of the interaction endpoints (callbacks,
follow-ups, and edits through the interaction token), and 429s that came through Discord's
proxy. It raises a 503 to a bot-token request at once (DiscordServerError), and anything
still failing after its attempts. `retrying` takes over from there.

Only requests that are safe to repeat go through `retrying`, because a 5xx (or a dropped
connection) can come after Discord did the write:
- edits and deletes (repeating one changes nothing more);
- message creates with a nonce Discord enforces (`nonce` + `enforce_nonce`, which discord.py
  sends with every nonce): a repeat returns the message already created
  (https://discord.com/developers/docs/resources/message#create-message);
- thread creation, which takes no nonce: `create_thread_once` looks for the thread among the
  server's active threads before creating it again.
Follow-ups (webhook executes) take no nonce either, and discord.py repeats them itself on
any 5xx: one that failed after the write is then shown twice. Use them where that is
acceptable, or prefer a message create with a nonce, or the interaction's own response (a
repeated acknowledgement is refused with 40060 and shows nothing twice).
"""

from __future__ import annotations

import asyncio
import datetime
import logging
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import aiohttp
import discord

log = logging.getLogger(__name__)

T = TypeVar("T")

# Answers worth another try: rate limited, or Discord (or Cloudflare, 524) failing.
RETRY_STATUSES = frozenset({429, 500, 502, 503, 504, 524})
# Discord's answer to an interaction acknowledged twice (a retried acknowledgement that had
# worked the first time).
ALREADY_ACKNOWLEDGED = 40060


@dataclass(frozen=True)
class Backoff:
    """How long to wait between attempts: doubling from `first` up to `cap`, each wait half
    fixed and half random (so that retries of many requests spread out), for `attempts`
    attempts in all (None: until one works); retries are logged at `level`."""

    first: float
    cap: float
    attempts: int | None
    level: int = logging.INFO

    def wait(self, failures: int) -> float:
        """Seconds to wait after the `failures`-th failed attempt."""
        full = min(self.cap, self.first * 2.0 ** (failures - 1))
        return full / 2 + random.uniform(0, full / 2)


# Posts and edits: 6 attempts over about 10 s (besides discord.py's own retries), so a
# player sees the board within seconds of Discord recovering.
PROMPT = Backoff(first=0.5, cap=8.0, attempts=6)
# Logging in and the command sync at start-up: until Discord answers, at most a minute apart.
STARTUP = Backoff(first=1.0, cap=60.0, attempts=None, level=logging.WARNING)


def retry_after(error: BaseException) -> float | None:
    """The least wait Discord asked for before another try (0 when it said nothing), or None
    when trying again would not help (a 4xx other than 429, a bug...)."""
    if isinstance(error, discord.HTTPException):
        if error.status not in RETRY_STATUSES:
            return None
        header = error.response.headers.get("Retry-After") if error.response else None
        try:
            return max(0.0, float(header)) if header else 0.0
        except ValueError:
            return 0.0
    if isinstance(error, aiohttp.ClientResponseError):  # e.g. the gateway's handshake
        return 0.0 if error.status in RETRY_STATUSES else None
    if isinstance(error, aiohttp.ClientConnectionError | ConnectionError | TimeoutError):
        return 0.0
    return None


def describe(error: BaseException) -> str:
    """A short account of a failure for the log: `503 Service Unavailable`, or the error."""
    if isinstance(error, discord.HTTPException):
        reason = getattr(error.response, "reason", None) or ""
        return f"Discord answered {error.status} {reason}".rstrip()
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__


async def retrying(send: Callable[[], Awaitable[T]], what: str, *,
                   backoff: Backoff = PROMPT) -> T:
    """Await `send()`, a fresh request each time (files can be sent only once), again after
    a 5xx, a 429 or a dropped connection; raise the last error once the attempts are spent.

    `send` must be safe to repeat (see the module docstring)."""
    attempt = 1
    while True:
        try:
            return await send()
        except Exception as error:
            least = retry_after(error)
            if least is None or (backoff.attempts is not None and attempt >= backoff.attempts):
                raise
            wait = max(least, backoff.wait(attempt))
            attempt += 1
            log.log(backoff.level, "%s: %s; trying again in %.1f s (attempt %s)", what,
                    describe(error), wait, attempt)
            await asyncio.sleep(wait)


async def acknowledging(work: Awaitable[T]) -> T | None:
    """Await an interaction's acknowledgement (a response, a defer) and return what it
    returns; when Discord refuses it as already acknowledged (40060), discord.py retried one
    that Discord had applied before answering with a 5xx: the interaction is acknowledged all
    the same, and None is returned."""
    try:
        return await work
    except discord.HTTPException as error:
        if error.code != ALREADY_ACKNOWLEDGED:
            raise
        log.info("an acknowledgement retried after a 5xx had worked the first time")
        return None


async def create_thread_once(channel: discord.TextChannel, name: str, *,
                             since: datetime.datetime, **options: Any) -> discord.Thread:
    """Create a thread in `channel`, retrying as `retrying` does; after a failed attempt,
    which may have created it all the same, take that thread instead of a second one.

    `since` is a moment by Discord's clock before the first attempt, such as the creation
    of the interaction that asked for the thread: a thread of this name that the bot made
    in `channel` after it is the one an attempt made."""
    attempts = 0

    async def attempt() -> discord.Thread:
        nonlocal attempts
        attempts += 1
        if attempts > 1:
            made = await _made_since(channel, name, since)
            if made is not None:
                log.info("thread %s was created by an attempt that failed", made.id)
                return made
        return await channel.create_thread(name=name, **options)

    return await retrying(attempt, f"creating thread {name!r} in {channel.id}")


async def _made_since(channel: discord.TextChannel, name: str,
                      since: datetime.datetime) -> discord.Thread | None:
    """The bot's newest thread named `name` in `channel` made after `since`, if any."""
    me = channel.guild.me.id
    # Snowflakes keep milliseconds: a thread made in the millisecond of `since` counts.
    first = discord.utils.time_snowflake(since, high=False)
    made = [thread for thread in await channel.guild.active_threads()
            if thread.parent_id == channel.id and thread.name == name
            and thread.owner_id == me and thread.id >= first]
    return max(made, key=lambda thread: thread.id, default=None)
