"""METRICS_PORT: /health and /metrics of a running bot."""

from __future__ import annotations

import random
from pathlib import Path

import aiohttp
import discord
import pytest

from bot.discord.client import GwentBot
from tests.bot.e2e.driver import open_match
from tests.emulator import Emulator, World, run_bot
from tests.postgres_server import free_port


def sample(text: str, name: str, labels: str = "") -> float:
    """One sample's value from the Prometheus text format."""
    for line in text.splitlines():
        if line.startswith(f"{name}{labels} ") or (not labels and line.startswith(name + " ")):
            return float(line.rsplit(" ", 1)[1])
    raise AssertionError(f"no sample {name}{labels} in:\n{text}")


async def test_health_and_metrics(emu: Emulator, world: World, db_path: Path,
                                  rng: random.Random) -> None:
    alice, bob, _ = world.users
    port = free_port()
    bot = GwentBot(db_path, ai_think_seconds=0, rng=rng, metrics_port=port)
    base = f"http://127.0.0.1:{port}"
    async with run_bot(emu, bot), aiohttp.ClientSession() as http:
        await alice.slash(world.channel, "gwent rules").message()
        table, board = await open_match(emu, world.channel, alice, bob)
        hand = await table.open_hand(alice, board)
        await table.play_one(alice, hand, random.Random(1), 0.0)
        await table.board_after(0)
        async with http.get(f"{base}/health") as response:
            assert response.status == 200
            assert (await response.json())["status"] == "ok"
        async with http.get(f"{base}/metrics") as response:
            assert response.status == 200
            text = await response.text()
    assert sample(text, "gwent_interactions_total", '{kind="command:gwent rules"}') == 1
    assert sample(text, "gwent_interactions_total", '{kind="command:gwent challenge"}') == 1
    assert sample(text, "gwent_interactions_total", '{kind="component:hand"}') >= 1
    acknowledged = sample(text, "gwent_ack_seconds_count")
    assert acknowledged >= 5, "every acknowledged interaction is timed"
    assert sample(text, "gwent_ack_seconds_bucket", '{le="3.0"}') == acknowledged
    assert sample(text, "gwent_turn_seconds_count") >= 1
    assert sample(text, "gwent_live_matches") == 1
    assert sample(text, "gwent_timer_backlog") == 0
    assert sample(text, "gwent_on_duty") == 1 and sample(text, "gwent_shards_connected") == 1


async def test_health_is_unavailable_without_the_gateway(db_path: Path) -> None:
    port = free_port()
    bot = GwentBot(db_path, metrics_port=port)
    await bot.open_storage()
    server = bot._ops
    assert server is not None
    await server.start()
    try:
        async with aiohttp.ClientSession() as http, \
                http.get(f"http://127.0.0.1:{port}/health") as response:
            assert response.status == 503
            body = await response.json()
        assert body["problems"] == ["the Discord gateway is not connected"]
    finally:
        await server.stop()
        await bot.services.close()


async def test_invalid_requests_and_server_errors_are_counted(
        emu: Emulator, world: World, db_path: Path) -> None:
    port = free_port()
    bot = GwentBot(db_path, metrics_port=port)
    messages = "/channels/{channel_id}/messages"
    async with run_bot(emu, bot), aiohttp.ClientSession() as http:
        channel = bot.get_partial_messageable(world.channel.id)
        for status, code in ((401, 0), (403, 50013), (503, 0)):
            emu.inject("POST", messages, status, code=code)
            with pytest.raises(discord.HTTPException):
                await channel.send("refused")
        emu.inject("POST", messages, 429, retry_after=0.01)  # retried by discord.py
        emu.inject("POST", messages, 429, retry_after=0.01, scope="shared")
        await channel.send("sent after two 429s")
        async with http.get(f"http://127.0.0.1:{port}/metrics") as response:
            text = await response.text()
    invalid = "gwent_discord_invalid_requests_total"
    assert [sample(text, invalid, f'{{status="{s}"}}') for s in (401, 403, 429)] == [1, 1, 1], \
        "a shared-scope 429 is not an invalid request"
    assert sample(text, "gwent_discord_server_errors_total", '{status="503"}') == 1
    assert bot.metrics.invalid_watch.note() == 4
