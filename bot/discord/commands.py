"""The /gwent slash commands."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord.core.replies import guarded, tell
from bot.discord.decks.commands import DeckCommands
from bot.discord.learn import guides as learn
from bot.discord.learn.rules import FIRST_TOPIC, rules_message
from bot.discord.match.handlers import OUTSIDE_SERVER, services, start_practice
from bot.discord.match.public import challenge_message
from bot.discord.ranked.commands import (
    history_command,
    leaderboard_command,
    season_choices,
    stats_command,
)
from bot.discord.replays.handlers import match_choices, replay_command
from bot.images import card_png, deck_png
from bot.learn.cards import find_cards
from bot.learn.rules import topics
from bot.service import Player
from bot.service.computer import DEFAULT_LEVEL, LEVELS
from bot.service.decks import COMPUTER_DECKS, factions
from bot.service.errors import Refusal
from bot.service.settings import MAX_TURN_SECONDS, MIN_TURN_SECONDS
from bot.service.tutorial import TUTORIAL_LEVEL
from engine import catalogue, starter_decks
from engine.cards import LEADER

FACTION_CHOICES = [app_commands.Choice(name=name, value=key) for key, name in factions()]
LEVEL_CHOICES = [app_commands.Choice(name=level.capitalize(), value=level) for level in LEVELS]
SIDE_CHOICES = [app_commands.Choice(name="The public board", value="all"),
                app_commands.Choice(name="My side, with my hand (players only)", value="mine")]
COMPUTER_DECK_CHOICES = [app_commands.Choice(name=name, value=key)
                         for key, name in COMPUTER_DECKS.items()]


def _guild_id(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise Refusal(OUTSIDE_SERVER)
    return interaction.guild_id


def _seconds(seconds: int) -> str:
    minutes, rest = divmod(seconds, 60)
    if not minutes:
        return f"{rest} seconds"
    return f"{minutes} min" + (f" {rest} s" if rest else "")


class GwentCommands(app_commands.Group):
    """/gwent challenge, practice, forfeit, settings, config, rules, card, help, faction,
    leader, tutorial, replay, leaderboard, stats, history and the deck group."""

    def __init__(self) -> None:
        super().__init__(name="gwent", description="Play classic Gwent, the Witcher 3 card game")
        self.add_command(DeckCommands())

    @app_commands.command(description="Challenge a member of this server to a match")
    @app_commands.describe(opponent="Who you want to play (me for a practice match)",
                           faction="Your faction (you can still change it before the match)")
    @app_commands.choices(faction=FACTION_CHOICES)
    async def challenge(self, interaction: discord.Interaction, opponent: discord.User,
                        faction: str | None = None) -> None:
        """Post a challenge with Accept and Decline; challenging the bot starts practice."""
        async def work() -> None:
            guild_id = _guild_id(interaction)
            if interaction.client.user is not None and opponent.id == interaction.client.user.id:
                await start_practice(interaction, faction, DEFAULT_LEVEL)
                return
            me = interaction.user
            assert interaction.channel_id is not None
            record = await services(interaction).challenges.create(
                guild_id, interaction.channel_id,
                Player(me.id, me.display_name, faction),
                Player(opponent.id, opponent.display_name), opponent_is_bot=opponent.bot)
            sent = await interaction.response.send_message(
                **challenge_message(record).send_kwargs())
            if sent.message_id is not None:
                await services(interaction).challenges.set_message(record.id, sent.message_id)

        await guarded(interaction, work())

    @app_commands.command(description="Play a practice match against the computer")
    @app_commands.describe(faction="Your faction (random if left out; you can still change it)",
                           difficulty="How well the computer plays (normal if left out)",
                           computer_deck="The computer's deck: its starter deck or a "
                                         "generated one",
                           computer_faction="The computer's faction (random if left out)",
                           tutorial="A guided first match with hints (easy computer)")
    @app_commands.choices(faction=FACTION_CHOICES, difficulty=LEVEL_CHOICES,
                          computer_deck=COMPUTER_DECK_CHOICES, computer_faction=FACTION_CHOICES)
    async def practice(self, interaction: discord.Interaction, faction: str | None = None,
                       difficulty: str = DEFAULT_LEVEL, computer_deck: str | None = None,
                       computer_faction: str | None = None, tutorial: bool = False) -> None:
        """Start a match against the computer in its own thread (or the tutorial)."""
        async def work() -> None:
            _guild_id(interaction)
            if tutorial:
                await start_practice(interaction, None, TUTORIAL_LEVEL, tutorial=True)
                return
            await start_practice(interaction, faction, difficulty,
                                 computer_faction=computer_faction, computer_deck=computer_deck)

        await guarded(interaction, work())

    @app_commands.command(description="Give up your running match in this server")
    async def forfeit(self, interaction: discord.Interaction) -> None:
        """Forfeit: the opponent wins."""
        async def work() -> None:
            match = await services(interaction).matches.forfeit(_guild_id(interaction),
                                                                interaction.user.id)
            seat = match.seat_of(interaction.user.id)
            assert seat is not None
            other = discord.utils.escape_markdown(match.seats[1 - seat].name)
            await tell(interaction, f"You forfeited your match against {other}. "
                                    f"The result is in <#{match.channel_id}>.")

        await guarded(interaction, work())

    @app_commands.command(description="Your preferences, such as getting your hand by DM")
    @app_commands.describe(hands_by_dm="Send me my hand by direct message when my turn starts")
    async def settings(self, interaction: discord.Interaction,
                       hands_by_dm: bool | None = None) -> None:
        """Show or change the user's settings."""
        async def work() -> None:
            svc = services(interaction).settings
            if hands_by_dm is not None:
                await svc.set_hands_by_dm(interaction.user.id, hands_by_dm)
            on = (await svc.user(interaction.user.id)).hands_by_dm
            text = ("Hands by DM: **on**. At the start of each of your turns I send you your "
                    "hand by direct message, and you can play from there. If your DMs are "
                    "closed, use Show my hand on the board." if on else
                    "Hands by DM: **off**. Use Show my hand under the board to play. Turn it "
                    "on with `/gwent settings hands_by_dm:True`.")
            await tell(interaction, text)

        await guarded(interaction, work())

    @app_commands.command(description="Server settings, such as the turn timer (Manage Server)")
    @app_commands.describe(turn_timer="Seconds each player has per turn")
    async def config(self, interaction: discord.Interaction,
                     turn_timer: app_commands.Range[int, MIN_TURN_SECONDS, MAX_TURN_SECONDS]
                     | None = None) -> None:
        """Show or change the server's turn timer."""
        async def work() -> None:
            guild_id = _guild_id(interaction)
            svc = services(interaction).settings
            if turn_timer is not None:
                if not interaction.permissions.manage_guild:
                    raise Refusal("Only members with the Manage Server permission can change "
                                  "the turn timer.")
                await svc.set_turn_seconds(guild_id, turn_timer)
                await tell(interaction, f"Turn timer set to {_seconds(turn_timer)}, from the "
                                        "next turn on.")
                return
            seconds = await svc.turn_seconds(guild_id)
            await tell(interaction, f"Turn timer: {_seconds(seconds)}. When it runs out the "
                                    "player passes the round; two timeouts in a row forfeit.")

        await guarded(interaction, work())

    @app_commands.command(description="The rules of Gwent, topic by topic")
    @app_commands.describe(topic="What to read about (the overview if left out)")
    @app_commands.choices(topic=[app_commands.Choice(name=t.title, value=t.key)
                                 for t in topics()])
    async def rules(self, interaction: discord.Interaction, topic: str = FIRST_TOPIC) -> None:
        """The rules browser: topics, pages, Previous, Next and Share."""
        await interaction.response.send_message(ephemeral=True,
                                                **rules_message(topic).send_kwargs())

    @app_commands.command(description="Look up a card: its abilities explained, related cards")
    @app_commands.describe(name="The card's name (small typos are fine)")
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        """A card's picture, every ability in sentences, and the cards it works with."""
        async def work() -> None:
            found, others = learn.find_card(name)
            await interaction.response.defer(ephemeral=True, thinking=True)
            out = learn.card_message(found, others, await card_png(found))
            await interaction.edit_original_response(**out.edit_kwargs(replace_files=True))

        await guarded(interaction, work())

    @card.autocomplete("name")
    async def card_names(self, interaction: discord.Interaction,
                         current: str) -> list[app_commands.Choice[str]]:
        """Card names matching what was typed so far (or looking like it)."""
        cards = find_cards(current) if current.strip() else list(catalogue().cards.values())
        return learn.choices(cards)

    @app_commands.command(description="How to play here: a first match, commands, privacy")
    async def help(self, interaction: discord.Interaction) -> None:
        """Quick start, every command, private hands, and what to do when stuck."""
        out = learn.help_message(learn.gwent_commands(interaction))
        await interaction.response.send_message(ephemeral=True, **out.send_kwargs())

    @app_commands.command(description="A faction: its perk, leaders, starter deck and tips")
    @app_commands.describe(name="The faction")
    async def faction(self, interaction: discord.Interaction, name: str) -> None:
        """A faction guide with its starter deck as a picture."""
        async def work() -> None:
            key = learn.find_faction(name)
            await interaction.response.defer(ephemeral=True, thinking=True)
            out = learn.faction_message(key, await deck_png(starter_decks()[key]))
            await interaction.edit_original_response(**out.edit_kwargs(replace_files=True))

        await guarded(interaction, work())

    @faction.autocomplete("name")
    async def faction_names(self, interaction: discord.Interaction,
                            current: str) -> list[app_commands.Choice[str]]:
        """Factions whose name contains what was typed."""
        typed = current.strip().casefold()
        return [app_commands.Choice(name=name, value=key) for key, name in factions()
                if typed in name.casefold()]

    @app_commands.command(description="A leader: its ability, once or always on, and a tip")
    @app_commands.describe(name="The leader's name (small typos are fine)")
    async def leader(self, interaction: discord.Interaction, name: str) -> None:
        """A leader guide with the leader card's picture."""
        async def work() -> None:
            found = learn.find_leader(name)
            await interaction.response.defer(ephemeral=True, thinking=True)
            out = learn.leader_message(found, await card_png(found))
            await interaction.edit_original_response(**out.edit_kwargs(replace_files=True))

        await guarded(interaction, work())

    @leader.autocomplete("name")
    async def leader_names(self, interaction: discord.Interaction,
                           current: str) -> list[app_commands.Choice[str]]:
        """Leader names matching what was typed so far."""
        leaders = (find_cards(current, kinds=(LEADER,)) if current.strip()
                   else [c for c in catalogue().cards.values() if c.type == LEADER])
        return learn.choices(leaders)

    @app_commands.command(description="A guided first match against the computer, with hints")
    async def tutorial(self, interaction: discord.Interaction) -> None:
        """The tutorial: a scripted practice match with hints at the key moments."""
        async def work() -> None:
            _guild_id(interaction)
            await start_practice(interaction, None, TUTORIAL_LEVEL, tutorial=True)

        await guarded(interaction, work())

    @app_commands.command(description="Replay a finished match of this server, move by move")
    @app_commands.describe(match="Which match (your latest if left out; yours are suggested)",
                           side="The public board, or your own side with your hand")
    @app_commands.choices(side=SIDE_CHOICES)
    async def replay(self, interaction: discord.Interaction, match: str | None = None,
                     side: str = "all") -> None:
        """A private replay viewer of a finished match."""
        await guarded(interaction, replay_command(interaction, match, side))

    @replay.autocomplete("match")
    async def replay_matches(self, interaction: discord.Interaction,
                             current: str) -> list[app_commands.Choice[str]]:
        """The user's finished matches in this server, newest first."""
        return await match_choices(interaction, current)

    @app_commands.command(description="This server's ranked ladder, or a faction's MMR board")
    @app_commands.describe(faction="Rank players by their MMR with this faction",
                           season="A season, such as Season of the Wolf 2025 (now if left out)")
    @app_commands.choices(faction=FACTION_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction, faction: str | None = None,
                          season: str | None = None) -> None:
        """The server's ladder as an image, with pages, Me, Share and selects."""
        await guarded(interaction, leaderboard_command(interaction, faction, season))

    @leaderboard.autocomplete("season")
    async def leaderboard_seasons(self, interaction: discord.Interaction,
                                  current: str) -> list[app_commands.Choice[str]]:
        """The seasons this server has ladders for."""
        return await season_choices(interaction, current)

    @app_commands.command(description="A member's ranked profile: rank, faction MMR, records")
    @app_commands.describe(member="Whose profile (yours if left out)")
    async def stats(self, interaction: discord.Interaction,
                    member: discord.User | None = None) -> None:
        """A profile card image."""
        await guarded(interaction, stats_command(interaction, member))

    @app_commands.command(description="A member's recent matches, newest first")
    @app_commands.describe(member="Whose matches (yours if left out)")
    async def history(self, interaction: discord.Interaction,
                      member: discord.User | None = None) -> None:
        """Recent matches with their threads, scores and MMR changes."""
        await guarded(interaction, history_command(interaction, member))
