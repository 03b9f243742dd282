"""Every call into the renderer, run in worker processes to keep the event loop free.

Drawing and encoding hold the GIL nearly all the time: in a thread they would share one core
with the event loop and stall it. Render workers are processes (bot.workers), as many as the
machine has cores unless RENDER_WORKERS says otherwise; the observation goes over as a pickle
(about 4 KB for a full board) and the PNG comes back. Each worker warms its caches (fonts,
backgrounds, the palette's lookup table, common card faces) when it starts, and `start()`
starts them all with the bot, so the first board of a match is not drawn cold.

Hand images are kept in this process by what they show (bot.render.hand.HandLook): a hand
shown again unchanged (Show my hand after the other player's move, a pass, Refresh) is sent
without drawing it again. Boards and players' views are kept the same way, by their bands'
looks (bot.render.board.BandLook), and only those looks go to a worker. A worker keeps the
bands it drew (rows, bars, the last move...), so an image after a move draws only the bands
that changed; turn_pngs draws a move's board and views in one job, so they share bands.
"""

from __future__ import annotations

import asyncio
import os

from bot.lru import BytesLRU
from bot.ranking.views import LeaderboardPage, Profile
from bot.render import (
    render_board,
    render_card,
    render_deck,
    render_hand,
    render_leaderboard,
    render_player_view,
    render_profile,
    render_result,
)
from bot.render.animation import Animation, add_boards, finish
from bot.render.board import BandLook, public_board_looks, render_looks
from bot.render.hand import HandLook, hand_look, render_hand_look
from bot.render.player_view import view_looks
from bot.render.tournament import render_bracket, render_pairings, render_standings
from bot.tournament.views import BracketCard, PairingsCard, StandingsCard
from bot.workers import WorkerPool, cpu_count
from engine import Card, Deck, Observation

# Hand images kept by their look (one is about 50 KB: the latest hands of some 150 players).
HAND_CACHE_BYTES = 8 * 1024 * 1024
# Boards and views kept by their looks (about 80 KB each: the latest images of some 100
# matches).
BOARD_CACHE_BYTES = 16 * 1024 * 1024

Looks = tuple[BandLook, ...]

_RENDERER: WorkerPool | None = None
_HANDS: BytesLRU[HandLook] = BytesLRU(HAND_CACHE_BYTES)
_BOARDS: BytesLRU[Looks] = BytesLRU(BOARD_CACHE_BYTES)


def warm_up() -> None:
    """Draw a sample board, view and hand once, so this process's caches are warm."""
    from bot.render.samples import SAMPLES

    render_board(SAMPLES["board_full"][1]())
    render_player_view(SAMPLES["view_full"][1]())
    render_hand(SAMPLES["hand_large"][1]())


def configure(workers: int | None = None, *, processes: bool = True) -> WorkerPool:
    """Set up the render workers (by default one a core); call before the first image."""
    global _RENDERER
    _RENDERER = WorkerPool("render", workers or cpu_count(), processes=processes,
                           initializer=warm_up, thread_note=(
                               "images are drawn in a thread, which slows the bot meanwhile"))
    return _RENDERER


def renderer() -> WorkerPool:
    """The render workers (configured with the defaults if nobody configured them)."""
    return _RENDERER if _RENDERER is not None else configure()


async def start() -> None:
    """Start and warm every render worker now rather than at the first image."""
    pool = renderer()
    await asyncio.gather(*(pool.run(os.getpid) for _ in range(pool.workers)))


async def close() -> None:
    """Stop the render workers (they start again on the next image)."""
    await renderer().close()


async def board_png(public: Observation) -> bytes:
    """The public board (spectator observation only: bot.render.PublicBoardOnly otherwise)."""
    return (await _boards([public_board_looks(public)]))[0]


async def player_view_png(private: Observation) -> bytes:
    """A player's own view: the board from their side, marked as theirs, and their numbered
    hand (that player's own observation only: bot.render.NoHand otherwise)."""
    return (await _boards([view_looks(private)]))[0]


async def turn_pngs(public: Observation, *privates: Observation) -> list[bytes]:
    """What a move shows, drawn in one job: the public board, then each player's own view,
    in the order given (they share the rows, the weather and the last move)."""
    return await _boards([public_board_looks(public), *(view_looks(p) for p in privates)])


def _render_all(all_looks: list[Looks]) -> list[bytes]:
    return [render_looks(looks) for looks in all_looks]


async def _boards(all_looks: list[Looks]) -> list[bytes]:
    """Boards and views by their looks: kept ones at once, the others drawn in one job."""
    pngs = [_BOARDS.get(looks) for looks in all_looks]
    missing = [looks for looks, png in zip(all_looks, pngs, strict=True) if png is None]
    if missing:
        drawn = iter(await renderer().run(_render_all, missing))
        for i, looks in enumerate(all_looks):
            if pngs[i] is None:
                pngs[i] = png = next(drawn)
                _BOARDS.put(looks, png)
    return [png for png in pngs if png is not None]


async def hand_png(private: Observation) -> bytes:
    """A player's hand, from that player's observation (drawn again only if it changed)."""
    look = hand_look(private)
    png = _HANDS.get(look)
    if png is None:
        png = await renderer().run(render_hand_look, look)
        _HANDS.put(look, png)
    return png


async def result_png(public: Observation) -> bytes:
    """The final result of a finished match."""
    return await renderer().run(render_result, public)


async def card_png(card: Card) -> bytes:
    """One catalogue card, for card lookup."""
    return await renderer().run(render_card, card)


async def deck_png(deck: Deck) -> bytes:
    """A deck, like The Witcher 3's deck screen (only ever shown to whoever may see it)."""
    return await renderer().run(render_deck, deck)


async def leaderboard_png(page: LeaderboardPage) -> bytes:
    """A page of a server's leaderboard."""
    return await renderer().run(render_leaderboard, page)


async def profile_png(profile: Profile) -> bytes:
    """A member's profile card."""
    return await renderer().run(render_profile, profile)


async def pairings_png(card: PairingsCard) -> bytes:
    """A tournament round's pairings."""
    return await renderer().run(render_pairings, card)


async def standings_png(card: StandingsCard) -> bytes:
    """A tournament's standings."""
    return await renderer().run(render_standings, card)


async def bracket_png(card: BracketCard) -> bytes:
    """A single elimination tournament's bracket."""
    return await renderer().run(render_bracket, card)


async def animation_frames(animation: Animation,
                           boards: list[tuple[Observation, int]]) -> Animation:
    """The animation with these public boards (and how long each shows, in ms) added."""
    return await renderer().run(add_boards, animation, boards)


async def animation_gif(animation: Animation, public: Observation, duration_ms: int) -> bytes:
    """The finished GIF: the result over the final board, shown for duration_ms."""
    return await renderer().run(finish, animation, public, duration_ms)
