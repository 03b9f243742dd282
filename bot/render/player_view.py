"""A player's own view: the board from their side, marked "You", with their hand below it.

Made for the player about to act: board and hand in one image, read on a phone without
scrolling between two messages. It is drawn from that player's own observation
(Match.observation(seat)), which holds their hand and no one else's; the viewer's rows are at
the bottom, as in The Witcher 3, and their bar says "YOU". The hand is numbered in the order
of engine.view.hand_order, as the card menu numbers it; on the viewer's turn, cards that
cannot be played now are dimmed with a grey number.

The board part is made of the public board's bands (bot.render.board): rows, weather and last
move are shared with it, so a view after a move costs only the bands that changed.
"""

from __future__ import annotations

import math
from functools import cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from bot.i18n import ENGLISH, language
from bot.render.board import (
    LABEL_PX,
    MARGIN,
    NUMBER_PX,
    BandLook,
    W,
    board_looks,
    card_positions,
    ground,
    looks_image,
    render_looks,
    shaded,
    uncovered,
)
from bot.render.faces import HAND_TOKEN, FaceKey, token_sprite
from bot.render.fonts import SANS_BOLD, font
from bot.render.hand import NoHand, dimmed, hand_look, number_tab
from bot.render.text import draw_text, fit_text, text_width
from bot.render.texture import panel
from bot.render.theme import RGB, TEXT
from engine.observation import Observation

HAND_TITLE_H = 38
TAB_W, TAB_H = 42, 28
HAND_ROW_H = HAND_TOKEN.h + 4 + TAB_H + 8
MAX_PER_ROW = 7  # up to this many cards share one row, each name whole (faces.HAND_TOKEN)
HAND_X0, HAND_X1 = 10, W - 10
NOTE_MAX_W = 300  # the widest the note beside the hand's title may be

HandCards = tuple[tuple[FaceKey, bool], ...]


class HandTitleLook(NamedTuple):
    """The title over the hand: how many cards, and what the redraws leave."""

    cards: int
    note: str
    colour: RGB
    tag: str = ENGLISH  # the language

    def draw(self) -> Image.Image:
        """The band as an RGB image."""
        return _draw_title(self)


class HandRowLook(NamedTuple):
    """A row of the hand: each card's face and whether it is dimmed, numbered from first."""

    cards: HandCards
    first: int
    tag: str = ENGLISH  # the language (of "No cards in hand")

    def draw(self) -> Image.Image:
        """The band as an RGB image."""
        return _draw_hand(self)


def check_private(obs: Observation) -> int:
    """The viewer's seat; raise NoHand unless the observation is a player's own, with their
    hand and no other."""
    if obs.viewer is None:
        raise NoHand("a spectator has no hand to show: use the public board")
    own, other = obs.sides[obs.viewer], obs.sides[1 - obs.viewer]
    if own.hand is None:
        raise NoHand("the observation holds no hand for its viewer")
    if other.hand is not None:
        raise NoHand("the observation holds the other player's hand")
    return obs.viewer


def hand_rows(cards: HandCards) -> list[HandCards]:
    """The hand's cards in rows: one row of up to MAX_PER_ROW, else rows as even as can be."""
    if not cards:
        return [()]
    per_row = math.ceil(len(cards) / math.ceil(len(cards) / MAX_PER_ROW))
    return [cards[i:i + per_row] for i in range(0, len(cards), per_row)]


def view_looks(obs: Observation, tag: str = ENGLISH) -> tuple[BandLook, ...]:
    """The bands of a player's own view, top first, in the language tag: the board from
    their side, then their hand. Raise NoHand for any observation but a player's own."""
    seat = check_private(obs)
    look = hand_look(obs, tag)
    # The header says whose turn it is: the title adds only what the redraws leave.
    note = look.right if obs.phase == "mulligan" else ""
    rows: list[HandRowLook] = []
    for cards in hand_rows(look.cards):
        rows.append(HandRowLook(cards, sum(len(r.cards) for r in rows) + 1,
                                tag if not cards else ENGLISH))
    return (*board_looks(obs, bottom=seat, you=seat, tag=tag),
            HandTitleLook(len(look.cards), note, look.right_colour, tag), *rows)


def _draw_title(look: HandTitleLook) -> Image.Image:
    img = shaded("hand title", HAND_TITLE_H, HAND_TITLE_H - 1)
    draw = ImageDraw.Draw(img)
    title_font, note_font = font(SANS_BOLD, NUMBER_PX), font(SANS_BOLD, LABEL_PX + 3)
    cy = HAND_TITLE_H // 2
    lang = language(look.tag)
    note = fit_text(look.note, note_font, NOTE_MAX_W)
    # i18n: the title over the hand on a player's view of the board
    title = lang.ngettext("Your hand - {count} card", "Your hand - {count} cards", look.cards)
    title = fit_text(title, title_font, W - 28 - text_width(note, note_font) - 16)
    draw_text(draw, (14, cy), title, title_font, TEXT, anchor="lm")
    draw_text(draw, (W - 14, cy), note, note_font, look.colour, anchor="rm")
    return img


@cache
def _hand_ground() -> Image.Image:
    img = ground("hand", HAND_ROW_H)
    panel(img, (MARGIN, 2, W - MARGIN, HAND_ROW_H - 2), fill=(22, 16, 11), alpha=235)
    return img


def _draw_hand(look: HandRowLook) -> Image.Image:
    img = _hand_ground().copy()
    cards, first = look.cards, look.first
    if not cards:
        empty = font(SANS_BOLD, NUMBER_PX)
        draw_text(ImageDraw.Draw(img), (W // 2, HAND_ROW_H // 2),
                  fit_text(language(look.tag)._("No cards in hand"), empty, W - 28), empty,
                  TEXT, anchor="mm")
        return img
    xs = card_positions(len(cards), HAND_X0, HAND_X1, HAND_TOKEN)
    y = 6
    for i, ((key, dim), x) in enumerate(zip(cards, xs, strict=True)):
        visible = uncovered(xs, i, HAND_TOKEN)
        sprite = (dimmed(key, HAND_TOKEN, visible) if dim
                  else token_sprite(key, HAND_TOKEN, visible))
        sprite.paste(img, x, y)
        tab = number_tab(first + i, dim, TAB_W, TAB_H, NUMBER_PX)
        shown = visible if visible is not None else HAND_TOKEN.w
        tab.paste(img, x + (shown - TAB_W) // 2, y + HAND_TOKEN.h + 4)
    return img


def player_view_image(obs: Observation, tag: str = ENGLISH) -> Image.Image:
    """A player's own view as an RGB image (the PNG's pixels) in the language tag; raise
    NoHand for any other observation."""
    return looks_image(view_looks(obs, tag))


def render_player_view(obs: Observation, tag: str = ENGLISH) -> bytes:
    """A player's own view (board from their side and their numbered hand) as PNG bytes,
    in the language tag."""
    return render_looks(view_looks(obs, tag))


__all__ = [
    "HAND_ROW_H",
    "HAND_TITLE_H",
    "MAX_PER_ROW",
    "HandRowLook",
    "HandTitleLook",
    "check_private",
    "hand_rows",
    "player_view_image",
    "render_player_view",
    "view_looks",
]
