"""A language in which every message of the bot is translated as itself between marks, to
find English that reaches a reader untranslated: build texts with `marked_language()`,
then `unmarked(text)` lists the English words left outside any mark."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import cache

from babel import Locale
from babel.messages.catalog import Catalog

from bot.i18n import Language
from bot.i18n.catalogues import MESSAGES, compile_catalogue
from bot.i18n.extract import code_messages, data_messages, engine_messages

OPEN, CLOSE = "\u27e6", "\u27e7"
_INNERMOST = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
# What Discord writes itself: mentions, channels, timestamps, custom emoji, links.
_DISCORD = re.compile(r"<[@#][!&]?\d+>|<t:\d+(:\w)?>|<a?:\w+:\d+>|https?://\S+")
_WORD = re.compile(r"[A-Za-z][A-Za-z']+")


def _marked(text: str) -> str:
    return f"{OPEN}{text}{CLOSE}"


@cache
def marked_language(tag: str = "pl") -> Language:
    """A Language with `tag`'s names, numbers and plural rule, whose every message (the
    code's, the card data's and the match log's) reads ⟦English⟧."""
    return language_writing(tag, _marked)


def language_writing(tag: str, write: Callable[[str], str]) -> Language:
    """A Language with `tag`'s names, numbers and plural rule, whose every message (the
    code's, the card data's and the match log's) reads write(English)."""
    catalog = Catalog(locale=Locale.parse(tag, sep="-"))
    for message in [*code_messages(), *data_messages(), *engine_messages()]:
        if isinstance(message.id, tuple):
            singular, plural = message.id
            forms = (singular, *[plural] * (catalog.num_plurals - 1))
            catalog.add(message.id, tuple(write(form) for form in forms),
                        context=message.context)
        else:
            catalog.add(message.id, write(message.id), context=message.context)
    return Language(tag, compile_catalogue(catalog, MESSAGES))


def unmarked(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The English-looking words of `text` outside every mark, except those in `allowed`
    (players' names and the like) and what Discord writes itself."""
    for name in sorted(allowed, key=len, reverse=True):
        text = text.replace(name, " ")
    text = _DISCORD.sub(" ", text)
    while True:
        stripped = _INNERMOST.sub(" ", text)
        if stripped == text:
            break
        text = stripped
    return _WORD.findall(text)
