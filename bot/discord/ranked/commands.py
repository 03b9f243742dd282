"""/gwent leaderboard, stats and history."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord.core.choices import FACTION_CHOICES
from bot.discord.core.replies import guarded
from bot.discord.ranked.handlers import (
    history_command,
    leaderboard_command,
    season_choices,
    stats_command,
)


@app_commands.command(description="This server's ranked ladder, or a faction's MMR board")
@app_commands.describe(faction="Rank players by their MMR with this faction",
                       season="A season, such as Season of the Wolf 2025 (now if left out)")
@app_commands.choices(faction=FACTION_CHOICES)
async def leaderboard(interaction: discord.Interaction, faction: str | None = None,
                      season: str | None = None) -> None:
    """The server's ladder as an image, with pages, Me, Share and selects."""
    await guarded(interaction, leaderboard_command(interaction, faction, season))


@leaderboard.autocomplete("season")
async def leaderboard_seasons(interaction: discord.Interaction,
                              current: str) -> list[app_commands.Choice[str]]:
    """The seasons this server has ladders for."""
    return await season_choices(interaction, current)


@app_commands.command(description="A member's ranked profile: rank, faction MMR, records")
@app_commands.describe(member="Whose profile (yours if left out)")
async def stats(interaction: discord.Interaction,
                member: discord.User | None = None) -> None:
    """A profile card image."""
    await guarded(interaction, stats_command(interaction, member))


@app_commands.command(description="A member's recent matches, newest first")
@app_commands.describe(member="Whose matches (yours if left out)")
async def history(interaction: discord.Interaction,
                  member: discord.User | None = None) -> None:
    """Recent matches with their threads, scores and MMR changes."""
    await guarded(interaction, history_command(interaction, member))
