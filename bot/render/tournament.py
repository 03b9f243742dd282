"""A tournament's pairings, standings and single elimination bracket, in the look of the
leaderboard: dark wood, a header bar, gold titles and panels. 720 px wide, so every text
stays 11 px or more on a phone showing them 400 px wide; names go through the fallback
fonts (any script, emoji)."""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image, ImageDraw

from bot.i18n import ENGLISH
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


def _name(text: str | None) -> str:
    return sanitize_name(text, fallback="Player", max_chars=NAME_CHARS)


@cache
def _background(height: int, seed: int) -> Image.Image:
    return headed_wood(W, height, seed=seed, bar_h=HEAD_H - 20)


def _canvas(height: int, seed: int, title: str, subtitle: str
            ) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """The wood, the header bar, the tournament's name and a subtitle."""
    img = _background(height, seed).copy()
    draw = ImageDraw.Draw(img)
    _title(draw, title, subtitle)
    return img, draw


def _title(draw: ImageDraw.ImageDraw, title: str, subtitle: str) -> None:
    name = _name(title)
    draw_text(draw, (24, 46), name, fit_font(name, SERIF_BOLD, 36, W - 48), GOLD_LIGHT,
              anchor="lm")
    small = font(SANS_BOLD, 24)
    draw_text(draw, (24, 96), fit_text(subtitle, small, W - 48), small, TEXT_MUTED,
              anchor="lm")


def _footer(img: Image.Image, draw: ImageDraw.ImageDraw, text: str) -> None:
    foot = font(SANS, 20)
    draw.text((W / 2, img.height - FOOT_H / 2 - 2), fit_text(text, foot, W - 40), font=foot,
              fill=TEXT_MUTED, anchor="mm")


def _fitted(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, fnt: Font,
            width: float, fill: object, anchor: str = "lm") -> None:
    """A name drawn in any script, cut with an ellipsis to fit `width`."""
    draw_text(draw, xy, fit_text(text, fnt, width), fnt, fill, anchor=anchor)


# -------------------------------------------------------------------- pairings

PAIR_H, PAIR_GAP = 76, 6


def pairings_image(card: PairingsCard) -> Image.Image:
    """A round's pairings: table, the two players (the winner in gold) and the result."""
    rows = max(len(card.rows), 1)
    height = HEAD_H + rows * (PAIR_H + PAIR_GAP) + FOOT_H
    stage = round_name(card.round, card.rounds, card.format)
    of = "" if card.format == ELIMINATION else f" of {card.rounds}"
    img, draw = _canvas(height, 23, card.title, f"{stage}{of} \u00b7 pairings")
    for i, row in enumerate(card.rows):
        _pairing(img, draw, HEAD_H + i * (PAIR_H + PAIR_GAP), row)
    _footer(img, draw, "Each match is played in its own thread; results update here.")
    return img


def _pairing(img: Image.Image, draw: ImageDraw.ImageDraw, y: int, row: PairingRow) -> None:
    panel(img, (MARGIN, y, W - MARGIN, y + PAIR_H))
    draw.text((52, y + PAIR_H / 2), str(row.table), font=font(SERIF_BOLD, 28), fill=GOLD,
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
    _fitted(draw, (centre - gap, y + 28), _name(row.a), names, width, a_fill, anchor="rm")
    if row.b is None:
        draw.text((centre + gap, y + 28), "bye", font=font(SANS, 24), fill=TEXT_MUTED,
                  anchor="lm")
    else:
        _fitted(draw, (centre + gap, y + 28), _name(row.b), names, width, b_fill)
    draw.text((centre, y + 28), "vs", font=font(SANS, 20), fill=TEXT_MUTED, anchor="mm")
    draw.text((centre, y + 58), _pairing_status(row), font=font(SANS, 21), fill=TEXT_MUTED,
              anchor="mm")


def _pairing_status(row: PairingRow) -> str:
    if row.kind == BYE:
        return "a bye: 1 point"
    if row.kind == WALKOVER:
        return "no match: an opponent left" if row.result != BOTH_LOSE else "both left"
    if row.result is None:
        return "playing"
    if row.result == BOTH_LOSE:
        return "both out"
    score = f"{row.rounds[0]}\u2013{row.rounds[1]}"
    if row.result == DRAW:
        return f"draw \u00b7 {score}"
    return f"won {score}" if row.result == A_WINS else f"won {row.rounds[1]}\u2013{row.rounds[0]}"


# ------------------------------------------------------------------- standings

STAND_H, STAND_GAP, LABELS_H = 50, 4, 34
COLUMNS = {"position": 52, "name": 88, "points": 372, "record": 468, "buchholz": 572,
           "sb": 656}
NAME_W = 250


def standings_image(card: StandingsCard) -> Image.Image:
    """The standings: position, name, points, record and the tie-breaks (single
    elimination: the round each player reached)."""
    elimination = card.format == ELIMINATION
    img = _standings_base(len(card.rows), card.final, elimination).copy()
    draw = ImageDraw.Draw(img)
    done = (f"after round {card.after_round} of {card.rounds}" if card.after_round
            else "before round 1")
    state = "Final standings" if card.final else f"Standings {done}"
    players = "player" if len(card.rows) == 1 else "players"
    _title(draw, card.title, f"{state} \u00b7 {len(card.rows)} {players}")
    for i, row in enumerate(card.rows):
        _standing(draw, HEAD_H + LABELS_H + i * (STAND_H + STAND_GAP) + STAND_H / 2, row,
                  card)
    return img


@lru_cache(maxsize=8)
def _standings_base(rows: int, final: bool, elimination: bool) -> Image.Image:
    """The standings without their words and numbers: wood, header bar, column labels,
    one empty panel a row (the first gilded in the final standings) and the footer."""
    height = HEAD_H + LABELS_H + max(rows, 1) * (STAND_H + STAND_GAP) + FOOT_H
    img = headed_wood(W, height, seed=31, bar_h=HEAD_H - 20)
    draw = ImageDraw.Draw(img)
    labels = font(SANS_BOLD, 19)
    y = HEAD_H + LABELS_H / 2 - 6
    heads = ({"position": "#", "name": "Player", "record": "W\u2013L", "sb": "Reached"}
             if elimination else
             {"position": "#", "name": "Player", "points": "Points", "record": "Record",
              "buchholz": "Buchholz", "sb": "S-B"})
    for key, label in heads.items():
        anchor = "lm" if key == "name" else ("rm" if key == "sb" and elimination else "mm")
        x = W - 36 if key == "sb" and elimination else COLUMNS[key]
        draw.text((x, y), label, font=labels, fill=TEXT_MUTED, anchor=anchor)
    plain, gilded = _row_panel(False), _row_panel(True)
    for i in range(rows):
        sprite = gilded if i == 0 and final else plain
        img.paste(sprite, (MARGIN, HEAD_H + LABELS_H + i * (STAND_H + STAND_GAP)), sprite)
    _footer(img, draw, "Single elimination: the round each player reached" if elimination
            else "Order: points, Buchholz, Sonneborn-Berger, head-to-head, rounds won")
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
              card: StandingsCard) -> None:
    colour = PODIUM[row.position - 1] if row.position <= len(PODIUM) else TEXT
    position = str(row.position)
    draw.text((COLUMNS["position"], middle), position,
              font=font(SERIF_BOLD, 28 if len(position) < 3 else 22), fill=colour, anchor="mm")
    name = _name(row.name)
    names = font(SANS_BOLD, 26)
    if row.active:
        _fitted(draw, (COLUMNS["name"], middle), name, names, NAME_W, TEXT)
    else:
        tag = font(SANS, 18)
        shown = fit_text(name, names, NAME_W - draw.textlength(" left", font=tag))
        draw_text(draw, (COLUMNS["name"], middle), shown, names, TEXT_MUTED, anchor="lm")
        left_x = COLUMNS["name"] + text_width(shown, names) + 8
        draw.text((left_x, middle + 2), "left", font=tag, fill=TEXT_MUTED, anchor="lm")
    small = font(SANS, 21)
    numbers = font(SERIF_BOLD, 26)
    if card.format == ELIMINATION:
        draw.text((COLUMNS["record"], middle), f"{row.wins + row.byes}\u2013{row.losses}",
                  font=small, fill=TEXT, anchor="mm")
        reached = _reached(row, card)
        draw.text((W - 36, middle), reached, font=font(SANS_BOLD, 21),
                  fill=GOLD_LIGHT if reached == "Champion" else TEXT, anchor="rm")
        return
    draw.text((COLUMNS["points"], middle), points_text(row.points), font=numbers,
              fill=GOLD_LIGHT, anchor="mm")
    record = f"{row.wins + row.byes}W {row.losses}L {row.draws}D"
    draw.text((COLUMNS["record"], middle), fit_text(record, small, 116), font=small,
              fill=TEXT, anchor="mm")
    draw.text((COLUMNS["buchholz"], middle), points_text(row.buchholz), font=small,
              fill=TEXT_MUTED, anchor="mm")
    draw.text((COLUMNS["sb"], middle), points_text(row.sonneborn_berger), font=small,
              fill=TEXT_MUTED, anchor="mm")


def _reached(row: StandingRow, card: StandingsCard) -> str:
    """"Champion", "Final", "Semi-final"... the furthest round a player played."""
    if row.out_in is None:
        if card.final and row.position == 1:
            return "Champion"
        return "still in"
    return round_name(row.out_in, card.rounds, ELIMINATION)


# --------------------------------------------------------------------- bracket

SLOT_H, BOX_GAP, CONNECT = 34, 14, 26
COLUMN_HEAD = 40
CHAMPION_H = 64


def bracket_image(card: BracketCard) -> Image.Image:
    """Up to three rounds of a single elimination bracket, lines joining each match to the
    next, winners in gold; the champion under it once there is one."""
    columns = card.columns
    first_count = max(len(columns[0]), 1) if columns else 1
    body = first_count * (2 * SLOT_H + BOX_GAP)
    height = HEAD_H + COLUMN_HEAD + body + (CHAMPION_H if card.champion else 0) + FOOT_H
    last = card.first + len(columns) - 1
    shown = (f"{round_name(card.first, card.rounds, ELIMINATION)} to "
             f"{round_name(last, card.rounds, ELIMINATION).lower()}" if len(columns) > 1
             else round_name(card.first, card.rounds, ELIMINATION))
    img, draw = _canvas(height, 47, card.title, f"Single elimination \u00b7 {shown}")
    width = (W - 2 * MARGIN) / max(len(columns), 1)
    box_w = width - CONNECT
    names = font(SANS_BOLD, 22 if len(columns) < 3 else 20)
    centres: list[list[float]] = []
    top = HEAD_H + COLUMN_HEAD
    for c, column in enumerate(columns):
        x0 = MARGIN + c * width
        label = round_name(card.first + c, card.rounds, ELIMINATION)
        draw.text((x0 + box_w / 2, HEAD_H + COLUMN_HEAD / 2 - 6), label,
                  font=font(SANS_BOLD, 20), fill=GOLD, anchor="mm")
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
            _box(img, draw, x0, centre, box_w, match, names)
        centres.append(here)
    if card.champion:
        y = img.height - FOOT_H - CHAMPION_H + 6
        panel(img, (MARGIN, y, W - MARGIN, y + CHAMPION_H - 12), fill=mix(PANEL, GOLD, 0.25),
              outline=GOLD_LIGHT)
        draw.text((40, y + (CHAMPION_H - 12) / 2), "Champion", font=font(SANS_BOLD, 22),
                  fill=GOLD,
                  anchor="lm")
        _fitted(draw, (170, y + (CHAMPION_H - 12) / 2), _name(card.champion),
                font(SERIF_BOLD, 30), W - 210, GOLD_LIGHT)
    _footer(img, draw, "Top seeds have byes when the field is not a power of two"
            if card.first == 1 else "Earlier rounds: /gwent tournament show")
    return img


def _connect(draw: ImageDraw.ImageDraw, x0: float, y0: float, x1: float, y1: float) -> None:
    """An elbow line from a match to the one its winner goes on to."""
    middle = (x0 + x1) / 2
    draw.line((x0, y0, middle, y0, middle, y1, x1, y1), fill=GOLD_DARK, width=2)


def _box(img: Image.Image, draw: ImageDraw.ImageDraw, x0: float, centre: float,
         width: float, match: BracketMatch, names: Font) -> None:
    y0 = round(centre - SLOT_H)
    panel(img, (round(x0), y0, round(x0 + width), y0 + 2 * SLOT_H), radius=8)
    draw.line((x0 + 8, centre, x0 + width - 8, centre), fill=GOLD_DARK, width=1)
    for slot, (name, y) in enumerate(((match.top, centre - SLOT_H / 2),
                                      (match.bottom, centre + SLOT_H / 2))):
        if name is None:
            text = "bye" if match.bye and slot == 1 else "\u2014"
            draw.text((x0 + 12, y), text, font=font(SANS, 19), fill=TEXT_MUTED, anchor="lm")
            continue
        fill = TEXT_MUTED if match.winner is not None else TEXT
        if match.winner == slot:
            fill = GOLD_LIGHT
            top = round(y - SLOT_H / 2) + (2 if slot == 0 else 1)
            draw.rectangle((round(x0) + 3, top, round(x0 + width) - 3, top + SLOT_H - 4),
                           fill=mix(PANEL, GOLD, 0.3))
        _fitted(draw, (x0 + 12, y), _name(name), names, width - 24, fill)


# ---------------------------------------------------------------------- as PNG

def render_pairings(card: PairingsCard, tag: str = ENGLISH) -> bytes:
    """A round's pairings as PNG bytes. TODO(i18n): its words are English whatever tag
    says."""
    del tag
    return to_png(pairings_image(card), palette=theme_palette())


def render_standings(card: StandingsCard, tag: str = ENGLISH) -> bytes:
    """The standings as PNG bytes. TODO(i18n): its words are still English whatever tag says."""
    del tag
    return to_png(standings_image(card), palette=theme_palette())


def render_bracket(card: BracketCard, tag: str = ENGLISH) -> bytes:
    """The bracket as PNG bytes. TODO(i18n): its words are still English whatever tag says."""
    del tag
    return to_png(bracket_image(card), palette=theme_palette())
