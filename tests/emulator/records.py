"""The emulator's request log, its failure records, and traffic counts by kind."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

# Kinds of request: an interaction endpoint (the callback, or the interaction's webhook:
# follow-ups, @original, message edits and deletes), exempt from the global rate limit; or a
# request made with the bot token, which counts against it.
INTERACTION = "interaction"
BOT = "bot"
# The app's OAuth2: the code exchange (client secret) and a user's bearer-token requests;
# not the bot token's, so not bound by its global limit (counted with `interaction`).
OAUTH = "oauth"
# Statuses Discord counts as invalid requests (10,000 in 10 minutes get the IP banned).
INVALID_STATUSES = (401, 403, 429)


@dataclass
class RequestRecord:
    """One REST request and the status it was answered with; `scope` is a 429's
    X-RateLimit-Scope (`user`, `global`, or None for other answers), `after_write` marks a
    5xx injected after the route did its work."""

    method: str
    path: str
    status: int
    body: Any = None
    injected: bool = False
    kind: str = BOT
    scope: str | None = None
    after_write: bool = False

    @property
    def counts_globally(self) -> bool:
        """Whether it counts against the bot's global rate limit."""
        return self.kind == BOT

    @property
    def invalid(self) -> bool:
        """Whether Discord counts it as an invalid request (429s of scope `shared` do not)."""
        return self.status in INVALID_STATUSES and self.scope != "shared"


@dataclass(frozen=True)
class Traffic:
    """Requests counted by kind: interaction endpoints, bot-token ones (the global limit's),
    invalid ones by status, 429s by scope, and 5xx answers."""

    interaction: int = 0
    bot: int = 0
    invalid: dict[int, int] = field(default_factory=dict)
    rate_limited: dict[str, int] = field(default_factory=dict)
    server_errors: int = 0

    @classmethod
    def of(cls, records: Iterable[RequestRecord]) -> Traffic:
        """Count these records."""
        bot = interaction = server_errors = 0
        invalid: Counter[int] = Counter()
        scopes: Counter[str] = Counter()
        for record in records:
            if record.counts_globally:
                bot += 1
            else:
                interaction += 1
            if record.invalid:
                invalid[record.status] += 1
            if record.status == 429:
                scopes[record.scope or "injected"] += 1
            server_errors += record.status >= 500
        return cls(interaction, bot, dict(sorted(invalid.items())), dict(sorted(scopes.items())),
                   server_errors)

    @property
    def total(self) -> int:
        """Every request."""
        return self.interaction + self.bot


@dataclass
class Failure:
    """An error answer or a violated platform rule; `kind` classifies it (see errors.BUG_KINDS)."""

    kind: str
    status: int
    code: int
    method: str
    path: str
    detail: str = ""
    injected: bool = False

    def __str__(self) -> str:
        origin = " (injected)" if self.injected else ""
        answer = f"{self.status} {self.code} {self.detail}"
        return f"{self.kind}{origin}: {self.method} {self.path} -> {answer}"
