"""Replay images: the viewer's frames, cached and rendered ahead, and the shared animation.

Everything is drawn from engine observations of a rebuilt match (bot.service.replays) in
the render workers (bot.images): public boards for anyone, a hand only for its own seat.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable

from bot.images import animation_frames, animation_gif, board_png, hand_png
from bot.lru import BytesLRU
from bot.render.animation import Animation
from bot.service.replays import Replay

log = logging.getLogger(__name__)

# Rendered frames kept in memory (a board is about 130 KB, a hand about 60 KB).
FRAME_CACHE_BYTES = 48 * 1024 * 1024
# Finished animations kept, so sharing a match again posts at once.
ANIMATIONS_KEPT = 2
# How long each frame of an animation stays on screen.
FIRST_MS, MOVE_MS, ROUND_END_MS, RESULT_MS = 1500, 900, 2500, 5000
# Sizes guessed before drawing (a changed board is about 100 KB as a GIF frame), to drop
# frames of long matches up front; a GIF that still comes out too big is drawn again.
FRAME_BYTES_GUESS = 120_000
FIXED_BYTES_GUESS = 400_000
# Frames an animation job draws before it hands the animation back (and progress shows).
FRAMES_PER_JOB = 5

# A frame: (match id, position, seat whose hand it is, or None for the public board, the
# language tag it is drawn in).
FrameKey = tuple[int, int, int | None, str]
Progress = Callable[[float], Awaitable[None]]


class ReplayFrames:
    """Rendered replay frames in a bounded cache shared by every viewer of the bot."""

    def __init__(self, max_bytes: int = FRAME_CACHE_BYTES) -> None:
        self._frames: BytesLRU[FrameKey] = BytesLRU(max_bytes)
        self._drawing: dict[FrameKey, asyncio.Future[bytes]] = {}
        self._animations: OrderedDict[tuple[int, str], bytes] = OrderedDict()
        self.animating: set[int] = set()

    def ready(self, replay: Replay, number: int, seat: int | None, *, tag: str) -> bool:
        """True when the board (and the seat's hand) at this position are already drawn in
        the language tag."""
        keys: list[FrameKey] = [(replay.match.id, number, None, tag)]
        if seat is not None:
            keys.append((replay.match.id, number, seat, tag))
        return all(key in self._frames for key in keys)

    async def board(self, replay: Replay, number: int, *, tag: str) -> bytes:
        """The public board after `number` moves (PNG), in the language tag."""
        return await self._frame(replay, number, None, tag)

    async def hand(self, replay: Replay, number: int, seat: int, *, tag: str) -> bytes:
        """A seat's own hand after `number` moves (PNG), in the language tag; only for that
        seat's player."""
        return await self._frame(replay, number, seat, tag)

    async def warm(self, replay: Replay, number: int, seat: int | None, *, tag: str) -> None:
        """Draw a position's frames ahead of a click, if the position exists. Best effort: a
        failure here is only logged (the click that needs the frame will report it)."""
        if not 0 <= number <= replay.last:
            return
        try:
            await self.board(replay, number, tag=tag)
            if seat is not None:
                await self.hand(replay, number, seat, tag=tag)
        except Exception:
            log.warning("drawing frame %s of match %s ahead failed", number, replay.match.id,
                        exc_info=True)

    async def _frame(self, replay: Replay, number: int, seat: int | None, tag: str) -> bytes:
        key = (replay.match.id, number, seat, tag)
        cached = self._frames.get(key)
        if cached is not None:
            return cached
        drawing = self._drawing.get(key)
        if drawing is not None:
            return await asyncio.shield(drawing)
        future: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self._drawing[key] = future
        try:
            obs = replay.observation(number, seat)
            png = await (board_png(obs, tag=tag) if seat is None else hand_png(obs, tag=tag))
        except asyncio.CancelledError:
            future.cancel()
            raise
        except Exception as error:
            future.set_exception(error)
            future.exception()  # marked as seen: there may be nobody else waiting
            raise
        finally:
            del self._drawing[key]
        future.set_result(png)
        self._frames.put(key, png)
        return png

    # ------------------------------------------------------------- animation

    async def animation(self, replay: Replay, limit: int, progress: Progress, *,
                        tag: str) -> bytes:
        """The GIF of the whole match in the language tag, at most `limit` bytes; `progress`
        hears the fraction done now and then."""
        match_id = replay.match.id
        kept = self._animations.get((match_id, tag))
        if kept is not None and len(kept) <= limit:
            return kept
        most = max(2, (limit - FIXED_BYTES_GUESS) // FRAME_BYTES_GUESS)
        while True:
            plan = frame_plan(replay, most)
            gif = await _draw(replay, plan, progress, tag)
            if len(gif) <= limit:
                break
            if most <= 2:
                raise ValueError(f"match {match_id}: no animation fits in {limit} bytes")
            most = max(2, min(len(plan) - 1, int(len(plan) * limit / len(gif) * 0.9)))
        self._animations[match_id, tag] = gif
        if len(self._animations) > ANIMATIONS_KEPT:
            self._animations.popitem(last=False)
        return gif


def frame_plan(replay: Replay, most: int) -> list[tuple[int, int]]:
    """The positions an animation shows, with how long (ms), at most `most` of them.

    Every move gets a frame, held longer at round ends. When there are too many, the frames
    between a player's consecutive moves go first (only the last of such a run stays), then
    other moves evenly; the start, round ends and the final board always stay.
    """
    steps = replay.steps
    ends = set(replay.round_ends())
    fixed = {0, replay.last} | ends
    runs = [n for n in range(1, replay.last)
            if n not in fixed and steps[n + 1].actor == steps[n].actor]
    others = [n for n in range(1, replay.last) if n not in fixed and n not in runs]
    shown = set(range(replay.last + 1))
    for droppable in (runs, others):
        excess = len(shown) - most
        if excess > 0:
            shown -= set(_evenly(droppable, min(excess, len(droppable))))
    return [(n, FIRST_MS if n == 0 else ROUND_END_MS if n in ends else MOVE_MS)
            for n in sorted(shown)]


def _evenly(items: list[int], count: int) -> list[int]:
    """`count` of the items, spread evenly over the list."""
    return [items[i * len(items) // count] for i in range(count)] if count else []


async def _draw(replay: Replay, plan: list[tuple[int, int]], progress: Progress,
                tag: str) -> bytes:
    """Draw the planned frames a few per render job, then the result, in the language
    tag."""
    animation = Animation()
    for start in range(0, len(plan), FRAMES_PER_JOB):
        batch = plan[start:start + FRAMES_PER_JOB]
        boards = [(replay.observation(number, None), ms) for number, ms in batch]
        animation = await animation_frames(animation, boards, tag=tag)
        await progress((start + len(batch)) / (len(plan) + 1))
    return await animation_gif(animation, replay.observation(replay.last, None), RESULT_MS,
                               tag=tag)
