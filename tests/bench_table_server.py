"""The table's server under load: K tables playing at once against the real bot.

    python -m tests.bench_table_server [--tables 50] [--moves 24] [--think 3] [--spectators 0]
                                       [--seed S] [--json]

The Discord emulator (Discord's rate limits at their real speed) and the pages run in this
process; the bot runs its real entry point in a subprocess (tests.emulated_bot) on a fresh
SQLite file, with its table server on. K matches are opened in chat (a challenge, Accept,
both Ready, in threads of 10 channels), then both players of each play at the table: a page
per seat, a real aiohttp WebSocket client with permessage-deflate, signed in with a session of
the server's (minted with the emulator's client secret: sign-ins are limited per address, and
are not what is measured). Each page, when its seat must act, thinks --think seconds on
average (uniform between half and one and a half times it), then sends a random legal move at
the action count it shows, until each table made --moves moves or its match ended. Every move
also goes to chat (its board, drawn and posted by the publisher), as in real play.

Measured:
- round trip: the move frame sent -> the mover's socket receives the state that shows it
  (its ack comes just before); and -> the opponent's socket receives it;
- bytes per move: what the server sent to the pages on the wire (through a counting TCP
  proxy: WebSocket framing and compression included) over the play, divided by the moves;
  also the JSON the pages got (uncompressed), per move, and per state frame;
- refusals other than stale moves (none is expected), and the bot's log problems.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.web.sessions import Signer, User
from tests.bench_load import summary
from tests.bot.e2e.driver import open_match
from tests.bot.web.client import TableClient
from tests.bot.web.play import choose
from tests.bot.web.processes import connected, serving, table_process
from tests.emulator import Channel, Emulator, RateLimits, VirtualUser
from tests.postgres_server import free_port

CHANNELS = 10


class CountingProxy:
    """A TCP proxy to the table's port that counts the bytes each way."""

    def __init__(self, target_port: int) -> None:
        self._target = target_port
        self.down = 0  # server -> pages
        self.up = 0
        self._server: asyncio.Server | None = None
        self.port = 0

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._pipe, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 5)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self._target)

        async def copy(source: asyncio.StreamReader, sink: asyncio.StreamWriter,
                       down: bool) -> None:
            with contextlib.suppress(ConnectionError):
                while data := await source.read(65536):
                    if down:
                        self.down += len(data)
                    else:
                        self.up += len(data)
                    sink.write(data)
                    await sink.drain()
            with contextlib.suppress(Exception):
                sink.close()

        await asyncio.gather(copy(reader, up_writer, False), copy(up_reader, writer, True))


@dataclass
class TableRun:
    """One table's pages and what they measured."""

    index: int
    pages: dict[int, TableClient]
    spectators: list[TableClient] = field(default_factory=list)
    moves: int = 0
    refusals: list[dict[str, Any]] = field(default_factory=list)
    to_mover: list[float] = field(default_factory=list)
    to_opponent: list[float] = field(default_factory=list)


async def play_table(table: TableRun, rng: random.Random, moves: int, think: float) -> None:
    """Random legal moves at a human pace until `moves` were made or the match ended."""
    pages = table.pages
    while table.moves < moves:
        newest = max((p.view() for p in pages.values()), key=lambda v: v["action_count"])
        if newest["phase"] == "over":
            return
        count = newest["action_count"]
        seat = newest["to_act"][0]
        page, other = pages[seat], pages[1 - seat]
        view = await page.view_at(count, timeout=60)
        if view["action_count"] != count or not view["legal"]:
            continue
        await asyncio.sleep(rng.uniform(think / 2, think * 1.5))
        sent = time.monotonic()
        since_mover, since_other = len(page.frames), len(other.frames)
        answer = await page.move(choose(view["legal"], rng, 0.1)["move"], count)
        if answer["t"] == "error":
            if answer["code"] != "stale":
                table.refusals.append(answer)
            continue
        await page.view_at(count + 1, since_mover, timeout=60)
        table.to_mover.append(_arrival(page, since_mover, count + 1) - sent)
        await other.view_at(count + 1, since_other, timeout=60)
        table.to_opponent.append(_arrival(other, since_other, count + 1) - sent)
        table.moves += 1


def _arrival(page: TableClient, since: int, count: int) -> float:
    """When the page received its first state at `count` or later, from frame `since` on."""
    for index in range(since, len(page.frames)):
        frame = page.frames[index]
        if frame.get("t") == "state" and frame["view"]["action_count"] >= count:
            return page.received_at[index]
    raise AssertionError("no such state")


async def open_tables(emu: Emulator, channels: list[Channel], users: list[VirtualUser],
                      tables: int) -> list[tuple[int, Channel, VirtualUser, VirtualUser]]:
    """Open the matches in chat, a few at a time per channel: (index, thread, players)."""
    opened: list[tuple[int, Channel, VirtualUser, VirtualUser]] = []

    async def open_in(channel_index: int) -> None:
        for index in range(channel_index, tables, CHANNELS):
            first, second = users[2 * index], users[2 * index + 1]
            table, _ = await open_match(emu, channels[channel_index], first, second)
            opened.append((index, table.channel, first, second))

    await asyncio.gather(*(open_in(c) for c in range(min(CHANNELS, tables))))
    return sorted(opened, key=lambda t: t[0])


async def benchmark(args: argparse.Namespace) -> dict[str, Any]:
    """Run the benchmark and return its figures."""
    emu = await Emulator.start(rate_limits=RateLimits.discord())
    emu.activities.enable()
    guild = emu.create_guild("Gwent Club")
    channels = [emu.create_text_channel(guild, f"tables-{i}") for i in range(CHANNELS)]
    users = [emu.create_user(f"player{i}", guilds=(guild,))
             for i in range(2 * args.tables + args.spectators * args.tables)]
    port = free_port()
    origin = f"http://127.0.0.1:{port}"
    proxy = CountingProxy(port)
    signer = Signer(emu.client_secret)
    runs: list[TableRun] = []
    with tempfile.TemporaryDirectory(prefix="gwent-bench-table-") as folder:
        bot = table_process(emu, Path(folder), port)
        try:
            await bot.start()
            await connected(emu)
            await serving(bot, origin)
            await proxy.start()
            started = time.monotonic()
            opened = await open_tables(emu, channels, users, args.tables)
            setup_seconds = time.monotonic() - started
            url = f"http://127.0.0.1:{proxy.port}"
            watchers = iter(users[2 * args.tables:])
            for index, thread, first, second in opened:
                pages = {}
                for seat, user in enumerate((first, second)):
                    page = await TableClient(url, origin).__aenter__()
                    session = signer.session(User(user.id, user.name))
                    welcome = await page.hello(session, thread.id, guild.id)
                    assert welcome.get("seat") == seat, welcome
                    await page.of("state")
                    pages[seat] = page
                run = TableRun(index, pages)
                for _ in range(args.spectators):
                    watcher = next(watchers)
                    page = await TableClient(url, origin).__aenter__()
                    await page.hello(signer.session(User(watcher.id, watcher.name)), thread.id,
                                     guild.id)
                    run.spectators.append(page)
                runs.append(run)
            every = [p for r in runs for p in (*r.pages.values(), *r.spectators)]
            down_before = proxy.down
            json_before = sum(len(raw.encode()) for p in every for raw in p.raw)
            states_before = sum(1 for p in every for f in p.frames if f["t"] == "state")
            played = time.monotonic()
            await asyncio.gather(*(play_table(r, random.Random(f"{args.seed}:{r.index}"),
                                              args.moves, args.think) for r in runs))
            play_seconds = time.monotonic() - played
            await asyncio.sleep(1.0)  # the last states reach every page
            down = proxy.down - down_before
            json_bytes = sum(len(raw.encode()) for p in every for raw in p.raw) - json_before
            states = sum(1 for p in every for f in p.frames if f["t"] == "state") - states_before
            for page in every:
                await page.close()
        finally:
            await proxy.stop()
            await bot.stop()
            await emu.stop()
    moves = sum(r.moves for r in runs)
    to_mover = [s * 1000 for r in runs for s in r.to_mover]
    to_opponent = [s * 1000 for r in runs for s in r.to_opponent]
    problems = [line for line in bot.log_problems()[0] if " WARNING " not in line]
    return {
        "tables": args.tables, "spectators_per_table": args.spectators, "think": args.think,
        "moves": moves, "setup_seconds": round(setup_seconds, 1),
        "moves_per_second": round(moves / play_seconds, 2),
        "round_trip_ms": summary(to_mover), "to_opponent_ms": summary(to_opponent),
        "wire_bytes_per_move": round(down / moves) if moves else None,
        "json_bytes_per_move": round(json_bytes / moves) if moves else None,
        "json_bytes_per_state": round(json_bytes / states) if states else None,
        "refusals": [f for r in runs for f in r.refusals], "bot_problems": problems,
    }


def report(result: dict[str, Any]) -> str:
    """The figures in a few lines."""
    trip, other = result["round_trip_ms"], result["to_opponent_ms"]
    return "\n".join([
        f"{result['tables']} tables ({result['spectators_per_table']} spectators each), "
        f"{result['moves']} moves at {result['moves_per_second']} a second "
        f"(think {result['think']} s); matches opened in {result['setup_seconds']} s",
        f"round trip (move -> the mover's new state): p50 {trip['p50']} ms, "
        f"p99 {trip['p99']} ms, max {trip['max']} ms",
        f"to the opponent's page: p50 {other['p50']} ms, p99 {other['p99']} ms",
        f"bytes per move on the wire (all pages, compressed): {result['wire_bytes_per_move']}"
        f"; JSON per move {result['json_bytes_per_move']}, per state frame "
        f"{result['json_bytes_per_state']}",
        f"refusals (besides stale moves): {len(result['refusals'])}; bot problems: "
        f"{len(result['bot_problems'])}"])


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line, run, print; exit 1 on any refusal or bot problem."""
    parser = argparse.ArgumentParser(prog="python -m tests.bench_table_server",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--moves", type=int, default=24, help="moves per table")
    parser.add_argument("--think", type=float, default=3.0, help="seconds, on average")
    parser.add_argument("--spectators", type=int, default=0, help="per table")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = asyncio.run(benchmark(args))
    print(json.dumps(result, indent=2) if args.json else report(result))
    return 1 if result["refusals"] or result["bot_problems"] else 0


if __name__ == "__main__":
    sys.exit(main())
