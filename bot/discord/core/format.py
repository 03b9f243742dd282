"""Formats shared by messages of every feature: mentions, live times, message links, faction
names, a deck's counts."""

from __future__ import annotations

from bot.i18n import Language
from engine import catalogue
from engine.decks import DeckSummary


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


def deck_counts(counts: DeckSummary, lang: Language) -> dict[str, str]:
    """A deck's unit and special cards as phrases in the reader's plural forms ("22 units",
    "1 special"), as the values `units` and `specials`."""
    return {"units": lang.ngettext("{count} unit", "{count} units", counts.units),
            "specials": lang.ngettext("{count} special", "{count} specials", counts.specials)}
