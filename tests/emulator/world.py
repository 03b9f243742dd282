"""A ready-made world: one guild, one text channel and N users."""

from __future__ import annotations

from dataclasses import dataclass

from .emulator import Emulator
from .models import Channel, Guild
from .users import VirtualUser

DEFAULT_NAMES = ("alice", "bob", "carol", "dave", "erin", "frank")


@dataclass
class World:
    """The emulator plus the guild, channel and users created in it."""

    emu: Emulator
    guild: Guild
    channel: Channel
    users: list[VirtualUser]


def populate(emu: Emulator, users: int = 2, *, guild_name: str = "Gwent Club") -> World:
    """Create a guild with a #general text channel and `users` members."""
    guild = emu.create_guild(guild_name)
    channel = emu.create_text_channel(guild, "general")
    names = [DEFAULT_NAMES[i] if i < len(DEFAULT_NAMES) else f"user{i}" for i in range(users)]
    members = [emu.create_user(name, guilds=(guild,)) for name in names]
    return World(emu, guild, channel, members)
