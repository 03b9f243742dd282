"""/gwent config organiser_role: who may create tournaments besides Manage Server."""

from __future__ import annotations

import discord

from bot.discord.core.context import guild_id_of, services
from bot.service.errors import Refusal


async def set_organiser_role(interaction: discord.Interaction, role: discord.Role) -> str:
    """Let members with `role` create tournaments (set by Manage Server; @everyone lets
    every member)."""
    if not interaction.permissions.manage_guild:
        raise Refusal("Only members with the Manage Server permission can choose who "
                      "organises tournaments.")
    await services(interaction).tournaments.set_organiser_role(guild_id_of(interaction),
                                                               role.id)
    who = "Every member" if role.is_default() else f"Members with {role.mention}"
    return f"{who} can create tournaments now, as can members with Manage Server."


async def organisers_line(interaction: discord.Interaction) -> str:
    """Who may create tournaments, for /gwent config."""
    guild_id = guild_id_of(interaction)
    role = await services(interaction).tournaments.organiser_role(guild_id)
    extra = ("" if role is None else " and every member" if role == guild_id
             else f" and members with <@&{role}>")
    return (f"Tournament organisers: members with Manage Server{extra} (change it with "
            "`/gwent config organiser_role`).")
