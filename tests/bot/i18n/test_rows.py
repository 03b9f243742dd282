"""Rows in running text take the form their sentence needs, in every language: "w rzędzie
walki dystansowej", "sur la rangée à distance", never a row's title ("Walka dystansowa",
"À distance") in the middle of a sentence."""

from __future__ import annotations

import re

import pytest

from bot.i18n import LANGUAGES, event_text, language, row_in_sentence, row_name
from bot.i18n.catalogues import MESSAGES, read_catalogue, template_path
from bot.i18n.placeholders import fields
from engine.cards import CLOSE, RANGED, SIEGE
from engine.events import (
    CARD,
    CARDS,
    NAME,
    NUMBER,
    PLAYS_ON,
    PLAYS_SPY,
    ROW,
    SIGNED,
    TEMPLATES,
    Value,
    kind,
    line,
)

TRANSLATED = LANGUAGES[1:]
# The language's word for a row, which a row in a sentence follows (or, in German and
# Chinese, ends with).
ROW_WORD = {"pl": r"rz[ąę]d\w*\s+{row}", "ru": r"ряд\w*\s+{row}", "de": r"{row}",
            "fr": r"rangées?\s+{row}", "es-ES": r"filas?\s+{row}", "pt-BR": r"fileiras?\s+{row}",
            "zh-CN": r"{row}排"}
SAMPLE: dict[str, Value] = {NAME: "Ewa", CARD: "ves", CARDS: ("ves",), NUMBER: 2, SIGNED: 1}


def row_templates() -> list[str]:
    return [text for text in TEMPLATES if any(kind(name) == ROW for name in fields(text))]


def titles_mid_sentence(text: str, tag: str) -> list[str]:
    """The rows' titles ("Walka wręcz") standing in `text`, where a sentence's form
    differs from the title."""
    lang = language(tag)
    found = []
    for row in (CLOSE, RANGED, SIEGE):
        title = row_name(row, lang)
        if title != row_in_sentence(row, lang):
            found += re.findall(rf"(?<!\w){re.escape(title)}(?!\w)", text)
    return found


def test_the_issues_examples() -> None:
    played = line(PLAYS_ON, player="Ewa", card="ves", row=RANGED)
    assert event_text(played, language("pl")) == "Ewa zagrywa „Ves” w rzędzie walki dystansowej."
    assert event_text(played, language("fr")) == "Ewa joue Cyn sur la rangée à distance."
    spy = line(PLAYS_SPY, player="Ewa", card="ves", opponent="Jan", row=SIEGE)
    assert event_text(spy, language("pl")) == (
        "Ewa zagrywa „Ves” jako szpiega w rzędzie machin oblężniczych gracza Jan.")
    assert event_text(spy, language("de")) == (
        "Ewa spielt „Ves“ als Spion in die Belagerungsreihe von Jan.")


@pytest.mark.parametrize("tag", TRANSLATED)
def test_every_line_of_the_log_holds_its_row_as_a_sentence_does(tag: str) -> None:
    lang = language(tag)
    templates = row_templates()
    assert len(templates) >= 8
    for template in templates:
        for row in (CLOSE, RANGED, SIEGE):
            values: dict[str, Value] = {name: row if kind(name) == ROW else SAMPLE[kind(name)]
                                        for name in fields(template)}
            text = event_text(line(template, **values), lang)
            pattern = ROW_WORD[tag].format(row=re.escape(row_in_sentence(row, lang)))
            assert re.search(pattern, text, re.IGNORECASE), (template, text)
            assert titles_mid_sentence(text, tag) == [], text


def test_the_english_log_keeps_the_engines_titles() -> None:
    played = line(PLAYS_ON, player="Ewa", card="ves", row=CLOSE)
    assert event_text(played, language("en")) == "Ewa plays Ves on Close Combat."


@pytest.mark.parametrize("tag", TRANSLATED)
def test_every_hint_puts_its_row_after_the_languages_word_for_a_row(tag: str) -> None:
    pot = read_catalogue(template_path(MESSAGES))
    tutorial = [str(entry.id) for entry in pot if entry.id and not entry.pluralizable
                and any(where == "bot/learn/tutorial.py" for where, _ in entry.locations)]
    hints = [message for message in tutorial if fields(message) & {"row", "rows"}]
    assert len(hints) >= 2
    lang = language(tag)
    for message in hints:
        for row in (CLOSE, RANGED, SIEGE):
            said = row_in_sentence(row, lang)
            values = {name: said if name in ("row", "rows") else "7"
                      for name in fields(message)}
            text = lang._(message, **values)
            assert re.search(ROW_WORD[tag].format(row=re.escape(said)), text, re.IGNORECASE), text


# Texts that show a row by its title: the title stands alone, as a label (at the start,
# after a colon or a dash, or quoted), never after a preposition.
TITLED = (("select option", "{card} ({strength}) on {row}"), (None, "weather on {rows}"))


@pytest.mark.parametrize("tag", [t for t in TRANSLATED if t != "zh-CN"])
def test_a_rows_title_stands_as_a_label(tag: str) -> None:
    lang = language(tag)
    for context, message in TITLED:
        text = (lang.pgettext(context, message, card="Ves", strength="2", row="\u2020")
                if context else lang._(message, rows="\u2020"))
        before = text[:text.index("\u2020")].rstrip(" \u00a0")
        assert before == "" or before[-1] in ":\u2013\u00ab", text
