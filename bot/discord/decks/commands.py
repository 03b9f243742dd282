"""/gwent deck: build, list, show, rename, delete, import and export your own decks."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord.core.choices import FACTION_CHOICES
from bot.discord.core.context import private_lang, public_lang, services
from bot.discord.core.format import deck_counts
from bot.discord.core.replies import guarded
from bot.discord.core.views import Outgoing, StaticView, button, clean, clip
from bot.discord.decks import ids
from bot.discord.decks.builder import Draft, categories, deck_head, status_line
from bot.discord.decks.handlers import show_builder
from bot.i18n import Language, faction_name
from bot.images import deck_png
from bot.service.decks import factions
from bot.service.saved_decks import MAX_DECKS, NAME_MAX, share_code
from bot.storage.saved_decks import SavedDeck
from engine import Deck, starter_decks
from engine.decks import problems, summary

CODE_MAX = 200


def deck_line(saved: SavedDeck, lang: Language) -> str:
    """One deck in the list: name, faction, counts and whether it can be played."""
    values = {"name": clean(saved.name), "faction": faction_name(saved.deck.faction, lang.tag),
              **deck_counts(summary(saved.deck), lang)}
    # i18n: {units} and {specials} are counts of the deck's unit and special cards ("22 units")
    if problems(saved.deck):
        return "\u2022 " + lang._("**{name}** \u00b7 {faction} \u00b7 {units}, {specials} "
                                  "\u00b7 not ready yet", **values)
    return "\u2022 " + lang._("**{name}** \u00b7 {faction} \u00b7 {units}, {specials} "
                              "\u00b7 ready to play", **values)


def deck_summary(saved: Deck, lang: Language) -> str:
    """A deck's name, faction and leader, and its status line."""
    return f"{deck_head(saved, clean(saved.name), lang)}\n{status_line(saved, lang)}"


async def _reply_with_deck(interaction: discord.Interaction, text: str, deck: Deck, *,
                           public: bool = False) -> None:
    lang = await (public_lang if public else private_lang)(interaction)
    await interaction.response.defer(ephemeral=not public, thinking=True)
    out = Outgoing(text, files=(("deck.png", await deck_png(deck, tag=lang.tag)),))
    await interaction.edit_original_response(**out.edit_kwargs(replace_files=True))


class DeckCommands(app_commands.Group):
    """/gwent deck new, edit, list, show, rename, delete, import and export."""

    def __init__(self) -> None:
        super().__init__(name="deck", description="Build, save and share decks of your own")

    @app_commands.command(description="Build a new deck")
    @app_commands.describe(faction="The deck's faction (your last one if left out)",
                           from_starter="Start from the faction's starter deck, not empty")
    @app_commands.choices(faction=FACTION_CHOICES)
    async def new(self, interaction: discord.Interaction, faction: str | None = None,
                  from_starter: bool = False) -> None:
        """Open the builder on an empty deck (or the starter deck) of a faction."""
        async def work() -> None:
            chosen = faction or (await services(interaction).settings.user(
                interaction.user.id)).last_faction
            if chosen not in starter_decks():
                chosen = factions()[0][0]
            starter = starter_decks()[chosen]
            deck = Deck(chosen, starter.leader, dict(starter.cards) if from_starter else {})
            lang = await private_lang(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            await show_builder(interaction, Draft(0, categories(chosen)[0], deck), None,
                               lang._("Choose a category, then add cards. **Save** keeps the "
                                      "deck."), lang=lang)

        await guarded(interaction, work())

    @app_commands.command(description="Change one of your decks")
    @app_commands.describe(name="The deck's name")
    async def edit(self, interaction: discord.Interaction, name: str) -> None:
        """Open the builder on a saved deck."""
        async def work() -> None:
            saved = await services(interaction).decks.named(interaction.user.id, name)
            lang = await private_lang(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            await show_builder(interaction, Draft(saved.id, categories(saved.deck.faction)[0],
                                                  saved.deck), saved, lang=lang)

        await guarded(interaction, work())

    @app_commands.command(name="list", description="Your decks")
    async def list_decks(self, interaction: discord.Interaction) -> None:
        """List the user's decks."""
        async def work() -> None:
            decks = await services(interaction).decks.all(interaction.user.id)
            lang = await private_lang(interaction)
            if not decks:
                text = lang._("You have no decks yet: build one with `/gwent deck new`.")
            else:
                text = "\n".join([lang._("**Your decks** ({count} of {most})", count=len(decks),
                                          most=MAX_DECKS),
                                  *(deck_line(saved, lang) for saved in decks),
                                  lang._("`/gwent deck show`, `edit` or `export` a deck by its "
                                         "name.")])
            await interaction.response.send_message(clip(text, 2000), ephemeral=True)

        await guarded(interaction, work())

    @app_commands.command(description="See one of your decks")
    @app_commands.describe(name="The deck's name",
                           post="Show it to everyone in this channel, not just you")
    async def show(self, interaction: discord.Interaction, name: str,
                   post: bool = False) -> None:
        """The deck image, to the user or (post) to the channel."""
        async def work() -> None:
            saved = await services(interaction).decks.named(interaction.user.id, name)
            lang = await (public_lang if post else private_lang)(interaction)
            text = deck_summary(saved.deck, lang)
            if post:
                text += "\n" + lang._("{name}'s deck.",
                                      name=clean(interaction.user.display_name))
            await _reply_with_deck(interaction, text, saved.deck, public=post)

        await guarded(interaction, work())

    @app_commands.command(description="Rename one of your decks")
    @app_commands.describe(name="The deck's name", new_name="Its new name")
    async def rename(self, interaction: discord.Interaction, name: str,
                     new_name: app_commands.Range[str, 1, NAME_MAX]) -> None:
        """Give a deck another name."""
        async def work() -> None:
            renamed, old = await services(interaction).decks.rename(interaction.user.id, name,
                                                                    new_name)
            lang = await private_lang(interaction)
            await interaction.response.send_message(
                lang._("Renamed **{old}** to **{new}**.", old=clean(old),
                       new=clean(renamed.name)), ephemeral=True)

        await guarded(interaction, work())

    @app_commands.command(description="Delete one of your decks (you are asked first)")
    @app_commands.describe(name="The deck's name")
    async def delete(self, interaction: discord.Interaction, name: str) -> None:
        """Ask before deleting a deck."""
        async def work() -> None:
            saved = await services(interaction).decks.named(interaction.user.id, name)
            lang = await private_lang(interaction)
            view = StaticView(
                button(lang.pgettext("button", "Delete"), ids.deck_delete(saved.id, "yes"),
                       style=discord.ButtonStyle.danger),
                button(lang.pgettext("button", "Keep it"), ids.deck_delete(saved.id, "no")))
            await interaction.response.send_message(
                lang._("Delete **{name}** for good? Matches already played with it keep their "
                       "own copy.", name=clean(saved.name)), view=view, ephemeral=True)

        await guarded(interaction, work())

    @app_commands.command(name="import", description="Save a deck from a share code")
    @app_commands.describe(code="The share code (it starts with GW)",
                           name="A name for the deck (made up if left out)")
    async def import_code(self, interaction: discord.Interaction,
                          code: app_commands.Range[str, 1, CODE_MAX],
                          name: app_commands.Range[str, 1, NAME_MAX] | None = None) -> None:
        """Decode a share code and save the deck."""
        async def work() -> None:
            lang = await private_lang(interaction)
            saved = await services(interaction).decks.import_code(
                # i18n: the name of a deck imported without one; {faction} is its faction
                interaction.user.id, code, name, unnamed=lambda faction: lang._(
                    "Imported {faction} deck", faction=faction_name(faction, lang.tag)))
            said = lang._("Saved as **{name}**. Change it with `/gwent deck edit`.",
                          name=clean(saved.name))
            await _reply_with_deck(
                interaction, f"\U0001f4e5 {said}\n{deck_summary(saved.deck, lang)}", saved.deck)

        await guarded(interaction, work())

    @app_commands.command(description="The share code of one of your decks")
    @app_commands.describe(name="The deck's name")
    async def export(self, interaction: discord.Interaction, name: str) -> None:
        """The share code and the image of a deck."""
        async def work() -> None:
            saved = await services(interaction).decks.named(interaction.user.id, name)
            code = share_code(saved.deck)
            lang = await private_lang(interaction)
            # i18n: {code} is a share code, shown in a code block: keep the ``` lines.
            said = lang._("Share code:\n```\n{code}\n```\nAnyone can add it to their decks "
                          "with `/gwent deck import`.", code=code)
            await _reply_with_deck(interaction, f"{deck_summary(saved.deck, lang)}\n{said}",
                                   saved.deck)

        await guarded(interaction, work())

    @edit.autocomplete("name")
    @show.autocomplete("name")
    @rename.autocomplete("name")
    @delete.autocomplete("name")
    @export.autocomplete("name")
    async def deck_names(self, interaction: discord.Interaction,
                         current: str) -> list[app_commands.Choice[str]]:
        """The user's deck names containing what was typed so far."""
        typed = current.casefold().strip()
        decks = await services(interaction).decks.all(interaction.user.id)
        return [app_commands.Choice(name=clip(saved.name, 100), value=saved.name)
                for saved in decks if typed in saved.name.casefold()][:25]
