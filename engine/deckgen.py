"""Generated decks: a legal, sensible deck of any faction, for the computer to play.

The heuristics (docs/decks.md describes them for players):

1. The leader is the one asked for, else a random leader of the faction.
2. Every hero of the faction goes in, two of the four strongest neutral heroes, and the
   Mysterious Elf (a spy); no other hero.
3. The other units come in packages: one copy of a plain unit; all copies of a Tight Bond
   card; a Muster group with the card that musters it; all of Skellige's berserkers with
   two Mardroeme. A package's weight is its mean strength per card (Tight Bond counted as
   bonded) plus a bonus for card advantage and support: spies +5, medics +4, horns +3,
   Morale Boost and row Scorch +2. Packages are drawn at random by weight until the deck
   holds at least a random 24 to 27 units.
4. Specials: two Decoys, a Commander's Horn, a Scorch and a Clear Weather, then one or two
   random weather cards, and a second horn when room remains, never more than 10.
5. engine.decks.validate judges the result, so a generated deck is always legal.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.cards import LEADER, NEUTRAL, Card, Catalogue, catalogue
from engine.decks import Deck, draft_problems, validate

UNITS_LOW, UNITS_HIGH = 24, 27
NEUTRAL_HEROES = ("geralt_of_rivia", "cirilla_fiona_elen_riannon", "yennefer_of_vengerberg",
                  "triss_merigold")
SPY_HERO = "mysterious_elf"
BONUS = {"spy": 5.0, "medic": 4.0, "commanders_horn": 3.0, "morale_boost": 2.0,
         "scorch_close": 2.0, "scorch_ranged": 2.0, "scorch_siege": 2.0}
CORE_SPECIALS = (("decoy", 2), ("commanders_horn", 1), ("scorch", 1), ("clear_weather", 1))
WEATHER = ("biting_frost", "impenetrable_fog", "torrential_rain", "skellige_storm")


@dataclass(frozen=True)
class Package:
    """Cards that go into a deck together, with their weight."""

    cards: tuple[tuple[str, int], ...]
    weight: float

    @property
    def size(self) -> int:
        """How many cards the package adds."""
        return sum(n for _, n in self.cards)


def generate_deck(faction: str, rng: random.Random, leader: str | None = None,
                  cat: Catalogue | None = None) -> Deck:
    """Return a legal deck of the faction built by the heuristics above."""
    cat = cat or catalogue()
    leaders = [c.id for c in cat.leaders(faction)]
    if not leaders:
        raise ValueError(f"no leaders for faction {faction!r}")
    deck = Deck(faction, leader if leader is not None else rng.choice(leaders), {},
                f"Generated {cat.factions[faction].name} deck")
    heroes = [c.id for c in _usable(faction, cat) if c.hero and c.faction == faction]
    heroes += [*rng.sample(NEUTRAL_HEROES, 2), SPY_HERO]
    deck = _with(deck, tuple((card_id, 1) for card_id in heroes), cat)
    packages = units_packages(faction, cat)
    target = rng.randint(UNITS_LOW, UNITS_HIGH)
    while packages and deck_units(deck, cat) < target:
        package = rng.choices(packages, weights=[p.weight for p in packages])[0]
        packages.remove(package)
        deck = _with(deck, package.cards, cat)
    for card_id in _specials(rng):
        deck = _with(deck, ((card_id, 1),), cat)
    return validate(deck)


def units_packages(faction: str, cat: Catalogue) -> list[Package]:
    """The faction's and neutral non-hero units grouped into packages, with weights."""
    units = [c for c in _usable(faction, cat) if c.is_unit and not c.hero]
    groups: dict[str, list[Card]] = {}
    for card in units:
        key = "berserker" if card.has("berserker") else card.muster_group or card.musters
        groups.setdefault(key or card.id, []).append(card)
    packages = []
    for members in groups.values():
        cards = [(c.id, c.copies) if c.has("tight_bond") or c.has("berserker") or c.muster_group
                 else (c.id, 1) for c in members]
        if any(c.has("berserker") for c in members):
            cards.append(("mardroeme", 2))
        strength = sum(c.strength * n * (n if c.has("tight_bond") else 1)
                       for c, (_, n) in zip(members, cards, strict=False))
        size = sum(n for _, n in cards)
        bonus = max((BONUS.get(a, 0.0) for c in members for a in c.abilities), default=0.0)
        packages.append(Package(tuple(cards), max(0.5, strength / size + bonus)))
    return packages


def _specials(rng: random.Random) -> list[str]:
    """The special cards to try, one copy each, in order."""
    wanted = [card_id for card_id, n in CORE_SPECIALS for _ in range(n)]
    return [*wanted, *rng.sample(WEATHER, rng.randint(1, 2)), "commanders_horn"]


def _usable(faction: str, cat: Catalogue) -> list[Card]:
    return [c for c in cat.cards.values() if c.faction in (faction, NEUTRAL)
            and c.type != LEADER and not c.side_deck and c.copies > 0]


def _with(deck: Deck, cards: tuple[tuple[str, int], ...], cat: Catalogue) -> Deck:
    """The deck with these cards added, or the deck unchanged if they would break a rule
    (the unit minimum aside)."""
    more = dict(deck.cards)
    for card_id, count in cards:
        more[card_id] = more.get(card_id, 0) + count
    bigger = Deck(deck.faction, deck.leader, more, deck.name)
    return deck if draft_problems(bigger, cat) else bigger


def deck_units(deck: Deck, cat: Catalogue) -> int:
    """How many unit cards (heroes included) the deck holds."""
    return sum(n for c, n in deck.cards.items() if cat.card(c).is_unit)
