"""Persistent components: DynamicItem templates that route every click by its custom_id.

Registered once at start-up, they make buttons and selects on any message (old boards,
ephemeral hands, DMs) work across restarts. Each feature declares its own templates.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.core.replies import guarded


class Routed(discord.ui.DynamicItem[discord.ui.Item[Any]], template=r"gw:(?!)"):
    """A clicked button or select whose custom_id matched a template; calls its handler."""

    @staticmethod
    async def handler(interaction: discord.Interaction, groups: dict[str, str],
                      values: list[str], /) -> None:
        """What the component does; each template's class sets its own."""
        raise NotImplementedError

    def __init__(self, item: discord.ui.Item[Any], groups: dict[str, str]) -> None:
        super().__init__(item)
        self.groups = groups

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction,
                             item: discord.ui.Item[Any], match: re.Match[str]) -> Routed:
        """Rebuild the item from the clicked component."""
        return cls(item, match.groupdict())

    async def callback(self, interaction: discord.Interaction) -> None:
        """Run the handler with the custom_id's fields and the chosen values."""
        values = list(getattr(self.item, "values", []))
        await guarded(interaction, type(self).handler(interaction, self.groups, values))
