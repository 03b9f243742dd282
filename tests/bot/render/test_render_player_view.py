"""A player's own view: the board from their side, marked as theirs, their hand numbered in
the order the card menu uses; made of the public board's bands, and refused for anything but
that player's own observation."""

from __future__ import annotations

import io
import statistics
import struct
import zlib
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageChops

from bot.render import NoHand, PublicBoardOnly, board_image, render_board, render_player_view
from bot.render.board import (
    BANDS,
    BarLook,
    FooterLook,
    HeaderLook,
    last_move,
    public_board_looks,
    render_looks,
)
from bot.render.encode import adler32_combine, encode_band, join_bands
from bot.render.faces import face_key
from bot.render.palette import theme_palette
from bot.render.player_view import HandRowLook, player_view_image, view_looks
from bot.render.samples import SAMPLES, played_views
from bot.render.tiles import clear_tiles
from engine.view import hand_order


def sample(name: str):  # type: ignore[no-untyped-def]
    return SAMPLES[name][1]()


@pytest.mark.parametrize("seat", [0, 1])
def test_the_view_puts_the_viewer_at_the_bottom_marked_as_theirs(seat: int) -> None:
    for public, *own in played_views(5)[::9]:
        obs = own[seat]
        view, board = view_looks(obs), public_board_looks(public)
        # The public board: player 1's siege, ranged, close; the weather; player 0's close,
        # ranged, siege. The view: the same rows, the viewer's at the bottom.
        top_rows, bottom_rows = (board[2:5], board[6:9]) if seat == 1 else (board[6:9][::-1],
                                                                             board[2:5][::-1])
        assert view[6:9] == top_rows[::-1] and view[2:5] == bottom_rows[::-1]
        assert view[5] == board[5]  # the weather
        # The last move as this player was told it (their own draws named, say).
        assert view[10] == FooterLook(last_move(obs)) and board[10] == FooterLook(
            last_move(public))
        mine, theirs = view[9], view[1]
        assert isinstance(mine, BarLook) and isinstance(theirs, BarLook)
        assert mine.you and mine.name == obs.sides[seat].name and not theirs.you
        assert theirs == board[1 if seat == 0 else 9]  # the other player's bar is shared
        assert not any(isinstance(b, BarLook) and b.you for b in board)
        header = view[0]
        assert isinstance(header, HeaderLook)
        if obs.phase == "playing" and obs.turn == seat:
            assert header.line == "\u25bc Your turn"


def _hand_bands(looks: tuple[object, ...]) -> list[HandRowLook]:
    return [b for b in looks if isinstance(b, HandRowLook)]


def test_the_hand_is_numbered_in_hand_order() -> None:
    obs = sample("view_full")
    hand = obs.sides[1].hand
    assert hand is not None
    (row,) = _hand_bands(view_looks(obs))
    assert [key for key, _ in row.cards] == [face_key(c) for c in hand_order(hand)]
    assert [key for key, _ in row.cards] != [face_key(c) for c in hand]  # copies were apart
    assert row.first == 1
    big = sample("view_big_hand")
    rows = _hand_bands(view_looks(big))
    assert [r.first for r in rows] == [1, 7, 13] and sum(len(r.cards) for r in rows) == 16


def test_cards_that_cannot_be_played_now_are_dimmed() -> None:
    obs = sample("view_names_rtl")  # the viewer's turn on a board with nothing to take back
    (row,) = _hand_bands(view_looks(obs))
    names = {c.uid: c.card_id for c in obs.sides[1].hand or ()}
    dimmed = [dim for _, dim in row.cards]
    assert dimmed == [True, False, False] and "decoy" in names.values()
    waiting = replace(obs, turn=0, legal=())
    (row,) = _hand_bands(view_looks(waiting))
    assert not any(dim for _, dim in row.cards)


def test_a_view_needs_the_players_own_observation() -> None:
    obs = sample("view_full")
    with pytest.raises(NoHand):
        render_player_view(replace(obs, viewer=None))
    sides = list(obs.sides)
    sides[0] = replace(sides[0], hand=(), hand_count=0)
    with pytest.raises(NoHand):  # never draw an observation that holds the other's hand
        render_player_view(replace(obs, sides=(sides[0], sides[1])))
    sides = list(obs.sides)
    sides[1] = replace(sides[1], hand=None)
    with pytest.raises(NoHand):
        render_player_view(replace(obs, sides=(sides[0], sides[1])))
    with pytest.raises(PublicBoardOnly):
        render_board(obs)


@pytest.mark.parametrize("name", ["board_full", "view_full", "view_big_hand"])
def test_the_png_holds_the_image(name: str) -> None:
    kind, build = SAMPLES[name]
    obs = build()
    png = render_board(obs) if kind == "board" else render_player_view(obs)
    img = board_image(obs) if kind == "board" else player_view_image(obs)
    decoded = Image.open(io.BytesIO(png))
    assert decoded.mode == "P" and decoded.size == img.size
    assert ImageChops.difference(decoded.convert("RGB"), img).getbbox() is None
    # The joined deflate streams make one valid zlib stream (its Adler-32 is checked here).
    idat = b"".join(_chunks(png, b"IDAT"))
    rows = zlib.decompress(idat)
    assert len(rows) == (img.width + 1) * img.height


def _chunks(png: bytes, kind: bytes) -> list[bytes]:
    found, at = [], 8
    while at < len(png):
        (length,) = struct.unpack(">I", png[at:at + 4])
        if png[at + 4:at + 8] == kind:
            found.append(png[at + 8:at + 8 + length])
        at += 12 + length
    return found


@given(st.binary(max_size=3000), st.binary(max_size=3000))
def test_adler32_of_joined_bytes(first: bytes, second: bytes) -> None:
    assert adler32_combine(zlib.adler32(first), zlib.adler32(second),
                           len(second)) == zlib.adler32(first + second)


def test_bands_of_one_image_share_its_width() -> None:
    palette = theme_palette()
    wide = encode_band(Image.new("RGB", (10, 2)), palette)
    narrow = encode_band(Image.new("RGB", (9, 2)), palette)
    with pytest.raises(ValueError, match="width"):
        join_bands([wide, narrow], palette)


def test_the_board_and_views_of_a_move_share_their_bands() -> None:
    positions = played_views(9)
    clear_tiles()
    drawn = []
    for public, first, second in positions:
        before = BANDS.drawn
        render_board(public)
        board_only = BANDS.drawn - before
        render_player_view(first)
        render_player_view(second)
        drawn.append((board_only, BANDS.drawn - before))
    # The first board draws every band (its six empty rows are three alike).
    assert drawn[0][0] == len(set(public_board_looks(positions[0][0])))
    # After a move most bands are kept: the public board has 11, a view 13 or more.
    assert statistics.mean(board for board, _ in drawn[1:]) < 5
    assert statistics.mean(turn for _, turn in drawn[1:]) < 14
    assert render_looks(public_board_looks(positions[-1][0])) == render_board(positions[-1][0])
