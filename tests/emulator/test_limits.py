"""Discord's rate limits: headers, per-route buckets, the global limit and its exemption,
and discord.py obeying them."""

from __future__ import annotations

import time
from typing import Any

import aiohttp
import discord

from .emulator import Emulator
from .ratelimits import RateLimits, route_of
from .records import BOT, INTERACTION
from .runner import run_bot
from .world import World

ROUTE_HEADERS = ("X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset",
                 "X-RateLimit-Reset-After", "X-RateLimit-Bucket")


async def post(http: aiohttp.ClientSession, channel_id: int, text: str = "hi"
               ) -> tuple[int, dict[str, Any], Any]:
    async with http.post(f"channels/{channel_id}/messages", json={"content": text}) as response:
        return response.status, dict(response.headers), await response.json()


async def pending_interaction(emu: Emulator, world: World, http: aiohttp.ClientSession
                              ) -> tuple[int, str]:
    """A slash command interaction (id, token) that no bot received, to answer by hand."""
    ping = [{"name": "ping", "description": "Ping", "type": 1}]
    async with http.put(f"applications/{emu.bot.id}/commands", json=ping) as response:
        assert response.status == 200
    handle = world.users[0].slash(world.channel, "ping")
    return handle.id, handle.interaction.token


def test_routes_are_keyed_by_their_top_level_resource() -> None:
    assert route_of("/channels/1/messages/2") == ("/channels/{id}/messages/{id}", "channels/1")
    assert route_of("/webhooks/5/tok/messages/@original") == (
        "/webhooks/{id}/{token}/messages/{id}", "webhooks/5/tok")
    assert route_of("/interactions/9/tk/callback") == (
        "/interactions/{id}/{token}/callback", "interactions/9/tk")
    assert route_of("/applications/3/guilds/4/commands")[1] == "guilds/4"
    assert route_of("/users/@me") == ("/users/@me", "")


async def test_every_answer_carries_the_rate_limit_headers(
        emu: Emulator, world: World, http: aiohttp.ClientSession) -> None:
    async with http.get("users/@me") as response:
        assert response.status == 200
        me = response.headers
    status, first, _ = await post(http, world.channel.id)
    _, second, _ = await post(http, world.channel.id)
    async with http.get("channels/42") as response:  # an error answer has them too
        assert response.status == 404
        missing = response.headers
    emu.expect_failures("api_error")
    for headers in (me, first, second, missing):
        assert all(name in headers for name in ROUTE_HEADERS), headers
        assert headers["Via"] and "X-RateLimit-Scope" not in headers
    assert status == 200
    assert (first["X-RateLimit-Limit"], first["X-RateLimit-Remaining"]) == ("5", "4")
    assert second["X-RateLimit-Remaining"] == "3"
    assert first["X-RateLimit-Bucket"] == second["X-RateLimit-Bucket"] != me["X-RateLimit-Bucket"]
    assert 0 < float(first["X-RateLimit-Reset-After"]) <= 5.0
    assert abs(float(first["X-RateLimit-Reset"]) - time.time() - 5.0) < 1.0


async def test_messages_are_limited_per_channel_at_five_per_five_seconds(
        emu: Emulator, world: World, http: aiohttp.ClientSession) -> None:
    other = emu.create_text_channel(world.guild, "other")
    assert [(await post(http, world.channel.id))[0] for _ in range(5)] == [200] * 5
    status, headers, body = await post(http, world.channel.id)
    assert status == 429 and body["global"] is False and 4.5 < body["retry_after"] <= 5.0
    assert headers["X-RateLimit-Scope"] == "user" and headers["Retry-After"] == "5"
    assert headers["X-RateLimit-Remaining"] == "0" and headers["Via"]
    assert (await post(http, other.id))[0] == 200, "another channel has its own bucket"
    emu.clock.advance(5.0)
    assert (await post(http, world.channel.id))[0] == 200, "the window reset"
    assert len(emu.messages(world.channel)) == 6
    limited = [r for r in emu.log if r.status == 429]
    assert [(r.scope, r.invalid, r.injected) for r in limited] == [("user", True, False)]


async def test_the_global_limit_spans_every_client_but_not_interaction_endpoints(
        emu: Emulator, world: World, http: aiohttp.ClientSession) -> None:
    emu.rate_limits = RateLimits.discord().scaled(10)  # a 10 s window: no reset mid-test
    interaction_id, token = await pending_interaction(emu, world, http)
    headers = {"Authorization": f"Bot {emu.token}"}
    # A second process of the same bot: its own connection, the same token.
    async with aiohttp.ClientSession(emu.api_base + "/", headers=headers) as other:
        answers = []
        for n in range(50):  # the PUT above was the first request of this second
            client = http if n % 2 else other
            async with client.get(f"channels/{world.channel.id}" if n % 3 else "users/@me"
                                  ) as response:
                answers.append(response.status)
        async with other.get("users/@me") as response:
            refused, body = response, await response.json()
    assert answers == [200] * 49 + [429]
    assert refused.status == 429 and body["global"] is True and 0 < body["retry_after"] <= 10
    assert refused.headers["X-RateLimit-Global"] == "true"
    assert refused.headers["X-RateLimit-Scope"] == "global" and refused.headers["Via"]
    # The interaction's answer is not bound by the global limit.
    answer = {"type": 4, "data": {"content": "pong"}}
    async with http.post(f"interactions/{interaction_id}/{token}/callback",
                         json=answer) as response:
        assert response.status == 204
    async with http.patch(f"webhooks/{emu.bot.id}/{token}/messages/@original",
                          json={"content": "pong!"}) as response:
        assert response.status == 200
    assert [r.kind for r in emu.log[-2:]] == [INTERACTION, INTERACTION]
    traffic = emu.traffic()
    assert (traffic.bot, traffic.interaction) == (52, 2)
    assert traffic.rate_limited == {"global": 2} and traffic.invalid == {429: 2}
    emu.clock.advance(10.0)
    async with http.get("users/@me") as response:
        assert response.status == 200


async def test_discord_py_waits_for_the_buckets_it_reads(emu: Emulator, world: World) -> None:
    emu.rate_limits = RateLimits.discord().scaled(0.05)  # 5 messages per 0.25 s
    bot = discord.Client(intents=discord.Intents.default())
    async with run_bot(emu, bot):
        channel = bot.get_partial_messageable(world.channel.id)
        started = time.monotonic()
        for n in range(11):
            await channel.send(f"message {n}")
        elapsed = time.monotonic() - started
    posts = [r for r in emu.log if r.method == "POST" and r.path.endswith("/messages")]
    assert [r.status for r in posts] == [200] * 11, "no request went over the limit"
    assert elapsed >= 0.45, "two windows were waited for"
    assert all(r.kind == BOT for r in posts)
