"""The leaderboard's, profile's and history's components."""

from __future__ import annotations

from bot.discord.core.routing import Routed
from bot.discord.ranked import handlers, ids


class LeaderboardItem(Routed, template=ids.LEADERBOARD):
    handler = staticmethod(handlers.on_leaderboard)


class StatsItem(Routed, template=ids.STATS):
    handler = staticmethod(handlers.on_stats)


class HistoryItem(Routed, template=ids.HISTORY):
    handler = staticmethod(handlers.on_history)
