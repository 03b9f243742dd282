"""A command written in a text (`/gwent settings hands_by_dm:True`) is the command as the
reader's Discord shows it: in a translation, the language's names of the command, its
group and its options."""

from __future__ import annotations

import re

import pytest
from babel.messages.catalog import Catalog

from bot.i18n import LANGUAGES
from bot.i18n.catalogues import MESSAGES, catalogue_path, read_catalogue, template_path

NAMES = ("command name", "group name", "parameter name")
WRITTEN = re.compile(r"`(/[^`]+)`")


def names(catalog: Catalog, translated: bool) -> set[str]:
    """The commands', groups' and options' names: the catalogue's language's (English where
    it has none), or English."""
    return {(message.string if translated and message.string else message.id)
            for message in catalog if message.context in NAMES}


def unknown(text: str, known: set[str]) -> list[str]:
    """The names in the commands written in `text` that are not commands, groups or
    options."""
    found = []
    for written in WRITTEN.findall(text):
        for token in written[1:].split():
            name = token.split(":", 1)[0]
            if name and name[0].isalpha() and name not in known:
                found.append(f"{written}: {name}")
    return found


def test_the_english_texts_write_real_commands() -> None:
    pot = read_catalogue(template_path(MESSAGES))
    known = names(pot, translated=False)
    assert {"gwent", "settings", "hands_by_dm"} <= known
    wrong = {str(m.id): unknown(str(m.id), known) for m in pot if m.id}
    assert {text: found for text, found in wrong.items() if found} == {}


@pytest.mark.parametrize("tag", LANGUAGES[1:])
def test_a_translation_writes_the_commands_as_its_language_names_them(tag: str) -> None:
    po = read_catalogue(catalogue_path(tag, MESSAGES))
    known = names(po, translated=True)
    wrong = {}
    for message in po:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found = [name for text in strings if text for name in unknown(text, known)]
        if found:
            wrong[str(message.id)] = found
    assert wrong == {}
