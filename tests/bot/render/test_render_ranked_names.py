"""The ranked images draw names in every script through the board's font chain: two names
that differ only in characters the bundled font lacks (emoji, Chinese) look different, where
plain Pillow text would draw the same missing-glyph boxes for both."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.render import render_leaderboard, render_profile
from bot.render.ranked_samples import leaderboard_ladder, profile_full

PAIRS = [("\u00c9skel \U0001f43a", "\u00c9skel \U0001f409"), ("王小明", "李小明"),
         ("김민준", "박서준")]


def ladder_with(name: str) -> bytes:
    page = leaderboard_ladder()
    rows = list(page.rows)
    rows[7] = replace(rows[7], name=name)
    return render_leaderboard(replace(page, rows=tuple(rows)))


def profile_with(name: str, opponent: str) -> bytes:
    profile = profile_full()
    matches = list(profile.recent)
    matches[0] = replace(matches[0], opponent_name=opponent)
    return render_profile(replace(profile, name=name, recent=tuple(matches)))


@pytest.mark.parametrize(("first", "second"), PAIRS)
def test_leaderboard_names_in_any_script(first: str, second: str) -> None:
    assert ladder_with(first) != ladder_with(second)


@pytest.mark.parametrize(("first", "second"), PAIRS)
def test_profile_names_in_any_script(first: str, second: str) -> None:
    assert profile_with(first, "Ciri") != profile_with(second, "Ciri")
    assert profile_with("Ciri", first) != profile_with("Ciri", second)
