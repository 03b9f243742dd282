"""A tournament's pairings, standings and single elimination bracket, in the look of the
leaderboard: dark wood, a header bar, gold titles and panels. 720 px wide, so every text
stays 11 px or more on a phone showing them 400 px wide; names go through the fallback
fonts (any script, emoji)."""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image, ImageDraw

from bot.i18n import ENGLISH, Language, language
from bot.learn.glossary import record, score
from bot.render.encode import to_png
from bot.render.fonts import SANS, SANS_BOLD, SERIF_BOLD, Font, font
from bot.render.palette import theme_palette
from bot.render.text import draw_text, fit_font, fit_text, sanitize_name, text_width
from bot.render.texture import headed_wood, panel
from bot.render.theme import GOLD, GOLD_DARK, GOLD_LIGHT, PANEL, TEXT, TEXT_MUTED, mix
from bot.tournament.games import A_WINS, B_WINS, BOTH_LOSE, BYE, DRAW, ELIMINATION, WALKOVER
from bot.tournament.views import (
    BracketCard,
    BracketMatch,
    PairingRow,
    PairingsCard,
    StandingRow,
    StandingsCard,
    points_text,
    round_name,
)

W = 720
MARGIN = 16
HEAD_H = 138
FOOT_H = 50
PODIUM = (GOLD_LIGHT, (206, 212, 222), (214, 150, 96))  # positions 1, 2 and 3
NAME_CHARS = 32


def _name(text: str | None, lang: Language) -> str:
    # i18n: a player without a usable name
    return sanitize_name(text, fallback=lang._("Player"), max_chars=NAME_CHARS)


@cache
def _background(height: int, seed: int) -> Image.Image:
    return headed_wood(W, height, seed=seed, bar_h=HEAD_H - 20)


def _canvas(height: int, seed: int, title: str, subtitle: str, lang: Language
            ) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """The wood, the header bar, the tournament's name and a subtitle."""
    img = _background(height, seed).copy()
    draw = ImageDraw.Draw(img)
    _title(draw, title, subtitle, lang)
    return img, draw


def _title(draw: ImageDraw.ImageDraw, title: str, subtitle: str, lang: Language) -> None:
    name = _name(title, lang)
    title_font = fit_font(name, SERIF_BOLD, 36, W - 48)
    draw_text(draw, (24, 46), fit_text(name, title_font, W - 48), title_font, GOLD_LIGHT,
              anchor="lm")
    small = font(SANS_BOLD, 24)
    draw_text(draw, (24, 96), fit_text(subtitle, small, W - 48), small, TEXT_MUTED,
              anchor="lm")


def _footer(img: Image.Image, draw: ImageDraw.ImageDraw, text: str) -> None:
    foot = font(SANS, 20)
    draw_text(draw, (W / 2, img.height - FOOT_H / 2 - 2), fit_text(text, foot, W - 40), foot,
              TEXT_MUTED, anchor="mm")


def _fitted(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, fnt: Font,
            width: float, fill: object, anchor: str = "lm") -> None:
    """A name drawn in any script, cut with an ellipsis to fit `width`."""
    draw_text(draw, xy, fit_text(text, fnt, width), fnt, fill, anchor=anchor)


# -------------------------------------------------------------------- pairings

PAIR_H, PAIR_GAP = 76, 6


def pairings_image(card: PairingsCard, tag: str = ENGLISH) -> Image.Image:
    """A round's pairings, in the language tag: table, the two players (the winner in gold)
    and the result."""
    lang = language(tag)
    rows = max(len(card.rows), 1)
    height = HEAD_H + rows * (PAIR_H + PAIR_GAP) + FOOT_H
    stage = round_name(card.round, card.rounds, card.format, lang)
    # i18n: the pairings image's subtitle; {stage} is "Round 2" or "Semi-final"
    subtitle = (lang._("{stage} \u00b7 pairings", stage=stage) if card.format == ELIMINATION
                else lang._("{stage} of {rounds} \u00b7 pairings", stage=stage,
                            rounds=card.rounds))
    img, draw = _canvas(height, 23, card.title, subtitle, lang)
    for i, row in enumerate(card.rows):
        _pairing(img, draw, HEAD_H + i * (PAIR_H + PAIR_GAP), row, lang)
    # i18n: the foot of the pairings image (one line, about 60 characters)
    _footer(img, draw, lang._("Each match is played in its own thread; results update here."))
    return img


def _pairing(img: Image.Image, draw: ImageDraw.ImageDraw, y: int, row: PairingRow,
             lang: Language) -> None:
    panel(img, (MARGIN, y, W - MARGIN, y + PAIR_H))
    draw_text(draw, (52, y + PAIR_H / 2), str(row.table), font(SERIF_BOLD, 28), GOLD,
              anchor="mm")
    centre, gap = (W + 70) / 2, 30
    width = centre - gap - 96
    names = font(SANS_BOLD, 26)
    a_fill = b_fill = TEXT
    if row.result == A_WINS:
        a_fill, b_fill = GOLD_LIGHT, TEXT_MUTED
    elif row.result == B_WINS:
        a_fill, b_fill = TEXT_MUTED, GOLD_LIGHT
    elif row.result == BOTH_LOSE:
        a_fill = b_fill = TEXT_MUTED
    _fitted(draw, (centre - gap, y + 28), _name(row.a, lang), names, width, a_fill,
            anchor="rm")
    if row.b is None:
        # i18n: in place of an opponent on the pairings image (a short word)
        _fitted(draw, (centre + gap, y + 28), lang._("bye"), font(SANS, 24), width, TEXT_MUTED)
    else:
        _fitted(draw, (centre + gap, y + 28), _name(row.b, lang), names, width, b_fill)
    # i18n: between two players' names on the pairings image (very short)
    _fitted(draw, (centre, y + 28), lang._("vs"), font(SANS, 20), 2 * gap - 8, TEXT_MUTED,
            anchor="mm")
    _fitted(draw, (centre, y + 58), _pairing_status(row, lang), font(SANS, 21),
            W - 2 * MARGIN - 110, TEXT_MUTED, anchor="mm")


def _pairing_status(row: PairingRow, lang: Language) -> str:
    # i18n: under a table of the pairings image: how its match stands
    if row.kind == BYE:
        return lang._("a bye: 1 point")
    if row.kind == WALKOVER:
        return (lang._("no match: an opponent left") if row.result != BOTH_LOSE
                else lang._("both left"))
    if row.result is None:
        return lang._("playing")
    if row.result == BOTH_LOSE:
        return lang._("both out")
    if row.result == DRAW:
        return lang._("draw \u00b7 {score}", score=score(*row.rounds, lang))
    won = row.rounds if row.result == A_WINS else row.rounds[::-1]
    return lang._("won {score}", score=score(*won, lang))


# ------------------------------------------------------------------- standings

STAND_H, STAND_GAP, LABELS_H = 50, 4, 34
COLUMNS = {"position": 52, "name": 88, "points": 372, "record": 468, "buchholz": 572,
           "sb": 656}
NAME_W = 250
TIE_BREAK_W = 82  # the two tie-breaks' labels, 84 px apart, never touch


def standings_image(card: StandingsCard, tag: str = ENGLISH) -> Image.Image:
    """The standings, in the language tag: position, name, points, record and the
    tie-breaks (single elimination: the round each player reached)."""
    lang = language(tag)
    elimination = card.format == ELIMINATION
    img = _standings_base(len(card.rows), card.final, elimination, tag).copy()
    draw = ImageDraw.Draw(img)
    # i18n: the standings image's subtitle (one line, about 50 characters)
    players = lang.ngettext("{count} player", "{count} players", len(card.rows))
    if card.final:
        subtitle = lang._("Final standings \u00b7 {players}", players=players)
    elif card.after_round:
        subtitle = lang._("Standings after round {number} of {rounds} \u00b7 {players}",
                          number=card.after_round, rounds=card.rounds, players=players)
    else:
        subtitle = lang._("Standings before round 1 \u00b7 {players}", players=players)
    _title(draw, card.title, subtitle, lang)
    for i, row in enumerate(card.rows):
        _standing(draw, HEAD_H + LABELS_H + i * (STAND_H + STAND_GAP) + STAND_H / 2, row,
                  card, lang)
    return img


@lru_cache(maxsize=8)
def _standings_base(rows: int, final: bool, elimination: bool,
                    tag: str = ENGLISH) -> Image.Image:
    """The standings without their words and numbers, in the language tag: wood, header
    bar, column labels, one empty panel a row (the first gilded in the final standings)
    and the footer."""
    lang = language(tag)
    height = HEAD_H + LABELS_H + max(rows, 1) * (STAND_H + STAND_GAP) + FOOT_H
    img = headed_wood(W, height, seed=31, bar_h=HEAD_H - 20)
    draw = ImageDraw.Draw(img)
    labels = font(SANS_BOLD, 19)
    y = HEAD_H + LABELS_H / 2 - 6
    # i18n: the standings' column labels: short (a column is about 90 px wide, 8 Latin
    # letters; "W-L" is wins-losses; "Opp. pts" the opponents' points, the sum of the
    # points of the opponents met; "Beaten" the beaten opponents' points)
    heads = ({"position": "#", "name": lang._("Player"), "record": lang._("W\u2013L"),
              "sb": lang._("Reached")}
             if elimination else
             {"position": "#", "name": lang._("Player"), "points": lang._("Points"),
              "record": lang._("Record"), "buchholz": lang._("Opp. pts"),
              "sb": lang._("Beaten")})
    for key, label in heads.items():
        anchor = "lm" if key == "name" else ("rm" if key == "sb" and elimination else "mm")
        x = W - 36 if key == "sb" and elimination else COLUMNS[key]
        room = (NAME_W if key == "name" else 150 if key == "sb" and elimination
                else TIE_BREAK_W if key in ("buchholz", "sb") else 90)
        _fitted(draw, (x, y), label, labels, room, TEXT_MUTED, anchor=anchor)
    plain, gilded = _row_panel(False), _row_panel(True)
    for i in range(rows):
        sprite = gilded if i == 0 and final else plain
        img.paste(sprite, (MARGIN, HEAD_H + LABELS_H + i * (STAND_H + STAND_GAP)), sprite)
    # i18n: the foot of the standings image (one line, about 65 characters); /gwent rules
    # is a command: write it as your language names it
    _footer(img, draw, lang._("Single elimination: the round each player reached")
            if elimination
            else lang._("Ties: opponents' points, then beaten opponents' points \u00b7 "
                        "/gwent rules"))
    return img


@cache
def _row_panel(gilded: bool) -> Image.Image:
    """One row's panel, drawn once (gilded: the champion's)."""
    layer = Image.new("RGBA", (W - 2 * MARGIN, STAND_H), (0, 0, 0, 0))
    panel(layer, (0, 0, W - 2 * MARGIN, STAND_H),
          fill=mix(PANEL, GOLD, 0.22) if gilded else PANEL,
          outline=GOLD_LIGHT if gilded else GOLD_DARK)
    return layer


def _standing(draw: ImageDraw.ImageDraw, middle: float, row: StandingRow,
              card: StandingsCard, lang: Language) -> None:
    colour = PODIUM[row.position - 1] if row.position <= len(PODIUM) else TEXT
    position = str(row.position)
    draw_text(draw, (COLUMNS["position"], middle), position,
              font(SERIF_BOLD, 28 if len(position) < 3 else 22), colour, anchor="mm")
    name = _name(row.name, lang)
    names = font(SANS_BOLD, 26)
    if row.active:
        _fitted(draw, (COLUMNS["name"], middle), name, names, NAME_W, TEXT)
    else:
        tag = font(SANS, 18)
        # i18n: after the name of a player who left the tournament (a short word)
        left = fit_text(lang._("left"), tag, NAME_W / 2)
        shown = fit_text(name, names, NAME_W - text_width(" " + left, tag))
        draw_text(draw, (COLUMNS["name"], middle), shown, names, TEXT_MUTED, anchor="lm")
        left_x = COLUMNS["name"] + text_width(shown, names) + 8
        draw_text(draw, (left_x, middle + 2), left, tag, TEXT_MUTED, anchor="lm")
    small = font(SANS, 21)
    numbers = font(SERIF_BOLD, 26)
    if card.format == ELIMINATION:
        draw_text(draw, (COLUMNS["record"], middle), score(row.wins + row.byes, row.losses, lang),
                  small, TEXT, anchor="mm")
        reached, champion = _reached(row, card, lang)
        _fitted(draw, (W - 36, middle), reached, font(SANS_BOLD, 21),
                W - 36 - COLUMNS["record"] - 60, GOLD_LIGHT if champion else TEXT,
                anchor="rm")
        return
    draw_text(draw, (COLUMNS["points"], middle), points_text(row.points, lang=lang), numbers,
              GOLD_LIGHT, anchor="mm")
    won = record(row.wins + row.byes, row.losses, row.draws, lang)
    _fitted(draw, (COLUMNS["record"], middle), won, small, 116, TEXT, anchor="mm")
    draw_text(draw, (COLUMNS["buchholz"], middle), points_text(row.buchholz, lang=lang), small,
              TEXT_MUTED, anchor="mm")
    draw_text(draw, (COLUMNS["sb"], middle), points_text(row.sonneborn_berger, lang=lang), small,
              TEXT_MUTED, anchor="mm")


def _reached(row: StandingRow, card: StandingsCard, lang: Language) -> tuple[str, bool]:
    """"Champion", "Final", "Semi-final"... the furthest round a player played, and whether
    they are the champion."""
    # i18n: in the "Reached" column of the single elimination standings
    if row.out_in is None:
        if card.final and row.position == 1:
            return lang._("Champion"), True
        return lang._("still in"), False
    return round_name(row.out_in, card.rounds, ELIMINATION, lang), False


# --------------------------------------------------------------------- bracket

SLOT_H, BOX_GAP, CONNECT = 34, 14, 26
COLUMN_HEAD = 40
CHAMPION_H = 64


def bracket_image(card: BracketCard, tag: str = ENGLISH) -> Image.Image:
    """Up to three rounds of a single elimination bracket, in the language tag, lines
    joining each match to the next, winners in gold; the champion under it once there is
    one."""
    lang = language(tag)
    columns = card.columns
    first_count = max(len(columns[0]), 1) if columns else 1
    body = first_count * (2 * SLOT_H + BOX_GAP)
    height = HEAD_H + COLUMN_HEAD + body + (CHAMPION_H if card.champion else 0) + FOOT_H
    last = card.first + len(columns) - 1
    first = round_name(card.first, card.rounds, ELIMINATION, lang)
    # i18n: the bracket image's subtitle; {first} and {last} are round names ("Round 1",
    # "Final")
    subtitle = (lang._("Single elimination \u00b7 {first} to {last}", first=first,
                       last=round_name(last, card.rounds, ELIMINATION, lang))
                if len(columns) > 1
                else lang._("Single elimination \u00b7 {first}", first=first))
    img, draw = _canvas(height, 47, card.title, subtitle, lang)
    width = (W - 2 * MARGIN) / max(len(columns), 1)
    box_w = width - CONNECT
    names = font(SANS_BOLD, 22 if len(columns) < 3 else 20)
    centres: list[list[float]] = []
    top = HEAD_H + COLUMN_HEAD
    for c, column in enumerate(columns):
        x0 = MARGIN + c * width
        label = round_name(card.first + c, card.rounds, ELIMINATION, lang)
        _fitted(draw, (x0 + box_w / 2, HEAD_H + COLUMN_HEAD / 2 - 6), label,
                font(SANS_BOLD, 20), box_w, GOLD, anchor="mm")
        here: list[float] = []
        for t, match in enumerate(column):
            centre: float
            if c == 0:
                centre = top + t * (2 * SLOT_H + BOX_GAP) + SLOT_H
            else:
                centre = (centres[c - 1][2 * t] + centres[c - 1][2 * t + 1]) / 2
                for feeder in (centres[c - 1][2 * t], centres[c - 1][2 * t + 1]):
                    _connect(draw, x0 - CONNECT, feeder, x0, centre)
            here.append(centre)
            _box(img, draw, x0, centre, box_w, match, names, lang)
        centres.append(here)
    if card.champion:
        y = img.height - FOOT_H - CHAMPION_H + 6
        panel(img, (MARGIN, y, W - MARGIN, y + CHAMPION_H - 12), fill=mix(PANEL, GOLD, 0.25),
              outline=GOLD_LIGHT)
        _fitted(draw, (40, y + (CHAMPION_H - 12) / 2), lang._("Champion"),
                font(SANS_BOLD, 22), 120, GOLD)
        _fitted(draw, (170, y + (CHAMPION_H - 12) / 2), _name(card.champion, lang),
                font(SERIF_BOLD, 30), W - 210, GOLD_LIGHT)
    # i18n: the foot of the bracket image (one line, about 60 characters); /gwent tournament
    # show is a command: write it with your language's names of the command
    _footer(img, draw, lang._("Top seeds have byes when the field is not a power of two")
            if card.first == 1 else lang._("Earlier rounds: /gwent tournament show"))
    return img


def _connect(draw: ImageDraw.ImageDraw, x0: float, y0: float, x1: float, y1: float) -> None:
    """An elbow line from a match to the one its winner goes on to."""
    middle = (x0 + x1) / 2
    draw.line((x0, y0, middle, y0, middle, y1, x1, y1), fill=GOLD_DARK, width=2)


def _box(img: Image.Image, draw: ImageDraw.ImageDraw, x0: float, centre: float,
         width: float, match: BracketMatch, names: Font, lang: Language) -> None:
    y0 = round(centre - SLOT_H)
    panel(img, (round(x0), y0, round(x0 + width), y0 + 2 * SLOT_H), radius=8)
    draw.line((x0 + 8, centre, x0 + width - 8, centre), fill=GOLD_DARK, width=1)
    for slot, (name, y) in enumerate(((match.top, centre - SLOT_H / 2),
                                      (match.bottom, centre + SLOT_H / 2))):
        if name is None:
            text = lang._("bye") if match.bye and slot == 1 else "\u2014"
            _fitted(draw, (x0 + 12, y), text, font(SANS, 19), width - 24, TEXT_MUTED)
            continue
        fill = TEXT_MUTED if match.winner is not None else TEXT
        if match.winner == slot:
            fill = GOLD_LIGHT
            top = round(y - SLOT_H / 2) + (2 if slot == 0 else 1)
            draw.rectangle((round(x0) + 3, top, round(x0 + width) - 3, top + SLOT_H - 4),
                           fill=mix(PANEL, GOLD, 0.3))
        _fitted(draw, (x0 + 12, y), _name(name, lang), names, width - 24, fill)


# ---------------------------------------------------------------------- as PNG

def render_pairings(card: PairingsCard, tag: str = ENGLISH) -> bytes:
    """A round's pairings as PNG bytes, in the language tag."""
    return to_png(pairings_image(card, tag), palette=theme_palette())


def render_standings(card: StandingsCard, tag: str = ENGLISH) -> bytes:
    """The standings as PNG bytes, in the language tag."""
    return to_png(standings_image(card, tag), palette=theme_palette())


def render_bracket(card: BracketCard, tag: str = ENGLISH) -> bytes:
    """The bracket as PNG bytes, in the language tag."""
    return to_png(bracket_image(card, tag), palette=theme_palette())
