"""Every call into the renderer, run in worker processes to keep the event loop free.

Drawing and encoding hold the GIL nearly all the time: in a thread they would share one core
with the event loop and stall it. Render workers are processes (bot.workers), as many as the
machine has cores unless RENDER_WORKERS says otherwise; the observation goes over as a pickle
(about 4 KB for a full board) and the PNG comes back. Each worker warms its caches (fonts,
backgrounds, the palette's lookup table, common card faces) when it starts, and `start()`
starts them all with the bot, so the first board of a match is not drawn cold.

Every image is drawn in a language: each call takes its tag (a str, e.g. "pl"), which goes
to the worker with the request (the worker builds the Language itself), and every image kept
here is kept by a key that holds it. The callers choose: the server's language for what
everyone sees (boards, results, replay boards and animations, leaderboards, tournaments),
the user's for what only they see (their hand and view, the deck screen, a card looked up
privately).

Hand images are kept in this process by what they show (bot.render.hand.HandLook): a hand
shown again unchanged (Show my hand after the other player's move, a pass, Refresh) is sent
without drawing it again. Boards and players' views are kept the same way, by their bands'
looks (bot.render.board.BandLook), and only those looks go to a worker. A worker keeps the
bands it drew (rows, bars, the last move...), so an image after a move draws only the bands
that changed; turn_pngs draws a move's board and views in one job, so they share bands.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
from pathlib import Path

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
from bot.render.art import pack_warning
from bot.render.board import BandLook, public_board_looks, render_looks
from bot.render.hand import HandLook, hand_look, render_hand_look
from bot.render.player_view import view_looks
from bot.render.tournament import render_bracket, render_pairings, render_standings
from bot.tournament.views import BracketCard, PairingsCard, StandingsCard
from bot.workers import WorkerPool, cpu_count
from engine import Card, Deck, Observation

log = logging.getLogger(__name__)

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


def check_art_pack(folder: Path | None) -> None:
    """Log one warning when the art pack (ART_DIR) is not a folder, lacks cards or holds files
    that cannot be used (those cards keep their built-in portraits)."""
    if folder is None:
        return
    warning = pack_warning(folder)
    if warning is not None:
        log.warning("%s", warning)
    else:
        log.info("ART_DIR %s: every card's portrait comes from the pack", folder)


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


async def board_png(public: Observation, *, tag: str) -> bytes:
    """The public board in the language tag (spectator observation only:
    bot.render.PublicBoardOnly otherwise)."""
    return (await _boards([public_board_looks(public, tag)]))[0]


async def player_view_png(private: Observation, *, tag: str) -> bytes:
    """A player's own view in the language tag: the board from their side, marked as theirs,
    and their numbered hand (that player's own observation only: bot.render.NoHand
    otherwise)."""
    return (await _boards([view_looks(private, tag)]))[0]


async def turn_pngs(public: Observation, *privates: tuple[Observation, str],
                    tag: str) -> list[bytes]:
    """What a move shows, drawn in one job: the public board in the language tag, then each
    player's own view (an observation and its language tag), in the order given (they share
    the rows, the weather and the last move where their languages are the same)."""
    return await _boards([public_board_looks(public, tag),
                          *(view_looks(p, view_tag) for p, view_tag in privates)])


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


async def hand_png(private: Observation, *, tag: str) -> bytes:
    """A player's hand in the language tag, from that player's observation (drawn again only
    if it changed)."""
    look = hand_look(private, tag)
    png = _HANDS.get(look)
    if png is None:
        png = await renderer().run(render_hand_look, look)
        _HANDS.put(look, png)
    return png


async def result_png(public: Observation, *, tag: str) -> bytes:
    """The final result of a finished match, in the language tag."""
    return await renderer().run(functools.partial(render_result, public, tag=tag))


async def card_png(card: Card, *, tag: str) -> bytes:
    """One catalogue card, for card lookup, in the language tag."""
    return await renderer().run(functools.partial(render_card, card, tag=tag))


async def deck_png(deck: Deck, *, tag: str) -> bytes:
    """A deck, like The Witcher 3's deck screen (only ever shown to whoever may see it), in
    the language tag."""
    return await renderer().run(render_deck, deck, tag)


async def leaderboard_png(page: LeaderboardPage, *, tag: str) -> bytes:
    """A page of a server's leaderboard, in the language tag."""
    return await renderer().run(render_leaderboard, page, tag)


async def profile_png(profile: Profile, *, tag: str) -> bytes:
    """A member's profile card, in the language tag."""
    return await renderer().run(render_profile, profile, tag)


async def pairings_png(card: PairingsCard, *, tag: str) -> bytes:
    """A tournament round's pairings, in the language tag."""
    return await renderer().run(render_pairings, card, tag)


async def standings_png(card: StandingsCard, *, tag: str) -> bytes:
    """A tournament's standings, in the language tag."""
    return await renderer().run(render_standings, card, tag)


async def bracket_png(card: BracketCard, *, tag: str) -> bytes:
    """A single elimination tournament's bracket, in the language tag."""
    return await renderer().run(render_bracket, card, tag)


async def animation_frames(animation: Animation, boards: list[tuple[Observation, int]], *,
                           tag: str) -> Animation:
    """The animation with these public boards (and how long each shows, in ms) added, in
    the language tag."""
    return await renderer().run(add_boards, animation, boards, tag)


async def animation_gif(animation: Animation, public: Observation, duration_ms: int, *,
                        tag: str) -> bytes:
    """The finished GIF: the result (in the language tag) over the final board, shown for
    duration_ms."""
    return await renderer().run(finish, animation, public, duration_ms, tag)
