"""Refusals: who may challenge whom and where, and who may click what."""

from __future__ import annotations

from collections.abc import Callable

from bot.discord.client import GwentBot
from tests.bot.e2e.driver import (
    board_count,
    newest,
    open_match,
    refusal,
    to_act,
    told,
    view_count,
)
from tests.emulator import THREAD_CREATION, Emulator, World, run_bot


async def test_challenge_refusals(emu: Emulator, world: World,
                                  make_bot: Callable[[], GwentBot]) -> None:
    alice, bob, carol = world.users
    async with run_bot(emu, make_bot()):
        me = await alice.slash(world.channel, "gwent challenge", opponent=alice).message()
        assert me.ephemeral and "yourself" in me.content
        other_bot = emu.create_user("robot", guilds=(world.guild,))
        other_bot.user.bot = True  # another application's bot (challenging ours is practice)
        robot = await alice.slash(world.channel, "gwent challenge",
                                  opponent=other_bot.user).message()
        assert robot.ephemeral and "Bots can't play" in robot.content
        first = await alice.slash(world.channel, "gwent challenge", opponent=bob).message()
        assert not first.ephemeral
        busy = await carol.slash(world.channel, "gwent challenge", opponent=bob).message()
        assert busy.ephemeral and "Bob already has a challenge waiting" in busy.content
        dm = alice.dm_channel() or emu.store.dm_channel(alice.user)
        outside = await alice.slash(dm, "gwent challenge", opponent=bob).message()
        assert outside.ephemeral and "servers" in outside.content
        for label, user, words in (("Accept", carol, "isn't for you"),
                                   ("Accept", alice, "Only the challenged member"),
                                   ("Cancel", bob, "Only the challenger")):
            refused = user.click(first, label=label)
            assert "challenges you" in first.content
            text = (await refused.followup() if label == "Accept" else
                    (await refused.response()).message)
            assert text is not None and text.ephemeral and words in text.content
        bob.click(first, label="Decline")
        await emu.wait_for(lambda: "declined" in first.content, 5, "the decline")
        assert not first.buttons
        again = await alice.slash(world.channel, "gwent challenge", opponent=bob).message()
        alice.click(again, label="Cancel")
        await emu.wait_for(lambda: "withdrew" in again.content, 5, "the cancel")


async def test_an_open_challenge_links_itself_offers_cancel_and_lets_you_practise(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice, bob, carol = world.users
    async with run_bot(emu, make_bot()):
        first = await alice.slash(world.channel, "gwent challenge", opponent=bob).message()
        link = f"https://discord.com/channels/{world.guild.id}/{world.channel.id}/{first.id}"
        # A second challenge is refused with a link to the first and a Cancel button.
        busy = await alice.slash(world.channel, "gwent challenge", opponent=carol).message()
        assert busy.ephemeral and busy.content == (
            f"You already challenged Bob in this server: cancel that challenge, or wait for "
            f"the answer. {link}")
        assert [b.label for b in busy.buttons] == ["Cancel that challenge"]
        # Bob, who was challenged, gets the link but no Cancel (he can decline instead).
        theirs = await bob.slash(world.channel, "gwent challenge", opponent=carol).message()
        assert theirs.content.startswith("Alice already challenged you") and link in \
            theirs.content
        assert not theirs.buttons
        # Practice is not blocked by the open challenge.
        practice = await alice.slash(world.channel, "gwent practice").message()
        await emu.wait_for(lambda: "practice match against the computer" in practice.content,
                           10, "the practice match")
        # Cancel on the refusal withdraws the challenge, on its own message too.
        alice.click(busy, label="Cancel that challenge")
        await emu.wait_for(lambda: "withdrew" in first.content, 5, "the challenge to close")
        assert not first.buttons and "withdrew" in busy.content
        # A new challenge is allowed again (while Alice practises, Carol is free).
        again = await carol.slash(world.channel, "gwent challenge", opponent=bob).message()
        assert not again.ephemeral and "challenges you" in again.content


async def test_one_match_per_channel_without_threads(emu: Emulator, world: World,
                                                     make_bot: Callable[[], GwentBot]) -> None:
    alice, bob, carol = world.users
    dave = emu.create_user("dave", guilds=(world.guild,))
    emu.deny_bot(world.channel, *THREAD_CREATION)
    async with run_bot(emu, make_bot()):
        table, board = await open_match(emu, world.channel, alice, bob)
        assert table.channel is world.channel, "no thread permission: play in the channel"
        busy = await carol.slash(world.channel, "gwent challenge", opponent=dave).message()
        assert busy.ephemeral and "already running in this channel" in busy.content
        assert f"<#{world.channel.id}>" in busy.content
        playing = await carol.slash(world.channel, "gwent challenge", opponent=alice).message()
        assert playing.ephemeral
        spectator = await carol.click(board, label="Show my hand").message()
        assert spectator.ephemeral and "isn't your match" in spectator.content


async def test_out_of_turn_stale_and_double_clicks(emu: Emulator, world: World,
                                                   make_bot: Callable[[], GwentBot]) -> None:
    alice, bob, _ = world.users
    bot = make_bot()
    async with run_bot(emu, bot):
        table, board = await open_match(emu, world.channel, alice, bob)
        users = {alice.id: alice, bob.id: bob}
        # Finish the redraws by keeping.
        while "Redraws" in board.content or "Before the match" in board.content:
            user = users[to_act(board)[0]]
            hand = await user.click(board, label="Show my hand").message()
            button = next(b for b in hand.buttons if b.label in ("Keep this hand", "Go first"))
            count = board_count(board)  # (the redraws edit the first board)
            user.click(hand, custom_id=button.custom_id)
            board = await table.board_after(count)
        current = users[to_act(board)[0]]
        other = bob if current is alice else alice
        waiting = await other.click(board, label="Show my hand").message()
        assert "Waiting for" in waiting.content
        assert not any(b.label == "Pass" for b in waiting.buttons), "no moves out of turn"
        spare = await current.click(board, label="Show my hand").message()
        hand = await current.click(board, label="Show my hand").message()
        # The older view offers nothing to click once a newer one is open below it.
        await emu.wait_for(lambda: not spare.components, 5, "the older view retired")
        count = board_count(board)
        match_id = int(hand.buttons[-1].custom_id.split(":")[2])
        log_before = len(await bot.services.matches.actions(match_id))
        # Double click on Pass: the first passes, the second is out of date.
        first = current.click(hand, label="Pass")
        second = current.click(hand, label="Pass")
        new_board = await table.board_after(count)
        stale = await refusal(emu, second)
        assert stale.ephemeral and "out of date" in stale.content
        assert told(first) == []
        assert len(await bot.services.matches.actions(match_id)) == log_before + 1
        # Old boards are left as they are: their Show my hand shows the hand as it is now.
        assert newest(table.visible(), "Show my hand") == new_board
        again = await current.click(board, label="Show my hand").message()
        assert view_count(again) == board_count(new_board) > count
