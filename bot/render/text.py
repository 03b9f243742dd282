"""Text for display: sanitised player names and text fitted to a box."""

from __future__ import annotations

import unicodedata
from functools import cache, lru_cache

from bot.render.fonts import SANS_BOLD, Font, font

ELLIPSIS = "\u2026"
MAX_NAME_CHARS = 24
_MAX_MARKS = 2  # combining marks kept per base character ("zalgo" text)
_DROP_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
_MISSING_PROBE = "\U0010fffd"  # a private-use code point no bundled font covers


@cache
def _notdef(fnt: Font) -> bytes:
    return _glyph_key(fnt, _MISSING_PROBE)


def _glyph_key(fnt: Font, char: str) -> bytes:
    mask = fnt.getmask(char)
    return bytes(mask.size[0].to_bytes(2, "big") + mask.size[1].to_bytes(2, "big")) + bytes(mask)


@cache
def has_glyph(fnt: Font, char: str) -> bool:
    """True when the font draws this character as something other than a missing box."""
    if char.isspace():
        return True
    return _glyph_key(fnt, char) != _notdef(fnt)


def sanitize_name(
    name: str | None,
    fallback: str = "Player",
    max_chars: int = MAX_NAME_CHARS,
    fnt: Font | None = None,
) -> str:
    """Return a player name that is safe and pleasant to draw.

    Control, format (zero-width, bidi override), private-use and unassigned
    characters are removed, runs of white space become one space, stacks of
    combining marks are cut short, characters the bundled font cannot draw
    (most emoji) are dropped, and the result is cut to max_chars with an
    ellipsis. An empty result gives the fallback.
    """
    fnt = fnt or font(SANS_BOLD, 32)
    text = unicodedata.normalize("NFC", name or "")
    out: list[str] = []
    marks = 0
    for char in text:
        category = unicodedata.category(char)
        if char.isspace() or category == "Zs":  # tabs and new lines too
            if out and out[-1] != " ":
                out.append(" ")
            marks = 0
            continue
        if category in _DROP_CATEGORIES:
            continue
        if category in ("Mn", "Me"):
            if not out or out[-1] == " " or marks >= _MAX_MARKS:
                continue
            marks += 1
        else:
            marks = 0
        if not has_glyph(fnt, char):
            continue
        out.append(char)
    cleaned = "".join(out).strip()
    cleaned = " ".join(cleaned.split(" "))
    if not cleaned:
        return fallback
    if len(cleaned) > max_chars:
        cleaned = cleaned[: max_chars - 1].rstrip() + ELLIPSIS
    return cleaned


def text_width(text: str, fnt: Font) -> float:
    """The advance width of the text in pixels."""
    return fnt.getlength(text)


def fit_text(text: str, fnt: Font, max_width: float) -> str:
    """Return the text, or its longest prefix plus an ellipsis, that fits max_width."""
    if fnt.getlength(text) <= max_width:
        return text
    if fnt.getlength(ELLIPSIS) > max_width:
        return ""
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix whose shortened form fits
        mid = (lo + hi + 1) // 2
        if fnt.getlength(text[:mid].rstrip() + ELLIPSIS) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS


def wrap_text(text: str, fnt: Font, max_width: float, max_lines: int) -> list[str]:
    """Break text into at most max_lines lines no wider than max_width.

    Words are kept whole when they fit; a word longer than a line is cut with an
    ellipsis, and text left over after the last line ends that line with one.
    """
    words = text.split()
    lines: list[str] = []
    current = ""
    i = 0
    while i < len(words):
        word = words[i]
        trial = f"{current} {word}" if current else word
        if fnt.getlength(trial) <= max_width:
            current = trial
            i += 1
            continue
        if not current:  # one word wider than the line
            current = fit_text(word, fnt, max_width)
            i += 1
        lines.append(current)
        current = ""
        if len(lines) == max_lines:
            break
    if current and len(lines) < max_lines:
        lines.append(current)
    if i < len(words) and lines:
        rest = " ".join([lines[-1], *words[i:]])
        lines[-1] = fit_text(rest, fnt, max_width)
    return lines


def fit_font(text: str, kind: str, size: int, max_width: float, min_size: int = 8) -> Font:
    """Return the largest font of this kind, at most size, that fits the text in max_width."""
    while size > min_size and font(kind, size).getlength(text) > max_width:
        size -= 1
    return font(kind, size)


@lru_cache(maxsize=4096)
def fit_lines(
    text: str, width: float, size: int, min_size: int, lines: int = 2, kind: str = SANS_BOLD
) -> tuple[Font, tuple[str, ...]]:
    """Wrap text in the largest font from size down to min_size that needs no ellipsis.

    When even min_size needs one, the min_size wrapping (ending in an ellipsis) is used.
    """
    whole = " ".join(text.split())
    fnt = font(kind, size)
    wrapped: list[str] = []
    for s in range(size, min_size - 1, -1):
        fnt = font(kind, s)
        wrapped = wrap_text(text, fnt, width, lines)
        if " ".join(wrapped) == whole:
            break
    return fnt, tuple(wrapped)
