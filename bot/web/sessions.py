"""The table's own tokens, signed with a key derived from the application's client secret:
stateless, so they outlive a restart and every process sharing the secret accepts them.

A session names a Discord user (after the OAuth2 exchange) until it expires; it never holds
the access token or the secret. A watch token names one match; whether it still works (the
match is not over) is checked where it is used.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from collections.abc import Callable
from dataclasses import dataclass

SESSION_SECONDS = 24 * 3600
# The key's purpose, so a key derived from the same secret elsewhere signs nothing of ours.
PURPOSE = b"gwent table tokens v1"
SESSION, WATCH = b"session.", b"watch."
WATCH_SIGNATURE_BYTES = 18  # 144 bits: not to be guessed


@dataclass(frozen=True)
class User:
    """A Discord user as /users/@me named them."""

    id: int
    name: str


def _encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _decode(text: str) -> bytes:
    """Strict: any character outside the URL-safe alphabet is refused (binascii.Error, a
    ValueError), padding included: one token has one spelling."""
    if "=" in text:
        raise ValueError("padded")
    return base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_", validate=True)


class Signer:
    """Makes and checks sessions and watch tokens."""

    def __init__(self, client_secret: str, clock: Callable[[], float] = time.time) -> None:
        self._key = hmac.new(client_secret.encode(), PURPOSE, hashlib.sha256).digest()
        self._clock = clock

    def _sign(self, kind: bytes, body: bytes) -> bytes:
        return hmac.new(self._key, kind + body, hashlib.sha256).digest()

    def session(self, user: User) -> str:
        """A session for `user`, valid for SESSION_SECONDS."""
        body = json.dumps({"u": str(user.id), "n": user.name,
                           "x": int(self._clock()) + SESSION_SECONDS},
                          separators=(",", ":")).encode()
        return f"{_encode(body)}.{_encode(self._sign(SESSION, body))}"

    def user_of(self, session: str) -> User | None:
        """The user a session names, or None if it is forged, damaged or expired."""
        try:
            head, signature = session.split(".")
            body = _decode(head)
            if not hmac.compare_digest(_decode(signature), self._sign(SESSION, body)):
                return None
            data = json.loads(body)
            if not isinstance(data, dict) or int(data["x"]) < self._clock():
                return None
            return User(int(data["u"]), str(data["n"]))
        except (ValueError, KeyError, TypeError):
            return None

    def watch_token(self, match_id: int) -> str:
        """The watch link's token of a match (always the same for that match)."""
        signature = self._sign(WATCH, str(match_id).encode())[:WATCH_SIGNATURE_BYTES]
        return f"{match_id}-{_encode(signature)}"

    def watched_match(self, token: str) -> int | None:
        """The match a watch token names, or None if it is not one of ours."""
        match_id, _, signature = token.partition("-")
        if not match_id.isdigit() or len(match_id) > 18:
            return None
        try:
            given = _decode(signature)
        except ValueError:
            return None
        expected = self._sign(WATCH, match_id.encode())[:WATCH_SIGNATURE_BYTES]
        return int(match_id) if hmac.compare_digest(given, expected) else None
