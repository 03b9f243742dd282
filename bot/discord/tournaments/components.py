"""Tournaments' components: the sign-up buttons and the replay select of show."""

from __future__ import annotations

from bot.discord.core.routing import Routed
from bot.discord.tournaments import handlers, ids


class SignupItem(Routed, template=ids.SIGNUP):
    handler = staticmethod(handlers.on_signup)


class TournamentReplayItem(Routed, template=ids.REPLAYS):
    handler = staticmethod(handlers.on_replays)
