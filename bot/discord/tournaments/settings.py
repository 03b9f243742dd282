"""/gwent config organiser_role: who may create tournaments besides Manage Server."""

from __future__ import annotations

import discord

from bot.discord.core.context import guild_id_of, private_lang, services
from bot.service.errors import Refusal


async def set_organiser_role(interaction: discord.Interaction, role: discord.Role) -> str:
    """Let members with `role` create tournaments (set by Manage Server; @everyone lets
    every member); said in the clicking member's language (the answer is theirs only)."""
    if not interaction.permissions.manage_guild:
        raise Refusal("Only members with the Manage Server permission can choose who "
                      "organises tournaments.")
    await services(interaction).tournaments.set_organiser_role(guild_id_of(interaction),
                                                               role.id)
    lang = await private_lang(interaction)
    if role.is_default():
        return lang._("Every member can create tournaments now, as can members with Manage "
                      "Server.")
    return lang._("Members with {role} can create tournaments now, as can members with "
                  "Manage Server.", role=role.mention)


async def organisers_line(interaction: discord.Interaction) -> str:
    """Who may create tournaments, for /gwent config (in the member's language: the answer
    is theirs only)."""
    guild_id = guild_id_of(interaction)
    role = await services(interaction).tournaments.organiser_role(guild_id)
    lang = await private_lang(interaction)
    if role is None:
        return lang._("Tournament organisers: members with Manage Server (change it with "
                      "`/gwent config organiser_role`).")
    if role == guild_id:
        return lang._("Tournament organisers: members with Manage Server and every member "
                      "(change it with `/gwent config organiser_role`).")
    return lang._("Tournament organisers: members with Manage Server and members with {role} "
                  "(change it with `/gwent config organiser_role`).", role=f"<@&{role}>")
