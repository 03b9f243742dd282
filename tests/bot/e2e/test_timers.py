"""Turn timers end to end: each warning says what the timeout will do, a timeout in the
redraws keeps the hand and counts for nothing, two in a row lose the match (and the result
says so), and a match both players left ends as abandoned and unrated."""

from __future__ import annotations

import random
from pathlib import Path

from bot.discord.client import GwentBot
from bot.service.settings import DEFAULT_TURN_SECONDS, warning_lead
from tests.bot.e2e.driver import Table, board_count, newest, open_match, to_act
from tests.bot.helpers import FakeClock
from tests.emulator import Emulator, MessageView, VirtualUser, World, run_bot

LEAD = warning_lead(DEFAULT_TURN_SECONDS)


async def warning(table: Table, bot: GwentBot, clock: FakeClock) -> MessageView:
    """Move the clock to the warning time and return the warning it posts."""
    record = await bot.services.matches.get(table_match(table))
    assert record.deadline is not None
    clock.now = record.deadline - LEAD
    await bot.services.timers.run_due()
    return await table.emu.wait_for(
        lambda: next((m for m in reversed(table.visible())
                      if m.content.startswith("\u23f3") and not m.deleted), None), 5,
        "the timer's warning")


async def expire(table: Table, bot: GwentBot, clock: FakeClock, board: MessageView
                 ) -> MessageView:
    """Let the turn timer run out; return the next board or the result."""
    record = await bot.services.matches.get(table_match(table))
    assert record.deadline is not None
    clock.now = record.deadline
    await bot.services.timers.run_due()
    return await table.board_after(board_count(board))


def table_match(table: Table) -> int:
    """The id of the match on the table (from any of its boards)."""
    board = newest(table.visible(), "Show my hand") or newest(table.visible(), "Rematch")
    assert board is not None
    return int(board.buttons[0].custom_id.split(":")[2])


async def play_a_card(table: Table, user: VirtualUser, board: MessageView) -> MessageView:
    """Play the first card of the hand (its first row or target when asked); return the next
    board."""
    hand = await table.open_hand(user, board)
    cards = next(s for s in hand.selects if s.custom_id.startswith("gw:card:"))
    await table.settle(user.select(hand, cards.custom_id, [cards.options[0].value]))
    if any(b.label == "Back" for b in hand.buttons):  # a row or a target to choose
        handle = (user.select(hand, hand.selects[0].custom_id,
                              [hand.selects[0].options[0].value]) if hand.selects else
                  user.click(hand, custom_id=next(b.custom_id for b in hand.buttons
                                                  if b.label != "Back")))
        await table.settle(handle)
    return await table.board_after(board_count(board))


async def pass_round(table: Table, user: VirtualUser, board: MessageView) -> MessageView:
    """Press Pass; return the next board."""
    hand = await table.open_hand(user, board)
    await table.settle(user.click(hand, label="Pass"))
    return await table.board_after(board_count(board))


async def test_timeouts_say_what_they_do_and_two_in_a_row_lose(
        emu: Emulator, world: World, db_path: Path, rng: random.Random) -> None:
    alice, bob, _ = world.users
    clock = FakeClock()
    bot = GwentBot(db_path, clock=clock, rng=rng)
    async with run_bot(emu, bot):
        table, board = await open_match(emu, world.channel, alice, bob, faction="monsters",
                                        ranked=True)
        # The redraws: the timeout keeps the hand and counts against nobody.
        redraws = await warning(table, bot, clock)
        assert redraws.content.endswith(", then you each keep your hand.")
        assert all(f"<@{u}>" in redraws.content for u in (alice.id, bob.id))
        board = await expire(table, bot, clock, board)
        await emu.wait_for(lambda: redraws.deleted, 5, "the warning to go")
        gone = table.players[to_act(board)[0]]
        there = next(u for u in (alice, bob) if u is not gone)
        # Round 1: the first timeout passes the round.
        first = await warning(table, bot, clock)
        assert first.content == (f"\u23f3 <@{gone.id}>: time runs out "
                                 f"<t:{int(clock.now + LEAD)}:R>, then you pass the round.")
        board = await expire(table, bot, clock, board)
        assert f"{gone.user.global_name} passed" in board.content
        # The other player is there: plays a card, passes, and starts round 2 with a card.
        board = await play_a_card(table, there, board)
        board = await pass_round(table, there, board)
        assert "**Round 2**" in board.content
        board = await play_a_card(table, there, board)
        assert to_act(board) == [gone.id]
        second = await warning(table, bot, clock)
        assert second.content.endswith(", then you forfeit the match: it would be your second "
                                       "timeout in a row.")
        result = await expire(table, bot, clock, board)
        await emu.wait_for(lambda: "MMR" in result.content, 5, "the ranked lines")
        head = result.content.splitlines()[0]
        assert head == (f"\u23f0 {gone.user.global_name} ran out of time twice in a row: "
                        f"**{there.user.global_name}** wins the match.")
        assert "forfeited" not in result.content
        assert "faction MMR 1200 \u2192 1135 (\u221265, provisional: 1 of 5 games)" in \
            result.content


async def test_a_match_both_players_left_ends_abandoned_and_unrated(
        emu: Emulator, world: World, db_path: Path, rng: random.Random) -> None:
    alice, bob, _ = world.users
    clock = FakeClock()
    bot = GwentBot(db_path, clock=clock, rng=rng)
    async with run_bot(emu, bot):
        table, board = await open_match(emu, world.channel, alice, bob, ranked=True)
        board = await expire(table, bot, clock, board)  # the redraws
        board = await expire(table, bot, clock, board)  # one passes round 1
        board = await expire(table, bot, clock, board)  # the other too
        last = await warning(table, bot, clock)
        assert last.content.endswith(", then the match ends as abandoned, since nobody has "
                                     "moved for two turns: no winner, and it is not rated.")
        result = await expire(table, bot, clock, board)
        await emu.wait_for(lambda: "not rated" in result.content, 5, "the ranked line")
        assert result.content.splitlines() == [
            "\u231b **The match is abandoned**: the turn timer ran out three times in a row "
            "with no move from either player. Nobody wins.",
            result.content.splitlines()[1],  # round 1's scores
            "Round 2 was not finished.",
            "\u231b An abandoned match is not rated: MMR, ranks and the ladder stay as they "
            "were."]
        assert [a.filename for a in result.attachments] == ["board.png"]
        history = await alice.slash(world.channel, "gwent history").message()
        assert history.content.splitlines()[1].startswith("\u231b Abandoned vs **Bob**")
        ladder = await alice.slash(world.channel, "gwent leaderboard").message()
        assert "No ranked match has been played in this server" in ladder.content
        # The replay of an abandoned match opens where the players left it.
        replay = await alice.slash(world.channel, "gwent replay").message()
        assert "cannot be replayed" not in replay.content
