"""/gwent watch: a link that shows the match of this thread live in any browser."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord.core.context import public_lang, services
from bot.discord.core.replies import guarded
from bot.discord.table.handlers import table_of
from bot.i18n import N_
from bot.service.errors import Refusal

NO_MATCH_HERE = N_("No match is being played here: use this in a match's thread.")
NO_PUBLIC_URL = N_("Watch links need the bot's public address (PUBLIC_URL), which its admin "
                   "has not set.")


@app_commands.command(description="Post a link that shows this match live in any browser")
async def watch(interaction: discord.Interaction) -> None:
    """Post the match's watch link in its thread: the public table, with no login, until
    the match ends."""
    async def work() -> None:
        table = table_of(interaction)
        channel_id = interaction.channel_id
        match = None if channel_id is None else await services(
            interaction).matches.live_match_in(channel_id)
        if match is None:
            raise Refusal(NO_MATCH_HERE)
        url = table.watch_url(match.id)
        if url is None:
            raise Refusal(NO_PUBLIC_URL)
        lang = await public_lang(interaction)
        # i18n: {url} is the watch link.
        text = lang._("\U0001f441\ufe0f Watch this match live in any browser, no login "
                      "needed: {url}\nThe link works until the match ends.", url=url)
        await interaction.response.send_message(text, suppress_embeds=True)

    await guarded(interaction, work())
