"""Login, READY/GUILD_CREATE, command sync, intents and clean shutdown against the emulator."""

from __future__ import annotations

import asyncio

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from discord.gateway import DiscordWebSocket
from discord.http import Route

from .emulator import Emulator
from .errors import EmulatorUsageError
from .runner import run_bot
from .world import World


def make_bot(intents: discord.Intents | None = None, guild_id: int | None = None) -> commands.Bot:
    """A bot with one global and one guild-only command, synced in setup_hook."""
    bot = commands.Bot(
        command_prefix=commands.when_mentioned,
        intents=intents or discord.Intents.default(),
        guild_ready_timeout=0.05,
    )
    bot.seen_messages = []  # type: ignore[attr-defined]

    @bot.tree.command(name="ping", description="Check the bot is alive")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong")

    @bot.event
    async def on_message(message: discord.Message) -> None:
        bot.seen_messages.append(message)  # type: ignore[attr-defined]

    async def setup_hook() -> None:
        await bot.tree.sync()
        if guild_id is not None:
            guild = discord.Object(guild_id)
            bot.tree.add_command(
                app_commands.Command(
                    name="gwent-admin", description="Guild-only admin tools", callback=_noop
                ),
                guild=guild,
            )
            await bot.tree.sync(guild=guild)

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


async def _noop(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("ok", ephemeral=True)


async def test_login_ready_and_guild_create(emu: Emulator, world: World) -> None:
    bot = make_bot()
    async with run_bot(emu, bot):
        assert bot.user is not None and bot.user.id == emu.bot.id
        assert bot.application_id == emu.bot.id
        guild = bot.get_guild(world.guild.id)
        assert guild is not None and guild.name == world.guild.name
        channel = guild.get_channel(world.channel.id)
        assert isinstance(channel, discord.TextChannel) and channel.name == "general"
        assert guild.me is not None and guild.member_count == 3
    paths = [(r.method, r.path) for r in emu.log]
    assert paths[:2] == [("GET", "/users/@me"), ("GET", "/oauth2/applications/@me")]


async def test_command_sync_global_and_guild(emu: Emulator, world: World) -> None:
    async with run_bot(emu, make_bot(guild_id=world.guild.id)):
        pass
    assert [c["name"] for c in emu.commands()] == ["ping"]
    assert [c["name"] for c in emu.commands(world.guild)] == ["gwent-admin"]
    first_id = emu.commands()[0]["id"]
    async with run_bot(emu, make_bot()):
        pass
    assert emu.commands()[0]["id"] == first_id, "re-syncing an unchanged command keeps its id"


async def test_members_need_the_members_intent(emu: Emulator, world: World) -> None:
    alice = world.users[0]
    bot = make_bot()
    async with run_bot(emu, bot):
        assert bot.get_guild(world.guild.id).get_member(alice.id) is None  # type: ignore[union-attr]
    intents = discord.Intents.default()
    intents.members = True
    bot = make_bot(intents)
    async with run_bot(emu, bot):
        member = bot.get_guild(world.guild.id).get_member(alice.id)  # type: ignore[union-attr]
        assert member is not None and member.name == "alice"


async def test_message_content_needs_its_intent(emu: Emulator, world: World) -> None:
    alice = world.users[0]
    bot = make_bot()
    async with run_bot(emu, bot):
        alice.send(world.channel, "hello bot")
        await _wait_messages(bot, 1)
    intents = discord.Intents.default()
    intents.message_content = True
    bot_with_content = make_bot(intents)
    async with run_bot(emu, bot_with_content):
        alice.send(world.channel, "hello again")
        await _wait_messages(bot_with_content, 1)
    assert bot.seen_messages[0].content == ""  # type: ignore[attr-defined]
    assert bot_with_content.seen_messages[0].content == "hello again"  # type: ignore[attr-defined]


async def _wait_messages(bot: commands.Bot, count: int) -> None:
    async with asyncio.timeout(5):
        while len(bot.seen_messages) < count:  # type: ignore[attr-defined]
            await asyncio.sleep(0.01)


async def test_slash_command_in_a_dm(emu: Emulator, world: World) -> None:
    alice = world.users[0]
    async with run_bot(emu, make_bot(guild_id=world.guild.id)):
        dm = alice.open_dm()
        pong = await alice.slash(dm, "ping").message()
        with pytest.raises(EmulatorUsageError, match="no slash command"):
            alice.slash(dm, "gwent-admin")
    assert pong.content == "pong" and alice.dms() == [pong]
    assert "user" in pong.model.interaction_metadata  # type: ignore[operator]


async def test_close_leaves_no_pending_tasks_and_restores_urls(emu: Emulator, world: World) -> None:
    base, gateway = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    async with run_bot(emu, make_bot()):
        assert emu.api_base == Route.BASE
    assert (base, gateway) == (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)
    assert asyncio.all_tasks() == {asyncio.current_task()}
    assert emu.gateway.sessions == []


async def test_auto_sharded_bot_asks_for_the_gateway(emu: Emulator, world: World) -> None:
    bot = commands.AutoShardedBot(
        command_prefix=commands.when_mentioned, intents=discord.Intents.default()
    )
    async with run_bot(emu, bot):
        assert bot.shard_count == 1 and bot.get_guild(world.guild.id) is not None
    assert ("GET", "/gateway/bot") in [(r.method, r.path) for r in emu.log]
