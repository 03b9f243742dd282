"""The fixed 256-colour palette the match images are stored in, and how it is rebuilt.

Colour space is cut into 16x16x16 buckets (the top 4 bits of each channel, the fine cube of
Pillow's fast octree, so images look as they did when each was quantised on its own). The
256 buckets the images use most each own one palette entry, shown as the mean colour of the
pixels mapped to it; a pixel in any other bucket takes the nearest owned bucket.

Mapping goes through Pillow's palette cache, which answers "nearest entry" per cell of
4x4x4 values by the cell's lowest corner. So the image is first mapped onto a *probe*
palette whose entries sit at 6 of a bucket's 16 values: every corner of a bucket's cells is
then strictly nearest its own bucket's probe, and the map is exact. The probe palette
object is kept, so its cache fills once per process; then the display colours replace the
probes. Mapping a full board this way costs a lookup per pixel, against an octree per image.

    python -m bot.render --rebuild-palette   rebuild assets/palette.json after the theme
                                             changes (from the samples and random matches),
                                             then check: python -m pytest tests/bot/render
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image

from bot.render.fonts import ASSETS_DIR

if TYPE_CHECKING:
    from engine.observation import Observation

PALETTE_FILE = ASSETS_DIR / "palette.json"
COLOURS = 256
BUCKET_SHIFT = 4  # 16 values a bucket
PROBE = 6  # the probe's place in its bucket (see the module docstring)
TRAINING_MATCHES = (1, 2, 3, 4, 5, 6)


def probe(bucket: int) -> tuple[int, int, int]:
    """The colour that stands for a bucket (r, g and b bucket numbers in 4 bits each)."""
    size = 1 << BUCKET_SHIFT
    return ((bucket >> 8) * size + PROBE, ((bucket >> 4) & 15) * size + PROBE,
            (bucket & 15) * size + PROBE)


def bucket_of(rgb: tuple[int, int, int]) -> int:
    """The bucket number of a colour."""
    r, g, b = (c >> BUCKET_SHIFT for c in rgb)
    return (r << 8) | (g << 4) | b


def _palette_image(colours: Sequence[tuple[int, int, int]]) -> Image.Image:
    img = Image.new("P", (1, 1))
    img.putpalette([c for rgb in colours for c in rgb])
    return img


class FixedPalette:
    """The buckets that own an entry and the colours shown for them."""

    def __init__(self, buckets: Sequence[int], colours: Sequence[tuple[int, int, int]]) -> None:
        if len(buckets) != COLOURS or len(colours) != COLOURS:
            raise ValueError(f"a palette has {COLOURS} buckets and colours")
        self.buckets = tuple(buckets)
        self.colours = tuple(colours)
        self._probes = _palette_image([probe(b) for b in self.buckets])
        self.display = [c for rgb in self.colours for c in rgb]  # r, g, b of each entry

    def quantize(self, img: Image.Image) -> Image.Image:
        """Map an RGB image onto the palette (a P image)."""
        out = img.quantize(palette=self._probes, dither=Image.Dither.NONE)
        out.putpalette(self.display)
        return out

    def to_json(self) -> str:
        """The palette as the JSON document stored in assets/palette.json."""
        rows = ",\n".join(f'  [{b}, "#{r:02x}{g:02x}{bl:02x}"]'
                          for b, (r, g, bl) in zip(self.buckets, self.colours, strict=True))
        return '{"format": "gwent-palette", "entries": [\n' + rows + "\n]}\n"


@cache
def theme_palette() -> FixedPalette:
    """The palette in assets/palette.json, loaded once."""
    data = json.loads(Path(PALETTE_FILE).read_text(encoding="utf-8"))
    entries = data["entries"]
    return FixedPalette([b for b, _ in entries],
                        [tuple(int(h[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[misc]
                         for _, h in entries])


def build(images: Iterable[Image.Image]) -> FixedPalette:
    """The palette that suits these images best, each counting the same."""
    histograms: list[list[tuple[float, tuple[int, int, int]]]] = []
    use: defaultdict[int, float] = defaultdict(float)
    for img in images:
        rgb_img = img.convert("RGB")
        counts = rgb_img.getcolors(img.width * img.height)
        assert counts is not None
        total = img.width * img.height
        hist = [(n / total, (int(c[0]), int(c[1]), int(c[2])))  # type: ignore[index]
                for n, c in counts]
        histograms.append(hist)
        for weight, rgb in hist:
            use[bucket_of(rgb)] += weight
    buckets = sorted(use, key=lambda b: (-use[b], b))[:COLOURS]
    buckets += [buckets[-1]] * (COLOURS - len(buckets))  # every entry must be a real colour
    probes = _palette_image([probe(b) for b in buckets])
    sums: defaultdict[int, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0.0])
    for hist in histograms:
        strip = Image.new("RGB", (len(hist), 1))
        strip.putdata([rgb for _, rgb in hist])
        mapped = strip.quantize(palette=probes, dither=Image.Dither.NONE)
        indices = [int(i) for i in mapped.tobytes()]
        for (weight, rgb), index in zip(hist, indices, strict=True):
            acc = sums[index]
            for ch in range(3):
                acc[ch] += weight * rgb[ch]
            acc[3] += weight
    colours = []
    for index, bucket in enumerate(buckets):
        r, g, b, weight = sums[index]
        colours.append((round(r / weight), round(g / weight), round(b / weight)) if weight
                       else probe(bucket))
    return FixedPalette(buckets, colours)


def training_images() -> list[Image.Image]:
    """The board, view and hand samples, and the boards, views and hands of a few random
    matches, in their own colours."""
    from bot.render import hand_image
    from bot.render.board import drawn_image, public_board_looks
    from bot.render.player_view import view_looks
    from bot.render.samples import SAMPLES, played_match

    def board(obs: Observation) -> Image.Image:
        return drawn_image(public_board_looks(obs))

    def view(obs: Observation) -> Image.Image:
        return drawn_image(view_looks(obs))

    draw = {"board": board, "view": view, "hand": hand_image}
    images = [draw[kind](sample()) for kind, sample in SAMPLES.values() if kind in draw]
    for seed in TRAINING_MATCHES:
        positions = played_match(seed)
        for public, private in positions[:: max(1, len(positions) // 6)]:
            images += [board(public), view(private), hand_image(private)]
    return images


def rebuild() -> Path:
    """Rebuild assets/palette.json from the training images; return its path."""
    Path(PALETTE_FILE).write_text(build(training_images()).to_json(), encoding="utf-8")
    theme_palette.cache_clear()
    return Path(PALETTE_FILE)
