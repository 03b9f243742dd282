"""A deck, drawn like The Witcher 3's deck screen: the leader and the deck's counts on the
left, the cards grouped by row and type on the right, each with how many copies it has."""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image, ImageDraw

from bot.i18n import ENGLISH, N_, Language, language, row_name
from bot.render.card_image import as_card_view
from bot.render.encode import to_png
from bot.render.faces import BOARD, HAND, face_for
from bot.render.fonts import NARROW_BOLD, SANS, SANS_BOLD, SERIF_BOLD, font
from bot.render.icons import icon
from bot.render.text import (
    draw_text,
    fit_font,
    fit_lines,
    fit_text,
    sanitize_name,
    text_width,
)
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
    palette,
)
from bot.render.words import faction_label
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
STATS_Y, STAT_H = 362, 38
STAT_VALUE_W = 84  # the room of a stat's number ("27/22"), at the right of its label
SECTION_TITLE_W = 460  # the widest a section's title may be (its note is at the right)
SECTION_NOTE_W = 300
HEADER_RIGHT_W = 300  # the widest "Ready to play" or the faction's name may be
# i18n: labels of the deck screen's left column, a number to their right (about 18 characters)
STAT_LABELS = (N_("Cards in deck"), N_("Unit cards"), N_("Special cards"), N_("Unit strength"),
               N_("Hero cards"))
# Sections of the deck, in the order The Witcher 3 lists them (the rows are named by
# bot.i18n.row_name).
SECTIONS = (("close", "Close Combat"), ("ranged", "Ranged Combat"), ("siege", "Siege"),
            # i18n: sections of the deck screen: agile units, then special and weather cards
            ("agile", N_("Agile")), ("special", N_("Special and Weather")))
SECTION_ICONS = {"close": "close", "ranged": "ranged", "siege": "siege", "agile": "agile",
                 "special": "star"}


def section_of(card: Card) -> str:
    """Which section of the deck screen a card is listed in."""
    if not card.is_unit:
        return "special"
    if card.agile:
        return "agile"
    return SECTIONS[card.rows[0]][0] if card.rows else "close"


def section_counts(deck: Deck, cat: Catalogue | None = None) -> dict[str, int]:
    """How many cards of the deck each section of SECTIONS holds, copies counted: heroes and
    neutral units in their row, as the deck screen lists them (the deck builder's select
    counts its row categories with this too)."""
    cat = cat or catalogue()
    counts = dict.fromkeys((key for key, _ in SECTIONS), 0)
    for card_id, copies in deck.cards.items():
        if card_id in cat.cards and copies > 0:
            counts[section_of(cat.cards[card_id])] += copies
    return counts


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


def section_title(index: int, lang: Language) -> str:
    """The title of SECTIONS[index] in a language."""
    return row_name(index, lang) if index < 3 else lang._(SECTIONS[index][1])


@lru_cache(maxsize=8)
def _frame(layout: tuple[int, ...], tag: str = ENGLISH) -> Image.Image:
    """Everything that does not depend on the cards: wood, panels, titles and labels, in the
    language tag (a few layouts are kept, about 3 MB each)."""
    lang = language(tag)
    img = wood(W, _height(layout), seed=31)
    bar = Image.new("RGBA", (W, HEADER_H), (10, 7, 5, 210))
    img.paste(bar, (0, 0), bar)
    draw = ImageDraw.Draw(img)
    draw.line((0, HEADER_H - 1, W, HEADER_H - 1), fill=GOLD_DARK, width=2)
    x0, y0 = MARGIN, HEADER_H + MARGIN
    panel(img, (x0, y0, x0 + LEFT_W, y0 + LEFT_H))
    head = font(SANS_BOLD, 17)
    # i18n: the heading over the leader on the deck screen, in capitals where the language
    # has them
    draw_text(draw, (x0 + LEFT_W // 2, y0 + 20), fit_text(lang._("LEADER"), head, LEFT_W - 20),
              head, GOLD, anchor="mm")
    y = y0 + STATS_Y
    draw.line((x0 + 14, y, x0 + LEFT_W - 14, y), fill=GOLD_DARK, width=2)
    for label in STAT_LABELS:
        y += STAT_H
        text = lang._(label)
        # a long label takes a smaller size, then the narrow face, rather than being cut
        room = LEFT_W - 16 - STAT_VALUE_W - 8
        label_font = fit_font(text, SANS, 19, room, min_size=15)
        if text_width(text, label_font) > room:
            label_font = fit_font(text, NARROW_BOLD, 18, room, min_size=14)
        draw_text(draw, (x0 + 16, y), fit_text(text, label_font, room), label_font,
                  TEXT_MUTED, anchor="lm")
    y += 30
    draw.line((x0 + 14, y, x0 + LEFT_W - 14, y), fill=GOLD_DARK, width=2)
    y = HEADER_H + MARGIN
    title_font = font(SANS_BOLD, 19)
    for index, ((key, _), lines) in enumerate(zip(SECTIONS, layout, strict=True)):
        title = fit_text(section_title(index, lang), title_font, SECTION_TITLE_W)
        h = _section_height(lines)
        panel(img, (GRID_X - 8, y, W - MARGIN, y + h + 4), alpha=170, radius=8)
        mark = icon(SECTION_ICONS[key], 20, GOLD_LIGHT)
        img.paste(mark, (GRID_X, y + (TITLE_H - 20) // 2), mark)
        draw_text(draw, (GRID_X + 28, y + TITLE_H // 2), title, title_font, GOLD_LIGHT,
                  anchor="lm")
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


def _header(img: Image.Image, deck: Deck, legal: bool, lang: Language) -> None:
    draw = ImageDraw.Draw(img)
    colours = palette(deck.faction)
    emblem = icon(f"emblem_{deck.faction}", 40, colours.accent)
    img.paste(emblem, (MARGIN, (HEADER_H - 40) // 2), emblem)
    # i18n: top right of the deck screen: whether the deck may be played (about 20 characters)
    right = lang._("Ready to play") if legal else lang._("Not ready yet")
    right_font = font(SANS_BOLD, 22)
    right = fit_text(right, right_font, HEADER_RIGHT_W)
    draw_text(draw, (W - MARGIN, HEADER_H // 2), right, right_font,
              BUFF_LIGHT if legal else NERF_LIGHT, anchor="rm")
    title_font = font(SERIF_BOLD, 30)
    sub_font = font(SANS_BOLD, 22)
    sub = fit_text(faction_label(deck.faction, lang.tag), sub_font, HEADER_RIGHT_W)
    room = W - 2 * MARGIN - 60 - text_width(right, right_font) - 30
    # A starter deck's name is translated; a player's own deck name matches no message.
    given = lang._(deck.name) if deck.name else None
    # i18n: the name of a deck that has none yet
    name = sanitize_name(given, fallback=lang._("New deck"), max_chars=40)
    title = fit_text(name, title_font, room - text_width(sub, sub_font) - 20)
    x = MARGIN + 52
    draw_text(draw, (x, HEADER_H // 2), title, title_font, TEXT, anchor="lm")
    draw_text(draw, (x + text_width(title, title_font) + 18, HEADER_H // 2 + 2), sub,
              sub_font, TEXT_MUTED, anchor="lm")


def _left_column(img: Image.Image, deck: Deck, cat: Catalogue, lang: Language) -> None:
    draw = ImageDraw.Draw(img)
    x0, y0 = MARGIN, HEADER_H + MARGIN
    leader = cat.cards.get(deck.leader)
    if leader is not None:
        leader_face = face_for(as_card_view(leader), HAND, lang.tag)
        img.paste(leader_face, (x0 + (LEFT_W - HAND.w) // 2, y0 + 38), leader_face)
        text = lang._(leader.text) if leader.text else ""
        text_font, lines = fit_lines(text, LEFT_W - 28, 16, 14, lines=5, kind=SANS)
        y = y0 + 38 + HAND.h + 6
        for line in lines:
            draw_text(draw, (x0 + LEFT_W // 2, y + 10), line, text_font, TEXT_MUTED,
                      anchor="mm")
            y += round(text_font.size) + 3
    counts = summary(deck, cat)
    values = [
        (lang.number(counts.cards), TEXT),
        (f"{lang.number(counts.units)}/{lang.number(MIN_UNITS)}",
         BUFF_LIGHT if counts.units >= MIN_UNITS else NERF_LIGHT),
        (f"{lang.number(counts.specials)}/{lang.number(MAX_SPECIALS)}",
         BUFF_LIGHT if counts.specials <= MAX_SPECIALS else NERF_LIGHT),
        (lang.number(counts.strength), TEXT),
        (lang.number(counts.heroes), TEXT),
    ]
    y = y0 + STATS_Y
    for value, colour in values:
        y += STAT_H
        draw_text(draw, (x0 + LEFT_W - 16, y), value, font(SERIF_BOLD, 24), colour, anchor="rm")
    y += 30
    wanted = MIN_UNITS - counts.units
    # i18n: under the deck screen's counts, in a narrow column (about 28 characters)
    note = (lang.ngettext("{count} more unit card needed", "{count} more unit cards needed",
                          wanted) if wanted > 0
            else lang._("Too many special cards") if counts.specials > MAX_SPECIALS else "")
    if note:
        note_font = font(SANS_BOLD, 16)
        draw_text(draw, (x0 + LEFT_W // 2, y + 22), fit_text(note, note_font, LEFT_W - 20),
                  note_font, NERF_LIGHT, anchor="mm")


def _grid(img: Image.Image, deck: Deck, cat: Catalogue, lang: Language) -> None:
    draw = ImageDraw.Draw(img)
    y = HEADER_H + MARGIN
    note_font = font(SANS, 17)
    counts = section_counts(deck, cat)
    for key, _, cards in _sections(deck, cat):
        h = _section_height(-(-len(cards) // PER_LINE))
        copies = counts[key]
        strength = sum(c.strength * n for c, n in cards if c.is_unit)
        # i18n: at the right of a section's title on the deck screen
        if not copies:
            note = lang._("none")
        elif key == "special":
            note = lang.ngettext("{count} card", "{count} cards", copies)
        else:
            note = lang.ngettext("{count} card \u00b7 strength {strength}",
                                 "{count} cards \u00b7 strength {strength}", copies,
                                 strength=lang.number(strength))
        note = fit_text(note, note_font, SECTION_NOTE_W)
        draw_text(draw, (W - MARGIN - 10, y + TITLE_H // 2), note, note_font, TEXT_MUTED,
                  anchor="rm")
        for i, (card, count) in enumerate(cards):
            line, column = divmod(i, PER_LINE)
            cx = GRID_X + column * (BOARD.w + GAP)
            cy = y + TITLE_H + line * LINE_H
            card_face = face_for(as_card_view(card), BOARD, lang.tag)
            img.paste(card_face, (cx, cy), card_face)
            if count > 1:
                tab = _count_tab(count)
                img.paste(tab, (cx + BOARD.w - tab.width + 4, cy + 4), tab)
        y += h + 4 + SECTION_GAP


def deck_image(deck: Deck, cat: Catalogue | None = None, tag: str = ENGLISH) -> Image.Image:
    """Draw a deck (legal or still being built) as an RGB image, in the language tag."""
    cat = cat or catalogue()
    lang = language(tag)
    img = _frame(_layout(deck, cat), tag).copy()
    _header(img, deck, not problems(deck, cat), lang)
    _left_column(img, deck, cat, lang)
    _grid(img, deck, cat, lang)
    return img


def render_deck(deck: Deck, tag: str = ENGLISH) -> bytes:
    """The deck screen as PNG bytes, in the language tag."""
    return to_png(deck_image(deck, tag=tag))


__all__ = ["SECTIONS", "deck_image", "height", "render_deck", "section_counts", "section_of"]
