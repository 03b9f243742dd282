"""What a handler needs from the interaction it answers: the bot's services, and the fields
of the clicked component's custom_id."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import discord

from bot.service import Services
from bot.service.errors import Refusal

if TYPE_CHECKING:
    from bot.discord.client import GwentBot

OUTSIDE_SERVER = "Gwent matches are played in servers: use this command in a server channel."

Groups = dict[str, str]


def services(interaction: discord.Interaction) -> Services:
    """The services of the bot that received the interaction."""
    return cast("GwentBot", interaction.client).services


def guild_id_of(interaction: discord.Interaction) -> int:
    """The server the interaction came from; refused outside servers."""
    if interaction.guild_id is None:
        raise Refusal(OUTSIDE_SERVER)
    return interaction.guild_id
