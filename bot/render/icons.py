"""Row, ability, weather and other icons, drawn by code and cached.

Each icon is drawn white on black at four times its size into a greyscale mask,
then scaled down, which gives smooth edges. icon() colours the mask.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache

from PIL import Image, ImageDraw

from bot.render.disk_cache import on_disk
from bot.render.fonts import SERIF_BOLD, font
from bot.render.theme import RGB

_SS = 4  # supersampling factor
Point = tuple[float, float]


class _Pen:
    """Draws in unit coordinates (0..1) on a square supersampled mask."""

    def __init__(self, size: int) -> None:
        self.n = size * _SS
        self.image = Image.new("L", (self.n, self.n), 0)
        self.draw = ImageDraw.Draw(self.image)

    def p(self, x: float, y: float) -> tuple[float, float]:
        return (x * self.n, y * self.n)

    def w(self, width: float) -> int:
        return max(1, round(width * self.n))

    def poly(self, points: list[Point], fill: int = 255) -> None:
        self.draw.polygon([self.p(x, y) for x, y in points], fill=fill)

    def line(self, points: list[Point], width: float, fill: int = 255) -> None:
        self.draw.line(
            [self.p(x, y) for x, y in points], fill=fill, width=self.w(width), joint="curve"
        )

    def circle(self, x: float, y: float, r: float, fill: int = 255) -> None:
        self.draw.ellipse((*self.p(x - r, y - r), *self.p(x + r, y + r)), fill=fill)

    def ring(self, x: float, y: float, r: float, width: float, fill: int = 255) -> None:
        self.draw.ellipse(
            (*self.p(x - r, y - r), *self.p(x + r, y + r)), outline=fill, width=self.w(width)
        )

    def rect(
        self, x0: float, y0: float, x1: float, y1: float, fill: int = 255, radius: float = 0
    ) -> None:
        box = (*self.p(x0, y0), *self.p(x1, y1))
        if radius:
            self.draw.rounded_rectangle(box, radius=radius * self.n, fill=fill)
        else:
            self.draw.rectangle(box, fill=fill)

    def arc(
        self, x: float, y: float, r: float, start: float, end: float, width: float, fill: int = 255
    ) -> None:
        self.draw.arc(
            (*self.p(x - r, y - r), *self.p(x + r, y + r)),
            start,
            end,
            fill=fill,
            width=self.w(width),
        )

    def text(self, x: float, y: float, text: str, size: float, fill: int = 255) -> None:
        fnt = font(SERIF_BOLD, max(4, round(size * self.n)))
        self.draw.text(self.p(x, y), text, font=fnt, fill=fill, anchor="mm")


def _rotate(points: list[Point], degrees: float, cx: float = 0.5, cy: float = 0.5) -> list[Point]:
    a = math.radians(degrees)
    ca, sa = math.cos(a), math.sin(a)
    return [
        (cx + (x - cx) * ca - (y - cy) * sa, cy + (x - cx) * sa + (y - cy) * ca) for x, y in points
    ]


# --- rows -------------------------------------------------------------------


def _sword(pen: _Pen) -> None:
    parts = [
        [(0.5, 0.02), (0.585, 0.14), (0.575, 0.64), (0.425, 0.64), (0.415, 0.14)],  # blade
        [(0.24, 0.64), (0.76, 0.64), (0.76, 0.72), (0.24, 0.72)],  # guard
        [(0.45, 0.72), (0.55, 0.72), (0.55, 0.88), (0.45, 0.88)],  # grip
    ]
    for part in parts:
        pen.poly(_rotate(part, 45))
    x, y = _rotate([(0.5, 0.92)], 45)[0]
    pen.circle(x, y, 0.07)


def _bow(pen: _Pen) -> None:
    pen.arc(0.2, 0.5, 0.46, -62, 62, 0.09)
    top = (0.2 + 0.46 * math.cos(math.radians(-62)), 0.5 + 0.46 * math.sin(math.radians(-62)))
    bottom = (top[0], 1 - top[1])
    pen.line([top, (0.2, 0.5), bottom], 0.03)
    pen.line([(0.08, 0.5), (0.78, 0.5)], 0.055)
    pen.poly([(0.96, 0.5), (0.74, 0.38), (0.78, 0.5), (0.74, 0.62)])
    pen.poly([(0.06, 0.5), (0.0, 0.38), (0.16, 0.38), (0.22, 0.5), (0.16, 0.62), (0.0, 0.62)])


def _catapult(pen: _Pen) -> None:
    pen.rect(0.06, 0.68, 0.94, 0.77)  # base beam
    pen.circle(0.24, 0.83, 0.12)
    pen.circle(0.76, 0.83, 0.12)
    pen.poly([(0.38, 0.7), (0.62, 0.7), (0.52, 0.4), (0.48, 0.4)])  # frame
    pen.line([(0.5, 0.44), (0.14, 0.14)], 0.08)  # arm
    pen.line([(0.5, 0.44), (0.78, 0.6)], 0.08)
    pen.arc(0.15, 0.16, 0.13, 100, 330, 0.07)  # bucket
    pen.rect(0.7, 0.5, 0.9, 0.66, radius=0.02)  # counterweight


# --- abilities --------------------------------------------------------------


def _agile(pen: _Pen) -> None:
    pen.line([(0.5, 0.2), (0.5, 0.8)], 0.1)
    pen.poly([(0.5, 0.02), (0.78, 0.32), (0.22, 0.32)])
    pen.poly([(0.5, 0.98), (0.78, 0.68), (0.22, 0.68)])


def _medic(pen: _Pen) -> None:
    pen.rect(0.38, 0.1, 0.62, 0.9, radius=0.04)
    pen.rect(0.1, 0.38, 0.9, 0.62, radius=0.04)


def _morale(pen: _Pen) -> None:
    pen.text(0.5, 0.52, "+1", 0.62)


def _muster(pen: _Pen) -> None:
    for x, y, s in ((0.24, 0.42, 0.8), (0.76, 0.42, 0.8), (0.5, 0.5, 1.0)):
        pen.circle(x, y - 0.17 * s, 0.13 * s, fill=0)
        pen.circle(x, y - 0.17 * s, 0.1 * s)
        pen.draw.pieslice(
            (*pen.p(x - 0.24 * s, y + 0.0), *pen.p(x + 0.24 * s, y + 0.5 * s)), 180, 360, fill=0
        )
        pen.draw.pieslice(
            (*pen.p(x - 0.2 * s, y + 0.03), *pen.p(x + 0.2 * s, y + 0.46 * s)), 180, 360, fill=255
        )


def _spy(pen: _Pen) -> None:
    pen.draw.chord((*pen.p(0.02, 0.18), *pen.p(0.98, 1.22)), 205, 335, fill=255)
    pen.draw.chord((*pen.p(0.02, -0.22), *pen.p(0.98, 0.82)), 25, 155, fill=255)
    pen.circle(0.5, 0.5, 0.19, fill=0)
    pen.circle(0.5, 0.5, 0.12)


def _tight_bond(pen: _Pen) -> None:
    pen.draw.rounded_rectangle(
        (*pen.p(0.04, 0.3), *pen.p(0.6, 0.7)), radius=0.2 * pen.n, outline=255, width=pen.w(0.09)
    )
    pen.draw.rounded_rectangle(
        (*pen.p(0.4, 0.3), *pen.p(0.96, 0.7)), radius=0.2 * pen.n, outline=255, width=pen.w(0.09)
    )


def _flame(pen: _Pen, cx: float = 0.5, s: float = 1.0) -> None:
    pts = [
        (0.5, 0.02),
        (0.66, 0.26),
        (0.8, 0.44),
        (0.86, 0.64),
        (0.8, 0.84),
        (0.64, 0.96),
        (0.36, 0.96),
        (0.2, 0.84),
        (0.14, 0.64),
        (0.22, 0.46),
        (0.32, 0.56),
        (0.36, 0.34),
    ]
    pen.poly([(cx + (x - 0.5) * s, 1 - (1 - y) * s) for x, y in pts])
    inner = [(0.52, 0.46), (0.66, 0.66), (0.64, 0.84), (0.5, 0.92), (0.36, 0.84), (0.38, 0.68)]
    pen.poly([(cx + (x - 0.5) * s, 1 - (1 - y) * s) for x, y in inner], fill=0)


def _scorch(pen: _Pen) -> None:
    _flame(pen)


def _scorch_row(row_icon: Callable[[_Pen], None]) -> Callable[[_Pen], None]:
    def draw(pen: _Pen) -> None:
        _flame(pen, cx=0.36, s=0.85)
        small = _Pen(pen.n // _SS // 2 or 1)
        row_icon(small)
        mask = small.image.resize((pen.n // 2, pen.n // 2), Image.Resampling.LANCZOS)
        pen.image.paste(255, (pen.n // 2, pen.n // 2), mask)

    return draw


def _horn(pen: _Pen) -> None:
    # A curved, widening horn: mouthpiece at the lower left, bell at the upper right.
    steps = 24
    centre: list[Point] = []
    for i in range(steps + 1):
        t = i / steps
        centre.append((0.1 + 0.72 * t, 0.78 - 0.5 * math.sin(t * math.pi * 0.62)))
    upper: list[Point] = []
    lower: list[Point] = []
    for i, (x, y) in enumerate(centre):
        t = i / steps
        x2, y2 = centre[min(i + 1, steps)] if i < steps else centre[i]
        x1, y1 = centre[max(i - 1, 0)]
        dx, dy = x2 - x1, y2 - y1
        length = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / length, dx / length
        half = 0.035 + 0.17 * t**2.2
        upper.append((x + nx * half, y + ny * half))
        lower.append((x - nx * half, y - ny * half))
    pen.poly(upper + lower[::-1])
    end_x, end_y = centre[-1]
    pen.draw.ellipse(
        (*pen.p(end_x - 0.08, end_y - 0.24), *pen.p(end_x + 0.14, end_y + 0.2)), fill=255
    )
    pen.circle(0.1, 0.78, 0.06)


def _avenger(pen: _Pen) -> None:
    pen.arc(0.5, 0.52, 0.34, 130, 410, 0.11)
    pen.poly([(0.06, 0.46), (0.38, 0.52), (0.12, 0.8)])
    pen.poly(_star(0.5, 0.52, 0.16, 0.07))


def _star(cx: float, cy: float, r: float, r2: float, n: int = 5) -> list[Point]:
    pts: list[Point] = []
    for i in range(n * 2):
        a = math.pi * i / n - math.pi / 2
        rr = r if i % 2 == 0 else r2
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


def _berserker(pen: _Pen) -> None:
    pen.draw.ellipse((*pen.p(0.24, 0.46), *pen.p(0.76, 0.92)), fill=255)
    for x, y in ((0.16, 0.4), (0.36, 0.22), (0.64, 0.22), (0.84, 0.4)):
        pen.draw.ellipse((*pen.p(x - 0.1, y - 0.12), *pen.p(x + 0.1, y + 0.12)), fill=255)


def _mardroeme(pen: _Pen) -> None:
    pen.draw.chord((*pen.p(0.06, 0.1), *pen.p(0.94, 0.9)), 180, 360, fill=255)
    pen.rect(0.38, 0.46, 0.62, 0.92, radius=0.06)
    for x, y, r in ((0.3, 0.32, 0.06), (0.56, 0.22, 0.07), (0.74, 0.38, 0.05)):
        pen.circle(x, y, r, fill=0)


def _decoy(pen: _Pen) -> None:
    pen.line([(0.5, 0.26), (0.5, 0.98)], 0.07)
    pen.line([(0.1, 0.42), (0.9, 0.42)], 0.07)
    pen.circle(0.5, 0.2, 0.13)
    pen.poly([(0.26, 0.12), (0.74, 0.12), (0.5, -0.04)])
    pen.poly([(0.34, 0.42), (0.66, 0.42), (0.72, 0.74), (0.28, 0.74)])


# --- weather ------------------------------------------------------------------


def _cloud(pen: _Pen, y: float = 0.0) -> None:
    pen.circle(0.3, 0.5 + y, 0.17)
    pen.circle(0.52, 0.38 + y, 0.22)
    pen.circle(0.74, 0.52 + y, 0.15)
    pen.rect(0.3, 0.45 + y, 0.74, 0.67 + y, radius=0.0)


def _weather(pen: _Pen) -> None:
    _cloud(pen)


def _frost(pen: _Pen) -> None:
    for angle in (0, 60, 120):
        pen.line(_rotate([(0.5, 0.04), (0.5, 0.96)], angle), 0.08)
        for t in (0.2, 0.8):
            base = (0.5, 0.04 + 0.92 * t * 0.999)
            end = 0.12 if t < 0.5 else 0.88
            pen.line(_rotate([(0.34, end), base, (0.66, end)], angle), 0.06)


def _fog(pen: _Pen) -> None:
    _cloud(pen, -0.12)
    for y, x0, x1 in ((0.7, 0.1, 0.8), (0.83, 0.2, 0.92), (0.96, 0.06, 0.7)):
        pen.line([(x0, y), (x1, y)], 0.07)


def _rain(pen: _Pen) -> None:
    _cloud(pen, -0.14)
    for x in (0.3, 0.5, 0.7):
        pen.line([(x + 0.05, 0.66), (x - 0.05, 0.94)], 0.07)


def _storm(pen: _Pen) -> None:
    _cloud(pen, -0.14)
    pen.poly(
        [
            (0.56, 0.5),
            (0.36, 0.78),
            (0.5, 0.78),
            (0.42, 1.0),
            (0.7, 0.68),
            (0.54, 0.68),
            (0.64, 0.5),
        ],
        fill=0,
    )
    pen.poly(
        [
            (0.58, 0.54),
            (0.4, 0.76),
            (0.53, 0.76),
            (0.46, 0.94),
            (0.66, 0.7),
            (0.53, 0.7),
            (0.62, 0.54),
        ]
    )


def _sun(pen: _Pen) -> None:
    pen.circle(0.5, 0.5, 0.22)
    for i in range(8):
        a = math.pi * i / 4
        c, s = math.cos(a), math.sin(a)
        pen.line([(0.5 + 0.3 * c, 0.5 + 0.3 * s), (0.5 + 0.46 * c, 0.5 + 0.46 * s)], 0.07)


# --- other ----------------------------------------------------------------------


def _crown(pen: _Pen) -> None:
    pen.poly(
        [(0.08, 0.8), (0.06, 0.26), (0.3, 0.5), (0.5, 0.14), (0.7, 0.5), (0.94, 0.26), (0.92, 0.8)]
    )
    pen.rect(0.08, 0.84, 0.92, 0.94)
    for x, y in ((0.06, 0.22), (0.5, 0.1), (0.94, 0.22)):
        pen.circle(x, y, 0.06)


def _gem(pen: _Pen) -> None:
    pen.poly([(0.5, 0.04), (0.92, 0.42), (0.5, 0.96), (0.08, 0.42)])


def _cards(pen: _Pen) -> None:
    back = _rotate([(0.22, 0.12), (0.72, 0.12), (0.72, 0.86), (0.22, 0.86)], -12)
    pen.poly(back)
    pen.poly(_rotate([(0.3, 0.1), (0.8, 0.1), (0.8, 0.88), (0.3, 0.88)], 10), fill=0)
    pen.poly(_rotate([(0.34, 0.15), (0.76, 0.15), (0.76, 0.83), (0.34, 0.83)], 10))


def _deck(pen: _Pen) -> None:
    for i in range(3):
        off = 0.08 * i
        pen.rect(0.2 + off, 0.08 + off, 0.66 + off, 0.78 + off, fill=255, radius=0.04)
        pen.rect(0.25 + off, 0.13 + off, 0.61 + off, 0.73 + off, fill=0, radius=0.02)
    pen.rect(0.38, 0.3, 0.78, 0.9, fill=255, radius=0.04)


def _grave(pen: _Pen) -> None:
    pen.draw.rounded_rectangle(
        (*pen.p(0.2, 0.08), *pen.p(0.8, 0.92)), radius=0.28 * pen.n, fill=255
    )
    pen.rect(0.2, 0.6, 0.8, 0.92)
    pen.rect(0.46, 0.22, 0.54, 0.66, fill=0)
    pen.rect(0.34, 0.32, 0.66, 0.4, fill=0)


def _pass_flag(pen: _Pen) -> None:
    pen.line([(0.2, 0.06), (0.2, 0.96)], 0.08)
    pen.poly([(0.22, 0.08), (0.88, 0.26), (0.22, 0.48)])


# --- faction emblems (drawn faintly inside card bodies) ----------------------------


def _emblem_north(pen: _Pen) -> None:
    shield = [(0.14, 0.1), (0.86, 0.1), (0.86, 0.5), (0.5, 0.96), (0.14, 0.5)]
    pen.poly(shield)
    pen.poly(_rotate([(0.5, 0.22), (0.62, 0.42), (0.5, 0.78), (0.38, 0.42)], 0), fill=0)


def _emblem_nilfgaard(pen: _Pen) -> None:
    pen.circle(0.5, 0.5, 0.2)
    for i in range(16):
        a = math.pi * i / 8
        c, s = math.cos(a), math.sin(a)
        long = 0.48 if i % 2 == 0 else 0.38
        side = 0.07
        pen.poly(
            [
                (0.5 + 0.22 * c - side * s, 0.5 + 0.22 * s + side * c),
                (0.5 + long * c, 0.5 + long * s),
                (0.5 + 0.22 * c + side * s, 0.5 + 0.22 * s - side * c),
            ]
        )


def _emblem_monsters(pen: _Pen) -> None:
    for dx in (-0.22, 0.0, 0.22):
        pen.poly([(0.38 + dx, 0.06), (0.5 + dx, 0.08), (0.66 + dx, 0.94), (0.6 + dx, 0.96)])


def _emblem_scoiatael(pen: _Pen) -> None:
    top = [(0.1 + 0.8 * i / 20, 0.5 - 0.24 * math.sin(math.pi * i / 20)) for i in range(21)]
    bottom = [(x, 1 - y) for x, y in reversed(top)]
    pen.poly(_rotate(top + bottom, -45))
    pen.line(_rotate([(0.02, 0.5), (0.8, 0.5)], -45), 0.045, fill=0)
    pen.line(_rotate([(-0.02, 0.5), (0.12, 0.5)], -45), 0.06)


def _emblem_skellige(pen: _Pen) -> None:
    pen.ring(0.5, 0.14, 0.09, 0.06)
    pen.line([(0.5, 0.22), (0.5, 0.92)], 0.1)
    pen.line([(0.26, 0.36), (0.74, 0.36)], 0.08)
    pen.arc(0.5, 0.56, 0.38, 20, 160, 0.09)
    pen.poly([(0.1, 0.62), (0.2, 0.78), (0.04, 0.78)])
    pen.poly([(0.9, 0.62), (0.8, 0.78), (0.96, 0.78)])


def _emblem_neutral(pen: _Pen) -> None:
    pen.poly(_star(0.5, 0.5, 0.48, 0.14, 4))


_DRAWERS: dict[str, Callable[[_Pen], None]] = {
    "close": _sword,
    "ranged": _bow,
    "siege": _catapult,
    "agile": _agile,
    "medic": _medic,
    "morale_boost": _morale,
    "muster": _muster,
    "spy": _spy,
    "tight_bond": _tight_bond,
    "scorch": _scorch,
    "scorch_close": _scorch_row(_sword),
    "scorch_ranged": _scorch_row(_bow),
    "scorch_siege": _scorch_row(_catapult),
    "commanders_horn": _horn,
    "summon_avenger": _avenger,
    "berserker": _berserker,
    "mardroeme": _mardroeme,
    "decoy": _decoy,
    "weather": _weather,
    "clear_weather": _sun,
    "frost": _frost,
    "fog": _fog,
    "rain": _rain,
    "storm": _storm,
    "crown": _crown,
    "gem": _gem,
    "cards": _cards,
    "deck": _deck,
    "grave": _grave,
    "pass": _pass_flag,
    "star": lambda pen: pen.poly(_star(0.5, 0.54, 0.48, 0.2)),
    "emblem_northern_realms": _emblem_north,
    "emblem_nilfgaard": _emblem_nilfgaard,
    "emblem_monsters": _emblem_monsters,
    "emblem_scoiatael": _emblem_scoiatael,
    "emblem_skellige": _emblem_skellige,
    "emblem_neutral": _emblem_neutral,
}

ICON_NAMES = frozenset(_DRAWERS)
ROW_ICONS = ("close", "ranged", "siege")


@cache
@on_disk("icon-mask")
def icon_mask(name: str, size: int) -> Image.Image:
    """The icon as a greyscale coverage mask, size x size pixels."""
    pen = _Pen(size)
    _DRAWERS.get(name, _DRAWERS["star"])(pen)
    return pen.image.resize((size, size), Image.Resampling.LANCZOS)


@cache
def icon(name: str, size: int, colour: RGB) -> Image.Image:
    """The icon in one colour on a transparent background (RGBA)."""
    out = Image.new("RGBA", (size, size), (*colour, 0))
    out.putalpha(icon_mask(name, size))
    return out


def weather_icon_name(rows: tuple[int, ...], abilities: tuple[str, ...] = ()) -> str:
    """The icon for a weather card, chosen by the rows it affects."""
    if "clear_weather" in abilities or not rows:
        return "clear_weather"
    if len(rows) > 1:
        return "storm"
    return ("frost", "fog", "rain")[rows[0]]
