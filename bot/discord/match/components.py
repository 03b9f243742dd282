"""The match's persistent components: challenges, the lobby, deck choice, hands and moves,
Rematch."""

from __future__ import annotations

from bot.discord.core.routing import Routed
from bot.discord.match import handlers, ids


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
