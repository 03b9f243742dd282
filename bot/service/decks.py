"""Deck choice before a match: factions, leaders, starter, saved and generated decks, and
sensible defaults."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

from bot.i18n import Language
from bot.i18n.deck_rules import Broken
from bot.service.errors import InvalidSetting
from bot.storage.records import SeatRecord, UserSettings
from bot.storage.saved_decks import SavedDeck
from engine import Card, Deck, catalogue, starter_decks, validate
from engine.deckgen import generate_deck
from engine.decks import rule_problems

SAVED = "saved:"
GENERATED = "generated"
# What the computer plays in practice: its faction's starter deck or a generated deck.
COMPUTER_DECKS = {"starter": "Starter deck", GENERATED: "Generated deck"}


@dataclass(frozen=True)
class DeckChoice:
    """A player's faction, leader and deck: `deck` is a starter deck's key (its faction),
    SAVED + a saved deck's id, or GENERATED; `cards` holds the whole deck for the last two."""

    faction: str
    leader: str
    deck: str
    cards: Deck | None = None

    @property
    def deck_list(self) -> str | None:
        """The whole deck as stored with the seat (None for a starter deck)."""
        return None if self.cards is None else json.dumps(self.cards.to_dict())


def saved_key(deck_id: int) -> str:
    """The deck key of a saved deck."""
    return f"{SAVED}{deck_id}"


def saved_id(key: str) -> int | None:
    """The saved deck id in a deck key, or None for any other key."""
    rest = key.removeprefix(SAVED)
    return int(rest) if rest != key and rest.isdigit() else None


def factions() -> list[tuple[str, str]]:
    """Return (id, name) of every faction that has a deck to play."""
    decks = starter_decks()
    return [(f.id, f.name) for f in catalogue().factions.values() if f.id in decks]


def leaders(faction: str) -> list[Card]:
    """Return the leaders a faction may use."""
    return catalogue().leaders(faction)


def decks(faction: str) -> list[tuple[str, str]]:
    """Return (key, name) of the starter decks a faction may use."""
    deck = starter_decks()[faction]
    return [(faction, deck.name)]


def default_choice(settings: UserSettings, faction: str | None = None,
                   last_saved: SavedDeck | None = None) -> DeckChoice:
    """Return the given faction, else the user's last one, else the first, with its deck:
    the saved deck last played (`last_saved`, when it is of that faction), else the starter."""
    chosen = faction or settings.last_faction
    if chosen not in starter_decks():
        chosen = factions()[0][0]
    leader = starter_decks()[chosen].leader
    if settings.last_faction == chosen and settings.last_leader in {c.id for c in leaders(chosen)}:
        leader = settings.last_leader
    if last_saved is not None and last_saved.deck.faction == chosen:
        return choose_saved(DeckChoice(chosen, leader, chosen), last_saved)
    return DeckChoice(chosen, leader, chosen)


def computer_choice(rng: random.Random, faction: str | None = None,
                    kind: str | None = None) -> DeckChoice:
    """A computer player's deck: the given (else a random) faction with a random leader of
    it, playing the starter deck or, for kind GENERATED, a generated deck."""
    chosen = faction if faction in starter_decks() else rng.choice(factions())[0]
    leader = rng.choice(leaders(chosen)).id
    if kind == GENERATED:
        return DeckChoice(chosen, leader, GENERATED, generate_deck(chosen, rng, leader))
    return DeckChoice(chosen, leader, chosen)


def revise(choice: DeckChoice, *, faction: str | None = None, leader: str | None = None,
           deck: str | None = None) -> DeckChoice:
    """Return the choice with one part changed; a new faction resets leader and deck.
    (Choosing a saved deck goes through choose_saved.)"""
    if faction is not None and faction != choice.faction:
        if faction not in starter_decks():
            raise InvalidSetting("There is no faction \u201c{name}\u201d.", name=faction)
        starter = starter_decks()[faction]
        choice = DeckChoice(faction, starter.leader, faction)
    if leader is not None:
        if leader not in {c.id for c in leaders(choice.faction)}:
            raise InvalidSetting("That leader does not lead this faction.")
        choice = DeckChoice(choice.faction, leader, choice.deck, choice.cards)
    if deck is not None:
        if deck not in {key for key, _ in decks(choice.faction)}:
            raise InvalidSetting("That deck is not available for this faction.")
        choice = DeckChoice(choice.faction, choice.leader, deck)
    return choice


def choose_saved(choice: DeckChoice, saved: SavedDeck) -> DeckChoice:
    """The choice with a saved deck (of the same faction, legal) and that deck's leader."""
    if saved.deck.faction != choice.faction:
        raise InvalidSetting("That deck is of another faction: choose its faction first.")
    found = rule_problems(saved.deck)
    if found:
        # i18n: {problems}: the deck rules it breaks, separated by semicolons.
        raise InvalidSetting("That deck breaks the rules ({problems}): fix it with "
                             "`/gwent deck edit` first.", problems=Broken(found))
    return DeckChoice(choice.faction, saved.deck.leader, saved_key(saved.id), saved.deck)


def seat_choice(seat: SeatRecord) -> DeckChoice:
    """A seat's current choice, with its stored deck list if it has one."""
    cards = None if seat.deck_list is None else Deck.from_dict(json.loads(seat.deck_list))
    return DeckChoice(seat.faction, seat.leader, seat.deck, cards)


def deck_title(choice: DeckChoice, lang: Language) -> str:
    """The chosen deck's name as players see it."""
    if choice.cards is not None:
        return choice.cards.name or lang._("Your deck")
    return lang._(starter_decks()[choice.deck].name)


def build_deck(choice: DeckChoice) -> Deck:
    """Return the engine deck for a choice."""
    base = choice.cards if choice.cards is not None else starter_decks()[choice.deck]
    return validate(base.with_leader(choice.leader))
