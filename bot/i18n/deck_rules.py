"""The rules a deck breaks (engine.decks problems), said in a language."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n.language import Language, Said
from bot.i18n.names import Name
from engine import catalogue
from engine.decks import CARD_KEYS, FACTION_KEYS, PLURALS, Problem

SEPARATOR = "; "


def problem_text(problem: Problem, lang: Language) -> str:
    """One broken rule in a language, with the cards' and factions' names."""
    cat = catalogue()
    values: dict[str, object] = {}
    for key, value in problem.values:
        if isinstance(value, int):
            values[key] = lang.number(value)
        elif key in CARD_KEYS and value in cat.cards:
            values[key] = Name.card(value)
        elif key in FACTION_KEYS and value in cat.factions:
            values[key] = Name.faction(value)
        else:
            values[key] = value
    plural = PLURALS.get(problem.template)
    if plural is not None:
        count = dict(problem.values)["count"]
        assert isinstance(count, int)
        return lang.ngettext(problem.template, plural, count, **values)
    return lang._(problem.template, **values)


class Broken(Said):
    """The rules a deck breaks, as a placeholder value: each in the reader's language,
    separated by semicolons."""

    __slots__ = ("found",)

    def __init__(self, found: Sequence[Problem]) -> None:
        self.found = tuple(found)

    def said_by(self, lang: Language) -> str:
        """The broken rules in a language."""
        return SEPARATOR.join(problem_text(problem, lang) for problem in self.found)
