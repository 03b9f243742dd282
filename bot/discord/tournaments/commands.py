"""/gwent tournament: create, start, result, kick, drop, standings, list and show."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord.core.replies import guarded
from bot.discord.tournaments import handlers
from bot.service.tournaments import MAX_PLAYERS, MAX_SWISS_ROUNDS, MIN_PLAYERS, NAME_MAX
from bot.tournament.games import FORMAT_NAMES

FORMAT_CHOICES = [app_commands.Choice(name=name, value=key) for key, name in FORMAT_NAMES.items()]
WHICH = "Which tournament (the one you are in if left out)"


class TournamentCommands(app_commands.Group):
    """/gwent tournament create, start, result, kick, drop, standings, list and show."""

    def __init__(self) -> None:
        super().__init__(name="tournament",
                         description="Tournaments in this server: Swiss, single elimination, "
                                     "round robin")

    @app_commands.command(description="Open a tournament's sign-up (Manage Server or the "
                                      "organiser role)")
    @app_commands.rename(format_="format")
    @app_commands.describe(name="The tournament's name", format_="How players are paired",
                           rounds="Swiss only: how many rounds (left out: 3 for 5 to 8 "
                                  "players, one more each time they double)",
                           max_players=f"At most this many players ({MAX_PLAYERS} if left out)",
                           starts_at="When it starts by itself, e.g. in 30 minutes, 20:30 "
                                     "(UTC), or a Discord timestamp",
                           ranked="Rate its matches on the ladder (casual if left out)")
    @app_commands.choices(format_=FORMAT_CHOICES)
    async def create(self, interaction: discord.Interaction,
                     name: app_commands.Range[str, 1, NAME_MAX], format_: str,
                     rounds: app_commands.Range[int, 1, MAX_SWISS_ROUNDS] | None = None,
                     max_players: app_commands.Range[int, MIN_PLAYERS, MAX_PLAYERS]
                     | None = None,
                     starts_at: app_commands.Range[str, 1, 60] | None = None,
                     ranked: bool = False) -> None:
        """Post the sign-up message with Join, Leave, Start now and Cancel."""
        await guarded(interaction, handlers.create_command(
            interaction, name, format_, rounds, max_players, starts_at, ranked))

    @app_commands.command(description="Start your tournament now (organiser)")
    @app_commands.describe(tournament=WHICH)
    async def start(self, interaction: discord.Interaction,
                    tournament: str | None = None) -> None:
        """Pair round 1 and open its matches."""
        await guarded(interaction, handlers.start_command(interaction, tournament))

    @app_commands.command(description="Set or correct a match's result (organiser)")
    @app_commands.describe(match="The match number (in /gwent tournament show)",
                           winner="Who won, or draw", tournament=WHICH)
    async def result(self, interaction: discord.Interaction, match: int, winner: str,
                     tournament: str | None = None) -> None:
        """The organiser's word on a match's result."""
        await guarded(interaction, handlers.result_command(interaction, match, winner,
                                                           tournament))

    @app_commands.command(description="Drop or disqualify a player (organiser)")
    @app_commands.describe(member="Who leaves the tournament", tournament=WHICH)
    async def kick(self, interaction: discord.Interaction, member: discord.User,
                   tournament: str | None = None) -> None:
        """Remove a player; their results stay."""
        await guarded(interaction, handlers.kick_command(interaction, member, tournament))

    @app_commands.command(description="Leave a tournament you joined (your results stay)")
    @app_commands.describe(tournament=WHICH)
    async def drop(self, interaction: discord.Interaction,
                   tournament: str | None = None) -> None:
        """Leave: your match of this round is lost, later rounds go on without you."""
        await guarded(interaction, handlers.drop_command(interaction, tournament))

    @app_commands.command(description="A tournament's live standings, or its bracket")
    @app_commands.describe(tournament=WHICH)
    async def standings(self, interaction: discord.Interaction,
                        tournament: str | None = None) -> None:
        """The standings image (or bracket) with a text list."""
        await guarded(interaction, handlers.standings_command(interaction, tournament))

    @app_commands.command(name="list", description="This server's upcoming, running and past "
                                                   "tournaments")
    async def list_tournaments(self, interaction: discord.Interaction) -> None:
        """Every tournament of the server."""
        await guarded(interaction, handlers.list_command(interaction))

    @app_commands.command(description="A tournament's rounds, pairings, results and replays")
    @app_commands.describe(tournament="Which tournament")
    async def show(self, interaction: discord.Interaction, tournament: str) -> None:
        """Rounds and results with links to each match's thread."""
        await guarded(interaction, handlers.show_command(interaction, tournament))

    @start.autocomplete("tournament")
    @result.autocomplete("tournament")
    @kick.autocomplete("tournament")
    @drop.autocomplete("tournament")
    @standings.autocomplete("tournament")
    @show.autocomplete("tournament")
    async def tournament_names(self, interaction: discord.Interaction,
                               current: str) -> list[app_commands.Choice[str]]:
        """This server's tournaments."""
        return await handlers.tournament_choices(interaction, current)

    @result.autocomplete("winner")
    async def winners(self, interaction: discord.Interaction,
                      current: str) -> list[app_commands.Choice[str]]:
        """The match's two players, and Draw."""
        return await handlers.winner_choices(interaction, current)
