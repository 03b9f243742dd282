"""The single-card image for card lookup: a big card face beside its description."""

from __future__ import annotations

from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from bot.render.disk_cache import on_disk
from bot.render.encode import to_png
from bot.render.faces import BIG, chip, face_for
from bot.render.fonts import SANS, SANS_BOLD, SERIF_BOLD, font
from bot.render.icons import ROW_ICONS
from bot.render.text import fit_lines, wrap_text
from bot.render.texture import wood
from bot.render.theme import (
    ABILITY_NAMES,
    ABILITY_TEXTS,
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    TEXT,
    TEXT_MUTED,
    TYPE_NAMES,
    faction_name,
    palette,
)
from engine.observation import CardView, LeaderView

W, H = 960, 560
TEXT_X = 430
TEXT_W = W - TEXT_X - 34
ROW_LABELS = ("Close Combat", "Ranged Combat", "Siege")


def as_card_view(card: Any, faction: str | None = None) -> CardView:
    """Turn a catalogue Card, a LeaderView or a CardView into a CardView."""
    if isinstance(card, CardView):
        return card
    if isinstance(card, LeaderView):
        return CardView(
            0, card.card_id, card.name, "leader", faction or "neutral", None, None, False, (), ()
        )
    kind = card.type
    unit = kind == "unit"
    return CardView(
        uid=0,
        card_id=card.id,
        name=card.name,
        type=kind,
        faction=card.faction,
        strength=card.strength if unit else None,
        base=card.strength if unit else None,
        hero=bool(card.hero),
        rows=tuple(card.rows),
        abilities=tuple(sorted(card.abilities)),  # a frozenset's order is not stable
    )


USE_CATALOGUE: Any = object()  # the default: read texts from engine.cards.catalogue()


def _catalogue() -> Any | None:
    try:
        from engine.cards import catalogue

        return catalogue()
    except (OSError, ValueError, KeyError, ImportError, TypeError):
        return None


def _lookup_texts(
    view: CardView, cat: Any
) -> tuple[str | None, dict[str, tuple[str, str]], str | None]:
    """Card text, ability (name, text) pairs and faction name from the catalogue, if any."""
    if cat is USE_CATALOGUE:
        cat = _catalogue()
    if cat is None:
        return None, {}, None
    text = None
    card = cat.cards.get(view.card_id)
    if card is not None:
        text = card.text or None
    abilities = {a.id: (a.name, a.text) for a in cat.abilities.values()}
    faction = cat.factions.get(view.faction)
    return text, abilities, faction.name if faction else None


@cache
@on_disk("card")
def _background() -> Image.Image:
    img = wood(W, H, seed=31)
    panel = Image.new("RGBA", (W - TEXT_X - 10, H - 40), (12, 8, 6, 190))
    img.paste(panel, (TEXT_X - 20, 20), panel)
    ImageDraw.Draw(img).rounded_rectangle(
        (TEXT_X - 20, 20, W - 30, H - 20), radius=12, outline=GOLD_DARK, width=2
    )
    return img


def card_image(
    card: Any, text: str | None = None, faction: str | None = None, catalogue: Any = USE_CATALOGUE
) -> Image.Image:
    """Draw a card (CardView, catalogue Card or LeaderView) with its description.

    Names and texts come from the engine's catalogue when it loads; pass
    catalogue=None to use only the renderer's own short texts (as the golden
    tests do, so that they do not change when the catalogue's wording does).
    """
    view = as_card_view(card, faction)
    cat_text, cat_abilities, cat_faction = _lookup_texts(view, catalogue)
    if text is None:
        text = cat_text
        if text is None and isinstance(card, LeaderView):
            text = card.text
    img = _background().copy()
    big = face_for(view, BIG)
    img.paste(big, (40, (H - BIG.h) // 2), big)
    draw = ImageDraw.Draw(img)
    x, y = TEXT_X, 40

    title_font, title = fit_lines(view.name, TEXT_W, 40, 26, lines=2, kind=SERIF_BOLD)
    for line in title:
        draw.text((x, y), line, font=title_font, fill=GOLD_LIGHT)
        y += int(title_font.size) + 8
    y += 2
    kind = TYPE_NAMES.get(view.type, view.type.title())
    if view.hero:
        kind = "Hero unit"
    elif view.type == "unit":
        kind = "Unit"
    sub = f"{cat_faction or faction_name(view.faction)} - {kind}"
    draw.text((x, y), sub, font=font(SANS_BOLD, 24), fill=palette(view.faction).accent)
    y += 40

    line_font = font(SANS_BOLD, 24)
    if view.type == "unit" and view.strength is not None:
        strength = f"Strength {view.strength}"
        if view.base is not None and view.base != view.strength:
            strength += f" (printed {view.base})"
        draw.text((x, y), strength, font=line_font, fill=TEXT)
        y += 36
        if view.hero:
            draw.text(
                (x, y),
                "Hero: not affected by special cards or abilities",
                font=font(SANS, 20),
                fill=TEXT_MUTED,
            )
            y += 32
        rows = [r for r in view.rows if 0 <= r < 3]
        if rows:
            cx = x
            for r in rows:
                mark = chip(ROW_ICONS[r], 34)
                img.paste(mark, (cx, y), mark)
                label = ROW_LABELS[r]
                draw.text(
                    (cx + 42, y + 17), label, font=font(SANS_BOLD, 22), fill=TEXT, anchor="lm"
                )
                cx += 42 + int(font(SANS_BOLD, 22).getlength(label)) + 24
            y += 48

    abilities = [] if view.type == "leader" else list(view.abilities)
    body = font(SANS, 20)
    for ability in abilities:
        name, desc = cat_abilities.get(ability, (ABILITY_NAMES.get(ability), None))
        name = name or ability.replace("_", " ").title()
        desc = desc or ABILITY_TEXTS.get(ability)
        if y > H - 90:
            break
        mark = chip(ability, 34, bright=True)
        img.paste(mark, (x, y), mark)
        draw.text((x + 42, y + 17), name, font=font(SANS_BOLD, 23), fill=GOLD, anchor="lm")
        y += 42
        if desc and not (text and view.type != "unit"):
            for line in wrap_text(desc, body, TEXT_W, 3):
                draw.text((x, y), line, font=body, fill=TEXT)
                y += 26
            y += 8

    if text:
        y += 4
        draw.line((x, y, x + TEXT_W, y), fill=GOLD_DARK, width=1)
        y += 12
        if view.type == "leader":
            draw.text((x, y), "Leader ability", font=font(SANS_BOLD, 23), fill=GOLD)
            y += 34
        lines_left = max(1, (H - 40 - y) // 26)
        for line in wrap_text(text, body, TEXT_W, lines_left):
            draw.text((x, y), line, font=body, fill=TEXT)
            y += 26
    return img


def render_card(
    card: Any, text: str | None = None, faction: str | None = None, catalogue: Any = USE_CATALOGUE
) -> bytes:
    """The card lookup image as PNG bytes.

    card is a CardView, a catalogue Card or a LeaderView (then pass faction).
    text overrides the card's rules text; without it the catalogue's is used
    when the catalogue can be loaded.
    """
    return to_png(card_image(card, text, faction, catalogue))


__all__ = ["USE_CATALOGUE", "as_card_view", "card_image", "render_card"]
