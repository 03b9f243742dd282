"""Replay images: viewer frames are the live boards, the cache stays bounded, and the
animation shows every move (or drops a player's in-between moves first when too big)."""

from __future__ import annotations

import asyncio
import io

import pytest
from PIL import Image, ImageChops, ImageStat

from bot import replay_frames
from bot.render import board_image, render_board, render_hand, result_image
from bot.render.animation import result_card
from bot.replay_frames import (
    FIRST_MS,
    MOVE_MS,
    RESULT_MS,
    ROUND_END_MS,
    ReplayFrames,
    frame_plan,
)
from bot.service import Services
from bot.service.replays import Replay
from engine import Observation
from tests.bot.helpers import GUILD
from tests.bot.replay_helpers import finished_match


async def a_replay(services: Services, seed: int,
                   factions: tuple[str, str] = ("monsters", "northern_realms")) -> Replay:
    match_id, _ = await finished_match(services, seed, factions)
    return await services.replays.open(match_id, GUILD)


def difference(a: Image.Image, b: Image.Image) -> float:
    """The mean difference per channel (0 to 255) of two RGB images."""
    return max(ImageStat.Stat(ImageChops.difference(a.convert("RGB"), b.convert("RGB"))).mean)


async def test_frames_are_the_live_boards_and_own_hands(services: Services) -> None:
    match_id, seen = await finished_match(services, 11)
    replay = await services.replays.open(match_id, GUILD)
    frames = ReplayFrames()
    for number, (public, first, _) in seen.items():
        assert await frames.board(replay, number, tag="en") == render_board(public)
        assert await frames.hand(replay, number, 0, tag="en") == render_hand(first)
        assert frames.ready(replay, number, 0, tag="en")
        assert not frames.ready(replay, number, 1, tag="en")


async def test_the_frame_cache_is_bounded_and_draws_each_frame_once(
        services: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    replay = await a_replay(services, 12)
    drawn: list[Observation] = []
    real = replay_frames.board_png

    async def counting(obs: Observation, *, tag: str) -> bytes:
        drawn.append(obs)
        return await real(obs, tag=tag)

    monkeypatch.setattr(replay_frames, "board_png", counting)
    board = render_board(replay.observation(replay.last, None))
    frames = ReplayFrames(max_bytes=3 * len(board))
    twice = await asyncio.gather(frames.board(replay, replay.last, tag="en"),
                                 frames.board(replay, replay.last, tag="en"))
    assert twice == [board, board] and len(drawn) == 1
    for number in range(6):
        await frames.board(replay, number, tag="en")
    assert len(drawn) == 7
    kept = [n for n in range(replay.last + 1) if frames.ready(replay, n, None, tag="en")]
    assert 1 <= len(kept) <= 4 and 5 in kept and replay.last not in kept


async def test_the_animation_plan(services: Services) -> None:
    replay = await a_replay(services, 13, ("scoiatael", "skellige"))
    ends = set(replay.round_ends())
    plan = frame_plan(replay, 10_000)
    assert [n for n, _ in plan] == list(range(replay.last + 1))
    assert dict(plan)[0] == FIRST_MS
    assert all(ms == (ROUND_END_MS if n in ends else MOVE_MS) for n, ms in plan[1:])
    runs = {n for n in range(1, replay.last) if n not in ends
            and replay.steps[n + 1].actor == replay.steps[n].actor}
    assert runs, "this match has a player moving twice in a row"
    # A little too long: only in-between moves of a player's runs go.
    dropped = set(range(replay.last + 1)) - {n for n, _ in frame_plan(replay, len(plan) - 2)}
    assert len(dropped) == 2 and dropped <= runs
    # Far too long: the start, the round ends and the final board stay.
    tiny = {n for n, _ in frame_plan(replay, 2)}
    assert tiny == {0, replay.last} | ends


async def test_the_animation_shows_every_move_then_the_result(services: Services) -> None:
    replay = await a_replay(services, 14)
    heard: list[float] = []

    async def progress(fraction: float) -> None:
        heard.append(fraction)

    gif = await ReplayFrames().animation(replay, 8_000_000, progress, tag="en")
    assert len(gif) <= 8_000_000
    assert heard == sorted(heard) and heard[0] > 0 and heard[-1] < 1
    shown = Image.open(io.BytesIO(gif))
    boards = [board_image(replay.observation(n, None)) for n in range(replay.last + 1)]
    # An unchanged board lengthens the frame before it instead of adding one.
    changed = [0] + [n for n in range(1, len(boards))
                     if ImageChops.difference(boards[n], boards[n - 1]).getbbox()]
    assert shown.n_frames == len(changed) + 1
    ends = set(replay.round_ends())
    for index, number in enumerate(changed):
        shown.seek(index)
        assert difference(shown, boards[number]) < 3, number
        upto = changed[index + 1] if index + 1 < len(changed) else replay.last + 1
        expected = sum(FIRST_MS if n == 0 else ROUND_END_MS if n in ends else MOVE_MS
                       for n in range(number, upto))
        assert shown.info["duration"] == expected
    shown.seek(shown.n_frames - 1)
    assert shown.info["duration"] == RESULT_MS
    card = result_card(replay.observation(replay.last, None), shown.width)
    assert card.width < result_image(replay.observation(replay.last, None)).width
    x, y = (shown.width - card.width) // 2, (shown.height - card.height) // 2
    middle = (x, y, x + card.width, y + card.height)
    # Card and dimmed board share one frame's 256 colours, so the card is a little coarser.
    assert difference(shown.convert("RGB").crop(middle), card) < 6
    assert difference(shown.convert("RGB").crop(middle), boards[-1].crop(middle)) > 20


async def test_a_too_big_animation_fits_by_showing_fewer_moves(services: Services) -> None:
    replay = await a_replay(services, 15, ("scoiatael", "skellige"))

    async def quiet(_: float) -> None:
        return None

    full = await ReplayFrames().animation(replay, 8_000_000, quiet, tag="en")
    limit = len(full) * 3 // 4
    smaller = await ReplayFrames().animation(replay, limit, quiet, tag="en")
    assert len(smaller) <= limit
    assert Image.open(io.BytesIO(smaller)).n_frames < Image.open(io.BytesIO(full)).n_frames
