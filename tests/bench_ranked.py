"""Ranked play benchmark: one server with 10,000 players and 1,000,000 matches this season.

    python -m tests.bench_ranked [--players 10000] [--matches 1000000] [--runs 50]
                                 [--database FILE] [--seed S]

Generation rates every match with the bot's own rating code in memory (the recompute tool's
MemoryLadder), in the order they finished, and writes matches, seats, results and every
derived table with bulk inserts, 50,000 matches a transaction. With --database FILE an
existing file is reused as it is (generation takes minutes); otherwise a temporary file is
made and removed.

Then, on the real services over that file, the medians of --runs runs of:
- a leaderboard page: the query (a random page, every fifth one by Me) plus the image;
- recording a result with its rating and rank updates: one transaction storing the result
  and rating it, committed (synchronous=FULL), for a new match between two random players;
- a stats card: the profile query (all-time records over the player's ~200 matches, the
  last 10 matches) plus the image;
and the time Services.open takes on the file (its integrity check reads the whole file; it
also looks for results not rated yet). Each figure is the median wall time and the median CPU
time of the process (all its threads: SQLite runs in aiosqlite's thread): on a busy machine
the wall time grows, the CPU time much less. Targets (wall): 150 ms, 10 ms and 150 ms; the
exit status is 1 when one is missed and --check is given.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

from bot.ranking.seasons import Season
from bot.ranking.views import LADDER
from bot.render import render_leaderboard, render_profile
from bot.service import Services
from bot.service.ranked import rate_result
from bot.service.recompute import COLUMNS, MemoryLadder
from bot.storage.ratings import RatingsRepository
from bot.storage.records import ResultRecord, SeatRecord
from tests.bot.helpers import RecordingNotifier

GUILD = 1
FIRST_USER = 10_000_000
CHUNK = 50_000
FACTIONS = ("northern_realms", "nilfgaard", "monsters", "scoiatael", "skellige")
TARGETS = {"leaderboard page (query + image)": 150.0,
           "record a result (rating + rank)": 10.0, "stats card (query + image)": 150.0}


class Clock:
    """A settable clock for the services."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def _rounds(rng: random.Random, winner: int | None) -> tuple[tuple[int, int, int | None], ...]:
    """Plausible round scores for an outcome."""
    if winner is None:
        score = rng.randrange(40, 90)
        return ((score, score, None), (score + 5, score + 5, None))
    rounds: list[tuple[int, int, int | None]] = []
    wins = [0, 0]
    order = [winner, winner] if rng.random() < 0.6 else [1 - winner, winner, winner]
    for seat in order:
        high, low = rng.randrange(50, 110), rng.randrange(10, 50)
        rounds.append((high, low, 0) if seat == 0 else (low, high, 1))
        wins[seat] += 1
    return tuple(rounds)


async def generate(services: Services, players: int, matches: int, season: Season, now: float,
                   rng: random.Random) -> None:
    """Fill the database with `matches` rated results between `players` members."""
    strength = [rng.gauss(0, 1) for _ in range(players)]
    names = [f"Player {i:05d}" for i in range(players)]
    memory = MemoryLadder()
    span = now - season.start - 60
    async with services.db.transaction() as repo:  # for the generation only: 512 MiB of cache
        await repo._run("PRAGMA cache_size = -524288")
    started = time.perf_counter()
    for first in range(1, matches + 1, CHUNK):
        rows: dict[str, list[tuple[Any, ...]]] = {"matches": [], "seats": [], "results": []}
        for match_id in range(first, min(first + CHUNK, matches + 1)):
            finished = season.start + span * match_id / (matches + 1)
            a, b = rng.sample(range(players), 2)
            chance = 1 / (1 + math.exp(strength[b] - strength[a]))
            roll = rng.random()
            winner = None if roll < 0.03 else (0 if rng.random() < chance else 1)
            forfeit = 1 - winner if winner is not None and rng.random() < 0.05 else None
            pair = (rng.choice(FACTIONS), rng.choice(FACTIONS))
            result = ResultRecord(
                match_id, GUILD, (FIRST_USER + a, FIRST_USER + b), pair,
                (f"{pair[0]}_leader", f"{pair[1]}_leader"), winner, forfeit,
                "play" if forfeit is None else "forfeit",
                () if forfeit is not None else _rounds(rng, winner), finished - 900, finished)
            rows["matches"].append((match_id, GUILD, 5_000_000 + match_id, 4_000_000, "over",
                                    match_id, 40, finished - 900, finished, finished))
            for seat, user in enumerate((a, b)):
                rows["seats"].append((match_id, seat, FIRST_USER + user, names[user],
                                      pair[seat], f"{pair[seat]}_leader", pair[seat], 1, 0))
            rows["results"].append((
                match_id, GUILD, *result.player_ids, *pair, *result.leaders, winner, forfeit,
                result.ended_by, json.dumps([list(r) for r in result.rounds]),
                result.started_at, finished, 0))
            await rate_result(memory, result, (names[a], names[b]))
        async with services.db.transaction() as repo:
            ratings = repo.sharing(RatingsRepository)
            await ratings.insert_all("matches", (
                "id", "guild_id", "channel_id", "parent_channel_id", "status", "seed",
                "action_count", "created_at", "updated_at", "finished_at"), rows["matches"])
            await ratings.insert_all("seats", (
                "match_id", "seat", "user_id", "name", "faction", "leader", "deck", "ready",
                "timeouts"), rows["seats"])
            await ratings.insert_all("results", (
                "match_id", "guild_id", "player0_id", "player1_id", "faction0", "faction1",
                "leader0", "leader1", "winner", "forfeited_by", "ended_by", "rounds",
                "started_at", "finished_at", "in_deck_choice"), rows["results"])
            for table in ("ranked_matches", "ranked_changes"):
                await ratings.insert_all(table, COLUMNS[table], memory.rows(table))
        memory.matches.clear()
        memory.changes.clear()
        done = min(first + CHUNK - 1, matches)
        print(f"  {done:>9,} matches  {time.perf_counter() - started:6.0f} s", flush=True)
    async with services.db.transaction() as repo:
        ratings = repo.sharing(RatingsRepository)
        for table in ("ladder", "faction_ratings"):
            await ratings.insert_all(table, COLUMNS[table], memory.rows(table))
    async with services.db.transaction() as repo:
        await repo._run("ANALYZE")


async def medians(runs: int, work: Callable[[int], Awaitable[object]]) -> tuple[float, float]:
    """The median wall time and median CPU time (all threads of this process) of `runs` calls
    of work(i), after one warm-up call, in milliseconds. CPU time hardly depends on what else
    the machine runs; wall time does, and includes waiting for the disk."""
    await work(-1)
    walls, cpus = [], []
    for i in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        await work(i)
        cpus.append((time.process_time() - cpu) * 1000)
        walls.append((time.perf_counter() - wall) * 1000)
    return statistics.median(walls), statistics.median(cpus)


async def measure(path: Path, players: int, runs: int, now: float,
                  rng: random.Random) -> dict[str, tuple[float, float]]:
    """Open the services on the file and time the three operations."""
    clock = Clock(now)
    started, started_cpu = time.perf_counter(), time.process_time()
    services = await Services.open(path, RecordingNotifier(), clock, think_seconds=0,
                                   rng=random.Random(1))
    opened = (time.perf_counter() - started) * 1000
    opened_cpu = (time.process_time() - started_cpu) * 1000
    season = services.ranked.season()
    async with services.db.reading() as repo:
        row = await repo._one("SELECT MAX(id) FROM matches")
    next_id = int(row[0]) + 1 if row is not None and row[0] is not None else 1
    users = [FIRST_USER + rng.randrange(players) for _ in range(runs + 1)]

    async def page(i: int) -> bytes:
        viewer = users[i]
        board = LADDER if i % 3 else rng.choice(FACTIONS)
        number = None if i % 5 == 0 else rng.randrange(players // 10)
        found = await services.ranked.leaderboard(GUILD, season, board, number, viewer)
        return render_leaderboard(found)

    async def stats(i: int) -> bytes:
        profile = await services.ranked.profile(GUILD, users[i], "Player", False)
        return render_profile(profile)

    async def record(_: int) -> None:
        nonlocal next_id
        a, b = rng.sample(range(players), 2)
        clock.now += 1
        pair = (rng.choice(FACTIONS), rng.choice(FACTIONS))
        async with services.db.transaction() as repo:  # the match and seats exist beforehand
            await repo._run("INSERT INTO matches (id, guild_id, channel_id, parent_channel_id, "
                            "status, seed, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, "
                            "?, ?)", (next_id, GUILD, 1, 1, "over", 1, clock.now, clock.now))
            for seat, user in enumerate((a, b)):
                await repo.insert_seat(next_id, SeatRecord(
                    seat, FIRST_USER + user, f"Player {user:05d}", pair[seat], "leader",
                    pair[seat], True, 0, None))
        result = ResultRecord(next_id, GUILD, (FIRST_USER + a, FIRST_USER + b), pair,
                              ("leader", "leader"), rng.randrange(2), None, "play",
                              ((60, 40, 0), (30, 50, 1), (70, 20, 0)), clock.now - 900,
                              clock.now)
        next_id += 1
        wall, cpu = time.perf_counter(), time.process_time()
        async with services.db.transaction() as repo:
            await repo.insert_result(result)
            await services.ranked.rate(repo, result)
            before_commit = ((time.perf_counter() - wall) * 1000,
                             (time.process_time() - cpu) * 1000)
        timings.append(((time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000))
        uncommitted.append(before_commit)

    timings: list[tuple[float, float]] = []
    uncommitted: list[tuple[float, float]] = []
    figures = {"leaderboard page (query + image)": await medians(runs, page)}
    await medians(runs, record)
    figures["record a result (rating + rank)"] = (
        statistics.median(t[0] for t in timings[1:]), statistics.median(t[1] for t in timings[1:]))
    figures["  of which before the commit"] = (
        statistics.median(t[0] for t in uncommitted[1:]),
        statistics.median(t[1] for t in uncommitted[1:]))
    figures["stats card (query + image)"] = await medians(runs, stats)
    figures["Services.open on the file"] = (opened, opened_cpu)
    await services.close()
    return figures


def main(argv: Sequence[str] | None = None) -> int:
    """Generate (or reuse) the data, measure, and print one line per figure."""
    parser = argparse.ArgumentParser(prog="python -m tests.bench_ranked", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--matches", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database", type=Path, help="reuse (or create) this file")
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    args = parser.parse_args(argv)
    now = time.time()
    rng = random.Random(args.seed)

    async def run(path: Path) -> dict[str, tuple[float, float]]:
        if not path.exists():
            print(f"generating {args.players:,} players and {args.matches:,} matches in "
                  f"{Season.of(now).title} into {path}")
            services = await Services.open(path, RecordingNotifier(), Clock(now),
                                           think_seconds=0, rng=random.Random(1))
            start = time.perf_counter()
            await generate(services, args.players, args.matches, Season.of(now), now, rng)
            await services.close()
            print(f"generated in {time.perf_counter() - start:.0f} s "
                  f"({path.stat().st_size / 2**20:.0f} MiB)")
        return await measure(path, args.players, args.runs, now, rng)

    if args.database is not None:
        figures = asyncio.run(run(args.database))
    else:
        with tempfile.TemporaryDirectory() as folder:
            figures = asyncio.run(run(Path(folder) / "bench.sqlite3"))
    print(f"{'figure':<36}{'wall ms':>9}{'CPU ms':>9}{'target':>8}   "
          f"(medians of {args.runs} runs)")
    missed = []
    for name, (wall, cpu) in figures.items():
        target = TARGETS.get(name)
        print(f"{name:<36}{wall:>9.1f}{cpu:>9.1f}{'' if target is None else f'{target:>8.0f}'}")
        if target is not None and wall > target:
            missed.append(name)
    for name in missed:
        print(f"OVER TARGET (wall time): {name}")
    return 1 if missed and args.check else 0


if __name__ == "__main__":
    raise SystemExit(main())
