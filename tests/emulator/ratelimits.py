"""Discord's rate limits: per-route buckets with their headers, and the global limit.

As documented (https://discord.com/developers/docs/topics/rate-limits):
- a per-route bucket is counted per top-level resource in the path: the channel, the guild,
  or the webhook (id + token); interaction callbacks are counted per interaction;
- every answer carries X-RateLimit-Limit, -Remaining, -Reset (epoch seconds), -Reset-After
  and -Bucket; a 429 adds X-RateLimit-Scope (`user` for a route's bucket, `global`), and the
  global one X-RateLimit-Global, with `retry_after` and `global` in the body;
- a bot token may make 50 requests per second, all routes, processes and shards together;
  interaction endpoints (the callback, and the follow-ups, @original and message edits and
  deletes made with the interaction token) are not bound by it.

Discord publishes no per-route figures (they are read from the headers): the ones below are
the commonly observed ones, e.g. message creation at 5 per 5 s per channel. `scale` shortens
every window (0.01: a hundred times shorter) for tests that play at machine speed.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

# Paths authenticated by the interaction token in the path, exempt from the global limit.
INTERACTION_PREFIXES = ("/interactions/", "/webhooks/")
GLOBAL_WINDOW = 1.0
# Buckets are forgotten once this many are kept (only expired ones are dropped).
BUCKETS_KEPT = 10_000


@dataclass(frozen=True)
class Limit:
    """`count` requests per `seconds`."""

    count: int
    seconds: float


# (method, route template) -> (bucket name, limit). Templates name ids {id} and tokens {token}.
# Only the commonly observed figures; any other route gets DEFAULT_LIMIT.
DISCORD_ROUTES: dict[tuple[str, str], tuple[str, Limit]] = {
    ("POST", "/channels/{id}/messages"): ("channel-message-create", Limit(5, 5.0)),
    ("PATCH", "/channels/{id}/messages/{id}"): ("channel-message-edit", Limit(5, 5.0)),
    ("DELETE", "/channels/{id}/messages/{id}"): ("channel-message-delete", Limit(5, 1.0)),
    ("POST", "/webhooks/{id}/{token}"): ("webhook-execute", Limit(5, 2.0)),
}
# Every other route: one bucket per method and route template (and top-level resource).
DEFAULT_LIMIT = Limit(50, 1.0)

_ID = re.compile(r"^(\d+|@original)$")
_TOKEN_AFTER = ("interactions", "webhooks")
_TOP_LEVEL = ("channels", "guilds")


def is_interaction_endpoint(path: str) -> bool:
    """Whether a path (after /api/v10) is an interaction endpoint, exempt from the global
    limit (and authenticated by the token in the path)."""
    return path.startswith(INTERACTION_PREFIXES)


def route_of(path: str) -> tuple[str, str]:
    """The route template of a path, and its top-level resource: `/channels/1/messages/2`
    is (`/channels/{id}/messages/{id}`, `channels/1`)."""
    parts = path.strip("/").split("/")
    template: list[str] = []
    resource = ""
    for index, part in enumerate(parts):
        before = parts[index - 1] if index else ""
        if index == 2 and parts[0] in _TOKEN_AFTER:
            template.append("{token}")
            resource += "/" + part
        elif _ID.match(part):
            template.append("{id}")
            if not resource and before in (*_TOP_LEVEL, *_TOKEN_AFTER):
                resource = f"{before}/{part}"
        else:
            template.append(part)
    return "/" + "/".join(template), resource


@dataclass(frozen=True)
class RateLimits:
    """Which limits the emulator applies: the global one (None: off), the per-route buckets
    (`buckets`), and `scale`, which multiplies every window."""

    global_per_second: int | None = 50
    buckets: bool = True
    scale: float = 1.0
    routes: dict[tuple[str, str], tuple[str, Limit]] = field(
        default_factory=lambda: dict(DISCORD_ROUTES))

    @classmethod
    def discord(cls) -> RateLimits:
        """Discord's limits, at their real speed."""
        return cls()

    @classmethod
    def off(cls) -> RateLimits:
        """No limits and no rate-limit headers."""
        return cls(global_per_second=None, buckets=False)

    def scaled(self, factor: float) -> RateLimits:
        """The same limits over windows `factor` times as long (0.01: 5 messages per 50 ms
        in a channel, 50 requests per 10 ms globally)."""
        return replace(self, scale=self.scale * factor)

    def bucket(self, method: str, template: str) -> tuple[str, Limit]:
        """The bucket name and limit of a route."""
        found = self.routes.get((method, template))
        if found is not None:
            return found
        name = (method + template).lower().replace("/", "-").replace("{", "").replace("}", "")
        return name, DEFAULT_LIMIT


@dataclass
class Window:
    """A fixed window of `limit` requests, started by the first request after it expired."""

    limit: int
    seconds: float
    started: float = -math.inf
    used: int = 0

    def take(self, now: float) -> float | None:
        """Count one request; None when allowed, else the seconds until the window resets."""
        if now - self.started >= self.seconds:
            self.started, self.used = now, 0
        if self.used >= self.limit:
            return self.reset_after(now)
        self.used += 1
        return None

    def reset_after(self, now: float) -> float:
        """Seconds until the window resets."""
        return max(0.0, self.started + self.seconds - now)


@dataclass(frozen=True)
class Verdict:
    """What the limits say about one request: headers to add, and the 429 if it is refused
    (`scope` `user` or `global`, `retry_after` in seconds)."""

    headers: dict[str, str]
    scope: str | None = None
    retry_after: float = 0.0

    @property
    def limited(self) -> bool:
        """Whether the request is refused with a 429."""
        return self.scope is not None

    def body(self) -> dict[str, object]:
        """The 429's JSON body."""
        return {"message": "You are being rate limited.", "retry_after": round(self.retry_after, 3),
                "global": self.scope == "global", "code": 0}


class Limiter:
    """Applies RateLimits to requests, one bot token's (the emulator has one)."""

    def __init__(self, limits: RateLimits, now: Callable[[], float],
                 wall: Callable[[], float] = time.time) -> None:
        self.limits = limits
        self._now = now
        self._wall = wall
        self._global = Window(limits.global_per_second or 0, GLOBAL_WINDOW * limits.scale)
        self._buckets: dict[tuple[str, str], Window] = {}

    def check(self, method: str, path: str) -> Verdict:
        """Count a request against the global limit (bot-token routes) and its bucket."""
        now = self._now()
        limits = self.limits
        if limits.global_per_second is not None and not is_interaction_endpoint(path):
            wait = self._global.take(now)
            if wait is not None:
                headers = {"Retry-After": str(math.ceil(wait)), "X-RateLimit-Global": "true",
                           "X-RateLimit-Scope": "global"}
                return Verdict(headers, "global", wait)
        if not limits.buckets:
            return Verdict({})
        template, resource = route_of(path)
        name, limit = limits.bucket(method, template)
        window = self._window(name, resource, limit, now)
        wait = window.take(now)
        reset_after = window.reset_after(now)
        headers = {"X-RateLimit-Limit": str(window.limit),
                   "X-RateLimit-Remaining": str(window.limit - window.used),
                   "X-RateLimit-Reset": f"{self._wall() + reset_after:.3f}",
                   "X-RateLimit-Reset-After": f"{reset_after:.3f}",
                   "X-RateLimit-Bucket": name}
        if wait is None:
            return Verdict(headers)
        headers.update({"Retry-After": str(math.ceil(wait)), "X-RateLimit-Scope": "user"})
        return Verdict(headers, "user", wait)

    def _window(self, name: str, resource: str, limit: Limit, now: float) -> Window:
        key = (name, resource)
        window = self._buckets.get(key)
        if window is None:
            if len(self._buckets) >= BUCKETS_KEPT:
                self._buckets = {k: w for k, w in self._buckets.items() if w.reset_after(now)}
            window = Window(limit.count, limit.seconds * self.limits.scale)
            self._buckets[key] = window
        return window
