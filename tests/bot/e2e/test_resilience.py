"""Restarts and Discord errors, end to end (timers: test_timers.py)."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
from collections import deque
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.discord.client import GwentBot
from bot.discord.core import answers
from bot.discord.core.replies import RESTARTING
from bot.main import main
from tests.bot.e2e.driver import board_count, newest, open_match, to_act
from tests.emulator import Emulator, VirtualUser, World, pointed_at, run_bot

ROOT = Path(__file__).resolve().parents[3]


async def test_restart_mid_match_keeps_old_buttons_working(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice, bob, _ = world.users
    rng = random.Random(8)
    async with run_bot(emu, make_bot()):
        table, board = await open_match(emu, world.channel, alice, bob)
        for _ in range(6):  # a few moves
            user = table.players[to_act(board)[0]]
            hand = await table.open_hand(user, board)
            await table.play_one(user, hand, rng, pass_bias=0.0)
            board = await table.board_after(board_count(board))
        user = table.players[to_act(board)[0]]
        hand = await table.open_hand(user, board)
    # The bot is gone; a new one starts on the same database file.
    async with run_bot(emu, make_bot()):
        # Buttons on messages from the previous run still work: the board and the hand.
        await table.play_one(user, hand, rng, pass_bias=0.0)
        board = await table.board_after(board_count(board))
        result = await table.play_to_the_end(rng)
        assert "Round 1:" in result.content


async def test_failed_board_posts_lose_no_move(emu: Emulator, world: World,
                                               make_bot: Callable[[], GwentBot]) -> None:
    alice, bob, _ = world.users
    bot = make_bot()
    emu.expect_failures("injected")
    async with run_bot(emu, bot):
        table, board = await open_match(emu, world.channel, alice, bob)
        route = f"/channels/{table.channel.id}/messages"
        match_id = int(board.button(label="Show my hand").custom_id.split(":")[2])

        async def keep(user: VirtualUser) -> None:
            hand = await table.open_hand(user, board)
            user.click(hand, label="Keep this hand")
            await emu.wait_for(lambda: "Keep this hand" not in {b.label for b in hand.buttons},
                               5, "the keep to be applied")

        # Forbidden is not retried by discord.py: the board waits for the reconcile.
        emu.inject("POST", route, 403, code=50013, message="Missing Permissions")
        await keep(alice)
        assert (await bot.services.matches.get(match_id)).action_count == 1
        assert await bot.services.matches.behind() == [match_id]
        await bot.publisher.reconcile()
        board = await table.board_after(0)
        assert board_count(board) == 1 and await bot.services.matches.behind() == []
        # A 500 and a 429 are retried by discord.py itself.
        emu.inject("POST", route, 500)
        emu.inject("POST", route, 429)
        await keep(bob)
        board = await table.board_after(1)
        assert board_count(board) == 2
        assert [a for _, a, _ in await bot.services.matches.actions(match_id)] == \
            ["0 keep", "1 keep"]


async def test_a_rejected_token_is_explained_in_one_line(
        emu: Emulator, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "db" / "gwent.sqlite3"))
    with pointed_at(emu):
        code = await asyncio.to_thread(main)
    err = capsys.readouterr().err.strip()
    assert code == 1
    assert err.splitlines()[-1].startswith("gwent: Discord rejected DISCORD_TOKEN")
    assert "Traceback" not in err


async def test_a_deleted_lobby_is_posted_again(emu: Emulator, world: World,
                                              make_bot: Callable[[], GwentBot]) -> None:
    alice, bob, _ = world.users
    bot = make_bot()
    async with run_bot(emu, bot):
        table, lobby = await open_match(emu, world.channel, alice, bob, ready=False)
        match_id = int(lobby.button(label="Ready").custom_id.split(":")[2])
        emu.store.delete_message(lobby.model)
        await bot.publisher.sync(match_id)
        again = await emu.wait_for(lambda: newest(table.visible(), "Ready"), 5, "a new lobby")
        assert again != lobby
        alice.click(again, label="Ready")
        await emu.wait_for(lambda: "Alice is ready" in again.content, 5, "the lobby update")


# How the answer to a move reaches Discord: in the acknowledgement itself (the result was
# ready in time), or by editing the acknowledged response (no time for it to be ready).
ANSWER_ROUTES = {"in the acknowledgement": ("POST", "/interactions/{id}/{token}/callback"),
                 "deferred": ("PATCH", "/webhooks/{app_id}/{token}/messages/@original")}


@pytest.mark.parametrize("answer", sorted(ANSWER_ROUTES))
async def test_stopping_the_bot_lets_a_move_in_progress_finish(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot], answer: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob, _ = world.users
    bot = make_bot()
    emu.expect_failures("injected")
    monkeypatch.setattr(answers, "ANSWER_SECONDS", 0.0 if answer == "deferred" else 1.0)
    monkeypatch.setattr(answers, "RECENT", deque[float](maxlen=16))
    async with run_bot(emu, bot):
        table, board = await open_match(emu, world.channel, alice, bob)
        hand = await table.open_hand(alice, board)
        # Discord fails the answer to the click once (a 5xx, retried a second later), so the
        # bot is told to stop while the move is applied but not yet shown.
        method, route = ANSWER_ROUTES[answer]
        emu.inject(method, route, 503)
        alice.click(hand, label="Keep this hand")
        await emu.wait_for(lambda: any(f.injected for f in emu.failures), 5,
                           "the failed answer")
        stopping = asyncio.create_task(bot.close())
        await emu.wait_for(lambda: bot.in_flight.closing, 5, "the stop to begin")
        # A click that arrives while the bot stops is turned away, politely and privately.
        # (Alice's move may already have a newer board, which disabled this one's buttons.)
        current = newest(table.visible(), "Show my hand")
        assert current is not None
        late = await bob.click(current, label="Show my hand").message()
        assert late.content == RESTARTING and late.ephemeral
        await stopping
    # The stop waited: the answer was retried and shown before the connection closed.
    assert "Keep this hand" not in {b.label for b in hand.buttons}


async def test_sigterm_stops_the_bot_process_cleanly(emu: Emulator, world: World,
                                                    tmp_path: Path) -> None:
    alice = world.users[0]
    env = {**os.environ, "DISCORD_TOKEN": emu.token, "DEV_GUILD_ID": "", "LOG_LEVEL": "INFO",
           "DATABASE_PATH": str(tmp_path / "gwent.sqlite3"), "PYTHONUNBUFFERED": "1"}
    bot = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.emulated_bot", emu.api_base, emu.gateway_url,
        cwd=ROOT, env=env, stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT)
    try:
        await emu.wait_for(lambda: any(s.ready for s in emu.gateway.sessions), 60,
                           "the bot process to connect")
        # As a service manager would, stop the bot while it answers a command.
        emu.expect_failures("injected")
        emu.inject("PATCH", "/webhooks/{app_id}/{token}/messages/@original", 429,
                   retry_after=1.0)
        lookup = alice.slash(world.channel, "gwent card", name="Triss Merigold")
        await emu.wait_for(lambda: any(f.injected for f in emu.failures), 10,
                           "the rate-limited answer")
        bot.send_signal(signal.SIGTERM)
        output, _ = await asyncio.wait_for(bot.communicate(), 30)
    finally:
        if bot.returncode is None:
            bot.kill()
            await bot.wait()
    log = output.decode()
    assert bot.returncode == 0, log
    assert "Traceback" not in log and " ERROR " not in log, log
    card = await lookup.message()
    assert [a.filename for a in card.attachments] == ["card.png"]
