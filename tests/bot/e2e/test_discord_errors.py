"""Discord failing: at start-up (5xx, dropped connections, the gateway), a rejected token,
and an acknowledgement that worked although its answer was a 5xx."""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable

import discord
import pytest

from bot.discord.client import GwentBot
from bot.discord.core import answers
from bot.discord.core.retry import Backoff
from tests.bot.e2e.driver import open_match, signature
from tests.emulator import Emulator, World, run_bot

# The start-up retries' real waits (1 s doubling up to a minute) make no difference to what
# is tested here: every failure is retried until Discord answers.
QUICK_STARTUP = Backoff(first=0.01, cap=0.04, attempts=None, level=logging.WARNING)


def retried(caplog: pytest.LogCaptureFixture) -> list[str]:
    """What the retries logged, without the waits."""
    return [r.getMessage().split(";")[0] for r in caplog.records
            if r.name == "bot.discord.core.retry"]


async def test_discord_unavailable_at_start_up_does_not_end_the_bot(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot],
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr("bot.discord.client.STARTUP", QUICK_STARTUP)
    emu.inject("GET", "/users/@me", 503)
    # The connection drops (twice: aiohttp itself repeats a GET once on a reused connection).
    emu.inject("GET", "/users/@me", 0, times=2)
    emu.inject("GET", "/oauth2/applications/@me", 503)
    emu.inject("PUT", "/applications/{app_id}/commands", 503)
    emu.inject("GET", "/gateway", 503)  # the websocket handshake
    with caplog.at_level(logging.WARNING, "bot.discord.core.retry"):
        async with run_bot(emu, make_bot(), allow_errors=True) as run:
            rules = await world.users[0].slash(world.channel, "gwent rules").message()
    assert "Gwent" in rules.content
    assert [r.status for r in emu.log if r.path == "/users/@me"] == [503, 0, 0, 200, 200]
    assert retried(caplog) == [
        "logging in to Discord: Discord answered 503 Service Unavailable",
        "logging in to Discord: ServerDisconnectedError: Server disconnected",
        "logging in to Discord: Discord answered 503 Service Unavailable",
        "syncing the slash commands: Discord answered 503 Service Unavailable",
        "connecting to Discord's gateway: WSServerHandshakeError: 503, message='Invalid "
        f"response status', url='{emu.gateway_url}?v=10&encoding=json&compress=zlib-stream'",
    ]
    # discord.py logs its own failed attempt at the gateway, and nothing else.
    assert [r.getMessage().split(" in ")[0] for r in run.errors] == ["Attempting a reconnect"]


async def test_a_rejected_token_ends_the_start_at_once(
        emu: Emulator, make_bot: Callable[[], GwentBot]) -> None:
    with pytest.raises(discord.LoginFailure):
        async with run_bot(emu, make_bot(), token="not-the-token"):
            pass
    assert [(r.path, r.status) for r in emu.log] == [("/users/@me", 401)], "not retried"


async def test_an_answer_that_worked_despite_its_5xx_is_still_edited_in(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot],
        monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob, _ = world.users
    # The click is acknowledged at once (deferred), then its answer edited in.
    monkeypatch.setattr(answers, "ANSWER_SECONDS", 0.0)
    monkeypatch.setattr(answers, "RECENT", deque[float](maxlen=16))
    async with run_bot(emu, make_bot()):
        table, board = await open_match(emu, world.channel, alice, bob)
        hand = await table.open_hand(alice, board)
        # Discord applies the acknowledgement, but answers 502: discord.py tries it again
        # and is told it was already acknowledged (40060).
        emu.inject("POST", "/interactions/{id}/{token}/callback", 502, after_write=True)
        before = signature(hand)
        click = alice.click(hand, label="Keep this hand")
        await table.settle(click, hand, before)
    assert [(f.kind, f.status, f.injected) for f in emu.failures] == [
        ("injected", 502, True), ("already_acknowledged", 400, True)]
