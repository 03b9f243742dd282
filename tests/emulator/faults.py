"""Test-injected failures: the next matching requests (`inject`), or one request in N at
random from a seeded generator (`RandomFaults`).

A fault answers instead of the route, as when Discord fails before doing anything, or, with
`after_write`, after the route did its work (the message is created or edited, but the answer
is a 5xx), as Discord sometimes does during incidents.
"""

from __future__ import annotations

import math
import random
import re
import time
from collections.abc import Collection
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any

from aiohttp import web

from .errors import MESSAGES, ApiError
from .httpio import error_response, json_response
from .ratelimits import route_of

DEFAULT_CODES = {403: 50013, 404: 10003}
# The status of a fault that drops the connection without answering (a network error).
DROPPED = 0
# What a random fault answers: one of these before the route runs, or (with after_write)
# a 5xx among them after it ran, each equally likely.
RANDOM_STATUSES = (429, 500, 502, 503, 504)
# A random 429's retry_after lies between these (seconds).
RANDOM_RETRY_AFTER = (0.05, 0.5)


def compile_route(route: str) -> re.Pattern[str]:
    """Turn `/channels/{channel_id}/messages` into a regex over request paths."""
    parts = re.split(r"(\{[^/]+\})", route.rstrip("/"))
    pattern = "".join("[^/]+" if p.startswith("{") else re.escape(p) for p in parts)
    return re.compile(f"^{pattern}/?$")


@dataclass
class Fault:
    """An injected answer for matching requests, used `times` times."""

    method: str
    route: str
    status: int
    times: int
    code: int | None
    retry_after: float
    message: str | None
    after_write: bool = False
    scope: str = "user"
    pattern: re.Pattern[str] = field(init=False)

    def __post_init__(self) -> None:
        self.pattern = compile_route(self.route)

    def matches(self, method: str, path: str, after_write: bool) -> bool:
        """Whether this fault applies to the request (at that point: before or after the
        route runs)."""
        return (self.times > 0 and self.after_write == after_write
                and self.method == method.upper() and bool(self.pattern.match(path)))

    def response(self) -> tuple[web.Response, int]:
        """Build the injected response; returns it with its Discord error code."""
        if self.status == 429:
            return self._rate_limited(), 0
        if self.status == DROPPED or self.status >= 500:  # (a dropped one is never delivered)
            status = self.status or 500
            body: dict[str, Any] = {"message": f"{status}: {HTTPStatus(status).phrase}", "code": 0}
            return json_response(body, status=status), 0
        code = self.code if self.code is not None else DEFAULT_CODES.get(self.status, 0)
        return error_response(ApiError(self.status, code, self.message or MESSAGES.get(code))), code

    def _rate_limited(self) -> web.Response:
        shared = "The resource is being rate limited."
        body = {
            "message": self.message or (shared if self.scope == "shared" else
                                        "You are being rate limited."),
            "retry_after": self.retry_after,
            "global": False,
            "code": self.code or 0,
        }
        headers = {
            "Retry-After": str(math.ceil(self.retry_after)),
            "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset": f"{time.time() + self.retry_after:.3f}",
            "X-RateLimit-Reset-After": f"{self.retry_after:.3f}",
            "X-RateLimit-Bucket": "emulator-" + self.route.strip("/").replace("/", "-"),
            "X-RateLimit-Scope": self.scope,
        }
        return json_response(body, status=429, headers=headers)


class RandomFaults:
    """One request in `one_in` fails, drawn from a generator seeded with `seed`.

    Each route (method and template: `POST /channels/{id}/messages`) draws from its own
    stream, so which board post fails does not depend on how many other requests came
    between. A failing request gets a status among `statuses` before the route runs, or, with
    `after_write`, a 5xx among them after it ran. `routes` limits the faults to those route
    templates (all when None).
    """

    def __init__(self, one_in: int, *, seed: int, statuses: Collection[int] = RANDOM_STATUSES,
                 after_write: bool = True, routes: Collection[str] | None = None) -> None:
        if one_in < 1:
            raise ValueError("one_in must be at least 1")
        self.one_in = one_in
        self.seed = seed
        self.statuses = tuple(statuses)
        self.server_errors = tuple(s for s in self.statuses if s >= 500)
        self.after_write = after_write and bool(self.server_errors)
        self.routes = None if routes is None else frozenset(routes)
        self._streams: dict[str, random.Random] = {}
        # (method, path, status, after_write) of every fault drawn, in order.
        self.drawn: list[tuple[str, str, int, bool]] = []

    def draw(self, method: str, path: str) -> Fault | None:
        """Whether this request fails, and how."""
        template = route_of(path)[0]
        if self.routes is not None and template not in self.routes:
            return None
        key = f"{method} {template}"
        rng = self._streams.setdefault(key, random.Random(f"{self.seed}:{key}"))
        if rng.randrange(self.one_in):
            return None
        choice = rng.randrange(len(self.statuses) + self.after_write)
        after_write = choice == len(self.statuses)
        status = rng.choice(self.server_errors) if after_write else self.statuses[choice]
        self.drawn.append((method, path, status, after_write))
        return Fault(method, template, status, 1, None, rng.uniform(*RANDOM_RETRY_AFTER), None,
                     after_write)


class Faults:
    """The pending injected faults, and the random ones when switched on."""

    def __init__(self) -> None:
        self.pending: list[Fault] = []
        self.random: RandomFaults | None = None

    def add(self, fault: Fault) -> None:
        """Queue a fault."""
        self.pending.append(fault)

    def take(self, method: str, path: str, *, after_write: bool = False) -> Fault | None:
        """Consume one use of the first fault matching the request."""
        for fault in self.pending:
            if fault.matches(method, path, after_write):
                fault.times -= 1
                return fault
        return None
