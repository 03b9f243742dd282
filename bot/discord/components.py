"""Every feature's persistent components and forms, registered at start-up."""

from __future__ import annotations

from bot.discord.core.forms import FormRouter
from bot.discord.core.routing import Routed
from bot.discord.decks import handlers as deck_handlers
from bot.discord.decks.components import BuildItem, DeckDeleteItem
from bot.discord.learn.components import HandRulesItem, HelpPageItem, RulesItem, RulesPageItem
from bot.discord.match.components import (
    CardItem,
    ChallengeItem,
    DeckItem,
    HandItem,
    LobbyItem,
    MoveItem,
    PickItem,
    RematchItem,
)
from bot.discord.ranked.components import HistoryItem, LeaderboardItem, StatsItem
from bot.discord.replays.components import (
    ReplayExportItem,
    ReplayItem,
    ReplayJumpItem,
    ReplayShareItem,
    ReplayStepItem,
)
from bot.discord.table.components import LaunchItem
from bot.discord.tournaments.components import SignupItem, TournamentReplayItem

ITEMS: tuple[type[Routed], ...] = (ChallengeItem, LobbyItem, DeckItem, HandItem, CardItem,
                                   MoveItem, PickItem, RematchItem, RulesItem, RulesPageItem,
                                   HandRulesItem, BuildItem, DeckDeleteItem, ReplayItem,
                                   ReplayStepItem, ReplayJumpItem, ReplayShareItem,
                                   ReplayExportItem, LeaderboardItem, StatsItem, HistoryItem,
                                   HelpPageItem, SignupItem, TournamentReplayItem, LaunchItem)

# Form (modal) submissions, routed by custom_id from the client's on_interaction.
FORMS = FormRouter()
deck_handlers.register_forms(FORMS)
