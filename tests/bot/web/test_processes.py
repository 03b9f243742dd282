"""Two bot processes on one PostgreSQL database (two gateway shards each), each serving the
table: a socket may land on either. Moves made at one process's table, or in chat, reach
every socket of the match on the other (PostgreSQL's LISTEN/NOTIFY), a session signed by one
is good at the other, and a "Play at the table" press handled by one decides the match the
other opens."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from tests.bot.e2e.driver import open_match
from tests.bot.web.client import TableClient
from tests.bot.web.play import play_at_table
from tests.bot.web.processes import connected, serving, session_of, table_process
from tests.conftest import empty_postgres_database
from tests.emulator import Emulator
from tests.postgres_server import PostgresServer, free_port
from tests.table_stage import LAUNCH_PREFIX, Stage


async def test_a_socket_on_one_process_sees_moves_made_on_the_other(
        emu: Emulator, tmp_path: Path, postgres_server: PostgresServer,
        rng: random.Random) -> None:
    emu.activities.enable()
    guild = emu.create_guild("Gwent Club", shard=(0, 4))
    channel = emu.create_text_channel(guild, "general")
    alice, bob, carol, dave, erin = (emu.create_user(name, guilds=(guild,))
                                     for name in ("alice", "bob", "carol", "dave", "erin"))
    url = await empty_postgres_database(postgres_server)
    ports = {"a": free_port(), "b": free_port()}
    urls = {name: f"http://127.0.0.1:{port}" for name, port in ports.items()}
    bots = {name: table_process(emu, tmp_path / name, ports[name], name=name, env={
        "DATABASE_URL": url, "SHARD_COUNT": "4", "SHARD_IDS": shards})
        for name, shards in (("a", "0,1"), ("b", "2,3"))}
    for bot in bots.values():
        (bot.db_path.parent).mkdir(parents=True, exist_ok=True)
    try:
        for bot in bots.values():
            await bot.start()
        await connected(emu, 4, timeout=90)
        for name, bot in bots.items():
            await serving(bot, urls[name])
        table, _ = await open_match(emu, channel, alice, bob)  # answered by a (shard 0)
        # Alice's page lands on a, bob's on b, carol watches from b, with a session of a's.
        pages = {0: TableClient(urls["a"]), 1: TableClient(urls["b"])}
        sessions = {0: await session_of(emu, urls["a"], alice),
                    1: await session_of(emu, urls["a"], bob)}
        carols = await session_of(emu, urls["a"], carol)
        for seat, page in pages.items():
            await page.__aenter__()
            welcome = await page.hello(sessions[seat], table.channel.id, guild.id)
            assert welcome["seat"] == seat, welcome
            await page.of("state")
        async with TableClient(urls["b"]) as spectator:
            assert (await spectator.hello(carols, table.channel.id, guild.id))["seat"] is None
            final = await play_at_table(pages, rng)
            assert final["phase"] == "over"
            await spectator.view_at(final["action_count"], timeout=10)
            assert [v["action_count"] for v in spectator.states()] == sorted(
                {v["action_count"] for v in spectator.states()})
        for page in pages.values():
            await page.close()
        assert min(len(page.acked()) for page in pages.values()) >= 3

        # Two matches in threads of #general: carol's press on the older one's board
        # (handled by a) decides what her table opens at b.
        stage_table, board = await open_match(emu, channel, dave, erin)
        first, _ = await open_match(emu, channel, alice, bob)
        press = carol.click(board, custom_id=Stage.launch_button(board))
        launch = (await press.response()).launch
        assert launch is not None
        await asyncio.sleep(0.5)  # the news travels through PostgreSQL
        async with TableClient(urls["b"]) as page:
            welcome = await page.hello(carols, launch.activity_channel_id, guild.id)
            assert welcome["match"] == int(Stage.launch_button(board)[len(LAUNCH_PREFIX):])
        del stage_table, first
    finally:
        await asyncio.gather(*(bot.stop() for bot in bots.values()))
    for bot in bots.values():
        problems = [line for line in bot.log_problems()[0] if " WARNING " not in line]
        assert not problems, f"{bot.log_path.stem}:\n" + "\n".join(problems)
