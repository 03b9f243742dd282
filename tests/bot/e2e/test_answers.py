"""Answering cheaply: a click's result in its acknowledgement (one request) or deferred and
edited in (two), and no gateway events the bot does not read."""

from __future__ import annotations

import io
from collections import deque
from collections.abc import Callable

import pytest
from PIL import Image

from bot.discord.client import GwentBot
from bot.discord.core import answers
from tests.bot.e2e.driver import open_match, to_act
from tests.emulator import Emulator, InteractionHandle, World, run_bot
from tests.emulator.gateway import DIRECT_MESSAGES, GUILD_MESSAGES, GUILDS
from tests.emulator.interactions import DEFERRED_MESSAGE, DEFERRED_UPDATE, MESSAGE, UPDATE_MESSAGE


def requests_for(emu: Emulator, handle: InteractionHandle) -> list[str]:
    """The REST requests the bot made with this interaction's token."""
    token = handle.interaction.token
    return [f"{r.method} {r.path.split(token, 1)[1]}" for r in emu.log if token in r.path]


@pytest.mark.parametrize("in_time", [True, False])
async def test_a_hand_and_a_move_show_the_same_either_way(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot],
        monkeypatch: pytest.MonkeyPatch, in_time: bool) -> None:
    alice, bob, _ = world.users
    # In time: a second to build each result, with no slow answers behind. Not in time: the
    # result is never ready in time, so the click is acknowledged first and the result edited in.
    monkeypatch.setattr(answers, "ANSWER_SECONDS", 1.0 if in_time else 0.0)
    monkeypatch.setattr(answers, "RECENT", deque[float](maxlen=16))
    async with run_bot(emu, make_bot()):
        table, board = await open_match(emu, world.channel, alice, bob)
        # Opening the match started the render worker, which a busy machine makes slow.
        answers.RECENT.clear()
        user = table.players[to_act(board)[0]]
        shown = user.click(board, label="Show my hand")
        hand = await shown.message()
        assert hand.ephemeral and "**Your hand**" in hand.content
        assert [a.filename for a in hand.attachments] == ["hand.png"]
        assert any(b.label == "Keep this hand" for b in hand.buttons)

        keep = user.click(hand, label="Keep this hand")
        await emu.wait_for(lambda: not any(b.label == "Keep this hand" for b in hand.buttons),
                           5, "the hand after keeping")
        if "Waiting for" in hand.content:  # a waiting player's view shows no image
            assert hand.attachments == [] and "with **Refresh**" in hand.content
        else:
            assert "Your turn" in hand.content
            assert [a.filename for a in hand.attachments] == ["hand.png"]
            assert Image.open(io.BytesIO(hand.attachments[0].data)).width == 1020
        if in_time:
            assert (await shown.response()).type == MESSAGE
            assert (await keep.response()).type == UPDATE_MESSAGE
            assert requests_for(emu, shown) == ["POST /callback"]
            assert requests_for(emu, keep) == ["POST /callback"]
        else:
            assert (await shown.response()).type == DEFERRED_MESSAGE
            assert (await keep.response()).type == DEFERRED_UPDATE
            edit = "PATCH /messages/@original"
            assert requests_for(emu, shown) == ["POST /callback", edit]
            assert requests_for(emu, keep) == ["POST /callback", edit]


async def test_the_bot_is_sent_no_message_events(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    async with run_bot(emu, make_bot()):
        await open_match(emu, world.channel, *world.users[:2])
        sessions = [s for s in emu.gateway.sessions if s.ready]
    assert sessions and all(s.intents & GUILDS for s in sessions)
    assert not any(s.intents & (GUILD_MESSAGES | DIRECT_MESSAGES) for s in sessions)


async def test_a_busy_bot_acknowledges_at_once_until_answers_are_quick_again(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot],
        monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob, _ = world.users
    monkeypatch.setattr(answers, "ANSWER_SECONDS", 1.0)
    slow = deque[float]([2.0] * 16, maxlen=16)  # the latest answers took two seconds each
    monkeypatch.setattr(answers, "RECENT", slow)
    async with run_bot(emu, make_bot()):
        table, board = await open_match(emu, world.channel, alice, bob)
        user = table.players[to_act(board)[0]]
        shown = user.click(board, label="Show my hand")
        await shown.message()
        assert (await shown.response()).type == DEFERRED_MESSAGE  # acknowledged at once
        assert len(slow) == 16 and slow[-1] < 1.0  # that answer was quick: it counts
        slow.clear()
        slow.extend([0.01] * 16)
        again = user.click(board, label="Show my hand")
        await again.message()
        assert (await again.response()).type == MESSAGE  # quick again: the hand is in it
