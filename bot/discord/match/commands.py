"""/gwent challenge, practice, tutorial and forfeit."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord.core.choices import FACTION_CHOICES
from bot.discord.core.context import guild_id_of, private_lang, public_lang, services
from bot.discord.core.replies import guarded, tell
from bot.discord.match.handlers import refuse_for_open_challenge, start_practice
from bot.discord.match.public import challenge_message
from bot.service import Player
from bot.service.computer import DEFAULT_LEVEL, LEVELS
from bot.service.decks import COMPUTER_DECKS
from bot.service.errors import Busy
from bot.service.tutorial import TUTORIAL_LEVEL

LEVEL_CHOICES = [app_commands.Choice(name=level.capitalize(), value=level) for level in LEVELS]
COMPUTER_DECK_CHOICES = [app_commands.Choice(name=name, value=key)
                         for key, name in COMPUTER_DECKS.items()]


@app_commands.command(description="Challenge a member of this server to a match")
@app_commands.describe(opponent="Who you want to play (me for a practice match)",
                       faction="Your faction (you can still change it before the match)",
                       ranked="True: the result moves MMR and ranks; False: a casual match "
                              "(the server's choice if left out)")
@app_commands.choices(faction=FACTION_CHOICES)
async def challenge(interaction: discord.Interaction, opponent: discord.User,
                    faction: str | None = None, ranked: bool | None = None) -> None:
    """Post a ranked or casual challenge with Accept and Decline; challenging the bot starts
    practice."""
    async def work() -> None:
        guild_id = guild_id_of(interaction)
        if interaction.client.user is not None and opponent.id == interaction.client.user.id:
            await start_practice(interaction, faction, DEFAULT_LEVEL)
            return
        me = interaction.user
        assert interaction.channel_id is not None
        try:
            record = await services(interaction).challenges.create(
                guild_id, interaction.channel_id,
                Player(me.id, me.display_name, faction),
                Player(opponent.id, opponent.display_name), opponent_is_bot=opponent.bot,
                ranked=ranked)
        except Busy as busy:
            if await refuse_for_open_challenge(interaction, busy):
                return
            raise
        out = challenge_message(record, lang=await public_lang(interaction))
        sent = await interaction.response.send_message(**out.send_kwargs())
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
async def practice(interaction: discord.Interaction, faction: str | None = None,
                   difficulty: str = DEFAULT_LEVEL, computer_deck: str | None = None,
                   computer_faction: str | None = None, tutorial: bool = False) -> None:
    """Start a match against the computer in its own thread (or the tutorial)."""
    async def work() -> None:
        guild_id_of(interaction)
        if tutorial:
            await start_practice(interaction, None, TUTORIAL_LEVEL, tutorial=True)
            return
        await start_practice(interaction, faction, difficulty,
                             computer_faction=computer_faction, computer_deck=computer_deck)

    await guarded(interaction, work())


@app_commands.command(description="Give up your running match in this server")
async def forfeit(interaction: discord.Interaction) -> None:
    """Forfeit: the opponent wins."""
    async def work() -> None:
        match = await services(interaction).matches.forfeit(guild_id_of(interaction),
                                                            interaction.user.id)
        seat = match.seat_of(interaction.user.id)
        assert seat is not None
        other = discord.utils.escape_markdown(match.seats[1 - seat].name)
        lang = await private_lang(interaction)
        # i18n: {opponent} is a player's name, {channel} a link to the match's channel.
        await tell(interaction, lang._("You forfeited your match against {opponent}. The "
                                       "result is in {channel}.", opponent=other,
                                       channel=f"<#{match.channel_id}>"))

    await guarded(interaction, work())


@app_commands.command(description="A guided first match against the computer, with hints")
async def tutorial(interaction: discord.Interaction) -> None:
    """The tutorial: a scripted practice match with hints at the key moments."""
    async def work() -> None:
        guild_id_of(interaction)
        await start_practice(interaction, None, TUTORIAL_LEVEL, tutorial=True)

    await guarded(interaction, work())
