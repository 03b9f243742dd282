"""Catalogues made in memory for tests, so that plural and placeholder handling can be tried
before the bot's own catalogues hold such messages."""

from __future__ import annotations

from collections.abc import Iterable

from babel import Locale
from babel.messages.catalog import Catalog
from babel.support import Translations

from bot.i18n.catalogues import MESSAGES, compile_catalogue

Entry = tuple[str | tuple[str, str], str | tuple[str, ...], str | None]


def catalog(language: str, entries: Iterable[Entry]) -> Catalog:
    """A catalogue of (message, translation, context) entries; plurals as tuples."""
    made = Catalog(locale=Locale.parse(language, sep="-"))
    for message, translation, context in entries:
        made.add(message, translation, context=context)
    return made


def translations(language: str, entries: Iterable[Entry]) -> Translations:
    """Those entries compiled as the bot compiles its catalogues."""
    return compile_catalogue(catalog(language, entries), MESSAGES)
