"""Matches through the service alone: deck choice, moves, who may act, stale clicks, results."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.service import Services
from bot.service.errors import IllegalMove, NotAParticipant, NotFound, OutOfDate, Refusal
from bot.storage.records import OVER, PLAYING, ShownBoard, ViewRecord
from bot.storage.sql import POSTGRESQL, SQLITE
from engine.actions import KEEP, MULLIGAN
from engine.observation import MULLIGAN as MULLIGAN_PHASE
from tests.bot.helpers import (
    ALICE,
    BOB,
    CAROL,
    GUILD,
    FakeClock,
    RecordingNotifier,
    move_text,
    play_randomly,
    start_match,
)


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_random_matches_play_to_the_end(services: Services, notifier: RecordingNotifier,
                                              seed: int) -> None:
    rng = random.Random(seed)
    factions = ["northern_realms", "nilfgaard", "monsters", "scoiatael", "skellige"]
    match = await start_match(services, ready=False)
    for user in (ALICE, BOB):
        await services.matches.choose_deck(match.id, user.user_id, faction=rng.choice(factions))
        await services.matches.ready(match.id, user.user_id)
    final = await play_randomly(services, match.id, rng)
    assert final.status == OVER and final.deadline is None and final.finished_at is not None
    log = await services.matches.actions(match.id)
    assert [n for n, _, _ in log] == list(range(1, final.action_count + 1))
    assert all(source == "player" for _, _, source in log)
    result = await services.matches.result(match.id)
    assert result is not None and result.ended_by == "play" and result.forfeited_by is None
    public = (await services.matches.public(match.id)).observation
    assert public is not None and public.is_over
    assert result.winner == public.winner
    assert [(a, b, w) for a, b, w in result.rounds] == [
        (r.scores[0], r.scores[1], r.winner) for r in public.rounds]
    assert result.factions == (final.seats[0].faction, final.seats[1].faction)
    assert result.guild_id == GUILD and result.player_ids == (ALICE.user_id, BOB.user_id)
    # Commit before show: every report found the database already holding the change.
    assert notifier.seen_counts and all(count == logged for count, logged in notifier.seen_counts)
    assert [c.action_count for c in notifier.changes if c.action_count][-1] == final.action_count
    assert notifier.changes[-1].finished


async def test_deck_choice(services: Services, notifier: RecordingNotifier) -> None:
    match = await start_match(services, ready=False)
    updated = await services.matches.choose_deck(match.id, ALICE.user_id, faction="nilfgaard")
    assert updated.seats[0].faction == "nilfgaard"
    assert updated.seats[0].leader.startswith("emhyr")
    with pytest.raises(Refusal, match="leader"):
        await services.matches.choose_deck(match.id, ALICE.user_id, leader="king_bran")
    with pytest.raises(NotAParticipant):
        await services.matches.choose_deck(match.id, CAROL.user_id, faction="monsters")
    await services.matches.ready(match.id, ALICE.user_id)
    with pytest.raises(Refusal, match="locked in"):
        await services.matches.choose_deck(match.id, ALICE.user_id, faction="monsters")
    assert (await services.matches.get(match.id)).status == "choosing"
    started = await services.matches.ready(match.id, BOB.user_id)
    assert started.status == PLAYING
    assert notifier.changes[-1].turn_for  # both redraw (or the Scoia'tael player decides)
    with pytest.raises(OutOfDate, match="already chosen"):
        await services.matches.ready(match.id, BOB.user_id)
    hand = (await services.matches.private(match.id, ALICE.user_id)).observation
    assert hand is not None and hand.sides[0].leader.card_id.startswith("emhyr")


async def test_only_players_may_act_and_see_hands(services: Services) -> None:
    match = await start_match(services)
    with pytest.raises(NotAParticipant, match="isn't your match"):
        await services.matches.act(match.id, CAROL.user_id, "pass", 0)
    with pytest.raises(NotAParticipant):
        await services.matches.private(match.id, CAROL.user_id)
    with pytest.raises(NotFound):
        await services.matches.act(match.id + 99, ALICE.user_id, "pass", 0)
    alice = (await services.matches.private(match.id, ALICE.user_id)).observation
    public = (await services.matches.public(match.id)).observation
    assert alice is not None and public is not None
    assert alice.sides[0].hand is not None and alice.sides[1].hand is None
    assert all(side.hand is None for side in public.sides) and public.legal == ()


async def _to_playing(services: Services, match_id: int) -> None:
    """Finish the redraws (and who-goes-first) by keeping."""
    for _ in range(4):
        record = await services.matches.get(match_id)
        public = (await services.matches.public(match_id)).observation
        assert public is not None
        if public.round >= 1:
            return
        for seat in (0, 1):
            user = record.seats[seat].user_id
            obs = (await services.matches.private(match_id, user)).observation
            assert obs is not None
            if obs.legal and obs.legal[0].kind in ("keep", "first"):
                await services.matches.act(match_id, user, move_text(obs.legal[0]),
                                           (await services.matches.get(match_id)).action_count)


async def test_out_of_turn_illegal_stale_and_double_clicks(services: Services) -> None:
    match = await start_match(services)
    await _to_playing(services, match.id)
    record = await services.matches.get(match.id)
    public = (await services.matches.public(match.id)).observation
    assert public is not None and public.turn is not None
    current, waiting = record.seats[public.turn], record.seats[1 - public.turn]
    count = record.action_count
    with pytest.raises(IllegalMove, match="not your turn"):
        await services.matches.act(match.id, waiting.user_id, "pass", count)
    with pytest.raises(IllegalMove, match="not a move"):
        await services.matches.act(match.id, current.user_id, "dance wildly", count)
    with pytest.raises(IllegalMove):
        await services.matches.act(match.id, current.user_id, "play 9999", count)
    with pytest.raises(OutOfDate, match="out of date"):
        await services.matches.act(match.id, current.user_id, "pass", count - 1)
    assert (await services.matches.get(match.id)).action_count == count
    # A double click: both carry the same action count; exactly one applies.
    results = await asyncio.gather(
        services.matches.act(match.id, current.user_id, "pass", count),
        services.matches.act(match.id, current.user_id, "pass", count),
        return_exceptions=True)
    assert sum(isinstance(r, OutOfDate) for r in results) == 1
    assert (await services.matches.get(match.id)).action_count == count + 1
    assert [a for _, a, _ in await services.matches.actions(match.id)][-1] == \
        f"{current.seat} pass"


async def test_redraws_one_at_a_time(services: Services) -> None:
    match = await start_match(services)
    public = (await services.matches.public(match.id)).observation
    assert public is not None and public.phase == MULLIGAN_PHASE
    obs = (await services.matches.private(match.id, ALICE.user_id)).observation
    assert obs is not None and obs.sides[0].mulligans_left == 2
    redraw = next(a for a in obs.legal if a.kind == MULLIGAN)
    after = await services.matches.act(match.id, ALICE.user_id, move_text(redraw), 0)
    assert after.observation is not None and after.observation.sides[0].mulligans_left == 1
    assert after.match.action_count == 1
    keep = await services.matches.act(match.id, ALICE.user_id, "keep", 1)
    assert keep.observation is not None
    assert KEEP not in {a.kind for a in keep.observation.legal}


async def test_forfeit_ends_the_match_and_stores_the_result(services: Services) -> None:
    match = await start_match(services)
    with pytest.raises(NotFound):
        await services.matches.forfeit(GUILD, CAROL.user_id)
    ended = await services.matches.forfeit(GUILD, ALICE.user_id)
    assert ended.status == OVER
    result = await services.matches.result(match.id)
    assert result is not None
    assert (result.winner, result.forfeited_by, result.ended_by) == (1, 0, "forfeit")
    with pytest.raises(NotFound):
        await services.matches.forfeit(GUILD, ALICE.user_id)
    with pytest.raises(OutOfDate, match="over"):
        await services.matches.act(match.id, BOB.user_id, "pass", ended.action_count)


async def test_forfeit_during_deck_choice(services: Services) -> None:
    match = await start_match(services, ready=False)
    await services.matches.forfeit(GUILD, BOB.user_id)
    result = await services.matches.result(match.id)
    assert result is not None and (result.winner, result.ended_by) == (0, "forfeit")


async def test_messages_still_to_post(services: Services) -> None:
    match = await start_match(services, ready=False)
    assert await services.matches.behind() == [match.id]
    await services.matches.set_messages(match.id, lobby=500)
    assert await services.matches.behind() == []
    await services.matches.ready(match.id, ALICE.user_id)
    await services.matches.ready(match.id, BOB.user_id)
    assert await services.matches.behind() == [match.id]
    await services.matches.set_messages(match.id, board=ShownBoard(501, 0, 2, "s3cret", 10.0))
    assert await services.matches.behind() == []
    shown = await services.matches.get(match.id)
    assert (shown.board_message_id, shown.board_action, shown.board_events) == (501, 0, 2)
    assert (shown.board_token, shown.board_token_at) == ("s3cret", 10.0)
    assert "s3cret" not in repr(shown), "a token is a secret, kept out of logs"
    await services.matches.forfeit(GUILD, ALICE.user_id)
    assert await services.matches.behind() == [match.id]
    await services.matches.set_messages(match.id, board=ShownBoard(502, 1, 4), result=503)
    assert await services.matches.behind() == []
    # An older board than the one remembered changes nothing.
    await services.matches.set_messages(match.id, board=ShownBoard(499, 0, 1))
    assert (await services.matches.get(match.id)).board_message_id == 502


async def test_a_players_view_and_its_token(services: Services) -> None:
    match = await start_match(services)
    assert await services.matches.views(match.id) == {}
    await services.matches.set_view(match.id, BOB.user_id, 600, 70, "first", 5.0)
    await services.matches.set_view(match.id, BOB.user_id, 601, 71, "second", 6.0)
    await services.matches.set_view(match.id, ALICE.user_id, 700, 70, None, None)
    views = await services.matches.views(match.id)
    assert views[1] == ViewRecord(match.id, 1, 601, 71, "second", 6.0)
    assert views[0] == ViewRecord(match.id, 0, 700, 70, None, None)
    assert "second" not in repr(views[1])
    with pytest.raises(NotAParticipant):
        await services.matches.set_view(match.id, 999, 800, 70, "x", 1.0)
    await services.matches.forget_view(match.id, 1, 600)  # no longer the view: kept
    await services.matches.forget_view(match.id, 0, 700)
    assert set(await services.matches.views(match.id)) == {1}


# A trigger that makes every insert into actions fail, on each backend.
BREAK_ACTIONS = {
    SQLITE: ["CREATE TRIGGER broken BEFORE INSERT ON actions "
             "BEGIN SELECT RAISE(ABORT, 'disk on fire'); END"],
    POSTGRESQL: ["CREATE FUNCTION on_fire() RETURNS trigger AS "
                 "'BEGIN RAISE EXCEPTION ''disk on fire''; END' LANGUAGE plpgsql",
                 "CREATE TRIGGER broken BEFORE INSERT ON actions "
                 "FOR EACH ROW EXECUTE FUNCTION on_fire()"],
}


async def test_a_failed_commit_changes_nothing(services: Services,
                                               notifier: RecordingNotifier) -> None:
    match = await start_match(services)
    reported = len(notifier.changes)
    async with services.db.transaction() as repo:
        for statement in BREAK_ACTIONS[repo.connection.dialect]:
            await repo.connection.execute(statement)
    with pytest.raises(Exception, match="disk on fire"):
        await services.matches.act(match.id, ALICE.user_id, "keep", 0)
    assert len(notifier.changes) == reported, "nothing is shown when nothing was committed"
    assert (await services.matches.get(match.id)).action_count == 0
    obs = (await services.matches.private(match.id, ALICE.user_id)).observation
    assert obs is not None and obs.action_count == 0 and KEEP in {a.kind for a in obs.legal}
    async with services.db.transaction() as repo:
        await repo.connection.execute("DROP TRIGGER broken" + (
            " ON actions" if repo.connection.dialect == POSTGRESQL else ""))
    await services.matches.act(match.id, ALICE.user_id, "keep", 0)
    assert (await services.matches.get(match.id)).action_count == 1


async def test_matches_behind_that_changed_lately_are_left_to_their_process(
        services: Services, clock: FakeClock) -> None:
    match = await start_match(services, ready=False)
    assert await services.matches.behind(quiet_for=5.0) == []
    clock.advance(6.0)
    assert await services.matches.behind(quiet_for=5.0) == [match.id]


async def test_a_view_keeps_the_players_locale_until_a_click_gives_another(
        services: Services) -> None:
    match = await start_match(services)
    await services.matches.set_view(match.id, BOB.user_id, 600, 70, "first", 5.0, "pl")
    # A direct message the bot sent (no click, no locale) keeps the locale known.
    await services.matches.set_view(match.id, BOB.user_id, 601, 71, None, None)
    assert (await services.matches.views(match.id))[1].locale == "pl"
    await services.matches.set_view(match.id, BOB.user_id, 602, 70, "second", 6.0, "de")
    assert (await services.matches.views(match.id))[1] == ViewRecord(
        match.id, 1, 602, 70, "second", 6.0, "de")
