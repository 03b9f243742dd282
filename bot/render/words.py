"""Names drawn on images in a language: cards, factions and abilities through bot.i18n,
with the renderer's English fallbacks (bot.render.theme) for ids the catalogue lacks
(sample and test cards)."""

from __future__ import annotations

from bot.i18n import Language, ability_name, card_name, faction_name
from bot.render.text import sanitize_name
from bot.render.theme import ABILITY_NAMES, FACTION_NAMES


def card_label(card_id: str, english: str, tag: str) -> str:
    """A card's (or leader's) name in the language `tag`; `english` for an unknown id."""
    try:
        return card_name(card_id, tag)
    except KeyError:
        return english


def faction_label(faction_id: str, tag: str) -> str:
    """A faction's name ("neutral" is Neutral) in the language `tag`."""
    try:
        return faction_name(faction_id, tag)
    except KeyError:
        return FACTION_NAMES.get(faction_id, faction_id.replace("_", " ").title())


def ability_label(ability_id: str, tag: str) -> str:
    """An ability's name in the language `tag`."""
    try:
        return ability_name(ability_id, tag)
    except KeyError:
        return ABILITY_NAMES.get(ability_id, ability_id.replace("_", " ").title())


def player_name(name: str | None, seat: int, lang: Language) -> str:
    """A player's name fit to draw, or "Player 1" / "Player 2" (seat 0 / 1) when it has
    none."""
    # i18n: a player without a usable name; {number} is 1 or 2
    return sanitize_name(name, fallback=lang._("Player {number}", number=seat + 1))
