"""What a handler needs from the interaction it answers: the bot's services, the fields of
the clicked component's custom_id, and the language to answer in."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import discord

from bot.i18n import N_, Language, language
from bot.service import Services
from bot.service.errors import Refusal

if TYPE_CHECKING:
    from bot.discord.client import GwentBot

OUTSIDE_SERVER = N_("Gwent matches are played in servers: use this command in a server channel.")

Groups = dict[str, str]


def services(interaction: discord.Interaction) -> Services:
    """The services of the bot that received the interaction."""
    return cast("GwentBot", interaction.client).services


def guild_id_of(interaction: discord.Interaction) -> int:
    """The server the interaction came from; refused outside servers."""
    if interaction.guild_id is None:
        raise Refusal(OUTSIDE_SERVER)
    return interaction.guild_id


async def private_lang(interaction: discord.Interaction) -> Language:
    """The language of what only the clicking user sees (ephemeral answers, DMs, their hand,
    modals, refusals): their own choice, else their Discord client's."""
    return await private_language_of(cast("GwentBot", interaction.client),
                                     interaction.user.id, interaction.locale.value)


async def public_lang(interaction: discord.Interaction) -> Language:
    """The language of what everyone in the channel sees (challenges, lobbies, boards,
    results): the server's choice, else Discord's guild_locale; in DMs, the user's."""
    if interaction.guild_id is None:
        return await private_lang(interaction)
    locale = interaction.guild_locale.value if interaction.guild_locale else None
    return language(await services(interaction).settings.public_language(
        interaction.guild_id, locale))


async def public_language_of(bot: GwentBot, guild_id: int | None) -> Language:
    """The language of a server's public texts made without an interaction (timers, the
    publisher, tournaments): its choice, else its preferred locale as the gateway gave it."""
    if guild_id is None:
        return language(None)
    guild = bot.get_guild(guild_id)
    locale = guild.preferred_locale.value if guild is not None else None
    return language(await bot.services.settings.public_language(guild_id, locale))


async def private_language_of(bot: GwentBot, user_id: int, locale: str | None) -> Language:
    """The language of a user's private texts made without their click (a hand edited after
    the opponent's move, a DM): their choice, else `locale` (their client's, as last seen),
    else English."""
    return language(await bot.services.settings.private_language(user_id, locale))
