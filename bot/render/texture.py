"""Shared surfaces: the wood of the table and the leather panels laid on it."""

from __future__ import annotations

import random

from PIL import Image, ImageDraw

from bot.render.theme import GOLD_DARK, PANEL, RGB, WOOD_DARK, WOOD_LIGHT


def _blend(dark: int, light: int, mask: int) -> int:
    """Pillow's composite of two values under a mask value, rounded as Pillow rounds it."""
    tmp = dark * (255 - mask) + light * mask + 128
    return ((tmp >> 8) + tmp) >> 8


def wood(w: int, h: int, seed: int, sides_only: bool = False) -> Image.Image:
    """Dark wood with horizontal grain and a vignette (darker towards every edge, or towards
    the left and right ones only); the same seed gives the same pixels."""
    rng = random.Random(seed)
    sw, sh = 40, 260
    draw = rng.getrandbits  # rng.randrange(256), value for value, without its overhead
    values = bytearray(sw * sh)
    for i in range(sw * sh):
        v = draw(9)
        while v >= 256:
            v = draw(9)
        values[i] = v
    noise = Image.frombytes("L", (sw, sh), bytes(values))
    noise = noise.resize((w, h), Image.Resampling.BICUBIC)  # stretched: long grain
    # The grain's shade (70..180 of 255) blends dark into light wood: one table a channel.
    shade = [70 + v * 110 // 255 for v in range(256)]
    img = noise.convert("RGB").point(
        [_blend(WOOD_DARK[c], WOOD_LIGHT[c], shade[v]) for c in range(3) for v in range(256)]
    )
    gradient = Image.radial_gradient("L")
    if sides_only:  # the middle row of the radial gradient, the same on every line
        gradient = gradient.crop((0, 127, 256, 128))
    vignette = gradient.resize((w, h), Image.Resampling.BILINEAR)
    vignette = vignette.point(lambda v: min(255, max(0, (v - 90) * 2)))
    return Image.composite(Image.new("RGB", (w, h), (8, 5, 3)), img, vignette)


def headed_wood(w: int, h: int, seed: int, bar_h: int) -> Image.Image:
    """Wood under a dark header bar of height bar_h, closed by a gold line."""
    img = wood(w, h, seed)
    bar = Image.new("RGBA", (w, bar_h), (10, 7, 5, 215))
    img.paste(bar, (0, 0), bar)
    ImageDraw.Draw(img).line((0, bar_h - 1, w, bar_h - 1), fill=GOLD_DARK, width=2)
    return img


def panel(
    img: Image.Image,
    box: tuple[int, int, int, int],
    fill: RGB = PANEL,
    outline: RGB = GOLD_DARK,
    radius: int = 10,
    alpha: int = 235,
) -> None:
    """Lay a rounded, slightly translucent panel with a thin outline on img."""
    x0, y0, x1, y1 = box
    layer = Image.new("RGBA", (x1 - x0, y1 - y0), (0, 0, 0, 0))
    ImageDraw.Draw(layer).rounded_rectangle(
        (0, 0, x1 - x0 - 1, y1 - y0 - 1),
        radius=radius,
        fill=(*fill, alpha),
        outline=(*outline, 255),
        width=2,
    )
    img.paste(layer, (x0, y0), layer)
