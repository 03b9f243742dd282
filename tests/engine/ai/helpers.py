"""Shared helpers for the AI tests: seeded positions from real matches."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine.actions import FORFEIT
from engine.decks import Deck, starter_decks
from engine.match import Match

FACTIONS = sorted(starter_decks())


def new_match(seed: int) -> tuple[Match, tuple[Deck, Deck]]:
    """A match with random starter decks (player 0's cards are numbered first)."""
    rng = random.Random(seed)
    decks = starter_decks()
    pair = (decks[rng.choice(FACTIONS)], decks[rng.choice(FACTIONS)])
    return Match.new(pair, seed=seed), pair


def positions(seed: int, every: int = 1) -> Iterator[tuple[Match, int, tuple[Deck, Deck]]]:
    """Yield (match, player to act, decks) along a random match, every `every` steps."""
    m, decks = new_match(seed)
    rng = random.Random(seed)
    step = 0
    while not m.is_over:
        p = rng.choice(m.to_act())
        if step % every == 0:
            yield m, p, decks
        actions = [a for a in m.legal_actions(p) if a.kind != FORFEIT]
        m.apply(rng.choice(actions))
        step += 1
