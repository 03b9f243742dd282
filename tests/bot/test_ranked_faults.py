"""Ranked play's faults on a real database of each backend: a crash around the rating
update, results finishing at the same moment, stale updates, results stored before ranked
play, and the recompute tool against the incrementally kept ratings."""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.ranking.match import PlayerSeason
from bot.service import Player, Services
from bot.service.recompute import recompute
from bot.storage import StorageError
from bot.storage.ratings import DERIVED_TABLES, RatingsRepository
from bot.storage.records import OVER, PLAYING
from tests.bot.helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    FakeClock,
    RecordingNotifier,
    start_match,
)
from tests.bot.ranked_helpers import people, record

REPO = Path(__file__).resolve().parents[2]
FACTIONS = ("monsters", "skellige", "nilfgaard", "scoiatael", "northern_realms")


async def open_services(database: Path | str, clock: FakeClock) -> Services:
    """Services on the test database (not the fixture's, so it can be reopened)."""
    return await Services.open(database, RecordingNotifier(), clock, think_seconds=0,
                               rng=random.Random(5))


async def derived(services: Services) -> dict[str, list[tuple[Any, ...]]]:
    """Every derived row."""
    async with services.db.reading() as repo:
        ratings = repo.sharing(RatingsRepository)
        return {table: await ratings.dump(table) for table in DERIVED_TABLES}


def run_child(database: Path | str, code: str) -> int:
    """Run Python code against the database in another process; return its exit code."""
    script = (
        "import asyncio, os, random, sys\n"
        "from pathlib import Path\n"
        "from bot.service import Services\n"
        "from bot.service.ranked import RankedService\n"
        "from tests.bot.helpers import BOB, GUILD, FakeClock, RecordingNotifier\n"
        "from bot.tools.copy_db import location\n"
        "PATH = location(sys.argv[1])\n"
        "async def services():\n"
        "    return await Services.open(PATH, RecordingNotifier(), FakeClock(),\n"
        "                               think_seconds=0, rng=random.Random(1))\n"
        + code)
    done = subprocess.run([sys.executable, "-c", script, str(database)], cwd=REPO,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode != 1, done.stderr
    return done.returncode


async def test_a_crash_before_the_rating_commits_loses_the_whole_end(
        database: Path | str, clock: FakeClock) -> None:
    services = await open_services(database, clock)
    match = await start_match(services, ALICE, BOB)
    await services.close()
    # The rating is written inside the result's transaction, then the process dies.
    code = run_child(database, (
        "real = RankedService.rate\n"
        "async def crash(self, repo, result):\n"
        "    await real(self, repo, result)\n"
        "    os._exit(3)\n"
        "RankedService.rate = crash\n"
        "async def main():\n"
        "    s = await services()\n"
        "    await s.matches.forfeit(GUILD, BOB.user_id)\n"
        "asyncio.run(main())\n"))
    assert code == 3
    services = await open_services(database, clock)
    try:
        # Neither the end nor its rating survived: the match goes on, nothing was rated.
        assert (await services.matches.get(match.id)).status == PLAYING
        assert await services.matches.result(match.id) is None
        assert not any((await derived(services)).values())
        # Ending it again rates it once.
        await services.matches.forfeit(GUILD, BOB.user_id)
        rows = await derived(services)
        assert [r[0] for r in rows["ranked_matches"]] == [match.id]
        assert sorted(r[9:] for r in rows["ladder"]) == [(0, 1, 0), (1, 0, 0)]
        assert (await recompute(services.db, write=False)).equal
    finally:
        await services.close()


async def test_a_crash_after_the_commit_keeps_one_rating(database: Path | str,
                                                         clock: FakeClock) -> None:
    services = await open_services(database, clock)
    match = await start_match(services, ALICE, BOB)
    await services.close()
    code = run_child(database, (
        "async def main():\n"
        "    s = await services()\n"
        "    await s.matches.forfeit(GUILD, BOB.user_id)\n"
        "    os._exit(4)\n"
        "asyncio.run(main())\n"))
    assert code == 4
    services = await open_services(database, clock)
    try:
        assert (await services.matches.get(match.id)).status == OVER
        rows = await derived(services)
        assert [r[0] for r in rows["ranked_matches"]] == [match.id]
        assert len(rows["ranked_changes"]) == 2
        # Catching up and rating the same result again change nothing.
        assert await services.ranked.catch_up() == 0
        result = await services.matches.result(match.id)
        assert result is not None
        async with services.db.transaction() as repo:
            await services.ranked.rate(repo, result)
        assert await derived(services) == rows
    finally:
        await services.close()


async def test_results_stored_without_a_rating_are_rated_once_at_start(
        database: Path | str, clock: FakeClock) -> None:
    services = await open_services(database, clock)
    services.matches.on_result(None)  # as a version of the bot before ranked play
    first = await start_match(services, ALICE, BOB)
    await services.matches.forfeit(GUILD, BOB.user_id)
    second = await start_match(services, ALICE, BOB)
    await services.matches.forfeit(GUILD, ALICE.user_id)
    assert not any((await derived(services)).values())
    await services.close()
    for _ in range(2):
        services = await open_services(database, clock)
        rows = await derived(services)
        await services.close()
        assert [r[0] for r in rows["ranked_matches"]] == [first.id, second.id]
        assert [r[1] for r in rows["ranked_matches"]] == [1, 2]
    assert sorted(r[9:] for r in rows["ladder"]) == [(1, 1, 0), (1, 1, 0)]


async def test_two_results_at_the_same_moment_for_one_player_both_count(
        services: Services, clock: FakeClock) -> None:
    first = await start_match(services, ALICE, BOB)
    # A second match of Alice's in the same server, as a race past the one-match check.
    async with services.db.transaction() as repo:
        second_id = await services.matches.insert(repo, GUILD, CHANNEL + 1, CHANNEL + 1,
                                                  (Player(ALICE.user_id, "Alice"),
                                                   Player(CAROL.user_id, "Carol")),
                                                  ranked=True)
    await services.matches.ready(second_id, ALICE.user_id)
    await services.matches.ready(second_id, CAROL.user_id)
    await asyncio.gather(services.matches.forfeit(GUILD, BOB.user_id),
                         services.matches.forfeit(GUILD, CAROL.user_id))
    outcomes = [await services.ranked.outcome(m) for m in (first.id, second_id)]
    assert all(o is not None and o.rated for o in outcomes)
    rows = await derived(services)
    alice = next(r for r in rows["ladder"] if r[2] == ALICE.user_id)
    assert alice[9:] == (2, 0, 0)  # two wins
    # The second update started from the first one's result: nothing was lost.
    changes = sorted((r for r in rows["ranked_changes"] if r[2] == ALICE.user_id),
                     key=lambda r: next(m[1] for m in rows["ranked_matches"] if m[0] == r[0]))
    assert changes[0][3] == changes[1][3]  # same faction
    assert changes[1][4] == changes[0][5]  # mmr_before of the second == after of the first
    assert (changes[0][8], changes[0][9], changes[1][8], changes[1][9]) == (30, 1, 30, 2)


async def test_a_stale_update_is_refused_and_rolled_back(services: Services,
                                                         clock: FakeClock) -> None:
    await record(services, ALICE, BOB, 0, at=clock())
    before = await derived(services)
    season = services.ranked.season().id
    with pytest.raises(StorageError, match="changed during a rating update"):
        async with services.db.transaction() as repo:
            ratings = repo.sharing(RatingsRepository)
            # As if read before the first match was rated: 0 games.
            await ratings.save_player(GUILD, season, ALICE.user_id, "Alice", PlayerSeason(),
                                      PlayerSeason(), ())
    assert await derived(services) == before


def utc(year: int, month: int, day: int) -> float:
    """A Unix time from a UTC date."""
    return datetime(year, month, day, tzinfo=UTC).timestamp()


async def generate(services: Services, rng: random.Random, count: int, start: float) -> float:
    """Store `count` results in a server of 16 members: one who nearly always wins (and so
    reaches Pro Rank), repeated pairs, draws, forfeits, practice, casual and abandoned
    matches and deck-choice endings."""
    members = [Player(1, "Champion"), *people(15)]
    now = start
    for _ in range(count):
        now += rng.uniform(0, 5 * 3600)
        a, b = rng.sample(members, 2) if rng.random() < 0.5 else (members[0],
                                                                   rng.choice(members[1:]))
        roll = rng.random()
        winner = None if roll < 0.08 else (0 if a.user_id == 1 and roll < 0.95 else
                                           rng.randrange(2))
        forfeit = winner is not None and rng.random() < 0.1
        abandoned = winner is None and rng.random() < 0.3
        await record(services, a, b, winner, at=now, factions=(rng.choice(FACTIONS),
                                                               rng.choice(FACTIONS)),
                     forfeited_by=1 - winner if forfeit and winner is not None else None,
                     ai_level="normal" if rng.random() < 0.05 else None,
                     in_deck_choice=forfeit and rng.random() < 0.3,
                     guild=GUILD if rng.random() < 0.9 else GUILD + 1,
                     ranked=rng.random() < 0.9, abandoned=abandoned)
    return now


async def test_recompute_equals_the_incremental_ratings(database: Path | str,
                                                        clock: FakeClock) -> None:
    services = await open_services(database, clock)
    try:
        end = await generate(services, random.Random(2024), 500, utc(2025, 1, 1))
        kept = await derived(services)
        assert len({r[3] for r in kept["ladder"]}) >= 2, "several seasons"
        assert any(r[4] == 0 for r in kept["ladder"]), "someone reached Pro Rank"
        assert len({r[8] for r in kept["ranked_matches"]}) >= 3, "anti-abuse weights"
        done = await recompute(services.db, write=False)
        assert done.results == 500 and done.equal, done.differences
    finally:
        await services.close()

    tool = [sys.executable, "-m", "bot.tools", "recompute-ratings", "--database", str(database)]
    checked = subprocess.run([*tool, "--check"], cwd=REPO, capture_output=True, text=True,
                             timeout=120)
    assert checked.returncode == 0, checked.stderr
    assert "500 results rated again" in checked.stdout and "equal" in checked.stdout

    # A damaged derived row is found by --check and repaired by a recompute.
    reopened = await open_services(database, clock)
    async with reopened.db.transaction() as repo:
        await repo._run("UPDATE ladder SET score = score + 7 WHERE user_id = 1")
        await repo._run("DELETE FROM ranked_changes WHERE match_id = 3")
    await reopened.close()
    checked = subprocess.run([*tool, "--check"], cwd=REPO, capture_output=True, text=True,
                             timeout=120)
    assert checked.returncode == 1 and "ladder" in checked.stdout
    fixed = subprocess.run(tool, cwd=REPO, capture_output=True, text=True, timeout=120)
    assert fixed.returncode == 0 and "replaced" in fixed.stdout, fixed.stdout
    reopened = await open_services(database, clock)
    try:
        assert await derived(reopened) == kept
        # Ratings built afterwards continue from the recomputed ones.
        await generate(reopened, random.Random(7), 20, end)
        assert (await recompute(reopened.db, write=False)).equal
    finally:
        await reopened.close()


def test_the_tool_explains_a_missing_database(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "bot.tools", "recompute-ratings",
                           "--database", str(tmp_path / "none.sqlite3")], cwd=REPO,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "there is no database at" in done.stderr
