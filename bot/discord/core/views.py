"""Outgoing messages and their components, within Discord's limits."""

from __future__ import annotations

import io
import unicodedata
from dataclasses import dataclass, field
from typing import Any

import discord

LABEL_MAX, BUTTON_LABEL_MAX, DESCRIPTION_MAX, OPTIONS_MAX = 100, 80, 100, 25
CONTENT_MAX = 2000
_TRAILING = " \t\n,;:.\u3001\uff0c\uff1b\uff1a\u3002"  # left out before an ellipsis


def clip(text: str, limit: int) -> str:
    """Shorten text to `limit` characters, marking the cut with an ellipsis."""
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "\u2026"


def shorten(text: str, limit: int) -> str:
    """Shorten text to `limit` characters at a word boundary, marking the cut with an
    ellipsis: before a space, or between two characters of a script written without spaces
    (Chinese); a text with no boundary in reach is cut where it must be."""
    if len(text) <= limit:
        return text
    room = limit - 1
    cut = next((i for i in range(room, 0, -1) if _word_ends(text, i)), room)
    return text[:cut].rstrip(_TRAILING) + "\u2026"


def _word_ends(text: str, i: int) -> bool:
    """True when a word ends before text[i]."""
    return text[i].isspace() or (_wide(text[i - 1]) and _wide(text[i]))


def _wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


def clean(text: str) -> str:
    """Make user-chosen text (names, engine lines) safe to show: no markdown, no pings."""
    return discord.utils.escape_markdown(discord.utils.escape_mentions(text))


class StaticView(discord.ui.View):
    """Components only; every click is routed by the DynamicItem templates from start-up.

    discord.py would otherwise keep the view per message, and an ephemeral view expiring after
    15 minutes would take the registered templates down with it.
    """

    def __init__(self, *items: discord.ui.Item[Any]) -> None:
        super().__init__(timeout=None)
        for item in items:
            self.add_item(item)

    def is_dispatchable(self) -> bool:
        """Never stored by discord.py (see the class docstring)."""
        return False


def button(label: str, custom_id: str, *,
           style: discord.ButtonStyle = discord.ButtonStyle.secondary, disabled: bool = False,
           row: int | None = None) -> discord.ui.Button[Any]:
    """A button with a custom_id."""
    return discord.ui.Button(label=clip(label, BUTTON_LABEL_MAX), custom_id=custom_id,
                             style=style, disabled=disabled, row=row)


def option(label: str, value: str, description: str | None = None,
           default: bool = False) -> discord.SelectOption:
    """A select option, clipped to Discord's limits."""
    return discord.SelectOption(label=clip(label, LABEL_MAX), value=value,
                                description=shorten(description, DESCRIPTION_MAX) if description
                                else None, default=default)


def select(custom_id: str, placeholder: str, options: list[discord.SelectOption],
           row: int | None = None) -> discord.ui.Select[Any]:
    """A single-choice string select (at most 25 options)."""
    assert 0 < len(options) <= OPTIONS_MAX
    return discord.ui.Select(custom_id=custom_id, placeholder=clip(placeholder, LABEL_MAX),
                             options=options, row=row)


@dataclass(frozen=True)
class Outgoing:
    """A message to send or edit: text, components, PNG files, whom it may ping, and
    embeds (for text longer than a message's 2000 characters)."""

    content: str
    view: StaticView | None = None
    files: tuple[tuple[str, bytes], ...] = ()
    mentions: tuple[int, ...] = field(default=())
    embeds: tuple[discord.Embed, ...] = ()

    def discord_files(self) -> list[discord.File]:
        """Fresh File objects (a File can be sent only once)."""
        return [discord.File(io.BytesIO(data), filename=name) for name, data in self.files]

    def allowed_mentions(self) -> discord.AllowedMentions:
        """Ping only the users named in `mentions`."""
        return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                       users=[discord.Object(u) for u in self.mentions])

    def send_kwargs(self) -> dict[str, Any]:
        """Keyword arguments for Messageable.send / followup.send."""
        kwargs: dict[str, Any] = {"content": clip(self.content, CONTENT_MAX),
                                  "allowed_mentions": self.allowed_mentions(),
                                  "files": self.discord_files()}
        if self.view is not None:
            kwargs["view"] = self.view
        if self.embeds:
            kwargs["embeds"] = list(self.embeds)
        return kwargs

    def edit_kwargs(self, *, replace_files: bool) -> dict[str, Any]:
        """Keyword arguments for an edit; files are replaced only when asked."""
        kwargs: dict[str, Any] = {"content": clip(self.content, CONTENT_MAX),
                                  "allowed_mentions": self.allowed_mentions(), "view": self.view}
        if replace_files:
            kwargs["attachments"] = self.discord_files()
        if self.embeds:
            kwargs["embeds"] = list(self.embeds)
        return kwargs
