"""No translation keeps English words of its message: three words in a row of the English
text, outside commands in backticks, placeholders and names, betray a sentence left
untranslated ("Season of the Wolf 2025", "/gwent rules ranked")."""

from __future__ import annotations

import re
from functools import cache

import pytest

from bot.i18n import LANGUAGES
from bot.i18n.catalogues import MESSAGES, catalogue_path, read_catalogue
from bot.i18n.names import name_entries

WORD = re.compile(r"[A-Za-z][A-Za-z']*")
OUTSIDE = re.compile(r"`[^`]*`|\{[^}]*\}|https?://\S+")
# Words kept in every language: the game's title, proper names of fonts, licences and
# companies, and what the names catalogue holds.
KEPT = ("The Witcher", "PT Sans Narrow", "ParaType Free Font License", "SIL Open Font License",
        "CD PROJEKT RED", "Creative Commons Attribution")


def english_left(english: str, translation: str) -> list[str]:
    """Three or more words of `translation` in a row, outside backticks and placeholders,
    that stand word for word in `english`."""
    words = WORD.findall(OUTSIDE.sub(" ", translation))
    found = []
    for i in range(len(words) - 2):
        phrase = " ".join(words[i:i + 3])
        if re.search(rf"(?<![\w']){re.escape(phrase)}(?![\w'])", english):
            found.append(phrase)
    return found


@cache
def kept(phrase: str) -> bool:
    return any(phrase in text for text in (*KEPT, *(e.english for e in name_entries())))


@pytest.mark.parametrize("tag", LANGUAGES[1:])
def test_no_translation_keeps_an_english_phrase(tag: str) -> None:
    left = {}
    for message in read_catalogue(catalogue_path(tag, MESSAGES)):
        if not message.id or message.context == "choice name":
            continue
        english = " ".join(message.id) if isinstance(message.id, tuple) else message.id
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        phrases = [p for form in forms if form for p in english_left(english, form) if not kept(p)]
        if phrases:
            left[english[:60]] = phrases
    assert left == {}
