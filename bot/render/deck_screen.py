"""A deck, drawn like The Witcher 3's deck screen: the leader and the deck's counts on the
left, the cards grouped by row and type on the right, each with how many copies it has."""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image, ImageDraw

from bot.render.card_image import as_card_view
from bot.render.encode import to_png
from bot.render.faces import BOARD, HAND, face_for
from bot.render.fonts import SANS, SANS_BOLD, SERIF_BOLD, font
from bot.render.icons import icon
from bot.render.text import draw_text, fit_text, sanitize_name, text_width, wrap_text
from bot.render.texture import panel, wood
from bot.render.theme import (
    BUFF_LIGHT,
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    INK,
    NERF_LIGHT,
    TEXT,
    TEXT_MUTED,
    faction_name,
    palette,
)
from engine.cards import Card, Catalogue, catalogue
from engine.decks import MAX_SPECIALS, MIN_UNITS, Deck, problems, summary

W = 1150
HEADER_H = 64
MARGIN = 16
LEFT_W = 240
GRID_X = MARGIN + LEFT_W + 24
GRID_W = W - GRID_X - MARGIN
GAP = 8
PER_LINE = (GRID_W + GAP) // (BOARD.w + GAP)
TITLE_H = 30
LINE_H = BOARD.h + GAP
SECTION_GAP = 6
EMPTY_H = TITLE_H + 2
LEFT_H = 600
STATS_Y, STAT_H = 340, 38
STAT_LABELS = ("Cards in deck", "Unit cards", "Special cards", "Unit strength", "Hero cards")
# Sections of the deck, in the order The Witcher 3 lists them.
SECTIONS = (("close", "Close Combat"), ("ranged", "Ranged Combat"), ("siege", "Siege"),
            ("agile", "Agile"), ("special", "Special and Weather"))
SECTION_ICONS = {"close": "close", "ranged": "ranged", "siege": "siege", "agile": "agile",
                 "special": "star"}


def section_of(card: Card) -> str:
    """Which section of the deck screen a card is listed in."""
    if not card.is_unit:
        return "special"
    if card.agile:
        return "agile"
    return SECTIONS[card.rows[0]][0] if card.rows else "close"


def _sections(deck: Deck, cat: Catalogue) -> list[tuple[str, str, list[tuple[Card, int]]]]:
    known = [(cat.cards[c], n) for c, n in deck.cards.items() if c in cat.cards and n > 0]
    known.sort(key=lambda pair: (not pair[0].hero, -pair[0].strength, pair[0].name))
    return [(key, title, [(c, n) for c, n in known if section_of(c) == key])
            for key, title in SECTIONS]


def _section_height(lines: int) -> int:
    return TITLE_H + LINE_H * lines if lines else EMPTY_H


def _layout(deck: Deck, cat: Catalogue) -> tuple[int, ...]:
    """How many lines of cards each section needs: all the frame depends on."""
    return tuple(-(-len(cards) // PER_LINE) for _, _, cards in _sections(deck, cat))


def _height(layout: tuple[int, ...]) -> int:
    grid = sum(_section_height(lines) + 4 + SECTION_GAP for lines in layout)
    return HEADER_H + MARGIN + max(LEFT_H, grid) + MARGIN


def height(deck: Deck, cat: Catalogue | None = None) -> int:
    """The image height for a deck: enough for every section (and the left column)."""
    return _height(_layout(deck, cat or catalogue()))


@lru_cache(maxsize=8)
def _frame(layout: tuple[int, ...]) -> Image.Image:
    """Everything that does not depend on the cards: wood, panels, titles and labels (a few
    layouts are kept, about 3 MB each)."""
    img = wood(W, _height(layout), seed=31)
    bar = Image.new("RGBA", (W, HEADER_H), (10, 7, 5, 210))
    img.paste(bar, (0, 0), bar)
    draw = ImageDraw.Draw(img)
    draw.line((0, HEADER_H - 1, W, HEADER_H - 1), fill=GOLD_DARK, width=2)
    x0, y0 = MARGIN, HEADER_H + MARGIN
    panel(img, (x0, y0, x0 + LEFT_W, y0 + LEFT_H))
    draw.text((x0 + LEFT_W // 2, y0 + 20), "LEADER", font=font(SANS_BOLD, 17), fill=GOLD,
              anchor="mm")
    y = y0 + STATS_Y
    draw.line((x0 + 14, y, x0 + LEFT_W - 14, y), fill=GOLD_DARK, width=2)
    for label in STAT_LABELS:
        y += STAT_H
        draw.text((x0 + 16, y), label, font=font(SANS, 19), fill=TEXT_MUTED, anchor="lm")
    y += 30
    draw.line((x0 + 14, y, x0 + LEFT_W - 14, y), fill=GOLD_DARK, width=2)
    y = HEADER_H + MARGIN
    for (key, title), lines in zip(SECTIONS, layout, strict=True):
        h = _section_height(lines)
        panel(img, (GRID_X - 8, y, W - MARGIN, y + h + 4), alpha=170, radius=8)
        mark = icon(SECTION_ICONS[key], 20, GOLD_LIGHT)
        img.paste(mark, (GRID_X, y + (TITLE_H - 20) // 2), mark)
        draw.text((GRID_X + 28, y + TITLE_H // 2), title, font=font(SANS_BOLD, 19),
                  fill=GOLD_LIGHT, anchor="lm")
        y += h + 4 + SECTION_GAP
    return img


@cache
def _count_tab(count: int) -> Image.Image:
    """The "x3" tab on a card that the deck holds several copies of."""
    w, h = 40, 24
    big = Image.new("RGBA", (w * 4, h * 4), (0, 0, 0, 0))
    ImageDraw.Draw(big).rounded_rectangle((2, 2, w * 4 - 3, h * 4 - 3), radius=h * 2 - 2,
                                          fill=(*GOLD_LIGHT, 255), outline=(*GOLD_DARK, 255),
                                          width=8)
    out = big.resize((w, h), Image.Resampling.LANCZOS)
    ImageDraw.Draw(out).text((w / 2, h / 2 + 1), f"\u00d7{count}", font=font(SERIF_BOLD, 17),
                             fill=INK, anchor="mm")
    return out


def _header(img: Image.Image, deck: Deck, legal: bool) -> None:
    draw = ImageDraw.Draw(img)
    colours = palette(deck.faction)
    emblem = icon(f"emblem_{deck.faction}", 40, colours.accent)
    img.paste(emblem, (MARGIN, (HEADER_H - 40) // 2), emblem)
    right = "Ready to play" if legal else "Not ready yet"
    right_font = font(SANS_BOLD, 22)
    draw.text((W - MARGIN, HEADER_H // 2), right, font=right_font,
              fill=BUFF_LIGHT if legal else NERF_LIGHT, anchor="rm")
    title_font = font(SERIF_BOLD, 30)
    sub = faction_name(deck.faction)
    room = W - 2 * MARGIN - 60 - right_font.getlength(right) - 30
    name = sanitize_name(deck.name, fallback="New deck", max_chars=40)
    title = fit_text(name, title_font, room - font(SANS_BOLD, 22).getlength(sub) - 20)
    x = MARGIN + 52
    draw_text(draw, (x, HEADER_H // 2), title, title_font, TEXT, anchor="lm")
    draw.text((x + text_width(title, title_font) + 18, HEADER_H // 2 + 2), sub,
              font=font(SANS_BOLD, 22), fill=TEXT_MUTED, anchor="lm")


def _left_column(img: Image.Image, deck: Deck, cat: Catalogue) -> None:
    draw = ImageDraw.Draw(img)
    x0, y0 = MARGIN, HEADER_H + MARGIN
    leader = cat.cards.get(deck.leader)
    if leader is not None:
        leader_face = face_for(as_card_view(leader), HAND)
        img.paste(leader_face, (x0 + (LEFT_W - HAND.w) // 2, y0 + 38), leader_face)
        text_font = font(SANS, 16)
        y = y0 + 38 + HAND.h + 8
        for line in wrap_text(leader.text, text_font, LEFT_W - 28, 4):
            draw.text((x0 + LEFT_W // 2, y + 10), line, font=text_font, fill=TEXT_MUTED,
                      anchor="mm")
            y += 20
    counts = summary(deck, cat)
    values = [
        (str(counts.cards), TEXT),
        (f"{counts.units}/{MIN_UNITS}", BUFF_LIGHT if counts.units >= MIN_UNITS else NERF_LIGHT),
        (f"{counts.specials}/{MAX_SPECIALS}",
         BUFF_LIGHT if counts.specials <= MAX_SPECIALS else NERF_LIGHT),
        (str(counts.strength), TEXT),
        (str(counts.heroes), TEXT),
    ]
    y = y0 + STATS_Y
    for value, colour in values:
        y += STAT_H
        draw.text((x0 + LEFT_W - 16, y), value, font=font(SERIF_BOLD, 24), fill=colour,
                  anchor="rm")
    y += 30
    wanted = MIN_UNITS - counts.units
    note = (f"{wanted} more unit card{'s' if wanted != 1 else ''} needed" if wanted > 0
            else "Too many special cards" if counts.specials > MAX_SPECIALS else "")
    if note:
        draw.text((x0 + LEFT_W // 2, y + 22), fit_text(note, font(SANS_BOLD, 16), LEFT_W - 20),
                  font=font(SANS_BOLD, 16), fill=NERF_LIGHT, anchor="mm")


def _grid(img: Image.Image, deck: Deck, cat: Catalogue) -> None:
    draw = ImageDraw.Draw(img)
    y = HEADER_H + MARGIN
    note_font = font(SANS, 17)
    for key, _, cards in _sections(deck, cat):
        h = _section_height(-(-len(cards) // PER_LINE))
        copies = sum(n for _, n in cards)
        strength = sum(c.strength * n for c, n in cards if c.is_unit)
        note = (f"{copies} card{'s' if copies != 1 else ''}"
                + (f" \u00b7 strength {strength}" if key != "special" and copies else "")
                if copies else "none")
        draw.text((W - MARGIN - 10, y + TITLE_H // 2), note, font=note_font, fill=TEXT_MUTED,
                  anchor="rm")
        for i, (card, count) in enumerate(cards):
            line, column = divmod(i, PER_LINE)
            cx = GRID_X + column * (BOARD.w + GAP)
            cy = y + TITLE_H + line * LINE_H
            card_face = face_for(as_card_view(card), BOARD)
            img.paste(card_face, (cx, cy), card_face)
            if count > 1:
                tab = _count_tab(count)
                img.paste(tab, (cx + BOARD.w - tab.width + 4, cy + 4), tab)
        y += h + 4 + SECTION_GAP


def deck_image(deck: Deck, cat: Catalogue | None = None) -> Image.Image:
    """Draw a deck (legal or still being built) as an RGB image."""
    cat = cat or catalogue()
    img = _frame(_layout(deck, cat)).copy()
    _header(img, deck, legal=not problems(deck, cat))
    _left_column(img, deck, cat)
    _grid(img, deck, cat)
    return img


def render_deck(deck: Deck) -> bytes:
    """The deck screen as PNG bytes."""
    return to_png(deck_image(deck))


__all__ = ["SECTIONS", "deck_image", "height", "render_deck", "section_of"]
