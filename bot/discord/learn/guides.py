"""Learning in Discord: help, the faction, leader and card guides, the rules browser's
buttons and the hand's Rules button. Texts come from bot/learn; this module only turns
them into messages and answers clicks."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import discord

from bot.discord.core.context import Groups, services
from bot.discord.core.views import Outgoing, StaticView, button, clip
from bot.discord.learn import ids
from bot.discord.learn.rules import shared_message, turned
from bot.learn.cards import explain_card, find_cards, normalise
from bot.learn.factions import FACTIONS, leader_summary, leader_use, starter_deck_summary
from bot.learn.glossary import quoted
from bot.learn.help import COMMANDS, PAGES, START, command_lines, help_page
from bot.learn.in_play import cards_in_view, rules_in_view
from bot.service.errors import Refusal
from engine import Card, Observation, catalogue
from engine.cards import LEADER

if TYPE_CHECKING:
    from bot.discord.client import GwentBot

EMBED_COLOUR = discord.Colour.from_rgb(201, 160, 79)
ALSO_MAX = 8  # other matching names listed under a card


def help_message(key: str, commands: list[tuple[str, str]]) -> Outgoing:
    """A page of /gwent help (every command in an embed on the commands page) with a button
    for each page."""
    page = help_page(key)
    embeds = ((discord.Embed(description=command_lines(commands), colour=EMBED_COLOUR),)
              if page is COMMANDS else ())
    view = StaticView(*(button(other.label, ids.help_page(other.key), disabled=other is page,
                               style=discord.ButtonStyle.primary if other is START
                               else discord.ButtonStyle.secondary)
                        for other in PAGES))
    return Outgoing(page.text, view, embeds=embeds)


async def on_help_page(interaction: discord.Interaction, groups: Groups, _: list[str]
                       ) -> None:
    """A help page's button: show that page in place."""
    out = help_message(groups["page"], gwent_commands(interaction))
    kwargs = out.edit_kwargs(replace_files=False)
    kwargs["embeds"] = list(out.embeds)  # the commands page's embed goes with it
    await interaction.response.edit_message(**kwargs)


def gwent_commands(interaction: discord.Interaction) -> list[tuple[str, str]]:
    """Every /gwent subcommand (and subgroup command) with its description, from the bot's
    command tree, so commands added later are listed too."""
    tree = cast("GwentBot", interaction.client).tree
    out: list[tuple[str, str]] = []

    def walk(command: object, prefix: str) -> None:
        if isinstance(command, discord.app_commands.Group):
            for child in command.commands:
                walk(child, f"{prefix}{command.name} ")
        elif isinstance(command, discord.app_commands.Command):
            out.append((f"{prefix}{command.name}", command.description))

    for command in tree.get_commands():
        if command.name == "gwent":
            walk(command, "")
    return out


# --------------------------------------------------------------------- guides

def faction_message(faction: str, deck_png: bytes) -> Outgoing:
    """A faction: style, perk, leaders (once or always on), starter deck picture, tips."""
    info = catalogue().factions[faction]
    guide = FACTIONS[faction]
    leaders = "\n".join(f"- **{c.name}** ({leader_use(c).split(',')[0].lower()}): {c.text}"
                        for c in catalogue().leaders(faction))
    tips = "\n".join(f"- {tip}" for tip in guide.tips)
    content = (f"**{info.name}**\n{guide.style}\n\n**Perk:** {info.perk} {guide.perk_note}\n\n"
               f"**Leaders** (`/gwent leader` for tips):\n{leaders}\n\n"
               f"**Starter deck:** {starter_deck_summary(faction)}\n\n**Tips:**\n{tips}")
    return Outgoing(content, files=(("deck.png", deck_png),))


def leader_message(card: Card, png: bytes) -> Outgoing:
    """A leader: its faction, ability, whether it is used once or always on, tip, notes."""
    faction = catalogue().factions[card.faction].name
    return Outgoing(f"{faction} leader\n{leader_summary(card)}", files=(("leader.png", png),))


def card_message(card: Card, others: list[Card], png: bytes) -> Outgoing:
    """A card explained, its picture, and other names that matched the search."""
    text = explain_card(card)
    if others:
        names = ", ".join(c.name for c in others[:ALSO_MAX])
        more = len(others) - ALSO_MAX
        text += f"\n*Also matching:* {names}" + (f" and {more} more" if more > 0 else "")
    return Outgoing(text, files=(("card.png", png),))


def find_faction(text: str) -> str:
    """A faction id from its id or (part of) its name, or a Refusal."""
    needle = normalise(text)
    for info in catalogue().factions.values():
        if needle and (needle == info.id or needle in normalise(info.name)):
            return info.id
    names = ", ".join(f.name for f in catalogue().factions.values())
    raise Refusal(f"There is no faction called {quoted(clip(text, 60))}: choose {names}.")


def find_leader(text: str) -> Card:
    """A leader from its id or name, typos tolerated, or a Refusal."""
    found = find_cards(text, kinds=(LEADER,))
    if not found:
        raise Refusal(f"There is no leader called {quoted(clip(text, 60))}. Start typing a name "
                      "and pick one of the suggestions.")
    return found[0]


def find_card(text: str) -> tuple[Card, list[Card]]:
    """The best matching card and the other matches, or a Refusal."""
    found = find_cards(text)
    if not found:
        raise Refusal(f"There is no card called {quoted(clip(text, 60))}. Start typing a name and "
                      "pick one of the suggestions.")
    return found[0], found[1:]


def choices(cards: list[Card]) -> list[discord.app_commands.Choice[str]]:
    """Autocomplete choices: at most 25, names clipped to 100 characters."""
    return [discord.app_commands.Choice(name=clip(c.name, 100), value=c.id) for c in cards[:25]]


# ------------------------------------------------------------------- in a match

def rules_in_play_message(match_id: int, obs: Observation, full: bool = False) -> Outgoing:
    """The hand's Rules: one line per card in the player's hand and on the board, with More
    for every ability there explained in full (and Less to go back)."""
    if full:
        title, text, other = "Every ability in play", rules_in_view(obs), "Less"
        note = "Every ability in your hand and on the board (only you see this)."
    else:
        title, text, other = "The cards in play", cards_in_view(obs), "More"
        note = ("Your hand and the board in one line per card (only you see this); cards "
                "without an ability just add their strength. `/gwent rules` has the rules.")
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
    out = rules_in_play_message(snapshot.match.id, snapshot.observation, shown == "more")
    if shown is None:
        await interaction.response.send_message(ephemeral=True, **out.send_kwargs())
    else:
        await interaction.response.edit_message(**out.edit_kwargs(replace_files=False))


async def on_rules_page(interaction: discord.Interaction, groups: Groups, _: list[str]
                        ) -> None:
    """Previous and Next turn the page in place; Share posts the page in the channel."""
    key, page = groups["topic"], int(groups["page"])
    if groups["op"] == "share":
        out = shared_message(key, page, interaction.user.display_name)
        await interaction.response.send_message(**out.send_kwargs())
        return
    out = turned(key, page, groups["op"])
    await interaction.response.edit_message(**out.edit_kwargs(replace_files=False))
