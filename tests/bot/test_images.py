"""Images are drawn in worker processes: real PNGs come back and the event loop keeps going."""

from __future__ import annotations

import asyncio
import dataclasses
import io
import logging
import os
import time
from collections.abc import AsyncIterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest
from PIL import Image

from bot import images
from bot.render import NoHand, PublicBoardOnly, render_board, render_hand, render_player_view
from bot.render.hand import unplayable
from bot.render.samples import SAMPLES, played_match
from bot.render.state import public_view
from bot.workers import WorkerPool
from engine import Action, Match
from engine.decks import starter_decks

TICK = 0.005
# The most the event loop may be held up by this process's own work while images render.
MAX_STALL = 0.050
BURST = 24


@pytest.fixture
async def renderer() -> AsyncIterator[WorkerPool]:
    pool = images.configure(2)
    yield pool
    await pool.close()
    images.configure()  # later tests get a fresh default pool


async def stalls_during(work: asyncio.Future[object]) -> list[float]:
    """Tick every TICK seconds until work is done; for each tick, how long the loop was held
    up by this process: the lateness of the tick, but no more than the CPU time this process
    (all its threads) used meanwhile. A machine busy with other processes delays ticks
    without using this process's CPU, so it does not count."""
    loop = asyncio.get_running_loop()
    stalls = []
    while not work.done():
        wall, cpu = loop.time(), time.process_time()
        await asyncio.sleep(TICK)
        late = loop.time() - wall - TICK
        stalls.append(max(0.0, min(late, time.process_time() - cpu)))
    return stalls


def boards_and_hands() -> list[tuple[str, object]]:
    """Boards and hands of as many different matches, halfway through: images that share
    no band, so none is cheap because another was drawn."""
    burst: list[tuple[str, object]] = []
    for seed in range(1, BURST // 2 + 1):
        positions = played_match(seed)
        public, private = positions[len(positions) // 2]
        burst += [("hand", private), ("board", public)]
    return burst


async def test_a_burst_of_renders_does_not_stall_the_event_loop(renderer: WorkerPool) -> None:
    await images.start()  # as the bot does at start-up: workers warm before the first match
    assert isinstance(renderer.executor, ProcessPoolExecutor)
    pids = set(await asyncio.gather(*(renderer.run(os.getpid) for _ in range(4))))
    assert os.getpid() not in pids
    # Workers yield the cores to the event loop when they are all busy.
    mine = os.getpriority(os.PRIO_PROCESS, 0)
    assert all(os.getpriority(os.PRIO_PROCESS, pid) > mine for pid in pids)

    burst = boards_and_hands()
    images.warm_up()  # this process's caches too, for a fair comparison
    cpu = time.process_time()
    for kind, value in burst:  # the same burst drawn in this process, for comparison
        (render_board if kind == "board" else render_hand)(value)  # type: ignore[arg-type]
    here = time.process_time() - cpu

    cpu = time.process_time()
    jobs = [images.board_png(v, tag="en") if kind == "board" else images.hand_png(v, tag="en")  # type: ignore[arg-type]
            for kind, v in burst]
    work = asyncio.ensure_future(asyncio.gather(*jobs))
    stalls = await stalls_during(work)
    pngs = work.result()
    spent = time.process_time() - cpu
    assert len(pngs) == BURST and len(stalls) > 5
    # The drawing is done elsewhere: this process only works out what each image shows
    # (its look), sends that and takes the PNG.
    assert spent < here / 2, f"this process spent {spent:.3f} s of the {here:.3f} s burst"
    assert max(stalls) <= MAX_STALL, f"the loop was held up {max(stalls) * 1000:.0f} ms"
    board = Image.open(io.BytesIO(pngs[1]))
    hand = Image.open(io.BytesIO(pngs[0]))
    assert board.width == 720 and hand.width == 1020
    assert board.mode == "P" and len(pngs[1]) < 400_000


async def test_the_public_board_from_a_worker_matches_one_drawn_here(
        renderer: WorkerPool) -> None:
    private = SAMPLES["hand_mulligan"][1]()
    public = public_view(private)
    assert await images.board_png(public, tag="en") == render_board(public)
    assert await images.hand_png(private, tag="en") == render_hand(private)


async def test_a_turns_board_and_views_from_a_worker_match_ones_drawn_here(
        renderer: WorkerPool) -> None:
    match = _playing_match()
    _play_a_card(match)
    public, first, second = (match.observation(None), match.observation(0),
                             match.observation(1))
    board, *views = await images.turn_pngs(public, (first, "en"), (second, "en"), tag="en")
    assert board == render_board(public) == await images.board_png(public, tag="en")
    assert views == [render_player_view(first), render_player_view(second)]
    assert await images.player_view_png(second, tag="en") is views[1]  # kept: not drawn again
    with pytest.raises(PublicBoardOnly):
        await images.board_png(first, tag="en")
    with pytest.raises(NoHand):
        await images.player_view_png(public, tag="en")


async def test_without_processes_images_are_drawn_in_a_thread(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    def no_processes(*args: object, **kwargs: object) -> None:
        raise OSError("no /dev/shm here")

    monkeypatch.setattr("bot.workers.ProcessPoolExecutor", no_processes)
    pool = images.configure(1)
    try:
        with caplog.at_level(logging.WARNING, logger="bot"):
            png = await images.board_png(SAMPLES["board_empty"][1](), tag="en")
        assert isinstance(pool.executor, ThreadPoolExecutor)
        assert Image.open(io.BytesIO(png)).width == 720
        assert any("drawn in a thread" in r.getMessage() for r in caplog.records)
    finally:
        await pool.close()
        images.configure()


def _playing_match(seed: int = 4) -> Match:
    """Two starter decks past the redraws, first player to act."""
    decks = starter_decks()
    match = Match.new((decks["northern_realms"], decks["monsters"]), seed=seed,
                      names=("Alice", "Bob"))
    while match.phase != "playing":
        seat = match.to_act()[0]
        match.apply(next(a for a in match.legal_actions(seat) if a.kind in ("keep", "first")))
    return match


def _play_a_card(match: Match) -> None:
    seat = match.to_act()[0]
    match.apply(next(a for a in match.legal_actions(seat)
                     if a.kind == "play" and a.row is None and a.target is None))


async def test_a_hand_that_looks_the_same_is_not_drawn_again(renderer: WorkerPool) -> None:
    match = _playing_match()
    first = match.to_act()[0]
    match.apply(Action(first, "pass"))
    before = match.observation(first)
    png = await images.hand_png(before, tag="en")
    assert png == render_hand(before)
    _play_a_card(match)  # the other player moves: the passed player's hand looks the same
    after = match.observation(first)
    assert after != before and after.action_count > before.action_count
    assert await images.hand_png(after, tag="en") is png
    assert png == render_hand(after)


async def test_a_hand_whose_look_changed_is_drawn_again(renderer: WorkerPool) -> None:
    match = _playing_match()
    seat = match.to_act()[0]
    before = match.observation(seat)
    png = await images.hand_png(before, tag="en")
    _play_a_card(match)  # one card fewer
    after = match.observation(seat)
    changed = await images.hand_png(after, tag="en")
    assert changed != png and changed == render_hand(after)
    # Only the header's turn differs: the other player's turn now, then the player's own.
    waiting = await images.hand_png(dataclasses.replace(before, turn=1 - seat, legal=()), tag="en")
    assert waiting != png
    assert waiting == render_hand(dataclasses.replace(before, turn=1 - seat, legal=()))


async def test_a_dimmed_card_is_part_of_the_hands_look(renderer: WorkerPool) -> None:
    decks = starter_decks()
    for seed in range(200):  # a first turn with a Decoy, which has nothing to take back
        match = Match.new((decks["northern_realms"], decks["nilfgaard"]), seed=seed)
        while match.phase != "playing":
            seat = match.to_act()[0]
            match.apply(next(a for a in match.legal_actions(seat)
                             if a.kind in ("keep", "first")))
        obs = match.observation(match.to_act()[0])
        if unplayable(obs):
            break
    else:
        raise AssertionError("no seed deals a Decoy on the first turn")
    dimmed = await images.hand_png(obs, tag="en")
    # The same state drawn without dimming (as if nothing but the Decoy were unplayable).
    plain_obs = dataclasses.replace(obs, legal=tuple(a for a in obs.legal if a.kind != "play"))
    plain = await images.hand_png(plain_obs, tag="en")
    assert plain != dimmed
    assert dimmed == render_hand(obs) and plain == render_hand(plain_obs)
