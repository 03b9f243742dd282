"""A whole match in a Polish server between Polish players, and one in Russian: everything
they read (messages, embeds, buttons, menus, in the channel, the match thread and their
DMs) is in their language, apart from names.

Each runs twice: with a marked language (every message of the bot reads ⟦English⟧, so any
text that never went through a catalogue shows), and with the real catalogues (no English
sentence of the catalogue reaches the players)."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable

import pytest
from babel.messages.catalog import Catalog

from bot.discord.client import GwentBot
from bot.i18n import card_name, faction_name
from bot.i18n.catalogues import MESSAGES, catalogue_path, read_catalogue
from engine import catalogue
from tests.bot.e2e.driver import open_match, shown_texts
from tests.bot.i18n.marked import marked_language, unmarked
from tests.emulator import Emulator, World, run_bot

# The module, which bot.i18n's function of the same name hides.
language_module = importlib.import_module("bot.i18n.language")
LANGUAGES = ("pl", "ru")
# Commands a newcomer tries around a match (each answers privately).
COMMANDS = ("gwent help", "gwent rules", "gwent settings", "gwent stats")


def names(tag: str, world: World) -> list[str]:
    """What may stay untranslated: the players' names, and the cards', leaders' and factions'
    names in the language (the game's own)."""
    data = catalogue()
    return ([name for user in world.users for name in (user.name, user.name.title())]
            + [card_name(card_id, tag) for card_id in data.cards]
            + [faction_name(faction_id, tag) for faction_id in data.factions])


async def play(emu: Emulator, world: World, make_bot: Callable[[], GwentBot],
               tag: str) -> list[str]:
    """Play a match between two players of `tag` in a server of `tag`, with a few commands
    around it; return every text both players saw."""
    world.guild.locale = tag
    for user in world.users:
        user.set_locale(tag)
    alice, bob, _ = world.users
    async with run_bot(emu, make_bot()):
        for command in COMMANDS:
            await alice.slash(world.channel, command).message()
        table, _ = await open_match(emu, world.channel, alice, bob)
        await table.play_to_the_end(random.Random(5))
        seen = [message for user in (alice, bob)
                for channel in (world.channel, table.channel)
                for message in user.visible_messages(channel)]
        seen += [message for user in (alice, bob) for message in user.dms()]
    return [text for message in seen for text in shown_texts(message) if text]


@pytest.mark.parametrize("tag", LANGUAGES)
async def test_every_text_of_a_match_went_through_the_catalogue(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot],
        monkeypatch: pytest.MonkeyPatch, tag: str) -> None:
    real = language_module._language
    monkeypatch.setattr(language_module, "_language",
                        lambda wanted: marked_language(wanted) if wanted == tag else real(wanted))
    language_module.language.cache_clear()
    try:
        shown = await play(emu, world, make_bot, tag)
    finally:
        language_module.language.cache_clear()
    allowed = names(tag, world)
    english = {text: unmarked(text, allowed) for text in shown}
    assert {text: words for text, words in english.items() if words} == {}


def english_sentences(po: Catalog) -> list[str]:
    """The catalogue's English messages that its language says otherwise, longest first
    (whole sentences and labels; placeholders split a message into the parts checked)."""
    found = set()
    for message in po:
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for english in ids:
            for part in english.replace("}", "{").split("{")[::2]:
                part = part.strip(" .,:;!?*()\n")
                if len(part) >= 12 and part not in strings and " " in part:
                    found.add(part)
    return sorted(found, key=len, reverse=True)


@pytest.mark.parametrize("tag", LANGUAGES)
async def test_no_english_sentence_reaches_players_of_that_language(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot], tag: str) -> None:
    shown = await play(emu, world, make_bot, tag)
    sentences = english_sentences(read_catalogue(catalogue_path(tag, MESSAGES)))
    assert len(sentences) > 300  # the language's catalogue is translated
    leaked = {text: [s for s in sentences if s in text] for text in shown}
    assert {text: found for text, found in leaked.items() if found} == {}
