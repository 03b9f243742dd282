"""The slash-command translator on a small command tree built by discord.py itself: names,
descriptions, options and choices come from the catalogues; a locale we don't have, English
and untranslated texts are left to Discord's default."""

from __future__ import annotations

from typing import Any

import discord
from babel.support import Translations
from discord import app_commands

from bot.discord.core.translator import CatalogueTranslator, command_messages
from bot.i18n.checks import limit_problems
from bot.i18n.extract import template
from tests.bot.i18n.helpers import translations

POLISH = translations("pl", [
    ("gwent", "gwint", "group name"),
    ("Play classic Gwent", "Zagraj w klasycznego gwinta", "group description"),
    ("challenge", "wyzwanie", "command name"),
    ("Challenge a member", "Wyzwij członka serwera", "command description"),
    ("faction", "frakcja", "parameter name"),
    ("Your faction", "Twoja frakcja", "parameter description"),
    ("Monsters", "Potwory", "choice name"),
])
RUSSIAN = translations("ru", [("gwent", "гвинт", "group name")])
SPANISH = translations("es-ES", [("challenge", "desafiar", "command name")])


def catalogues(language: str) -> Translations | None:
    return {"pl": POLISH, "ru": RUSSIAN, "es-ES": SPANISH}.get(language)


def small_tree() -> tuple[app_commands.CommandTree[discord.Client], app_commands.Group]:
    group = app_commands.Group(name="gwent", description="Play classic Gwent")

    @group.command(description="Challenge a member")
    @app_commands.describe(faction="Your faction")
    @app_commands.choices(faction=[app_commands.Choice(name="Monsters", value="monsters"),
                                   app_commands.Choice(name="Skellige", value="skellige")])
    async def challenge(interaction: discord.Interaction, faction: str) -> None:
        """Not run here."""

    tree: app_commands.CommandTree[discord.Client] = app_commands.CommandTree(
        discord.Client(intents=discord.Intents.none()))
    tree.add_command(group)
    return tree, group


async def payload() -> dict[str, Any]:
    tree, group = small_tree()
    translator = CatalogueTranslator(catalogues)
    await tree.set_translator(translator)
    return await group.get_translated_payload(tree, translator)


async def test_names_and_descriptions_are_localised_from_the_catalogues() -> None:
    sent = await payload()
    assert sent["name"] == "gwent"
    assert sent["name_localizations"] == {"pl": "gwint", "ru": "гвинт"}
    assert sent["description_localizations"] == {"pl": "Zagraj w klasycznego gwinta"}
    command = sent["options"][0]
    # Spanish of Spain serves Latin American Spanish too; English keeps the default.
    assert command["name_localizations"] == {"pl": "wyzwanie", "es-ES": "desafiar",
                                             "es-419": "desafiar"}
    assert command["description_localizations"] == {"pl": "Wyzwij członka serwera"}
    option = command["options"][0]
    assert option["name_localizations"] == {"pl": "frakcja"}
    assert option["description_localizations"] == {"pl": "Twoja frakcja"}
    choices = {c["name"]: c.get("name_localizations", {}) for c in option["choices"]}
    assert choices == {"Monsters": {"pl": "Potwory"}, "Skellige": {}}


async def test_without_catalogues_nothing_is_localised() -> None:
    tree, group = small_tree()
    translator = CatalogueTranslator(lambda language: None)
    sent = await group.get_translated_payload(tree, translator)
    assert sent["name_localizations"] == {}
    assert sent["options"][0]["name_localizations"] == {}


async def test_the_trees_texts_are_collected_with_their_contexts() -> None:
    tree, _group = small_tree()
    found = {(m.context, m.id) for m in await command_messages(tree)}
    assert found == {
        ("group name", "gwent"), ("group description", "Play classic Gwent"),
        ("command name", "challenge"), ("command description", "Challenge a member"),
        ("parameter name", "faction"), ("parameter description", "Your faction"),
        ("choice name", "Monsters"), ("choice name", "Skellige")}
    # The English texts pass Discord's rules, so the same check guards the translations.
    assert limit_problems(template(await command_messages(tree)), "en",
                          translated=False) == []
