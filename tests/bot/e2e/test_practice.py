"""Practice matches against the computer, end to end: /gwent practice and challenging the bot."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Callable
from pathlib import Path

from bot.discord.client import GwentBot
from tests.bot.e2e.driver import Table, board_count, newest, to_act
from tests.bot.e2e.oracle import check_public_messages
from tests.bot.e2e.tally import public_posts
from tests.emulator import Emulator, MessageView, VirtualUser, World, run_bot

THREAD = re.compile(r"<#(\d+)>")


async def _lobby(emu: Emulator, started: MessageView, user: VirtualUser) -> Table:
    """The practice thread named in the start message, once its lobby is posted."""
    found = THREAD.search(started.content)
    assert found is not None, started.content
    table = Table(emu, {user.id: user}, emu.store.channels[int(found.group(1))])
    await emu.wait_for(lambda: newest(table.visible(), "Ready"), 5, "the practice lobby")
    return table


def _match_id(lobby: MessageView) -> int:
    custom_id = lobby.button(label="Ready").custom_id
    assert custom_id is not None
    return int(custom_id.split(":")[2])


async def _play_against_the_computer(bot: GwentBot, table: Table, user: VirtualUser,
                                     match_id: int, rng: random.Random,
                                     max_turns: int = 300) -> MessageView:
    """Play random legal moves through the hand view until the result message appears.

    Before each move, wait until the computer has answered and its board is posted, so the
    hand is opened on the current board (during redraws both sides act at once)."""
    for _ in range(max_turns):
        await bot.services.computer.idle()
        count = (await bot.services.matches.get(match_id)).action_count
        board = await table.board_after(count - 1)
        if any(b.label == "Rematch" for b in board.buttons):
            return board
        assert board_count(board) == count
        assert to_act(board) == [user.id], board.content
        hand = await table.open_hand(user, board)
        await table.play_one(user, hand, rng, pass_bias=0.1)
    raise AssertionError("the match did not end")


async def test_practice_from_the_command_to_the_result(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice, _, carol = world.users
    bot = make_bot()
    async with run_bot(emu, bot):
        since = len(emu.log)
        started = await alice.slash(world.channel, "gwent practice", faction="monsters",
                                    difficulty="easy").message()
        assert not started.ephemeral
        assert "Alice" in started.content and "against the computer (easy)" in started.content
        table = await _lobby(emu, started, alice)
        assert table.channel.name == "Gwent: Alice vs Computer (easy)"
        lobby = newest(table.visible(), "Ready")
        assert lobby is not None and "Computer is ready" in lobby.content
        assert f"<@{alice.id}>" in lobby.content and f"<@{emu.bot.id}>" not in lobby.content

        again = await alice.slash(world.channel, "gwent practice").message()
        assert again.ephemeral and "You already have a match running" in again.content

        match_id = _match_id(lobby)
        # The first image of the run starts the render workers: allow for a busy machine.
        hand = await alice.click(lobby, label="Ready").message(timeout=30)
        assert hand.ephemeral
        result = await _play_against_the_computer(bot, table, alice, match_id,
                                                  random.Random(12))
        assert "wins the match" in result.content or "draw" in result.content
        assert "Round 1:" in result.content

        public = carol.visible_messages(table.channel)
        boards = [m for m in public if any(b.label == "Show my hand" for b in m.buttons)]
        assert await check_public_messages(bot.services, public) >= len(boards)
        stored = await bot.services.matches.result(match_id)
        assert stored is not None and stored.is_practice
        assert stored.ai_levels == (None, "easy") and stored.factions[0] == "monsters"
        moves = [a for _, a, _ in await bot.services.matches.actions(match_id)]
        assert any(a.startswith("1 ") for a in moves), "the computer played"
        # One board per exchange: Alice's move and the computer's reply (all its moves until
        # her turn comes back) on one board, never a board of the computer thinking.
        assert not any("is thinking" in b.content for b in boards)
        mine = sum(a.startswith("0 ") for a in moves)
        assert len(boards) - 1 <= mine, (len(boards), mine)
        assert any(b.content.count("Computer") >= 2 and "Alice" in b.content.split("\n")[1]
                   for b in boards[1:]), "a board narrates both sides' moves"
        # Alice is looking at the match all along: no board pings her.
        assert not [p for p in public_posts(emu, emu.log[since:]) if p.kind == "hand"
                    and p.pinged]


async def test_challenging_the_bot_starts_a_practice_match(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice, bob, _ = world.users
    bot = make_bot()
    async with run_bot(emu, bot):
        started = await alice.slash(world.channel, "gwent challenge",
                                    opponent=emu.bot).message()
        assert not started.ephemeral and "against the computer (normal)" in started.content
        table = await _lobby(emu, started, alice)
        assert table.channel.name == "Gwent: Alice vs Computer (normal)"
        busy = await bob.slash(world.channel, "gwent challenge", opponent=alice).message()
        assert busy.ephemeral and "Alice already has a match running" in busy.content

        lobby = newest(table.visible(), "Ready")
        assert lobby is not None
        await alice.click(lobby, label="Ready").message()
        await table.board_after(-1)
        forfeit = await alice.slash(world.channel, "gwent forfeit").message()
        assert forfeit.ephemeral and "against Computer" in forfeit.content
        result = await emu.wait_for(lambda: newest(table.visible(), "Rematch"), 5, "the result")
        assert "Alice forfeited" in result.content and "**Computer** wins" in result.content

        # Rematch: the computer again, at the same difficulty, in the same thread.
        rematch = await alice.click(result, label="Rematch").message()
        assert "against the computer (normal) here" in rematch.content
        lobby = await emu.wait_for(lambda: newest(table.visible(), "Ready"), 5, "a new lobby")
        assert lobby is not None and "Computer is ready" in lobby.content
        await bot.services.computer.idle()


async def test_after_a_restart_the_computer_plays_its_pending_turn(
        emu: Emulator, world: World, db_path: Path, rng: random.Random,
        make_bot: Callable[[], GwentBot]) -> None:
    alice = world.users[0]
    slow = GwentBot(db_path, ai_think_seconds=60, rng=rng)  # stopped before it answers
    async with run_bot(emu, slow):
        started = await alice.slash(world.channel, "gwent practice", faction="nilfgaard",
                                    difficulty="normal").message()
        table = await _lobby(emu, started, alice)
        lobby = newest(table.visible(), "Ready")
        assert lobby is not None
        match_id = _match_id(lobby)
        await alice.click(lobby, label="Ready").message()
        await table.board_after(-1)
        assert await slow.services.matches.computer_turn(match_id) is not None
    bot = make_bot()
    async with run_bot(emu, bot):
        await bot.services.computer.idle()
        moves = [a for _, a, _ in await bot.services.matches.actions(match_id)]
        assert moves and all(a.startswith("1 ") for a in moves), moves
        board = await table.board_after(len(moves) - 1)
        assert board_count(board) == len(moves)
        result = await _play_against_the_computer(bot, table, alice, match_id,
                                                  random.Random(3))
        assert "Round 1:" in result.content


async def test_a_move_the_computer_does_not_answer_is_shown_by_the_reconcile(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice = world.users[0]
    bot = make_bot()
    async with run_bot(emu, bot):
        started = await alice.slash(world.channel, "gwent practice", faction="nilfgaard",
                                    difficulty="easy").message()
        table = await _lobby(emu, started, alice)
        lobby = newest(table.visible(), "Ready")
        assert lobby is not None
        match_id = _match_id(lobby)
        table.views[alice.id] = await alice.click(lobby, label="Ready").message(timeout=30)
        rng = random.Random(8)
        while True:  # until one of Alice's moves leaves the computer to answer
            await bot.services.computer.idle()
            count = (await bot.services.matches.get(match_id)).action_count
            board = await table.board_after(count - 1)
            if "Round" in board.content.split("\n")[0]:
                bot.services.matches.on_computer_turn(None)  # the computer stops answering
            await table.play_one(alice, await table.hand_for(alice, board), rng, 0.0)
            if await bot.services.matches.computer_turn(match_id) is not None:
                break
            bot.services.matches.on_computer_turn(bot.services.computer.wake)
        # Her move waits for the computer's reply to be shown with it; the reconcile shows
        # it alone when no reply comes.
        count = (await bot.services.matches.get(match_id)).action_count
        await asyncio.sleep(0.5)  # what the move's change would post, it would have by now
        assert board_count(newest(table.visible(), "Show my hand") or board) < count
        assert ((await bot.services.matches.get(match_id)).board_action or 0) < count
        await bot.publisher.reconcile()
        thinking = await table.board_after(count - 1)
        assert board_count(thinking) == count and "Computer** is thinking" in thinking.content
        # Once the computer answers, its move comes on a board of its own.
        bot.services.matches.on_computer_turn(bot.services.computer.wake)
        bot.services.computer.wake(match_id)
        await bot.services.computer.idle()
        reply = await table.board_after(count)
        assert "Last move: Computer" in reply.content or "Moves: Computer" in reply.content
