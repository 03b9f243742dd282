"""Decks: a leader plus a card list, validated against the rulebook."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import Any

from engine.cards import DATA_DIR, LEADER, NEUTRAL, Catalogue, catalogue

MIN_UNITS = 22
MAX_SPECIALS = 10


class DeckError(ValueError):
    """A deck breaks the deck-building rules; `problems` names each one."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class Deck:
    """A faction, a leader and card counts by card id."""

    faction: str
    leader: str
    cards: dict[str, int] = field(default_factory=dict)
    name: str = ""

    def card_list(self) -> list[str]:
        """Return one card id per copy, sorted by id."""
        return list(self._card_ids)

    @cached_property
    def _card_ids(self) -> tuple[str, ...]:
        # Read once: a deck is a value, its card counts are never changed.
        return tuple(cid for cid, n in sorted(self.cards.items()) for _ in range(n))

    def with_leader(self, leader: str) -> Deck:
        """Return the same deck led by another leader."""
        return Deck(self.faction, leader, dict(self.cards), self.name)

    def to_dict(self) -> dict[str, Any]:
        """Return JSON-ready data."""
        return {"faction": self.faction, "leader": self.leader, "cards": dict(self.cards),
                "name": self.name}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Deck:
        """Build a deck from JSON data (not validated)."""
        return cls(data["faction"], data["leader"], dict(data["cards"]), data.get("name", ""))


def problems(deck: Deck, cat: Catalogue | None = None) -> list[str]:
    """Return every way the deck breaks the rules; empty when it is legal."""
    found, units, specials = _card_problems(deck, cat or catalogue())
    if units < MIN_UNITS:
        found.append(f"{units} unit cards; a deck needs at least {MIN_UNITS}")
    return found + _special_problems(specials)


def draft_problems(deck: Deck, cat: Catalogue | None = None) -> list[str]:
    """Return every way the deck breaks the rules except the unit minimum, which a deck
    still being built may not reach yet."""
    found, _, specials = _card_problems(deck, cat or catalogue())
    return found + _special_problems(specials)


def can_add(deck: Deck, card_id: str, cat: Catalogue | None = None) -> bool:
    """True when one more copy of the card keeps a deck being built within the rules."""
    more = dict(deck.cards)
    more[card_id] = more.get(card_id, 0) + 1
    return not draft_problems(Deck(deck.faction, deck.leader, more, deck.name), cat)


def _special_problems(specials: int) -> list[str]:
    if specials > MAX_SPECIALS:
        return [f"{specials} special cards; a deck may have at most {MAX_SPECIALS}"]
    return []


def _card_problems(deck: Deck, cat: Catalogue) -> tuple[list[str], int, int]:
    """The faction, leader and per-card problems, and the unit and special counts."""
    found: list[str] = []
    if deck.faction not in cat.factions:
        found.append(f"unknown faction \u201c{deck.faction}\u201d")
    faction_name = cat.factions[deck.faction].name if deck.faction in cat.factions else deck.faction
    leader = cat.cards.get(deck.leader)
    if leader is None or leader.type != LEADER:
        found.append(f"\u201c{deck.leader}\u201d is not a leader card")
    elif leader.faction != deck.faction:
        found.append(f"leader {leader.name} leads {cat.factions[leader.faction].name}, "
                     f"not {faction_name}")
    units = specials = 0
    for card_id, count in sorted(deck.cards.items()):
        card = cat.cards.get(card_id)
        if card is None:
            found.append(f"unknown card \u201c{card_id}\u201d")
            continue
        if count < 1:
            found.append(f"{card.name}: count must be at least 1, not {count}")
            continue
        if card.type == LEADER:
            found.append(f"{card.name} is a leader; a deck names its leader separately")
            continue
        if card.side_deck:
            found.append(f"{card.name} only enters play from the side deck")
            continue
        if card.faction not in (NEUTRAL, deck.faction):
            found.append(f"{card.name} belongs to {cat.factions[card.faction].name}, "
                         f"not {faction_name}")
        if count > card.copies:
            found.append(f"{card.name}: {count} copies, but at most {card.copies} allowed")
        if card.is_unit:
            units += count
        else:
            specials += count
    return found, units, specials


@dataclass(frozen=True)
class DeckSummary:
    """The counts a deck screen shows: units (heroes included), specials (weather included),
    heroes and the units' total printed strength."""

    units: int
    specials: int
    heroes: int
    strength: int

    @property
    def cards(self) -> int:
        """Every card in the deck (the leader is not one)."""
        return self.units + self.specials


def summary(deck: Deck, cat: Catalogue | None = None) -> DeckSummary:
    """Count a deck's units, specials, heroes and unit strength (unknown cards are skipped)."""
    cat = cat or catalogue()
    units = specials = heroes = strength = 0
    for card_id, count in deck.cards.items():
        card = cat.cards.get(card_id)
        if card is None or card.type == LEADER:
            continue
        if card.is_unit:
            units += count
            heroes += count if card.hero else 0
            strength += card.strength * count
        else:
            specials += count
    return DeckSummary(units, specials, heroes, strength)


def validate(deck: Deck) -> Deck:
    """Return the deck unchanged, or raise DeckError naming every problem."""
    found = problems(deck)
    if found:
        raise DeckError(found)
    return deck


@cache
def _starters() -> dict[str, Deck]:
    raw = json.loads((DATA_DIR / "decks.json").read_text(encoding="utf-8"))
    return {d["faction"]: Deck(d["faction"], d["leader"], dict(d["cards"]), d["name"])
            for d in raw["decks"]}


def starter_decks() -> dict[str, Deck]:
    """Return the ready-made deck of each faction, keyed by faction id (the same Deck
    values at every call: copy their cards to build another deck)."""
    return dict(_starters())


def starter_deck(faction: str) -> Deck:
    """Return the ready-made deck of one faction."""
    return starter_decks()[faction]
