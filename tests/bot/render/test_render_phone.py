"""Readable on a phone, which shows an image about 400 px wide: every text of the boards and
views measured as drawn, card names shortened rather than cut, the last move wrapped whole."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from bot.render.board import (
    FOOTER_LABEL,
    LABEL_PX,
    NUMBER_PX,
    PHONE_W,
    W,
    card_positions,
    footer_lines,
    uncovered,
)
from bot.render.faces import TOKEN
from bot.render.fonts import SANS_BOLD, font
from bot.render.samples import SAMPLES
from bot.render.text import abbreviate, text_width
from engine.cards import catalogue

ROOT = Path(__file__).resolve().parents[3]
SMALLEST_NUMBER, SMALLEST_TEXT = 12, 8  # pixels tall at 400 px wide

# Runs in a new process with the disk cache off, so that every part is drawn and its text
# seen: each string laid out for drawing, with its font's size (a string drawn again comes
# from a cache, at the size seen the first time). Icons drawn as shapes (the "+1" of Morale
# Boost) and the probes that look for a glyph in a font are not text shown.
_MEASURE = r"""
import json, sys
from PIL import ImageFont
from bot.render import icons, text
from bot.render.__main__ import render_sample

seen, quiet = [], []
getmask2 = ImageFont.FreeTypeFont.getmask2
def spy(self, value, *args, **kwargs):
    if not quiet:
        seen.append((str(value), self.size))
    return getmask2(self, value, *args, **kwargs)
def hushed(fn):
    def run(*args, **kwargs):
        quiet.append(1)
        try:
            return fn(*args, **kwargs)
        finally:
            quiet.pop()
    return run
ImageFont.FreeTypeFont.getmask2 = spy
icons._Pen.text = hushed(icons._Pen.text)
text._glyph_key = hushed(text._glyph_key)
for name in sys.argv[1:]:
    render_sample(name)
print(json.dumps(seen))
"""
BOARDS_AND_VIEWS = [n for n, (kind, _) in SAMPLES.items() if kind in ("board", "view")]


@cache
def drawn_text() -> list[tuple[str, int]]:
    """Every string the board and view samples draw, with its size in pixels."""
    out = subprocess.run([sys.executable, "-c", _MEASURE, *BOARDS_AND_VIEWS],
                         capture_output=True, text=True, check=True, cwd=ROOT,
                         env={**os.environ, "RENDER_CACHE_DIR": "off"})
    return [(t, int(size)) for t, size in json.loads(out.stdout) if t.strip()]


def on_phone(size: int) -> float:
    """A font size in pixels as a phone shows it."""
    return size * PHONE_W / W


def test_every_text_is_tall_enough_on_a_phone() -> None:
    seen = drawn_text()
    numbers = [(t, size) for t, size in seen if t.strip().isdigit()]
    for t, size in numbers:  # strengths, scores, totals, counts, round scores, hand numbers
        assert on_phone(size) >= SMALLEST_NUMBER, (t, size)
    for t, size in seen:  # card names, player names, labels, the last move
        assert on_phone(size) >= SMALLEST_TEXT, (t, size)


def test_the_measure_sees_strengths_scores_names_and_the_last_move() -> None:
    seen = dict(drawn_text())
    # Strengths (one and two digits), a row score of 128, a total of 232, a hand's number,
    # shortened and whole names, the last move, a player's name and the marks of a view.
    for shown in ("2", "32", "128", "232", "13", "Puttkam.", "Keira", FOOTER_LABEL, "Yennefer",
                  "YOU", "\u25bc Your turn", "PASSED"):
        assert shown in seen, shown
    assert seen["32"] >= NUMBER_PX and seen["Puttkam."] >= LABEL_PX
    assert on_phone(NUMBER_PX) >= SMALLEST_NUMBER and on_phone(LABEL_PX) >= SMALLEST_TEXT


NAMES = sorted({c.name for c in catalogue().cards.values() if c.type != "leader"})


def test_card_names_are_shortened_to_fit_not_cut() -> None:
    name_font = font(SANS_BOLD, TOKEN.name_font)
    for name in [*NAMES, "An Extraordinarily Long Card Name That Cannot Possibly Fit"]:
        for room in range(1, TOKEN.w):  # every width a card in a crowded row may show
            lines = abbreviate(name, name_font, room, 2)
            assert len(lines) <= 2
            for line in lines:
                assert text_width(line, name_font) <= room, (name, room, line)
        whole = abbreviate(name, name_font, 1000, 2)
        assert whole == (" ".join(name.split()),)


def test_a_card_under_the_next_shows_its_name_in_what_is_left() -> None:
    name_font = font(SANS_BOLD, TOKEN.name_font)
    for n in range(8, 25):
        xs = card_positions(n)
        for i in range(n):
            shown = uncovered(xs, i)
            room = (shown if shown is not None else TOKEN.w) - 2 * TOKEN.border - 4
            for line in abbreviate("Arachas Behemoth", name_font, room, 2):
                # the name starts 2 px inside the frame and ends before the next card
                assert TOKEN.border + 2 + text_width(line, name_font) <= (shown or TOKEN.w)


# The longest last moves of random matches: a play, then the end of a round.
LONGEST = (
    "Geralt plays Crone: Brewess on Close Combat (+3). Muster brings Crone: Whispess, Crone: "
    "Weavess. Geralt has no moves left and passes. Round 1 ends 25-3. Geralt wins the round. "
    "Crone: Whispess stays on the board for Geralt (Monsters). Round 2 begins. Geralt goes "
    "first. Geralt has no moves left and passes.")


@pytest.mark.parametrize("words", ["Eredin passed.", LONGEST, "Vampire: Katakan, " * 12])
def test_the_last_move_wraps_whole(words: str) -> None:
    size, lines = footer_lines(words)
    assert size >= LABEL_PX and 1 <= len(lines) <= 4
    assert " ".join(lines) == f"{FOOTER_LABEL} {' '.join(words.split())}"
    for line in lines:
        assert text_width(line, font(SANS_BOLD, size)) <= W - 28
