"""The fonts, loaded once per size: the bundled DejaVu faces and a fallback chain.

Text in the bundled faces (Latin, Greek, Cyrillic) is laid out with FreeType's basic
layout (no Raqm), so it gives the same pixels on every machine with the same Pillow
build. Characters they lack (Chinese, Japanese, Korean, emoji, Indic scripts...) are drawn
from the fallback chain: Noto fonts installed by PyPI packages (manimgx-fonts for Noto
Sans, its script faces, Symbols and monochrome Noto Emoji; noto-cjk-sans-jp-bold for Noto
Sans CJK). Right-to-left and complex-script runs are shaped with Raqm where Pillow has it.
A missing package only shortens the chain.
"""

from __future__ import annotations

from contextlib import suppress
from functools import cache
from importlib import resources
from pathlib import Path

from PIL import ImageFont, features

ASSETS_DIR = Path(__file__).resolve().parents[2] / "assets"
FONT_DIR = ASSETS_DIR / "fonts"

SERIF_BOLD = "serif_bold"  # numbers, scores, titles
SANS_BOLD = "sans_bold"  # names and labels
SANS = "sans"  # running text
NARROW_BOLD = "narrow_bold"  # card names too long for SANS_BOLD

FONT_FILES = {
    SERIF_BOLD: "DejaVuSerif-Bold.ttf",
    SANS_BOLD: "DejaVuSansCondensed-Bold.ttf",
    SANS: "DejaVuSansCondensed.ttf",
    NARROW_BOLD: "PTN77F.ttf",  # PT Sans Narrow Bold
}
_BOLD = frozenset({SERIF_BOLD, SANS_BOLD, NARROW_BOLD})

# The fallback faces, in the order they are tried: (package, file).
NOTO = "manimgx_fonts"
CJK = "noto_cjk_sans_jp_bold"
EMOJI_FILE = "NotoEmoji[wght].ttf"
FALLBACK_FILES: tuple[tuple[str, str], ...] = (
    (NOTO, "NotoSans[wght].ttf"),
    (NOTO, "NotoSansArabic[wght].ttf"),
    (NOTO, "NotoSansHebrew[wght].ttf"),
    (CJK, "NotoSansCJKjp-Bold.otf"),
    *((NOTO, f"NotoSans{script}[wght].ttf") for script in (
        "Armenian", "Georgian", "Devanagari", "Bengali", "Gurmukhi", "Gujarati", "Oriya",
        "Tamil", "Telugu", "Kannada", "Malayalam", "Sinhala", "Thai", "Lao", "Khmer",
        "Myanmar", "Ethiopic", "Symbols")),
    (NOTO, EMOJI_FILE),
)

Font = ImageFont.FreeTypeFont

RAQM = features.check_feature("raqm")


@cache
def font(kind: str, size: int) -> Font:
    """Return the bundled font of this kind at this pixel size."""
    path = FONT_DIR / FONT_FILES[kind]
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


@cache
def _installed(package: str, name: str) -> Path | None:
    try:
        path = Path(str(resources.files(package).joinpath(name)))
    except ModuleNotFoundError:
        return None
    return path if path.is_file() else None


_BOLD_FACES: set[Font] = set()


@cache
def _load(path: Path, size: int, bold: bool, shaped: bool) -> Font:
    layout = ImageFont.Layout.RAQM if shaped and RAQM else ImageFont.Layout.BASIC
    fnt = ImageFont.truetype(str(path), size, layout_engine=layout)
    if bold:
        _BOLD_FACES.add(fnt)
        with suppress(OSError, ValueError):  # a static face, or no Bold instance
            fnt.set_variation_by_name("Bold")
    return fnt


def _bold(fnt: Font) -> bool:
    return fnt in _BOLD_FACES or Path(str(fnt.path)).name in {FONT_FILES[k] for k in _BOLD}


@cache
def fallbacks(fnt: Font) -> tuple[Font, ...]:
    """The installed fallback faces for a bundled font, at its size (basic layout)."""
    paths = (_installed(package, name) for package, name in FALLBACK_FILES)
    return tuple(_load(path, int(fnt.size), _bold(fnt), False)
                 for path in paths if path is not None)


def is_emoji_font(fnt: Font) -> bool:
    """True for the emoji face of the fallback chain."""
    return Path(str(fnt.path)).name == EMOJI_FILE


@cache
def shaped(fnt: Font) -> Font:
    """The same face, size and weight laid out with Raqm (bidi, shaping, ligatures) when
    Pillow has it, else the font itself."""
    if not RAQM:
        return fnt
    return _load(Path(str(fnt.path)), int(fnt.size), _bold(fnt), True)
