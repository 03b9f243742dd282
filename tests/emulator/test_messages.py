"""Channel messages, attachments, DMs, threads and injected HTTP failures through discord.py."""

from __future__ import annotations

import asyncio
import io

import discord
import pytest
from discord.ext import commands

from .emulator import Emulator
from .permissions import THREAD_CREATION
from .runner import run_bot
from .world import World

BOARD_PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4


def make_bot() -> commands.Bot:
    """A bot with one command that answers with a file."""
    bot = commands.Bot(command_prefix=commands.when_mentioned, intents=discord.Intents.default())

    @bot.tree.command(name="board", description="Show the board")
    async def board(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            embed=discord.Embed(title="Round 1", description="Your turn"),
            file=discord.File(io.BytesIO(BOARD_PNG), "board.png"),
        )

    @bot.tree.command(name="import", description="Import a deck file")
    async def import_deck(interaction: discord.Interaction, deck: discord.Attachment) -> None:
        data = await deck.read()
        await interaction.response.send_message(f"{deck.filename}: {data.decode()}")

    bot.setup_hook = bot.tree.sync  # type: ignore[method-assign,assignment]
    return bot


def text_channel(bot: commands.Bot, world: World) -> discord.TextChannel:
    channel = bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def test_send_with_attachment_keeps_the_bytes(emu: Emulator, world: World) -> None:
    alice = world.users[0]
    bot = make_bot()
    async with run_bot(emu, bot):
        sent = await text_channel(bot, world).send(
            "Board", file=discord.File(io.BytesIO(BOARD_PNG), "board.png")
        )
        assert await sent.attachments[0].read() == BOARD_PNG
        reply = await alice.slash(world.channel, "board").message()
        edited = await sent.edit(content="Board (final)")
    [seen, _] = alice.visible_messages(world.channel)
    assert seen.content == "Board (final)" and edited.attachments[0].filename == "board.png"
    assert [(a.filename, a.data, a.content_type) for a in seen.attachments] == [
        ("board.png", BOARD_PNG, "image/png")
    ]
    assert reply.attachments[0].data == BOARD_PNG and reply.embeds[0]["title"] == "Round 1"


async def test_views_show_the_components_of_each_edit(emu: Emulator, world: World) -> None:
    bot = make_bot()
    async with run_bot(emu, bot):
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="Show my hand", custom_id="hand:1"))
        sent = await text_channel(bot, world).send("Board", view=view)
        [seen] = world.users[0].visible_messages(world.channel)
        assert [(b.label, b.disabled) for b in seen.buttons] == [("Show my hand", False)]
        view.children[0].disabled = True  # type: ignore[attr-defined]
        view.add_item(discord.ui.Select(custom_id="pick", options=[discord.SelectOption(
            label="Geralt", value="1")]))
        await sent.edit(view=view)
        assert [(b.label, b.disabled) for b in seen.buttons] == [("Show my hand", True)]
        assert [s.custom_id for s in seen.selects] == ["pick"]
        await sent.edit(view=None)
        assert seen.buttons == [] and seen.selects == []


async def test_attachment_option_is_resolved_and_downloadable(emu: Emulator, world: World) -> None:
    alice = world.users[0]
    async with run_bot(emu, make_bot()):
        deck = alice.upload("deck.txt", b"geralt,ciri")
        reply = await alice.slash(world.channel, "import", deck=deck).message()
    assert reply.content == "deck.txt: geralt,ciri"


async def test_fetch_and_delete_messages(emu: Emulator, world: World) -> None:
    bot = make_bot()
    async with run_bot(emu, bot):
        channel = text_channel(bot, world)
        sent = await channel.send("temporary")
        assert (await channel.fetch_message(sent.id)).content == "temporary"
        assert [m.id async for m in channel.history(limit=5)] == [sent.id]
        await sent.delete()
        with pytest.raises(discord.NotFound) as caught:
            await channel.fetch_message(sent.id)
    assert caught.value.code == 10008
    assert emu.messages(world.channel) == []


async def test_dm_open_send_and_closed_dms(emu: Emulator, world: World) -> None:
    alice, bob = world.users
    bob.set_dms_open(False)
    bot = make_bot()
    async with run_bot(emu, bot):
        await (await bot.fetch_user(alice.id)).send("Your turn!")
        bob_user = await bot.fetch_user(bob.id)
        with pytest.raises(discord.Forbidden) as caught:
            await bob_user.send("Your turn!")
    assert [m.content for m in alice.dms()] == ["Your turn!"]
    assert caught.value.code == 50007
    assert bob.dm_channel() is not None, "opening the DM channel itself succeeds"
    assert bob.dms() == []


async def test_injected_429_is_retried(emu: Emulator, world: World) -> None:
    emu.inject("POST", "/channels/{channel_id}/messages", 429, retry_after=0.05)
    bot = make_bot()
    async with run_bot(emu, bot):
        await text_channel(bot, world).send("after the rate limit")
    posts = [r.status for r in emu.log if r.method == "POST" and r.path.endswith("/messages")]
    assert posts == [429, 200]
    assert [m.content for m in world.users[0].visible_messages(world.channel)] == [
        "after the rate limit"
    ]


async def test_injected_500_is_retried_and_503_surfaces(emu: Emulator, world: World) -> None:
    emu.inject("POST", "/channels/{channel_id}/messages", 500)
    bot = make_bot()
    async with run_bot(emu, bot):
        channel = text_channel(bot, world)
        await channel.send("after a 500")
        emu.inject("POST", "/channels/{channel_id}/messages", 503)
        with pytest.raises(discord.DiscordServerError):
            await channel.send("lost to a 503")
        emu.inject("POST", f"/channels/{world.channel.id}/messages", 403, code=50013)
        with pytest.raises(discord.Forbidden) as caught:
            await channel.send("forbidden")
    assert caught.value.code == 50013
    assert [m.content for m in emu.messages(world.channel)] == ["after a 500"]
    assert [f.status for f in emu.failures if f.injected] == [500, 503, 403]


async def test_threads_and_forbidden_thread_creation(emu: Emulator, world: World) -> None:
    alice = world.users[0]
    bot = make_bot()
    async with run_bot(emu, bot):
        channel = text_channel(bot, world)
        created = asyncio.ensure_future(bot.wait_for("thread_create", timeout=5))
        thread = await channel.create_thread(name="Game 1", type=discord.ChannelType.public_thread)
        assert (await created).id == thread.id and bot.get_channel(thread.id) is not None
        await thread.send("Round 1 starts")
        starter = await channel.send("Game 2")
        from_message = await starter.create_thread(name="Game 2")
        private = await channel.create_thread(name="Secret")
        emu.deny_bot(world.channel, *THREAD_CREATION)
        with pytest.raises(discord.Forbidden) as caught:
            await channel.create_thread(name="Game 3", type=discord.ChannelType.public_thread)
        emu.allow_bot(world.channel, *THREAD_CREATION)
        await channel.create_thread(name="Game 3", type=discord.ChannelType.public_thread)
        active = await channel.guild.active_threads()
    assert {t.name for t in active} == {"Game 1", "Game 2", "Secret", "Game 3"}
    assert all(t.parent_id == world.channel.id and t.owner_id == bot.user.id for t in active)
    assert caught.value.code == 50013
    assert from_message.id == starter.id
    assert [m.content for m in alice.visible_messages(thread.id)] == ["Round 1 starts"]
    assert private.type is discord.ChannelType.private_thread
    with pytest.raises(AssertionError, match="cannot see"):
        alice.visible_messages(private.id)
