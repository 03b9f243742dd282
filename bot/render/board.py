"""The board: both sides with their rows, scores, leaders, weather and the last move.

Drawn for a phone, which shows an image about 400 px wide: the board is 720 px wide, every
strength, score and count at least NUMBER_PX (22 px, so 12 px on the phone) and every other
text at least LABEL_PX (15 px, so 8 px there); card names are shortened
(bot.render.text.abbreviate) rather than cut, and the last move wraps.

From top to bottom: the header (round and whose turn), the upper side's bar (name, faction,
leader, gems, round scores, hand, deck and discard counts, total), its siege, ranged and close
rows, the weather between the armies, the lower side's close, ranged and siege rows, its bar,
and the last move (one to four lines: the height varies). The public board has player 1 on
top and player 0 at the bottom, and accepts a spectator's observation only (viewer None, no
hands). A player's own view (bot.render.player_view) puts that player at the bottom, marked
"You".

The image is a stack of full-width bands, each drawn for what it shows and kept encoded
(bot.render.tiles.Bands): a board after a move draws only the bands that changed, and the
public board and the players' views share theirs.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import cache, lru_cache
from typing import NamedTuple, Protocol

from PIL import Image, ImageDraw

from bot.i18n import ENGLISH, N_, event_text, language
from bot.render.disk_cache import on_disk
from bot.render.encode import Band, bands_image, join_bands
from bot.render.faces import TOKEN, FaceKey, FaceSize, chip, face_key, token_sprite
from bot.render.fonts import SANS_BOLD, SERIF_BOLD, font
from bot.render.icons import ROW_ICONS, icon, weather_icon_name
from bot.render.palette import theme_palette
from bot.render.text import abbreviate, draw_text, fit_text, text_width, wrap_text
from bot.render.texture import panel, wood
from bot.render.theme import (
    GEM_OFF,
    GEM_ON,
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    HIGHLIGHT_GLOW,
    INK,
    LANE,
    LANE_EDGE,
    PANEL,
    PARCHMENT,
    PASSED,
    TEXT,
    TEXT_MUTED,
    WEATHER_ICON,
    WEATHER_TINT,
    mix,
    palette,
)
from bot.render.tiles import Bands, Sprite
from bot.render.words import card_label, faction_label, player_name
from engine.observation import Observation, RowView, SideView

W = 720
PHONE_W = 400  # how wide a phone shows the image
NUMBER_PX = 22  # the least size of a strength, score or count: 12 px on a phone
LABEL_PX = 15  # the least size of any other text: 8 px on a phone
HEADER_H, BAR_H, ROW_H, MID_H = 44, 76, 86, 38
FOOTER_PAD = 8  # above and below the last move's lines
MARGIN = 4  # between the image's edge and the panels
SCORE_CX, SCORE_D = 34, 54
SLOT_X0, SLOT_X1 = 66, 116
CARDS_X0, CARDS_X1 = 124, W - 8
CARD_GAP = 4
# i18n: the label before the last move's words, under the board (up to about 20 characters)
FOOTER_LABEL = N_("Last move:")
# Bands of the board and the players' views: one board shows 11, and a move changes a few.
BANDS = Bands(1024)
# Where each kind of band takes its wood from, in the one tall table: the grain does not
# depend on where the band lies, so a row looks the same at the top and at the bottom.
TABLE_H = 1000
GROUND_Y = {"header": 0, "bar": 60, "row0": 150, "row1": 240, "row2": 330, "middle": 420,
            "footer": 470, "hand title": 560, "hand": 610}


class PublicBoardOnly(ValueError):
    """The board was given a player's private observation instead of a spectator's."""


# --- the looks: everything a band shows --------------------------------------------------


class BandLook(Protocol, Hashable):
    """Everything one band shows: equal looks are drawn as identical bands."""

    def draw(self) -> Image.Image:
        """The band as an RGB image, W pixels wide."""
        ...


class HeaderLook(NamedTuple):
    """The header: the round, and whose turn it is."""

    title: str
    line: str

    def draw(self) -> Image.Image:
        """The band as an RGB image."""
        return _draw_header(self)


class MiddleLook(NamedTuple):
    """The strip between the armies: each weather card's icon and name, and whether the
    last move played it; tag is the language."""

    weather: tuple[tuple[str, str, bool], ...]
    tag: str = ENGLISH

    def draw(self) -> Image.Image:
        """The band as an RGB image."""
        return _draw_middle(self)


class FooterLook(NamedTuple):
    """The last move, in words, in the language tag."""

    text: str
    tag: str = ENGLISH

    def draw(self) -> Image.Image:
        """The band as an RGB image."""
        return _draw_footer(self)


class RowLook(NamedTuple):
    """Everything one row's band shows (the same on either side of the board)."""

    row: int
    cards: tuple[tuple[FaceKey, bool], ...]  # each card's face, and whether the last move lit it
    score: int
    horn: FaceKey | None
    horn_lit: bool
    mardroeme: bool
    leader_horn: bool
    horned: bool
    weather: bool

    def draw(self) -> Image.Image:
        """The band as an RGB image."""
        return _draw_row(self)


class BarLook(NamedTuple):
    """Everything a side's bar shows."""

    name: str
    faction: str
    faction_name: str
    leader: str
    leader_state: str
    gems: int
    passed: bool
    rounds: tuple[tuple[int, int], ...]  # the side's total in each finished round, and
    # whether the side won it (1), drew (0) or lost it (-1)
    counts: tuple[int, int, int]  # hand, deck, discard pile
    total: int
    leading: bool
    turn: bool
    you: bool
    tag: str = ENGLISH  # the language

    def draw(self) -> Image.Image:
        """The band as an RGB image."""
        return _draw_bar(self)


def row_look(view: RowView, r: int, lit: frozenset[int], tag: str = ENGLISH) -> RowLook:
    """What a row's band shows, its cards named in the language tag; lit holds the uids the
    last move played."""
    horn = view.horn or view.mardroeme
    return RowLook(
        r, tuple((face_key(c, tag), c.uid in lit) for c in view.cards), view.score,
        None if horn is None else face_key(horn, tag), horn is not None and horn.uid in lit,
        view.horn is not None and view.mardroeme is not None, view.leader_horn, view.horned,
        view.weather)


# i18n: a leader's state, after its name in a player's bar on the board (one short word)
LEADER_STATES = {"Blocked": N_("Blocked"), "Used": N_("Used"), "Passive": N_("Passive"),
                 "Ready": N_("Ready")}


def leader_state(side: SideView) -> str:
    """The leader's state in a word: Blocked, Used, Passive or Ready."""
    lead = side.leader
    return ("Blocked" if lead.cancelled else "Used" if lead.used else
            "Passive" if lead.passive else "Ready")


def bar_look(obs: Observation, side: SideView, you: int | None,
             tag: str = ENGLISH) -> BarLook:
    """What a side's bar shows, in the language tag; you is the seat whose own view this
    is, if any."""
    other = obs.sides[1 - side.player]
    return BarLook(
        player_name(side.name, side.player, language(tag)), side.faction,
        faction_label(side.faction, tag),
        card_label(side.leader.card_id, side.leader.name, tag), leader_state(side),
        side.gems, side.passed,
        tuple((r.scores[side.player],
               0 if r.winner is None else 1 if r.winner == side.player else -1)
              for r in obs.rounds),
        (side.hand_count, side.deck_count, len(side.graveyard)), side.total,
        side.total > other.total,
        obs.phase == "playing" and obs.turn == side.player and not side.passed,
        side.player == you, tag)


def status_line(obs: Observation, you: int | None = None, tag: str = ENGLISH) -> str:
    """Whose turn it is, or how the match stands, in a few words (from you's side if given),
    in the language tag."""
    lang = language(tag)
    names = [player_name(s.name, s.player, lang) for s in obs.sides]
    # i18n: the board's header line is one line of about 40 characters beside "ROUND 1"
    if obs.phase == "over":
        if obs.forfeited_by is not None and obs.winner is not None:
            if obs.winner == you:
                return lang._("You win - {loser} forfeited", loser=names[obs.forfeited_by])
            if obs.forfeited_by == you:
                return lang._("{winner} wins - You forfeited", winner=names[obs.winner])
            return lang._("{winner} wins - {loser} forfeited", winner=names[obs.winner],
                          loser=names[obs.forfeited_by])
        if obs.winner is None:
            return lang._("Match over - a draw")
        if obs.winner == you:
            return lang._("Match over - You win")
        return lang._("Match over - {winner} wins", winner=names[obs.winner])
    if obs.phase == "choose_first":
        return lang._("Deciding who goes first")
    if obs.phase == "mulligan":
        return lang._("Redraws: up to 2 cards each")
    if obs.turn is None:
        return ""
    if obs.turn == you:
        return lang._("Your turn")
    return lang._("{name} to play", name=names[obs.turn])


def last_move(obs: Observation, tag: str = ENGLISH) -> str:
    """The last move in words, on one line, in the language tag (the match log's lines as
    data where the observation has them, else its English lines)."""
    lang = language(tag)
    lines = ([event_text(line, lang) for line in obs.last_event_log] if obs.last_event_log
             else obs.last_events)
    return " ".join(" ".join(e.split()) for e in lines) or "-"


# --- geometry --------------------------------------------------------------------------


def card_positions(n: int, x0: int = CARDS_X0, x1: int = CARDS_X1,
                   size: FaceSize = TOKEN, gap: int = CARD_GAP) -> list[int]:
    """Left edges for n cards: centred with a gap, or overlapping when they do not fit."""
    if n <= 0:
        return []
    width = x1 - x0
    natural = n * size.w + (n - 1) * gap
    if natural <= width:
        start = x0 + (width - natural) // 2
        return [start + i * (size.w + gap) for i in range(n)]
    step = (width - size.w) / (n - 1)
    return [round(x0 + i * step) for i in range(n)]


def uncovered(xs: list[int], i: int, size: FaceSize = TOKEN) -> int | None:
    """How much of card i the next card leaves showing, or None when it shows whole."""
    if i + 1 < len(xs) and xs[i + 1] - xs[i] < size.w:
        return xs[i + 1] - xs[i]
    return None


# --- shared parts ------------------------------------------------------------------------


@cache
@on_disk("table")
def _table() -> Image.Image:
    """The wood every band is cut from."""
    return wood(W, TABLE_H, seed=1213, sides_only=True)


@cache
def _ground(kind: str, height: int) -> Image.Image:
    y = GROUND_Y[kind]
    return _table().crop((0, y, W, y + height))


def ground(kind: str, height: int) -> Image.Image:
    """A fresh copy of the wood under a band of this kind."""
    return _ground(kind, height).copy()


@cache
def _shaded(kind: str, height: int, line_y: int) -> Image.Image:
    img = ground(kind, height)
    bar = Image.new("RGBA", (W, height), (10, 7, 5, 200))
    img.paste(bar, (0, 0), bar)
    ImageDraw.Draw(img).line((0, line_y, W, line_y), fill=GOLD_DARK, width=2)
    return img


def shaded(kind: str, height: int, line_y: int) -> Image.Image:
    """A fresh copy of the wood under a dark bar with a gold line at line_y: the ground of
    the header, the last move and the hand's title."""
    return _shaded(kind, height, line_y).copy()


def band(look: BandLook) -> Band:
    """The band that shows this look (drawn the first time it is asked for)."""
    return BANDS.get((type(look).__name__, look), look.draw)


def render_looks(looks: Sequence[BandLook]) -> bytes:
    """The PNG of these bands stacked, top first."""
    return join_bands([band(look) for look in looks], theme_palette())


def drawn_image(looks: Sequence[BandLook]) -> Image.Image:
    """The bands drawn afresh and stacked in their own colours, before the palette maps them
    (to build the palette from)."""
    drawn = [look.draw() for look in looks]
    img = Image.new("RGB", (W, sum(part.height for part in drawn)))
    y = 0
    for part in drawn:
        img.paste(part, (0, y))
        y += part.height
    return img


def looks_image(looks: Sequence[BandLook]) -> Image.Image:
    """The RGB image of these bands stacked: the pixels of render_looks' PNG."""
    return bands_image([band(look) for look in looks], theme_palette())


@cache
def _sprite(name: str, *args: object) -> Sprite:
    """A sprite of one of the cached parts below, by function name and arguments."""
    parts = {"chip": chip, "icon": icon}
    return Sprite(parts[name](*args))


def _paste(img: Image.Image, part: Image.Image, x: int, y: int) -> None:
    img.paste(part, (x, y), part)


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


@lru_cache(maxsize=512)
def _score_sprite(d: int, value: int, horned: bool) -> Sprite:
    """A row's score on a parchment disc (bright when the row is horned)."""
    disc = _disc(d, horned).copy()
    text = str(value)
    size = 30 if len(text) < 3 else NUMBER_PX
    ImageDraw.Draw(disc).text(
        (d // 2, d // 2 + 1), text, font=font(SERIF_BOLD, size), fill=(20, 14, 8), anchor="mm"
    )
    return Sprite(disc)


@lru_cache(maxsize=512)
def _total_sprite(d: int, total: int, leading: bool) -> Sprite:
    """A side's total on a dark disc, ringed in bright gold while it leads."""
    disc = _total_disc(d, leading).copy()
    text = str(total)
    size = round(d * 0.5) if len(text) < 3 else round(d * 0.4)
    ImageDraw.Draw(disc).text(
        (d // 2, d // 2 + 1), text, font=font(SERIF_BOLD, size), fill=GOLD_LIGHT, anchor="mm"
    )
    return Sprite(disc)


@cache
def _lit_ring(size: FaceSize) -> Sprite:
    """A bright ring around a card the last move played."""
    w, h = size.w + 4, size.h + 4
    ring = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    dr = ImageDraw.Draw(ring)
    dr.rounded_rectangle((0, 0, w - 1, h - 1), radius=size.radius + 2,
                         outline=(*HIGHLIGHT_GLOW, 140), width=2)
    dr.rounded_rectangle((1, 1, w - 2, h - 2), radius=size.radius + 1,
                         outline=(*HIGHLIGHT_GLOW, 255), width=3)
    return Sprite(ring)


@cache
@on_disk("weather-wash")
def _weather_wash(r: int, w: int, h: int) -> Image.Image:
    """A translucent, streaked wash over a row's lane, in the row's weather colour."""
    tint = Image.new("RGBA", (w, h), (*WEATHER_TINT[r], 70))
    d = ImageDraw.Draw(tint)
    for x in range(-h, w, 22):  # diagonal streaks: weather reads as texture, not only colour
        d.line((x, h, x + h, 0), fill=(*WEATHER_TINT[r], 105), width=3)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius=7, fill=255)
    out = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    out.paste(tint, (0, 0), mask)
    return out


@cache
@on_disk("lane")
def _lane(r: int) -> Image.Image:
    """A row's empty band: wood, the lane, the row's mark, and the horn slot."""
    img = ground(f"row{r}", ROW_H)
    panel(img, (MARGIN, 1, W - MARGIN, ROW_H - 1), fill=LANE, outline=LANE_EDGE, radius=8,
          alpha=215)
    mark = icon(ROW_ICONS[r], 60, mix(LANE, LANE_EDGE, 0.35))
    _paste(img, mark, (CARDS_X0 + CARDS_X1 - 60) // 2, (ROW_H - 60) // 2)
    panel(img, (SLOT_X0, 5, SLOT_X1, ROW_H - 5), fill=(14, 10, 7),
          outline=mix(LANE_EDGE, GOLD_DARK, 0.5), radius=6, alpha=255)
    horn = icon("commanders_horn", 32, mix((14, 10, 7), LANE_EDGE, 0.45))
    _paste(img, horn, (SLOT_X0 + SLOT_X1 - 32) // 2, (ROW_H - 32) // 2)
    ImageDraw.Draw(img).line((SLOT_X1 + 4, 10, SLOT_X1 + 4, ROW_H - 10), fill=LANE_EDGE)
    return img


# --- the bands ----------------------------------------------------------------------------


def _draw_row(look: RowLook) -> Image.Image:
    img = _lane(look.row).copy()
    r = look.row
    if look.weather:
        _paste(img, _weather_wash(r, W - 2 * MARGIN - 4, ROW_H - 6), MARGIN + 2, 3)
    # horn slot
    slot_cx, cy = (SLOT_X0 + SLOT_X1) // 2, ROW_H // 2
    if look.horn is not None:
        if look.horn_lit:
            ImageDraw.Draw(img).rounded_rectangle(
                (SLOT_X0, 5, SLOT_X1, ROW_H - 5), radius=6, outline=HIGHLIGHT_GLOW, width=3)
        mark = "mardroeme" if "mardroeme" in look.horn.abilities else "commanders_horn"
        _sprite("chip", mark, 42, True).paste(img, slot_cx - 21, cy - 30)
        if look.mardroeme:  # a horn and a Mardroeme on one row
            _sprite("chip", "mardroeme", 26, True).paste(img, SLOT_X1 - 28, ROW_H - 32)
    if look.leader_horn and look.horn is not None:  # the leader's horn beside a card
        _sprite("chip", "crown", 24, True).paste(img, SLOT_X0 + 2, ROW_H - 30)
    elif look.leader_horn:  # a leader's horn: a bright horn with a crown
        _sprite("icon", "commanders_horn", 36, GOLD_LIGHT).paste(img, slot_cx - 18, 10)
        _sprite("chip", "crown", 28, True).paste(img, slot_cx - 14, 48)
    elif look.horned and look.horn is None:  # a unit's horn (such as Dandelion's)
        _sprite("icon", "commanders_horn", 36, mix(GOLD, TEXT_MUTED, 0.4)).paste(
            img, slot_cx - 18, 10)
        draw_text(ImageDraw.Draw(img), (slot_cx, 64), "x2", font(SERIF_BOLD, NUMBER_PX),
                  GOLD_LIGHT, anchor="mm")
    # cards
    xs = card_positions(len(look.cards))
    card_y = (ROW_H - TOKEN.h) // 2
    for i, ((key, lit), x) in enumerate(zip(look.cards, xs, strict=True)):
        token_sprite(key, TOKEN, uncovered(xs, i)).paste(img, x, card_y)
        if lit:
            _lit_ring(TOKEN).paste(img, x - 2, card_y - 2)
    # the score, with the weather's mark beside it
    _score_sprite(SCORE_D, look.score, look.horned).paste(
        img, SCORE_CX - SCORE_D // 2, cy - SCORE_D // 2)
    if look.weather:
        _sprite("chip", WEATHER_ICON[r], 24, True).paste(img, SCORE_CX + 8, cy + 14)
    return img


@cache
def _medallion(faction: str, dimmed: bool) -> Sprite:
    """The leader's medallion: the faction's colours around a crown (dark once used)."""
    d, n = 56, 56 * 4
    pal = palette(faction)
    big = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    dr = ImageDraw.Draw(big)
    dr.ellipse((2, 2, n - 3, n - 3), fill=(*pal.body, 255), outline=(*pal.frame, 255),
               width=n // 10)
    dr.ellipse((n // 9, n // 9, n - n // 9, n - n // 9), outline=(*GOLD, 255), width=n // 40)
    out = big.resize((d, d), Image.Resampling.LANCZOS)
    crown = icon("crown", 30, mix(GOLD_LIGHT, pal.accent, 0.2))
    out.alpha_composite(crown, ((d - 30) // 2, (d - 30) // 2))
    if dimmed:
        shade = Image.new("RGBA", (d, d), (8, 6, 4, 0))
        shade.putalpha(out.getchannel("A").point(lambda a: a * 150 // 255))
        out = Image.alpha_composite(out, shade)
    return Sprite(out)


HEADER_TITLE_W = 260  # the widest the header's title ("ROUND 3") may be
STATE_COLOURS = {"Blocked": (230, 110, 90), "Used": (230, 110, 90), "Passive": TEXT_MUTED,
                 "Ready": (140, 220, 120)}
RIGHT_X = 440  # where the gems, round scores and counts start
TAG_MAX_W = 120  # the widest a bar's tag ("YOU", "PASSED") or leader state may be


@cache
def _bar_ground(turn: bool, you: bool) -> Image.Image:
    """A bar's panel: lit on its player's turn, edged in gold on a player's own."""
    img = ground("bar", BAR_H)
    box = (MARGIN, 2, W - MARGIN, BAR_H - 2)
    if turn:
        panel(img, box, fill=mix(PANEL, GOLD, 0.2), outline=GOLD_LIGHT, alpha=245)
        ImageDraw.Draw(img).rounded_rectangle(box, radius=10, outline=GOLD_LIGHT, width=3)
    else:
        panel(img, box, outline=GOLD if you else GOLD_DARK)
    return img


def _draw_bar(look: BarLook) -> Image.Image:
    img = _bar_ground(look.turn, look.you).copy()
    draw = ImageDraw.Draw(img)
    lang = language(look.tag)
    _medallion(look.faction, look.leader_state in ("Used", "Blocked")).paste(
        img, 12, (BAR_H - 56) // 2)
    # the name, marked "You" on a player's own view and PASSED once passed; the faction;
    # the leader and its state
    tx = 78
    room = RIGHT_X - 12 - tx
    tag_font = font(SANS_BOLD, LABEL_PX + 1)
    if look.you:
        # i18n: a tag beside the player's own name on their view of the board (short)
        you = fit_text(lang._("YOU"), tag_font, TAG_MAX_W)
        tag_w = int(text_width(you, tag_font)) + 12
        draw.rounded_rectangle((tx, 8, tx + tag_w, 30), radius=6, fill=GOLD_LIGHT)
        draw_text(draw, (tx + tag_w / 2, 19), you, tag_font, INK, anchor="mm")
        tx, room = tx + tag_w + 8, room - tag_w - 8
    # i18n: a tag beside the name of a player who passed, on the board (short)
    passed = fit_text(lang._("PASSED"), tag_font, TAG_MAX_W)
    passed_w = int(text_width(passed, tag_font)) + 14
    if look.passed:
        room -= passed_w + 8
    name_font = font(SANS_BOLD, 24)
    name = fit_text(look.name, name_font, room)
    draw_text(draw, (tx, 19), name, name_font, TEXT, anchor="lm")
    if look.passed:
        x = tx + int(text_width(name, name_font)) + 8
        draw.rounded_rectangle((x, 7, x + passed_w, 31), radius=6, fill=PASSED,
                               outline=GOLD_LIGHT, width=2)
        draw_text(draw, (x + passed_w / 2, 20), passed, tag_font, TEXT, anchor="mm")
    small = font(SANS_BOLD, LABEL_PX)
    draw_text(draw, (78, 45), fit_text(look.faction_name, small, RIGHT_X - 90), small,
              TEXT_MUTED, anchor="lm")
    state = fit_text(f" \u00b7 {lang._(LEADER_STATES[look.leader_state])}", small,
                     TAG_MAX_W)
    state_w = text_width(state, small)
    (leader,) = abbreviate(look.leader, small, RIGHT_X - 90 - state_w, 1) or ("",)
    draw_text(draw, (78, 63), leader, small, TEXT_MUTED, anchor="lm")
    draw_text(draw, (78 + text_width(leader, small), 63), state, small,
              STATE_COLOURS[look.leader_state], anchor="lm")
    # gems, then the side's score in each finished round: gold when won, grey when lost
    for i in range(2):
        colour = GEM_ON if i < look.gems else GEM_OFF
        _sprite("icon", "gem", 24, colour).paste(img, RIGHT_X + i * 26, 8)
    x = RIGHT_X + 60
    number = font(SANS_BOLD, NUMBER_PX)
    for score, outcome in look.rounds:
        colour = GOLD_LIGHT if outcome > 0 else TEXT if outcome == 0 else TEXT_MUTED
        draw_text(draw, (x, 20), str(score), number, colour, anchor="lm")
        x += int(number.getlength(str(score))) + 12
    # hand, deck and discard pile
    x = RIGHT_X
    for name_icon, value in zip(("cards", "deck", "grave"), look.counts, strict=True):
        _sprite("icon", name_icon, 22, TEXT_MUTED).paste(img, x, 44)
        draw_text(draw, (x + 24, 55), str(value), number, TEXT, anchor="lm")
        x += 24 + int(number.getlength(str(value))) + 12
    # the total
    d = 62
    _total_sprite(d, look.total, look.leading).paste(img, W - MARGIN - 8 - d, (BAR_H - d) // 2)
    return img


def header_look(obs: Observation, top: int, you: int | None,
                tag: str = ENGLISH) -> HeaderLook:
    """The header: the round, and whose turn it is (an arrow points at that side's rows),
    in the language tag."""
    arrow = ""
    if obs.phase == "playing" and obs.turn is not None:
        arrow = "\u25b2 " if obs.turn == top else "\u25bc "
    lang = language(tag)
    # i18n: the board's title, in capitals where the language has them (up to ~12 characters)
    title = lang._("ROUND {number}", number=obs.round) if obs.round else "GWENT"
    return HeaderLook(title, arrow + status_line(obs, you, tag))


def _draw_header(look: HeaderLook) -> Image.Image:
    title, line = look
    img = shaded("header", HEADER_H, HEADER_H - 1)
    draw = ImageDraw.Draw(img)
    title_font = font(SERIF_BOLD, 26)
    title = fit_text(title, title_font, HEADER_TITLE_W)
    draw_text(draw, (14, HEADER_H // 2), title, title_font, GOLD_LIGHT, anchor="lm")
    x = 14 + int(text_width(title, title_font)) + 22
    status_font = font(SANS_BOLD, NUMBER_PX)
    draw_text(draw, (x, HEADER_H // 2), fit_text(line, status_font, W - 14 - x), status_font,
              TEXT, anchor="lm")
    return img


def middle_look(obs: Observation, tag: str = ENGLISH) -> MiddleLook:
    """The strip between the armies: the weather in play, or clear skies, in the language
    tag."""
    lit = frozenset(obs.highlight)
    return MiddleLook(tuple((weather_icon_name(c.rows, c.abilities),
                             card_label(c.card_id, c.name, tag), c.uid in lit)
                            for c in obs.weather), tag)


def _draw_middle(look: MiddleLook) -> Image.Image:
    weather = look.weather
    lang = language(look.tag)
    img = ground("middle", MID_H)
    draw = ImageDraw.Draw(img)
    cy = MID_H // 2
    draw.line((MARGIN + 4, 2, W - MARGIN - 4, 2), fill=GOLD_DARK, width=1)
    draw.line((MARGIN + 4, MID_H - 3, W - MARGIN - 4, MID_H - 3), fill=GOLD_DARK, width=1)
    label = font(SANS_BOLD, LABEL_PX + 1)
    if not weather:
        _sprite("icon", "clear_weather", 26, (110, 130, 150)).paste(img, 14, cy - 13)
        # i18n: between the two armies on the board when no weather is in play
        draw_text(draw, (46, cy), fit_text(lang._("Clear skies"), label, W - 60), label,
                  (150, 165, 180), anchor="lm")
        return img
    x = 12
    room = (W - 24) // len(weather) - 34
    for name_icon, name, lit in weather:
        _sprite("chip", name_icon, 28, True).paste(img, x, cy - 14)
        (shown,) = abbreviate(name, label, room, 1) or ("",)
        draw_text(draw, (x + 32, cy), shown, label, GOLD_LIGHT if lit else TEXT, anchor="lm")
        x += 34 + int(text_width(shown, label)) + 16
    return img


def footer_lines(text: str, tag: str = ENGLISH) -> tuple[int, tuple[str, ...]]:
    """The footer's font size and lines: "Last move:" (in the language tag) and the text,
    wrapped in up to three lines of 16 px, or else four of 15 px (the longest moves of a
    match, in practice; only longer ones end in an ellipsis)."""
    whole = f"{language(tag)._(FOOTER_LABEL)} {text}"
    for size, lines in ((LABEL_PX + 1, 3), (LABEL_PX, 4)):
        wrapped = wrap_text(whole, font(SANS_BOLD, size), W - 28, lines)
        if " ".join(wrapped) == " ".join(whole.split()):
            break
    return size, tuple(wrapped)


def footer_height(size: int, lines: int) -> int:
    """The footer's height for this many lines of this size."""
    return lines * (size + 3) + 2 * FOOTER_PAD


def _draw_footer(look: FooterLook) -> Image.Image:
    size, lines = footer_lines(look.text, look.tag)
    label = language(look.tag)._(FOOTER_LABEL)
    height = footer_height(size, len(lines))
    img = shaded("footer", height, 0)
    draw = ImageDraw.Draw(img)
    fnt = font(SANS_BOLD, size)
    line_h = size + 3
    y = FOOTER_PAD + line_h / 2 + 1
    for i, line in enumerate(lines):
        x = 14.0
        if i == 0 and line.startswith(label):
            draw_text(draw, (x, y), label, fnt, GOLD, anchor="lm")
            x += text_width(label + " ", fnt)
            line = line[len(label):].lstrip()
        draw_text(draw, (x, y), line, fnt, TEXT, anchor="lm")
        y += line_h
    return img


# --- the board -----------------------------------------------------------------------------


def board_looks(obs: Observation, bottom: int = 0, you: int | None = None,
                tag: str = ENGLISH) -> tuple[BandLook, ...]:
    """The bands of the board with seat `bottom` at the bottom, top first, in the language
    tag; you marks a player's own view. Nothing but public information is shown: the hands
    are never read."""
    top = 1 - bottom
    lit = frozenset(obs.highlight)
    upper, lower = obs.sides[top], obs.sides[bottom]
    return (
        header_look(obs, top, you, tag),
        bar_look(obs, upper, you, tag),
        *(row_look(upper.rows[r], r, lit, tag) for r in (2, 1, 0)),
        middle_look(obs, tag),
        *(row_look(lower.rows[r], r, lit, tag) for r in (0, 1, 2)),
        bar_look(obs, lower, you, tag),
        FooterLook(last_move(obs, tag), tag),
    )


def check_public(obs: Observation) -> None:
    """Raise PublicBoardOnly unless the observation is a spectator's, with no hands."""
    if obs.viewer is not None or any(s.hand is not None for s in obs.sides):
        raise PublicBoardOnly(
            "the public board is drawn from the spectator observation (viewer None, no hands)"
        )


def public_board_looks(obs: Observation, tag: str = ENGLISH) -> tuple[BandLook, ...]:
    """The public board's bands (player 0 at the bottom) in the language tag; raise
    PublicBoardOnly unless the observation is a spectator's."""
    check_public(obs)
    return board_looks(obs, tag=tag)


def board_image(obs: Observation, tag: str = ENGLISH) -> Image.Image:
    """The public board of a spectator's observation as an RGB image (the PNG's pixels)."""
    return looks_image(public_board_looks(obs, tag))


def render_board(obs: Observation, tag: str = ENGLISH) -> bytes:
    """The public board of a spectator's observation, as PNG bytes, in the language tag."""
    return render_looks(public_board_looks(obs, tag))


BOARD_TOP_H = HEADER_H + 2 * BAR_H + 6 * ROW_H + MID_H  # everything above the last move
MAX_H = BOARD_TOP_H + footer_height(LABEL_PX, 4)  # the tallest board


__all__ = [
    "BANDS",
    "BOARD_TOP_H",
    "FOOTER_LABEL",
    "LABEL_PX",
    "LEADER_STATES",
    "MAX_H",
    "NUMBER_PX",
    "PHONE_W",
    "BandLook",
    "BarLook",
    "FooterLook",
    "HeaderLook",
    "MiddleLook",
    "PublicBoardOnly",
    "RowLook",
    "W",
    "band",
    "bar_look",
    "board_image",
    "board_looks",
    "card_positions",
    "check_public",
    "drawn_image",
    "footer_height",
    "footer_lines",
    "ground",
    "last_move",
    "looks_image",
    "public_board_looks",
    "render_board",
    "render_looks",
    "row_look",
    "shaded",
    "status_line",
    "uncovered",
]
