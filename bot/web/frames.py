"""The socket's frames from the page (docs/table-protocol.md), checked and typed: anything
else is Malformed, answered with an error frame."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

# Error codes of error frames.
MALFORMED, UNAUTHORIZED, NOT_A_PLAYER, STALE, ILLEGAL, OVER = (
    "malformed", "unauthorized", "not_a_player", "stale", "illegal", "over")
NO_MATCH, WATCH_EXPIRED, RATE_LIMITED, INTERNAL = (
    "no_match", "watch_expired", "rate_limited", "internal")

MOVE_TEXT = re.compile(r"[a-z]+(?: [a-z0-9]+){0,3}")
MAX_TEXT = 64
MAX_NUMBER = 2**53 - 1  # what a page's JavaScript numbers hold exactly


class Malformed(Exception):
    """A frame that is not JSON, of an unknown type, or missing or mistyping a field."""


@dataclass(frozen=True)
class Hello:
    """Open the table of a channel as the session's user."""

    session: str
    channel_id: int
    guild_id: int | None
    instance_id: str | None
    locale: str | None


@dataclass(frozen=True)
class Watch:
    """Open a watch link's table."""

    token: str
    locale: str | None


@dataclass(frozen=True)
class Move:
    """Play `move` on the state with `expected` actions; `id` is the page's own number."""

    id: int
    expected: int
    move: str


@dataclass(frozen=True)
class Forfeit:
    """Give up the match."""

    id: int


@dataclass(frozen=True)
class Ping:
    """Keep-alive."""


Frame = Hello | Watch | Move | Forfeit | Ping


def parse(text: str) -> Frame:
    """The frame a text holds, or raise Malformed."""
    try:
        data = json.loads(text)
    except ValueError:
        raise Malformed("not JSON") from None
    if not isinstance(data, dict):
        raise Malformed("not a JSON object")
    kind = data.get("t")
    if kind == "hello":
        return Hello(_text(data, "session"), _snowflake(data, "channel_id"),
                     _snowflake(data, "guild_id", optional=True),
                     _text(data, "instance_id", optional=True),
                     _text(data, "locale", optional=True))
    if kind == "watch":
        return Watch(_text(data, "token"), _text(data, "locale", optional=True))
    if kind == "move":
        move = _text(data, "move")
        if not MOVE_TEXT.fullmatch(move):
            raise Malformed("move is not a move's text")
        return Move(_number(data, "id"), _number(data, "expected"), move)
    if kind == "forfeit":
        return Forfeit(_number(data, "id"))
    if kind == "ping":
        return Ping()
    raise Malformed("unknown frame type")


def frame_id(text: str) -> int | None:
    """The page's number of a frame that could not be read, when it has one, for its error."""
    try:
        data = json.loads(text)
        value = data.get("id") if isinstance(data, dict) else None
    except ValueError:
        return None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _text(data: dict[str, Any], key: str, optional: bool = False) -> Any:
    value = data.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, str) or not value or len(value) > (MAX_TEXT if key != "session"
                                                                 else 4 * MAX_TEXT):
        raise Malformed(f"{key} is missing or not a short text")
    return value


def _number(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_NUMBER:
        raise Malformed(f"{key} is missing or not a whole number")
    return value


def _snowflake(data: dict[str, Any], key: str, optional: bool = False) -> Any:
    value = data.get(key)
    if value is None and optional:
        return None
    if isinstance(value, str) and value.isdigit() and len(value) <= 20:
        return int(value)
    raise Malformed(f"{key} is missing or not a Discord id (a string of digits)")
