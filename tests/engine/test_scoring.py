"""Strength rules of one row: a lone card scored alone equals the row rule."""

from __future__ import annotations

from itertools import product

from engine.cards import catalogue
from engine.scoring import links, lone_strength, row_strengths


def test_lone_strength_equals_the_row_rule_for_every_card_that_links_nothing() -> None:
    cards = [c for c in catalogue().cards.values() if not links(c)]
    assert any(c.strength for c in cards)
    for card, flags in product(cards, product((False, True), repeat=4)):
        assert lone_strength(card, *flags) == row_strengths([card], *flags)[0], (card.id, flags)
