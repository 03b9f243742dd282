"""The rules browser: a topic select, Previous and Next through every page of every topic,
and Share to post the current page in the channel. Texts are in bot/learn/rules.py."""

from __future__ import annotations

import discord

from bot.discord.core.context import Groups, private_lang
from bot.discord.core.views import Outgoing, StaticView, button, clean, option, select
from bot.discord.learn import ids
from bot.i18n import Language
from bot.learn.rules import Topic, topics

FIRST_TOPIC = "overview"


def _heading(found: Topic, page: int, lang: Language) -> str:
    if len(found.pages) > 1:
        # i18n: a page of the rules browser: the topic's title, this page's number and the
        # topic's number of pages
        return lang._("**Gwent rules: {topic}** \u00b7 page {page} of {pages}", topic=found.title,
                      page=lang.number(page + 1), pages=lang.number(len(found.pages)))
    return lang._("**Gwent rules: {topic}**", topic=found.title)


def _neighbour(key: str, page: int, step: int, lang: Language) -> tuple[str, int] | None:
    """The page before (step -1) or after (+1) this one, across topics (pages are cut
    differently in each language)."""
    flat = [(t.key, p) for t in topics(lang) for p in range(len(t.pages))]
    index = flat.index((key, page)) + step
    return flat[index] if 0 <= index < len(flat) else None


def page_of(key: str, page: int, lang: Language) -> tuple[Topic, int]:
    """The topic and a page number within it; an unknown topic (on a message older than
    the current topics) is the first topic, an unknown page its first page."""
    found = next((t for t in topics(lang) if t.key == key), topics(lang)[0])
    return found, page if 0 <= page < len(found.pages) else 0


def rules_message(key: str = FIRST_TOPIC, page: int = 0, *, lang: Language) -> Outgoing:
    """One page, with the topic select, Previous, Next and Share."""
    found, page = page_of(key, page, lang)
    options = [option(t.title, t.key,
                      lang.npgettext("select description", "{count} page", "{count} pages",
                                     len(t.pages)) if len(t.pages) > 1 else None,
                      default=t.key == found.key) for t in topics(lang)]
    before, after = (_neighbour(found.key, page, -1, lang),
                     _neighbour(found.key, page, 1, lang))
    view = StaticView(
        select(ids.rules(), lang.pgettext("select placeholder", "Choose a topic"), options,
               row=0),
        button(lang.pgettext("button", "Previous"), ids.rules_page(found.key, page, "prev"),
               disabled=before is None, row=1),
        button(lang.pgettext("button", "Next"), ids.rules_page(found.key, page, "next"),
               disabled=after is None, style=discord.ButtonStyle.primary, row=1),
        button(lang.pgettext("button", "Share"), ids.rules_page(found.key, page, "share"),
               style=discord.ButtonStyle.success, row=1))
    return Outgoing(f"{_heading(found, page, lang)}\n{found.pages[page]}", view)


def turned(key: str, page: int, op: str, *, lang: Language) -> Outgoing:
    """The page Previous or Next leads to (the same page at either end)."""
    found, page = page_of(key, page, lang)
    target = _neighbour(found.key, page, -1 if op == "prev" else 1, lang)
    return rules_message(*(target or (found.key, page)), lang=lang)


def shared_message(key: str, page: int, sharer: str, *, lang: Language) -> Outgoing:
    """A page posted publicly in the channel (in the server's language), naming who shared
    it."""
    found, page = page_of(key, page, lang)
    # i18n: {name} is the name of the member who shared the page
    said = lang._("\U0001f4d6 {name} shared a page of the rules (`/gwent rules` to read them "
                  "all).", name=clean(sharer))
    return Outgoing(f"{said}\n{_heading(found, page, lang)}\n{found.pages[page]}")


async def on_rules(interaction: discord.Interaction, _: Groups, values: list[str]) -> None:
    """Another topic in the rules browser."""
    out = rules_message(values[0], lang=await private_lang(interaction))
    await interaction.response.edit_message(**out.edit_kwargs(replace_files=False))
