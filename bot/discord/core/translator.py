"""Slash commands in the players' languages: discord.py asks this translator for every
command, group, option and choice name and description in every Discord locale, and it
answers from the message catalogues (context "command name", "parameter description"...),
or None to keep the English text (no translation, or an English locale)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord
from babel.support import Translations
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n.catalogues import MESSAGES, translations
from bot.i18n.extract import Message
from bot.i18n.languages import resolve

if TYPE_CHECKING:
    from discord.app_commands import TranslationContextTypes

# The catalogue context of each kind of slash-command text (bot.i18n.limits has their limits).
CONTEXTS: dict[Where, str] = {
    Where.command_name: "command name",
    Where.command_description: "command description",
    Where.group_name: "group name",
    Where.group_description: "group description",
    Where.parameter_name: "parameter name",
    Where.parameter_description: "parameter description",
    Where.choice_name: "choice name",
}


def _context(where: Where) -> str | None:
    return CONTEXTS.get(where)


def _messages(language: str) -> Translations | None:
    return translations(language, MESSAGES)


class CatalogueTranslator(app_commands.Translator):
    """Translates the slash commands' texts from the `gwent` catalogues (or from
    `catalogues`, which gives a language's translations or None)."""

    def __init__(self, catalogues: Callable[[str], Translations | None] = _messages) -> None:
        self._catalogues = catalogues

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: TranslationContextTypes) -> str | None:
        """The catalogue's translation of the text for this locale's language, else None."""
        found = self._catalogues(resolve(locale.value))
        if found is None:
            return None
        where = _context(context.location)
        text = str(found.pgettext(where, string.message) if where is not None
                   else found.gettext(string.message))
        return text if text and text != string.message else None


class _Recorder(app_commands.Translator):
    """Notes every text discord.py would have translated, and translates nothing."""

    def __init__(self) -> None:
        self.seen: dict[tuple[str | None, str], None] = {}

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: TranslationContextTypes) -> str | None:
        self.seen[(_context(context.location), string.message)] = None
        return None


async def command_messages(tree: app_commands.CommandTree[Any]) -> list[Message]:
    """Every text of the tree's global commands that Discord shows, with its context, in
    tree order: what the catalogues need for the slash commands."""
    recorder = _Recorder()
    for command in tree.get_commands():
        await command.get_translated_payload(tree, recorder)
    return [Message(text, context, ("slash command",)) for context, text in recorder.seen]
