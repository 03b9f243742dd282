"""The match log in the players' languages. The engine logs lines as data (engine.events:
a template, its English text with named placeholders, and the placeholders' values as
identifiers); `event_text` writes one in a language: the template from the `gwent`
catalogue (context "match log"), cards by their names in that language (the `names`
catalogue), rows as a sentence holds them (`row_in_sentence`: "w rzędzie walki wręcz"),
numbers and lists the language's way, players' names as they are. English gives exactly the
engine's English.
Observations carry the lines as `event_log` and `last_event_log`."""

from __future__ import annotations

from bot.i18n.language import Language
from bot.i18n.languages import ENGLISH
from bot.i18n.names import card_name, row_in_sentence, row_name
from engine.events import CARD, ROW, SIGNED, TEMPLATES, Line, Value, kind

# The context of the match log's templates in the `gwent` catalogue.
MATCH_LOG = "match log"


def _listed(items: list[str], lang: Language) -> str:
    # The English log lists with commas alone, as the engine writes it; other languages
    # list the way Unicode's CLDR data says ("A, B i C").
    return ", ".join(items) if lang.tag == ENGLISH else lang.join(items)


def _row(row: int, lang: Language) -> str:
    # The English log is the engine's own, which names rows by their titles ("on Close
    # Combat"); other languages put the row in the form their sentence needs.
    return row_name(row, lang) if lang.tag == ENGLISH else row_in_sentence(row, lang)


def _without_full_stop(text: str) -> str:
    return text[:-1] if text.endswith((".", "\u3002")) else text


def _written(name: str, value: Value, lang: Language) -> str:
    """A placeholder's value in a language, by what its name says it holds."""
    if isinstance(value, Line):
        return _without_full_stop(event_text(value, lang))
    if isinstance(value, tuple):
        return _listed([event_text(x, lang) if isinstance(x, Line) else card_name(x, lang.tag)
                        for x in value], lang)
    what = kind(name)
    if isinstance(value, int):
        if what == ROW:
            return _row(value, lang)
        return lang.signed(value) if what == SIGNED else lang.number(value, grouping=False)
    return card_name(value, lang.tag) if what == CARD else value


def event_text(event: Line, lang: Language) -> str:
    """A line of the match log (an item of Observation.event_log or last_event_log) in a
    language."""
    template, values = event
    written = {name: _written(name, value, lang) for name, value in values}
    known = TEMPLATES.get(template)
    if known is not None and known.plural is not None:
        count = dict(values).get("count")
        assert isinstance(count, int), f"{template!r} needs a whole number {{count}}"
        return lang.npgettext(MATCH_LOG, template, known.plural, count, **written)
    return lang.pgettext(MATCH_LOG, template, **written)
