"""Replays through the service: rebuilt positions equal the live match, navigation, refusals,
records that no longer replay, matches from before a restart or an older version."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

from bot.service import Services
from bot.service.errors import NotAParticipant, NotFound
from bot.service.replays import NotReplayable, Step, lead_changes
from bot.storage import Database
from bot.storage.records import OVER, SeatRecord
from engine import Action, Match, Observation
from engine.cli import main as engine_cli
from engine.observation import PLAYING
from tests.bot.helpers import (
    ALICE,
    BOB,
    CAROL,
    GUILD,
    FakeClock,
    RecordingNotifier,
    start_match,
)
from tests.bot.replay_helpers import finished_match, hidden_uids, shown_uids

DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize("seed, factions", [(1, ("monsters", "northern_realms")),
                                            (2, ("scoiatael", "nilfgaard"))])
async def test_every_position_is_what_the_live_match_showed(
        services: Services, seed: int, factions: tuple[str, str]) -> None:
    match_id, seen = await finished_match(services, seed, factions)
    replay = await services.replays.open(match_id, GUILD)
    assert replay.last == max(seen) and len(replay.steps) == replay.last + 1
    for number, (public, first, second) in seen.items():
        assert replay.observation(number, None) == public, number
        assert replay.observation(number, 0) == first, number
        assert replay.observation(number, 1) == second, number
    # Positions the live match never stood at for long are rebuilt too (every move exists).
    assert all(replay.observation(n, None).action_count == n for n in range(replay.last + 1))


async def test_no_public_position_holds_a_hidden_card(services: Services) -> None:
    match_id, _ = await finished_match(services, 3, ("skellige", "monsters"))
    replay = await services.replays.open(match_id, GUILD)
    engine = Match.replay({**replay.record, "actions": []})
    for number in range(replay.last + 1):
        if number:
            engine.apply(Action.parse(replay.record["actions"][number - 1]))
        public = replay.observation(number, None)
        assert public.viewer is None and public.legal == ()
        assert public.pending is None or public.pending.options == ()
        assert all(s.hand is None and s.revealed == () and s.mulligans_left is None
                   for s in public.sides)
        assert not shown_uids(public) & hidden_uids(engine), number
        own = replay.observation(number, 0)
        assert set(v.uid for v in own.sides[0].hand or ()) == set(engine.sides[0].hand)
        assert own.sides[1].hand is None


async def test_navigation_marks(services: Services) -> None:
    match_id, seen = await finished_match(services, 4)
    replay = await services.replays.open(match_id, GUILD)
    publics = [seen[n][0] if n in seen else replay.observation(n, None)
               for n in range(replay.last + 1)]
    starts = replay.round_starts()
    assert starts == [min(n for n, o in enumerate(publics) if o.phase == PLAYING and
                          o.round == r) for r in range(1, publics[-1].round + 1)]
    ends = replay.round_ends()
    assert len(ends) == len(publics[-1].rounds) or publics[-1].forfeited_by is not None
    assert ends[-1] == replay.last
    for n in ends:
        assert len(publics[n].rounds) > len(publics[n - 1].rounds) or publics[n].is_over
    for n in replay.lead_changes():
        now, before = replay.steps[n], replay.steps[n - 1]
        assert now.round == before.round and now.leader is not None
        assert now.leader != before.leader
    assert replay.previous_round(0) is None and replay.next_round(0) == starts[0]
    assert replay.next_round(starts[-1]) is None
    assert replay.previous_round(starts[0] + 1) == starts[0]
    if len(starts) > 1:
        assert replay.previous_round(starts[1]) == starts[0]
        assert replay.next_round(starts[0]) == starts[1]


def test_lead_changes_skip_level_boards_and_new_rounds() -> None:
    totals = [(0, 0), (5, 0), (5, 5), (5, 9), (8, 9), (12, 9), (0, 0), (0, 3), (4, 3)]
    rounds = [1, 1, 1, 1, 1, 1, 2, 2, 2]
    steps = [Step(n, r, PLAYING, t, r - 1, n % 2, "")
             for n, (r, t) in enumerate(zip(rounds, totals, strict=True))]
    # 5-0 is Alice's first lead, 5-5 level, 5-9 Bob takes it, 12-9 Alice takes it back; round
    # 2 starts level, 0-3 is Bob's first lead there, 4-3 Alice takes it.
    assert lead_changes(steps) == [3, 5, 8]


async def test_refusals(services: Services) -> None:
    match_id, _ = await finished_match(services, 5)
    with pytest.raises(NotFound, match="There is no match 999"):
        await services.replays.open(999, GUILD)
    with pytest.raises(NotFound, match="another server"):
        await services.replays.open(match_id, GUILD + 1)
    running = await start_match(services, ALICE, CAROL, channel=3000)
    with pytest.raises(NotReplayable, match="still being played"):
        await services.replays.open(running.id, GUILD)
    # Cached or not, another server is refused.
    replay = await services.replays.open(match_id, GUILD)
    with pytest.raises(NotFound, match="another server"):
        await services.replays.open(match_id, GUILD + 1)
    assert services.replays.seat_of(replay, BOB.user_id) == 1
    with pytest.raises(NotAParticipant, match="Only the players"):
        services.replays.seat_of(replay, CAROL.user_id)


async def _tamper(db: Database, sql: str, *params: object) -> None:
    async with db.transaction() as repo:
        await repo.connection.execute(sql, params)


@pytest.mark.parametrize("sql, params", [
    ("UPDATE matches SET seed = seed + 1 WHERE id = ?", ()),
    ("DELETE FROM actions WHERE match_id = ? AND number = 3", ()),
    ("UPDATE actions SET action = '0 forfeit' WHERE match_id = ? AND number = 5", ()),
    ("UPDATE matches SET state = '{\"format\": \"gwent-state\", \"version\": 9}' WHERE id = ?",
     ()),
])
async def test_a_record_that_no_longer_replays_is_refused(
        database: Path | str, notifier: RecordingNotifier, clock: FakeClock,
        rng: random.Random, sql: str, params: tuple[object, ...]) -> None:
    services = await Services.open(database, notifier, clock, think_seconds=0, rng=rng)
    try:
        match_id, _ = await finished_match(services, 6)
        await _tamper(services.db, sql, match_id, *params)
    finally:
        await services.close()
    services = await Services.open(database, notifier, clock, think_seconds=0, rng=rng)
    try:
        with pytest.raises(NotReplayable, match=f"Match {match_id} cannot be replayed"):
            await services.replays.open(match_id, GUILD)
    finally:
        await services.close()


async def test_a_replay_that_ends_elsewhere_than_stored_is_refused(
        services: Services) -> None:
    """As when the rules changed since: every stored move is still legal, but the match they
    lead to is not the one that was played."""
    match_id, _ = await finished_match(services, 9)
    async with services.db.reading() as repo:
        state = json.loads(await repo.state(match_id) or "")
    state["results"][0][0][0] += 1
    await _tamper(services.db, "UPDATE matches SET state = ? WHERE id = ?", json.dumps(state),
                  match_id)
    with pytest.raises(NotReplayable, match="no longer lead to the board it ended with"):
        await services.replays.open(match_id, GUILD)


async def test_replays_survive_a_restart_and_ignore_the_seat_deck_column(
        database: Path | str, notifier: RecordingNotifier, clock: FakeClock,
        rng: random.Random) -> None:
    services = await Services.open(database, notifier, clock, think_seconds=0, rng=rng)
    try:
        match_id, seen = await finished_match(services, 7)
        # However a seat's deck choice comes to be stored, the replay uses the decks the
        # match was actually played with.
        await _tamper(services.db, "UPDATE seats SET deck = '{\"cards\": \"another format\"}' "
                                   "WHERE match_id = ?", match_id)
    finally:
        await services.close()
    services = await Services.open(database, notifier, clock, think_seconds=0, rng=rng)
    try:
        replay = await services.replays.open(match_id, GUILD)
        assert replay.observation(replay.last, None) == seen[replay.last][0]
        recent = await services.replays.recent(GUILD, BOB.user_id)
        assert [f.match_id for f in recent] == [match_id]
        assert recent[0].names == ("Alice", "Bob")
        assert await services.replays.recent(GUILD, CAROL.user_id) == []
        assert await services.replays.recent(GUILD + 1, BOB.user_id) == []
    finally:
        await services.close()


async def test_matches_of_the_first_version_still_replay(services: Services) -> None:
    stored = json.loads((DATA / "first_version_matches.json").read_text(encoding="utf-8"))
    for old in stored["matches"]:
        async with services.db.transaction() as repo:
            match_id = await repo.insert_match(GUILD, 5000, 5000, old["seed"], 1.0, None, None)
            for seat in (0, 1):
                await repo.insert_seat(match_id, SeatRecord(
                    seat, (ALICE, BOB)[seat].user_id, old["names"][seat], old["factions"][seat],
                    old["leaders"][seat], old["factions"][seat], True, 0, None))
            for number, action in enumerate(old["actions"], start=1):
                await repo.insert_action(match_id, number, action, "player", 1.0)
            await repo.update_match(match_id, status=OVER, state=json.dumps(old["state"]),
                                    action_count=len(old["actions"]), finished_at=2.0)
        replay = await services.replays.open(match_id, GUILD)
        final = Match.from_dict(old["state"])
        assert replay.last == len(old["actions"])
        for viewer in (None, 1):
            assert (_unworded(replay.observation(replay.last, viewer))
                    == _unworded(final.observation(viewer)))


def _unworded(obs: Observation) -> Observation:
    """An observation without its log, whose wording may change from version to version."""
    return dataclasses.replace(obs, events=(), last_events=(), event_log=(), last_event_log=())


async def test_the_exported_record_replays_on_the_command_line(
        services: Services, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    match_id, _ = await finished_match(services, 8)
    replay = await services.replays.open(match_id, GUILD)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(replay.record), encoding="utf-8")
    assert engine_cli(["replay", str(path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    async with services.db.reading() as repo:
        state = await repo.state(match_id)
    assert state is not None and printed == json.loads(state)
