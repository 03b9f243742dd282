"""Formats shared by messages of every feature: mentions, live times, faction names."""

from __future__ import annotations

from engine import catalogue


def mention(user_id: int) -> str:
    """A user mention."""
    return f"<@{user_id}>"


def when(timestamp: float) -> str:
    """A Discord timestamp that each client shows as a live countdown ("in 2 minutes")."""
    return f"<t:{int(timestamp)}:R>"


def faction_name(faction: str) -> str:
    """A faction's display name."""
    return catalogue().factions[faction].name
