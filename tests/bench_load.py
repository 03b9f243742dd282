"""Load benchmark: K concurrent matches of random virtual players against the real bot.

    python -m tests.bench_load --matches 20 [--seed S] [--json] [--turns N] [--think S]
                               [--max-seconds 600] [--profile FILE]
    python -m tests.bench_load --think 8 --capacity [50,100,150,200]
    python -m tests.bench_load --scenario {duel,practice,tournament} [--show-hand P]

The Discord emulator and the virtual players run in this process. The bot runs its real entry
point (`python -m bot`, through tests.emulated_bot, which only points discord.py at the
emulator) in a subprocess on a fresh temporary SQLite file, so its own peak RSS can be read
(VmHWM) and the load generator does not share its event loop.

Each match: a challenge in #general, Accept, both players Ready, then turns until the result
(or --turns). At each turn the player to act waits for their private view to show the new
board's state (the bot edits it in place; Show my hand only when they have none), waits
--think seconds on average (uniform between half and one and a half times it; by default not
at all, so every match asks for its next turn as soon as it can) and picks random legal
inputs from what the view shows, as the end-to-end driver (tests/bot/e2e/driver.py) does.
When both players may act (the redraws), both do at once.

Measured with the emulator's clock:
- acknowledgement latency: INTERACTION_CREATE dispatched -> the bot's callback accepted, for
  every interaction of the run;
- answer latency: INTERACTION_CREATE dispatched -> the user sees the answer (the callback when
  it carries the answer, else the first edit or follow-up after a deferral);
- turn latency: the click that made a move dispatched -> the new board (or the result) posted
  in the match's channel.
- bot loop stall: how late the bot's event loop wakes up for a 50 ms tick (how long something
  else held it: a callback, the GIL held by another of its threads, or the machine's cores
  busy with other processes), and the part of it the loop's own thread can have spent
  running (at most the CPU time it used over the tick), which must never exceed 50 ms.

CPU per turn (`cpu_ms_per_turn`): the CPU time of the bot process and of every process it
started (render and computer-player workers) over the load phase, divided by the turns; also
split into the bot process (`bot_cpu_ms_per_turn`) and its workers (`workers_cpu_ms_per_turn`).
Requests per turn (`requests_per_turn`): the bot's REST requests to Discord (acknowledgements,
edits, posts) over the load phase, divided by the turns; each costs the bot CPU time. By kind
(`requests_per_turn_by_kind`): `interaction`, the interaction endpoints (callbacks, and
follow-ups and edits through the interaction token), which Discord's global rate limit does
not bind; `bot_token`, the requests made with the bot token, which count against it (50 a
second for the whole bot, every process and shard together). `invalid_requests`: answers
Discord counts as invalid (401, 403, 429; 10,000 in 10 minutes get an IP address banned),
by status; `rate_limited`: the 429s by scope (`user`: a route's bucket, `global`). Also per
turn: public posts, pings (users notified by them), and the players' taps (component
clicks), of which Show my hand. The chat around the game (pings per move and per player,
"out of date" answers, practice's posts per move) and the practice and tournament scenarios
are described in tests.bench_chat.

The emulator applies Discord's rate limits at their real speed: per-route buckets (5
messages per 5 s in a channel...) and the global limit. discord.py waits for the buckets it
reads in the headers, but not for the global limit: a 429 `global` makes it wait and retry,
and log a warning, which is counted here (`rate_limit_warnings`), not as an error.

Errors: every emulator failure (10062 late acknowledgement, 40060, invalid payloads, ...),
interactions never acknowledged, matches that failed or did not finish in --max-seconds, and
every line the bot logged at WARNING or above. The exit status is 1 when there was any error,
and with --check also when a target is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import random
import re
import resource
import shutil
import signal
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.service.decks import factions
from tests.bot.e2e.driver import (
    MOVE,
    Refused,
    Table,
    board_count,
    enabled,
    open_match,
    to_act,
)
from tests.bot.e2e.tally import pings, public_posts
from tests.emulator import Channel, Emulator, MessageView, VirtualUser, populate
from tests.emulator.gateway import HEARTBEAT_INTERVAL_MS
from tests.emulator.models import APPLICATION_COMMAND, Interaction
from tests.emulator.records import RequestRecord, Traffic

ROOT = Path(__file__).resolve().parents[1]
ACK_TARGET_MS = 300.0
TURN_TARGET_MS = 1000.0
# The bot's event loop never stalls longer than this (issue 21).
STALL_TARGET_MS = 50.0
PASS_BIAS = 0.15
# How long a single wait on the bot may take before the match counts as failed.
STEP_TIMEOUT = 30.0
LOG_LEVELS = ("WARNING", "ERROR", "CRITICAL")
# discord.py's start-up notes about optional voice libraries are not problems.
BENIGN = ("voice will NOT be supported",)
# discord.py sets the heartbeat's send time in its keep-alive thread only after the send
# completed; when the emulator's instant local ACK is read first (the thread waiting for the
# GIL behind renders), it reports the whole heartbeat interval as latency. Real Discord's
# round trip hides this race, so such a line is a note, not an error.
HEARTBEAT_RACE = re.compile(r"Can't keep up, shard ID \S+ websocket is ([\d.]+)s behind")
# discord.py's warnings when Discord answers 429 (it waits and retries): the rate limits at
# work, reported as figures (rate_limited), not as errors.
RATE_LIMITED = re.compile(r"WARNING discord\.\S+: (We are being rate limited|Global rate limit "
                          r"has been hit|Webhook ID \S+ is rate limited)")
LAG_TICK = 0.05
# The load phase starts once the bot's processes used under this share of a core over a check.
IDLE_CHECK_SECONDS, IDLE_CPU_SHARE = 0.5, 0.05


@dataclass
class MatchOutcome:
    """What one match did: its turn latencies (ms), how it ended, any error."""

    index: int
    turns: list[float] = field(default_factory=list)
    finished: bool = False
    capped: bool = False
    error: str | None = None


@dataclass
class Run:
    """Options of one benchmark run."""

    matches: int
    seed: int
    turns: int
    think: float
    ramp: float
    max_seconds: float
    profile: str | None
    log: str | None
    # Where the bot keeps its data, and how many processes share it (tests.bench_backends).
    database: str = "sqlite"
    processes: int = 1
    database_url: str | None = None
    # duel (two members), practice (a member against the computer) or tournament (one round
    # of a Swiss: tests.bench_chat).
    scenario: str = "duel"
    # How often a player presses Show my hand instead of using the view kept up to date.
    show_hand: float = 0.0


# ------------------------------------------------------------------ statistics

def percentile(values: Sequence[float], q: float) -> float | None:
    """The q-quantile (0..1) with linear interpolation; None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    low = math.floor(k)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (k - low)


def summary(values: Sequence[float]) -> dict[str, Any]:
    """Count, p50, p90, p99 and max of latencies in ms (rounded to 0.1 ms)."""
    def r(x: float | None) -> float | None:
        return None if x is None else round(x, 1)

    return {"n": len(values), "p50": r(percentile(values, 0.5)),
            "p90": r(percentile(values, 0.9)), "p99": r(percentile(values, 0.99)),
            "max": r(max(values) if values else None)}


def interaction_kind(interaction: Interaction) -> str:
    """slash, or the custom_id's family (hand, card, move, pick, ch, lobby, ...)."""
    if interaction.type == APPLICATION_COMMAND:
        return "slash"
    custom_id = str(interaction.payload.get("data", {}).get("custom_id", ""))
    parts = custom_id.split(":")
    return parts[1] if len(parts) > 1 else custom_id or "?"


# ------------------------------------------------------------ the bot process

class BotProcess:
    """The bot's subprocess: started against the emulator, measured, stopped with SIGTERM."""

    def __init__(self, emu: Emulator, workdir: Path, profile: str | None, *,
                 name: str = "bot", env: dict[str, str] | None = None,
                 args: Sequence[str] = ()) -> None:
        self.emu = emu
        self.db_path = workdir / "gwent.sqlite3"
        self.log_path = workdir / f"{name}.log"
        self.stalls_path = workdir / f"{name}.stalls"
        self.profile = profile
        # More environment (DATABASE_URL, SHARD_COUNT, SHARD_IDS...) and launcher options.
        self.env = env or {}
        self.args = list(args)
        self.proc: asyncio.subprocess.Process | None = None
        self.returncode: int | None = None

    async def start(self) -> None:
        """Run tests.emulated_bot with LOG_LEVEL=WARNING and a fresh database."""
        env = {**os.environ, "DISCORD_TOKEN": self.emu.token, "DATABASE_PATH": str(self.db_path),
               "LOG_LEVEL": "WARNING", "DEV_GUILD_ID": "", "PYTHONUNBUFFERED": "1", **self.env}
        args = [sys.executable, "-m", "tests.emulated_bot", self.emu.api_base,
                self.emu.gateway_url, "--stalls", str(self.stalls_path), *self.args]
        if self.profile:
            args += ["--profile", str(Path(self.profile).resolve())]
        with self.log_path.open("wb") as log:
            self.proc = await asyncio.create_subprocess_exec(
                *args, cwd=ROOT, env=env, stdin=asyncio.subprocess.DEVNULL, stdout=log,
                stderr=asyncio.subprocess.STDOUT)

    @property
    def pid(self) -> int:
        """The bot's process id."""
        assert self.proc is not None
        return self.proc.pid

    def alive(self) -> bool:
        """Whether the process is still running."""
        return self.proc is not None and self.proc.returncode is None

    def status_kb(self, key: str) -> int | None:
        """A /proc/PID/status figure in kB (VmHWM is the peak resident set size)."""
        try:
            for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
                if line.startswith(key + ":"):
                    return int(line.split()[1])
        except OSError:
            return None
        return None

    def cpu_seconds(self) -> tuple[float, float]:
        """User + system CPU seconds of the bot so far: its event-loop (main) thread, and all
        its threads (the main one, renders, SQLite, heartbeats)."""
        main = total = 0.0
        for task in Path(f"/proc/{self.pid}/task").glob("*"):
            seconds = _cpu_of(task / "stat")
            total += seconds
            if task.name == str(self.pid):
                main = seconds
        # Threads that already exited are counted in the process's own figure.
        return main, max(total, _cpu_of(Path(f"/proc/{self.pid}/stat")))

    def tree_cpu_seconds(self) -> float:
        """User + system CPU seconds of the bot and every process it started (its render
        and computer-player workers), the ones it already reaped included."""
        return sum(_cpu_of(Path(f"/proc/{pid}/stat"), children=pid == self.pid)
                   for pid in _descendants(self.pid) | {self.pid})

    async def kill(self) -> None:
        """SIGKILL: the process dies at once, as in a crash."""
        if self.proc is not None and self.proc.returncode is None:
            self.proc.kill()
            await self.proc.wait()

    async def stop(self) -> None:
        """SIGTERM (a clean shutdown, as service managers ask for one), then SIGKILL if it
        hangs. Not SIGINT: a benchmark started in the background by a shell ignores SIGINT,
        and so does the bot it starts."""
        if self.proc is None:
            return
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.proc.wait(), 20)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()
        self.returncode = self.proc.returncode

    def stalls(self, start: float, end: float) -> list[tuple[float, float]]:
        """The bot's event loop's 50 ms ticks due between these time.monotonic() values
        (noted by tests.emulated_bot --stalls): how late each woke up, and
        how much of that its own thread can have spent running (the CPU time it used over
        the tick, if less), in ms."""
        try:
            lines = self.stalls_path.read_text().splitlines()
        except OSError:
            return []
        wakes = (line.split() for line in lines)
        return [(float(late), min(float(late), float(cpu))) for due, late, cpu in wakes
                if start <= float(due) <= end]

    def log_problems(self) -> tuple[list[str], list[str]]:
        """Lines the bot logged at WARNING or above, and tracebacks: (problems, notes), where
        notes are the known-harmless ones (see BENIGN, HEARTBEAT_RACE and RATE_LIMITED)."""
        try:
            lines = self.log_path.read_text(errors="replace").splitlines()
        except OSError:
            return [], []
        problems, notes = [], []
        for line in lines:
            if not (any(f" {level} " in line for level in LOG_LEVELS)
                    or line.startswith("Traceback")):
                continue
            if any(note in line for note in BENIGN):
                continue
            race = HEARTBEAT_RACE.search(line)
            if ((race and abs(float(race[1]) - HEARTBEAT_INTERVAL_MS / 1000) < 1.0)
                    or RATE_LIMITED.search(line)):
                notes.append(line)
            else:
                problems.append(line)
        return problems, notes

    def log_tail(self, lines: int = 30) -> str:
        """The end of the bot's output, for start-up failures."""
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""


def machine_busy_seconds() -> float:
    """CPU seconds spent busy by the whole machine, all cores (from /proc/stat)."""
    try:
        fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return 0.0
    # user nice system idle iowait irq softirq steal ...: everything but idle and iowait.
    busy = sum(fields[:8]) - fields[3] - fields[4]
    return busy / os.sysconf("SC_CLK_TCK")


def _cpu_of(stat: Path, children: bool = False) -> float:
    """utime + stime from a /proc stat file, plus its reaped children's with children."""
    try:
        fields = stat.read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    ticks = int(fields[11]) + int(fields[12])
    if children:
        ticks += int(fields[13]) + int(fields[14])
    return ticks / os.sysconf("SC_CLK_TCK")


def _descendants(pid: int) -> set[int]:
    """The processes below pid (children, their children...), from /proc."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parents[int(stat.parent.name)] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


async def wait_until_serving(emu: Emulator, bot: BotProcess, probe: VirtualUser,
                             channel: Channel, timeout: float = 60.0) -> None:
    """Wait for the gateway session and the command sync, then for a real answer to /gwent
    rules (the client handles interactions only once it has the guild)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not bot.alive():
            raise RuntimeError("the bot exited during start-up:\n" + bot.log_tail())
        if any(s.ready for s in emu.gateway.sessions) and emu.commands():
            break
        await asyncio.sleep(0.1)
    else:
        raise RuntimeError("the bot did not connect in time:\n" + bot.log_tail())
    while time.monotonic() < deadline:
        handle = probe.slash(channel, "gwent rules")
        with contextlib.suppress(TimeoutError):
            await handle.response(timeout=5.0)
            return
    raise RuntimeError("the bot did not answer /gwent rules in time:\n" + bot.log_tail())


async def wait_until_idle(bot: BotProcess, timeout: float = 60.0) -> None:
    """Wait until the bot and its workers are idle: the workers start (imports, then warm-up
    drawings) beside the log-in and go on for about two seconds after the first answer,
    which is start-up work, not work of the turns measured."""
    deadline = time.monotonic() + timeout
    before = bot.tree_cpu_seconds()
    while time.monotonic() < deadline:
        await asyncio.sleep(IDLE_CHECK_SECONDS)
        now = bot.tree_cpu_seconds()
        if now - before < IDLE_CPU_SHARE * IDLE_CHECK_SECONDS:
            return
        before = now
    raise RuntimeError("the bot's processes did not become idle in time:\n" + bot.log_tail())


# --------------------------------------------------------------- the players

def acting_click(emu: Emulator, user: VirtualUser) -> Interaction:
    """The user's newest interaction: the click that made the move play_one just settled."""
    for interaction in reversed(emu.store.interactions.values()):
        if interaction.user.id == user.id:
            return interaction
    raise AssertionError(f"{user.name} never interacted")


async def newest_hand(table: Table, user: VirtualUser, board: MessageView,
                      rng: random.Random, show_hand: float) -> MessageView:
    """The view the player plays in: a new one from Show my hand with probability
    `show_hand` (as players who do not know their view is kept up to date do), else the one
    kept up to date. Either way it is their newest view."""
    if show_hand and rng.random() < show_hand:
        return await table.open_hand(user, board)
    return await table.hand_for(user, board, timeout=STEP_TIMEOUT)


async def play_match(emu: Emulator, channel: Channel, players: tuple[VirtualUser, VirtualUser],
                     outcome: MatchOutcome, run: Run) -> None:
    """One match from the challenge to the result (or the turn limit), timing each turn."""
    if run.scenario == "practice":
        from tests.bench_chat import play_practice
        await play_practice(emu, channel, players[0], outcome, run)
        return
    rng = random.Random(f"{run.seed}:{outcome.index}")
    await asyncio.sleep(rng.uniform(0, run.ramp))
    faction = rng.choice([key for key, _ in factions()])
    table, board = await open_match(emu, channel, *players, faction=faction)
    await play_turns(table, board, rng, outcome, run)


async def play_turns(table: Table, board: MessageView, rng: random.Random,
                     outcome: MatchOutcome, run: Run) -> None:
    """Take turns through the UI like tests.bot.e2e.driver.Table.play_to_the_end, recording
    the click-to-board latency of every move."""
    while not any(b.label == "Rematch" for b in board.buttons):
        if run.turns and len(outcome.turns) >= run.turns:
            outcome.capped = True
            return
        count = board_count(board)
        # Everyone who may act does, at once (both players redraw together, as people do).
        clicks = await asyncio.gather(*(take_turn(table, table.players[user], board, rng, run)
                                        for user in to_act(board)))
        board = await table.board_after(count, timeout=STEP_TIMEOUT)
        outcome.turns += [(board.posted_at - c.created_at) * 1000 for c in clicks if c]
    outcome.finished = True


async def take_turn(table: Table, user: VirtualUser, board: MessageView, rng: random.Random,
                    run: Run) -> Interaction | None:
    """One player's move from their newest view: the click that made it, or None when it was
    turned down as out of date (the chat figures count those answers)."""
    hand = await newest_hand(table, user, board, rng, run.show_hand)
    if not (enabled(hand, MOVE) or any(not s.disabled for s in hand.selects)):
        return None  # done already (the other player's redraws go on)
    if run.think:
        await asyncio.sleep(run.think * rng.uniform(0.5, 1.5))
    try:
        await table.play_one(user, hand, rng, PASS_BIAS)
    except Refused as refused:
        if "out of date" not in str(refused):
            raise
        return None
    return acting_click(table.emu, user)


async def guarded_match(emu: Emulator, channel: Channel, players: tuple[VirtualUser, VirtualUser],
                        outcome: MatchOutcome, run: Run) -> None:
    """play_match, recording (not raising) what went wrong."""
    try:
        await play_match(emu, channel, players, outcome, run)
    except asyncio.CancelledError:
        outcome.error = outcome.error or "cancelled at --max-seconds"
        raise
    except Exception as error:
        outcome.error = f"{type(error).__name__}: {error}".splitlines()[0][:300]


async def settle(emu: Emulator, quiet: float = 1.0, limit: float = 15.0) -> None:
    """Wait until the bot has sent no request for `quiet` seconds (at most `limit`)."""
    deadline = time.monotonic() + limit
    seen, since = len(emu.log), time.monotonic()
    while time.monotonic() < deadline and time.monotonic() - since < quiet:
        await asyncio.sleep(0.1)
        if len(emu.log) != seen:
            seen, since = len(emu.log), time.monotonic()


async def watch_lag(lags: list[float]) -> None:
    """Record how late this process's event loop wakes up (the load generator's own load)."""
    loop = asyncio.get_running_loop()
    while True:
        start = loop.time()
        await asyncio.sleep(LAG_TICK)
        lags.append(max(0.0, loop.time() - start - LAG_TICK) * 1000)


# ------------------------------------------------------------------- the run

async def benchmark(run: Run) -> dict[str, Any]:
    """Start the emulator and the bot, play the matches, collect the figures."""
    if run.database != "sqlite":
        from tests.bench_backends import benchmark_postgresql
        return await benchmark_postgresql(run)
    emu = await Emulator.start()
    world = populate(emu, users=2 * run.matches + 1)
    probe, players = world.users[-1], world.users[:-1]
    with tempfile.TemporaryDirectory(prefix="gwent-bench-") as tmp:
        bot = BotProcess(emu, Path(tmp), run.profile)
        try:
            await bot.start()
            await wait_until_serving(emu, bot, probe, world.channel)
            await wait_until_idle(bot)
            return await measure(emu, bot, world.channel, players, run)
        finally:
            await bot.stop()
            await emu.stop()
            if run.log:
                shutil.copyfile(bot.log_path, run.log)


async def measure(emu: Emulator, bot: BotProcess, channel: Channel | Sequence[Channel],
                  players: list[VirtualUser], run: Run) -> dict[str, Any]:
    """The load phase and its figures; with several channels, match i plays in channel
    i modulo their number."""
    channels = [channel] if isinstance(channel, Channel) else list(channel)
    first_id = max(emu.store.interactions, default=0)
    outcomes = [MatchOutcome(i) for i in range(run.matches)]
    lags: list[float] = []
    lag_task = asyncio.create_task(watch_lag(lags))
    bot_cpu0, own0 = bot.cpu_seconds(), resource.getrusage(resource.RUSAGE_SELF)
    tree0 = bot.tree_cpu_seconds()
    machine0 = machine_busy_seconds()
    requests0 = len(emu.log)
    started = time.monotonic()
    tasks = [asyncio.create_task(guarded_match(emu, channels[i % len(channels)],
                                               (players[2 * i], players[2 * i + 1]), outcome, run))
             for i, outcome in enumerate(outcomes)]
    _, pending = await asyncio.wait(tasks, timeout=run.max_seconds)
    for task in pending:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    wall = time.monotonic() - started
    traffic = emu.traffic(requests0)
    requests = emu.log[requests0:]
    bot_cpu1 = bot.cpu_seconds()
    bot_cpu = (bot_cpu1[0] - bot_cpu0[0], bot_cpu1[1] - bot_cpu0[1])
    tree_cpu = bot.tree_cpu_seconds() - tree0
    own1 = resource.getrusage(resource.RUSAGE_SELF)
    own_cpu = (own1.ru_utime - own0.ru_utime) + (own1.ru_stime - own0.ru_stime)
    others = max(0.0, machine_busy_seconds() - machine0 - tree_cpu - own_cpu)
    lag_task.cancel()
    interactions = [i for i in emu.store.interactions.values() if i.id > first_id]
    # Let the bot finish what it was doing (answers, posts, clean-up edits) before stopping it.
    await settle(emu)
    peak_kb, rss_kb = bot.status_kb("VmHWM"), bot.status_kb("VmRSS")
    await bot.stop()
    result = report(run, emu, bot, outcomes, interactions, traffic, requests,
                    (lags, bot.stalls(started, started + wall)), wall,
                    (bot_cpu, own_cpu, others, tree_cpu), peak_kb, rss_kb)
    if isinstance(bot, BotProcess):  # one process on a SQLite file
        from tests.bench_chat import chat_figures
        # Match i is played by players 2i and 2i + 1 (in practice, 2i alone).
        playing = players[:2 * run.matches:2 if run.scenario == "practice" else 1]
        result["chat"] = chat_figures(emu, public_posts(emu, requests), bot.db_path,
                                      (u.id for u in playing),
                                      practice=run.scenario == "practice",
                                      matches=run.matches)
    return result


def report(run: Run, emu: Emulator, bot: BotProcess, outcomes: list[MatchOutcome],
           interactions: list[Interaction], traffic: Traffic, requests: list[RequestRecord],
           lags_stalls: tuple[list[float], list[tuple[float, float]]], wall: float,
           cpu: tuple[tuple[float, float], float, float, float], peak_kb: int | None,
           rss_kb: int | None) -> dict[str, Any]:
    """Everything the run measured, as one JSON-ready dict.

    `traffic` counts the bot's REST requests to Discord over the load phase, `requests` lists
    them; `lags_stalls` are how late (ms) this process's event loop woke up for its ticks,
    and the bot's (with the part its own thread was running); `cpu` is ((bot
    event-loop thread, bot process), this process, other processes, the bot with its worker
    processes) in CPU seconds over the load phase.
    """
    (bot_loop_cpu, bot_cpu), own_cpu, others, tree_cpu = cpu
    lags, stalls = lags_stalls

    def pct(seconds: float) -> float | None:
        return round(100 * seconds / wall, 1) if wall else None

    acks: list[float] = []
    answers = [(i.answered_at - i.created_at) * 1000 for i in interactions
               if i.answered_at is not None]
    by_kind: dict[str, list[float]] = {}
    unacked = 0
    for interaction in interactions:
        if interaction.acknowledged_at is None:
            unacked += 1
            continue
        ms = (interaction.acknowledged_at - interaction.created_at) * 1000
        acks.append(ms)
        by_kind.setdefault(interaction_kind(interaction), []).append(ms)
    turns = [t for o in outcomes for t in o.turns]
    failures = Counter(f.kind for f in emu.failures)
    late = sum(1 for f in emu.failures if f.code == 10062)
    errors = [f"emulator: {f}" for f in emu.failures]
    errors += [f"match {o.index}: {o.error}" for o in outcomes if o.error]
    problems, notes = bot.log_problems()
    errors += [f"bot log: {line}" for line in problems]
    if unacked:
        errors.append(f"{unacked} interaction(s) never acknowledged")
    if bot.returncode not in (0, None):
        errors.append(f"the bot exited with status {bot.returncode}")
    ack, turn = summary(acks), summary(turns)
    stall, held = summary([s for s, _ in stalls]), summary([h for _, h in stalls])
    rate_limit_warnings = sum(bool(RATE_LIMITED.search(n)) for n in notes)
    posts = public_posts(emu, requests)

    def per_turn(count: int) -> float | None:
        return round(count / len(turns), 3) if turns else None

    return {
        "scenario": run.scenario, "show_hand": run.show_hand,
        "matches": run.matches, "seed": run.seed, "turn_limit": run.turns, "think_s": run.think,
        "cpus": os.cpu_count(), "wall_s": round(wall, 1),
        "finished": sum(o.finished for o in outcomes),
        "stopped_at_turn_limit": sum(o.capped for o in outcomes),
        "unfinished": sum(not (o.finished or o.capped) for o in outcomes),
        "turns": len(turns), "turns_per_s": round(len(turns) / wall, 2) if wall else None,
        "interactions": len(interactions),
        "requests_per_turn": per_turn(traffic.total),
        "requests_per_turn_by_kind": {"interaction": per_turn(traffic.interaction),
                                      "bot_token": per_turn(traffic.bot)},
        "global_requests_per_turn": per_turn(traffic.bot),
        "invalid_requests": {str(k): v for k, v in traffic.invalid.items()},
        "invalid_requests_per_turn": per_turn(sum(traffic.invalid.values())),
        "rate_limited": traffic.rate_limited, "server_errors": traffic.server_errors,
        "public_posts_per_turn": per_turn(len(posts)), "pings_per_turn": per_turn(pings(posts)),
        "taps_per_turn": per_turn(sum(i.type != APPLICATION_COMMAND for i in interactions)),
        "show_my_hand_per_turn": per_turn(sum(
            interaction_kind(i) == "hand" and i.source_message is not None
            and not i.source_message.ephemeral for i in interactions)),
        "ack_ms": ack, "turn_ms": turn, "answer_ms": summary(answers),
        "ack_ms_by_kind": {k: summary(v) for k, v in sorted(by_kind.items())},
        "bot_loop_stall_ms": stall, "bot_loop_stall_running_ms": held,
        "bot_loop_stalls_over_target": sum(s > STALL_TARGET_MS for s, _ in stalls),
        "bot_loop_stalls_running_over_target": sum(h > STALL_TARGET_MS for _, h in stalls),
        "targets": {"ack_p99_ms": ACK_TARGET_MS, "turn_p99_ms": TURN_TARGET_MS,
                    "stall_max_ms": STALL_TARGET_MS,
                    "ack_met": ack["p99"] is not None and ack["p99"] <= ACK_TARGET_MS,
                    "turn_met": turn["p99"] is not None and turn["p99"] <= TURN_TARGET_MS,
                    "stall_met": held["max"] is not None and held["max"] <= STALL_TARGET_MS},
        "bot_peak_rss_mb": None if peak_kb is None else round(peak_kb / 1024, 1),
        "bot_rss_end_mb": None if rss_kb is None else round(rss_kb / 1024, 1),
        "bot_cpu_pct": pct(bot_cpu), "bot_loop_thread_cpu_pct": pct(bot_loop_cpu),
        "bot_workers_cpu_pct": pct(tree_cpu - bot_cpu),
        "cpu_ms_per_turn": round(1000 * tree_cpu / len(turns), 1) if turns else None,
        "bot_cpu_ms_per_turn": round(1000 * bot_cpu / len(turns), 1) if turns else None,
        "workers_cpu_ms_per_turn": (round(1000 * (tree_cpu - bot_cpu) / len(turns), 1)
                                    if turns else None),
        "generator_cpu_pct": pct(own_cpu), "other_processes_cpu_pct": pct(others),
        "generator_loop_lag_ms": summary(lags),
        "late_acks_10062": late, "emulator_failures": dict(failures),
        "unacknowledged": unacked, "error_count": len(errors), "errors": errors,
        "rate_limit_warnings": rate_limit_warnings,
        "notes": [n for n in notes if not RATE_LIMITED.search(n)],
    }


# ------------------------------------------------------------------ printing

def _ms(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value / 1000:.2f} s" if value >= 1000 else f"{value:.0f} ms"


def table(result: dict[str, Any]) -> str:
    """The human-readable report."""
    lines = [
        f"Gwent load benchmark ({result['scenario']}): {result['matches']} concurrent matches, "
        f"seed {result['seed']}, think {result['think_s']} s, turn limit "
        f"{result['turn_limit'] or 'none'}, Show my hand {result['show_hand']} of the turns, "
        f"{result['cpus']} CPUs",
        f"matches   {result['finished']} finished, {result['stopped_at_turn_limit']} stopped at "
        f"the turn limit, {result['unfinished']} unfinished  (wall {result['wall_s']} s)",
        f"turns     {result['turns']} ({result['turns_per_s']}/s), "
        f"{result['interactions']} interactions, {result['requests_per_turn']} requests to "
        "Discord a turn",
        f"requests  a turn: {result['requests_per_turn_by_kind']['interaction']} to "
        f"interaction endpoints, {result['global_requests_per_turn']} with the bot token "
        f"(Discord's global limit: 50/s); invalid {result['invalid_requests'] or 'none'} "
        f"({result['invalid_requests_per_turn']} a turn), 429s by scope "
        f"{result['rate_limited'] or 'none'}, 5xx {result['server_errors']}",
        f"per turn  {result['public_posts_per_turn']} public posts, {result['pings_per_turn']} "
        f"pings, {result['taps_per_turn']} taps ({result['show_my_hand_per_turn']} Show my "
        "hand)",
    ]
    if "chat" in result:
        from tests.bench_chat import chat_lines
        lines += chat_lines(result["chat"])
    lines += [
        "",
        f"{'latency':<20}{'n':>7}{'p50':>10}{'p90':>10}{'p99':>10}{'max':>10}   target (p99)",
    ]
    targets = result["targets"]
    for name, key, target, met in (
            ("acknowledgement", "ack_ms", targets["ack_p99_ms"], targets["ack_met"]),
            ("turn (click>board)", "turn_ms", targets["turn_p99_ms"], targets["turn_met"])):
        s = result[key]
        lines.append(f"{name:<20}{s['n']:>7}{_ms(s['p50']):>10}{_ms(s['p90']):>10}"
                     f"{_ms(s['p99']):>10}{_ms(s['max']):>10}   <= {_ms(target)} "
                     f"{'met' if met else 'MISSED'}")
    s = result["bot_loop_stall_ms"]
    lines.append(f"{'bot loop stall':<20}{s['n']:>7}{_ms(s['p50']):>10}{_ms(s['p90']):>10}"
                 f"{_ms(s['p99']):>10}{_ms(s['max']):>10}   "
                 f"({result['bot_loop_stalls_over_target']} over 50 ms)")
    s = result["bot_loop_stall_running_ms"]
    lines.append(f"{'  of it running':<20}{s['n']:>7}{_ms(s['p50']):>10}{_ms(s['p90']):>10}"
                 f"{_ms(s['p99']):>10}{_ms(s['max']):>10}   max <= "
                 f"{_ms(targets['stall_max_ms'])} {'met' if targets['stall_met'] else 'MISSED'}"
                 f" ({result['bot_loop_stalls_running_over_target']} over)")
    s = result["answer_ms"]
    lines.append(f"{'answer (seen)':<20}{s['n']:>7}{_ms(s['p50']):>10}{_ms(s['p90']):>10}"
                 f"{_ms(s['p99']):>10}{_ms(s['max']):>10}")
    for kind, s in result["ack_ms_by_kind"].items():
        lines.append(f"{'  ack ' + kind:<20}{s['n']:>7}{_ms(s['p50']):>10}{_ms(s['p90']):>10}"
                     f"{_ms(s['p99']):>10}{_ms(s['max']):>10}")
    lag = result["generator_loop_lag_ms"]
    lines += [
        "",
        f"bot peak RSS   {result['bot_peak_rss_mb']} MB (VmHWM; {result['bot_rss_end_mb']} MB "
        "at the end)",
        f"CPU            {result['cpu_ms_per_turn']} ms per turn (the bot "
        f"{result['bot_cpu_ms_per_turn']} ms, its workers {result['workers_cpu_ms_per_turn']} "
        "ms); "
        f"bot {result['bot_cpu_pct']}% of one core (event-loop thread "
        f"{result['bot_loop_thread_cpu_pct']}%), its worker processes "
        f"{result['bot_workers_cpu_pct']}%, load generator + emulator "
        f"{result['generator_cpu_pct']}% (its loop lag p99 {_ms(lag['p99'])}), other "
        f"processes {result['other_processes_cpu_pct']}% (percentages of one core)",
        f"errors         {result['error_count']} (late acks 10062: {result['late_acks_10062']}, "
        f"never acknowledged: {result['unacknowledged']})",
    ]
    lines += [f"  {e}" for e in result["errors"][:20]]
    if len(result["errors"]) > 20:
        lines.append(f"  ... and {len(result['errors']) - 20} more")
    if result["notes"]:
        lines.append(f"notes          {len(result['notes'])} known-harmless bot log line(s): "
                     "discord.py's heartbeat race with the emulator's instant ACK")
    if result["rate_limit_warnings"]:
        lines.append(f"rate limits    discord.py warned {result['rate_limit_warnings']} time(s) "
                     "that it waits for a 429")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the options, run the benchmark, print the table (or JSON)."""
    parser = argparse.ArgumentParser(prog="python -m tests.bench_load", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=20, help="concurrent matches (20)")
    parser.add_argument("--seed", type=int, default=1, help="the players' random seed (1)")
    parser.add_argument("--turns", type=int, default=0,
                        help="stop each match after this many moves (0: play to the result)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="mean seconds a player looks at their hand before moving (0: move "
                             "at once, the worst case; people take several seconds)")
    parser.add_argument("--ramp", type=float, default=2.0,
                        help="matches start at random times within this many seconds (2.0)")
    parser.add_argument("--max-seconds", type=float, default=600.0,
                        help="stop unfinished matches after this long (600)")
    parser.add_argument("--profile", metavar="FILE",
                        help="run the bot under cProfile and write its stats to FILE")
    parser.add_argument("--log", metavar="FILE", help="keep a copy of the bot's output here")
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite",
                        help="the bot's database (sqlite); postgresql starts a throwaway "
                             "server unless --database-url is given")
    parser.add_argument("--processes", type=int, default=1,
                        help="bot processes sharing the PostgreSQL database, two gateway "
                             "shards each (1)")
    parser.add_argument("--database-url", help="an existing PostgreSQL server to use (a new "
                                               "schema is made in it for the run)")
    parser.add_argument("--compare", action="store_true",
                        help="run SQLite with one process, then PostgreSQL with one and with "
                             "--processes (at least 2), and print them side by side")
    parser.add_argument("--capacity", nargs="?", const="50,100,150,200", metavar="N,N,...",
                        help="run each number of matches in turn and print the curve and the "
                             "largest number held (turn p99 <= 500 ms, ack p99 <= 100 ms); "
                             "use with --think (tests.bench_capacity)")
    parser.add_argument("--scenario", choices=("duel", "practice", "tournament"),
                        default="duel",
                        help="duel: two members per match (default); practice: a member "
                             "against the normal computer; tournament: one round of a Swiss "
                             "of 2 x --matches players (tests.bench_chat)")
    parser.add_argument("--show-hand", type=float, default=0.0, metavar="P",
                        help="how often (0-1) a player opens a new view with Show my hand "
                             "instead of playing in the one kept up to date (0)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    args = parser.parse_args(argv)
    if args.matches < 1:
        parser.error("--matches must be at least 1")
    if args.processes < 1 or (args.processes > 1 and args.database == "sqlite"
                              and not args.compare):
        parser.error("--processes above 1 needs --database postgresql (a SQLite file serves "
                     "one process)")
    run = Run(args.matches, args.seed, args.turns, args.think, args.ramp, args.max_seconds,
              args.profile, args.log, args.database, args.processes, args.database_url,
              args.scenario, args.show_hand)
    if args.scenario == "tournament":
        from tests.bench_chat import benchmark_tournament, tournament_table
        outcome = asyncio.run(benchmark_tournament(run))
        print(json.dumps(outcome) if args.json else tournament_table(outcome))
        return 1 if outcome["errors"] else 0
    if args.compare:
        from tests.bench_backends import compare
        return compare(run, as_json=args.json)
    if args.capacity is not None:
        from tests.bench_capacity import capacity, counts
        try:
            matches = counts(args.capacity)
        except ValueError as error:
            parser.error(str(error))
        return capacity(run, matches, as_json=args.json)
    result = asyncio.run(benchmark(run))
    print(json.dumps(result) if args.json else table(result))
    missed = not (result["targets"]["ack_met"] and result["targets"]["turn_met"])
    return 1 if result["error_count"] or (args.check and missed) else 0


if __name__ == "__main__":
    raise SystemExit(main())
