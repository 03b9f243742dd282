"""Test-side check that a replay shows exactly the boards a match posted."""

from __future__ import annotations

from bot.discord.client import GwentBot
from tests.bot.e2e.oracle import HAND_ID, REMATCH_ID
from tests.emulator import MessageView


async def check_replay_frames(bot: GwentBot, messages: list[MessageView]) -> int:
    """Assert that every board image posted (boards and results) is the replay's frame of
    that match at that point; return how many were compared."""
    compared = 0
    for message in messages:
        custom_ids = [b.custom_id or "" for b in message.buttons]
        board = next((m for c in custom_ids if (m := HAND_ID.fullmatch(c))), None)
        result = next((m for c in custom_ids if (m := REMATCH_ID.fullmatch(c))), None)
        found = board or result
        png = next((a.data for a in message.attachments if a.filename == "board.png"), None)
        if message.ephemeral or found is None or png is None:
            continue
        match = await bot.services.matches.get(int(found.group(1)))
        replay = await bot.services.replays.open(match.id, match.guild_id)
        number = int(board.group(2)) if board is not None else replay.last
        assert png == await bot.replay_frames.board(replay, number, tag="en"), (
            match.id, number)
        compared += 1
    return compared
