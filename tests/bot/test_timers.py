"""Turn timers: warnings, passing on expiry, forfeiting after two, and deck-choice expiry."""

from __future__ import annotations

import random

import pytest

from bot.service import Services
from bot.service.errors import InvalidSetting
from bot.service.settings import DEFAULT_TURN_SECONDS
from bot.storage.records import OVER, PLAYING
from engine.actions import PASS
from tests.bot.helpers import (
    ALICE,
    BOB,
    GUILD,
    FakeClock,
    RecordingNotifier,
    play_randomly,
    start_match,
)


async def _keep_both(services: Services, match_id: int) -> None:
    for user in (ALICE, BOB):
        count = (await services.matches.get(match_id)).action_count
        await services.matches.act(match_id, user.user_id, "keep", count)


async def test_expiry_in_deck_choice_readies_with_defaults(
        services: Services, clock: FakeClock, notifier: RecordingNotifier) -> None:
    match = await start_match(services, ready=False)
    await services.matches.ready(match.id, ALICE.user_id)
    assert match.deadline == clock.now + DEFAULT_TURN_SECONDS
    clock.advance(DEFAULT_TURN_SECONDS - 1)
    await services.timers.run_due()
    assert (await services.matches.get(match.id)).status == "choosing"
    clock.advance(1)
    await services.timers.run_due()
    record = await services.matches.get(match.id)
    assert record.status == PLAYING and record.action_count == 0
    assert (record.seats[0].timeouts, record.seats[1].timeouts) == (0, 1)
    assert notifier.changes[-1].timed_out == 1 and notifier.changes[-1].turn_for == (0, 1)


async def test_warning_then_pass_then_forfeit(services: Services, clock: FakeClock,
                                              notifier: RecordingNotifier) -> None:
    await services.settings.set_turn_seconds(GUILD, 60)
    match = await start_match(services)
    await _keep_both(services, match.id)
    record = await services.matches.get(match.id)
    public = (await services.matches.public(match.id)).observation
    assert public is not None and public.round == 1 and public.turn is not None
    first = public.turn
    assert record.deadline == clock.now + 60 and record.warn_at == clock.now + 40

    clock.advance(40)
    await services.timers.run_due()
    assert notifier.warnings == [(match.id, (first,))]
    await services.timers.run_due()
    assert len(notifier.warnings) == 1, "one warning per turn"

    clock.advance(20)
    await services.timers.run_due()
    record = await services.matches.get(match.id)
    assert record.status == PLAYING
    assert record.seats[first].timeouts == 1
    last = (await services.matches.actions(match.id))[-1]
    assert last[1:] == (f"{first} pass", "timer")
    assert notifier.changes[-1].timed_out == first
    assert notifier.changes[-1].turn_for == (1 - first,)

    # The other player passes too: round 2 starts; the first player times out again.
    other = record.seats[1 - first].user_id
    await services.matches.act(match.id, other, "pass", record.action_count)
    public = (await services.matches.public(match.id)).observation
    assert public is not None and public.round == 2
    if public.turn != first:  # the round winner starts; make it the first player's turn
        user = record.seats[public.turn or 0].user_id
        count = (await services.matches.get(match.id)).action_count
        obs = (await services.matches.private(match.id, user)).observation
        assert obs is not None
        play = next(a for a in obs.legal if a.kind not in (PASS, "forfeit", "leader"))
        await services.matches.act(match.id, user, str(play).split(" ", 1)[1], count)
    clock.advance(60)
    await services.timers.run_due()
    record = await services.matches.get(match.id)
    assert record.status == OVER
    result = await services.matches.result(match.id)
    assert result is not None
    assert (result.forfeited_by, result.ended_by) == (first, "timeout")
    assert notifier.changes[-1].finished


async def test_acting_resets_the_expiry_count(services: Services, clock: FakeClock) -> None:
    match = await start_match(services)
    clock.advance(DEFAULT_TURN_SECONDS)
    await services.timers.run_due()  # both were redrawing: both keep by timer
    record = await services.matches.get(match.id)
    assert [s.timeouts for s in record.seats] == [1, 1]
    assert [a for _, a, _ in await services.matches.actions(match.id)] == ["0 keep", "1 keep"]
    public = (await services.matches.public(match.id)).observation
    assert public is not None and public.turn is not None
    user = record.seats[public.turn].user_id
    obs = (await services.matches.private(match.id, user)).observation
    assert obs is not None
    play = next(a for a in obs.legal if a.kind == "play")
    await services.matches.act(match.id, user, str(play).split(" ", 1)[1], record.action_count)
    record = await services.matches.get(match.id)
    assert record.seats[public.turn].timeouts == 0
    assert record.seats[1 - public.turn].timeouts == 1


async def test_a_pending_choice_is_answered_before_passing(services: Services,
                                                           clock: FakeClock) -> None:
    rng = random.Random(7)
    for _ in range(40):
        match = await start_match(services)
        record = await play_randomly(services, match.id, rng, until=lambda o: o.pending is not None)
        if record.is_live:
            break
    public = (await services.matches.public(match.id)).observation
    assert public is not None and public.pending is not None
    chooser = public.pending.player
    clock.advance(DEFAULT_TURN_SECONDS)
    await services.timers.run_due()
    log = await services.matches.actions(match.id)
    taken = [(a, source) for n, a, source in log if n > record.action_count]
    assert taken[0][0].startswith(f"{chooser} choose")
    assert {source for _, source in taken} == {"timer"}


async def test_config_validation(services: Services) -> None:
    assert await services.settings.turn_seconds(GUILD) == DEFAULT_TURN_SECONDS
    assert await services.settings.set_turn_seconds(GUILD, 45) == 45
    assert await services.settings.turn_seconds(GUILD) == 45
    with pytest.raises(InvalidSetting):
        await services.settings.set_turn_seconds(GUILD, 5)
    assert await services.settings.turn_seconds(GUILD) == 45


async def test_hands_by_dm_setting_and_closed_dm_notice(services: Services) -> None:
    assert not (await services.settings.user(ALICE.user_id)).hands_by_dm
    await services.settings.set_hands_by_dm(ALICE.user_id, True)
    assert (await services.settings.user(ALICE.user_id)).hands_by_dm
    assert await services.settings.note_dms_closed(ALICE.user_id)
    assert not await services.settings.note_dms_closed(ALICE.user_id)
    await services.settings.set_hands_by_dm(ALICE.user_id, True)
    assert await services.settings.note_dms_closed(ALICE.user_id)


async def test_the_timer_loop_sleeps_until_the_next_deadline(services: Services) -> None:
    async with services.db.reading() as repo:
        assert await repo.next_wakeup() is None
    match = await start_match(services)
    async with services.db.reading() as repo:
        assert await repo.next_wakeup() == match.warn_at
