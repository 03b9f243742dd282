"""Opening the table: "Play at the table" and the app's Entry Point command answer with
Discord's LAUNCH_ACTIVITY response, which opens the Activity where the interaction came
from; the table then finds the match of that channel or thread (bot/web/seating.py), and
remembers which match's button was pressed."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.discord.core.context import Groups, private_lang
from bot.discord.core.replies import try_tell
from bot.i18n import N_
from bot.service.errors import Refusal

if TYPE_CHECKING:
    from bot.discord.client import GwentBot
    from bot.web.server import TableServer

log = logging.getLogger(__name__)

TABLE_OFF = N_("The table isn't set up on this bot: play in chat with Show my hand.")
NOT_LAUNCHED = N_("The table could not open: Discord refused to launch it. The bot's admin "
                  "must enable Activities for this app in the Developer Portal.")
# Discord's type 4 application commands: an app's Entry Point (PRIMARY_ENTRY_POINT).
ENTRY_POINT = 4


def table_of(interaction: discord.Interaction) -> TableServer:
    """The bot's table server; refused when the table is off."""
    table = cast("GwentBot", interaction.client).table
    if table is None:
        raise Refusal(TABLE_OFF)
    return table


def is_entry_point(interaction: discord.Interaction) -> bool:
    """Whether the interaction runs the app's Entry Point command."""
    data: Any = interaction.data or {}
    return (interaction.type == discord.InteractionType.application_command
            and data.get("type") == ENTRY_POINT)


async def launch(interaction: discord.Interaction) -> bool:
    """Answer with LAUNCH_ACTIVITY; when Discord refuses (Activities are not enabled for the
    app), tell the user why. Returns whether the Activity launched."""
    try:
        await interaction.response.launch_activity()
    except discord.HTTPException as error:
        log.warning("Discord refused to launch the table's Activity: %s %s", error.status,
                    error.text)
        await try_tell(interaction, (await private_lang(interaction))._(NOT_LAUNCHED))
        return False
    return True


async def on_launch(interaction: discord.Interaction, groups: Groups, values: list[str]) -> None:
    """"Play at the table" on a lobby or board: open the Activity at that match."""
    table = table_of(interaction)
    match_id = int(groups["match"])
    table.hub.note_launch(interaction.user.id, match_id)
    if await launch(interaction):
        await table.hub.launched(interaction.user.id, match_id)


async def on_entry_point(interaction: discord.Interaction) -> None:
    """The app's Entry Point command, when the app handles it (Discord's own handler
    launches the Activity by itself): open the Activity here."""
    try:
        table_of(interaction)
    except Refusal as refusal:
        await try_tell(interaction, refusal.text(await private_lang(interaction)))
        return
    await launch(interaction)
