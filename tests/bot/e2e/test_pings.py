"""Whom the match's messages notify: a board pings the player whose turn it gives only when
they are not looking at the match (no click of theirs in it, nor the table, within
LOOKING_SECONDS), and the turn timer's warning names a player at the table without a
mention."""

from __future__ import annotations

import random
from pathlib import Path

from bot.discord.client import GwentBot
from bot.service import LOOKING_SECONDS
from tests.bot.e2e.driver import REMATCH, board_count, enabled, open_match, to_act
from tests.bot.e2e.tally import Post, public_posts
from tests.bot.helpers import FakeClock
from tests.emulator import Emulator, World, run_bot


def boards_posted(emu: Emulator, since: int) -> list[Post]:
    """The boards posted since the request log's index `since`."""
    return [p for p in public_posts(emu, emu.log[since:]) if p.kind == "hand"]


async def test_a_board_pings_only_a_player_who_is_not_looking(
        emu: Emulator, world: World, db_path: Path, rng: random.Random) -> None:
    alice, bob, _ = world.users
    clock = FakeClock()
    bot = GwentBot(db_path, clock=clock, ai_think_seconds=0, rng=rng)
    async with run_bot(emu, bot):
        started = len(emu.log)
        table, board = await open_match(emu, world.channel, alice, bob)
        # Both just pressed Ready: the first board (both redraw) pings neither.
        assert [p.pinged for p in boards_posted(emu, started)] == [frozenset()]
        play = random.Random(3)
        quick = slow = 0
        while not slow:
            count = board_count(board)
            mover = table.players[to_act(board)[0]]
            waiting = bob if mover is alice else alice
            # Once round 1 is under way, the mover thinks longer than a minute: the waiting
            # player has not clicked since their own move, so they are no longer looking.
            thinking = quick >= 3
            if thinking:
                clock.advance(LOOKING_SECONDS + 1)
            before = len(emu.log)
            await table.play_one(mover, await table.hand_for(mover, board), play, 0.0)
            board = await table.board_after(count)
            assert not enabled(board, REMATCH), "the match ended before a slow turn"
            pinged = [p.pinged for p in boards_posted(emu, before)]
            if waiting.id in to_act(board) and "Round" in board.content.split("\n")[0]:
                if thinking:
                    assert pinged == [frozenset({waiting.id})], board.content
                    slow += 1
                else:
                    quick += 1
            if not (thinking and waiting.id in to_act(board)):
                # The mover is never pinged, nor anyone who clicked within the minute.
                assert pinged in ([], [frozenset()]), (pinged, board.content)


async def test_a_player_at_the_table_is_named_but_not_mentioned_by_the_warning(
        emu: Emulator, world: World, db_path: Path, rng: random.Random) -> None:
    alice, bob, _ = world.users
    clock = FakeClock()
    bot = GwentBot(db_path, clock=clock, ai_think_seconds=0, rng=rng)
    async with run_bot(emu, bot):
        table, board = await open_match(emu, world.channel, alice, bob)
        match_id = int((board.buttons[0].custom_id or "").split(":")[2])
        match = await bot.services.matches.get(match_id)
        assert match.warn_at is not None
        # Both redraw; Alice watches the match at the table, Bob went away.
        clock.now = match.warn_at + 1
        await bot.services.matches.mark_seen(match_id, alice.id, at_table=True)
        before = len(emu.log)
        await bot.services.timers.run_due()
        warning = await emu.wait_for(lambda: next(
            (m for m in table.visible() if m.content.startswith("\u23f3")), None), 5,
            "the warning")
        [post] = public_posts(emu, emu.log[before:])
        assert post.pinged == {bob.id}
        assert f"<@{bob.id}>" in warning.content and f"<@{alice.id}>" not in warning.content
        assert "**Alice**" in warning.content
