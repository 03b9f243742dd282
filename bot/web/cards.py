"""Card data for the table's page, in a language: names and texts as /gwent card words them,
so that state frames carry card ids only."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from bot.i18n import Language, card_name, faction_name
from bot.learn.cards import explain_card
from engine import catalogue
from engine.cards import NEUTRAL


@lru_cache(maxsize=4096)
def card_data(card_id: str, lang: Language) -> dict[str, Any]:
    """One card for the page: its name and text in `lang`, and its facts."""
    card = catalogue().card(card_id)
    # /gwent card's explanation without its first line (the name and facts, given apart).
    text = explain_card(card, lang=lang).partition("\n")[2]
    return {"name": card_name(card_id, lang.tag), "text": text,
            "strength": card.strength if card.is_unit else None, "rows": list(card.rows),
            "hero": card.hero, "faction": card.faction, "type": card.type,
            "abilities": sorted(card.abilities)}


def cards_of(card_ids: Iterable[str], lang: Language) -> dict[str, dict[str, Any]]:
    """The page's data of these cards, by id, in `lang`."""
    return {card_id: card_data(card_id, lang) for card_id in sorted(set(card_ids))}


@lru_cache(maxsize=64)
def pool(factions: frozenset[str]) -> frozenset[str]:
    """Every card a match between these factions can show: their cards (leaders included)
    and the neutral ones. What else appears is sent when it does."""
    wanted = factions | {NEUTRAL}
    return frozenset(c.id for c in catalogue().cards.values() if c.faction in wanted)


def faction_names(tag: str) -> dict[str, str]:
    """Every faction's name in language `tag`, by id."""
    return {key: faction_name(key, tag) for key in catalogue().factions}
