"""Option choices that several commands offer."""

from __future__ import annotations

from discord import app_commands

from bot.service.decks import factions

FACTION_CHOICES = [app_commands.Choice(name=name, value=key) for key, name in factions()]
