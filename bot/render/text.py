"""Text for display: sanitised player names, text fitted to a box, and drawing any script.

Text the bundled font covers, left to right, is measured and drawn exactly as Pillow
does with that font. Other text is split into runs, each drawn with the first font of
the fallback chain (bot.render.fonts) that has its glyphs, ordered right to left where
the Unicode bidi classes say so (a simplified bidi algorithm: one line, no embeddings);
right-to-left and complex-script runs are shaped with Raqm. A character no font has is
left out, never drawn as a box. Such text is drawn once into a mask and cached.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from bot.render.fonts import (
    NARROW_BOLD,
    RAQM,
    SANS_BOLD,
    Font,
    fallbacks,
    font,
    is_emoji_font,
    shaped,
)

ELLIPSIS = "\u2026"
MAX_NAME_CHARS = 24
_MAX_MARKS = 2  # combining marks kept per base character ("zalgo" text)
_DROP_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
_MISSING_PROBE = "\U0010fffd"  # a private-use code point no font covers
ZWJ, ZWNJ, KEYCAP = "\u200d", "\u200c", "\u20e3"
_RTL_CLASSES = frozenset({"R", "AL"})


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


def _joins(char: str) -> bool:
    """Characters drawn as part of the character before them (marks, selectors, skin tones,
    joiners)."""
    code = ord(char)
    return (unicodedata.category(char) in ("Mn", "Me") or 0xFE00 <= code <= 0xFE0F
            or 0x1F3FB <= code <= 0x1F3FF or char in (ZWJ, ZWNJ, KEYCAP))


def _prefers_emoji(char: str) -> bool:
    """Pictographs drawn from the emoji face even where another face has them."""
    code = ord(char)
    return 0x1F000 <= code <= 0x1FAFF


@cache
def glyph_font(fnt: Font, char: str) -> Font | None:
    """The first font of fnt's chain that draws this character, or None."""
    if not _prefers_emoji(char):
        if has_glyph(fnt, char):  # the common case: the fallback faces are not even loaded
            return fnt
        return next((f for f in fallbacks(fnt) if has_glyph(f, char)), None)
    chain = sorted((fnt, *fallbacks(fnt)), key=lambda f: not is_emoji_font(f))
    return next((f for f in chain if has_glyph(f, char)), None)


@lru_cache(maxsize=4096)
def sanitize_name(
    name: str | None,
    fallback: str = "Player",
    max_chars: int = MAX_NAME_CHARS,
    fnt: Font | None = None,
) -> str:
    """Return a player name that is safe and pleasant to draw.

    Control, format (zero-width, bidi override), private-use and unassigned
    characters are removed (joiners stay inside emoji and Arabic-script words),
    runs of white space become one space, stacks of combining marks are cut short,
    characters no font of the chain can draw are dropped, and the result is cut to
    max_chars with an ellipsis, never inside a character's cluster. An empty result
    gives the fallback.
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
        if char in (ZWJ, ZWNJ):
            if out and _keeps_joiner(out[-1], char, fnt):
                out.append(char)
            continue
        if category in _DROP_CATEGORIES:
            continue
        if _joins(char):
            if not out or out[-1] == " " or marks >= _MAX_MARKS:
                continue
            marks += 1
        else:
            marks = 0
            if glyph_font(fnt, char) is None:
                continue
        out.append(char)
    cleaned = _trim_joiners("".join(out).strip())
    cleaned = " ".join(cleaned.split(" "))
    if not cleaned:
        return fallback
    if len(cleaned) > max_chars:
        cut = max_chars - 1
        while cut > 0 and _joins(cleaned[cut]):
            cut -= 1
        cleaned = _trim_joiners(cleaned[:cut]).rstrip() + ELLIPSIS
    return cleaned


def _keeps_joiner(before: str, joiner: str, fnt: Font) -> bool:
    """ZWJ joins emoji sequences; ZWNJ keeps Arabic-script letters apart (Persian)."""
    if _joins(before) and before not in (ZWJ, ZWNJ):
        return joiner == ZWJ  # after a skin tone or selector, inside an emoji sequence
    found = glyph_font(fnt, before)
    if joiner == ZWJ:
        return found is not None and is_emoji_font(found)
    return unicodedata.bidirectional(before) == "AL"


def _trim_joiners(text: str) -> str:
    while text and text[-1] in (ZWJ, ZWNJ):
        text = text[:-1]
    return text


@dataclass(frozen=True)
class Run:
    """Consecutive characters drawn with one font in one direction."""

    text: str
    font: Font
    rtl: bool

    def draw_font(self) -> Font:
        """Raqm for right-to-left, emoji and complex-script runs; basic layout otherwise."""
        if self.rtl or not _basic_enough(self.font, self.text):
            return shaped(self.font)
        return self.font

    @property
    def direction(self) -> str | None:
        """Pillow's direction argument (Raqm only)."""
        return "rtl" if self.rtl and RAQM else None

    def visual(self) -> str:
        """The text as given to Pillow: without Raqm, right-to-left runs are reversed."""
        return self.text[::-1] if self.rtl and not RAQM else self.text

    def length(self) -> float:
        """The run's advance width."""
        return self.draw_font().getlength(self.visual(), direction=self.direction)


def _basic_enough(fnt: Font, text: str) -> bool:
    """True when basic layout draws this run right: no joiners or marks that need shaping,
    outside the emoji face."""
    return not is_emoji_font(fnt) and not any(_joins(c) for c in text)


@lru_cache(maxsize=8192)
def _simple(text: str, fnt: Font) -> bool:
    """True when the font alone draws the text, left to right (Pillow's own path)."""
    return all(
        has_glyph(fnt, c) and unicodedata.bidirectional(c) not in _RTL_CLASSES
        and unicodedata.category(c) not in _DROP_CATEGORIES for c in text)


def _levels(chars: list[str]) -> list[int]:
    """Bidi embedding levels of one line: a simplified Unicode bidi algorithm (W2, W7,
    N1-N2, I1) without explicit embeddings. The paragraph is left to right, as the bot's
    own words are English: a right-to-left name inside them keeps its place."""
    kinds: list[str | None] = []  # "L", "R" or "N" (a number after right-to-left text)
    last = "L"
    for char in chars:
        cls = unicodedata.bidirectional(char)
        if cls == "L" or cls in _RTL_CLASSES:
            last = "L" if cls == "L" else "R"
            kinds.append(last)
        elif cls == "AN" or (cls == "EN" and last == "R"):
            kinds.append("N")
        elif cls == "EN":
            kinds.append("L")
        else:
            kinds.append(None)
    i = 0
    while i < len(kinds):  # neutrals between two right-to-left sides are right to left
        if kinds[i] is not None:
            i += 1
            continue
        j = i
        while j < len(kinds) and kinds[j] is None:
            j += 1
        sides = {kinds[i - 1] if i else "L", kinds[j] if j < len(kinds) else "L"}
        for k in range(i, j):
            kinds[k] = "R" if sides <= {"R", "N"} else "L"
        i = j
    return [{"L": 0, "R": 1, "N": 2}[k or "L"] for k in kinds]


@lru_cache(maxsize=4096)
def runs(text: str, fnt: Font) -> tuple[Run, ...]:
    """The text as font runs in visual (drawing) order; characters no font has are left out."""
    chars: list[str] = []
    fonts: list[Font] = []
    for char in text:
        if _joins(char) and fonts:
            found: Font | None = fonts[-1]
        elif char.isspace():  # joins the run before it, but emoji faces have wide spaces
            found = fonts[-1] if fonts and not is_emoji_font(fonts[-1]) else fnt
        elif unicodedata.category(char) in _DROP_CATEGORIES:
            found = None
        else:
            found = glyph_font(fnt, char)
        if found is not None:
            chars.append(" " if char.isspace() else char)
            fonts.append(found)
    levels = _levels(chars)
    groups: list[tuple[int, Font, list[str]]] = []
    for char, face, level in zip(chars, fonts, levels, strict=True):
        if groups and groups[-1][0] == level and groups[-1][1] is face:
            groups[-1][2].append(char)
        else:
            groups.append((level, face, [char]))
    top = max((g[0] for g in groups), default=0)
    lowest_odd = min((g[0] for g in groups if g[0] % 2), default=top + 1)
    for level in range(top, lowest_odd - 1, -1):  # rule L2: reverse runs at each level
        i = 0
        while i < len(groups):
            if groups[i][0] < level:
                i += 1
                continue
            j = i
            while j < len(groups) and groups[j][0] >= level:
                j += 1
            groups[i:j] = groups[i:j][::-1]
            i = j
    return tuple(Run("".join(g[2]), g[1], g[0] % 2 == 1) for g in groups)


@lru_cache(maxsize=8192)
def text_width(text: str, fnt: Font) -> float:
    """The advance width of the text in pixels, as draw_text draws it."""
    if _simple(text, fnt):
        return fnt.getlength(text)
    return sum(run.length() for run in runs(text, fnt))


@lru_cache(maxsize=1024)
def _mask(text: str, fnt: Font) -> tuple[Image.Image, int, int]:
    """The text drawn once in white on black: (mask, left, top), left and top measured from
    the pen position on the baseline."""
    laid: list[tuple[Run, float]] = []
    pen = 0.0
    left = top = 0
    right = bottom = 1
    for run in runs(text, fnt):
        face = run.draw_font()
        box = face.getbbox(run.visual(), anchor="ls", direction=run.direction)
        left, top = min(left, int(pen + box[0])), min(top, int(box[1]))
        right, bottom = max(right, int(pen + box[2]) + 1), max(bottom, int(box[3]) + 1)
        laid.append((run, pen))
        pen += run.length()
    mask = Image.new("L", (right - left, bottom - top), 0)
    draw = ImageDraw.Draw(mask)
    for run, x in laid:
        draw.text((x - left, -top), run.visual(), font=run.draw_font(), fill=255, anchor="ls",
                  direction=run.direction)
    return mask, left, top


@lru_cache(maxsize=8192)
def _plain_mask(text: str, fnt: Font, anchor: str, mode: str,
                start: tuple[float, float]) -> tuple[Image.Image, tuple[int, int]]:
    """The mask and offset ImageDraw.text draws for one line in the font's own glyphs."""
    core, offset = fnt.getmask2(text, mode, anchor=anchor, start=start)
    mask = Image.new("L", core.size)
    mask.im.paste(core, (0, 0, *core.size))
    return mask, offset


def forget_drawn_text() -> None:
    """Forget every laid-out line (for tests that watch text being drawn)."""
    _plain_mask.cache_clear()
    _mask.cache_clear()


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, fnt: Font,
              fill: object, anchor: str = "la") -> None:
    """Draw one line like ImageDraw.text, in any script: the font's own glyphs where it has
    them, the fallback chain's elsewhere; characters no font has are left out. The glyphs of
    a line are laid out once and kept (as ImageDraw.text would draw them, pixel for pixel).

    Anchors are Pillow's two letters: l/m/r, then a/m/s/d (t and b are taken as a and d).
    """
    if _simple(text, fnt):
        x, y = xy
        mask, (dx, dy) = _plain_mask(text, fnt, anchor, draw.fontmode,
                                     (math.modf(x)[0], math.modf(y)[0]))
        draw.bitmap((int(x) + dx, int(y) + dy), mask, fill=fill)  # type: ignore[arg-type]
        return
    mask, left, top = _mask(text, fnt)
    ascent, descent = fnt.getmetrics()
    width = text_width(text, fnt)
    x = xy[0] - {"l": 0.0, "m": width / 2, "r": width}[anchor[0]]
    y = xy[1] + {"a": ascent, "t": ascent, "m": (ascent - descent) / 2, "s": 0,
                 "d": -descent, "b": -descent}[anchor[1]]
    draw.bitmap((round(x + left), round(y + top)), mask, fill=fill)  # type: ignore[arg-type]


def fit_text(text: str, fnt: Font, max_width: float) -> str:
    """Return the text, or its longest prefix plus an ellipsis, that fits max_width."""
    if text_width(text, fnt) <= max_width:
        return text
    if text_width(ELLIPSIS, fnt) > max_width:
        return ""
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix whose shortened form fits
        mid = (lo + hi + 1) // 2
        if text_width(_shortened(text, mid), fnt) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return _shortened(text, lo)


def _shortened(text: str, keep: int) -> str:
    """The first `keep` characters and an ellipsis, never ending inside a cluster."""
    while 0 < keep < len(text) and _joins(text[keep]):
        keep -= 1
    return _trim_joiners(text[:keep]).rstrip() + ELLIPSIS


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
        if text_width(trial, fnt) <= max_width:
            current = trial
            i += 1
            continue
        if not current:  # one word wider than the line
            head, rest = _split_wide(word, fnt, max_width)
            if head and rest:  # Chinese or Japanese: the rest goes on the next line
                current, words[i] = head, rest
            else:
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


def _same_words(lines: list[str], whole: str) -> bool:
    """True when the lines hold the whole text (a line break may fall between two Chinese
    or Japanese characters, where there was no space)."""
    return "".join("".join(lines).split()) == "".join(whole.split())


def _particle(word: str) -> bool:
    """A short joining word inside a name ("of", "aep", "the"), left out first to save room."""
    return word.isalpha() and word.islower() and len(word) <= 4


def _shorten_word(word: str, fnt: Font, width: float) -> str:
    """The word, or its longest start and a full stop, that fits width; "" when not even its
    first letter and the stop fit."""
    if text_width(word, fnt) <= width:
        return word
    keep = len(word) - 1
    while keep > 1 and (not word[keep - 1].isalnum()
                        or text_width(word[:keep] + ".", fnt) > width):
        keep -= 1
    short = word[:keep] + "."
    return short if text_width(short, fnt) <= width else ""


def _wide(char: str) -> bool:
    """A character of a script written without spaces between words (Chinese, Japanese):
    a line may break before any of them."""
    return unicodedata.east_asian_width(char) in ("W", "F")


def _split_wide(word: str, fnt: Font, width: float) -> tuple[str, str]:
    """A word of Chinese or Japanese characters split where a line may break: its longest
    start that fits width (never inside a cluster, never leaving punctuation to start the
    rest) and the rest; ("", word) when the word has no such characters or nothing fits."""
    if not any(_wide(char) for char in word):
        return "", word
    cut = 0
    i = 0
    while i < len(word):
        j = i + 1
        while j < len(word) and _joins(word[j]):
            j += 1
        if text_width(word[:j], fnt) > width:
            break
        cut = i = j
    if 1 < cut < len(word) and unicodedata.category(word[cut]).startswith("P"):
        cut -= 1
        while cut > 0 and _joins(word[cut]):
            cut -= 1
    return (word[:cut], word[cut:]) if cut else ("", word)


def _wrap_anywhere(text: str, fnt: Font, width: float, lines: int) -> tuple[str, ...]:
    """Text without spaces between its words in at most `lines` lines no wider than width,
    broken between any two characters (never inside a cluster); what is left when the
    lines are full ends the last line with an ellipsis."""
    out: list[str] = []
    current = ""
    i = 0
    while i < len(text) and len(out) < lines:
        j = i + 1
        while j < len(text) and _joins(text[j]):
            j += 1
        trial = current + text[i:j]
        if current and text_width(trial, fnt) > width:
            carried = ""
            if unicodedata.category(text[i]).startswith("P") and len(current) > 1:
                # a line never starts with punctuation: its character before goes along
                current, carried = current[:-1], current[-1]
            out.append(current.rstrip())
            current = carried
            continue
        current = trial.lstrip()
        i = j
    if len(out) < lines and current:
        out.append(current)
        current = ""
    if i < len(text) and out:
        out[-1] = fit_text(out[-1] + text[i:], fnt, width)
    return tuple(line for line in out if line)


def abbreviate(text: str, fnt: Font, width: float, lines: int = 2) -> tuple[str, ...]:
    """The text in at most `lines` lines no wider than width, shortened rather than cut.

    Whole words wrapped when they fit; else without short joining words ("Cahir Mawr Dyffryn
    aep Ceallach" loses "aep") and, in a name with a colon, the words between the first one
    and the colon ("Gaunter O'Dimm: Darkness" becomes "Gaunter" over "Darkness"); else each
    line starts with its next word, shortened to its first letters and a full stop when it
    is wider than a line ("Arachas Behemoth" becomes "Arach." over "Behem."), and takes the
    words after it that fit; the words left when the lines are full are left out (and a
    width too narrow for one letter and a stop shows nothing). Text with Chinese or Japanese
    characters breaks between any two characters instead, ending in an ellipsis when it does
    not fit.
    """
    whole = " ".join(text.split())
    wrapped = wrap_text(whole, fnt, width, lines)
    if _same_words(wrapped, whole):
        return tuple(wrapped)
    if any(_wide(char) for char in whole):
        return _wrap_anywhere(whole, fnt, width, lines)
    words = [w for w in whole.split() if not _particle(w)] or whole.split()
    colon = next((i for i, w in enumerate(words) if w.endswith(":")), 0)
    if colon > 0:  # "Gaunter O'Dimm: Darkness": the part after the colon tells cards apart
        words = [words[0] + ":", *words[colon + 1:]]
    wrapped = wrap_text(" ".join(words), fnt, width, lines)
    if " ".join(wrapped) == " ".join(words):
        return tuple(line.removesuffix(":") for line in wrapped)
    out: list[str] = []
    i = 0
    while i < len(words) and len(out) < lines:
        line = _shorten_word(words[i], fnt, width)
        i += 1
        while i < len(words) and text_width(f"{line} {words[i]}", fnt) <= width:
            line = f"{line} {words[i]}"
            i += 1
        out.append(line.removesuffix(":"))
    return tuple(line for line in out if line)


def wrap_name(text: str, fnt: Font, width: float, lines: int = 2) -> tuple[str, ...] | None:
    """The name whole in at most `lines` lines no wider than width, broken between words or
    after a hyphen ("Dol-Blathanna-" over "Schütze"), or None when it does not fit."""
    whole = " ".join(text.split())
    if any(_wide(char) for char in whole):
        wrapped = wrap_text(whole, fnt, width, lines)
        return tuple(wrapped) if _same_words(wrapped, whole) else None
    pieces: list[tuple[str, str]] = []  # each piece and what joins it to the next
    for word in whole.split(" "):
        parts = word.split("-")
        pieces += [(part + "-", "") for part in parts[:-1]] + [(parts[-1], " ")]
    out: list[str] = []
    line, glue = "", ""
    for piece, after in pieces:
        joined = f"{line}{glue}{piece}" if line else piece
        if text_width(joined, fnt) <= width:
            line = joined
        elif not line or text_width(piece, fnt) > width:
            return None
        else:
            out.append(line)
            line = piece
        glue = after
    out.append(line)
    return tuple(out) if len(out) <= lines else None


# A card name's faces, tried in turn: DejaVu at the size asked, then the narrow face one pixel
# larger (its letters are smaller at one size) and at that size.
def _name_faces(size: int) -> tuple[Font, ...]:
    return font(SANS_BOLD, size), font(NARROW_BOLD, size + 1), font(NARROW_BOLD, size)


@lru_cache(maxsize=8192)
def fit_name(text: str, width: float, size: int, lines: int = 2) -> tuple[Font, tuple[str, ...],
                                                                           bool]:
    """A card name in at most `lines` lines no wider than width: whole in the first face of
    _name_faces(size) that holds it (and True), else shortened by abbreviate in the narrow
    face (and False)."""
    faces = _name_faces(size)
    for fnt in faces:
        wrapped = wrap_name(text, fnt, width, lines)
        if wrapped is not None:
            return fnt, wrapped, True
    return faces[-1], abbreviate(text, faces[-1], width, lines), False


def fit_font(text: str, kind: str, size: int, max_width: float, min_size: int = 8) -> Font:
    """Return the largest font of this kind, at most size, that fits the text in max_width."""
    while size > min_size and text_width(text, font(kind, size)) > max_width:
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
        if _same_words(wrapped, whole):
            break
    return fnt, tuple(wrapped)
