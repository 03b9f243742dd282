"""/gwent rules, card, help, faction, leader and credits."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord.core.context import private_lang
from bot.discord.core.replies import guarded
from bot.discord.learn import guides as learn
from bot.discord.learn.rules import FIRST_TOPIC, rules_message
from bot.i18n import faction_name, search_factions
from bot.images import card_png, deck_png
from bot.learn.cards import find_cards
from bot.learn.credits import credits_text
from bot.learn.help import START
from bot.learn.rules import topics
from bot.service.decks import factions
from engine import catalogue, starter_decks
from engine.cards import LEADER


@app_commands.command(description="The rules of Gwent, topic by topic")
@app_commands.describe(topic="What to read about (the overview if left out)")
@app_commands.choices(topic=[app_commands.Choice(name=t.title, value=t.key)
                             for t in topics()])
async def rules(interaction: discord.Interaction, topic: str = FIRST_TOPIC) -> None:
    """The rules browser: topics, pages, Previous, Next and Share."""
    out = rules_message(topic, lang=await private_lang(interaction))
    await interaction.response.send_message(ephemeral=True, **out.send_kwargs())


@app_commands.command(description="Look up a card: its abilities explained, related cards")
@app_commands.describe(name="The card's name (small typos are fine)")
async def card(interaction: discord.Interaction, name: str) -> None:
    """A card's picture, every ability in sentences, and the cards it works with."""
    async def work() -> None:
        lang = await private_lang(interaction)
        found, others = learn.find_card(name, lang)
        await interaction.response.defer(ephemeral=True, thinking=True)
        out = learn.card_message(found, others, await card_png(found, tag=lang.tag), lang=lang)
        await interaction.edit_original_response(**out.edit_kwargs(replace_files=True))

    await guarded(interaction, work())


@card.autocomplete("name")
async def card_names(interaction: discord.Interaction,
                     current: str) -> list[app_commands.Choice[str]]:
    """Card names matching what was typed so far in any language (or looking like it in the
    user's or English), shown in the user's language."""
    language = (await private_lang(interaction)).tag
    cards = (find_cards(current, language=language) if current.strip()
             else list(catalogue().cards.values()))
    return learn.choices(cards, language)


@app_commands.command(name="help", description="How to play here: a first match, commands, privacy")
async def help_command(interaction: discord.Interaction) -> None:
    """How to start, with buttons for how a match goes, what to do when stuck, and every
    command."""
    lang = await private_lang(interaction)
    out = learn.help_message(START.key, learn.gwent_commands(interaction, lang=lang), lang=lang)
    await interaction.response.send_message(ephemeral=True, **out.send_kwargs())


@app_commands.command(name="credits",
                      description="Who made the card portraits' icons and the fonts: licences")
async def credits_command(interaction: discord.Interaction) -> None:
    """The credits: the icons' authors, source and licence, and the fonts (only the user sees
    them)."""
    lang = await private_lang(interaction)
    await interaction.response.send_message(credits_text(lang), ephemeral=True,
                                            suppress_embeds=True)


@app_commands.command(description="A faction: its perk, leaders, starter deck and tips")
@app_commands.describe(name="The faction")
async def faction(interaction: discord.Interaction, name: str) -> None:
    """A faction guide with its starter deck as a picture."""
    async def work() -> None:
        lang = await private_lang(interaction)
        key = learn.find_faction(name, lang)
        await interaction.response.defer(ephemeral=True, thinking=True)
        image = await deck_png(starter_decks()[key], tag=lang.tag)
        out = learn.faction_message(key, image, lang=lang)
        await interaction.edit_original_response(**out.edit_kwargs(replace_files=True))

    await guarded(interaction, work())


@faction.autocomplete("name")
async def faction_names(interaction: discord.Interaction,
                        current: str) -> list[app_commands.Choice[str]]:
    """Factions whose name in any language matches what was typed, shown in the user's
    language."""
    language = (await private_lang(interaction)).tag
    playable = dict(factions())
    keys = search_factions(current, language) if current.strip() else list(playable)
    return [app_commands.Choice(name=learn.choice_name(faction_name(key, language),
                                                       playable[key]), value=key)
            for key in keys if key in playable]


@app_commands.command(description="A leader: its ability, once or always on, and a tip")
@app_commands.describe(name="The leader's name (small typos are fine)")
async def leader(interaction: discord.Interaction, name: str) -> None:
    """A leader guide with the leader card's picture."""
    async def work() -> None:
        lang = await private_lang(interaction)
        found = learn.find_leader(name, lang)
        await interaction.response.defer(ephemeral=True, thinking=True)
        out = learn.leader_message(found, await card_png(found, tag=lang.tag), lang=lang)
        await interaction.edit_original_response(**out.edit_kwargs(replace_files=True))

    await guarded(interaction, work())


@leader.autocomplete("name")
async def leader_names(interaction: discord.Interaction,
                       current: str) -> list[app_commands.Choice[str]]:
    """Leader names matching what was typed so far in any language, shown in the user's
    language."""
    language = (await private_lang(interaction)).tag
    leaders = (find_cards(current, kinds=(LEADER,), language=language) if current.strip()
               else [c for c in catalogue().cards.values() if c.type == LEADER])
    return learn.choices(leaders, language)
