"""Replays end to end: open one from a result, step through it, see a player's side, share
the animation, export the record; old viewers after a restart; every refusal."""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Callable

import pytest
from PIL import Image

from bot.discord.client import GwentBot
from bot.discord.replays import handlers as replay_handlers
from bot.render import render_hand
from bot.render.board import MAX_H, W
from engine import Match
from tests.bot.e2e.driver import board_count, newest, open_match
from tests.bot.e2e.oracle import hidden_names, leaks, public_names, state_at
from tests.emulator import Emulator, MessageView, VirtualUser, World, run_bot

POSITION = re.compile(r"move (\d+) of (\d+)")


def position(viewer: MessageView) -> int:
    """The position a viewer shows."""
    found = POSITION.search(viewer.content)
    assert found is not None, viewer.content
    return int(found.group(1))


def attachment(message: MessageView, name: str) -> bytes | None:
    """The data of a message's attachment, if it has one of that name."""
    return next((a.data for a in message.attachments if a.filename == name), None)


def match_of(result: MessageView) -> int:
    """The match id of a result message (from its Rematch button)."""
    custom_id = result.button(label="Rematch").custom_id
    assert custom_id is not None
    return int(custom_id.rsplit(":", 1)[1])


async def click(emu: Emulator, user: VirtualUser, viewer: MessageView, label: str) -> int:
    """Click a viewer button and wait for the viewer to change; return its position."""
    before = viewer.content, [a.data for a in viewer.attachments]
    handle = user.click(viewer, label=label)
    await emu.wait_for(lambda: (viewer.content, [a.data for a in viewer.attachments]) != before
                       or handle.followups, 5, f"the viewer after {label}")
    assert not handle.followups, handle.followups[0].content
    return position(viewer)


async def test_replay_from_a_result_step_side_share_and_export(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot],
        monkeypatch: pytest.MonkeyPatch) -> None:
    alice, bob, carol = world.users
    monkeypatch.setattr(replay_handlers, "PROGRESS_SECONDS", 0.0)
    bot = make_bot()
    async with run_bot(emu, bot):
        table, _ = await open_match(emu, world.channel, alice, bob, faction="scoiatael")
        result = await table.play_to_the_end(random.Random(21), pass_bias=0.08)
        match_id = match_of(result)
        thread = table.channel
        posted = {board_count(m): attachment(m, "board.png")
                  for m in carol.visible_messages(thread) if m.buttons
                  and m.buttons[0].label == "Show my hand"}
        last = (await bot.services.matches.get(match_id)).action_count
        posted[last] = attachment(result, "board.png")

        # A spectator opens the replay from the result and steps through every move: each
        # frame is the board the match posted at that point, and nothing names a hidden card.
        viewer = await carol.click(result, label="Replay").message()
        assert viewer.ephemeral and viewer not in bob.visible_messages(thread)
        labels = {b.label for b in viewer.buttons}
        assert "Show my side" not in labels and "Export record" not in labels
        compared = 0
        for number in range(last + 1):
            if number:
                assert await click(emu, carol, viewer, "Next") == number
            assert f"move {number} of {last}" in viewer.content
            assert [a.filename for a in viewer.attachments] == ["board.png"]
            if number in posted:
                assert attachment(viewer, "board.png") == posted[number], number
                compared += 1
            engine = await state_at(bot.services, match_id, number)
            assert not leaks(viewer, hidden_names(engine), public_names(engine.observation(None)))
        assert compared == len(posted) >= 10
        assert "\U0001f3c1" in viewer.content
        assert viewer.button(label="Next").disabled and viewer.button(label="Last").disabled

        # A player sees their own side, with their hand, and moves by rounds and marks.
        mine = await alice.click(result, label="Replay").message()
        assert position(mine) == 0 and "public board" in mine.content
        await click(emu, alice, mine, "Show my side")
        assert "your side" in mine.content
        own = render_hand((await state_at(bot.services, match_id, 0)).observation(0))
        assert attachment(mine, "hand.png") == own
        replay = await bot.services.replays.open(match_id, world.guild.id)
        assert await click(emu, alice, mine, "Next round") == replay.round_starts()[0]
        assert attachment(mine, "hand.png") is not None
        jump = mine.select("Jump to a round or a lead change")
        target = jump.options[-1].value
        before = mine.content
        alice.select(mine, jump.custom_id, [target])
        await emu.wait_for(lambda: mine.content != before, 5, "the jump")
        assert position(mine) == int(target) and "your side" in mine.content
        await click(emu, alice, mine, "Public board")
        assert attachment(mine, "hand.png") is None and "public board" in mine.content

        # Anyone may ask for a side that is not theirs: a clear refusal.
        refused = await carol.slash(thread, "gwent replay", match=str(match_id),
                                    side="mine").message()
        assert "Only the players of this match" in refused.content and not refused.attachments

        # Share: a public message shows its progress, then the animation.
        shared = await carol.click(viewer, label="Share animation").message()
        assert not shared.ephemeral and shared in bob.visible_messages(thread)
        await emu.wait_for(lambda: shared.attachments, 30, "the animation")
        gif = attachment(shared, f"gwent-match-{match_id}.gif")
        assert gif is not None and len(gif) <= 8_000_000
        frames = Image.open(io.BytesIO(gif))
        assert frames.format == "GIF" and frames.n_frames >= 10 and frames.size == (W, MAX_H)
        progress = [r.body for r in emu.log if r.method == "PATCH" and "Rendering" in str(r.body)]
        assert any(re.search(r"Rendering\u2026 [1-9]\d?%", str(body)) for body in progress)
        assert "Rendering" not in shared.content

        # Export: the record file replays to the very match that was stored.
        exported = await alice.click(mine, label="Export record").message()
        assert exported.ephemeral
        data = attachment(exported, f"gwent-match-{match_id}.json")
        assert data is not None
        async with bot.services.db.reading() as repo:
            state = await repo.state(match_id)
        assert state is not None
        assert Match.replay(json.loads(data)).to_dict() == json.loads(state)


async def test_old_viewers_after_a_restart_suggestions_and_refusals(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot]) -> None:
    alice, bob, carol = world.users
    elsewhere = emu.create_guild("Elsewhere")
    other_channel = emu.create_text_channel(elsewhere, "general")
    emu.store.add_member(elsewhere, alice.user)
    async with run_bot(emu, make_bot()):
        table, _ = await open_match(emu, world.channel, alice, bob, ready=False)
        await alice.slash(world.channel, "gwent forfeit").message()
        result = await emu.wait_for(lambda: newest(table.visible(), "Replay"), 5, "the result")
        match_id = match_of(result)

        offers = await alice.autocomplete(world.channel, "gwent replay", "match", "")
        assert [o.value for o in offers] == [str(match_id)]
        assert "Alice vs Bob, Alice forfeited" in offers[0].name
        assert await alice.autocomplete(world.channel, "gwent replay", "match", "carol") == []
        assert await carol.autocomplete(world.channel, "gwent replay", "match", "") == []

        viewer = await alice.slash(world.channel, "gwent replay").message()  # the latest
        assert position(viewer) == 0 and "move 0 of 1" in viewer.content

        async def refusal(user: VirtualUser, **options: str) -> str:
            answer = await user.slash(options.pop("where", world.channel), "gwent replay",
                                      **options).message()
            assert not answer.attachments
            return answer.content

        assert await refusal(alice, match="999") == "There is no match 999."
        assert "is not a match" in await refusal(alice, match="last week's")
        assert "another server" in await refusal(alice, match=str(match_id),
                                                 where=other_channel)
        assert "no finished match" in await refusal(carol)
        running, _ = await open_match(emu, world.channel, bob, carol, ready=False)
        lobby = newest(running.visible(), "Ready")
        assert lobby is not None
        running_id = int((lobby.buttons[0].custom_id or "").split(":")[2])
        assert "still being played" in await refusal(bob, match=f"#{running_id}")
    # A new bot on the same database: the old viewer's buttons still work.
    async with run_bot(emu, make_bot()):
        assert await click(emu, alice, viewer, "Next") == 1
        assert "\U0001f3c1" in viewer.content and "forfeited" in viewer.content
