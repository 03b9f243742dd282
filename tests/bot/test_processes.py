"""Two bot processes on one PostgreSQL database, as two sets of services with their own
caches, locks and leases: every change happens once, whichever process makes it."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import Player, Services
from bot.service.errors import OutOfDate
from bot.service.leases import COMPUTER, DUTIES
from bot.service.practice import COMPUTER_NAME
from bot.service.recompute import recompute
from bot.storage.ratings import RatingsRepository
from bot.storage.records import OVER, PLAYING
from engine.actions import FORFEIT, KEEP
from tests.bot.helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    FakeClock,
    RecordingNotifier,
    move_text,
    start_match,
)
from tests.conftest import empty_postgres_database
from tests.postgres_server import PostgresServer

LEASE = 6.0
BOT_ID = 99


class Process:
    """One process's services and what its notifier saw."""

    def __init__(self, services: Services, notifier: RecordingNotifier) -> None:
        self.services = services
        self.notifier = notifier


@pytest.fixture
async def pair(postgres_server: PostgresServer, clock: FakeClock
               ) -> AsyncIterator[tuple[Process, Process]]:
    """Two processes sharing an empty PostgreSQL database and one clock."""
    url = await empty_postgres_database(postgres_server)
    opened = []
    for seed in (1, 2):
        notifier = RecordingNotifier()
        services = await Services.open(url, notifier, clock, think_seconds=0,
                                       rng=random.Random(seed), lease_seconds=LEASE)
        notifier.services = services
        opened.append(Process(services, notifier))
    try:
        yield opened[0], opened[1]
    finally:
        for process in opened:
            await process.services.close()


async def legal_moves(services: Services, match_id: int, user_id: int) -> list[str]:
    snapshot = await services.matches.private(match_id, user_id)
    assert snapshot.observation is not None
    return [move_text(a) for a in snapshot.observation.legal if a.kind != FORFEIT]


async def test_moves_alternate_between_processes_with_stale_caches(
        pair: tuple[Process, Process]) -> None:
    a, b = pair
    match = await start_match(a.services)
    rng = random.Random(7)
    for turn in range(30):
        process = (a, b)[turn % 2 if turn < 10 else rng.randrange(2)]
        record = await process.services.matches.get(match.id)
        if not record.is_live:
            break
        snapshot = await process.services.matches.public(match.id)
        seat = snapshot.to_act[0]
        user = record.seats[seat].user_id
        move = rng.choice(await legal_moves(process.services, match.id, user))
        done = await process.services.matches.act(match.id, user, move, record.action_count)
        assert done.match.action_count > record.action_count
    # Both processes see the same match, however stale their caches were.
    seen_a = (await a.services.matches.public(match.id)).observation
    seen_b = (await b.services.matches.public(match.id)).observation
    assert seen_a == seen_b
    log = await a.services.matches.actions(match.id)
    assert [n for n, _, _ in log] == list(range(1, len(log) + 1))


async def test_a_double_click_on_two_processes_applies_once(
        pair: tuple[Process, Process]) -> None:
    a, b = pair
    match = await start_match(a.services)
    await a.services.matches.public(match.id)  # both have the engine cached
    await b.services.matches.public(match.id)
    outcomes = await asyncio.gather(
        a.services.matches.act(match.id, ALICE.user_id, "keep", 0),
        b.services.matches.act(match.id, ALICE.user_id, "keep", 0), return_exceptions=True)
    refused = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(refused) == 1 and isinstance(refused[0], OutOfDate)
    assert "out of date" in str(refused[0])
    assert [a for _, a, _ in await a.services.matches.actions(match.id)] == ["0 keep"]
    assert len(a.notifier.changes) + len(b.notifier.changes) == 4  # 2 accepts/readies + 1 move
    # The loser's cache did not run ahead: it plays on from the stored state.
    snapshot = await b.services.matches.private(match.id, BOB.user_id)
    assert snapshot.match.action_count == 1
    await b.services.matches.act(match.id, BOB.user_id, "keep", 1)
    assert (await a.services.matches.get(match.id)).action_count == 2


async def test_both_players_ready_at_once_on_different_processes(
        pair: tuple[Process, Process]) -> None:
    a, b = pair
    match = await start_match(a.services, ready=False)
    await asyncio.gather(a.services.matches.ready(match.id, ALICE.user_id),
                         b.services.matches.ready(match.id, BOB.user_id))
    record = await a.services.matches.get(match.id)
    assert record.status == PLAYING and all(s.ready for s in record.seats)


async def test_results_finishing_at_once_on_two_processes_are_both_rated(
        pair: tuple[Process, Process]) -> None:
    """Each result is rated in its own write transaction: the second starts from the
    ratings the first left, whichever process commits first."""
    a, b = pair
    first = await start_match(a.services, ALICE, BOB)
    # A second match of Alice's in the same server, as a race past the one-match check.
    async with b.services.db.transaction() as repo:
        second = await b.services.matches.insert(repo, GUILD, CHANNEL + 1, CHANNEL + 1,
                                                 (ALICE, CAROL), ranked=True)
    await b.services.matches.ready(second, ALICE.user_id)
    await b.services.matches.ready(second, CAROL.user_id)
    await asyncio.gather(a.services.matches.forfeit(GUILD, BOB.user_id),
                         b.services.matches.forfeit(GUILD, CAROL.user_id))
    async with a.services.db.reading() as repo:
        ratings = repo.sharing(RatingsRepository)
        rated = await ratings.rated_rows([first.id, second])
        alice = await ratings.player(GUILD, a.services.ranked.season().id, ALICE.user_id)
    assert sorted(r.seq for r in rated.values()) == [1, 2]
    assert all(r.counted for r in rated.values())
    assert alice is not None and alice.player.record.wins == 2
    assert (await recompute(b.services.db, write=False)).equal


async def test_a_turn_timer_fires_once_across_processes(
        pair: tuple[Process, Process], clock: FakeClock) -> None:
    a, b = pair
    match = await start_match(a.services)
    assert match.deadline is not None
    clock.now = match.deadline + 1
    await asyncio.gather(a.services.timers.run_due(), b.services.timers.run_due(),
                         a.services.timers.run_due())
    log = await a.services.matches.actions(match.id)
    assert [(action, source) for _, action, source in log] == [("0 keep", "timer"),
                                                               ("1 keep", "timer")]
    timed_out = [c for p in pair for c in p.notifier.changes if c.timed_out is not None]
    assert len(timed_out) == 1
    warnings = [w for p in pair for w in p.notifier.warnings]
    assert len(warnings) <= 1


async def test_the_duties_pass_to_another_process_when_one_stops_renewing(
        pair: tuple[Process, Process], clock: FakeClock) -> None:
    a, b = pair
    assert await a.services.leases.tick() and a.services.leases.on_duty
    assert not await b.services.leases.tick() and not b.services.leases.on_duty
    assert not await b.services.timers.resume(), "another process is on duty: no grace"
    clock.advance(LEASE - 1)
    assert await a.services.leases.tick()  # renewed in time
    clock.advance(LEASE - 1)
    assert not await b.services.leases.tick()
    clock.advance(LEASE + 0.1)  # a stopped renewing: it died
    assert await b.services.leases.tick() and b.services.leases.on_duty
    assert not await a.services.leases.take(DUTIES)
    await b.services.leases.close()  # a clean stop hands the duties over at once
    assert await a.services.leases.tick()


async def test_a_computer_turn_left_by_a_dead_process_is_taken_over(
        pair: tuple[Process, Process], clock: FakeClock) -> None:
    a, b = pair
    async with a.services.db.transaction() as repo:
        match_id = await a.services.matches.insert(
            repo, GUILD, CHANNEL, CHANNEL,
            (Player(ALICE.user_id, ALICE.name, "monsters"),
             Player(BOT_ID, COMPUTER_NAME, "nilfgaard", ai_level="easy")), ranked=False)
    # Process a commits Alice's ready and claims the computer's redraws, then dies before
    # deciding: its lease stays until it runs out.
    a.services.matches.on_computer_turn(None)
    b.services.matches.on_computer_turn(None)
    await a.services.matches.ready(match_id, ALICE.user_id)
    assert (await a.services.matches.get(match_id)).computer_due
    assert await a.services.leases.take(COMPUTER, match_id)
    assert await b.services.computer.resume() == 0, "a live process holds it"
    clock.advance(LEASE + 0.1)
    assert await b.services.computer.resume() == 1
    await b.services.computer.idle()
    record = await b.services.matches.get(match_id)
    assert await b.services.matches.computer_turn(match_id) is None
    assert not record.computer_due
    computer_moves = [a for _, a, _ in await b.services.matches.actions(match_id)
                      if a.startswith("1 ")]
    assert computer_moves and computer_moves[-1] == f"1 {KEEP}"
    assert record.status != OVER


async def test_sqlite_needs_no_leases(db_path: Path, clock: FakeClock) -> None:
    services = await Services.open(db_path, RecordingNotifier(), clock, think_seconds=0,
                                   rng=random.Random(3))
    try:
        assert services.leases.exclusive and services.leases.on_duty
        async with services.db.transaction() as repo:
            match_id = await services.matches.insert(
                repo, GUILD, CHANNEL, CHANNEL,
                (Player(ALICE.user_id, ALICE.name, "monsters"),
                 Player(BOT_ID, COMPUTER_NAME, "nilfgaard", ai_level="easy")), ranked=False)
        await services.matches.ready(match_id, ALICE.user_id)
        await services.computer.idle()
        assert await services.leases.take(DUTIES) and await services.leases.take(DUTIES)
        async with services.db.reading() as repo:
            row = await repo.connection.fetchone("SELECT COUNT(*) FROM leases")
        assert row is not None and row[0] == 0, "one process writes no leases"
        assert (await services.matches.get(match_id)).action_count > 0
    finally:
        await services.close()
