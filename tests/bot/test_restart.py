"""Restarts: close everything, reopen the same file, and carry on where the log stopped."""

from __future__ import annotations

import random
from pathlib import Path

from bot.service import Services
from bot.service.settings import DEFAULT_TURN_SECONDS
from bot.service.timers import RESTART_GRACE_SECONDS
from bot.storage.records import OVER
from tests.bot.helpers import FakeClock, RecordingNotifier, play_randomly, start_match


async def _reopen(database: Path | str, clock: FakeClock, rng: random.Random
                  ) -> tuple[Services, RecordingNotifier]:
    notifier = RecordingNotifier()
    services = await Services.open(database, notifier, clock, rng=rng)
    notifier.services = services
    await services.timers.resume()
    return services, notifier


async def test_a_match_continues_after_a_restart(database: Path | str, clock: FakeClock,
                                                 rng: random.Random) -> None:
    services, _ = await _reopen(database, clock, rng)
    moves = random.Random(11)
    match = await start_match(services)
    record = await play_randomly(services, match.id, moves, until=lambda o: o.round == 2)
    before = (await services.matches.public(match.id)).observation
    await services.close()

    services, _ = await _reopen(database, clock, rng)
    reopened = await services.matches.get(match.id)
    assert reopened.action_count == record.action_count
    after = (await services.matches.public(match.id)).observation
    assert after == before
    final = await play_randomly(services, match.id, moves)
    assert final.status == OVER
    assert await services.matches.result(match.id) is not None
    await services.close()


async def test_timers_resume_with_the_remaining_time(database: Path | str, clock: FakeClock,
                                                     rng: random.Random) -> None:
    services, _ = await _reopen(database, clock, rng)
    match = await start_match(services)
    deadline = match.deadline
    assert deadline is not None
    clock.advance(100)
    await services.close()

    clock.advance(20)  # down for 20 seconds
    services, notifier = await _reopen(database, clock, rng)
    assert (await services.matches.get(match.id)).deadline == deadline
    clock.advance(DEFAULT_TURN_SECONDS - 121)
    await services.timers.run_due()
    assert (await services.matches.get(match.id)).action_count == 0
    clock.advance(1)
    await services.timers.run_due()
    assert (await services.matches.get(match.id)).action_count == 2  # both kept by timer
    assert notifier.changes[-1].timed_out is not None
    await services.close()


async def test_deadlines_missed_while_down_get_a_grace_period(database: Path | str,
                                                              clock: FakeClock,
                                                              rng: random.Random) -> None:
    services, _ = await _reopen(database, clock, rng)
    match = await start_match(services)
    await services.close()
    clock.advance(DEFAULT_TURN_SECONDS * 10)
    services, _ = await _reopen(database, clock, rng)
    record = await services.matches.get(match.id)
    assert record.deadline == clock.now + RESTART_GRACE_SECONDS
    await services.timers.run_due()
    assert (await services.matches.get(match.id)).action_count == 0
    clock.advance(RESTART_GRACE_SECONDS)
    await services.timers.run_due()
    assert (await services.matches.get(match.id)).action_count == 2
    await services.close()
