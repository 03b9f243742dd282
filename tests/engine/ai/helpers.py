"""Shared helpers for the AI tests: seeded positions from real matches."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from engine.actions import FORFEIT
from engine.cards import LEADER, NEUTRAL, Card, catalogue
from engine.decks import Deck, starter_decks, validate
from engine.match import Match

FACTIONS = sorted(starter_decks())


def new_match(seed: int) -> tuple[Match, tuple[Deck, Deck]]:
    """A match with random starter decks (player 0's cards are numbered first)."""
    rng = random.Random(seed)
    decks = starter_decks()
    pair = (decks[rng.choice(FACTIONS)], decks[rng.choice(FACTIONS)])
    return Match.new(pair, seed=seed), pair


def deck_cards(faction: str) -> list[Card]:
    """Every card a deck of the faction may hold."""
    return [c for c in catalogue().cards.values()
            if c.type != LEADER and not c.side_deck and c.faction in (faction, NEUTRAL)]


def random_deck(faction: str, rng: random.Random) -> Deck:
    """A random legal deck: 22 to 30 unit copies, up to 10 specials, any leader."""
    cards = deck_cards(faction)
    units = [c.id for c in cards if c.is_unit for _ in range(c.copies)]
    specials = [c.id for c in cards if c.is_special for _ in range(c.copies)]
    chosen = rng.sample(units, rng.randint(22, min(30, len(units))))
    chosen += rng.sample(specials, rng.randint(0, min(10, len(specials))))
    leader = rng.choice(catalogue().leaders(faction)).id
    return validate(Deck(faction, leader, dict(Counter(chosen))))


def outside_starter_deck(faction: str) -> Deck:
    """A legal deck of the faction's units that its starter deck does not hold."""
    starter = starter_decks()[faction]
    counts = {c.id: c.copies - starter.cards.get(c.id, 0) for c in deck_cards(faction)
              if c.is_unit and c.copies > starter.cards.get(c.id, 0)}
    return validate(Deck(faction, starter.leader, counts))


def positions(seed: int, every: int = 1, decks: tuple[Deck, Deck] | None = None,
              ) -> Iterator[tuple[Match, int, tuple[Deck, Deck]]]:
    """Yield (match, player to act, decks) along a random match, every `every` steps
    (random starter decks unless decks are given)."""
    if decks is None:
        m, decks = new_match(seed)
    else:
        m = Match.new(decks, seed=seed)
    rng = random.Random(seed)
    step = 0
    while not m.is_over:
        p = rng.choice(m.to_act())
        if step % every == 0:
            yield m, p, decks
        actions = [a for a in m.legal_actions(p) if a.kind != FORFEIT]
        m.apply(rng.choice(actions))
        step += 1
