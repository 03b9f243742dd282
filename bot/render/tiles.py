"""Drawing parts of an image once: sprites that paste fast, tiles and bands remembered by key.

Blending an RGBA image onto another costs several times as much as copying it, and a card
face is opaque but for its rounded corners. A Sprite copies the rows that are fully opaque
and blends only the others (the pixels are the same as a masked paste).

A sprite also keeps its opaque rows mapped onto the fixed palette, once: an image composed
of sprites maps only the rows drawn otherwise (bot.render.indexed).

A Tiles cache remembers the pixels of a box after something was drawn in it (text, say),
under a key that names everything that decides those pixels, the image below included; the
next time the key comes back the box is pasted whole instead of drawn again.

A Bands cache goes further for images made of full-width strips (the board and the players'
views): a strip is drawn, mapped onto the palette and compressed once for its key, and any
image that shows it again joins the compressed bytes (bot.render.encode.join_bands).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import lru_cache

from PIL import Image

from bot.render.encode import Band, encode_band
from bot.render.palette import FixedPalette, theme_palette

Box = tuple[int, int, int, int]
COPY, BLEND, SKIP = "copy", "blend", "skip"
MIN_COPY_ROWS = 8
_ALL: list[Tiles | Bands] = []


class Sprite:
    """An RGBA image prepared for pasting: opaque rows are copied, the others blended."""

    __slots__ = ("_mapped", "_parts", "height", "image", "width")

    def __init__(self, image: Image.Image) -> None:
        rgba = image if image.mode == "RGBA" else image.convert("RGBA")
        self.image = rgba
        self.width, self.height = rgba.size
        layout = _layout(rgba.getchannel("A").tobytes(), self.width)
        self._parts: list[tuple[Box, Image.Image, bool]] = []
        for a, b, kind in layout:
            band = rgba.crop((0, a, self.width, b))
            if kind == COPY:
                band = band.convert("RGB")
            self._parts.append(((0, a, self.width, b), band, kind == BLEND))
        self._mapped: tuple[FixedPalette, tuple[tuple[Box, Image.Image], ...]] | None = None

    def paste(self, img: Image.Image, x: int, y: int) -> None:
        """Lay the sprite on img with its top-left corner at x, y (img is drawn on in place)."""
        target = img.im  # the core's paste skips Image.paste's checks: about half the time
        for (x0, y0, x1, y1), band, blend in self._parts:
            box = (x + x0, y + y0, x + x1, y + y1)
            if blend:
                target.paste(band.im, box, band.im)
            else:
                target.paste(band.im, box)

    def mapped(self, palette: FixedPalette) -> tuple[tuple[Box, Image.Image], ...]:
        """The copied (opaque) rows mapped onto the palette, each with its box in the sprite:
        mapped the first time they are asked for."""
        kept = self._mapped
        if kept is None or kept[0] is not palette:
            kept = self._mapped = (palette, tuple(
                (box, palette.quantize(band)) for box, band, blend in self._parts if not blend))
        return kept[1]

    def blended(self) -> tuple[tuple[int, int], ...]:
        """The rows (top, bottom) whose pixels are blended with what lies under them."""
        return tuple((box[1], box[3]) for box, _, blend in self._parts if blend)


@lru_cache(maxsize=64)
def _layout(alpha: bytes, width: int) -> tuple[tuple[int, int, str], ...]:
    """The row bands of an alpha channel to copy or blend (faces of a size share one)."""
    opaque, clear = b"\xff" * width, bytes(width)
    kinds = [COPY if row == opaque else SKIP if row == clear else BLEND
             for row in (alpha[y : y + width] for y in range(0, len(alpha), width))]
    # A short opaque run between blended ones is blended too: one call costs more.
    runs = [(a, b, BLEND if kind == COPY and b - a < MIN_COPY_ROWS else kind)
            for a, b, kind in _runs(kinds)]
    return tuple(band for band in _merge(runs) if band[2] != SKIP)


def _runs(kinds: list[str]) -> list[tuple[int, int, str]]:
    """Runs of equal kinds as (start, end, kind)."""
    runs: list[tuple[int, int, str]] = []
    for y, kind in enumerate(kinds):
        if runs and runs[-1][2] == kind:
            runs[-1] = (runs[-1][0], y + 1, kind)
        else:
            runs.append((y, y + 1, kind))
    return runs


def _merge(runs: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """Join neighbouring runs of the same kind."""
    out: list[tuple[int, int, str]] = []
    for a, b, kind in runs:
        if out and out[-1][2] == kind:
            out[-1] = (out[-1][0], b, kind)
        else:
            out.append((a, b, kind))
    return out


class Tiles:
    """Boxes of an image remembered by key, the least recently used forgotten first."""

    def __init__(self, maxsize: int) -> None:
        self._maxsize = maxsize
        self._tiles: OrderedDict[Hashable, Image.Image] = OrderedDict()
        self._lock = threading.Lock()
        _ALL.append(self)

    def draw(self, img: Image.Image, box: Box, key: Hashable, draw: Callable[[], None]) -> None:
        """Paste the box remembered for key onto img, or call draw() and remember the box.

        draw() must paint inside box only, and key must name everything that decides the
        box's pixels, including what lies under it.
        """
        with self._lock:
            tile = self._tiles.get(key)
            if tile is not None:
                self._tiles.move_to_end(key)
        if tile is not None:
            img.paste(tile, box[:2])
            return
        draw()
        tile = img.crop(box)
        with self._lock:
            self._tiles[key] = tile
            if len(self._tiles) > self._maxsize:
                self._tiles.popitem(last=False)


class Bands:
    """Encoded bands by key, the least recently used forgotten first."""

    def __init__(self, maxsize: int) -> None:
        self._maxsize = maxsize
        self._tiles: OrderedDict[Hashable, Band] = OrderedDict()
        self._lock = threading.Lock()
        self.drawn = 0  # bands drawn since the process started (the others came from here)
        _ALL.append(self)

    def get(self, key: Hashable, draw: Callable[[], Image.Image]) -> Band:
        """The band kept for key, or draw() (an RGB strip) encoded and kept.

        key must name everything that decides the strip's pixels, its size included.
        """
        with self._lock:
            band = self._tiles.get(key)
            if band is not None:
                self._tiles.move_to_end(key)
                return band
        band = encode_band(draw(), theme_palette())
        with self._lock:
            self.drawn += 1
            self._tiles[key] = band
            if len(self._tiles) > self._maxsize:
                self._tiles.popitem(last=False)
        return band


def clear_tiles() -> None:
    """Forget the tiles and bands of every cache (for tests of cold rendering)."""
    for tiles in _ALL:
        with tiles._lock:
            tiles._tiles.clear()
