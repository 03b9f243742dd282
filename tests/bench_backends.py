"""PostgreSQL modes of the load benchmark (python -m tests.bench_load --database postgresql
[--processes N] [--compare]).

The bot runs on a PostgreSQL database: a throwaway server started for the run (from the
machine's PostgreSQL binaries, see tests/postgres_server.py) unless --database-url names
one, in a schema of its own. With one process the world is the same as the SQLite run (one
server, one channel). With N processes, each runs two gateway shards of 2N; there is one
server per shard, and match i plays in server i modulo 2N, so each process gets its share.
The figures are those of tests.bench_load, plus each process's CPU and the PostgreSQL
server's (its postmaster and every backend).

--compare runs SQLite with one process, PostgreSQL with one, and PostgreSQL with --processes
(at least 2), one after the other with the same seed, and prints them side by side.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import os
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import asyncpg

from tests.bench_load import (
    BotProcess,
    Run,
    _cpu_of,
    _ms,
    benchmark,
    machine_busy_seconds,
    measure,
    wait_until_idle,
)
from tests.emulator import Channel, Emulator, VirtualUser
from tests.postgres_server import PostgresServer

SHARDS_PER_PROCESS = 2


class BotGroup:
    """Several bot processes measured as one (what measure() and report() read), keeping
    each one's CPU apart."""

    def __init__(self, bots: list[BotProcess], server: PostgresServer | None) -> None:
        self.bots = bots
        self.server = server
        self.snapshots: list[tuple[float, list[float], float]] = []

    def cpu_seconds(self) -> tuple[float, float]:
        """Every process's (event-loop thread, total) CPU seconds, summed; each call is
        remembered, so per_process() can tell them apart."""
        each = [bot.cpu_seconds() for bot in self.bots]
        self.snapshots.append((time.monotonic(), [total for _, total in each],
                               server_cpu_seconds(self.server)))
        return sum(main for main, _ in each), sum(total for _, total in each)

    def tree_cpu_seconds(self) -> float:
        """CPU seconds of every bot process and its workers, summed."""
        return sum(bot.tree_cpu_seconds() for bot in self.bots)

    def status_kb(self, key: str) -> int | None:
        """The sum over the processes (peak memory of all of them)."""
        found = [bot.status_kb(key) for bot in self.bots]
        return None if None in found else sum(f for f in found if f is not None)

    def stalls(self, start: float, end: float) -> list[tuple[float, float]]:
        """Every process's event-loop stalls (ms) over these time.monotonic() values."""
        return [late for bot in self.bots for late in bot.stalls(start, end)]

    def log_problems(self) -> tuple[list[str], list[str]]:
        """Every process's problems and notes, each line named by its process."""
        problems: list[str] = []
        notes: list[str] = []
        for bot in self.bots:
            found, harmless = bot.log_problems()
            problems += [f"{bot.log_path.stem}: {line}" for line in found]
            notes += harmless
        return problems, notes

    @property
    def returncode(self) -> int | None:
        """The first non-zero exit status, if any."""
        return next((b.returncode for b in self.bots if b.returncode not in (0, None)), None)

    async def stop(self) -> None:
        """Stop every process (SIGTERM)."""
        await asyncio.gather(*(bot.stop() for bot in self.bots))

    def per_process(self) -> dict[str, Any]:
        """CPU over the load phase (between the first two cpu_seconds() calls) as percent of
        one core: each bot process, and the PostgreSQL server."""
        (start, first, server0), (end, second, server1) = self.snapshots[:2]
        wall = end - start

        def pct(seconds: float) -> float:
            return round(100 * seconds / wall, 1) if wall else 0.0

        return {"bot_cpu_pct_each": [pct(b - a) for a, b in zip(first, second, strict=True)],
                "postgresql_cpu_pct": pct(server1 - server0) if self.server else None}


def server_cpu_seconds(server: PostgresServer | None) -> float:
    """User + system CPU of the throwaway server: its postmaster and every child process."""
    if server is None:
        return 0.0
    try:
        postmaster = int((server.folder / "data" / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 0.0
    total = _cpu_of(Path(f"/proc/{postmaster}/stat"))
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError):
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == postmaster:
                total += _cpu_of(stat)
    return total


@contextlib.asynccontextmanager
async def database(run: Run) -> AsyncIterator[tuple[str, PostgresServer | None]]:
    """The URL of an empty schema: on --database-url's server, or on a throwaway one."""
    server = None
    base = run.database_url
    if base is None:
        server = await asyncio.to_thread(PostgresServer.start)
        base = server.url()
    schema = f"bench_{os.getpid()}_{int(time.time())}"
    conn = await asyncpg.connect(base)
    try:
        await conn.execute(f"CREATE SCHEMA {schema}")
        separator = "&" if "?" in base else "?"
        yield f"{base}{separator}search_path={schema}", server
    finally:
        with contextlib.suppress(Exception):
            await conn.execute(f"DROP SCHEMA {schema} CASCADE")
        await conn.close()
        if server is not None:
            await asyncio.to_thread(server.stop)


async def benchmark_postgresql(run: Run) -> dict[str, Any]:
    """The load benchmark against bot processes sharing a PostgreSQL database."""
    async with database(run) as (url, server):
        emu = await Emulator.start()
        shards = run.processes * SHARDS_PER_PROCESS if run.processes > 1 else 0
        channels = [emu.create_text_channel(emu.create_guild(f"server {k}", shard=(k, shards)))
                    for k in range(shards)] or [emu.create_text_channel(emu.create_guild())]
        guilds = tuple(emu.store.guilds[c.guild_id] for c in channels if c.guild_id)
        users = [emu.create_user(f"user{i}", guilds=guilds) for i in range(2 * run.matches)]
        probe = emu.create_user("probe", guilds=guilds)
        with tempfile.TemporaryDirectory(prefix="gwent-bench-") as tmp:
            bots = []
            for p in range(run.processes):
                env = {"DATABASE_URL": url}
                if shards:
                    ids = range(p * SHARDS_PER_PROCESS, (p + 1) * SHARDS_PER_PROCESS)
                    env |= {"SHARD_COUNT": str(shards), "SHARD_IDS": ",".join(map(str, ids))}
                bots.append(BotProcess(emu, Path(tmp), None, name=f"bot{p}", env=env))
            group = BotGroup(bots, server)
            try:
                for bot in bots:
                    await bot.start()
                await serving(emu, bots, max(shards, 1), probe, channels)
                for bot in bots:
                    await wait_until_idle(bot)
                result = await measure(emu, group, channels, users, run)  # type: ignore[arg-type]
            finally:
                await group.stop()
                await emu.stop()
    return {**result, "database": "postgresql", "processes": run.processes,
            "shards": shards, **group.per_process()}


async def serving(emu: Emulator, bots: list[BotProcess], sessions: int, probe: VirtualUser,
                  channels: list[Channel], timeout: float = 90.0) -> None:
    """Wait until every shard is connected and the commands are synced, then for an answer
    to /gwent rules in every channel (so every process has its servers)."""
    deadline = time.monotonic() + timeout
    while sum(s.ready for s in emu.gateway.sessions) < sessions or not emu.commands():
        for bot in bots:
            if not bot.alive():
                raise RuntimeError("a bot exited during start-up:\n" + bot.log_tail())
        if time.monotonic() > deadline:
            raise RuntimeError("the bots did not connect in time:\n" + bots[0].log_tail())
        await asyncio.sleep(0.1)
    for channel in channels:
        while True:
            with contextlib.suppress(TimeoutError):
                await probe.slash(channel, "gwent rules").response(timeout=5.0)
                break
            if time.monotonic() > deadline:
                raise RuntimeError("no answer to /gwent rules in time")


def compare(run: Run, *, as_json: bool) -> int:
    """SQLite with one process, PostgreSQL with one and with max(2, --processes)."""
    load = os.getloadavg()
    busy0, started = machine_busy_seconds(), time.monotonic()
    results = []
    for database_name, processes in (("sqlite", 1), ("postgresql", 1),
                                     ("postgresql", max(2, run.processes))):
        one = dataclasses.replace(run, database=database_name, processes=processes)
        result = asyncio.run(benchmark(one))
        result.setdefault("database", database_name)
        result.setdefault("processes", 1)
        result.setdefault("bot_cpu_pct_each", [result["bot_cpu_pct"]])
        results.append(result)
    busy = (machine_busy_seconds() - busy0) / (time.monotonic() - started)
    if as_json:
        print(json.dumps({"load_average_before": load, "results": results}))
    else:
        print(side_by_side(results, load, busy))
    return 1 if any(r["error_count"] for r in results) else 0


def side_by_side(results: list[dict[str, Any]], load: tuple[float, float, float],
                 busy_cores: float) -> str:
    """The comparison table."""
    first = results[0]
    lines = [
        f"Gwent load benchmark, {first['matches']} concurrent matches, seed {first['seed']}, "
        f"think {first['think_s']} s, {first['cpus']} CPUs; load average before "
        f"{load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}, machine busy {busy_cores:.2f} cores "
        "on average during the runs (shared machine)",
        "",
        f"{'setup':<26}{'ack p99':>10}{'turn p99':>10}{'turns/s':>9}{'finished':>10}"
        f"   CPU % of one core (each bot process; PostgreSQL server)",
    ]
    for r in results:
        name = f"{r['database']}, {r['processes']} process" + ("es" if r["processes"] > 1
                                                               else "")
        cpu = " + ".join(f"{c}" for c in r["bot_cpu_pct_each"])
        if r.get("postgresql_cpu_pct") is not None:
            cpu += f"; {r['postgresql_cpu_pct']}"
        errors = f"  ({r['error_count']} errors)" if r["error_count"] else ""
        lines.append(f"{name:<26}{_ms(r['ack_ms']['p99']):>10}{_ms(r['turn_ms']['p99']):>10}"
                     f"{r['turns_per_s']:>9}{r['finished']:>6}/{r['matches']:<3}   {cpu}"
                     f"{errors}")
    for r in results:
        lines += [f"  {r['database']} x{r['processes']}: {e}" for e in r["errors"][:5]]
    return "\n".join(lines)
