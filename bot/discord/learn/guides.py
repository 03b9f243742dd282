"""Learning in Discord: help, the faction, leader and card guides, the rules browser's
buttons and the hand's Rules button. Texts come from bot/learn; this module only turns
them into messages and answers clicks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import discord

from bot.discord.core.context import Groups, private_lang, public_lang, services
from bot.discord.core.views import Outgoing, StaticView, button, clip
from bot.discord.learn import ids
from bot.discord.learn.rules import shared_message, turned
from bot.i18n import ENGLISH, Language, Name, card_name, faction_name, search_factions
from bot.learn.cards import explain_card, find_cards
from bot.learn.factions import (
    FACTIONS,
    differs_from_witcher3,
    leader_summary,
    leader_use,
    starter_deck_summary,
)
from bot.learn.glossary import ENGLISH_LANGUAGE, quoted
from bot.learn.help import COMMANDS, PAGES, HelpPage, command_lines, help_page, page_label
from bot.learn.in_play import cards_in_view, rules_in_view
from bot.service.errors import Refusal
from engine import Card, Observation, catalogue
from engine.cards import LEADER
from engine.folding import fold

if TYPE_CHECKING:
    from bot.discord.client import GwentBot

EMBED_COLOUR = discord.Colour.from_rgb(201, 160, 79)
ALSO_MAX = 8  # other matching names listed under a card
YOU_ARE_HERE = "\U0001f4cd"  # a round pushpin on the help page shown


def help_message(key: str, commands: list[tuple[str, str]], *, lang: Language) -> Outgoing:
    """A page of /gwent help (every command in an embed on the commands page) with a button
    for each page."""
    page = help_page(key)
    embeds = ((discord.Embed(description=command_lines(commands), colour=EMBED_COLOUR),)
              if page is COMMANDS else ())
    view = StaticView(*(help_tab(other, other is page, lang=lang) for other in PAGES))
    return Outgoing(lang._(page.text), view, embeds=embeds)


def help_tab(page: HelpPage, current: bool, *, lang: Language) -> discord.ui.Button[Any]:
    """A help page's button: the current page's is highlighted and pinned ("you are here",
    which screen readers read out too), and every one stays usable."""
    tab = button(page_label(page, lang=lang), ids.help_page(page.key),
                 style=discord.ButtonStyle.primary if current else discord.ButtonStyle.secondary)
    if current:
        tab.emoji = YOU_ARE_HERE
    return tab


async def on_help_page(interaction: discord.Interaction, groups: Groups, _: list[str]
                       ) -> None:
    """A help page's button: show that page in place."""
    lang = await private_lang(interaction)
    out = help_message(groups["page"], gwent_commands(interaction, lang=lang), lang=lang)
    kwargs = out.edit_kwargs(replace_files=False)
    kwargs["embeds"] = list(out.embeds)  # the commands page's embed goes with it
    await interaction.response.edit_message(**kwargs)


def gwent_commands(interaction: discord.Interaction, *, lang: Language
                   ) -> list[tuple[str, str]]:
    """Every /gwent subcommand (and subgroup command) with its description, from the bot's
    command tree, so commands added later are listed too; names and descriptions as the
    slash commands show them in a language (their translations in the catalogue)."""
    tree = cast("GwentBot", interaction.client).tree
    out: list[tuple[str, str]] = []

    def walk(command: object, prefix: str) -> None:
        if isinstance(command, discord.app_commands.Group):
            name = lang.pgettext("group name", command.name)
            for child in command.commands:
                walk(child, f"{prefix}{name} ")
        elif isinstance(command, discord.app_commands.Command):
            out.append((prefix + lang.pgettext("command name", command.name),
                        lang.pgettext("command description", command.description)))

    for command in tree.get_commands():
        if command.name == "gwent":
            walk(command, "")
    return out


# --------------------------------------------------------------------- guides

def faction_message(faction: str, deck_png: bytes, *, lang: Language) -> Outgoing:
    """A faction: style, perk, leaders (once or always on), starter deck picture, tips."""
    info = catalogue().factions[faction]
    guide = FACTIONS[faction]
    # i18n: a leader in a faction's guide: its name, how often it works ("once per match",
    # "always on") and what it does
    leaders = "\n".join(lang._("- **{leader}** ({use}): {text}", leader=Name.card(c.id),
                               use=_leader_use(c, lang), text=lang._(c.text))
                        for c in catalogue().leaders(faction))
    tips = "\n".join(f"- {lang._(tip)}" for tip in guide.tips)
    # i18n: a faction's guide; {style} says how it plays, {perk} is its perk and {note} how
    # the perk works here, {leaders} lists its leaders one per line, {deck} describes its
    # starter deck, {tips} lists tips one per line
    content = lang._("**{faction}**\n{style}\n\n**Perk:** {perk} {note}\n\n"
                     "**Leaders** (`/gwent leader` for tips):\n{leaders}\n\n"
                     "**Starter deck:** {deck}\n\n**Tips:**\n{tips}",
                     faction=Name.faction(faction), style=lang._(guide.style),
                     perk=lang._(info.perk), note=lang._(guide.perk_note), leaders=leaders,
                     deck=starter_deck_summary(faction, lang=lang), tips=tips)
    return Outgoing(content, files=(("deck.png", deck_png),))


def _leader_use(card: Card, lang: Language) -> str:
    """How often a leader works, and whether its ability is not The Witcher 3's."""
    use = leader_use(card, lang=lang)
    if differs_from_witcher3(card):
        # i18n: in brackets after a leader's name: {use} is how often it works ("once per
        # match"); its ability is not the one it had in The Witcher 3
        return lang._("{use}; differs from The Witcher 3", use=use)
    return use


def leader_message(card: Card, png: bytes, *, lang: Language) -> Outgoing:
    """A leader: its faction, ability, whether it is used once or always on, tip, notes."""
    # i18n: {faction} is a faction's name
    head = lang._("{faction} leader", faction=Name.faction(card.faction))
    return Outgoing(f"{head}\n{leader_summary(card, lang=lang)}", files=(("leader.png", png),))


def card_message(card: Card, others: list[Card], png: bytes, *, lang: Language) -> Outgoing:
    """A card explained, its picture, and other names that matched the search."""
    text = explain_card(card, lang=lang)
    if others:
        names = ", ".join(card_name(c.id, lang.tag) for c in others[:ALSO_MAX])
        more = len(others) - ALSO_MAX
        # i18n: other cards whose names match what was typed; {names} lists a few names
        text += "\n" + (lang.ngettext("*Also matching:* {names} and {count} more",
                                      "*Also matching:* {names} and {count} more", more,
                                      names=names) if more > 0
                        else lang._("*Also matching:* {names}", names=names))
    return Outgoing(text, files=(("card.png", png),))


def _typed(text: str, lang: Language) -> str:
    return quoted(clip(text, 60), lang)


def find_faction(text: str, lang: Language = ENGLISH_LANGUAGE) -> str:
    """A faction id from its id or its name (or part of it, or slightly misspelt) in any
    language, or a Refusal."""
    known = catalogue().factions
    found = [text.strip()] if text.strip() in known else search_factions(text, lang.tag)
    if not found:
        names = ", ".join(faction_name(f, lang.tag) for f in known)
        # i18n: {name} is what was typed, quoted; {factions} lists the factions' names
        raise Refusal("There is no faction called {name}: choose {factions}.",
                      name=_typed(text, lang), factions=names)
    return found[0]


def find_leader(text: str, lang: Language = ENGLISH_LANGUAGE) -> Card:
    """A leader from its id or name in any language, typos tolerated, or a Refusal."""
    found = find_cards(text, kinds=(LEADER,), language=lang.tag)
    if not found:
        # i18n: {name} is what was typed, quoted
        raise Refusal("There is no leader called {name}. Start typing a name and pick one of "
                      "the suggestions.", name=_typed(text, lang))
    return found[0]


def find_card(text: str, lang: Language = ENGLISH_LANGUAGE) -> tuple[Card, list[Card]]:
    """The best matching card (its name in any language) and the other matches, or a
    Refusal."""
    found = find_cards(text, language=lang.tag)
    if not found:
        # i18n: {name} is what was typed, quoted
        raise Refusal("There is no card called {name}. Start typing a name and pick one of "
                      "the suggestions.", name=_typed(text, lang))
    return found[0], found[1:]


def choice_name(name: str, english: str) -> str:
    """An autocomplete suggestion's name: the name in the user's language, followed by the
    English one when it differs and both fit in Discord's 100 characters."""
    both = f"{name} ({english})"
    return clip(name, 100) if fold(name) == fold(english) or len(both) > 100 else both


def choices(cards: list[Card], language: str = ENGLISH
            ) -> list[discord.app_commands.Choice[str]]:
    """Autocomplete choices: at most 25, each name in the user's language (with the English
    one) within 100 characters."""
    return [discord.app_commands.Choice(name=choice_name(card_name(c.id, language), c.name),
                                        value=c.id)
            for c in cards[:25]]


# ------------------------------------------------------------------- in a match

def rules_in_play_message(match_id: int, obs: Observation, full: bool = False, *,
                          lang: Language) -> Outgoing:
    """The hand's Rules: one line per card in the player's hand and on the board, with More
    for every ability there explained in full (and Less to go back)."""
    if full:
        title = lang.pgettext("embed title", "Every ability in play")
        text = rules_in_view(obs, lang=lang)
        other = lang.pgettext("button", "Less")
        note = lang._("Every ability in your hand and on the board (only you see this).")
    else:
        title = lang.pgettext("embed title", "The cards in play")
        text = cards_in_view(obs, lang=lang)
        other = lang.pgettext("button", "More")
        note = lang._("Your hand and the board in one line per card (only you see this); "
                      "cards without an ability just add their strength. `/gwent rules` has "
                      "the rules.")
    embed = discord.Embed(title=title, description=text, colour=EMBED_COLOUR)
    view = StaticView(button(other, ids.hand_rules(match_id, "short" if full else "more")))
    return Outgoing(note, view, embeds=(embed,))


async def on_hand_rules(interaction: discord.Interaction, groups: Groups, _: list[str]) -> None:
    """Rules on a hand explains what that player can see, in a new private message; More
    and Less on that message switch it between one line per card and the full text."""
    snapshot = await services(interaction).matches.private(int(groups["match"]),
                                                           interaction.user.id)
    if snapshot.observation is None:
        raise Refusal("The match has not started yet: your hand is dealt once both players "
                      "are ready. `/gwent rules` explains the game meanwhile.")
    shown = groups.get("view")
    out = rules_in_play_message(snapshot.match.id, snapshot.observation, shown == "more",
                                lang=await private_lang(interaction))
    if shown is None:
        await interaction.response.send_message(ephemeral=True, **out.send_kwargs())
    else:
        await interaction.response.edit_message(**out.edit_kwargs(replace_files=False))


async def on_rules_page(interaction: discord.Interaction, groups: Groups, _: list[str]
                        ) -> None:
    """Previous and Next turn the page in place (the reader's language); Share posts the
    page in the channel (the server's language)."""
    key, page = groups["topic"], int(groups["page"])
    if groups["op"] == "share":
        out = shared_message(key, page, interaction.user.display_name,
                             lang=await public_lang(interaction))
        await interaction.response.send_message(**out.send_kwargs())
        return
    out = turned(key, page, groups["op"], lang=await private_lang(interaction))
    await interaction.response.edit_message(**out.edit_kwargs(replace_files=False))
