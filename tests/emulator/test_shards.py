"""Sharding: each session gets its shard's guilds, guild events and interactions; direct
messages go to shard 0."""

from __future__ import annotations

from typing import Any

import discord
from discord.ext import commands

from .emulator import Emulator
from .runner import run_bot
from .snowflake import shard_of

SHARDS = 4


class ShardedBot(commands.AutoShardedBot):
    """Records the guilds, messages and interactions each of its shards received."""

    def __init__(self, shard_ids: list[int]) -> None:
        intents = discord.Intents.default()
        intents.message_content = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents,
                         shard_ids=shard_ids, shard_count=SHARDS, guild_ready_timeout=0.05)
        self.interactions: list[tuple[int | None, int | None]] = []
        self.messages: list[int] = []

        @self.tree.command(name="ping", description="Check the bot is alive")
        async def ping(interaction: discord.Interaction) -> None:
            self.interactions.append((interaction.guild_id, _shard(interaction)))
            await interaction.response.send_message("pong")

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False
                                   ) -> None:
        """The emulator has no identify rate limit: no 5 s wait between shards."""

    async def on_message(self, message: discord.Message) -> None:
        self.messages.append(message.channel.id)


def _shard(interaction: discord.Interaction) -> int | None:
    guild: Any = interaction.guild
    return None if guild is None else guild.shard_id


async def test_guilds_interactions_and_messages_go_to_their_shard(emu: Emulator) -> None:
    guilds = [emu.create_guild(f"server {n}", shard=(n, SHARDS)) for n in range(SHARDS)]
    assert [shard_of(g.id, SHARDS) for g in guilds] == [0, 1, 2, 3]
    channels = [emu.create_text_channel(g) for g in guilds]
    user = emu.create_user("ann", guilds=tuple(guilds))
    low, high = ShardedBot([0, 1]), ShardedBot([2, 3])
    async with run_bot(emu, low), run_bot(emu, high):
        assert {g.id for g in low.guilds} == {guilds[0].id, guilds[1].id}
        assert {g.id for g in high.guilds} == {guilds[2].id, guilds[3].id}
        assert sorted(s.shard for s in emu.gateway.sessions if s.shard) == [
            (n, SHARDS) for n in range(SHARDS)]
        for channel in channels:
            await user.slash(channel, "ping").message()
        dm = user.open_dm()
        await user.slash(dm, "ping").message()
        assert low.interactions == [(guilds[0].id, 0), (guilds[1].id, 1), (None, None)]
        assert high.interactions == [(guilds[2].id, 2), (guilds[3].id, 3)]
        user.send(channels[3], "hello")
        user.send(channels[1], "hello")
        await emu.wait_for(lambda: low.messages and high.messages, 5, "the messages")
        assert channels[3].id in high.messages and channels[3].id not in low.messages
        assert channels[1].id in low.messages and channels[1].id not in high.messages


async def test_an_enforced_nonce_returns_the_first_message(emu: Emulator) -> None:
    guild = emu.create_guild()
    channel = emu.create_text_channel(guild)
    bot = ShardedBot([0, 1, 2, 3])
    async with run_bot(emu, bot):
        target = bot.get_partial_messageable(channel.id)
        first = await target.send("board 7", nonce="gwb1:7")
        again = await target.send("board 7", nonce="gwb1:7")
        other = await target.send("board 8", nonce="gwb1:8")
    assert again.id == first.id != other.id
    assert [m.content for m in emu.messages(channel)] == ["board 7", "board 8"]
