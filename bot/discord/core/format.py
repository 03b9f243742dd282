"""Formats shared by messages of every feature: mentions, live times, message links, faction
names."""

from __future__ import annotations

from engine import catalogue


def mention(user_id: int) -> str:
    """A user mention."""
    return f"<@{user_id}>"


def when(timestamp: float) -> str:
    """A Discord timestamp that each client shows as a live countdown ("in 2 minutes")."""
    return f"<t:{int(timestamp)}:R>"


def message_link(guild_id: int, channel_id: int, message_id: int) -> str:
    """A link that opens a message (Discord shows it as a jump link)."""
    return f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"


def faction_name(faction: str) -> str:
    """A faction's display name."""
    return catalogue().factions[faction].name
