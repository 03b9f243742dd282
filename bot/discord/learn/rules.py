"""The rules browser: a topic select, Previous and Next through every page of every topic,
and Share to post the current page in the channel. Texts are in bot/learn/rules.py."""

from __future__ import annotations

import discord

from bot.discord.core.context import Groups
from bot.discord.core.views import Outgoing, StaticView, button, clean, option, select
from bot.discord.learn import ids
from bot.learn.rules import Topic, topics

FIRST_TOPIC = "overview"


def _heading(found: Topic, page: int) -> str:
    pages = f" \u00b7 page {page + 1} of {len(found.pages)}" if len(found.pages) > 1 else ""
    return f"**Gwent rules: {found.title}**{pages}"


def _neighbour(key: str, page: int, step: int) -> tuple[str, int] | None:
    """The page before (step -1) or after (+1) this one, across topics."""
    flat = [(t.key, p) for t in topics() for p in range(len(t.pages))]
    index = flat.index((key, page)) + step
    return flat[index] if 0 <= index < len(flat) else None


def page_of(key: str, page: int) -> tuple[Topic, int]:
    """The topic and a page number within it; an unknown topic (on a message older than
    the current topics) is the first topic, an unknown page its first page."""
    found = next((t for t in topics() if t.key == key), topics()[0])
    return found, page if 0 <= page < len(found.pages) else 0


def rules_message(key: str = FIRST_TOPIC, page: int = 0) -> Outgoing:
    """One page, with the topic select, Previous, Next and Share."""
    found, page = page_of(key, page)
    options = [option(t.title, t.key, f"{len(t.pages)} pages" if len(t.pages) > 1 else None,
                      default=t.key == found.key) for t in topics()]
    before, after = _neighbour(found.key, page, -1), _neighbour(found.key, page, 1)
    view = StaticView(
        select(ids.rules(), "Choose a topic", options, row=0),
        button("Previous", ids.rules_page(found.key, page, "prev"), disabled=before is None,
               row=1),
        button("Next", ids.rules_page(found.key, page, "next"), disabled=after is None,
               style=discord.ButtonStyle.primary, row=1),
        button("Share", ids.rules_page(found.key, page, "share"),
               style=discord.ButtonStyle.success, row=1))
    return Outgoing(f"{_heading(found, page)}\n{found.pages[page]}", view)


def turned(key: str, page: int, op: str) -> Outgoing:
    """The page Previous or Next leads to (the same page at either end)."""
    found, page = page_of(key, page)
    target = _neighbour(found.key, page, -1 if op == "prev" else 1)
    return rules_message(*(target or (found.key, page)))


def shared_message(key: str, page: int, sharer: str) -> Outgoing:
    """A page posted publicly in the channel, naming who shared it."""
    found, page = page_of(key, page)
    return Outgoing(f"\U0001f4d6 {clean(sharer)} shared a page of the rules "
                    f"(`/gwent rules` to read them all).\n{_heading(found, page)}\n"
                    f"{found.pages[page]}")


async def on_rules(interaction: discord.Interaction, _: Groups, values: list[str]) -> None:
    """Another topic in the rules browser."""
    out = rules_message(values[0])
    await interaction.response.edit_message(**out.edit_kwargs(replace_files=False))
