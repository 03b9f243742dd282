"""The starter deck picture of the faction guide: every distinct card once, heroes first and
special cards last, in a grid sized to the deck."""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image

from bot.render.deck import CELL_H, GAP, HEADER_H, MARGIN, PER_ROW, W, deck_cards, render_deck
from engine import starter_decks


@pytest.mark.parametrize("faction", list(starter_decks()))
def test_every_starter_deck_is_drawn_card_by_card(faction: str) -> None:
    deck = starter_decks()[faction]
    entries = deck_cards(deck)
    assert {c.id for c, _ in entries} == set(deck.cards)
    assert sum(n for _, n in entries) == sum(deck.cards.values())
    kinds = [(not c.is_unit, not c.hero) for c, _ in entries]
    assert kinds == sorted(kinds)  # heroes, then other units, then specials
    img = Image.open(io.BytesIO(render_deck(deck)))
    rows = math.ceil(len(entries) / PER_ROW)
    assert img.size == (W, HEADER_H + rows * CELL_H + (rows - 1) * GAP + MARGIN)
