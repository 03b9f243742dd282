"""The bundled fonts, loaded once per size.

Text is laid out with FreeType's basic layout (no Raqm), so the same text gives
the same pixels on every machine that has the same Pillow build.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import ImageFont

ASSETS_DIR = Path(__file__).resolve().parents[2] / "assets"
FONT_DIR = ASSETS_DIR / "fonts"

SERIF_BOLD = "serif_bold"  # numbers, scores, titles
SANS_BOLD = "sans_bold"  # names and labels
SANS = "sans"  # running text

FONT_FILES = {
    SERIF_BOLD: "DejaVuSerif-Bold.ttf",
    SANS_BOLD: "DejaVuSansCondensed-Bold.ttf",
    SANS: "DejaVuSansCondensed.ttf",
}

Font = ImageFont.FreeTypeFont


@cache
def font(kind: str, size: int) -> Font:
    """Return the bundled font of this kind at this pixel size."""
    path = FONT_DIR / FONT_FILES[kind]
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)
