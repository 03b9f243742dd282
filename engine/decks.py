"""Decks: a leader plus a card list, validated against the rulebook."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache, lru_cache
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
        return list(_card_list(tuple(self.cards.items())))

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


@lru_cache(maxsize=1024)
def _card_list(counts: tuple[tuple[str, int], ...]) -> tuple[str, ...]:
    return tuple(cid for cid, n in sorted(counts) for _ in range(n))


def problems(deck: Deck, cat: Catalogue | None = None) -> list[str]:
    """Return every way the deck breaks the rules; empty when it is legal."""
    cat = cat or catalogue()
    found: list[str] = []
    if deck.faction not in cat.factions:
        found.append(f"unknown faction {deck.faction!r}")
    faction_name = cat.factions[deck.faction].name if deck.faction in cat.factions else deck.faction
    leader = cat.cards.get(deck.leader)
    if leader is None or leader.type != LEADER:
        found.append(f"{deck.leader!r} is not a leader card")
    elif leader.faction != deck.faction:
        found.append(f"leader {leader.name} leads {cat.factions[leader.faction].name}, "
                     f"not {faction_name}")
    units = specials = 0
    for card_id, count in sorted(deck.cards.items()):
        card = cat.cards.get(card_id)
        if card is None:
            found.append(f"unknown card {card_id!r}")
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
    if units < MIN_UNITS:
        found.append(f"{units} unit cards; a deck needs at least {MIN_UNITS}")
    if specials > MAX_SPECIALS:
        found.append(f"{specials} special cards; a deck may have at most {MAX_SPECIALS}")
    return found


def validate(deck: Deck) -> Deck:
    """Return the deck unchanged, or raise DeckError naming every problem."""
    found = problems(deck)
    if found:
        raise DeckError(found)
    return deck


@cache
def _starter_data() -> tuple[dict[str, Any], ...]:
    raw = json.loads((DATA_DIR / "decks.json").read_text(encoding="utf-8"))
    return tuple(raw["decks"])


def starter_decks() -> dict[str, Deck]:
    """Return the ready-made deck of each faction, keyed by faction id."""
    return {d["faction"]: Deck(d["faction"], d["leader"], dict(d["cards"]), d["name"])
            for d in _starter_data()}


def starter_deck(faction: str) -> Deck:
    """Return the ready-made deck of one faction."""
    return starter_decks()[faction]
