"""The bot killed with SIGKILL in the middle of a match played at the table, and restarted:
the pages reconnect with the sessions they had (signed, so valid across restarts), find the
match where the database has it, and play on to the result; every move acknowledged before
the crash is there, once."""

from __future__ import annotations

import random
from pathlib import Path

from bot.storage import Database
from tests.bot.e2e.driver import open_match
from tests.bot.web.client import TableClient
from tests.bot.web.play import choose, play_at_table
from tests.bot.web.processes import connected, serving, session_of, table_process
from tests.emulator import Emulator, World
from tests.postgres_server import free_port


async def test_kill_9_mid_match_and_the_tables_go_on(emu: Emulator, world: World,
                                                     tmp_path: Path, rng: random.Random) -> None:
    emu.activities.enable()
    alice, bob, _ = world.users
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    bot = table_process(emu, tmp_path, port)
    try:
        await bot.start()
        await connected(emu)
        await serving(bot, url)
        table, _ = await open_match(emu, world.channel, alice, bob)
        sessions = {0: await session_of(emu, url, alice), 1: await session_of(emu, url, bob)}
        pages = {seat: await TableClient(url).__aenter__() for seat in sessions}
        for seat, page in pages.items():
            welcome = await page.hello(sessions[seat], table.channel.id, world.guild.id)
            assert welcome["seat"] == seat
            await page.of("state")
        view = await play_at_table(pages, rng, moves=8)
        acked = view["action_count"]
        before = {seat: page.acked() for seat, page in pages.items()}
        # A move on its way when the process dies: applied or not, never half-applied.
        mover = pages[view["to_act"][0]]
        move = choose((await mover.view_at(acked))["legal"], rng, 0.0)["move"]
        await mover.send({"t": "move", "id": mover.new_id(), "expected": acked, "move": move})
        await bot.kill()
        for page in pages.values():
            await page.closed.wait()
            await page.close()
        await connected(emu, 0)

        bot = table_process(emu, tmp_path, port)  # the same database, the same port
        await bot.start()
        await connected(emu)
        await serving(bot, url)
        pages = {seat: await TableClient(url).__aenter__() for seat in sessions}
        for seat, page in pages.items():
            welcome = await page.hello(sessions[seat], table.channel.id, world.guild.id)
            assert (welcome["t"], welcome["seat"]) == ("welcome", seat)
            again = (await page.of("state"))["view"]
            assert again["action_count"] in (acked, acked + 1)
        final = await play_at_table(pages, rng)
        assert final["phase"] == "over"
        for page in pages.values():
            await page.close()
    finally:
        await bot.stop()
    # Every acknowledged move is in the match's log once, at the count it was made at.
    db = await Database.open(tmp_path / "gwent.sqlite3")
    try:
        async with db.reading() as repo:
            log = {number: action for number, action, _ in await repo.actions(1)}
    finally:
        await db.close()
    after = {seat: page.acked() for seat, page in pages.items()}
    moves = [(seat, count, move) for acks in (before, after) for seat in acks
             for count, move in acks[seat]]
    assert len(moves) > 8
    for seat, count, move in moves:
        assert log[count + 1] == f"{seat} {move}"
    assert len(log) == final["action_count"]
    problems = [line for line in bot.log_problems()[0] if " WARNING " not in line]
    assert not problems, "\n".join(problems)
