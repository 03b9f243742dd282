"""The public board shows only public information, and renders deterministically."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PIL import ImageFont

from bot.render import (
    PublicBoardOnly,
    disk_cache,
    faces,
    public_view,
    render_board,
    render_card,
    render_hand,
    render_result,
    text,
)
from bot.render.samples import SAMPLES, card, hand_mulligan


@pytest.fixture
def drawn_afresh(monkeypatch: pytest.MonkeyPatch):
    """Every part drawn now: memory caches emptied and the disk cache off."""
    monkeypatch.setenv("RENDER_CACHE_DIR", "off")
    disk_cache.folder.cache_clear()
    faces.clear_caches()
    text.forget_drawn_text()
    yield
    disk_cache.folder.cache_clear()
    faces.clear_caches()


def _with_hand(obs, hand):
    sides = list(obs.sides)
    sides[0] = replace(sides[0], hand=hand, hand_count=len(hand))
    return replace(obs, sides=tuple(sides))


def test_board_refuses_a_private_observation() -> None:
    private = hand_mulligan()
    assert private.viewer == 0
    with pytest.raises(PublicBoardOnly):
        render_board(private)
    # a spectator's observation that still carries a hand is refused too
    with pytest.raises(PublicBoardOnly):
        render_board(replace(private, viewer=None))


def test_board_ignores_hand_contents() -> None:
    """Two states with equal public information but different hands: same board bytes."""
    base = hand_mulligan()
    hand_a = base.sides[0].hand
    hand_b = tuple(card("geralt_of_rivia") for _ in hand_a)  # same count, different cards
    a = public_view(_with_hand(base, hand_a))
    b = public_view(_with_hand(base, hand_b))
    assert a.sides[0].hand is None and b.sides[0].hand is None
    assert a.sides[0].hand_count == b.sides[0].hand_count == len(hand_a)
    assert render_board(a) == render_board(b)


def test_board_never_draws_hand_card_names(monkeypatch: pytest.MonkeyPatch,
                                           drawn_afresh: None) -> None:
    """Every string the board draws, caches emptied first: no hand-only card name."""
    drawn: list[str] = []
    original = ImageFont.FreeTypeFont.getmask2  # every glyph drawn is laid out here

    def spy(self, text_value, *args, **kwargs):
        drawn.append(str(text_value))
        return original(self, text_value, *args, **kwargs)

    monkeypatch.setattr(ImageFont.FreeTypeFont, "getmask2", spy)
    private = hand_mulligan()
    secret = {c.name for c in private.sides[0].hand}
    render_board(public_view(private))
    words = " ".join(drawn)
    assert drawn, "the spy saw no text"
    for name in secret:
        for part in name.split():
            if len(part) > 3 and part not in ("Commander's",):
                assert part not in words, f"hand card name {name!r} drawn on the board"


def test_public_view_strips_private_parts() -> None:
    obs = public_view(hand_mulligan())
    assert obs.viewer is None
    assert all(s.hand is None and s.mulligans_left is None for s in obs.sides)
    assert obs.legal == ()


@pytest.mark.parametrize(
    "name", ["board_full", "board_weather", "hand_large", "result_win", "card_hero"]
)
def test_same_input_same_bytes(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    kind, build = SAMPLES[name]
    render = {
        "board": render_board,
        "hand": render_hand,
        "result": render_result,
        "card": lambda c: render_card(c, catalogue=None),
    }[kind]
    first = render(build())
    monkeypatch.setenv("RENDER_CACHE_DIR", "off")
    disk_cache.folder.cache_clear()
    faces.clear_caches()  # a cold cache draws the same pixels
    text.fit_lines.cache_clear()
    second = render(build())
    disk_cache.folder.cache_clear()
    assert first == second
    assert first.startswith(b"\x89PNG")
    assert b"tIME" not in first and b"tEXt" not in first


def test_concurrent_renders_match_serial_ones() -> None:
    """The bot renders off the event loop, maybe several matches at once."""
    from concurrent.futures import ThreadPoolExecutor

    names = ["board_full", "board_crowded", "hand_large", "board_horns"] * 3

    def run(name: str) -> bytes:
        kind, build = SAMPLES[name]
        return render_board(build()) if kind == "board" else render_hand(build())

    serial = [run(n) for n in names]
    faces.clear_caches()
    with ThreadPoolExecutor(max_workers=4) as pool:
        parallel = list(pool.map(run, names))
    assert parallel == serial


def test_a_weather_wash_is_the_same_whatever_was_drawn_before() -> None:
    """A row is a remembered band: the ring of a card highlighted in the row above must not
    end up in a weathered row drawn after it, nor be erased by it."""
    base = SAMPLES["board_full"][1]()
    sides = list(base.sides)
    rows = list(sides[0].rows)
    rows[2] = replace(rows[2], weather=True)  # the siege row, under the ranged row
    sides[0] = replace(sides[0], rows=tuple(rows))
    weathered = replace(base, sides=tuple(sides))
    glowing = replace(weathered, highlight=(rows[1].cards[4].uid,))
    plain = replace(weathered, highlight=())

    def after(first, then):
        faces.clear_caches()
        if first is not None:
            render_board(first)
        return render_board(then)

    assert after(None, glowing) == after(plain, glowing)
    assert after(None, plain) == after(glowing, plain)
