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


# The rules a deck can break: English templates, filled with ids ({card}: a card's, {faction}
# and {deck_faction}: a faction's, {id}: an unknown one's) and numbers; a template whose
# {count} chooses its form is the singular of a plural (PLURALS).
UNKNOWN_FACTION = "unknown faction \u201c{id}\u201d"
NOT_A_LEADER = "\u201c{id}\u201d is not a leader card"
LEADS_ANOTHER = "leader {card} leads {faction}, not {deck_faction}"
UNKNOWN_CARD = "unknown card \u201c{id}\u201d"
NO_COPIES = "{card}: count must be at least 1, not {count}"
LEADER_IN_DECK = "{card} is a leader; a deck names its leader separately"
SIDE_DECK = "{card} only enters play from the side deck"
OTHER_FACTION = "{card} belongs to {faction}, not {deck_faction}"
TOO_MANY_COPIES = "{card}: {count} copy, but at most {copies} allowed"
TOO_FEW_UNITS = "{count} unit card; a deck needs at least {least}"
TOO_MANY_SPECIALS = "{count} special card; a deck may have at most {most}"
RULES = (UNKNOWN_FACTION, NOT_A_LEADER, LEADS_ANOTHER, UNKNOWN_CARD, NO_COPIES, LEADER_IN_DECK,
         SIDE_DECK, OTHER_FACTION, TOO_MANY_COPIES, TOO_FEW_UNITS, TOO_MANY_SPECIALS)
CARD_KEYS, FACTION_KEYS = frozenset({"card"}), frozenset({"faction", "deck_faction"})
PLURALS = {TOO_MANY_COPIES: "{card}: {count} copies, but at most {copies} allowed",
           TOO_FEW_UNITS: "{count} unit cards; a deck needs at least {least}",
           TOO_MANY_SPECIALS: "{count} special cards; a deck may have at most {most}"}


@dataclass(frozen=True)
class Problem:
    """One rule a deck breaks: a template of RULES and its values (ids and numbers)."""

    template: str
    values: tuple[tuple[str, str | int], ...]

    def english(self, cat: Catalogue | None = None) -> str:
        """The problem in English, with the cards' and factions' names."""
        cat = cat or catalogue()
        named = {key: (cat.cards[value].name if key in CARD_KEYS and value in cat.cards
                       else cat.factions[value].name
                       if key in FACTION_KEYS and value in cat.factions else value)
                 for key, value in self.values}
        template = self.template
        if template in PLURALS and named.get("count") != 1:
            template = PLURALS[template]
        return template.format(**named)


def _problem(template: str, **values: str | int) -> Problem:
    return Problem(template, tuple(values.items()))


def rule_problems(deck: Deck, cat: Catalogue | None = None, *,
                  draft: bool = False) -> list[Problem]:
    """Every rule the deck breaks (a draft, still being built, may lack units yet)."""
    found, units, specials = _card_problems(deck, cat or catalogue())
    if units < MIN_UNITS and not draft:
        found.append(_problem(TOO_FEW_UNITS, count=units, least=MIN_UNITS))
    if specials > MAX_SPECIALS:
        found.append(_problem(TOO_MANY_SPECIALS, count=specials, most=MAX_SPECIALS))
    return found


def problems(deck: Deck, cat: Catalogue | None = None) -> list[str]:
    """Return every way the deck breaks the rules, in English; empty when it is legal."""
    return [problem.english(cat) for problem in rule_problems(deck, cat)]


def draft_problems(deck: Deck, cat: Catalogue | None = None) -> list[str]:
    """Return every way the deck breaks the rules except the unit minimum, which a deck
    still being built may not reach yet."""
    return [problem.english(cat) for problem in rule_problems(deck, cat, draft=True)]


def can_add(deck: Deck, card_id: str, cat: Catalogue | None = None) -> bool:
    """True when one more copy of the card keeps a deck being built within the rules."""
    more = dict(deck.cards)
    more[card_id] = more.get(card_id, 0) + 1
    return not rule_problems(Deck(deck.faction, deck.leader, more, deck.name), cat, draft=True)


def _card_problems(deck: Deck, cat: Catalogue) -> tuple[list[Problem], int, int]:
    """The faction, leader and per-card problems, and the unit and special counts."""
    found: list[Problem] = []
    if deck.faction not in cat.factions:
        found.append(_problem(UNKNOWN_FACTION, id=deck.faction))
    leader = cat.cards.get(deck.leader)
    if leader is None or leader.type != LEADER:
        found.append(_problem(NOT_A_LEADER, id=deck.leader))
    elif leader.faction != deck.faction:
        found.append(_problem(LEADS_ANOTHER, card=leader.id, faction=leader.faction,
                              deck_faction=deck.faction))
    units = specials = 0
    for card_id, count in sorted(deck.cards.items()):
        card = cat.cards.get(card_id)
        if card is None:
            found.append(_problem(UNKNOWN_CARD, id=card_id))
            continue
        if count < 1:
            found.append(_problem(NO_COPIES, card=card_id, count=count))
            continue
        if card.type == LEADER:
            found.append(_problem(LEADER_IN_DECK, card=card_id))
            continue
        if card.side_deck:
            found.append(_problem(SIDE_DECK, card=card_id))
            continue
        if card.faction not in (NEUTRAL, deck.faction):
            found.append(_problem(OTHER_FACTION, card=card_id, faction=card.faction,
                                  deck_faction=deck.faction))
        if count > card.copies:
            found.append(_problem(TOO_MANY_COPIES, card=card_id, count=count,
                                  copies=card.copies))
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
