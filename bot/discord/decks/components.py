"""The deck builder's components and the confirmation of a deck's deletion."""

from __future__ import annotations

from bot.discord.core.routing import Routed
from bot.discord.decks import handlers, ids


class BuildItem(Routed, template=ids.BUILD):
    handler = staticmethod(handlers.on_build)


class DeckDeleteItem(Routed, template=ids.DECK_DELETE):
    handler = staticmethod(handlers.on_deck_delete)
