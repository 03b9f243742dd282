"""A deck as a picture: every distinct card's face with its number of copies, for the
faction guide."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from bot.render.card_image import as_card_view
from bot.render.encode import to_png
from bot.render.faces import HAND, face_for
from bot.render.fonts import SANS_BOLD, SERIF_BOLD, font
from bot.render.text import draw_text, fit_text
from bot.render.texture import wood
from bot.render.theme import GOLD, GOLD_LIGHT, TEXT_MUTED
from engine import Card, Deck, catalogue

PER_ROW = 8
GAP = 12
MARGIN = 20
HEADER_H = 64
TAB_H = 34
CELL_H = HAND.h + 4 + TAB_H
W = 2 * MARGIN + PER_ROW * HAND.w + (PER_ROW - 1) * GAP


def deck_cards(deck: Deck) -> list[tuple[Card, int]]:
    """The deck's distinct cards and counts: heroes, then units by strength, then specials."""
    cards = catalogue().cards
    entries = [(cards[card_id], count) for card_id, count in deck.cards.items()]
    return sorted(entries, key=lambda e: (not e[0].is_unit, not e[0].hero, -e[0].strength,
                                          e[0].name))


def deck_image(deck: Deck) -> Image.Image:
    """Draw the deck: a title line, then one face per distinct card with "x N" below."""
    entries = deck_cards(deck)
    rows = max(1, math.ceil(len(entries) / PER_ROW))
    h = HEADER_H + rows * CELL_H + (rows - 1) * GAP + MARGIN
    img = wood(W, h, seed=91).convert("RGB")
    draw = ImageDraw.Draw(img)
    leader = catalogue().cards[deck.leader].name
    total = sum(deck.cards.values())
    title_font = font(SERIF_BOLD, 30)
    title = fit_text(f"{deck.name} \u00b7 {total} cards", title_font, W - 2 * MARGIN - 360)
    draw_text(draw, (MARGIN, HEADER_H // 2), title, title_font, GOLD_LIGHT, anchor="lm")
    lead_font = font(SANS_BOLD, 22)
    draw_text(draw, (W - MARGIN, HEADER_H // 2), fit_text(f"Leader: {leader}", lead_font, 350),
              lead_font, TEXT_MUTED, anchor="rm")
    count_font = font(SANS_BOLD, 24)
    for i, (card, count) in enumerate(entries):
        r, c = divmod(i, PER_ROW)
        x = MARGIN + c * (HAND.w + GAP)
        y = HEADER_H + r * (CELL_H + GAP)
        face = face_for(as_card_view(card), HAND)
        img.paste(face, (x, y), face)
        draw_text(draw, (x + HAND.w // 2, y + HAND.h + 4 + TAB_H // 2), f"\u00d7{count}",
                  count_font, GOLD, anchor="mm")
    return img


def render_deck(deck: Deck) -> bytes:
    """The deck picture as PNG bytes."""
    return to_png(deck_image(deck))
