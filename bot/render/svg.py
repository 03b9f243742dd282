"""SVG to pixels: the one place the renderer calls resvg (resvg-py, MIT).

resvg draws the same pixels on every machine (its own software rasteriser, no system
library); system fonts are not loaded, as the renderer's SVGs hold no text.
"""

from __future__ import annotations

import io

import resvg_py
from PIL import Image


def rasterise_image(svg: str, width: int) -> Image.Image:
    """The SVG drawn width pixels wide (its height follows its viewBox), as RGBA."""
    png = resvg_py.svg_to_bytes(svg_string=svg, width=width, skip_system_fonts=True)
    return Image.open(io.BytesIO(bytes(png))).convert("RGBA")


__all__ = ["rasterise_image"]
