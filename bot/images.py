"""Every call into the renderer, each run in a worker thread to keep the event loop free."""

from __future__ import annotations

import asyncio

from bot.render import render_board, render_card, render_hand, render_result
from engine import Card, Observation


async def board_png(public: Observation) -> bytes:
    """The public board (spectator observation only)."""
    return await asyncio.to_thread(render_board, public)


async def hand_png(private: Observation) -> bytes:
    """A player's hand, from that player's observation."""
    return await asyncio.to_thread(render_hand, private)


async def result_png(public: Observation) -> bytes:
    """The final result of a finished match."""
    return await asyncio.to_thread(render_result, public)


async def card_png(card: Card) -> bytes:
    """One catalogue card, for card lookup."""
    return await asyncio.to_thread(render_card, card)
