"""PNG encoding with fixed settings, so the same image always gives the same bytes."""

from __future__ import annotations

import io
import struct
import zlib

from isal import isal_zlib
from PIL import Image

from bot.render.palette import FixedPalette

COMPRESS_LEVEL = 1
PALETTE_COLOURS = 256
# ISA-L's level 1 deflate: about five times as fast as zlib's level 1 on the board, and a
# little smaller. Any inflater reads it.
ISAL_LEVEL = 1
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
COLOUR_TYPES = {"L": 0, "P": 3}


def to_png(img: Image.Image, quantize: bool = True, palette: FixedPalette | None = None) -> bytes:
    """Encode as PNG without metadata.

    With a fixed palette (the match images use bot.render.palette.theme_palette()) the
    image is mapped onto it: a table lookup per pixel. Otherwise quantize=True turns the
    image into its own 256-colour palette (fast octree, no dithering), which suits any
    colours but costs several times as much. A palette image is a quarter of the size of
    an RGB encoding (about 120 KB instead of 470 KB for the full board), with no visible
    change on these images.
    """
    if img.mode not in ("RGB", "RGBA", "P", "L"):
        img = img.convert("RGB")
    if (palette is not None or quantize) and img.mode in ("RGB", "RGBA"):
        if img.mode == "RGBA":
            img = img.convert("RGB")
        if palette is not None:
            img = palette.quantize(img)
        else:
            img = img.quantize(
                PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
            )
    if img.mode in COLOUR_TYPES:
        return _indexed_png(img)
    buf = io.BytesIO()
    img.save(buf, "PNG", optimize=False, compress_level=COMPRESS_LEVEL)
    return buf.getvalue()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _indexed_png(img: Image.Image) -> bytes:
    """A P or L image as PNG: 8 bits a pixel, no filter (they do not help indices)."""
    w, h = img.size
    # Each row starts with its filter byte (0): the image pasted one column in from a zeroed
    # one, in C, instead of a join of the rows.
    padded = Image.new("L", (w + 1, h), 0)
    padded.im.paste(img.im, (1, 0, w + 1, h))
    rows = padded.tobytes()
    header = struct.pack(">IIBBBBB", w, h, 8, COLOUR_TYPES[img.mode], 0, 0, 0)
    parts = [PNG_SIGNATURE, _chunk(b"IHDR", header)]
    if img.mode == "P":
        colours = img.getpalette() or []
        parts.append(_chunk(b"PLTE", bytes(colours)))
    parts += [_chunk(b"IDAT", isal_zlib.compress(rows, ISAL_LEVEL)), _chunk(b"IEND", b"")]
    return b"".join(parts)
