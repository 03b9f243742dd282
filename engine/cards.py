"""The card catalogue: card definitions loaded from engine/data/cards.json."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).with_name("data")

CLOSE, RANGED, SIEGE = 0, 1, 2
ROWS = (CLOSE, RANGED, SIEGE)
ROW_NAMES = ("close", "ranged", "siege")
ROW_TITLES = ("Close Combat", "Ranged Combat", "Siege")

UNIT, SPECIAL, WEATHER, LEADER = "unit", "special", "weather", "leader"
NEUTRAL = "neutral"

# Abilities of a unit that change the strength of other cards in its row.
LINKED = frozenset({"morale_boost", "tight_bond", "commanders_horn"})


def row_index(name: str) -> int:
    """Return the row number for a row name such as "close"."""
    return ROW_NAMES.index(name)


@dataclass(frozen=True, slots=True)
class LeaderAbility:
    """What a leader card does: an ability key plus its parameters."""

    ability: str
    passive: bool
    row: int | None
    card: str | None


@dataclass(frozen=True, slots=True)
class Card:
    """One card definition from the catalogue."""

    id: str
    name: str
    faction: str
    type: str
    strength: int
    rows: tuple[int, ...]
    hero: bool
    abilities: frozenset[str]
    muster_group: str | None
    musters: str | None
    summons: str | None
    transforms_into: str | None
    side_deck: bool
    copies: int
    expansion: str
    text: str
    leader: LeaderAbility | None
    # Derived once from the fields above, for the scoring of every row.
    links: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "links",
                           self.type == UNIT and not self.abilities.isdisjoint(LINKED))

    @property
    def is_unit(self) -> bool:
        """True for unit cards, heroes included."""
        return self.type == UNIT

    @property
    def is_special(self) -> bool:
        """True for special and weather cards, which count against the special limit."""
        return self.type in (SPECIAL, WEATHER)

    @property
    def agile(self) -> bool:
        """True when the unit may go to more than one row."""
        return len(self.rows) > 1 and self.type == UNIT

    def has(self, ability: str) -> bool:
        """True when the card carries the ability."""
        return ability in self.abilities


@dataclass(frozen=True, slots=True)
class Faction:
    """A playable faction and its perk."""

    id: str
    name: str
    perk: str


@dataclass(frozen=True, slots=True)
class AbilityInfo:
    """A named ability with its rules text."""

    id: str
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class Catalogue:
    """All cards, factions and ability descriptions."""

    cards: dict[str, Card]
    factions: dict[str, Faction]
    abilities: dict[str, AbilityInfo]

    def card(self, card_id: str) -> Card:
        """Return the card with this id, or raise KeyError."""
        return self.cards[card_id]

    def leaders(self, faction: str) -> list[Card]:
        """Return the leaders of a faction, in catalogue order."""
        return [c for c in self.cards.values() if c.type == LEADER and c.faction == faction]

    def find(self, text: str) -> list[Card]:
        """Return cards whose id is the text or whose name contains it: exact matches first,
        then names that start with it."""
        needle = text.strip().casefold()

        def rank(card: Card) -> int:
            name = card.name.casefold()
            return 0 if needle in (card.id, name) else 1 if name.startswith(needle) else 2

        hits = [c for c in self.cards.values() if needle == c.id or needle in c.name.casefold()]
        return sorted(hits, key=rank)


def _card_from_json(raw: dict[str, Any]) -> Card:
    leader = raw["leader"]
    return Card(
        id=raw["id"],
        name=raw["name"],
        faction=raw["faction"],
        type=raw["type"],
        strength=raw["strength"] or 0,
        rows=tuple(row_index(r) for r in raw["rows"]),
        hero=raw["hero"],
        abilities=frozenset(raw["abilities"]),
        muster_group=raw["muster_group"],
        musters=raw["musters"],
        summons=raw["summons"],
        transforms_into=raw["transforms_into"],
        side_deck=raw["side_deck"],
        copies=raw["copies"],
        expansion=raw["expansion"],
        text=raw["text"],
        leader=None
        if leader is None
        else LeaderAbility(
            ability=leader["ability"],
            passive=leader["passive"],
            row=None if leader["row"] is None else row_index(leader["row"]),
            card=leader["card"],
        ),
    )


@cache
def catalogue() -> Catalogue:
    """Load the catalogue once and return it."""
    raw = json.loads((DATA_DIR / "cards.json").read_text(encoding="utf-8"))
    cards = {c["id"]: _card_from_json(c) for c in raw["cards"]}
    factions = {f["id"]: Faction(f["id"], f["name"], f["perk"]) for f in raw["factions"]}
    abilities = {a["id"]: AbilityInfo(a["id"], a["name"], a["text"]) for a in raw["abilities"]}
    return Catalogue(cards=cards, factions=factions, abilities=abilities)
