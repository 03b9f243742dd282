"""The names of cards, leaders, factions and abilities in every language, and finding a
card from its name typed in any of them.

Names live in the `names` catalogues, one entry per thing with the context `card:<id>`,
`faction:<id>` or `ability:<id>` and the English name as its message. The engine keeps
only ids and English names.
"""

from __future__ import annotations

import difflib
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache

from bot.i18n.catalogues import NAMES, translations
from bot.i18n.language import Language, Said
from bot.i18n.languages import ENGLISH, LANGUAGES, resolve
from engine import catalogue
from engine.cards import NEUTRAL, ROW_TITLES
from engine.decklist import OtherNames
from engine.folding import fold

NEUTRAL_NAME = "Neutral"
# The context of the rows' names ("Close Combat"...) in the `gwent` catalogue.
ROW_CONTEXT = "row"
# A typed word must be at least this close to a word of a name (difflib ratio) to match.
SIMILAR = 0.75


@dataclass(frozen=True)
class NameEntry:
    """One name to translate: its catalogue context, English name, and a note for
    translators."""

    context: str
    english: str
    note: str


@dataclass(frozen=True)
class Name(Said):
    """A card's, leader's, faction's or ability's name as a placeholder value, written in the
    reader's language: `lang._("{card} is not in your hand.", card=Name.card(card_id))`."""

    kind: str
    id: str

    @classmethod
    def card(cls, card_id: str) -> Name:
        """A card's (or leader's) name."""
        return cls("card", card_id)

    @classmethod
    def faction(cls, faction_id: str) -> Name:
        """A faction's name."""
        return cls("faction", faction_id)

    @classmethod
    def ability(cls, ability_id: str) -> Name:
        """An ability's name."""
        return cls("ability", ability_id)

    def said_by(self, lang: Language) -> str:
        """The name in a language."""
        return _NAMERS[self.kind](self.id, lang.tag)


def name_entries() -> list[NameEntry]:
    """Every name in the catalogue (cards with leaders, factions with Neutral, abilities),
    in catalogue order: what the `names` template holds."""
    data = catalogue()
    entries = [NameEntry(f"faction:{f.id}", f.name, "faction")
               for f in data.factions.values()]
    entries.append(NameEntry(f"faction:{NEUTRAL}", NEUTRAL_NAME, "cards of no faction"))
    for card in data.cards.values():
        owner = faction_name(card.faction, ENGLISH)
        entries.append(NameEntry(f"card:{card.id}", card.name, f"{owner} {card.type}"))
    entries += [NameEntry(f"ability:{a.id}", a.name, "ability")
                for a in data.abilities.values()]
    return entries


def _name(context: str, english: str, language: str) -> str:
    found = translations(resolve(language), NAMES)
    return str(found.pgettext(context, english)) if found else english


def card_name(card_id: str, language: str) -> str:
    """A card's (or leader's) name in a language; KeyError for an unknown id."""
    return _name(f"card:{card_id}", catalogue().cards[card_id].name, language)


def faction_name(faction_id: str, language: str) -> str:
    """A faction's name in a language ("neutral" is Neutral); KeyError for an unknown id."""
    english = (NEUTRAL_NAME if faction_id == NEUTRAL
               else catalogue().factions[faction_id].name)
    return _name(f"faction:{faction_id}", english, language)


def ability_name(ability_id: str, language: str) -> str:
    """An ability's name in a language; KeyError for an unknown id."""
    return _name(f"ability:{ability_id}", catalogue().abilities[ability_id].name, language)


_NAMERS: dict[str, Callable[[str, str], str]] = {
    "card": card_name, "faction": faction_name, "ability": ability_name}


def row_name(row: int, lang: Language) -> str:
    """A row's name (engine.cards CLOSE, RANGED or SIEGE) in a language, from its `gwent`
    catalogue (context "row"); IndexError for another number."""
    return lang.pgettext(ROW_CONTEXT, ROW_TITLES[row])


def row_in_sentence(row: int, lang: Language) -> str:
    """A row's name (engine.cards CLOSE, RANGED or SIEGE) as a sentence of the language
    holds it, where the word "row" goes before it or is part of it: "on your ... row" is
    "w rzędzie walki dystansowej" in Polish, "in die Fernkampfreihe" in German."""
    # i18n: a row's name inside a sentence: in the form every text that holds a {row} in
    # running text needs (after the word "row" in Polish, Russian, French, Spanish and
    # Portuguese: "walki wręcz", "ближнего боя", "de corps à corps", "de asedio"; German
    # writes the whole word: "Nahkampfreihe"), never capitalised as a title
    names = (lang.pgettext("row in a sentence", "close combat"),
             lang.pgettext("row in a sentence", "ranged combat"),
             lang.pgettext("row in a sentence", "siege"))
    return names[row]


@cache
def _named() -> dict[str, dict[str, str]]:
    """Every card's name per language: language -> card id -> name."""
    return {language: {card_id: card_name(card_id, language)
                       for card_id in catalogue().cards}
            for language in LANGUAGES}


@cache
def _folded() -> dict[str, dict[str, str]]:
    """Every card's folded name per language."""
    return {language: {card_id: fold(name) for card_id, name in names.items()}
            for language, names in _named().items()}


@cache
def _by_folded_name() -> dict[str, frozenset[str]]:
    found: defaultdict[str, set[str]] = defaultdict(set)
    for names in _folded().values():
        for card_id, name in names.items():
            found[name].add(card_id)
            found[name.replace(" ", "")].add(card_id)
    for card_id in catalogue().cards:
        found[card_id].add(card_id)
    return {key: frozenset(ids) for key, ids in found.items()}


def card_ids_named(text: str) -> frozenset[str]:
    """The cards whose name in any supported language (or whose id) is `text`, compared
    folded and with or without spaces; usually one, empty when none."""
    key = fold(text)
    named = _by_folded_name()
    return named.get(key) or named.get(key.replace(" ", "")) or frozenset()


@cache
def other_names() -> OtherNames:
    """The cards' and factions' names in every language but English, for reading pasted
    deck lists (engine.decklist.parse_list)."""
    others = [lang for lang in LANGUAGES if lang != ENGLISH]
    cards = {name: card_id for lang in others for card_id, name in _named()[lang].items()}
    factions = {faction_name(faction, lang): faction
                for lang in others for faction in catalogue().factions}
    return OtherNames(cards, factions)


def _rank(query: str, name: str) -> int | None:
    """How well a folded name matches a folded query: 0 equal, 1 starts with it, 2 a word
    starts with it, 3 contains it (also ignoring spaces); None otherwise."""
    if name == query:
        return 0
    if name.startswith(query):
        return 1
    if any(word.startswith(query) for word in name.split()):
        return 2
    if query in name or query.replace(" ", "") in name.replace(" ", ""):
        return 3
    return None


def _likeness(query: str, name: str) -> float:
    words = name.split()
    return min(max(difflib.SequenceMatcher(None, q, w).ratio() for w in words)
               for q in query.split())


def _search(query: str, language: str, folded: dict[str, dict[str, str]],
            keep: Callable[[str], bool]) -> list[str]:
    """Ids for a folded query among folded names (language -> id -> name) whose id `keep`
    accepts, best first: see search_cards."""
    mine = [*dict.fromkeys((resolve(language), ENGLISH))]
    best: dict[str, tuple[int, str]] = {}
    for languages in (mine, [lang for lang in LANGUAGES if lang not in mine]):
        for lang in languages:
            for item, name in folded[lang].items():
                rank = _rank(query, name)
                if rank is not None and keep(item):
                    best[item] = min(best.get(item, (rank, name)), (rank, name))
        if best:
            break
    if not best:
        for lang in mine:
            for item, name in folded[lang].items():
                likeness = _likeness(query, name)
                if likeness >= SIMILAR and keep(item):
                    score = (round(100 * (1 - likeness)), name)
                    best[item] = min(best.get(item, score), score)
    return sorted(best, key=best.__getitem__)


def search_cards(text: str, language: str, kinds: Iterable[str] | None = None) -> list[str]:
    """Card ids for what someone typed, best first: names in their language and in English
    equal to it, then starting with it, then with a word starting with it, then containing
    it; only when none does, names in the other languages, ranked the same way; only when
    none does either, names in their language or in English that look like it (typos).
    `kinds` limits card types (engine.cards UNIT, LEADER...)."""
    query = fold(text)
    if not query:
        return []
    wanted = None if kinds is None else frozenset(kinds)
    cards = catalogue().cards
    return _search(query, language, _folded(),
                   lambda card_id: wanted is None or cards[card_id].type in wanted)


@cache
def _folded_factions() -> dict[str, dict[str, str]]:
    """Every faction's folded name per language (Neutral aside)."""
    return {language: {faction: fold(faction_name(faction, language))
                       for faction in catalogue().factions}
            for language in LANGUAGES}


def search_factions(text: str, language: str) -> list[str]:
    """Faction ids (Neutral aside) for what someone typed, best first, as search_cards
    ranks cards."""
    query = fold(text)
    return _search(query, language, _folded_factions(), lambda _: True) if query else []
