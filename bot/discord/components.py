"""Persistent components: DynamicItem templates that route every click by its custom_id.

Registered once at start-up, they make buttons and selects on any message (old boards,
ephemeral hands, DMs) work across restarts.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord import ids
from bot.discord.core.forms import FormRouter
from bot.discord.core.replies import guarded
from bot.discord.decks import handlers as deck_handlers
from bot.discord.learn import guides as learn
from bot.discord.match import handlers
from bot.discord.ranked import commands as ranked_commands
from bot.discord.replays import handlers as replays


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


class ChallengeItem(Routed, template=ids.CHALLENGE):
    handler = staticmethod(handlers.on_challenge)


class LobbyItem(Routed, template=ids.LOBBY):
    handler = staticmethod(handlers.on_lobby)


class DeckItem(Routed, template=ids.DECK):
    handler = staticmethod(handlers.on_deck)


class HandItem(Routed, template=ids.HAND):
    handler = staticmethod(handlers.on_hand)


class CardItem(Routed, template=ids.CARD):
    handler = staticmethod(handlers.on_card)


class MoveItem(Routed, template=ids.MOVE):
    handler = staticmethod(handlers.on_move)


class PickItem(Routed, template=ids.PICK):
    handler = staticmethod(handlers.on_pick)


class RematchItem(Routed, template=ids.REMATCH):
    handler = staticmethod(handlers.on_rematch)


class RulesItem(Routed, template=ids.RULES):
    handler = staticmethod(handlers.on_rules)


class BuildItem(Routed, template=ids.BUILD):
    handler = staticmethod(deck_handlers.on_build)


class DeckDeleteItem(Routed, template=ids.DECK_DELETE):
    handler = staticmethod(deck_handlers.on_deck_delete)


class LeaderboardItem(Routed, template=ids.LEADERBOARD):
    handler = staticmethod(ranked_commands.on_leaderboard)


class StatsItem(Routed, template=ids.STATS):
    handler = staticmethod(ranked_commands.on_stats)


class HistoryItem(Routed, template=ids.HISTORY):
    handler = staticmethod(ranked_commands.on_history)


class RulesPageItem(Routed, template=ids.RULES_PAGE):
    handler = staticmethod(learn.on_rules_page)


class HandRulesItem(Routed, template=ids.HAND_RULES):
    handler = staticmethod(learn.on_hand_rules)


class ReplayItem(Routed, template=ids.REPLAY):
    handler = staticmethod(replays.on_replay)


class ReplayStepItem(Routed, template=ids.REPLAY_STEP):
    handler = staticmethod(replays.on_replay_step)


class ReplayJumpItem(Routed, template=ids.REPLAY_JUMP):
    handler = staticmethod(replays.on_replay_jump)


class ReplayShareItem(Routed, template=ids.REPLAY_SHARE):
    handler = staticmethod(replays.on_replay_share)


class ReplayExportItem(Routed, template=ids.REPLAY_EXPORT):
    handler = staticmethod(replays.on_replay_export)


ITEMS: tuple[type[Routed], ...] = (ChallengeItem, LobbyItem, DeckItem, HandItem, CardItem,
                                   MoveItem, PickItem, RematchItem, RulesItem, RulesPageItem,
                                   HandRulesItem, BuildItem, DeckDeleteItem, ReplayItem,
                                   ReplayStepItem, ReplayJumpItem, ReplayShareItem,
                                   ReplayExportItem, LeaderboardItem, StatsItem, HistoryItem)

# Form (modal) submissions, routed by custom_id from the client's on_interaction.
FORMS = FormRouter()
deck_handlers.register_forms(FORMS)
