"""/gwent replay."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord.core.replies import guarded
from bot.discord.replays.handlers import match_choices, replay_command

SIDE_CHOICES = [app_commands.Choice(name="The public board", value="all"),
                app_commands.Choice(name="My side, with my hand (players only)", value="mine")]


@app_commands.command(description="Replay a finished match of this server, move by move")
@app_commands.describe(match="Which match (your latest if left out; yours are suggested)",
                       side="The public board, or your own side with your hand")
@app_commands.choices(side=SIDE_CHOICES)
async def replay(interaction: discord.Interaction, match: str | None = None,
                 side: str = "all") -> None:
    """A private replay viewer of a finished match."""
    await guarded(interaction, replay_command(interaction, match, side))


@replay.autocomplete("match")
async def replay_matches(interaction: discord.Interaction,
                         current: str) -> list[app_commands.Choice[str]]:
    """The user's finished matches in this server, newest first."""
    return await match_choices(interaction, current)
