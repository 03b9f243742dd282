"""Every call into the renderer, run in one worker thread to keep the event loop free.

Drawing and encoding hold the GIL nearly all the time, so several render threads would not
draw faster: they would take turns with each other and with the event loop, finish every
image late, and each keep its own memory arena. One thread renders the images in the order
they were asked for, and the event loop competes with it alone (under load this lowered both
the acknowledgement and the turn latencies, and the peak RSS; see tests/bench_load.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from bot.ranking.views import LeaderboardPage, Profile
from bot.render import (
    render_board,
    render_card,
    render_deck,
    render_hand,
    render_leaderboard,
    render_profile,
    render_result,
)
from engine import Card, Deck, Observation

T = TypeVar("T")

# Threads are started on first use; the interpreter joins the idle thread at exit.
_RENDERER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="gwent-render")


async def _render(draw: Callable[[T], bytes], value: T) -> bytes:
    return await asyncio.get_running_loop().run_in_executor(_RENDERER, draw, value)


async def board_png(public: Observation) -> bytes:
    """The public board (spectator observation only)."""
    return await _render(render_board, public)


async def hand_png(private: Observation) -> bytes:
    """A player's hand, from that player's observation."""
    return await _render(render_hand, private)


async def result_png(public: Observation) -> bytes:
    """The final result of a finished match."""
    return await _render(render_result, public)


async def card_png(card: Card) -> bytes:
    """One catalogue card, for card lookup."""
    return await _render(render_card, card)


async def in_renderer(work: Callable[[], T]) -> T:
    """Run other render work (such as one frame of an animation) in the render thread."""
    return await asyncio.get_running_loop().run_in_executor(_RENDERER, work)


async def deck_png(deck: Deck) -> bytes:
    """A deck, like The Witcher 3's deck screen (only ever shown to whoever may see it)."""
    return await _render(render_deck, deck)


async def leaderboard_png(page: LeaderboardPage) -> bytes:
    """A page of a server's leaderboard."""
    return await _render(render_leaderboard, page)


async def profile_png(profile: Profile) -> bytes:
    """A member's profile card."""
    return await _render(render_profile, profile)
