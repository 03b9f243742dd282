"""The credits' text: complete in every language and short enough for one message."""

from __future__ import annotations

from bot.i18n import language
from bot.i18n.languages import LANGUAGES
from bot.learn.credits import credits_text
from bot.render.art_data import LICENCE_URL, SOURCE_URL, authors


def test_every_language_names_every_author_the_source_and_the_licence() -> None:
    for tag in LANGUAGES:
        text = credits_text(language(tag))
        assert len(text) <= 2000
        assert SOURCE_URL in text and LICENCE_URL in text and "CC BY 3.0" in text
        assert all(name in text for name in authors())
        assert "CREDITS.md" in text
