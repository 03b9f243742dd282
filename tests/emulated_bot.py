"""Run the real bot (`python -m bot`'s entry point) against a local Discord emulator.

    python -m tests.emulated_bot API_BASE GATEWAY_URL [--profile FILE] [--lease-seconds S]
                                 [--stalls FILE]

The bot reads its configuration from the environment as usual (DISCORD_TOKEN, DATABASE_PATH or
DATABASE_URL, SHARD_COUNT, SHARD_IDS, LOG_LEVEL); this launcher only points discord.py's REST
base and gateway URL at the emulator, exactly as the test fixture `tests.emulator.pointed_at`
does in-process, and drops discord.py's 5 s pause between identifying shards (the emulator
has no identify rate limit). --lease-seconds shortens how long leases outlive a dead process,
so take-over tests do not wait 15 s. SIGTERM or SIGINT stops the bot cleanly. With --profile, the
event-loop thread runs under cProfile, timing the CPU time of that thread (not the time it
waits for the GIL or a core), and the stats are written to FILE on exit (render threads are
not profiled). With --stalls, a task wakes every 50 ms and notes how late it woke (how long
the event loop was held by something else) and the CPU time the event-loop thread used
meanwhile, and FILE receives one line per wake-up (every second, and on exit): the
time.monotonic() it was due at (the same clock in every process on Linux), how late it woke
and that CPU time, in ms.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import time
from collections.abc import Sequence
from pathlib import Path

import discord
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

import bot.main
from bot.config import Config
from bot.main import main as bot_main
from bot.service import leases

# How often the stall watcher wakes up.
STALL_TICK = 0.05
# How many wake-ups' notes are written at a time.
STALL_WRITES = 20


async def _identify_at_once(self: discord.Client, shard_id: int | None, *,
                            initial: bool = False) -> None:
    """The emulator lets every shard identify at once."""


async def _watch_stalls(wakes: list[str], path: Path) -> None:
    """Note when each wake-up was due, how late it came and the event-loop thread's CPU time
    since the one before (in ms), adding the notes to `path` every STALL_WRITES wake-ups
    (a bot killed at the end of a run keeps most of them), until cancelled."""
    while True:
        due, cpu = time.monotonic() + STALL_TICK, time.thread_time()
        await asyncio.sleep(STALL_TICK)
        late, used = max(0.0, time.monotonic() - due) * 1000, (time.thread_time() - cpu) * 1000
        wakes.append(f"{due:.4f} {late:.2f} {used:.2f}\n")
        if len(wakes) >= STALL_WRITES:
            _write_stalls(wakes, path)


def _write_stalls(wakes: list[str], path: Path) -> None:
    with path.open("a") as out:
        out.writelines(wakes)
    wakes.clear()


def _watching_stalls(path: Path) -> None:
    """Run the bot with the stall watcher beside it, writing its notes to `path`."""
    running = bot.main.run
    path.write_text("")

    async def run(config: Config) -> None:
        wakes: list[str] = []
        watcher = asyncio.create_task(_watch_stalls(wakes, path), name="gwent-stall-watch")
        try:
            await running(config)
        finally:
            watcher.cancel()
            _write_stalls(wakes, path)

    bot.main.run = run


def main(argv: Sequence[str] | None = None) -> int:
    """Point discord.py at the emulator and run the bot's entry point."""
    parser = argparse.ArgumentParser(prog="python -m tests.emulated_bot", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("api_base", help="the emulator's REST base, e.g. http://127.0.0.1:PORT"
                                         "/api/v10")
    parser.add_argument("gateway", help="the emulator's gateway, e.g. ws://127.0.0.1:PORT/gateway")
    parser.add_argument("--profile", metavar="FILE", help="write cProfile stats here on exit")
    parser.add_argument("--lease-seconds", type=float, metavar="S",
                        help=f"how long leases outlive their process ({leases.LEASE_SECONDS:g})")
    parser.add_argument("--stalls", metavar="FILE", type=Path,
                        help="note how late the event loop wakes up, and write it here")
    args = parser.parse_args(argv)
    Route.BASE = args.api_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(args.gateway)
    discord.Client.before_identify_hook = _identify_at_once  # type: ignore[method-assign]
    if args.lease_seconds is not None:
        leases.LEASE_SECONDS = args.lease_seconds
    if args.stalls is not None:
        _watching_stalls(args.stalls)
    if args.profile is None:
        return bot_main()
    profiler = cProfile.Profile(time.thread_time)
    profiler.enable()
    try:
        return bot_main()
    finally:
        profiler.disable()
        profiler.dump_stats(args.profile)


if __name__ == "__main__":
    raise SystemExit(main())
