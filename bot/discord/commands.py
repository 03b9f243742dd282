"""The /gwent slash command group: every feature's commands, in the order they are listed."""

from __future__ import annotations

from typing import Any

from discord import app_commands

from bot.discord.decks.commands import DeckCommands
from bot.discord.learn.commands import card, faction, help_command, leader, rules
from bot.discord.match.commands import challenge, forfeit, practice, tutorial
from bot.discord.ranked.commands import history, leaderboard, stats
from bot.discord.replays.commands import replay
from bot.discord.settings.commands import config, settings
from bot.discord.table.commands import watch
from bot.discord.tournaments.commands import TournamentCommands

COMMANDS: tuple[app_commands.Command[Any, ..., None], ...] = (
    challenge, practice, forfeit, settings, config, rules, card, help_command, faction, leader,
    tutorial, replay, leaderboard, stats, history, watch)


class GwentCommands(app_commands.Group):
    """/gwent challenge, practice, forfeit, settings, config, rules, card, help, faction,
    leader, tutorial, replay, leaderboard, stats, history, watch, and the deck and tournament
    groups."""

    def __init__(self) -> None:
        super().__init__(name="gwent", description="Play classic Gwent, the Witcher 3 card game")
        for command in COMMANDS:
            self.add_command(command)
        self.add_command(DeckCommands())
        self.add_command(TournamentCommands())
