"""A player's private hand: every card with its number in the bot's card menu.

The cards are in the order the player sees them (engine.view.hand_order): tab i is
hand_order(hand)[i - 1].
"""

from __future__ import annotations

import math
from functools import cache, lru_cache
from typing import NamedTuple

from PIL import Image, ImageChops, ImageDraw

from bot.i18n import ENGLISH, language
from bot.render.disk_cache import on_disk
from bot.render.encode import to_png
from bot.render.faces import (
    HAND,
    TOKENS,
    FaceKey,
    FaceSize,
    face,
    face_key,
    hand_sprite,
    token_sprite,
)
from bot.render.fonts import SANS_BOLD, SERIF_BOLD, font
from bot.render.indexed import Canvas
from bot.render.palette import theme_palette
from bot.render.text import draw_text, fit_text, text_width
from bot.render.texture import wood
from bot.render.theme import GOLD_DARK, GOLD_LIGHT, INK, TEXT, TEXT_MUTED
from bot.render.tiles import Sprite, Tiles
from bot.render.words import player_name
from engine.actions import PLAY
from engine.observation import Observation
from engine.view import hand_order

W = 1020
HEADER_H = 74
MARGIN_X = 24
GAP_X = 14
TAB_H = 44
ROW_GAP = 16
MAX_PER_ROW = 6
ROW_H = HAND.h + 6 + TAB_H
# How dark a card that cannot be played now is drawn (0-255).
DIM_ALPHA = 150
GREY_TAB = (128, 120, 108)
RIGHT_MAX_W = 440  # the widest the header's right-hand text may be
HEADERS = Tiles(64)


class NoHand(ValueError):
    """The observation carries no hand for its viewer (a spectator's, say)."""


def layout(n: int) -> list[tuple[int, int]]:
    """Top-left corners of n hand cards: one row of up to 6, else two balanced rows."""
    if n <= 0:
        return []
    rows = 1 if n <= MAX_PER_ROW else math.ceil(n / MAX_PER_ROW)
    per_row = math.ceil(n / rows)
    out: list[tuple[int, int]] = []
    for i in range(n):
        r, c = divmod(i, per_row)
        in_row = min(per_row, n - r * per_row)
        width = in_row * HAND.w + (in_row - 1) * GAP_X
        x0 = (W - width) // 2
        out.append((x0 + c * (HAND.w + GAP_X), HEADER_H + 10 + r * (ROW_H + ROW_GAP)))
    return out


def height(n: int) -> int:
    """The image height for a hand of n cards."""
    rows = max(1, 1 if n <= MAX_PER_ROW else math.ceil(n / MAX_PER_ROW))
    return HEADER_H + 10 + rows * ROW_H + (rows - 1) * ROW_GAP + 18


@cache
@on_disk("hand")
def _background(h: int) -> Image.Image:
    img = wood(W, h, seed=77)
    d = ImageDraw.Draw(img)
    bar = Image.new("RGBA", (W, HEADER_H), (10, 7, 5, 200))
    img.paste(bar, (0, 0), bar)
    d.line((0, HEADER_H - 1, W, HEADER_H - 1), fill=GOLD_DARK, width=2)
    return img


@cache
def _background_indices(h: int) -> Image.Image:
    """The background mapped onto the palette."""
    return theme_palette().quantize(_background(h))


@cache
def number_tab(number: int, dim: bool = False, w: int = 64, h: int = TAB_H,
               size: int = 30) -> Sprite:
    """The number tab under a card: gold, or grey for a card that cannot be played now."""
    big = Image.new("RGBA", (w * 4, h * 4), (0, 0, 0, 0))
    ImageDraw.Draw(big).rounded_rectangle(
        (2, 2, w * 4 - 3, h * 4 - 3),
        radius=h * 2 - 2,
        fill=(*(GREY_TAB if dim else GOLD_LIGHT), 255),
        outline=(*GOLD_DARK, 255),
        width=8,
    )
    out = big.resize((w, h), Image.Resampling.LANCZOS)
    ImageDraw.Draw(out).text(
        (w / 2, h / 2 + 1), str(number), font=font(SERIF_BOLD, size), fill=INK, anchor="mm"
    )
    return Sprite(out)


class HandLook(NamedTuple):
    """Everything the hand image shows: equal looks are drawn as identical images."""

    name: str
    player: int
    cards: tuple[tuple[FaceKey, bool], ...]  # each card's face, and whether it is dimmed
    right: str
    right_colour: tuple[int, int, int]
    tag: str = ENGLISH  # the language


def hand_look(obs: Observation, tag: str = ENGLISH) -> HandLook:
    """What the viewer's hand image shows, in the language tag; raise NoHand for a
    spectator."""
    if obs.viewer is None:
        raise NoHand("a spectator has no hand to show")
    side = obs.sides[obs.viewer]
    if side.hand is None:
        raise NoHand("the observation holds no hand for its viewer")
    lang = language(tag)
    # i18n: top right of the hand image, beside the title (up to about 30 characters)
    if obs.phase == "mulligan":
        left_n = side.mulligans_left if side.mulligans_left is not None else 0
        right = (lang.ngettext("Redraw up to {count}", "Redraw up to {count}", left_n)
                 if left_n else lang._("No redraws left"))
        right_colour = GOLD_LIGHT
    elif obs.phase == "over":
        right, right_colour = lang._("Match over"), TEXT_MUTED
    elif obs.turn == side.player:
        right, right_colour = lang._("Round {number} - your turn", number=obs.round), GOLD_LIGHT
    else:
        right = lang._("Round {number} - opponent's turn", number=obs.round)
        right_colour = TEXT_MUTED
    dimmed = unplayable(obs)
    cards = tuple((face_key(card, tag), card.uid in dimmed) for card in hand_order(side.hand))
    return HandLook(side.name, side.player, cards, right, right_colour, tag)


def _header(img: Image.Image, look: HandLook) -> None:
    draw = ImageDraw.Draw(img)
    n = len(look.cards)
    title_font = font(SANS_BOLD, 32)
    right_font = font(SANS_BOLD, 24)
    lang = language(look.tag)
    name = player_name(look.name, look.player, lang)
    # i18n: the hand image's title; {name} is the player's name
    title = lang.ngettext("{name}'s hand - {count} card", "{name}'s hand - {count} cards", n,
                          name=name)
    right = fit_text(look.right, right_font, RIGHT_MAX_W)

    def header() -> None:
        right_w = text_width(right, right_font)
        fitted = fit_text(title, title_font, W - 2 * MARGIN_X - right_w - 24)
        draw_text(draw, (MARGIN_X, HEADER_H // 2), fitted, title_font, TEXT, anchor="lm")
        draw_text(draw, (W - MARGIN_X, HEADER_H // 2), right, right_font, look.right_colour,
                  anchor="rm")

    HEADERS.draw(img, (0, 0, W, HEADER_H - 2), (title, right, look.right_colour), header)


def unplayable(obs: Observation) -> frozenset[int]:
    """The viewer's hand cards that cannot be played now although another one can."""
    playable = {a.card for a in obs.legal if a.kind == PLAY}
    if not playable or obs.viewer is None:
        return frozenset()
    return frozenset(v.uid for v in obs.sides[obs.viewer].hand or () if v.uid not in playable)


@lru_cache(maxsize=256)
def dimmed(key: FaceKey, size: FaceSize = HAND, visible: int | None = None) -> Sprite:
    """The card face under a dark layer shaped like it (a card that cannot be played now);
    token sizes take the uncovered width of faces.token_sprite."""
    card_face = token_sprite(key, size, visible).image if size in TOKENS else face(key, size)
    shade = Image.new("RGBA", card_face.size, (8, 6, 4, 0))
    shade.putalpha(ImageChops.multiply(card_face.getchannel("A"),
                                       Image.new("L", card_face.size, DIM_ALPHA)))
    return Sprite(Image.alpha_composite(card_face, shade))


def hand_image(obs: Observation, tag: str = ENGLISH) -> Image.Image:
    """Draw the viewer's hand as an RGB image in the language tag; raise NoHand for a
    spectator."""
    return draw_hand(hand_look(obs, tag))


def draw_hand(look: HandLook) -> Image.Image:
    """Draw a hand's look as an RGB image."""
    return _canvas(look).rgb


def _canvas(look: HandLook) -> Canvas:
    """A hand's look drawn, with its palette indices kept in step."""
    cards = look.cards
    h = height(len(cards))
    canvas = Canvas(_background(h).copy(), _background_indices(h), theme_palette())
    img = canvas.rgb
    _header(img, look)
    canvas.drawn(0, HEADER_H)
    if not cards:
        draw = ImageDraw.Draw(img)
        empty = font(SANS_BOLD, 34)
        draw_text(draw, (W // 2, HEADER_H + 10 + ROW_H // 2),
                  fit_text(language(look.tag)._("No cards in hand"), empty, W - 2 * MARGIN_X),
                  empty, TEXT_MUTED, anchor="mm")
        canvas.drawn(HEADER_H, h)
    for i, ((key, dim), (x, y)) in enumerate(zip(cards, layout(len(cards)), strict=True),
                                             start=1):
        canvas.paste(dimmed(key) if dim else hand_sprite(key), x, y)
        tab = number_tab(i, dim)
        canvas.paste(tab, x + (HAND.w - tab.width) // 2, y + HAND.h + 6)
    return canvas


def render_hand(obs: Observation, tag: str = ENGLISH) -> bytes:
    """The viewer's hand as PNG bytes in the language tag; tab i is
    hand_order(hand)[i - 1]."""
    return render_hand_look(hand_look(obs, tag))


def render_hand_look(look: HandLook) -> bytes:
    """A hand's look as PNG bytes."""
    return to_png(_canvas(look).indices())


__all__ = [
    "HandLook",
    "NoHand",
    "dimmed",
    "draw_hand",
    "hand_image",
    "hand_look",
    "height",
    "layout",
    "number_tab",
    "render_hand",
    "render_hand_look",
    "unplayable",
]
