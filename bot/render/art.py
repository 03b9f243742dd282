"""Card portraits: game-icons.net icons composed in the faction's colours, or a server's own
art pack.

Each card's icons come from the table assets/art/portraits.csv (a card with no fitting icon
shows its faction's motif and its initial). A portrait has two forms: the art alone on a
transparent ground (`art_layer`, which card faces lay on their own frame) and the whole
portrait with its ground and frame (`portrait`): a faction-coloured square for units, gold
for heroes, a round medallion for specials and weather, and a gold round one for leaders.

An art pack is a folder of `<card id>.png` files, PACK_PX pixels square, named by the
ART_DIR environment variable: each file replaces that card's built-in portrait (both forms).
A missing, wrong-sized or unreadable file falls back to the built-in one; `check_pack` says
what a pack covers, lacks and could not use.
"""

from __future__ import annotations

import io
import math
from functools import cache, lru_cache
from pathlib import Path
from typing import NamedTuple

from PIL import Image, ImageDraw

from bot.render.art_data import choices, icons, motifs, pack_folder
from bot.render.disk_cache import on_disk
from bot.render.fonts import SERIF_BOLD, font
from bot.render.svg import rasterise_image
from bot.render.theme import GOLD, GOLD_DARK, GOLD_LIGHT, INK, PARCHMENT, RGB, mix, palette
from engine.cards import catalogue

PACK_PX = 256  # the size of an art pack's square portraits
UNIT, HERO, SPECIAL, LEADER = "unit", "hero", "special", "leader"
_BOX = 512  # the icons' own square


class Subject(NamedTuple):
    """What a portrait depends on: the card, its faction, its kind (UNIT, HERO, SPECIAL or
    LEADER) and the initial shown when no icon fits."""

    card_id: str
    faction: str
    kind: str
    initial: str


def kind_of(card_type: str, hero: bool) -> str:
    """A card's portrait kind (UNIT, HERO, SPECIAL or LEADER) from its type and heroism."""
    return (LEADER if card_type == "leader" else HERO if hero
            else UNIT if card_type == "unit" else SPECIAL)


def subject(card_id: str, faction: str = "neutral", kind: str = UNIT,
            name: str = "") -> Subject:
    """The subject of a card: from the catalogue for a known id, else from the arguments."""
    card = catalogue().cards.get(card_id)
    if card is not None:
        faction, name, kind = card.faction, card.name, kind_of(card.type, card.hero)
    return Subject(card_id, faction, kind, (name or card_id or "?")[:1].upper())


def _hex(colour: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def _icon(name: str, colour: RGB, scale: float, x: float, y: float,
          opacity: float = 1.0) -> str:
    """An icon's paths scaled by scale with its top-left at x, y (in the 512 square)."""
    body = icons()[name].body.replace("currentColor", _hex(colour))
    return (f'<g transform="translate({x:.1f} {y:.1f}) scale({scale:.4f})" '
            f'opacity="{opacity}">{body}</g>')


def _shadowed(name: str, colour: RGB, scale: float, x: float, y: float) -> str:
    """An icon over its own dark shadow, so it reads on any ground."""
    return (_icon(name, (0, 0, 0), scale, x + 9 * scale, y + 12 * scale, 0.6)
            + _icon(name, colour, scale, x, y))


def _rays(colour: RGB, opacity: float) -> str:
    """A sunburst behind a hero's or a leader's icon."""
    points = []
    for i in range(48):
        angle = math.pi * i / 24
        radius = 250 if i % 2 == 0 else 150
        points.append(f"{256 + radius * math.cos(angle):.1f},{256 + radius * math.sin(angle):.1f}")
    return (f'<polygon points="{" ".join(points)}" fill="{_hex(colour)}" '
            f'opacity="{opacity}"/>')


def icon_colour(who: Subject) -> RGB:
    """The colour of a card's icon: gold for heroes and leaders, parchment for specials, a
    light tint of the faction's accent for units."""
    if who.kind in (HERO, LEADER):
        return GOLD_LIGHT
    if who.kind == SPECIAL:
        return PARCHMENT
    return mix(PARCHMENT, palette(who.faction).accent, 0.45)


def art_svg(who: Subject) -> str:
    """The art alone, on a transparent 512 square: rays for heroes and leaders, the icon
    (or the faction's motif, faint, where the initial goes), and a leader's ability icon in
    a disc at the bottom right."""
    choice = choices().get(who.card_id)
    colour = icon_colour(who)
    parts = []
    if who.kind in (HERO, LEADER):
        parts.append(_rays(GOLD, 0.35))
    if choice is None or not choice.icon:
        motif = motifs().get(who.faction, motifs()["neutral"])
        parts.append(_icon(motif, palette(who.faction).accent, 0.9, 26, 26, 0.45))
    elif choice.extra:
        parts.append(_shadowed(choice.icon, colour, 0.74, 18, 6))
        parts.append(f'<circle cx="372" cy="372" r="124" fill="{_hex(mix(INK, GOLD_DARK, 0.3))}"'
                     f' stroke="{_hex(GOLD)}" stroke-width="14"/>')
        parts.append(_icon(choice.extra, PARCHMENT, 0.36, 372 - 92, 372 - 92))
    else:
        parts.append(_shadowed(choice.icon, colour, 0.96, 6, 4))
    return _svg("".join(parts))


def _svg(inner: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_BOX} {_BOX}">'
            f"{inner}</svg>")


def frame_svg(who: Subject) -> str:
    """The ground and frame under the art of a whole portrait."""
    pal = palette(who.faction)
    centre = mix(pal.body, pal.frame, 0.55)
    edge = mix(pal.body, (0, 0, 0), 0.35)
    ground = (f'<defs><radialGradient id="g" cx="50%" cy="45%" r="65%">'
              f'<stop offset="0" stop-color="{_hex(centre)}"/>'
              f'<stop offset="1" stop-color="{_hex(edge)}"/></radialGradient></defs>')
    if who.kind in (SPECIAL, LEADER):
        ring = GOLD if who.kind == LEADER else mix(PARCHMENT, GOLD, 0.35)
        inner = (f'<circle cx="256" cy="256" r="238" fill="url(#g)" stroke="{_hex(ring)}" '
                 f'stroke-width="28"/>')
        if who.kind == LEADER:
            inner += (f'<circle cx="256" cy="256" r="214" fill="none" '
                      f'stroke="{_hex(pal.frame)}" stroke-width="8"/>')
        return _svg(ground + inner)
    stroke = GOLD if who.kind == HERO else pal.frame
    inner = (f'<rect x="14" y="14" width="484" height="484" rx="44" fill="url(#g)" '
             f'stroke="{_hex(stroke)}" stroke-width="28"/>')
    if who.kind == HERO:
        inner += (f'<rect x="36" y="36" width="440" height="440" rx="30" fill="none" '
                  f'stroke="{_hex(pal.frame)}" stroke-width="8"/>')
    return _svg(ground + inner)


def _initial(img: Image.Image, who: Subject) -> None:
    """The card's initial over its faction's motif, for cards no icon fits."""
    size = img.width
    fnt = font(SERIF_BOLD, max(8, round(size * 0.5)))
    ImageDraw.Draw(img).text((size / 2, size / 2), who.initial, font=fnt,
                             fill=icon_colour(who), anchor="mm",
                             stroke_width=max(1, size // 40), stroke_fill=INK)


@lru_cache(maxsize=512)
@on_disk("art")
def _built_in_art(who: Subject, size: int) -> Image.Image:
    img = rasterise_image(art_svg(who), size)
    choice = choices().get(who.card_id)
    if choice is None or not choice.icon:
        _initial(img, who)
    return img


@lru_cache(maxsize=256)
def _built_in_portrait(who: Subject, size: int) -> Image.Image:
    img = rasterise_image(frame_svg(who), size)
    inset = round(size * (0.14 if who.kind in (SPECIAL, LEADER) else 0.08))
    img.alpha_composite(_built_in_art(who, size - 2 * inset), (inset, inset))
    return img


# --- art packs -----------------------------------------------------------------------------


class PackReport(NamedTuple):
    """What an art pack holds: the card ids it covers, those it lacks, and the files it has
    that cannot be used (name and reason)."""

    covers: tuple[str, ...]
    lacks: tuple[str, ...]
    unusable: tuple[tuple[str, str], ...]


def _pack_problem(path: Path) -> str | None:
    """Why a pack file cannot be used, or None."""
    try:
        with Image.open(path) as img:
            if img.format != "PNG":
                return f"not a PNG ({img.format})"
            if img.size != (PACK_PX, PACK_PX):
                return f"{img.width}x{img.height} px, not {PACK_PX}x{PACK_PX}"
            img.load()
    except (OSError, ValueError, Image.DecompressionBombError) as exc:
        return f"unreadable ({exc.__class__.__name__})"
    return None


def check_pack(folder: Path) -> PackReport:
    """What the pack in folder covers, lacks, and holds that cannot be used."""
    known = set(catalogue().cards)
    covers, unusable = [], []
    files = sorted(folder.glob("*.png")) if folder.is_dir() else []
    for path in files:
        if path.stem not in known:
            unusable.append((path.name, "no card has this id"))
        elif (problem := _pack_problem(path)) is not None:
            unusable.append((path.name, problem))
        else:
            covers.append(path.stem)
    lacks = sorted(known - set(covers))
    return PackReport(tuple(covers), tuple(lacks), tuple(unusable))


def pack_warning(folder: Path) -> str | None:
    """The one start-up warning for a pack with unusable files or missing cards, or None."""
    if not folder.is_dir():
        return f"ART_DIR {folder} is not a folder: the built-in portraits are used."
    report = check_pack(folder)
    if not report.unusable and not report.lacks:
        return None
    problems = "; ".join(f"{name}: {why}" for name, why in report.unusable[:5])
    more = len(report.unusable) - 5
    return (f"ART_DIR {folder}: {len(report.covers)} portraits used, {len(report.lacks)} cards "
            f"use the built-in ones" + (f"; unusable: {problems}" if problems else "")
            + (f" and {more} more" if more > 0 else "")
            + " (python -m bot.render --art-check DIR lists them).")


@cache
def _pack_image(folder: Path | None, card_id: str) -> Image.Image | None:
    if folder is None:
        return None
    path = folder / f"{card_id}.png"
    if not path.is_file() or _pack_problem(path) is not None:
        return None
    with Image.open(path) as img:
        return img.convert("RGBA")


def _from_pack(card_id: str, size: int) -> Image.Image | None:
    img = _pack_image(pack_folder(), card_id)
    if img is None:
        return None
    return img if size == PACK_PX else img.resize((size, size), Image.Resampling.LANCZOS)


# --- the portraits -------------------------------------------------------------------------


def art_layer(who: Subject, size: int) -> Image.Image:
    """The art of a card face, size pixels square (do not modify it): the pack's portrait,
    else the built-in icons on a transparent ground."""
    return _from_pack(who.card_id, size) or _built_in_art(who, size)


def portrait(who: Subject, size: int) -> Image.Image:
    """The whole portrait, size pixels square, with its ground and frame (do not modify it):
    the pack's portrait, else the built-in one."""
    return _from_pack(who.card_id, size) or _built_in_portrait(who, size)


def portrait_png(card_id: str, size: int) -> bytes:
    """A card's whole portrait as PNG bytes, size pixels square, from ART_DIR's pack if it
    has one."""
    out = io.BytesIO()
    portrait(subject(card_id), size).save(out, "PNG", compress_level=6)
    return out.getvalue()


__all__ = ["HERO", "LEADER", "PACK_PX", "SPECIAL", "UNIT", "PackReport", "Subject",
           "art_layer", "art_svg", "check_pack", "frame_svg", "icon_colour", "kind_of",
           "pack_warning", "portrait", "portrait_png", "subject"]
