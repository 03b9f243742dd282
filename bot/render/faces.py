"""Procedural card faces: a faction frame, a strength badge, icons and the name.

Faces are cached per card and strength state, so a board made of cards that
were already drawn only pastes finished images.
"""

from __future__ import annotations

import math
from functools import cache, lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from bot.i18n import ENGLISH
from bot.render.art import Subject, art_layer, kind_of, subject
from bot.render.disk_cache import on_disk
from bot.render.fonts import SERIF_BOLD
from bot.render.icons import ROW_ICONS, icon, weather_icon_name
from bot.render.text import draw_text, fit_font, fit_name
from bot.render.theme import (
    BUFF,
    BUFF_LIGHT,
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    HERO_BADGE,
    INK,
    NERF,
    NERF_LIGHT,
    PARCHMENT,
    RGB,
    TEXT,
    mix,
    palette,
)
from bot.render.tiles import Sprite, clear_tiles
from bot.render.words import card_label

_SS = 4


class FaceSize(NamedTuple):
    """The proportions of one size of card face."""

    name: str
    w: int
    h: int
    badge: int
    chip: int
    name_font: int
    banner: int
    radius: int
    border: int


BOARD = FaceSize("board", 84, 112, badge=48, chip=24, name_font=13, banner=32, radius=7, border=4)
HAND = FaceSize("hand", 150, 206, badge=64, chip=36, name_font=19, banner=52, radius=10, border=5)
BIG = FaceSize("big", 360, 500, badge=132, chip=76, name_font=36, banner=104, radius=20, border=10)
# The cards of the board and of a player's view, sized for a phone showing the 720 px wide
# image 400 px wide: strengths at 22 px and names at 15 px (12 and 8 px there), names
# shortened to two lines rather than shrunk. The hand's tokens also show the card's row.
TOKEN = FaceSize("token", 76, 80, badge=36, chip=17, name_font=15, banner=34, radius=6, border=3)
# The hand's tokens are wider: each name shows whole on two lines (fit_name), seven a row.
HAND_TOKEN = FaceSize("hand_token", 96, 100, badge=36, chip=17, name_font=15, banner=36,
                      radius=7, border=3)
TOKENS = (TOKEN, HAND_TOKEN)
# The least pixel size of a strength on a token face (a phone shows it at 12 px).
TOKEN_DIGITS_PX = 22


class FaceKey(NamedTuple):
    """Everything that changes how a card face looks (the uid does not)."""

    card_id: str
    name: str
    faction: str
    type: str
    strength: int | None
    base: int | None
    hero: bool
    rows: tuple[int, ...]
    abilities: tuple[str, ...]


def face_key(card: object, tag: str = ENGLISH) -> FaceKey:
    """Build a FaceKey from a CardView (or anything with the same fields), its name in the
    language `tag`."""
    card_id = getattr(card, "card_id", "")
    return FaceKey(
        card_id=card_id,
        name=card_label(card_id, getattr(card, "name", ""), tag),
        faction=getattr(card, "faction", "neutral"),
        type=getattr(card, "type", "unit"),
        strength=getattr(card, "strength", None),
        base=getattr(card, "base", None),
        hero=bool(getattr(card, "hero", False)),
        rows=tuple(getattr(card, "rows", ())),
        abilities=tuple(getattr(card, "abilities", ())),
    )


def strength_colour(strength: int | None, base: int | None, on_dark: bool = False) -> RGB:
    """Green above the printed strength, red below, ink (or white on dark) otherwise."""
    if strength is not None and base is not None:
        if strength > base:
            return BUFF_LIGHT if on_dark else BUFF
        if strength < base:
            return NERF_LIGHT if on_dark else NERF
    return TEXT if on_dark else INK


def special_icon_name(key: FaceKey) -> str:
    """The icon that stands for a non-unit card (weather, horn, decoy...)."""
    if key.type == "leader":
        return "crown"
    if key.type == "weather" or "weather" in key.abilities or "clear_weather" in key.abilities:
        return weather_icon_name(key.rows, key.abilities)
    for ability in key.abilities:
        if ability != "weather":
            return ability
    return "star"


@cache
def _rounded_mask(w: int, h: int, radius: int) -> Image.Image:
    big = Image.new("L", (w * _SS, h * _SS), 0)
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, w * _SS - 1, h * _SS - 1), radius=radius * _SS, fill=255
    )
    return big.resize((w, h), Image.Resampling.LANCZOS)


@cache
def card_mask(size: FaceSize) -> Image.Image:
    """The rounded outline of a card face, as a mask."""
    return _rounded_mask(size.w, size.h, size.radius)


@cache
def _body(faction: str, hero: bool, size: FaceSize) -> Image.Image:
    """Frame plus gradient body of a card, without badge, icons or name."""
    pal = palette(faction)
    w, h, b = size.w, size.h, size.border
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    frame = GOLD if hero else pal.frame
    img.paste(frame, (0, 0), card_mask(size))
    iw, ih = w - 2 * b, h - 2 * b
    top, bottom = mix(pal.body, pal.frame, 0.45), pal.body
    grad = Image.linear_gradient("L").resize((iw, ih))
    body = Image.composite(
        Image.new("RGB", (iw, ih), bottom), Image.new("RGB", (iw, ih), top), grad
    )
    inner = _rounded_mask(iw, ih, max(2, size.radius - b // 2))
    img.paste(body, (b, b), inner)
    # a thin accent line just inside the frame (gold on Nilfgaard's black, and so on)
    line = Image.new("L", (w, h), 0)
    t = max(1, b // 3)
    ImageDraw.Draw(line).rounded_rectangle(
        (b - t, b - t, w - b + t - 1, h - b + t - 1),
        radius=max(2, size.radius - b // 2),
        outline=255,
        width=t,
    )
    img.paste(mix(pal.frame, pal.accent, 0.6), (0, 0), line)
    if hero:  # a second, faction-coloured ring inside the gold frame
        ring = Image.new("L", (w, h), 0)
        d = ImageDraw.Draw(ring)
        t = max(1, b // 2)
        d.rounded_rectangle(
            (b - t, b - t, w - b + t - 1, h - b + t - 1),
            radius=size.radius - b // 2,
            outline=255,
            width=t,
        )
        img.paste(pal.frame, (0, 0), ring)
    return img


@cache
@on_disk("badge")
def _badge_base(kind: str, d: int) -> Image.Image:
    """The disc behind a strength: 'unit', 'hero' or 'special'."""
    n = d * _SS
    big = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    dr = ImageDraw.Draw(big)
    if kind == "hero":
        # a gold sunburst behind a black disc
        pts = []
        for i in range(32):
            a = math.pi * i / 16
            r = n / 2 if i % 2 == 0 else n * 0.4
            pts.append((n / 2 + r * math.cos(a), n / 2 + r * math.sin(a)))
        dr.polygon(pts, fill=(*GOLD, 255))
        m = n * 0.1
        dr.ellipse(
            (m, m, n - m, n - m),
            fill=(*HERO_BADGE, 255),
            outline=(*GOLD_LIGHT, 255),
            width=max(1, n // 28),
        )
    elif kind == "special":
        m = n * 0.04
        dr.ellipse(
            (m, m, n - m, n - m),
            fill=(*mix(HERO_BADGE, GOLD_DARK, 0.35), 255),
            outline=(*GOLD, 255),
            width=max(1, n // 16),
        )
    else:
        m = n * 0.04
        dr.ellipse(
            (m, m, n - m, n - m), fill=(*PARCHMENT, 255), outline=(*INK, 255), width=max(1, n // 14)
        )
        inner = n * 0.15
        dr.ellipse(
            (inner, inner, n - inner, n - inner), outline=(*GOLD_DARK, 255), width=max(1, n // 40)
        )
    return big.resize((d, d), Image.Resampling.LANCZOS)


def draw_badge(img: Image.Image, x: int, y: int, d: int, key: FaceKey) -> None:
    """Draw the strength badge (or the special card's icon) with its top-left at x, y."""
    if key.type != "unit" or key.strength is None:
        img.alpha_composite(_badge_base("special", d), (x, y))
        s = int(d * 0.62)
        img.alpha_composite(
            icon(special_icon_name(key), s, GOLD_LIGHT), (x + (d - s) // 2, y + (d - s) // 2)
        )
        return
    colour = strength_colour(key.strength, key.base, on_dark=key.hero)
    least = TOKEN_DIGITS_PX if d == TOKEN.badge else 6
    img.alpha_composite(_strength_badge(key.hero, key.strength, colour, d, least), (x, y))


@lru_cache(maxsize=256)
@on_disk("strength")
def _strength_badge(hero: bool, strength: int, colour: RGB, d: int, least: int) -> Image.Image:
    """A unit's badge with its strength (the digits lie on the opaque disc), at least `least`
    pixels tall even when they reach over the disc's ring."""
    badge = _badge_base("hero" if hero else "unit", d).copy()
    text = str(strength)
    inner = d * (0.7 if hero else 0.74)
    size = max(least, round(d * (0.6 if len(text) == 1 else 0.48 if hero else 0.5)))
    fnt = fit_font(text, SERIF_BOLD, size, inner, min_size=least)
    ImageDraw.Draw(badge).text((d / 2, d / 2 + d * 0.02), text, font=fnt, fill=colour,
                               anchor="mm")
    return badge


@cache
@on_disk("chip")
def chip(name: str, d: int, bright: bool = False) -> Image.Image:
    """A small dark disc with a gold ring and an icon: row and ability marks."""
    n = d * _SS
    big = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    ImageDraw.Draw(big).ellipse(
        (1, 1, n - 2, n - 2),
        fill=(*mix(HERO_BADGE, GOLD_DARK, 0.3), 235),
        outline=(*GOLD, 255),
        width=max(1, n // 14),
    )
    out = big.resize((d, d), Image.Resampling.LANCZOS)
    s = max(4, int(d * 0.64))
    out.alpha_composite(
        icon(name, s, GOLD_LIGHT if bright else PARCHMENT), ((d - s) // 2, (d - s) // 2)
    )
    return out


def _row_marks(key: FaceKey) -> list[str]:
    if key.type != "unit":
        return []
    return [ROW_ICONS[r] for r in key.rows if 0 <= r < 3]


def _ability_marks(key: FaceKey) -> list[str]:
    if key.type != "unit":
        return []
    return [a for a in key.abilities if a != "agile" or len(key.rows) < 2]


def face(key: FaceKey, size: FaceSize = BOARD) -> Image.Image:
    """The card face as an RGBA image of size.w x size.h (cached; do not modify it)."""
    if size is BOARD:
        return _board_face(key)
    if size is HAND:
        return _hand_face(key)
    if size is BIG:
        return _big_face(key)
    return _draw_face(key, size)


# Bounded caches, one per size: about 40 MB, 60 MB and 25 MB at most.
@lru_cache(maxsize=1024)
def _board_face(key: FaceKey) -> Image.Image:
    return _draw_face(key, BOARD)


@lru_cache(maxsize=512)
def _hand_face(key: FaceKey) -> Image.Image:
    return _draw_face(key, HAND)


@lru_cache(maxsize=32)
def _big_face(key: FaceKey) -> Image.Image:
    return _draw_face(key, BIG)


# A sprite holds its face, so these caches add the opaque rows' copy (about 3/4 of a face).
@lru_cache(maxsize=512)
def hand_sprite(key: FaceKey) -> Sprite:
    """The hand-size face of a FaceKey, prepared for fast pasting."""
    return Sprite(_hand_face(key))


@lru_cache(maxsize=1024)
def token_sprite(key: FaceKey, size: FaceSize = TOKEN, visible: int | None = None) -> Sprite:
    """A token face (TOKEN on the board, HAND_TOKEN in a hand) prepared for pasting. visible
    is the width the next card leaves uncovered in a crowded row: the name is then shortened
    to fit it, from the left edge, instead of being cut by that card."""
    return Sprite(_draw_face(key, size, visible))


def clear_caches() -> None:
    """Forget every drawn face and tile (for tests of cold rendering)."""
    for cached in (_board_face, _hand_face, _big_face, hand_sprite, token_sprite):
        cached.cache_clear()
    clear_tiles()


def _draw_face(key: FaceKey, size: FaceSize, visible: int | None = None) -> Image.Image:
    art = _face_art if size is BIG else _stored_art  # a big face is large and seldom needed
    if key.type != "unit" or key.strength is None:
        return art(key, size, True, visible)
    # The art is kept (on disk too) once per card: only the strength badge, drawn last,
    # depends on the strength.
    img = art(key._replace(strength=None, base=None), size, False, visible).copy()
    off = _badge_offset(size)
    draw_badge(img, off, off, size.badge, key)
    return img


def _token_marks(key: FaceKey, size: FaceSize) -> list[str]:
    """A token's marks, at most two: the hand's show the row (or agile) first."""
    if key.type != "unit":
        return []
    abilities = [a for a in key.abilities if a != "agile"]
    if size is not HAND_TOKEN:
        return abilities[:2]
    row = ["agile"] if len(key.rows) > 1 else _row_marks(key)
    return (row + abilities)[:2]


def _token_name(img: Image.Image, key: FaceKey, size: FaceSize, visible: int | None) -> None:
    """A token's name in its banner: whole on two lines (in a narrower face if need be), or
    shortened to two lines of what the face shows."""
    w, h, b = size.w, size.h, size.border
    top = h - b - size.banner
    room = (visible if visible is not None else w) - 2 * b - 4
    fnt, lines, _ = fit_name(key.name, room, size.name_font)
    line_h = size.banner // 2
    y = top + (size.banner - line_h * len(lines)) / 2 + line_h / 2 + 1
    draw = ImageDraw.Draw(img)
    for line in lines:
        if visible is None:
            draw_text(draw, (w / 2, y), line, fnt, TEXT, anchor="mm")
        else:
            draw_text(draw, (b + 2, y), line, fnt, TEXT, anchor="lm")
        y += line_h


def art_box(size: FaceSize) -> tuple[int, int, int]:
    """Where a face shows its card's art: left, top and side of a square in the picture
    area (above the name banner), beside the badge."""
    w, h, b = size.w, size.h, size.border
    area_h = h - 2 * b - size.banner
    if size in TOKENS:  # at the right, the badge and marks over its edges
        side = min(w - 2 * b - size.badge + 8, area_h + 2)
        return w - b - side, b - 1, side
    side = min(w - 2 * b, area_h) * 9 // 10
    return (w - side) // 2 + size.badge // 8, b + (area_h - side) // 2 + size.badge // 8, side


def _subject(key: FaceKey) -> Subject:
    """The portrait's subject of a face."""
    return subject(key.card_id, key.faction, kind_of(key.type, key.hero), key.name)


def _face_art(key: FaceKey, size: FaceSize, badge: bool,
              visible: int | None = None) -> Image.Image:
    """The face; without a unit's strength badge unless badge (it lies clear of the rest)."""
    img = _body(key.faction, key.hero, size).copy()
    w, h, b = size.w, size.h, size.border
    draw = ImageDraw.Draw(img)
    pal = palette(key.faction)
    token = size in TOKENS

    art_x, art_y, side = art_box(size)
    img.alpha_composite(art_layer(_subject(key), side), (art_x, art_y))

    # name banner
    top = h - b - size.banner
    banner = Image.new("RGBA", (w - 2 * b, size.banner), (*mix(pal.body, (0, 0, 0), 0.45), 230))
    img.alpha_composite(banner, (b, top))
    draw.line(
        (b, top, w - b - 1, top), fill=(*mix(pal.frame, GOLD, 0.5), 255), width=max(1, b // 3)
    )
    off = _badge_offset(size)
    if badge:
        draw_badge(img, off, off, size.badge, key)
    if token:  # the marks in a column at the top right, beside the badge
        _token_name(img, key, size, visible)
        x = w - b - size.chip - 2
        for i, mark in enumerate(_token_marks(key, size)):
            img.alpha_composite(chip(mark, size.chip, bright=mark not in ROW_ICONS),
                                (x, b + 1 + i * (size.chip + 1)))
        return img
    fnt, lines, _ = fit_name(key.name, w - 2 * b - max(4, w // 14), size.name_font)
    line_h = round(fnt.size * 1.12)
    y = top + (size.banner - line_h * len(lines)) / 2 + line_h / 2 + 1
    for line in lines:
        draw_text(draw, (w / 2, y), line, fnt, TEXT, anchor="mm")
        y += line_h

    # marks down the left side, under the badge
    y_start = off + size.badge + (1 if size is BOARD else b // 2)
    cx = off + (size.badge - size.chip) // 2
    cy = y_start
    step = size.chip + max(1, b // 2)
    marks = _ability_marks(key) if size is BOARD else _row_marks(key) + _ability_marks(key)
    for mark in marks:
        if cy + size.chip > top:  # the column is full: start another one to its right
            cx += step
            cy = y_start
        img.alpha_composite(chip(mark, size.chip, bright=mark not in ROW_ICONS), (cx, cy))
        cy += step
    return img


_stored_art = on_disk("face")(_face_art)


def _badge_offset(size: FaceSize) -> int:
    """The badge's distance from the face's top and left edges."""
    return max(1, size.border // 2)


def face_for(card: object, size: FaceSize = BOARD, tag: str = ENGLISH) -> Image.Image:
    """The face of a CardView-like object, named in the language `tag`."""
    return face(face_key(card, tag), size)


__all__ = [
    "BIG",
    "BOARD",
    "HAND",
    "HAND_TOKEN",
    "TOKEN",
    "TOKENS",
    "FaceKey",
    "FaceSize",
    "card_mask",
    "chip",
    "clear_caches",
    "draw_badge",
    "face",
    "face_for",
    "face_key",
    "hand_sprite",
    "strength_colour",
    "token_sprite",
]
