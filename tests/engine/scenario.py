"""Build match positions directly, for rule tests."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import catalogue
from engine.decks import starter_deck
from engine.match import Match
from engine.observation import PLAYING
from engine.rng import Rng
from engine.side import Side

Cards = Sequence[str]


def default_leader(faction: str) -> str:
    """Return the first leader of a faction whose ability is active (no passive effect)."""
    return next(c.id for c in catalogue().leaders(faction)
                if c.leader is not None and not c.leader.passive)


def scenario(
    *,
    factions: tuple[str, str] = ("northern_realms", "nilfgaard"),
    leaders: tuple[str | None, str | None] = (None, None),
    hands: tuple[Cards, Cards] = ((), ()),
    decks: tuple[Cards, Cards] = ((), ()),
    graves: tuple[Cards, Cards] = ((), ()),
    rows: tuple[tuple[Cards, Cards, Cards], tuple[Cards, Cards, Cards]] = (((), (), ()),
                                                                           ((), (), ())),
    weather: Cards = (),
    current: int = 0,
    round: int = 1,
    seed: int = 0,
    filler: bool = True,
) -> Match:
    """Return a match in play with exactly these cards (card ids) in these zones.

    Decks are listed bottom first: the last card is drawn first. A player with nothing
    to play passes automatically, so with `filler` each hand also holds a Vesemir
    (neutral, 6, close) that keeps the round going.
    """
    m = Match()
    m.seed, m.rng = seed, Rng(seed)
    m.decks = tuple(starter_deck(f) for f in factions)
    for p in (0, 1):
        leader = leaders[p] or default_leader(factions[p])
        side = Side(("Alice", "Bob")[p], factions[p], leader)
        side.ready = True
        side.hand = [m._add_card(c) for c in [*hands[p], *(["vesemir"] if filler else [])]]
        side.deck = [m._add_card(c) for c in decks[p]]
        side.grave = [m._add_card(c) for c in graves[p]]
        side.rows = [[m._add_card(c) for c in row] for row in rows[p]]
        m.sides.append(side)
    m.weather = [[m._add_card(c), 0] for c in weather]
    m.originals = len(m.card_ids)
    m.phase, m.round, m.current, m.first = PLAYING, round, current, 0
    return m


def uid_of(m: Match, card_id: str, zone: list[int]) -> int:
    """Return the first card number in a zone with that card id."""
    return next(u for u in zone if m.card_ids[u] == card_id)


def names(m: Match, zone: list[int]) -> list[str]:
    """Return the card ids in a zone, in order."""
    return [m.card_ids[u] for u in zone]
