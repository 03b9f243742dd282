"""The public board: both sides, their rows, scores, leaders and the last move.

Player 0 always sits at the bottom and player 1 at the top, with the siege
rows outermost as in the game. Only public information is drawn: the board
accepts a spectator's observation only (viewer None, no hands).
"""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFilter

from bot.render.disk_cache import on_disk
from bot.render.encode import to_png
from bot.render.faces import BOARD, FaceSize, chip, face_sprite, glow
from bot.render.fonts import SANS_BOLD, SERIF_BOLD, font
from bot.render.icons import ROW_ICONS, icon
from bot.render.palette import theme_palette
from bot.render.text import draw_text, fit_lines, fit_text, sanitize_name, text_width
from bot.render.texture import panel, wood
from bot.render.theme import (
    GEM_OFF,
    GEM_ON,
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    LANE,
    LANE_EDGE,
    PARCHMENT,
    PASSED,
    RGB,
    TEXT,
    TEXT_MUTED,
    TURN_GLOW,
    WEATHER_ICON,
    WEATHER_TINT,
    mix,
)
from bot.render.tiles import Sprite, Tiles
from engine.observation import CardView, Observation, RowView, SideView

W, H = 1280, 886
HEADER_H = 60
ROW_H, ROW_GAP = 122, 4
SIDE_H = 3 * ROW_H + 2 * ROW_GAP
TOP_Y = HEADER_H + 6
MID_GAP = 16
BOTTOM_Y = TOP_Y + SIDE_H + MID_GAP
FOOTER_Y = BOTTOM_Y + SIDE_H + 6
PANEL_W = 300
LANE_X0, LANE_X1 = 306, 1274
SCORE_CX, SCORE_D = 340, 58
SLOT_X0, SLOT_X1 = 374, 466
CARDS_X0, CARDS_X1 = 474, 1268
CARD_GAP = 4
INFO_H = 188
LEADER_H = 120
WEATHER_Y0, WEATHER_Y1 = TOP_Y + SIDE_H - 50, BOTTOM_Y + 50
GLOW_SPREAD = 12
# Tiles hold what is drawn with text; keys name the side and whether its turn glow lies under.
HEADERS = Tiles(64)
PLATES = Tiles(128)  # a side's name and faction
COUNTS = Tiles(256)  # a side's hand, deck and graveyard counts
LEADERS = Tiles(128)
TAGS = Tiles(24)  # PASSED, Clear skies, weather washes, turn glows


class PublicBoardOnly(ValueError):
    """The board was given a player's private observation instead of a spectator's."""


# --- geometry -------------------------------------------------------------------------


def row_top(player: int, row: int) -> int:
    """The y of the top edge of a row's lane: player 1 on top, siege outermost."""
    if player == 1:
        return TOP_Y + (2 - row) * (ROW_H + ROW_GAP)
    return BOTTOM_Y + row * (ROW_H + ROW_GAP)


def info_box(player: int) -> tuple[int, int, int, int]:
    """The player's name/total box in the left panel."""
    y0 = TOP_Y + LEADER_H + 8 if player == 1 else WEATHER_Y1 + 8
    return (8, y0, PANEL_W - 8, y0 + INFO_H)


def leader_box(player: int) -> tuple[int, int, int, int]:
    """The leader card's block in the left panel."""
    y0 = TOP_Y if player == 1 else info_box(0)[3] + 8
    return (8, y0, PANEL_W - 8, y0 + LEADER_H)


def card_positions(
    n: int, x0: int = CARDS_X0, x1: int = CARDS_X1, size: FaceSize = BOARD
) -> list[int]:
    """Left edges for n cards: centred with a gap, or overlapping when they do not fit."""
    if n <= 0:
        return []
    width = x1 - x0
    natural = n * size.w + (n - 1) * CARD_GAP
    if natural <= width:
        start = x0 + (width - natural) // 2
        return [start + i * (size.w + CARD_GAP) for i in range(n)]
    step = (width - size.w) / (n - 1)
    return [round(x0 + i * step) for i in range(n)]


# --- the static background ---------------------------------------------------------------


@cache
@on_disk("board")
def background() -> Image.Image:
    """The empty board: wood, row lanes, slots and frames. Drawn once."""
    img = wood(W, H, seed=1213)
    d = ImageDraw.Draw(img)
    # header and footer bars
    for y0, y1 in ((0, HEADER_H), (FOOTER_Y, H)):
        bar = Image.new("RGBA", (W, y1 - y0), (10, 7, 5, 200))
        img.paste(bar, (0, y0), bar)
    d.line((0, HEADER_H - 1, W, HEADER_H - 1), fill=GOLD_DARK, width=2)
    d.line((0, FOOTER_Y, W, FOOTER_Y), fill=GOLD_DARK, width=2)
    # the line between the two armies
    mid = TOP_Y + SIDE_H + MID_GAP // 2
    d.line((PANEL_W + 4, mid, W - 6, mid), fill=GOLD, width=2)
    for player in (0, 1):
        for r in range(3):
            y = row_top(player, r)
            panel(
                img,
                (LANE_X0, y, LANE_X1, y + ROW_H),
                fill=LANE,
                outline=LANE_EDGE,
                radius=8,
                alpha=215,
            )
            # watermark of the row kind in the card area
            mark = icon(ROW_ICONS[r], 84, mix(LANE, LANE_EDGE, 0.35))
            img.paste(mark, ((CARDS_X0 + CARDS_X1 - 84) // 2, y + (ROW_H - 84) // 2), mark)
            # horn slot
            panel(
                img,
                (SLOT_X0, y + 4, SLOT_X1, y + ROW_H - 4),
                fill=(14, 10, 7),
                outline=mix(LANE_EDGE, GOLD_DARK, 0.5),
                radius=6,
                alpha=255,
            )
            horn = icon("commanders_horn", 44, mix((14, 10, 7), LANE_EDGE, 0.45))
            img.paste(horn, ((SLOT_X0 + SLOT_X1 - 44) // 2, y + (ROW_H - 44) // 2), horn)
            d.line((SLOT_X1 + 4, y + 10, SLOT_X1 + 4, y + ROW_H - 10), fill=LANE_EDGE)
        panel(img, info_box(player))
        panel(img, leader_box(player), fill=(24, 17, 12), alpha=200)
    # weather slot
    panel(
        img,
        (8, WEATHER_Y0, PANEL_W - 8, WEATHER_Y1),
        fill=(16, 20, 26),
        outline=mix(GOLD_DARK, (90, 120, 160), 0.5),
    )
    return img


@cache
@on_disk("weather-tint")
def _weather_tint(row: int) -> Image.Image:
    """A translucent, streaked wash over a row's lane, in the row's weather colour."""
    w, h = LANE_X1 - LANE_X0 - 4, ROW_H - 4
    tint = Image.new("RGBA", (w, h), (*WEATHER_TINT[row], 70))
    d = ImageDraw.Draw(tint)
    for x in range(-h, w, 26):  # diagonal streaks: weather reads as texture, not only colour
        d.line((x, h, x + h, 0), fill=(*WEATHER_TINT[row], 105), width=3)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius=7, fill=255)
    out = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    out.paste(tint, (0, 0), mask)
    return out


@cache
@on_disk("box-glow")
def _box_glow(w: int, h: int, spread: int, colour: RGB) -> Image.Image:
    mask = Image.new("L", (w + 2 * spread, h + 2 * spread), 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (spread // 2, spread // 2, w + spread * 3 // 2, h + spread * 3 // 2), radius=14, fill=255
    )
    mask = mask.filter(ImageFilter.GaussianBlur(spread / 2.2))
    out = Image.new("RGBA", mask.size, (*colour, 0))
    out.putalpha(mask)
    return out


@cache
def _dim(size: tuple[int, int], alpha: int) -> Image.Image:
    return Image.new("RGBA", size, (0, 0, 0, alpha))


@cache
def _sprite(name: str, *args: object) -> Sprite:
    """A sprite of one of the cached parts below, by function name and arguments."""
    parts = {"glow": glow, "chip": chip, "icon": icon}
    return Sprite(parts[name](*args))


# --- drawing --------------------------------------------------------------------------


def _paste(img: Image.Image, part: Image.Image, x: int, y: int) -> None:
    img.paste(part, (x, y), part)


@lru_cache(maxsize=512)
def _score_sprite(d: int, value: int, horned: bool) -> Sprite:
    disc = _disc(d, horned).copy()
    text = str(value)
    size = 30 if len(text) < 3 else 24
    ImageDraw.Draw(disc).text(
        (d // 2, d // 2 + 1), text, font=font(SERIF_BOLD, size), fill=(20, 14, 8), anchor="mm"
    )
    return Sprite(disc)


@lru_cache(maxsize=512)
def _total_sprite(d: int, total: int, leading: bool) -> Sprite:
    disc = _total_disc(d, leading).copy()
    text = str(total)
    size = 46 if len(text) < 3 else 36
    ImageDraw.Draw(disc).text(
        (d // 2, d // 2 + 2), text, font=font(SERIF_BOLD, size), fill=GOLD_LIGHT, anchor="mm"
    )
    return Sprite(disc)


@cache
@on_disk("disc")
def _disc(d: int, bright: bool) -> Image.Image:
    n = d * 4
    big = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    dr = ImageDraw.Draw(big)
    fill = GOLD_LIGHT if bright else mix(PARCHMENT, GOLD, 0.35)
    dr.ellipse((2, 2, n - 3, n - 3), fill=(*fill, 255), outline=(*GOLD_DARK, 255), width=n // 12)
    dr.ellipse(
        (n // 7, n // 7, n - n // 7, n - n // 7),
        outline=(*mix(fill, GOLD_DARK, 0.45), 255),
        width=max(1, n // 40),
    )
    return big.resize((d, d), Image.Resampling.LANCZOS)


@cache
@on_disk("total-disc")
def _total_disc(d: int, leading: bool) -> Image.Image:
    n = d * 4
    big = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    dr = ImageDraw.Draw(big)
    ring = GOLD_LIGHT if leading else GOLD_DARK
    dr.ellipse((2, 2, n - 3, n - 3), fill=(*(18, 12, 8), 255), outline=(*ring, 255), width=n // 14)
    return big.resize((d, d), Image.Resampling.LANCZOS)


def _lay_weather(img: Image.Image, player: int, r: int) -> None:
    """A weathered row's wash: a copied tile instead of a blend, so it must lie on the bare
    lane, before any row's cards (a card's glow reaches into the next row)."""
    tint = _weather_tint(r)
    y = row_top(player, r)
    TAGS.draw(img, (LANE_X0 + 2, y + 2, LANE_X0 + 2 + tint.width, y + 2 + tint.height),
              ("weather", player, r), lambda: _paste(img, tint, LANE_X0 + 2, y + 2))


def _draw_row(
    img: Image.Image, player: int, r: int, view: RowView, highlight: frozenset[int]
) -> None:
    y = row_top(player, r)
    # horn slot
    slot_cx = (SLOT_X0 + SLOT_X1) // 2
    card_y = y + (ROW_H - BOARD.h) // 2
    slot_cards = [c for c in (view.horn, view.mardroeme) if c is not None]
    if slot_cards:
        first = slot_cards[0]
        if first.uid in highlight:
            _sprite("glow", BOARD, GLOW_SPREAD).paste(
                img, slot_cx - BOARD.w // 2 - GLOW_SPREAD, card_y - GLOW_SPREAD
            )
        face_sprite(first).paste(img, slot_cx - BOARD.w // 2, card_y)
        if len(slot_cards) > 1:
            _sprite("chip", "mardroeme", 40, True).paste(img, SLOT_X1 - 44, y + ROW_H - 46)
    if view.leader_horn and slot_cards:  # the leader's horn beside a card in the slot
        _sprite("chip", "crown", 34, True).paste(img, SLOT_X0 + 2, y + 6)
    elif view.leader_horn:  # a leader's horn: a bright horn with a crown
        _sprite("icon", "commanders_horn", 56, GOLD_LIGHT).paste(img, slot_cx - 28, y + 22)
        _sprite("chip", "crown", 34, True).paste(img, slot_cx - 17, y + 74)
    elif view.horned and not slot_cards:  # a unit's horn (such as Dandelion's)
        _sprite("icon", "commanders_horn", 56, mix(GOLD, TEXT_MUTED, 0.4)).paste(
            img, slot_cx - 28, y + 26
        )
        ImageDraw.Draw(img).text(
            (slot_cx, y + 94), "x2", font=font(SERIF_BOLD, 22), fill=GOLD_LIGHT, anchor="mm"
        )
    # cards
    xs = card_positions(len(view.cards))
    for card, x in zip(view.cards, xs, strict=True):
        if card.uid in highlight:
            _sprite("glow", BOARD, GLOW_SPREAD).paste(img, x - GLOW_SPREAD, card_y - GLOW_SPREAD)
        face_sprite(card).paste(img, x, card_y)
    # score, with the weather mark under it
    cy = y + ROW_H // 2
    _score_sprite(SCORE_D, view.score, view.horned).paste(
        img, SCORE_CX - SCORE_D // 2, cy - SCORE_D // 2
    )
    if view.weather:
        _sprite("chip", WEATHER_ICON[r], 34, True).paste(img, SCORE_CX + 6, cy + 18)


def _glowing(obs: Observation, side: SideView) -> bool:
    """Whether the side's box glows: it is that player's turn."""
    return obs.phase == "playing" and obs.turn == side.player and not side.passed


def _draw_side_info(img: Image.Image, obs: Observation, side: SideView) -> None:
    p = side.player
    x0, y0, x1, y1 = info_box(p)
    glowing = _glowing(obs, side)
    if glowing:  # the glow lies on the bare background: a copied tile instead of a blend

        def glow_box() -> None:
            _paste(img, _box_glow(x1 - x0, y1 - y0, 14, TURN_GLOW), x0 - 14, y0 - 14)
            panel(img, (x0, y0, x1, y1), outline=GOLD_LIGHT)

        TAGS.draw(img, (0, y0 - 14, LANE_X0, y1 + 14), ("turn glow", p), glow_box)

    def plate() -> None:
        draw = ImageDraw.Draw(img)
        name = sanitize_name(side.name, fallback=f"Player {p + 1}")
        name_font = font(SANS_BOLD, 30)
        draw_text(draw, (x0 + 14, y0 + 10), fit_text(name, name_font, x1 - x0 - 28), name_font,
                  TEXT)
        faction_font = font(SANS_BOLD, 18)
        draw.text(
            (x0 + 14, y0 + 48),
            fit_text(side.faction_name, faction_font, x1 - x0 - 28),
            font=faction_font,
            fill=TEXT_MUTED,
        )

    PLATES.draw(img, (x0 + 4, y0 + 4, x1 - 4, y0 + 80), (p, glowing, side.name, side.faction_name),
                plate)
    # gems
    for i in range(2):
        colour = GEM_ON if i < side.gems else GEM_OFF
        _sprite("icon", "gem", 34, colour).paste(img, x0 + 12 + i * 38, y0 + 84)
    if side.passed:
        tag = (x0 + 88, y0 + 86, x0 + 176, y0 + 116)

        def passed() -> None:
            draw = ImageDraw.Draw(img)
            draw.rounded_rectangle(tag, radius=6, fill=PASSED, outline=GOLD_LIGHT, width=2)
            draw.text(
                ((tag[0] + tag[2]) / 2, (tag[1] + tag[3]) / 2 + 1),
                "PASSED",
                font=font(SANS_BOLD, 18),
                fill=TEXT,
                anchor="mm",
            )

        TAGS.draw(img, (tag[0], tag[1], tag[2] + 1, tag[3] + 1), ("passed", p), passed)
    # counts: hand, deck, graveyard
    d = 90
    counts = (("cards", side.hand_count), ("deck", side.deck_count), ("grave", len(side.graveyard)))

    def draw_counts() -> None:
        draw = ImageDraw.Draw(img)
        room = x1 - 14 - d - 6 - (x0 + 10)
        for size in range(24, 15, -1):
            count_font = font(SANS_BOLD, size)
            gap = 10
            needed = sum(26 + 2 + count_font.getlength(str(v)) for _, v in counts) + 2 * gap
            if needed <= room:
                break
        cx = x0 + 10
        for name_icon, value in counts:
            _sprite("icon", name_icon, 26, TEXT_MUTED).paste(img, cx, y0 + 141)
            draw.text((cx + 28, y0 + 154), str(value), font=count_font, fill=TEXT, anchor="lm")
            cx += 28 + int(count_font.getlength(str(value))) + gap

    COUNTS.draw(img, (x0 + 6, y0 + 134, x1 - 14 - d - 4, y0 + 174),
                (p, glowing, tuple(v for _, v in counts)), draw_counts)
    # total
    other = obs.sides[1 - p]
    tcx, tcy = x1 - 14 - d // 2, y0 + 128
    _total_sprite(d, side.total, side.total > other.total).paste(img, tcx - d // 2, tcy - d // 2)


def _draw_leader(img: Image.Image, obs: Observation, side: SideView) -> None:
    x0, y0, x1, y1 = box = leader_box(side.player)
    lead = side.leader

    def draw_leader() -> None:
        draw = ImageDraw.Draw(img)
        view = CardView(
            0, lead.card_id, lead.name, "leader", side.faction, None, None, False, (), ()
        )
        cx, cy = x0 + 6, y0 + (y1 - y0 - BOARD.h) // 2
        face_sprite(view).paste(img, cx, cy)
        if lead.used or lead.cancelled:
            _paste(img, _dim((BOARD.w, BOARD.h), 150), cx, cy)
        tx = cx + BOARD.w + 10
        width = x1 - tx - 8
        draw.text((tx, y0 + 8), "LEADER", font=font(SANS_BOLD, 16), fill=GOLD)
        name_font, lines = fit_lines(lead.name, width, 20, 16, lines=3)
        if " ".join(lines) != " ".join(lead.name.split()):
            name_font, lines = fit_lines(lead.name, width, 17, 13, lines=4)
        y = y0 + 32
        for line in lines:
            draw.text((tx, y), line, font=name_font, fill=TEXT)
            y += int(name_font.size) + 2
        if lead.cancelled:
            status, colour = "Blocked", (230, 110, 90)
        elif lead.used:
            status, colour = "Used", (230, 110, 90)
        elif lead.passive:
            status, colour = "Passive", TEXT_MUTED
        else:
            status, colour = "Ready", (140, 220, 120)
        draw.text((x1 - 10, y0 + 8), status, font=font(SANS_BOLD, 16), fill=colour, anchor="ra")

    # The turn glow of the side's box reaches into the leader's box.
    LEADERS.draw(img, box, (side.player, _glowing(obs, side), lead, side.faction), draw_leader)


def _draw_weather(img: Image.Image, obs: Observation, highlight: frozenset[int]) -> None:
    cards = obs.weather
    y = (WEATHER_Y0 + WEATHER_Y1 - BOARD.h) // 2
    if not cards:
        cy = (WEATHER_Y0 + WEATHER_Y1) // 2

        def clear_skies() -> None:
            _sprite("icon", "clear_weather", 40, (110, 130, 150)).paste(img, 30, cy - 20)
            ImageDraw.Draw(img).text(
                (82, cy),
                "Clear skies",
                font=font(SANS_BOLD, 22),
                fill=(150, 165, 180),
                anchor="lm",
            )

        TAGS.draw(img, (20, cy - 24, PANEL_W - 20, cy + 24), "clear skies", clear_skies)
        return
    xs = card_positions(len(cards), 14, PANEL_W - 14)
    for card, x in zip(cards, xs, strict=True):
        if card.uid in highlight:
            _sprite("glow", BOARD, GLOW_SPREAD).paste(img, x - GLOW_SPREAD, y - GLOW_SPREAD)
        face_sprite(card).paste(img, x, y)


def status_line(obs: Observation) -> str:
    """Whose turn it is, or how the match stands, in a few words."""
    names = [sanitize_name(s.name, fallback=f"Player {s.player + 1}") for s in obs.sides]
    if obs.phase == "over":
        if obs.forfeited_by is not None and obs.winner is not None:
            return f"{names[obs.winner]} wins - {names[obs.forfeited_by]} forfeited"
        if obs.winner is None:
            return "Match over - a draw"
        return f"Match over - {names[obs.winner]} wins"
    if obs.phase == "choose_first":
        return "Deciding who goes first"
    if obs.phase == "mulligan":
        return "Mulligan - players may redraw cards"
    if obs.turn is None:
        return ""
    return f"{names[obs.turn]} to play"


def _draw_header(img: Image.Image, obs: Observation) -> None:
    arrow = ""
    if obs.phase == "playing" and obs.turn is not None:
        arrow = "\u25b2 " if obs.turn == 1 else "\u25bc "  # points at the side to play
    line = arrow + status_line(obs)
    history = "   ".join(f"R{i + 1} {r.scores[0]}-{r.scores[1]}" for i, r in enumerate(obs.rounds))

    def header() -> None:
        draw = ImageDraw.Draw(img)
        draw.text(
            (18, HEADER_H // 2),
            f"ROUND {obs.round}",
            font=font(SERIF_BOLD, 30),
            fill=GOLD_LIGHT,
            anchor="lm",
        )
        status_font = font(SANS_BOLD, 30)
        status = fit_text(line, status_font, W - 240 - 20 - 200)
        draw_text(draw, (240, HEADER_H // 2), status, status_font, TEXT, anchor="lm")
        if history:  # finished rounds' scores, player 0 first, in what room is left
            hist_font = font(SANS_BOLD, 20)
            room = W - 20 - (240 + text_width(status, status_font) + 30)
            draw.text(
                (W - 20, HEADER_H // 2),
                fit_text(history, hist_font, room),
                font=hist_font,
                fill=TEXT_MUTED,
                anchor="rm",
            )

    HEADERS.draw(img, (0, 0, W, HEADER_H - 2), (obs.round, line, history), header)


def _draw_footer(img: Image.Image, obs: Observation) -> None:
    label_font = font(SANS_BOLD, 22)
    cy = (FOOTER_Y + H) // 2 + 1
    x = 18 + int(label_font.getlength("Last move:")) + 10

    def label() -> None:
        ImageDraw.Draw(img).text((18, cy), "Last move:", font=label_font, fill=GOLD, anchor="lm")

    TAGS.draw(img, (8, FOOTER_Y + 3, x - 4, H), "last move", label)
    words = " ".join(" ".join(e.split()) for e in obs.last_events) or "-"
    draw_text(ImageDraw.Draw(img), (x, cy), fit_text(words, label_font, W - x - 18), label_font,
              TEXT, anchor="lm")


def check_public(obs: Observation) -> None:
    """Raise PublicBoardOnly unless the observation is a spectator's, with no hands."""
    if obs.viewer is not None or any(s.hand is not None for s in obs.sides):
        raise PublicBoardOnly(
            "the public board is drawn from the spectator observation (viewer None, no hands)"
        )


def board_image(obs: Observation) -> Image.Image:
    """Draw the public board of a spectator's observation as an RGB image."""
    check_public(obs)
    img = background().copy()
    highlight = frozenset(obs.highlight)
    for side in obs.sides:
        for r in range(3):
            if side.rows[r].weather:
                _lay_weather(img, side.player, r)
    for side in obs.sides:
        for r in range(3):
            _draw_row(img, side.player, r, side.rows[r], highlight)
        _draw_side_info(img, obs, side)
        _draw_leader(img, obs, side)
    _draw_weather(img, obs, highlight)
    _draw_header(img, obs)
    _draw_footer(img, obs)
    return img


def render_board(obs: Observation) -> bytes:
    """The public board of a spectator's observation, as PNG bytes."""
    return to_png(board_image(obs), palette=theme_palette())
