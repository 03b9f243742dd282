"""Classic Gwent rules engine: pure Python, standard library only."""

from engine.actions import Action, ActionError, IllegalAction, MalformedAction
from engine.cards import Card, catalogue
from engine.decks import Deck, DeckError, starter_deck, starter_decks, validate
from engine.events import Event, Line
from engine.match import Match
from engine.observation import Observation

__all__ = [
    "Action", "ActionError", "Card", "Deck", "DeckError", "Event", "IllegalAction", "Line",
    "MalformedAction", "Match", "Observation", "catalogue", "starter_deck", "starter_decks",
    "validate",
]
