"""Test-injected failures, matched against request paths by route template."""

from __future__ import annotations

import math
import re
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from .errors import MESSAGES, ApiError
from .httpio import error_response, json_response

DEFAULT_CODES = {403: 50013, 404: 10003}


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
    pattern: re.Pattern[str] = field(init=False)

    def __post_init__(self) -> None:
        self.pattern = compile_route(self.route)

    def matches(self, method: str, path: str) -> bool:
        """Whether this fault applies to the request."""
        return self.times > 0 and self.method == method.upper() and bool(self.pattern.match(path))

    def response(self) -> tuple[web.Response, int]:
        """Build the injected response; returns it with its Discord error code."""
        if self.status == 429:
            return self._rate_limited(), 0
        if self.status >= 500:
            body: dict[str, Any] = {"message": f"{self.status}: Internal Server Error", "code": 0}
            return json_response(body, status=self.status), 0
        code = self.code if self.code is not None else DEFAULT_CODES.get(self.status, 0)
        return error_response(ApiError(self.status, code, self.message or MESSAGES.get(code))), code

    def _rate_limited(self) -> web.Response:
        body = {
            "message": self.message or "You are being rate limited.",
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
            "X-RateLimit-Scope": "user",
            "Via": "1.1 google",
        }
        return json_response(body, status=429, headers=headers)


class Faults:
    """The list of pending injected faults."""

    def __init__(self) -> None:
        self.pending: list[Fault] = []

    def add(self, fault: Fault) -> None:
        """Queue a fault."""
        self.pending.append(fault)

    def take(self, method: str, path: str) -> Fault | None:
        """Consume one use of the first fault matching the request."""
        for fault in self.pending:
            if fault.matches(method, path):
                fault.times -= 1
                return fault
        return None
