"""Turn timers: warnings, passing on expiry, forfeiting after two in the rounds, abandoning
after three in a row with no move, and deck-choice and redraw expiries that count for nothing."""

from __future__ import annotations

import random

import pytest

from bot.ranking.views import ABANDONED, LADDER
from bot.service import Services
from bot.service.errors import InvalidSetting, Refusal
from bot.service.ranked import BOTH_GONE
from bot.service.settings import DEFAULT_TURN_SECONDS
from bot.storage.records import OVER, PLAYING
from engine.actions import PASS
from tests.bot.helpers import (
    ALICE,
    BOB,
    GUILD,
    FakeClock,
    RecordingNotifier,
    move_text,
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
    # Deck choice is not a turn: the timeout counts against nobody.
    assert (record.seats[0].timeouts, record.seats[1].timeouts) == (0, 0)
    assert notifier.changes[-1].timed_out == 1 and notifier.changes[-1].turn_for == (0, 1)


async def _turn(services: Services, match_id: int) -> int:
    """The seat whose turn it is in a round."""
    public = (await services.matches.public(match_id)).observation
    assert public is not None and public.phase == "playing" and public.turn is not None
    return public.turn


async def _play_a_card(services: Services, match_id: int, seat: int) -> None:
    """The seat plays its first playable card (answering any choice it brings), or passes."""
    record = await services.matches.get(match_id)
    snapshot = await services.matches.private(match_id, record.seats[seat].user_id)
    first = True
    while snapshot.observation is not None and seat in snapshot.to_act and (
            first or snapshot.observation.pending is not None):
        legal = snapshot.observation.legal
        move = next((a for a in legal if a.kind in ("play", "choose")),
                    next(a for a in legal if a.kind == PASS))
        snapshot = await services.matches.act(match_id, record.seats[seat].user_id,
                                              move_text(move), snapshot.match.action_count)
        first = False


async def _time_out(services: Services, clock: FakeClock, match_id: int) -> None:
    """Let the running turn timer expire."""
    record = await services.matches.get(match_id)
    assert record.deadline is not None
    clock.now = record.deadline
    await services.timers.run_due()


async def test_a_timeout_in_the_redraws_keeps_the_hand_and_does_not_count(
        services: Services, clock: FakeClock) -> None:
    # The match: Bob's first timeout came in the redraws, his second in round 1.
    match = await start_match(services)
    await services.matches.act(match.id, ALICE.user_id, "keep", 0)
    await _time_out(services, clock, match.id)
    record = await services.matches.get(match.id)
    assert [a for _, a, _ in await services.matches.actions(match.id)] == ["0 keep", "1 keep"]
    assert [s.timeouts for s in record.seats] == [0, 0] and record.timeouts_in_a_row == 0
    if await _turn(services, match.id) == 0:
        await _play_a_card(services, match.id, 0)
    assert await _turn(services, match.id) == 1
    await _time_out(services, clock, match.id)
    record = await services.matches.get(match.id)
    assert record.status == PLAYING, "one timeout in the rounds only passes the round"
    assert record.seats[1].timeouts == 1 and record.timeouts_in_a_row == 1
    assert (await services.matches.actions(match.id))[-1][1:] == ("1 pass", "timer")


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


async def test_a_move_resets_the_counts(services: Services, clock: FakeClock) -> None:
    match = await start_match(services)
    await _time_out(services, clock, match.id)  # both were redrawing: both keep by timer
    first = await _turn(services, match.id)
    await _time_out(services, clock, match.id)
    record = await services.matches.get(match.id)
    assert record.seats[first].timeouts == 1 and record.timeouts_in_a_row == 1
    await _play_a_card(services, match.id, 1 - first)
    record = await services.matches.get(match.id)
    assert record.seats[1 - first].timeouts == 0 and record.timeouts_in_a_row == 0
    assert record.seats[first].timeouts == 1, "only a player's own move resets their count"


async def test_both_players_gone_end_the_match_abandoned_and_unrated(
        services: Services, clock: FakeClock, notifier: RecordingNotifier) -> None:
    match = await start_match(services, ranked=True)
    await _time_out(services, clock, match.id)  # the redraws: both keep, nothing counts
    await _turn(services, match.id)
    await _time_out(services, clock, match.id)  # the first player passes the round
    await _time_out(services, clock, match.id)  # the other too: round 1 ends
    before = await services.matches.get(match.id)
    assert before.status == PLAYING and before.timeouts_in_a_row == 2
    assert [s.timeouts for s in before.seats] == [1, 1]
    # A third timeout in a row, with no move from either player: nobody is there.
    await _time_out(services, clock, match.id)
    record = await services.matches.get(match.id)
    assert record.status == OVER and record.deadline is None
    assert record.action_count == before.action_count, "no forfeit is applied"
    result = await services.matches.result(match.id)
    assert result is not None and result.abandoned and result.ended_by == "timeout"
    assert (result.winner, result.forfeited_by) == (None, None) and len(result.rounds) == 1
    assert notifier.changes[-1].finished and notifier.changes[-1].timed_out is not None
    public = (await services.matches.public(match.id)).observation
    assert public is not None and not public.is_over  # the board where they left it
    outcome = await services.ranked.outcome(match.id)
    assert outcome is not None and not outcome.rated and outcome.reason == BOTH_GONE
    with pytest.raises(Refusal, match="No ranked match has been played"):
        await services.ranked.leaderboard(GUILD, services.ranked.season(), LADDER, 0,
                                          ALICE.user_id)
    profile = await services.ranked.profile(GUILD, ALICE.user_id, "Alice", True)
    assert profile.ranked.games == 0 and profile.recent[0].outcome == ABANDONED


async def test_a_move_in_between_means_the_absent_player_forfeits(
        services: Services, clock: FakeClock) -> None:
    match = await start_match(services, ranked=True)
    await _time_out(services, clock, match.id)  # the redraws
    gone = await _turn(services, match.id)
    await _time_out(services, clock, match.id)  # the absent player passes round 1
    await _play_a_card(services, match.id, 1 - gone)  # the other is there and plays on,
    await _time_out(services, clock, match.id)  # then lets the timer pass the round for them
    assert (await services.matches.get(match.id)).timeouts_in_a_row == 1
    if await _turn(services, match.id) != gone:
        await _play_a_card(services, match.id, 1 - gone)
    await _time_out(services, clock, match.id)
    result = await services.matches.result(match.id)
    assert result is not None and not result.abandoned
    assert (result.forfeited_by, result.ended_by) == (gone, "timeout")
    outcome = await services.ranked.outcome(match.id)
    assert outcome is not None and outcome.rated


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


async def test_config_takes_the_offered_timers_and_the_challenges_default(
        services: Services) -> None:
    assert await services.settings.turn_seconds(GUILD) == DEFAULT_TURN_SECONDS == 600
    assert await services.settings.set_turn_seconds(GUILD, 1800) == 1800
    assert await services.settings.turn_seconds(GUILD) == 1800
    for bad in (5, 45, 900):
        with pytest.raises(InvalidSetting, match="can be 1 minute, 3 minutes"):
            await services.settings.set_turn_seconds(GUILD, bad)
    assert await services.settings.turn_seconds(GUILD) == 1800
    # Challenges are casual unless the server (or the challenger) asks for ranked.
    assert not await services.settings.ranked_challenges(GUILD)
    await services.settings.set_ranked_challenges(GUILD, True)
    assert await services.settings.ranked_challenges(GUILD)
    assert not await services.settings.ranked_challenges(GUILD + 1)


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
