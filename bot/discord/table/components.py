"""The table's persistent component: "Play at the table"."""

from __future__ import annotations

from bot.discord.core.routing import Routed
from bot.discord.table import handlers, ids


class LaunchItem(Routed, template=ids.LAUNCH):
    handler = staticmethod(handlers.on_launch)
