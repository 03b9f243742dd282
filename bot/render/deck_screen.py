"""A deck, drawn like The Witcher 3's deck screen and read on a phone: the deck's name and
whether it may be played, the leader with its ability, the deck's counts against the limits,
then the cards by row and type, seven a row, each with how many copies the deck holds.

The image is 720 px wide, as the board is: a phone shows it 400 px wide, where its card
names (the hand's tokens, faces.HAND_TOKEN, names whole on two lines) and labels are at least
8 px tall and its numbers at least 12 px (board.LABEL_PX and board.NUMBER_PX at 720 px)."""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image, ImageDraw

from bot.i18n import ENGLISH, N_, Language, language, row_name
from bot.render.board import LABEL_PX, NUMBER_PX
from bot.render.card_image import as_card_view
from bot.render.encode import to_png
from bot.render.faces import HAND_TOKEN, face_key, token_sprite
from bot.render.fonts import NARROW_BOLD, SANS, SANS_BOLD, SERIF_BOLD, Font, font
from bot.render.icons import icon
from bot.render.indexed import Canvas
from bot.render.palette import theme_palette
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
from bot.render.tiles import Sprite
from bot.render.words import faction_label
from engine.cards import Card, Catalogue, catalogue
from engine.decks import MAX_SPECIALS, MIN_UNITS, Deck, problems, summary

W = 720
MARGIN = 6  # between the image's edges and the panels
PAD = 10  # inside a panel
HEADER_H = 78
RIGHT_W = 280  # the widest "Ready to play" (or what the deck lacks) may be
# The summary panel: the leader's token beside its name and ability, then the counts.
LEADER_H = HAND_TOKEN.h + 2 * PAD
TEXT_X = MARGIN + PAD + HAND_TOKEN.w + 14
TEXT_W = W - MARGIN - PAD - TEXT_X
STATS_H = 68
STAT_W = (W - 2 * MARGIN - 2 * PAD) // 5
SUMMARY_H = LEADER_H + STATS_H
# The sections: a title line, then rows of cards with a gap between them.
PER_LINE = 7
CARD_STEP = (W - 2 * MARGIN - 2 * 6 - HAND_TOKEN.w) // (PER_LINE - 1)  # 100: a 4 px gap
CARDS_X = (W - (PER_LINE - 1) * CARD_STEP - HAND_TOKEN.w) // 2
TITLE_H = 34
ROW_GAP = 6
TAB_W, TAB_H = 46, 28  # the "x3" under a card the deck holds several copies of
TAB_OVERLAP = 2  # the tab hangs from the card's lower edge, over its frame only
TAB_EXTRA = TAB_H - TAB_OVERLAP  # what a row with tabs adds to its height
SECTION_GAP = 6
SECTION_NOTE_W = 300  # the widest a section's note ("11 cards · strength 54") may be
# i18n: labels of the deck screen's counts, each over its number in a fifth of a phone's
# width (about 16 characters)
STAT_LABELS = (N_("Cards in deck"), N_("Unit cards"), N_("Special cards"), N_("Unit strength"),
               N_("Hero cards"))
# Sections of the deck, in the order The Witcher 3 lists them (the rows are named by
# bot.i18n.row_name).
SECTIONS = (("close", "Close Combat"), ("ranged", "Ranged Combat"), ("siege", "Siege"),
            # i18n: sections of the deck screen: agile units, then special and weather cards
            ("agile", N_("Agile")), ("special", N_("Special and Weather")))
SECTION_ICONS = {"close": "close", "ranged": "ranged", "siege": "siege", "agile": "agile",
                 "special": "star"}

# Each section's rows, each True when one of its cards has a count tab: all the frame
# depends on.
Layout = tuple[tuple[bool, ...], ...]


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
    return {key: sum(n for _, n in cards) for key, cards in _sections(deck, cat or catalogue())}


Sections = list[tuple[str, list[tuple[Card, int]]]]


def _sections(deck: Deck, cat: Catalogue) -> Sections:
    """Each section's key and its cards with their copies, heroes first, then by strength."""
    known = [(cat.cards[c], n) for c, n in deck.cards.items() if c in cat.cards and n > 0]
    known.sort(key=lambda pair: (not pair[0].hero, -pair[0].strength, pair[0].name))
    return [(key, [(c, n) for c, n in known if section_of(c) == key]) for key, _ in SECTIONS]


def _lines(cards: list[tuple[Card, int]]) -> list[list[tuple[Card, int]]]:
    return [cards[i:i + PER_LINE] for i in range(0, len(cards), PER_LINE)]


def _layout(sections: Sections) -> Layout:
    return tuple(tuple(any(n > 1 for _, n in line) for line in _lines(cards))
                 for _, cards in sections)


def _line_height(tabs: bool) -> int:
    return HAND_TOKEN.h + (TAB_EXTRA if tabs else 0) + ROW_GAP


def _section_height(lines: tuple[bool, ...]) -> int:
    return TITLE_H + sum(_line_height(tabs) for tabs in lines)


def _sections_y() -> int:
    return HEADER_H + MARGIN + SUMMARY_H + SECTION_GAP


def _height(layout: Layout) -> int:
    return _sections_y() + sum(_section_height(lines) + SECTION_GAP for lines in layout) + 2


def height(deck: Deck, cat: Catalogue | None = None) -> int:
    """The image height for a deck: enough for every section's cards."""
    return _height(_layout(_sections(deck, cat or catalogue())))


def section_title(index: int, lang: Language) -> str:
    """The title of SECTIONS[index] in a language."""
    return row_name(index, lang) if index < 3 else lang._(SECTIONS[index][1])


def _label_font(text: str, room: int) -> Font:
    """A stat label's font: smaller, then the narrow face, rather than cut (never under
    LABEL_PX)."""
    fnt = fit_font(text, SANS, LABEL_PX + 2, room, min_size=LABEL_PX)
    if text_width(text, fnt) > room:
        fnt = fit_font(text, NARROW_BOLD, LABEL_PX + 2, room, min_size=LABEL_PX)
    return fnt


@lru_cache(maxsize=8)
def _frame(layout: Layout, tag: str = ENGLISH) -> tuple[Image.Image, Image.Image]:
    """Everything that does not depend on the cards: wood, panels, titles and labels, in the
    language tag, and its palette indices (a few layouts are kept, up to about 5 MB each)."""
    lang = language(tag)
    img = wood(W, _height(layout), seed=31)
    bar = Image.new("RGBA", (W, HEADER_H), (10, 7, 5, 210))
    img.paste(bar, (0, 0), bar)
    draw = ImageDraw.Draw(img)
    draw.line((0, HEADER_H - 1, W, HEADER_H - 1), fill=GOLD_DARK, width=2)
    y0 = HEADER_H + MARGIN
    panel(img, (MARGIN, y0, W - MARGIN, y0 + SUMMARY_H))
    head = font(SANS_BOLD, LABEL_PX)
    # i18n: the heading over the leader's name on the deck screen, in capitals where the
    # language has them
    draw_text(draw, (TEXT_X, y0 + PAD + 8), fit_text(lang._("LEADER"), head, TEXT_W), head,
              GOLD, anchor="lm")
    y = y0 + LEADER_H
    draw.line((MARGIN + PAD, y, W - MARGIN - PAD, y), fill=GOLD_DARK, width=2)
    for i, label in enumerate(STAT_LABELS):
        text = lang._(label)
        room = STAT_W - 10
        label_font = _label_font(text, room)
        draw_text(draw, (MARGIN + PAD + i * STAT_W + STAT_W // 2, y + 50),
                  fit_text(text, label_font, room), label_font, TEXT_MUTED, anchor="mm")
    y = _sections_y()
    title_font = font(SANS_BOLD, LABEL_PX + 4)
    for index, ((key, _), lines) in enumerate(zip(SECTIONS, layout, strict=True)):
        h = _section_height(lines)
        panel(img, (MARGIN, y, W - MARGIN, y + h), alpha=170, radius=8)
        mark = icon(SECTION_ICONS[key], 20, GOLD_LIGHT)
        img.paste(mark, (MARGIN + PAD, y + (TITLE_H - 20) // 2), mark)
        title = fit_text(section_title(index, lang), title_font,
                         W - 2 * MARGIN - 2 * PAD - 28 - SECTION_NOTE_W - 12)
        draw_text(draw, (MARGIN + PAD + 28, y + TITLE_H // 2), title, title_font, GOLD_LIGHT,
                  anchor="lm")
        y += h + SECTION_GAP
    return img, theme_palette().quantize(img)


@cache
def _count_tab(count: int) -> Sprite:
    """The "x3" tab under a card that the deck holds several copies of."""
    big = Image.new("RGBA", (TAB_W * 4, TAB_H * 4), (0, 0, 0, 0))
    ImageDraw.Draw(big).rounded_rectangle((2, 2, TAB_W * 4 - 3, TAB_H * 4 - 3),
                                          radius=TAB_H * 2 - 2, fill=(*GOLD_LIGHT, 255),
                                          outline=(*GOLD_DARK, 255), width=8)
    out = big.resize((TAB_W, TAB_H), Image.Resampling.LANCZOS)
    ImageDraw.Draw(out).text((TAB_W / 2, TAB_H / 2 + 1), f"\u00d7{count}",
                             font=font(SERIF_BOLD, NUMBER_PX), fill=INK, anchor="mm")
    return Sprite(out)


def _header(img: Image.Image, deck: Deck, legal: bool, wanted: str, lang: Language) -> None:
    """The faction's emblem, the deck's name over its faction, and at the right whether it
    may be played over what it lacks."""
    draw = ImageDraw.Draw(img)
    colours = palette(deck.faction)
    emblem = icon(f"emblem_{deck.faction}", 44, colours.accent)
    img.paste(emblem, (MARGIN + 6, (HEADER_H - 44) // 2), emblem)
    # i18n: top right of the deck screen: whether the deck may be played (about 20 characters)
    right = lang._("Ready to play") if legal else lang._("Not ready yet")
    right_font, note_font = font(SANS_BOLD, LABEL_PX + 5), font(SANS_BOLD, LABEL_PX)
    right = fit_text(right, right_font, RIGHT_W)
    wanted = fit_text(wanted, note_font, RIGHT_W)
    colour = BUFF_LIGHT if legal else NERF_LIGHT
    x, top, bottom = MARGIN + 62, 28, 59
    draw_text(draw, (W - MARGIN - 6, top), right, right_font, colour, anchor="rm")
    draw_text(draw, (W - MARGIN - 6, bottom), wanted, note_font, colour, anchor="rm")
    # A starter deck's name is translated; a player's own deck name matches no message.
    given = lang._(deck.name) if deck.name else None
    # i18n: the name of a deck that has none yet
    name = sanitize_name(given, fallback=lang._("New deck"), max_chars=40)
    room = W - MARGIN - 6 - x - text_width(right, right_font) - 20
    title_font = fit_font(name, SERIF_BOLD, 28, room, min_size=22)
    draw_text(draw, (x, top), fit_text(name, title_font, room), title_font, TEXT, anchor="lm")
    sub_font = font(SANS_BOLD, LABEL_PX + 2)
    room = W - MARGIN - 6 - x - (text_width(wanted, note_font) + 20 if wanted else 0)
    draw_text(draw, (x, bottom), fit_text(faction_label(deck.faction, lang.tag), sub_font, room),
              sub_font, TEXT_MUTED, anchor="lm")


def _summary(canvas: Canvas, deck: Deck, cat: Catalogue, lang: Language) -> None:
    """The leader's token, name and ability, and the deck's counts against the limits."""
    draw = ImageDraw.Draw(canvas.rgb)
    y0 = HEADER_H + MARGIN
    canvas.drawn(y0, y0 + SUMMARY_H)
    leader = cat.cards.get(deck.leader)
    if leader is not None:
        key = face_key(as_card_view(leader), lang.tag)
        canvas.paste(token_sprite(key, HAND_TOKEN), MARGIN + PAD, y0 + PAD)
        name_font = font(SANS_BOLD, LABEL_PX + 5)
        draw_text(draw, (TEXT_X, y0 + PAD + 30), fit_text(key.name, name_font, TEXT_W),
                  name_font, TEXT, anchor="lm")
        text = lang._(leader.text) if leader.text else ""
        text_font, lines = fit_lines(text, TEXT_W, LABEL_PX + 1, LABEL_PX, lines=3, kind=SANS)
        y = y0 + PAD + 54
        for line in lines:
            draw_text(draw, (TEXT_X, y), line, text_font, TEXT_MUTED, anchor="lm")
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
    value_font = font(SERIF_BOLD, NUMBER_PX + 4)
    for i, (value, colour) in enumerate(values):
        draw_text(draw, (MARGIN + PAD + i * STAT_W + STAT_W // 2, y0 + LEADER_H + 24), value,
                  value_font, colour, anchor="mm")


def _wanted(deck: Deck, cat: Catalogue, lang: Language) -> str:
    """What the deck lacks to be played, or ""."""
    counts = summary(deck, cat)
    wanted = MIN_UNITS - counts.units
    # i18n: under "Not ready yet" at the top right of the deck screen (about 28 characters)
    if wanted > 0:
        return lang.ngettext("{count} more unit card needed", "{count} more unit cards needed",
                             wanted)
    return lang._("Too many special cards") if counts.specials > MAX_SPECIALS else ""


def _cards(canvas: Canvas, sections: Sections, layout: Layout, lang: Language) -> None:
    """Each section's note (its cards and strength), then its cards in rows."""
    draw = ImageDraw.Draw(canvas.rgb)
    y = _sections_y()
    note_font = font(SANS, LABEL_PX + 2)
    for (key, cards), lines in zip(sections, layout, strict=True):
        copies = sum(n for _, n in cards)
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
        draw_text(draw, (W - MARGIN - PAD, y + TITLE_H // 2),
                  fit_text(note, note_font, SECTION_NOTE_W), note_font, TEXT_MUTED, anchor="rm")
        canvas.drawn(y, y + TITLE_H)
        cy = y + TITLE_H
        for line, tabs in zip(_lines(cards), lines, strict=True):
            for column, (card, count) in enumerate(line):
                cx = CARDS_X + column * CARD_STEP
                canvas.paste(token_sprite(face_key(as_card_view(card), lang.tag), HAND_TOKEN),
                             cx, cy)
                if count > 1:
                    canvas.paste(_count_tab(count), cx + (HAND_TOKEN.w - TAB_W) // 2,
                                 cy + HAND_TOKEN.h - TAB_OVERLAP)
            cy += _line_height(tabs)
        y += _section_height(lines) + SECTION_GAP


def deck_image(deck: Deck, cat: Catalogue | None = None, tag: str = ENGLISH) -> Image.Image:
    """Draw a deck (legal or still being built) as an RGB image, in the language tag."""
    return _canvas(deck, cat or catalogue(), tag).rgb


def _canvas(deck: Deck, cat: Catalogue, tag: str) -> Canvas:
    """A deck drawn, with its palette indices kept in step."""
    lang = language(tag)
    sections = _sections(deck, cat)
    layout = _layout(sections)
    frame, indices = _frame(layout, tag)
    canvas = Canvas(frame.copy(), indices, theme_palette())
    _header(canvas.rgb, deck, not problems(deck, cat), _wanted(deck, cat, lang), lang)
    canvas.drawn(0, HEADER_H)
    _summary(canvas, deck, cat, lang)
    _cards(canvas, sections, layout, lang)
    return canvas


def render_deck(deck: Deck, tag: str = ENGLISH) -> bytes:
    """The deck screen as PNG bytes, in the language tag (in the match images' palette)."""
    return to_png(_canvas(deck, catalogue(), tag).indices())


__all__ = ["SECTIONS", "deck_image", "height", "render_deck", "section_counts", "section_of"]
