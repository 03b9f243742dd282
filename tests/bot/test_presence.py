"""Who is looking at a match: every click of a player in it, and the table, note when they
were last seen (seats.seen_at, table_seen_at), on both backends."""

from __future__ import annotations

import pytest

from bot.service import LOOKING_SECONDS, Services, looking
from bot.service.errors import NotAParticipant, OutOfDate
from bot.service.matches import SEEN_WRITE_SECONDS
from bot.storage.records import SeatRecord
from tests.bot.helpers import ALICE, BOB, CAROL, FakeClock, move_text, start_match


async def seat_of(services: Services, match_id: int, user_id: int) -> SeatRecord:
    """A player's seat as stored."""
    match = await services.matches.get(match_id)
    seat = match.seat_of(user_id)
    assert seat is not None
    return match.seats[seat]


async def test_mark_seen_notes_a_player_and_refuses_anyone_else(services: Services,
                                                                clock: FakeClock) -> None:
    match = await start_match(services, ready=False)
    assert (await seat_of(services, match.id, ALICE.user_id)).seen_at is None
    await services.matches.mark_seen(match.id, ALICE.user_id)
    alice = await seat_of(services, match.id, ALICE.user_id)
    assert alice.seen_at == clock() and alice.table_seen_at is None
    assert looking(alice, clock()) and not looking(alice, clock(), at_table=True)
    assert (await seat_of(services, match.id, BOB.user_id)).seen_at is None
    with pytest.raises(NotAParticipant):
        await services.matches.mark_seen(match.id, CAROL.user_id)
    with pytest.raises(NotAParticipant):
        await services.matches.mark_seen(match.id + 1000, ALICE.user_id)

    # At the table: both times. Looking lasts LOOKING_SECONDS.
    clock.advance(30)
    await services.matches.mark_seen(match.id, ALICE.user_id, at_table=True)
    alice = await seat_of(services, match.id, ALICE.user_id)
    assert alice.seen_at == alice.table_seen_at == clock()
    assert looking(alice, clock() + LOOKING_SECONDS - 1, at_table=True)
    assert not looking(alice, clock() + LOOKING_SECONDS, at_table=True)
    assert not looking(alice, clock() + LOOKING_SECONDS)


async def test_mark_seen_writes_at_most_once_in_a_few_seconds(services: Services,
                                                              clock: FakeClock) -> None:
    match = await start_match(services, ready=False)
    await services.matches.mark_seen(match.id, ALICE.user_id)
    first = clock()
    clock.advance(SEEN_WRITE_SECONDS - 1)
    await services.matches.mark_seen(match.id, ALICE.user_id)  # nothing written
    assert (await seat_of(services, match.id, ALICE.user_id)).seen_at == first
    # The table is noted apart: its first report is written even so.
    await services.matches.mark_seen(match.id, ALICE.user_id, at_table=True)
    assert (await seat_of(services, match.id, ALICE.user_id)).table_seen_at == clock()
    clock.advance(SEEN_WRITE_SECONDS)
    await services.matches.mark_seen(match.id, ALICE.user_id)
    assert (await seat_of(services, match.id, ALICE.user_id)).seen_at == clock()


async def test_clicks_that_change_the_match_note_the_player_in_their_own_transaction(
        services: Services, clock: FakeClock) -> None:
    match = await start_match(services, ready=False)
    await services.matches.choose_deck(match.id, ALICE.user_id, faction="monsters")
    assert (await seat_of(services, match.id, ALICE.user_id)).seen_at == clock()
    clock.advance(100)
    await services.matches.ready(match.id, ALICE.user_id)
    await services.matches.ready(match.id, BOB.user_id)
    assert (await seat_of(services, match.id, ALICE.user_id)).seen_at == clock()
    clock.advance(100)
    snapshot = await services.matches.private(match.id, BOB.user_id)
    assert snapshot.observation is not None
    move = move_text(next(a for a in snapshot.observation.legal if a.kind == "keep"))
    played = await services.matches.act(match.id, BOB.user_id, move, snapshot.match.action_count)
    me = played.match.seats[played.match.seat_of(BOB.user_id) or 0]
    assert me.seen_at == clock() and looking(me, clock())
    # A refused click changes nothing, and notes nothing either.
    clock.advance(100)
    with pytest.raises(OutOfDate):
        await services.matches.act(match.id, BOB.user_id, move, 0)
    assert (await seat_of(services, match.id, BOB.user_id)).seen_at == clock() - 100


async def test_a_view_stored_from_a_click_notes_the_player_and_names_the_view_it_replaces(
        services: Services, clock: FakeClock) -> None:
    match = await start_match(services)  # Ready: seen now
    ready_at = clock()
    clock.advance(100)
    assert await services.matches.set_view(match.id, ALICE.user_id, 11, 5, "t1", clock()) is None
    # Not from a click (a hand sent by direct message): not seen.
    assert (await seat_of(services, match.id, ALICE.user_id)).seen_at == ready_at
    clock.advance(10)
    replaced = await services.matches.set_view(match.id, ALICE.user_id, 12, 5, "t2", clock(),
                                               seen_at=clock())
    assert replaced is not None and (replaced.message_id, replaced.token) == (11, "t1")
    assert (await seat_of(services, match.id, ALICE.user_id)).seen_at == clock()
    # The same message again (a newer token of the same view) replaces nothing.
    assert await services.matches.set_view(match.id, ALICE.user_id, 12, 5, "t3", clock(),
                                           seen_at=clock()) is None
    with pytest.raises(NotAParticipant):
        await services.matches.set_view(match.id, CAROL.user_id, 13, 5, "t4", clock(),
                                        seen_at=clock())
