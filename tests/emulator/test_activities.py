"""Activities in the emulator: the OAuth2 code exchange with the client secret, bearer-token
/users/@me, the Entry Point command (kept by bulk overwrites, or 50240), and LAUNCH_ACTIVITY
answers from a tiny bot."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands

from .activities import APP_HANDLER, ENTRY_POINT_REMOVED
from .emulator import Emulator
from .errors import EmulatorUsageError
from .models import PUBLIC_THREAD
from .runner import run_bot
from .world import World

FORM = "application/x-www-form-urlencoded"


async def exchange(http: aiohttp.ClientSession, emu: Emulator, **form: str) -> tuple[int, Any]:
    fields = {"client_id": str(emu.bot.id), "client_secret": emu.client_secret,
              "grant_type": "authorization_code", **form}
    async with aiohttp.ClientSession() as plain, plain.post(
            f"{emu.api_base}/oauth2/token", data=fields) as response:
        return response.status, await response.json()


async def test_a_code_is_traded_once_for_a_token_that_names_its_user(
        emu: Emulator, world: World, http: aiohttp.ClientSession) -> None:
    alice = world.users[0]
    code = emu.oauth_code(alice)
    status, token = await exchange(http, emu, code=code)
    assert status == 200 and token["token_type"] == "Bearer" and "identify" in token["scope"]
    async with aiohttp.ClientSession() as plain, plain.get(
            f"{emu.api_base}/users/@me",
            headers={"Authorization": f"Bearer {token['access_token']}"}) as response:
        me = await response.json()
    assert (me["id"], me["username"]) == (str(alice.id), "alice")
    assert (await exchange(http, emu, code=code))[1]["error"] == "invalid_grant"  # used
    assert emu.traffic().bot == 0  # none of it is the bot token's


async def test_the_client_and_the_code_are_checked(emu: Emulator, world: World,
                                                   http: aiohttp.ClientSession) -> None:
    code = emu.oauth_code(world.users[0])
    assert (await exchange(http, emu, code=code, client_secret="guess")) == (
        401, {"error": "invalid_client"})
    assert (await exchange(http, emu, code=code, client_id="1"))[0] == 401
    assert (await exchange(http, emu, code=code, grant_type="password"))[0] == 400
    assert (await exchange(http, emu, code="made-up"))[1]["error"] == "invalid_grant"
    assert (await exchange(http, emu, code=code))[0] == 200  # still good: nothing used it
    late = emu.oauth_code(world.users[0])
    emu.clock.advance(601)
    assert (await exchange(http, emu, code=late))[1]["error"] == "invalid_grant"
    async with aiohttp.ClientSession() as plain, plain.get(
            f"{emu.api_base}/users/@me", headers={"Authorization": "Bearer nope"}) as response:
        assert response.status == 401
    emu.expect_failures("oauth_refused")


async def test_enabling_activities_makes_the_entry_point_that_overwrites_must_keep(
        emu: Emulator, http: aiohttp.ClientSession) -> None:
    command = emu.activities.enable()
    assert (command.name, command.type, command.payload["handler"]) == ("launch", 4, 2)
    url = f"applications/{emu.bot.id}/commands"
    ours = {"name": "gwent", "description": "Play", "type": 1}
    async with http.put(url, json=[ours]) as response:
        assert response.status == 400
        assert (await response.json())["code"] == ENTRY_POINT_REMOVED
    emu.expect_failures("entry_point_removed")
    async with http.get(url) as response:
        [kept] = [c for c in await response.json() if c["type"] == 4]
    resent = {k: kept[k] for k in ("name", "type", "description", "handler")}
    async with http.put(url, json=[ours, resent]) as response:
        assert response.status == 200
    assert {(c["name"], c["type"]) for c in emu.commands()} == {("gwent", 1), ("launch", 4)}
    assert next(c for c in emu.commands() if c["type"] == 4)["id"] == str(command.id)


class LaunchBot(discord.Client):
    """Answers /play and the Entry Point command with LAUNCH_ACTIVITY."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        self.instances: list[str | None] = []

        @self.tree.command(description="Open the Activity")
        async def play(interaction: discord.Interaction) -> None:
            answer = await interaction.response.launch_activity()
            self.instances.append(answer.activity_id)

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if (interaction.data or {}).get("type") == 4:
            await interaction.response.launch_activity()


async def test_launch_activity_opens_the_activity_where_it_was_asked(emu: Emulator,
                                                                    world: World) -> None:
    alice, bob = world.users
    bot = LaunchBot()
    async with run_bot(emu, bot, allow_errors=True):
        with pytest.raises(EmulatorUsageError):
            await alice.open_activity(world.channel)  # no Activity yet
        emu.expect_failures("invalid_payload")
        refused = alice.slash(world.channel, "play")
        await emu.wait_for(lambda: emu.failures, 5, "the refused launch")
        assert refused.interaction.response is None
        emu.activities.enable()
        response = await alice.slash(world.channel, "play").response()
        assert response.type == 12 and response.launch is not None
        launch = response.launch
        assert (launch.user_id, launch.channel_id, launch.activity_channel_id, launch.via) == (
            alice.id, world.channel.id, world.channel.id, "interaction")
        for _ in range(50):
            if bot.instances:
                break
            await asyncio.sleep(0.02)
        assert bot.instances == [launch.instance_id]  # discord.py reads the instance
        # Discord's own handler: no interaction reaches the bot; the same instance is joined.
        joined = await bob.open_activity(world.channel)
        assert (joined.via, joined.instance_id) == ("entry_point", launch.instance_id)
        emu.activities.enable(APP_HANDLER)
        handled = await bob.open_activity(world.channel)
        assert handled.via == "interaction"
        # In a thread, the Activity runs in (and reports) the parent channel.
        thread = emu.store.add_thread(world.channel, "match", PUBLIC_THREAD)
        inside = await alice.open_activity(thread)
        assert (inside.channel_id, inside.activity_channel_id) == (thread.id, world.channel.id)
        emu.activities.threads_report_parent = False
        assert (await alice.open_activity(thread)).activity_channel_id == thread.id
