"""Discord's errors: 5xx before and after the write, at login and at the gateway, and one
request in N failing at random from a seeded generator."""

from __future__ import annotations

import aiohttp
import discord
import pytest

from .emulator import Emulator
from .faults import RANDOM_STATUSES, RandomFaults
from .runner import pointed_at, run_bot
from .test_limits import pending_interaction, post
from .world import World


async def test_a_5xx_after_the_write_and_the_nonce_that_makes_a_retry_safe(
        emu: Emulator, world: World) -> None:
    emu.inject("POST", "/channels/{channel_id}/messages", 503, after_write=True)
    emu.inject("PATCH", "/channels/{channel_id}/messages/{message_id}", 503, after_write=True)
    bot = discord.Client(intents=discord.Intents.default())
    async with run_bot(emu, bot):
        channel = bot.get_partial_messageable(world.channel.id)
        with pytest.raises(discord.DiscordServerError):
            await channel.send("board 7", nonce="gwb1:7")
        # The post was made: sending it again with its nonce returns it, not a second one.
        again = await channel.send("board 7", nonce="gwb1:7")
        with pytest.raises(discord.DiscordServerError):
            await again.edit(content="board 7, edited")
    assert [(m.id, m.content) for m in emu.messages(world.channel)] == [
        (again.id, "board 7, edited")]
    failed = [r for r in emu.log if r.injected]
    assert [(r.method, r.status, r.after_write) for r in failed] == [
        ("POST", 503, True), ("PATCH", 503, True)]


async def test_a_dropped_connection_before_and_after_the_write(
        emu: Emulator, world: World, http: aiohttp.ClientSession) -> None:
    emu.inject("POST", "/channels/{channel_id}/messages", 0)
    emu.inject("POST", "/channels/{channel_id}/messages", 0, after_write=True)
    for text in ("lost", "kept"):
        with pytest.raises(aiohttp.ServerDisconnectedError):
            await post(http, world.channel.id, text)
    assert [m.content for m in emu.messages(world.channel)] == ["kept"]
    assert [(r.status, r.after_write) for r in emu.log] == [(0, False), (0, True)]


@pytest.mark.parametrize(("method", "route"), [("GET", "/users/@me"),
                                               ("GET", "/oauth2/applications/@me")])
async def test_a_503_at_login(emu: Emulator, method: str, route: str) -> None:
    emu.inject(method, route, 503)
    client = discord.Client(intents=discord.Intents.default())
    with pointed_at(emu):
        try:
            with pytest.raises(discord.DiscordServerError) as caught:
                await client.login(emu.token)
            assert caught.value.status == 503
            await client.login(emu.token)  # the next attempt goes through
        finally:
            await client.close()
    assert client.user is not None and client.user.id == emu.bot.id


async def test_a_503_at_the_command_sync_and_the_gateway_handshake(
        emu: Emulator, http: aiohttp.ClientSession) -> None:
    emu.inject("PUT", "/applications/{app_id}/commands", 503)
    ping = [{"name": "ping", "description": "Ping", "type": 1}]
    async with http.put(f"applications/{emu.bot.id}/commands", json=ping) as response:
        assert response.status == 503 and response.headers["Via"]
    assert emu.commands() == []
    emu.inject("GET", "/gateway", 503)
    with pytest.raises(aiohttp.WSServerHandshakeError) as caught:
        await http.ws_connect(emu.gateway_url)
    assert caught.value.status == 503
    async with http.ws_connect(emu.gateway_url) as ws:  # the next handshake works
        hello = await ws.receive_json()
    assert hello["op"] == 10


def test_random_faults_are_seeded_per_route() -> None:
    paths = [f"/channels/{n}/messages" for n in range(600)]

    def drawn(faults: RandomFaults, interleave: bool) -> list[tuple[str, str, int, bool]]:
        for path in paths:
            faults.draw("POST", path)
            if interleave:
                faults.draw("GET", "/users/@me")
        return [d for d in faults.drawn if d[0] == "POST"]

    first = drawn(RandomFaults(10, seed=4), interleave=False)
    # Requests to other routes in between do not change which posts fail.
    assert drawn(RandomFaults(10, seed=4), interleave=True) == first
    assert drawn(RandomFaults(10, seed=5), interleave=False) != first
    assert 35 <= len(first) <= 90, "about one in ten"
    statuses = {status for _, _, status, after in first if not after}
    assert statuses == set(RANDOM_STATUSES)
    assert {status for _, _, status, after in first if after} <= {500, 502, 503, 504}
    assert any(after for *_, after in first)
    only = RandomFaults(1, seed=1, statuses=(503,), after_write=False,
                        routes=("/channels/{id}/messages",))
    assert only.draw("GET", "/users/@me") is None
    fault = only.draw("POST", "/channels/5/messages")
    assert fault is not None and (fault.status, fault.after_write) == (503, False)


async def test_random_faults_through_the_api(emu: Emulator, world: World,
                                             http: aiohttp.ClientSession) -> None:
    faults = emu.fail_randomly(3, seed=2, statuses=(500, 503))
    statuses = [(await post(http, world.channel.id, f"m{n}"))[0] for n in range(5)]
    emu.clock.advance(5.0)  # past the channel's bucket
    statuses += [(await post(http, world.channel.id, f"m{n}"))[0] for n in range(5, 10)]
    emu.stop_failing()
    assert statuses == [r.status for r in emu.log]
    assert [(r.status, r.after_write) for r in emu.log if r.injected] == [
        (status, after) for _, _, status, after in faults.drawn]
    written = [r.body["content"] for r in emu.log if r.status == 200 or r.after_write]
    assert [m.content for m in emu.messages(world.channel)] == written
    assert faults.drawn and statuses.count(200) < 10


async def test_a_retried_callback_that_had_worked_is_no_bug(
        emu: Emulator, world: World, http: aiohttp.ClientSession) -> None:
    interaction_id, token = await pending_interaction(emu, world, http)
    emu.inject("POST", "/interactions/{id}/{token}/callback", 502, after_write=True)
    answer = {"type": 4, "data": {"content": "pong"}}
    statuses = []
    for _ in range(2):  # the answer was given although it failed: the retry gets 40060
        async with http.post(f"interactions/{interaction_id}/{token}/callback",
                             json=answer) as response:
            statuses.append((response.status, (await response.json())["code"]))
    assert statuses == [(502, 0), (400, 40060)]
    assert [f.kind for f in emu.failures] == ["injected", "already_acknowledged"]
    emu.assert_clean()  # a consequence of the injected fault, not of the bot
    other_id, other_token = await pending_interaction(emu, world, http)
    for _ in range(2):
        async with http.post(f"interactions/{other_id}/{other_token}/callback",
                             json=answer) as response:
            pass
    assert response.status == 400
    assert [f.kind for f in emu.bug_failures()] == ["already_acknowledged"]
    emu.expect_failures("already_acknowledged")
