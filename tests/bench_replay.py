"""Replay benchmark: stepping through a finished match, and its animation.

    python -m tests.bench_replay [--moves 40] [--clicks 40] [--runs 20] [--seed 1] [--json]

A match of --moves moves between two computer players (normal level) is stored as a finished
match in a fresh SQLite file. Then:

- service: rebuilding the match from storage (what the first click on a replay pays), and
  one position's observation from the rebuilt match (medians over --runs);
- frames: drawing one viewer frame (public board PNG) that is not cached yet;
- animation: the GIF of the whole match, CPU seconds of this process (time.process_time)
  and wall seconds, its size and frames (median of 3);
- clicks: the real bot against the Discord emulator, both in this process. A user opens
  `/gwent replay` and clicks Next --clicks times, a quarter of a second apart as a person
  would: "next move" is click -> the viewer edited with the new image when the bot has
  drawn it ahead; "any move" is the same with the frame cache emptied before each click,
  so the frame is drawn after the click, as for First, Last, a round or the select.

Figures are medians; the machine's load average is printed with them.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import os
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

from PIL import Image

from bot.discord.client import GwentBot
from bot.replay_frames import ReplayFrames
from bot.service import Services
from bot.service.replays import ReplayService
from bot.storage.records import OVER, ResultRecord, SeatRecord
from engine import Match
from engine.ai.agents import make_agent
from engine.ai.arena import deals, play_game
from tests.bot.helpers import RecordingNotifier
from tests.emulator import Emulator, MessageView, populate, run_bot

PAUSE = 0.25


def a_match(moves: int, seed: int) -> Match:
    """The first computer-vs-computer match (normal level) of exactly `moves` moves."""
    for match_seed, decks in deals(400, seed):
        agents = (make_agent("normal", match_seed, decks[0]),
                  make_agent("normal", match_seed + 1, decks[1]))
        match, _ = play_game(agents, decks, match_seed, ("Alice", "Bob"))
        if match.action_count == moves:
            return match
    raise SystemExit(f"no match of {moves} moves among 400 deals of seed {seed}")


async def store(services: Services, match: Match, guild_id: int, channel_id: int,
                users: tuple[int, int]) -> int:
    """Store a played match as a finished match of this server; return its id."""
    async with services.db.transaction() as repo:
        match_id = await repo.insert_match(guild_id, channel_id, channel_id, match.seed,
                                           time.time(), None, None)
        for seat, deck in enumerate(match.decks):
            await repo.insert_seat(match_id, SeatRecord(
                seat, users[seat], match.sides[seat].name, deck.faction, deck.leader,
                deck.faction, True, 0, None))
        for number, action in enumerate(match.history, start=1):
            await repo.insert_action(match_id, number, str(action), "player", time.time())
        await repo.update_match(match_id, status=OVER, state=match.to_json(),
                                action_count=match.action_count, finished_at=time.time())
        await repo.insert_result(ResultRecord(
            match_id, guild_id, users, (match.decks[0].faction, match.decks[1].faction),
            (match.decks[0].leader, match.decks[1].leader), match.winner, match.forfeited_by,
            "play", tuple((s[0], s[1], w) for s, w in match.results), time.time(),
            time.time()))
    return match_id


async def median_ms(work: Callable[[], Awaitable[object]], runs: int) -> float:
    """The median wall time of `work` in milliseconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        await work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


async def service_figures(services: Services, match_id: int, guild_id: int,
                          runs: int) -> dict[str, Any]:
    """Rebuild, observation, frame and animation figures, without Discord."""
    rebuilt = await median_ms(
        lambda: ReplayService(services.db, time.time).open(match_id, guild_id), runs)
    replay = await services.replays.open(match_id, guild_id)
    rng = random.Random(0)

    async def observe() -> None:
        replay.observation(rng.randrange(replay.last + 1), None)

    frames = ReplayFrames()
    positions = iter(rng.sample(range(replay.last + 1), min(runs, replay.last + 1)))

    async def draw() -> None:
        await frames.board(replay, next(positions))

    frame_ms = await median_ms(draw, min(runs, replay.last + 1))
    cpu, wall, sizes, shown = [], [], [], []

    async def quiet(_: float) -> None:
        return None

    for _ in range(3):
        cpu0, wall0 = time.process_time(), time.perf_counter()
        gif = await ReplayFrames().animation(replay, 8_000_000, quiet)
        cpu.append(time.process_time() - cpu0)
        wall.append(time.perf_counter() - wall0)
        sizes.append(len(gif))
        shown.append(Image.open(io.BytesIO(gif)).n_frames)
    return {"moves": replay.last, "rebuild_ms": round(rebuilt, 1),
            "observation_ms": round(await median_ms(observe, runs * 10), 2),
            "frame_ms": round(frame_ms, 1),
            "animation_cpu_s": round(statistics.median(cpu), 2),
            "animation_wall_s": round(statistics.median(wall), 2),
            "animation_bytes": int(statistics.median(sizes)),
            "animation_frames": int(statistics.median(shown))}


async def click_figures(emu: Emulator, bot: GwentBot, viewer: MessageView,
                        user: Any, clicks: int) -> dict[str, Any]:
    """Click Next `clicks` times for each kind of step; medians of click -> new image."""
    async def next_click() -> float:
        before = viewer.content
        start = time.perf_counter()
        handle = user.click(viewer, label="Next")
        await emu.wait_for(lambda: viewer.content != before or handle.followups, 10, "Next")
        elapsed = (time.perf_counter() - start) * 1000
        await asyncio.sleep(PAUSE)
        return elapsed

    warmed, cold = [], []
    for i in range(clicks):
        if viewer.button(label="Next").disabled:
            await _first(emu, user, viewer)
        if i % 2:
            bot.replay_frames = ReplayFrames()
            cold.append(await next_click())
        else:
            warmed.append(await next_click())
    return {"next_move_ms": round(statistics.median(warmed), 1),
            "any_move_ms": round(statistics.median(cold), 1), "clicks": len(warmed + cold)}


async def _first(emu: Emulator, user: Any, viewer: MessageView) -> None:
    before = viewer.content
    user.click(viewer, label="First")
    await emu.wait_for(lambda: viewer.content != before, 10, "First")
    await asyncio.sleep(PAUSE)


async def benchmark(moves: int, clicks: int, runs: int, seed: int) -> dict[str, Any]:
    """Run every part; return the figures."""
    load_before = os.getloadavg()
    match = a_match(moves, seed)
    emu = await Emulator.start()
    try:
        world = populate(emu, users=2)
        alice, bob = world.users
        with tempfile.TemporaryDirectory(prefix="gwent-bench-replay-") as folder:
            path = Path(folder) / "gwent.sqlite3"
            services = await Services.open(path, RecordingNotifier(), think_seconds=0)
            try:
                match_id = await store(services, match, world.guild.id, world.channel.id,
                                       (alice.id, bob.id))
                figures = await service_figures(services, match_id, world.guild.id, runs)
            finally:
                await services.close()
            bot = GwentBot(path, ai_think_seconds=0)
            async with run_bot(emu, bot):
                viewer = await alice.slash(world.channel, "gwent replay",
                                           match=str(match_id)).message(timeout=10)
                figures |= await click_figures(emu, bot, viewer, alice, clicks)
    finally:
        await emu.stop()
    return figures | {"load_before": [round(x, 2) for x in load_before],
                      "load_after": [round(x, 2) for x in os.getloadavg()],
                      "cpus": os.cpu_count()}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(prog="python -m tests.bench_replay", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=40, help="moves of the match (40)")
    parser.add_argument("--clicks", type=int, default=40, help="Next clicks in all (40)")
    parser.add_argument("--runs", type=int, default=20, help="runs of each service figure")
    parser.add_argument("--seed", type=int, default=1, help="which deals to search (1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    figures = asyncio.run(benchmark(args.moves, args.clicks, args.runs, args.seed))
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"a finished match of {figures['moves']} moves; {figures['cpus']} CPUs, load average "
          f"{figures['load_before']} before, {figures['load_after']} after (medians below)")
    print(f"  rebuild from storage      {figures['rebuild_ms']:>8} ms")
    print(f"  one position's view       {figures['observation_ms']:>8} ms")
    print(f"  one frame drawn           {figures['frame_ms']:>8} ms")
    print(f"  click -> next move        {figures['next_move_ms']:>8} ms  (drawn ahead)")
    print(f"  click -> any move         {figures['any_move_ms']:>8} ms  (drawn on the click)")
    print(f"  animation                 {figures['animation_cpu_s']:>8} s CPU, "
          f"{figures['animation_wall_s']} s wall, {figures['animation_bytes']} bytes, "
          f"{figures['animation_frames']} frames")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
