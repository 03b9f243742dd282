"""The table's own tokens: sessions name a user until they expire and cannot be forged;
watch tokens name one match and cannot be guessed from another's."""

from __future__ import annotations

from bot.web.sessions import SESSION_SECONDS, Signer, User

ALICE = User(1234567890123, "Alice")


def test_a_session_names_its_user_until_it_expires() -> None:
    now = [1000.0]
    signer = Signer("secret", lambda: now[0])
    session = signer.session(ALICE)
    assert signer.user_of(session) == ALICE
    assert Signer("secret", lambda: now[0]).user_of(session) == ALICE  # another process
    now[0] += SESSION_SECONDS + 1
    assert signer.user_of(session) is None


def test_a_forged_or_damaged_session_names_nobody() -> None:
    signer = Signer("secret")
    session = signer.session(ALICE)
    body, signature = session.split(".")
    other = Signer("secret").session(User(42, "Mallory")).split(".")[0]
    for bad in (f"{other}.{signature}", f"{body}.{signature[:-2]}AA", body, "", "a.b.c",
                Signer("another secret").session(ALICE), f"{body}!.{signature}"):
        assert signer.user_of(bad) is None, bad


def test_a_session_holds_no_secret() -> None:
    session = Signer("a very secret secret").session(ALICE)
    assert "secret" not in session


def test_watch_tokens_name_one_match() -> None:
    signer = Signer("secret")
    token = signer.watch_token(12)
    assert signer.watch_token(12) == token
    assert signer.watched_match(token) == 12
    _, signature = token.split("-", 1)
    assert len(signature) >= 24  # at least 144 bits
    other = signer.watch_token(13)
    flipped = other[:-1] + ("B" if other[-1] == "A" else "A")
    for bad in (f"13-{signature}", f"012-{signature}", flipped, Signer("other").watch_token(12),
                "12", "x-y", "", f"12-{signature}=", f"12-{signature}!"):
        assert signer.watched_match(bad) is None, bad
