"""The "Play at the table" button the lobby and each board carry while the table is on."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.core.views import button
from bot.discord.table import ids
from bot.i18n import Language

_on = False


def enable(on: bool) -> None:
    """Show the button from now on (the bot's table server runs), or not."""
    global _on
    _on = on


def launch_buttons(match_id: int, *, lang: Language) -> list[discord.ui.Button[Any]]:
    """"Play at the table" for a match, when the table is on (else nothing)."""
    if not _on:
        return []
    return [button(lang.pgettext("button", "Play at the table"), ids.launch(match_id))]
