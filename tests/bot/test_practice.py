"""Practice matches: the computer decides in its worker from its own observation, and plays
through the same path as a click; practice matches survive restarts."""

from __future__ import annotations

import asyncio
import logging
import random
import threading
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import pytest

from bot.service import Player, Services
from bot.service.computer import fallback
from bot.service.decks import factions, leaders
from bot.service.errors import Busy, NotAParticipant, Refusal
from bot.service.practice import COMPUTER_NAME
from bot.storage.records import CANCELLED, OVER, MatchRecord
from engine import Action, Match, Observation
from engine.actions import FIRST, FORFEIT, PASS
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
    thread_venue,
)

BOT_ID = 99
_threads = iter(range(900_000, 1_000_000))


async def practice(services: Services, person: Player = ALICE, level: str = "easy",
                   channel: int = CHANNEL, in_thread: bool = True) -> MatchRecord:
    """Start a practice match in a new made-up thread (or the channel itself)."""
    async def venue() -> tuple[int, int]:
        return (next(_threads) if in_thread else channel), channel

    return await services.practice.start(GUILD, channel, person, level, BOT_ID, venue)


async def fixed_practice(services: Services, faction: str = "nilfgaard",
                         computer_faction: str = "monsters", level: str = "easy") -> int:
    """A practice match with both factions chosen (practice() gives the computer a random
    one, and a Scoia'tael side would start with the first-player choice)."""
    async with services.db.transaction() as repo:
        return await services.matches.insert(
            repo, GUILD, CHANNEL, CHANNEL, (Player(ALICE.user_id, ALICE.name, faction),
                                            Player(BOT_ID, COMPUTER_NAME, computer_faction,
                                                   ai_level=level)), ranked=False)


async def open_services(db_path: Path | str, clock: FakeClock, rng: random.Random,
                        **options: object) -> tuple[Services, RecordingNotifier]:
    notifier = RecordingNotifier()
    services = await Services.open(db_path, notifier, clock, rng=rng,
                                   **options)  # type: ignore[arg-type]
    notifier.services = services
    return services, notifier


def forbid_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make worker processes impossible to start, as on a host without /dev/shm."""
    def no_processes(*args: object, **kwargs: object) -> None:
        raise OSError("no /dev/shm here")

    monkeypatch.setattr("bot.workers.ProcessPoolExecutor", no_processes)


async def play_against_computer(services: Services, match_id: int, rng: random.Random,
                                max_moves: int = 500, stop_after: int | None = None
                                ) -> MatchRecord:
    """Play the person's seat with random legal moves; after each, the computer must have
    answered (it is never the computer's turn once it is idle)."""
    for moves in range(max_moves):
        await services.computer.idle()
        record = await services.matches.get(match_id)
        if not record.is_live or moves == stop_after:
            return record
        person = 1 - (record.computer_seat or 0)
        snapshot = await services.matches.private(match_id, record.seats[person].user_id)
        assert snapshot.observation is not None
        assert snapshot.to_act == (person,), "the computer left its turn unplayed"
        legal = [a for a in snapshot.observation.legal if a.kind != FORFEIT]
        await services.matches.act(match_id, record.seats[person].user_id,
                                   move_text(rng.choice(legal)), record.action_count)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
async def test_a_practice_match_runs_to_the_end_with_the_computer_in_its_worker(
        db_path: Path, clock: FakeClock, rng: random.Random, level: str) -> None:
    # hard searches a fixed, small number of iterations so the test stays quick.
    svc, notifier = await open_services(db_path, clock, rng, think_seconds=0,
                                        ai_iterations=8 if level == "hard" else None)
    match = await practice(svc, Player(ALICE.user_id, ALICE.name, "nilfgaard"), level)
    assert match.in_thread and match.computer_seat == 1
    computer = match.seats[1]
    assert (computer.user_id, computer.name, computer.ai_level, computer.ready) == \
        (BOT_ID, COMPUTER_NAME, level, True)
    assert computer.leader in {c.id for c in leaders(computer.faction)}
    assert match.seats[0].faction == "nilfgaard" and not match.seats[0].ready

    await svc.matches.ready(match.id, ALICE.user_id)
    final = await play_against_computer(svc, match.id, random.Random(21))
    assert final.status == OVER
    assert isinstance(svc.computer.worker, ProcessPoolExecutor)
    log = await svc.matches.actions(match.id)
    computer_moves = [a for _, a, _ in log if a.startswith("1 ")]
    assert len(computer_moves) >= 3 and svc.computer.decisions >= len(computer_moves)
    assert {source for _, _, source in log} == {"player"}
    result = await svc.matches.result(match.id)
    assert result is not None and result.is_practice
    assert result.ai_levels == (None, level) and result.player_ids == (ALICE.user_id, BOT_ID)
    # Nothing remembered for the bot's own user id; Alice's choice is remembered.
    assert (await svc.settings.user(BOT_ID)).last_faction is None
    assert (await svc.settings.user(ALICE.user_id)).last_faction == "nilfgaard"
    # Commit before show, for the computer's moves too.
    assert notifier.seen_counts and all(c == n for c, n in notifier.seen_counts)
    await svc.close()
    assert svc.computer.worker is None


async def test_the_same_randomness_replays_a_practice_match(tmp_path: Path,
                                                         clock: FakeClock) -> None:
    # The match seed, both factions, the computer's leader and deck and its moves all come
    # from the services' randomness.
    logs = []
    for run in ("first", "second"):
        services, _ = await open_services(tmp_path / run / "gwent.sqlite3", clock,
                                          random.Random(7), think_seconds=0)
        match = await practice(services)
        await services.matches.ready(match.id, ALICE.user_id)
        final = await play_against_computer(services, match.id, random.Random(1))
        assert final.status == OVER
        logs.append((match.seed, match.seats, await services.matches.actions(match.id)))
        await services.close()
    assert logs[0] == logs[1]


async def test_the_event_loop_keeps_running_while_the_computer_searches(
        db_path: Path, clock: FakeClock, rng: random.Random) -> None:
    svc, _ = await open_services(db_path, clock, rng, think_seconds=0, ai_budget_ms=300)
    loop = asyncio.get_running_loop()
    gaps: list[float] = []

    async def tick() -> None:
        last = loop.time()
        while True:
            await asyncio.sleep(0.01)
            gaps.append(loop.time() - last)
            last = loop.time()

    ticker = asyncio.create_task(tick())
    match_id = await fixed_practice(svc, "monsters", "northern_realms", "hard")
    await svc.matches.ready(match_id, ALICE.user_id)
    started = loop.time()
    await play_against_computer(svc, match_id, random.Random(4), stop_after=5)
    thinking = loop.time() - started
    ticker.cancel()
    await svc.close()
    assert thinking > 0.3, "the computer searched for a while"
    assert max(gaps) < 0.15, f"the event loop stalled for {max(gaps):.2f} s"


async def test_the_computer_decides_from_its_own_observation_only(services: Services) -> None:
    services.matches.on_computer_turn(None)  # keep the computer from moving
    match = await services.matches.get(await fixed_practice(services))
    assert await services.matches.computer_turn(match.id) is None  # still choosing decks
    await services.matches.ready(match.id, ALICE.user_id)
    turn = await services.matches.computer_turn(match.id)
    assert turn is not None and turn.seat == 1 and turn.level == "easy"
    obs = turn.observation
    assert obs.viewer == 1 and obs.sides[0].hand is None and obs.sides[1].hand is not None
    async with services.db.reading() as repo:
        state = await repo.state(match.id)
    assert state is not None
    assert obs == Match.from_json(state).observation(1)
    assert turn.deck.faction == "monsters"
    assert turn.action_count == 0


async def test_a_practice_match_with_the_computer_to_move_resumes_after_a_restart(
        database: Path | str, clock: FakeClock, rng: random.Random) -> None:
    services, _ = await open_services(database, clock, rng, think_seconds=0)
    match = await practice(services, level="normal")
    await services.matches.ready(match.id, ALICE.user_id)
    moves = random.Random(5)
    await services.computer.idle()
    # The bot stops right after Alice's move: the computer never got to answer it. Alice
    # never passes here, so the match (with its random seed and computer faction) cannot
    # end before the computer is due to move.
    services.matches.on_computer_turn(None)
    while await services.matches.computer_turn(match.id) is None:
        record = await services.matches.get(match.id)
        snapshot = await services.matches.private(match.id, ALICE.user_id)
        assert snapshot.observation is not None
        unpassing = [a for a in snapshot.observation.legal if a.kind not in (FORFEIT, PASS)]
        move = moves.choice(unpassing or list(snapshot.observation.legal))
        await services.matches.act(match.id, ALICE.user_id, move_text(move),
                                   record.action_count)
    stopped = await services.matches.get(match.id)
    await services.close()

    services, _ = await open_services(database, clock, rng, think_seconds=0)
    assert await services.computer.resume() == 1
    await services.computer.idle()
    resumed = await services.matches.get(match.id)
    assert resumed.action_count > stopped.action_count, "the computer moved after the restart"
    assert await services.matches.computer_turn(match.id) is None
    final = await play_against_computer(services, match.id, moves)
    assert final.status == OVER and await services.matches.result(match.id) is not None
    await services.close()


async def test_a_move_made_out_of_date_by_a_forfeit_is_dropped_quietly(
        db_path: Path, clock: FakeClock, rng: random.Random,
        caplog: pytest.LogCaptureFixture) -> None:
    services, notifier = await open_services(db_path, clock, rng, think_seconds=0.5)
    match = await practice(services, Player(ALICE.user_id, ALICE.name, "monsters"))
    with caplog.at_level(logging.INFO, logger="bot"):
        await services.matches.ready(match.id, ALICE.user_id)
        await asyncio.sleep(0.05)  # the computer has started thinking about its redraws
        await services.matches.forfeit(GUILD, ALICE.user_id)
        await services.computer.idle()
    assert [a for _, a, _ in await services.matches.actions(match.id)] == ["0 forfeit"]
    assert any("was not applied" in r.getMessage() for r in caplog.records)
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    result = await services.matches.result(match.id)
    assert result is not None and result.winner == 1 and result.ended_by == "forfeit"
    assert result.is_practice
    assert notifier.changes[-1].finished
    await services.close()


async def test_the_computer_waits_out_its_think_floor(db_path: Path, clock: FakeClock,
                                                     rng: random.Random) -> None:
    services, notifier = await open_services(db_path, clock, rng, think_seconds=0.4)
    loop = asyncio.get_running_loop()
    match_id = await fixed_practice(services)
    await services.matches.ready(match_id, ALICE.user_id)
    started = loop.time()
    await services.computer.idle()
    assert loop.time() - started >= 0.4
    first = (await services.matches.actions(match_id))[0][1]
    assert first.startswith("1 ")
    assert notifier.changes[-1].actor == 1
    await services.close()


async def test_the_computers_moves_in_a_row_follow_at_once(db_path: Path, clock: FakeClock,
                                                         rng: random.Random) -> None:
    # Each time the person passes, the computer plays on alone: only its first reply waits
    # out the think floor (one board shows them all).
    services, _ = await open_services(db_path, clock, rng, think_seconds=0.5)
    loop = asyncio.get_running_loop()
    match_id = await fixed_practice(services)
    await services.matches.ready(match_id, ALICE.user_id)
    runs = []
    for _ in range(40):
        await services.computer.idle()
        record = await services.matches.get(match_id)
        if not record.is_live:
            break
        snapshot = await services.matches.private(match_id, ALICE.user_id)
        assert snapshot.observation is not None
        kinds = {a.kind for a in snapshot.observation.legal}
        move = PASS if PASS in kinds else next(a for a in snapshot.observation.legal
                                                if a.kind != FORFEIT).kind
        started = loop.time()
        await services.matches.act(match_id, ALICE.user_id, move, record.action_count)
        await services.computer.idle()
        moves = (await services.matches.get(match_id)).action_count - record.action_count - 1
        runs.append((moves, loop.time() - started))
    long_runs = [seconds for moves, seconds in runs if moves >= 3]
    assert long_runs, runs
    assert all(0.5 <= seconds < 1.0 for seconds in long_runs), runs
    await services.close()


async def test_the_computer_chooses_who_goes_first_as_scoiatael(services: Services) -> None:
    async with services.db.transaction() as repo:
        match_id = await services.matches.insert(
            repo, GUILD, CHANNEL, CHANNEL,
            (Player(ALICE.user_id, ALICE.name, "monsters"),
             Player(BOT_ID, COMPUTER_NAME, "scoiatael", ai_level="normal")), ranked=False)
    await services.matches.ready(match_id, ALICE.user_id)
    await services.computer.idle()
    first = (await services.matches.actions(match_id))[0][1]
    assert first.startswith(f"1 {FIRST} ")
    final = await play_against_computer(services, match_id, random.Random(2))
    assert final.status == OVER


async def test_an_open_challenge_does_not_stop_practice(services: Services) -> None:
    challenge = await services.challenges.create(GUILD, CHANNEL, ALICE, BOB)
    mine = await practice(services, ALICE)
    theirs = await practice(services, BOB)
    assert mine.is_live and theirs.is_live and not mine.ranked
    # The challenge waits; accepting it while they play is refused, and they may still cancel.
    with pytest.raises(Busy, match="already playing a match"):
        await services.challenges.accept(challenge.id, BOB.user_id, thread_venue)
    assert (await services.challenges.cancel(challenge.id, ALICE.user_id)).status == CANCELLED


async def test_practice_is_refused_while_playing(services: Services) -> None:
    with pytest.raises(Refusal, match="difficulty"):
        await practice(services, level="impossible")
    with pytest.raises(Refusal, match="faction"):
        await practice(services, Player(ALICE.user_id, ALICE.name, "elves"))
    # A running match of yours, or a running match in the channel.
    match = await practice(services, CAROL, in_thread=False)
    with pytest.raises(Busy, match="You already have a match running"):
        await practice(services, CAROL, channel=CHANNEL + 1)
    dave = Player(14, "Dave")
    with pytest.raises(Busy, match="already running in this channel"):
        await practice(services, dave)
    with pytest.raises(Busy, match="Carol already has a match running"):
        await services.challenges.create(GUILD, CHANNEL + 1, dave, CAROL)
    # The computer itself is never busy: others practise at the same time.
    other = await practice(services, dave, channel=CHANNEL + 1)
    assert other.seats[1].user_id == match.seats[1].user_id == BOT_ID
    assert other.seats[0].faction in dict(factions())  # random when not chosen


async def test_a_practice_rematch_plays_the_computer_again_in_the_same_place(
        services: Services) -> None:
    match = await practice(services, Player(ALICE.user_id, ALICE.name, "skellige"), "hard")
    with pytest.raises(Refusal, match="still running"):
        await services.practice.rematch(match.id, ALICE.user_id)
    await services.matches.forfeit(GUILD, ALICE.user_id)
    with pytest.raises(NotAParticipant):
        await services.practice.rematch(match.id, BOB.user_id)
    again = await services.practice.rematch(match.id, ALICE.user_id)
    assert again.id != match.id and again.channel_id == match.channel_id
    assert again.seats[0].faction == "skellige" and again.seats[1].ai_level == "hard"
    people = await start_match(services, BOB, CAROL, channel=CHANNEL + 1)
    with pytest.raises(Refusal, match="not a practice match"):
        await services.practice.rematch(people.id, BOB.user_id)


async def test_turn_warnings_are_for_the_person_only(services: Services,
                                                     notifier: RecordingNotifier,
                                                     clock: FakeClock) -> None:
    services.matches.on_computer_turn(None)  # the computer has not answered yet
    match_id = await fixed_practice(services)
    await services.matches.ready(match_id, ALICE.user_id)
    record = await services.matches.get(match_id)
    assert record.warn_at is not None and record.deadline is not None
    clock.now = record.warn_at
    await services.timers.run_due()
    assert notifier.warnings == [(match_id, (0,))]
    clock.now = record.deadline
    await services.timers.run_due()  # the timer keeps both hands, the computer's too
    assert [a for _, a, _ in await services.matches.actions(match_id)] == ["0 keep", "1 keep"]


async def test_challenges_to_other_bots_are_still_refused(services: Services) -> None:
    with pytest.raises(Refusal, match="/gwent practice"):
        await services.challenges.create(GUILD, CHANNEL, ALICE, Player(77, "Robot"),
                                         opponent_is_bot=True)


async def test_a_worker_that_died_is_replaced(db_path: Path, clock: FakeClock, rng: random.Random,
                                              caplog: pytest.LogCaptureFixture) -> None:
    services, _ = await open_services(db_path, clock, rng, think_seconds=0)
    match_id = await fixed_practice(services, level="normal")
    await services.matches.ready(match_id, ALICE.user_id)
    await services.computer.idle()
    first = services.computer.worker
    assert isinstance(first, ProcessPoolExecutor)
    for process in list(first._processes.values()):  # the worker this test started
        process.kill()
        process.join()
    with caplog.at_level(logging.WARNING, logger="bot"):
        final = await play_against_computer(services, match_id, random.Random(9))
    assert final.status == OVER
    assert services.computer.worker is not first
    assert isinstance(services.computer.worker, ProcessPoolExecutor)
    assert any("AI worker stopped" in r.getMessage() for r in caplog.records)
    await services.close()


async def test_without_processes_the_computer_thinks_in_a_thread(
        db_path: Path, clock: FakeClock, rng: random.Random, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    forbid_processes(monkeypatch)
    services, _ = await open_services(db_path, clock, rng, think_seconds=0)
    match_id = await fixed_practice(services)
    with caplog.at_level(logging.WARNING, logger="bot"):
        await services.matches.ready(match_id, ALICE.user_id)
        final = await play_against_computer(services, match_id, random.Random(1))
    assert final.status == OVER
    assert isinstance(services.computer.worker, ThreadPoolExecutor)
    assert any("thinks in a thread" in r.getMessage() for r in caplog.records)
    await services.close()


@pytest.mark.parametrize("workers", [1, 2])
async def test_ai_workers_sets_how_many_decisions_run_at_once(
        db_path: Path, clock: FakeClock, rng: random.Random, monkeypatch: pytest.MonkeyPatch,
        workers: int) -> None:
    # Each decision waits in its worker for another one to start beside it: with two
    # workers the two matches' decisions meet; with one they never can, and the waiting
    # ends at a deadline shared by all decisions.
    lock, met = threading.Lock(), threading.Event()
    inside, most = 0, 0
    deadline = time.monotonic() + (30 if workers == 2 else 0.5)

    def decide_when_met(level: str, obs: Observation, *rest: object) -> Action:
        nonlocal inside, most
        with lock:
            inside += 1
            most = max(most, inside)
            if inside == 2:
                met.set()
        met.wait(timeout=max(0.0, deadline - time.monotonic()))
        with lock:
            inside -= 1
        return fallback(obs)

    forbid_processes(monkeypatch)  # threads run the stand-in decision
    monkeypatch.setattr("bot.service.computer.decide", decide_when_met)
    services, _ = await open_services(db_path, clock, rng, think_seconds=0, ai_workers=workers)
    # Not Scoia'tael: the computer has a decision to make as soon as its person is ready.
    first = await practice(services, Player(ALICE.user_id, ALICE.name, "monsters"))
    second = await practice(services, Player(BOB.user_id, BOB.name, "nilfgaard"))
    await asyncio.gather(services.matches.ready(first.id, ALICE.user_id),
                         services.matches.ready(second.id, BOB.user_id))
    await services.computer.idle()
    assert services.computer.decisions >= 2
    assert most == workers
    await services.close()
