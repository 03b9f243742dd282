"""The rank emblem: a stained-glass disc of 5 pieces around the rank number, or Pro Rank."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from bot.ranking.ranks import PIECES, PRO
from bot.render.fonts import SERIF_BOLD, font
from bot.render.theme import GOLD, GOLD_DARK, GOLD_LIGHT, RGB, TEXT, mix

_SS = 4  # supersampling factor
LEAD: RGB = (18, 12, 8)  # the dark lines between the glass pieces
GLASS_OFF: RGB = (58, 48, 44)
# Glass colours by rank band: 30-26, 25-15, 14-8, 7-1 (Pro Rank is gold).
_BANDS: tuple[tuple[int, RGB], ...] = ((26, (196, 122, 64)), (15, (96, 150, 214)),
                                       (8, (76, 178, 112)), (1, (184, 84, 200)))


def band_colour(rank: int) -> RGB:
    """The glass colour of a rank."""
    if rank == PRO:
        return GOLD
    return next(colour for lowest, colour in _BANDS if rank >= lowest)


@cache
def rank_emblem(rank: int, pieces: int, size: int) -> Image.Image:
    """The emblem of a rank with its pieces lit, size x size, on a transparent background."""
    n = size * _SS
    img = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    colour = band_colour(rank)
    pad, ring = n * 0.02, n * 0.06
    draw.ellipse((pad, pad, n - pad, n - pad), fill=(*GOLD_DARK, 255))
    inner = (pad + ring, pad + ring, n - pad - ring, n - pad - ring)
    lit = PIECES if rank == PRO else pieces
    for piece in range(PIECES):
        start = -90 + piece * 360 / PIECES
        fill = mix(colour, (255, 255, 255), 0.12) if piece < lit else GLASS_OFF
        draw.pieslice(inner, start, start + 360 / PIECES, fill=(*fill, 255),
                      outline=(*LEAD, 255), width=max(1, round(n * 0.025)))
    centre = n * 0.27
    draw.ellipse((n / 2 - centre, n / 2 - centre, n / 2 + centre, n / 2 + centre),
                 fill=(*LEAD, 255), outline=(*(GOLD_LIGHT if rank == PRO else GOLD), 255),
                 width=max(1, round(n * 0.025)))
    label = "PRO" if rank == PRO else str(rank)
    size_px = round(n * (0.2 if rank == PRO else 0.3))
    draw.text((n / 2, n / 2), label, font=font(SERIF_BOLD, size_px),
              fill=(*(GOLD_LIGHT if rank == PRO else TEXT), 255), anchor="mm")
    return img.resize((size, size), Image.Resampling.LANCZOS)
