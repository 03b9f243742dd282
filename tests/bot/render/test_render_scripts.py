"""Names in every script: the font chain draws them, right to left where needed, never as
boxes; text the bundled font covers is drawn exactly as before."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot.render.fonts import RAQM, SANS_BOLD, SERIF_BOLD, fallbacks, font, is_emoji_font
from bot.render.samples import SCRIPT_NAMES
from bot.render.text import (
    draw_text,
    fit_text,
    glyph_font,
    has_glyph,
    runs,
    sanitize_name,
    text_width,
)

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
NAMES = ["王小明", "김민준", "さくら", "Лёша", "Ωμέγα", "محمد علي", "דוד כהן", "नमस्ते", "สวัสดี",
         f"{FAMILY} \U0001f1f5\U0001f1f1 \U0001f44d\U0001f3fd", "Zoë"]


def _ink(text: str, size: int = 30, kind: str = SANS_BOLD, anchor: str = "la") -> Image.Image:
    img = Image.new("L", (900, 120))
    draw_text(ImageDraw.Draw(img), (450, 60), text, font(kind, size), 255, anchor=anchor)
    return img


def test_the_fallback_fonts_are_installed() -> None:
    names = {str(f.path).rsplit("/", 1)[-1] for f in fallbacks(font(SANS_BOLD, 30))}
    assert {"NotoSansCJKjp-Bold.otf", "NotoSansArabic[wght].ttf", "NotoSansHebrew[wght].ttf",
            "NotoEmoji[wght].ttf"} <= names
    assert RAQM, "Pillow here has Raqm: right-to-left text must be shaped"


@pytest.mark.parametrize("name", NAMES)
def test_names_in_every_script_are_kept_whole(name: str) -> None:
    assert sanitize_name(name) == name
    assert _ink(name).getbbox() is not None


def test_every_kept_character_has_a_font_that_draws_it() -> None:
    fnt = font(SANS_BOLD, 30)
    for name in NAMES:
        for run in runs(name, fnt):
            for char in run.text.replace(" ", ""):
                if char in "\u200d" or 0x1F3FB <= ord(char) <= 0x1F3FF:
                    continue  # joiners and skin tones are shaped into the emoji before them
                assert has_glyph(run.font, char), (name, char, run.font.path)


def test_emoji_come_from_the_emoji_face_with_their_joiners() -> None:
    fnt = font(SANS_BOLD, 30)
    found = glyph_font(fnt, "\U0001f409")
    assert found is not None and is_emoji_font(found)
    assert sanitize_name(f"{FAMILY}!") == f"{FAMILY}!"
    assert sanitize_name("A\u200dB") == "AB"  # a joiner between letters is dropped
    family = next(r for r in runs(FAMILY, fnt) if is_emoji_font(r.font))
    # Shaped into one family glyph: narrower than the three people side by side.
    people = sum(text_width(p, fnt) for p in ("\U0001f468", "\U0001f469", "\U0001f467"))
    assert text_width(family.text, fnt) < people


def test_missing_glyphs_are_left_out_not_drawn_as_boxes() -> None:
    cuneiform = "\U00012000"
    assert glyph_font(font(SANS_BOLD, 30), cuneiform) is None
    with_missing = _ink(f"Ann{cuneiform}{cuneiform}a")
    assert ImageChops.difference(with_missing, _ink("Anna")).getbbox() is None
    assert _ink(cuneiform).getbbox() is None


def test_right_to_left_runs_are_ordered_inside_english_text() -> None:
    fnt = font(SANS_BOLD, 30)
    laid = runs("محمد علي played 3", fnt)
    assert [(r.text, r.rtl) for r in laid] == [("محمد علي", True), (" played 3", False)]
    laid = runs("Ali דוד כהן 42!", fnt)
    # The number after Hebrew belongs to it: it is drawn to the left of the Hebrew words.
    assert [(r.text, r.rtl) for r in laid] == [("Ali ", False), ("42", False),
                                              ("דוד כהן ", True), ("!", False)]


def test_arabic_is_shaped_not_drawn_letter_by_letter() -> None:
    fnt = font(SANS_BOLD, 30)
    word = "محمد"
    apart = sum(text_width(c, fnt) for c in word)
    assert text_width(word, fnt) < apart  # joined letter forms are narrower


def test_text_the_bundled_font_covers_is_drawn_exactly_as_pillow_draws_it() -> None:
    for text, kind, anchor, xy in (("Geralt's hand - 10 cards", SANS_BOLD, "lm", (300, 40)),
                                   ("Zoë Ωμέγα Имя", SERIF_BOLD, "mm", (300.5, 40.25)),
                                   ("R1 31-28", SANS_BOLD, "rm", (300, 40.5))):
        fnt = font(kind, 28)
        for mode, fill in (("L", 255), ("RGB", (200, 150, 40))):
            expected = Image.new(mode, (700, 80))
            ImageDraw.Draw(expected).text(xy, text, font=fnt, fill=fill, anchor=anchor)
            for _ in range(2):  # the second time, the line's laid-out glyphs are reused
                actual = Image.new(mode, (700, 80))
                draw_text(ImageDraw.Draw(actual), xy, text, fnt, fill, anchor=anchor)
                assert ImageChops.difference(expected, actual).getbbox() is None
        assert text_width(text, fnt) == fnt.getlength(text)


@pytest.mark.parametrize("anchor", ["la", "lm", "mm", "rm", "ra", "ls", "md"])
def test_anchors_place_mixed_text_like_plain_text(anchor: str) -> None:
    fnt = font(SANS_BOLD, 30)
    plain = _ink("Anna Anna", anchor=anchor).getbbox()
    mixed = _ink("Anna 王小明", anchor=anchor).getbbox()
    assert plain is not None and mixed is not None
    width = text_width("Anna 王小明", fnt)
    assert abs((mixed[2] - mixed[0]) - width) <= 3
    # The same baseline: the Latin part sits at the same height in both.
    assert abs(plain[3] - mixed[3]) <= 4


def test_long_names_in_any_script_are_elided_to_fit() -> None:
    fnt = font(SANS_BOLD, 30)
    for name in (*NAMES, *(n for pair in SCRIPT_NAMES.values() for n in pair)):
        long = " ".join([name] * 6)
        fitted = fit_text(long, fnt, 250)
        assert fitted.endswith("\u2026") and text_width(fitted, fnt) <= 250
        assert not fitted.rstrip("\u2026").endswith(("\u200d", "\ufe0f"))
        cut = sanitize_name(long, max_chars=9)
        assert len(cut) <= 9 and not cut[:-1].endswith("\u200d")
