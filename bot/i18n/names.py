"""The names of cards, leaders, factions and abilities in every language, and finding a
card from its name typed in any of them.

Names live in the `names` catalogues, one entry per thing with the context `card:<id>`,
`faction:<id>` or `ability:<id>` and the English name as its message. The engine keeps
only ids and English names.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from bot.i18n.catalogues import NAMES, translations
from bot.i18n.language import Language
from bot.i18n.languages import ENGLISH, LANGUAGES, resolve
from engine import catalogue
from engine.cards import NEUTRAL, ROW_TITLES

NEUTRAL_NAME = "Neutral"
# The context of the rows' names ("Close Combat"...) in the `gwent` catalogue.
ROW_CONTEXT = "row"
# A typed word must be at least this close to a word of a name (difflib ratio) to match.
SIMILAR = 0.75
# Letters that do not decompose into a base letter and an accent.
_PLAIN = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "ð": "d", "þ": "th", "æ": "ae",
                        "œ": "oe", "\u0131": "i"})


@dataclass(frozen=True)
class NameEntry:
    """One name to translate: its catalogue context, English name, and a note for
    translators."""

    context: str
    english: str
    note: str


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


def row_name(row: int, lang: Language) -> str:
    """A row's name (engine.cards CLOSE, RANGED or SIEGE) in a language, from its `gwent`
    catalogue (context "row"); IndexError for another number."""
    return lang.pgettext(ROW_CONTEXT, ROW_TITLES[row])


def fold(text: str) -> str:
    """A name folded for comparison in any script: lower case, no accents, apostrophes
    dropped, other punctuation as single spaces ("Síle de Tansarville" and "sile de
    tansarville", "Ołgierd" and "olgierd", "Фон Эверек" and "фон эверек")."""
    plain = unicodedata.normalize("NFKD", text.casefold().translate(_PLAIN))
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    plain = re.sub("['\u2019`\u02bc]", "", plain)
    return " ".join("".join(c if c.isalnum() else " " for c in plain).split())


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


def search_cards(text: str, language: str, kinds: Iterable[str] | None = None) -> list[str]:
    """Card ids for what someone typed, best first: names in their language and in English
    before names in the other languages; equal, then starting with it, then a word starting
    with it, then containing it; when nothing contains it, names that look like it
    (typos). `kinds` limits card types (engine.cards UNIT, LEADER...)."""
    query = fold(text)
    if not query:
        return []
    wanted = None if kinds is None else frozenset(kinds)
    cards = catalogue().cards
    mine = (resolve(language), ENGLISH)
    ordered = [*dict.fromkeys(mine), *(lang for lang in LANGUAGES if lang not in mine)]
    best: dict[str, tuple[int, int, str]] = {}
    for lang in ordered:
        group = 0 if lang in mine else 1
        for card_id, name in _folded()[lang].items():
            if wanted is not None and cards[card_id].type not in wanted:
                continue
            rank = _rank(query, name)
            score = (group, rank if rank is not None else 9, name)
            if rank is not None and (card_id not in best or score < best[card_id]):
                best[card_id] = score
    if not best:
        for lang in ordered[:2]:
            for card_id, name in _folded()[lang].items():
                if wanted is not None and cards[card_id].type not in wanted:
                    continue
                likeness = _likeness(query, name)
                if likeness >= SIMILAR:
                    score = (0, round(100 * (1 - likeness)), name)
                    best[card_id] = min(best.get(card_id, score), score)
    return sorted(best, key=lambda card_id: best[card_id])
