"""Deck choice before a match: factions, leaders, starter decks and sensible defaults."""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.service.errors import InvalidSetting
from bot.storage.records import UserSettings
from engine import Card, Deck, catalogue, starter_decks, validate


@dataclass(frozen=True)
class DeckChoice:
    """A player's faction, leader and deck (a starter deck, keyed by its faction)."""

    faction: str
    leader: str
    deck: str


def factions() -> list[tuple[str, str]]:
    """Return (id, name) of every faction that has a deck to play."""
    decks = starter_decks()
    return [(f.id, f.name) for f in catalogue().factions.values() if f.id in decks]


def leaders(faction: str) -> list[Card]:
    """Return the leaders a faction may use."""
    return catalogue().leaders(faction)


def decks(faction: str) -> list[tuple[str, str]]:
    """Return (key, name) of the decks a faction may use."""
    deck = starter_decks()[faction]
    return [(faction, deck.name)]


def default_choice(settings: UserSettings, faction: str | None = None) -> DeckChoice:
    """Return the given faction, else the user's last one, else the first, with its deck."""
    chosen = faction or settings.last_faction
    if chosen not in starter_decks():
        chosen = factions()[0][0]
    leader = starter_decks()[chosen].leader
    if settings.last_faction == chosen and settings.last_leader in {c.id for c in leaders(chosen)}:
        leader = settings.last_leader
    return DeckChoice(chosen, leader, chosen)


def computer_choice(rng: random.Random, faction: str | None = None) -> DeckChoice:
    """A computer player's deck: the given (else a random) faction's starter deck and a
    random leader of that faction."""
    chosen = faction if faction in starter_decks() else rng.choice(factions())[0]
    leader = rng.choice(leaders(chosen)).id
    return DeckChoice(chosen, leader, chosen)


def revise(choice: DeckChoice, *, faction: str | None = None, leader: str | None = None,
           deck: str | None = None) -> DeckChoice:
    """Return the choice with one part changed; a new faction resets leader and deck."""
    if faction is not None and faction != choice.faction:
        if faction not in starter_decks():
            raise InvalidSetting(f"There is no faction {faction!r}.")
        starter = starter_decks()[faction]
        choice = DeckChoice(faction, starter.leader, faction)
    if leader is not None:
        if leader not in {c.id for c in leaders(choice.faction)}:
            raise InvalidSetting("That leader does not lead this faction.")
        choice = DeckChoice(choice.faction, leader, choice.deck)
    if deck is not None:
        if deck not in {key for key, _ in decks(choice.faction)}:
            raise InvalidSetting("That deck is not available for this faction.")
        choice = DeckChoice(choice.faction, choice.leader, deck)
    return choice


def build_deck(choice: DeckChoice) -> Deck:
    """Return the engine deck for a choice."""
    return validate(starter_decks()[choice.deck].with_leader(choice.leader))
