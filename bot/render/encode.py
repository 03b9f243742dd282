"""PNG encoding with fixed settings, so the same image always gives the same bytes."""

from __future__ import annotations

import io

from PIL import Image

COMPRESS_LEVEL = 1
PALETTE_COLOURS = 256


def to_png(img: Image.Image, quantize: bool = True) -> bytes:
    """Encode as PNG without metadata.

    quantize=True first turns the image into its own 256-colour palette (fast
    octree, no dithering). On the full board that takes about a third of the
    time of an RGB encoding and gives a file a quarter of the size (about
    120 KB instead of 470 KB), with no visible change on these images.
    (Mapping onto one fixed palette would be faster still, but Pillow's
    approximate nearest-colour search tints the near-black panels.)
    compress_level 1 is the fastest zlib level and costs under 10% in size
    against level 3.
    """
    if img.mode not in ("RGB", "RGBA", "P", "L"):
        img = img.convert("RGB")
    if quantize and img.mode in ("RGB", "RGBA"):
        if img.mode == "RGBA":
            img = img.convert("RGB")
        img = img.quantize(
            PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
        )
    buf = io.BytesIO()
    img.save(buf, "PNG", optimize=False, compress_level=COMPRESS_LEVEL)
    return buf.getvalue()
