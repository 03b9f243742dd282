"""Run the real bot (`python -m bot`'s entry point) against a local Discord emulator.

    python -m tests.emulated_bot API_BASE GATEWAY_URL [--profile FILE] [--lease-seconds S]

The bot reads its configuration from the environment as usual (DISCORD_TOKEN, DATABASE_PATH or
DATABASE_URL, SHARD_COUNT, SHARD_IDS, LOG_LEVEL); this launcher only points discord.py's REST
base and gateway URL at the emulator, exactly as the test fixture `tests.emulator.pointed_at`
does in-process, and drops discord.py's 5 s pause between identifying shards (the emulator
has no identify rate limit). --lease-seconds shortens how long leases outlive a dead process,
so take-over tests do not wait 15 s. SIGINT stops the bot cleanly. With --profile, the
event-loop thread runs under cProfile and the stats are written to FILE on exit (render
threads are not profiled).
"""

from __future__ import annotations

import argparse
import cProfile
from collections.abc import Sequence

import discord
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.main import main as bot_main
from bot.service import leases


async def _identify_at_once(self: discord.Client, shard_id: int | None, *,
                            initial: bool = False) -> None:
    """The emulator lets every shard identify at once."""


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
    args = parser.parse_args(argv)
    Route.BASE = args.api_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(args.gateway)
    discord.Client.before_identify_hook = _identify_at_once  # type: ignore[method-assign]
    if args.lease_seconds is not None:
        leases.LEASE_SECONDS = args.lease_seconds
    if args.profile is None:
        return bot_main()
    profiler = cProfile.Profile()
    profiler.enable()
    try:
        return bot_main()
    finally:
        profiler.disable()
        profiler.dump_stats(args.profile)


if __name__ == "__main__":
    raise SystemExit(main())
