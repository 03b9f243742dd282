"""The bot in the players' own languages: which language a text is shown in, message
catalogues (gettext .po files read with Babel), plurals, numbers and dates, and the names of
cards in every language. Pure: no Discord import. See docs/translating.md."""

from bot.i18n.catalogues import preload
from bot.i18n.events import event_text
from bot.i18n.language import N_, Language, Nn_, Phrase, Said, language
from bot.i18n.languages import (
    ENGLISH,
    LANGUAGES,
    NATIVE_NAMES,
    private_language,
    public_language,
    resolve,
    supported,
)
from bot.i18n.names import (
    Name,
    ability_name,
    card_ids_named,
    card_name,
    faction_name,
    other_names,
    row_in_sentence,
    row_name,
    search_cards,
    search_factions,
)

__all__ = [
    "ENGLISH",
    "LANGUAGES",
    "NATIVE_NAMES",
    "N_",
    "Language",
    "Name",
    "Nn_",
    "Phrase",
    "Said",
    "ability_name",
    "card_ids_named",
    "card_name",
    "event_text",
    "faction_name",
    "language",
    "other_names",
    "preload",
    "private_language",
    "public_language",
    "resolve",
    "row_in_sentence",
    "row_name",
    "search_cards",
    "search_factions",
    "supported",
]
