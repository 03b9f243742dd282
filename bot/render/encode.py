"""PNG encoding with fixed settings, so the same image always gives the same bytes."""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Sequence
from typing import NamedTuple

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
# A zlib stream's header (deflate, 32 KB window, fastest), and the empty last block that
# closes the deflate data after bands that each end on a sync flush.
ZLIB_HEADER = b"\x78\x01"
LAST_EMPTY_BLOCK = b"\x03\x00"
_ADLER_BASE = 65521


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
    rows = _rows(img)
    header = struct.pack(">IIBBBBB", w, h, 8, COLOUR_TYPES[img.mode], 0, 0, 0)
    parts = [PNG_SIGNATURE, _chunk(b"IHDR", header)]
    if img.mode == "P":
        colours = img.getpalette() or []
        parts.append(_chunk(b"PLTE", bytes(colours)))
    parts += [_chunk(b"IDAT", isal_zlib.compress(rows, ISAL_LEVEL)), _chunk(b"IEND", b"")]
    return b"".join(parts)


class Band(NamedTuple):
    """A full-width strip of an indexed image, compressed on its own: images made of the
    same bands share the work (see join_bands)."""

    width: int
    height: int
    deflated: bytes  # raw deflate of the PNG rows (filter byte 0, then the palette indices)
    adler: int  # Adler-32 of those rows


def _rows(img: Image.Image) -> bytes:
    """A P or L image's PNG rows, each led by its filter byte (0): the image pasted one column
    in from a zeroed one, in C, instead of a join of the rows."""
    w, h = img.size
    padded = Image.new("L", (w + 1, h), 0)
    padded.im.paste(img.im, (1, 0, w + 1, h))
    return padded.tobytes()


def encode_band(img: Image.Image, palette: FixedPalette) -> Band:
    """An RGB strip mapped onto the fixed palette and compressed as a band."""
    rows = _rows(palette.quantize(img if img.mode == "RGB" else img.convert("RGB")))
    packer = isal_zlib.compressobj(ISAL_LEVEL, isal_zlib.DEFLATED, -15)
    deflated = packer.compress(rows) + packer.flush(isal_zlib.Z_SYNC_FLUSH)
    return Band(img.width, img.height, deflated, isal_zlib.adler32(rows))


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings one after the other, from each one's (zlib's
    adler32_combine)."""
    rem = second_length % _ADLER_BASE
    low = first & 0xFFFF
    high = (rem * low) % _ADLER_BASE
    low += (second & 0xFFFF) + _ADLER_BASE - 1
    high += (first >> 16) + (second >> 16) + _ADLER_BASE - rem
    return (low % _ADLER_BASE) | ((high % _ADLER_BASE) << 16)


def join_bands(bands: Sequence[Band], palette: FixedPalette) -> bytes:
    """The PNG of the bands stacked top to bottom: their compressed rows are joined as they
    are, so only the new bands of an image cost anything to encode."""
    width = bands[0].width
    if any(band.width != width for band in bands):
        raise ValueError("bands of one image share its width")
    adler = 1  # the Adler-32 of nothing
    for band in bands:
        adler = adler32_combine(adler, band.adler, (width + 1) * band.height)
    stream = b"".join((ZLIB_HEADER, *(band.deflated for band in bands), LAST_EMPTY_BLOCK,
                       adler.to_bytes(4, "big")))
    height = sum(band.height for band in bands)
    header = struct.pack(">IIBBBBB", width, height, 8, COLOUR_TYPES["P"], 0, 0, 0)
    return b"".join((PNG_SIGNATURE, _chunk(b"IHDR", header),
                     _chunk(b"PLTE", bytes(palette.display)), _chunk(b"IDAT", stream),
                     _chunk(b"IEND", b"")))


def bands_image(bands: Sequence[Band], palette: FixedPalette) -> Image.Image:
    """The RGB image of the bands stacked: the pixels of join_bands' PNG."""
    width = bands[0].width
    img = Image.new("L", (width, sum(band.height for band in bands)))
    y = 0
    for band in bands:
        rows = zlib.decompressobj(-15).decompress(band.deflated)
        strip = Image.frombytes("L", (width + 1, band.height), rows)
        img.paste(strip.crop((1, 0, width + 1, band.height)), (0, y))
        y += band.height
    img.putpalette(palette.display, "RGB")  # an L image given a palette becomes P
    return img.convert("RGB")
