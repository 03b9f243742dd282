"""Images drawn in RGB and mapped onto the fixed palette (bot.render.palette) as they are
drawn, so that encoding them maps only what was not mapped before.

Mapping every pixel of a hand image onto the palette costs more than drawing it. But most of
its pixels come from parts that are drawn again and again: the wood (mapped once per size)
and the card faces' opaque rows (mapped once per sprite, tiles.Sprite.mapped). A Canvas keeps
the palette indices of its RGB image in step: a sprite's opaque rows are pasted as indices
too, and any other drawing (text, a sprite's blended edges) marks its rows, which are mapped
from the finished RGB image at the end. As mapping is a lookup per pixel, the indices are
exactly those of mapping the finished image whole.
"""

from __future__ import annotations

from PIL import Image

from bot.render.palette import FixedPalette
from bot.render.tiles import Sprite


class Canvas:
    """An RGB image to draw on and the palette indices of its pixels."""

    def __init__(self, rgb: Image.Image, indices: Image.Image, palette: FixedPalette) -> None:
        """Start from rgb (drawn on in place) and its indices (palette.quantize(rgb),
        copied)."""
        if rgb.size != indices.size:
            raise ValueError("an image and its indices have one size")
        self.rgb = rgb
        self._indices = indices.copy()
        self._palette = palette
        self._drawn: list[tuple[int, int]] = []

    def paste(self, sprite: Sprite, x: int, y: int) -> None:
        """Lay a sprite on the image with its top-left corner at x, y."""
        sprite.paste(self.rgb, x, y)
        target = self._indices.im
        for (x0, y0, x1, y1), mapped in sprite.mapped(self._palette):
            target.paste(mapped.im, (x + x0, y + y0, x + x1, y + y1))
        for top, bottom in sprite.blended():
            self.drawn(y + top, y + bottom)

    def drawn(self, top: int, bottom: int) -> None:
        """Say that rows top to bottom (excluded) of the RGB image were drawn on otherwise."""
        self._drawn.append((max(0, top), min(self.rgb.height, bottom)))

    def indices(self) -> Image.Image:
        """The palette image of the RGB image as drawn (call once, when it is finished)."""
        w = self.rgb.width
        for top, bottom in _merged(self._drawn):
            strip = self._palette.quantize(self.rgb.crop((0, top, w, bottom)))
            self._indices.im.paste(strip.im, (0, top, w, bottom))
        self._drawn = []
        return self._indices


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Overlapping or touching spans of rows joined, top first."""
    out: list[tuple[int, int]] = []
    for top, bottom in sorted(span for span in spans if span[0] < span[1]):
        if out and top <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], bottom))
        else:
            out.append((top, bottom))
    return out


__all__ = ["Canvas"]
