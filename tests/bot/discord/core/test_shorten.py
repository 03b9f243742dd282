"""Select descriptions shortened at a word boundary, in scripts with and without spaces."""

from __future__ import annotations

from bot.discord.core.views import DESCRIPTION_MAX, option, shorten


def test_a_long_description_ends_at_a_word_boundary_with_an_ellipsis() -> None:
    text = "Destroy their strongest ranged unit or units, " * 3
    described = option("Foltest", "foltest", text).description
    assert described == shorten(text, DESCRIPTION_MAX)
    assert described is not None and len(described) <= DESCRIPTION_MAX
    assert described.endswith("units, Destroy\u2026") and text.startswith(described[:-1])


def test_short_texts_are_kept_and_the_cut_drops_trailing_punctuation() -> None:
    assert shorten("Always active.", 100) == "Always active."
    assert shorten("Always active: every spy doubles", 20) == "Always active\u2026"


def test_chinese_is_cut_between_characters_and_a_single_long_word_where_it_must() -> None:
    chinese = "若对手的远程单位战力总和达到十或以上\uff0c摧毁其中最强的远程单位"
    assert shorten(chinese, 20) == "若对手的远程单位战力总和达到十或以上\u2026"
    assert shorten("Donaudampfschifffahrt", 10) == "Donaudamp\u2026"
