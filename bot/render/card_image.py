"""The single-card image for card lookup: a big card face beside its description."""

from __future__ import annotations

from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import ENGLISH, N_, language, row_name
from bot.render.disk_cache import on_disk
from bot.render.encode import to_png
from bot.render.faces import BIG, chip, face_for
from bot.render.fonts import SANS, SANS_BOLD, SERIF_BOLD, font
from bot.render.icons import ROW_ICONS
from bot.render.text import draw_text, fit_lines, fit_text, text_width, wrap_text
from bot.render.texture import wood
from bot.render.theme import (
    ABILITY_TEXTS,
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    TEXT,
    TEXT_MUTED,
    faction_name,
    palette,
)
from bot.render.words import ability_label, card_label, faction_label
from engine.observation import CardView, LeaderView

W, H = 960, 560
TEXT_X = 430
TEXT_W = W - TEXT_X - 34
# i18n: a card's kind, after its faction on the card image
KINDS = {"unit": N_("Unit"), "hero": N_("Hero unit"), "special": N_("Special"),
         "weather": N_("Weather"), "leader": N_("Leader")}


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


def _lookup_texts(view: CardView, cat: Any) -> tuple[str | None, dict[str, str], bool]:
    """Card text and ability texts from the catalogue (English: the caller translates
    them), and whether there is a catalogue."""
    if cat is USE_CATALOGUE:
        cat = _catalogue()
    if cat is None:
        return None, {}, False
    text = None
    card = cat.cards.get(view.card_id)
    if card is not None:
        text = card.text or None
    return text, {a.id: a.text for a in cat.abilities.values()}, True


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
    card: Any, text: str | None = None, faction: str | None = None,
    catalogue: Any = USE_CATALOGUE, tag: str = ENGLISH,
) -> Image.Image:
    """Draw a card (CardView, catalogue Card or LeaderView) with its description, in the
    language tag.

    Texts come from the engine's catalogue when it loads; pass catalogue=None to use only
    the renderer's own short texts (as the golden tests do, so that they do not change when
    the catalogue's wording does). A `text` given is drawn as given.
    """
    lang = language(tag)
    view = as_card_view(card, faction)
    cat_text, cat_abilities, named = _lookup_texts(view, catalogue)
    if text is None:
        text = cat_text
        if text is None and isinstance(card, LeaderView):
            text = card.text
        text = lang._(text) if text else text
    img = _background().copy()
    big = face_for(view, BIG, tag)
    img.paste(big, (40, (H - BIG.h) // 2), big)
    draw = ImageDraw.Draw(img)
    x, y = TEXT_X, 40

    name = card_label(view.card_id, view.name, tag)
    title_font, title = fit_lines(name, TEXT_W, 40, 26, lines=2, kind=SERIF_BOLD)
    for line in title:
        draw_text(draw, (x, y), line, title_font, GOLD_LIGHT)
        y += int(title_font.size) + 8
    y += 2
    kind = "hero" if view.hero else view.type
    kind_name = lang._(KINDS[kind]) if kind in KINDS else view.type.title()
    # i18n: under a card's name on the card image: its faction and kind ("Monsters - Unit")
    owner = faction_label(view.faction, tag) if named else faction_name(view.faction)
    sub = lang._("{faction} - {kind}", faction=owner, kind=kind_name)
    sub_font = font(SANS_BOLD, 24)
    draw_text(draw, (x, y), fit_text(sub, sub_font, TEXT_W), sub_font,
              palette(view.faction).accent)
    y += 40

    line_font = font(SANS_BOLD, 24)
    if view.type == "unit" and view.strength is not None:
        # i18n: a unit's strength on the card image (one line)
        if view.base is not None and view.base != view.strength:
            strength = lang._("Strength {strength} (printed {base})",
                              strength=view.strength, base=view.base)
        else:
            strength = lang._("Strength {strength}", strength=view.strength)
        draw_text(draw, (x, y), fit_text(strength, line_font, TEXT_W), line_font, TEXT)
        y += 36
        if view.hero:
            hero_font = font(SANS, 20)
            # i18n: one line on the card image, about 50 characters
            hero = lang._("Hero: not affected by special cards or abilities")
            draw_text(draw, (x, y), fit_text(hero, hero_font, TEXT_W), hero_font, TEXT_MUTED)
            y += 32
        rows = [r for r in view.rows if 0 <= r < 3]
        if rows:
            cx = x
            row_font = font(SANS_BOLD, 22)
            room = (TEXT_W - len(rows) * 42 - (len(rows) - 1) * 24) / len(rows)
            for r in rows:
                mark = chip(ROW_ICONS[r], 34)
                img.paste(mark, (cx, y), mark)
                label = fit_text(row_name(r, lang), row_font, room)
                draw_text(draw, (cx + 42, y + 17), label, row_font, TEXT, anchor="lm")
                cx += 42 + int(text_width(label, row_font)) + 24
            y += 48

    abilities = [] if view.type == "leader" else list(view.abilities)
    body = font(SANS, 20)
    ability_font = font(SANS_BOLD, 23)
    for ability in abilities:
        found = cat_abilities.get(ability)
        desc = lang._(found) if found else ABILITY_TEXTS.get(ability)
        if y > H - 90:
            break
        mark = chip(ability, 34, bright=True)
        img.paste(mark, (x, y), mark)
        name = fit_text(ability_label(ability, tag), ability_font, TEXT_W - 42)
        draw_text(draw, (x + 42, y + 17), name, ability_font, GOLD, anchor="lm")
        y += 42
        if desc and not (text and view.type != "unit"):
            for line in wrap_text(desc, body, TEXT_W, 3):
                draw_text(draw, (x, y), line, body, TEXT)
                y += 26
            y += 8

    if text:
        y += 4
        draw.line((x, y, x + TEXT_W, y), fill=GOLD_DARK, width=1)
        y += 12
        if view.type == "leader":
            # i18n: a heading over a leader's ability on the card image
            draw_text(draw, (x, y), fit_text(lang._("Leader ability"), ability_font, TEXT_W),
                      ability_font, GOLD)
            y += 34
        lines_left = max(1, (H - 40 - y) // 26)
        for line in wrap_text(text, body, TEXT_W, lines_left):
            draw_text(draw, (x, y), line, body, TEXT)
            y += 26
    return img


def render_card(
    card: Any, text: str | None = None, faction: str | None = None,
    catalogue: Any = USE_CATALOGUE, tag: str = ENGLISH,
) -> bytes:
    """The card lookup image as PNG bytes.

    card is a CardView, a catalogue Card or a LeaderView (then pass faction).
    text overrides the card's rules text; without it the catalogue's is used
    when the catalogue can be loaded; tag is the language.
    """
    return to_png(card_image(card, text, faction, catalogue, tag))


__all__ = ["USE_CATALOGUE", "as_card_view", "card_image", "render_card"]
