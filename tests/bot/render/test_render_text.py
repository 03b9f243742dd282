"""Player names are sanitised, and shortened text never overflows its box."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.render.faces import BIG, BOARD, HAND, FaceKey, face
from bot.render.fonts import SANS_BOLD, SERIF_BOLD, font
from bot.render.samples import _CARDS, _LEADERS
from bot.render.text import (
    ELLIPSIS,
    MAX_NAME_CHARS,
    fit_lines,
    fit_text,
    sanitize_name,
    text_width,
    wrap_text,
)


def test_control_and_zero_width_characters_are_removed() -> None:
    assert sanitize_name("A\u200bli\u200dce\x07\x1b[31m") == "Alice[31m"
    assert sanitize_name("\u202eevil\u202c") == "evil"
    assert sanitize_name("Bob\nthe\tBuilder") == "Bob the Builder"
    assert sanitize_name("  lots   of    space  ") == "lots of space"


def test_long_names_are_cut_with_an_ellipsis() -> None:
    name = sanitize_name("x" * 200)
    assert len(name) == MAX_NAME_CHARS
    assert name.endswith(ELLIPSIS)
    assert sanitize_name("short", max_chars=10) == "short"


def test_unsupported_glyphs_and_empty_names_fall_back() -> None:
    cuneiform = "\U00012000\U00012001"  # in no font of the chain
    assert sanitize_name(cuneiform, fallback="Player 2") == "Player 2"
    assert sanitize_name(f"Dragon {cuneiform}") == "Dragon"
    assert sanitize_name("", fallback="Player 1") == "Player 1"
    assert sanitize_name(None, fallback="Player 1") == "Player 1"
    assert sanitize_name("\u200b\u200c", fallback="P") == "P"


def test_accents_and_other_scripts_survive() -> None:
    assert sanitize_name("Zoë Ωμέγα Имя") == "Zoë Ωμέγα Имя"


def test_stacked_combining_marks_are_limited() -> None:
    zalgo = "Z" + "\u0336\u0321\u0334\u0337\u0338" * 4 + "a"
    cleaned = sanitize_name(zalgo)
    assert cleaned.startswith("Z") and cleaned.endswith("a")
    assert len(cleaned) <= 4


@settings(max_examples=150, deadline=None)
@given(
    st.text(min_size=0, max_size=80),
    st.integers(min_value=0, max_value=400),
    st.sampled_from([12, 19, 30]),
)
def test_fit_text_never_overflows(text: str, width: int, size: int) -> None:
    fnt = font(SANS_BOLD, size)
    fitted = fit_text(text, fnt, width)
    assert text_width(fitted, fnt) <= width
    if text_width(text, fnt) <= width:
        assert fitted == text


@settings(max_examples=150, deadline=None)
@given(
    st.text(alphabet=st.characters(codec="utf-8", categories=["L", "N", "P", "Zs"]), max_size=80),
    st.integers(min_value=20, max_value=300),
    st.integers(min_value=1, max_value=4),
)
def test_wrap_text_stays_in_its_box(text: str, width: int, lines: int) -> None:
    fnt = font(SANS_BOLD, 16)
    wrapped = wrap_text(text, fnt, width, lines)
    assert len(wrapped) <= lines
    for line in wrapped:
        assert text_width(line, fnt) <= width


def test_every_sample_card_name_fits_on_its_face() -> None:
    names = [c[0] for c in _CARDS.values()] + [lead[0] for lead in _LEADERS.values()]
    names.append("An Extraordinarily Long Card Name That Cannot Possibly Fit Anywhere")
    for size in (BOARD, HAND, BIG):
        width = size.w - 2 * size.border - max(4, size.w // 14)
        for name in names:
            fnt, lines = fit_lines(name, width, size.name_font, max(8, size.name_font * 2 // 3))
            assert 1 <= len(lines) <= 2
            for line in lines:
                assert fnt.getlength(line) <= width, (size.name, name, line)


def test_two_and_three_digit_strengths_fit_the_badge() -> None:
    for strength in (1, 24, 32, 99, 128):
        key = FaceKey("x", "X", "neutral", "unit", strength, 4, False, (0,), ())
        img = face(key, BOARD)
        assert img.size == (BOARD.w, BOARD.h)
    fnt = font(SERIF_BOLD, round(BOARD.badge * 0.5))
    assert fnt.getlength("24") <= BOARD.badge * 0.74
