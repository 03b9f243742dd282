"""Forms (Discord modals) and their submissions, routed by custom_id like every component.

discord.py answers a submission through the Modal object it keeps in memory. These modals
are stopped before they are sent, so discord.py never keeps them, and the client's
on_interaction routes each submission by its custom_id instead: a form opened before a
restart is still answered after it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Coroutine
from typing import Any

import discord

from bot.discord.core.context import private_lang
from bot.discord.core.replies import guarded, try_tell
from bot.i18n import N_

# (interaction, the custom_id's named groups, {text input custom_id: value})
FormHandler = Callable[[discord.Interaction, dict[str, str], dict[str, str]],
                       Coroutine[Any, Any, None]]
TITLE_MAX, LABEL_MAX, PLACEHOLDER_MAX, VALUE_MAX = 45, 45, 100, 4000
UNKNOWN_FORM = N_("This form is out of date: nothing was changed. Open it again.")


class Form(discord.ui.Modal):
    """A modal whose submission is answered by custom_id routing (see the module docstring)."""

    def __init__(self, title: str, custom_id: str, *fields: discord.ui.TextInput[Any]) -> None:
        super().__init__(title=title[:TITLE_MAX], custom_id=custom_id, timeout=None)
        for field in fields:
            self.add_item(field)
        self.stop()


def text_field(label: str, custom_id: str, *, long: bool = False, default: str | None = None,
               placeholder: str | None = None, max_length: int = VALUE_MAX,
               min_length: int = 1) -> discord.ui.TextInput[Any]:
    """A text input within Discord's limits (label 45, placeholder 100, value 4000)."""
    return discord.ui.TextInput(
        label=label[:LABEL_MAX], custom_id=custom_id,
        style=discord.TextStyle.paragraph if long else discord.TextStyle.short,
        default=default[:max_length] if default else None,
        placeholder=placeholder[:PLACEHOLDER_MAX] if placeholder else None,
        max_length=max_length, min_length=min_length, required=min_length > 0)


def submitted(interaction: discord.Interaction) -> dict[str, str]:
    """The values of a submitted form's text inputs, by custom_id."""
    data: Any = interaction.data or {}
    values: dict[str, str] = {}
    for row in data.get("components") or []:
        for item in row.get("components") or [row.get("component") or {}]:
            if "custom_id" in item:
                values[item["custom_id"]] = str(item.get("value") or "")
    return values


class FormRouter:
    """Which handler answers which form, by custom_id template."""

    def __init__(self) -> None:
        self._routes: list[tuple[re.Pattern[str], FormHandler]] = []

    def add(self, template: str, handler: FormHandler) -> None:
        """Answer submissions whose custom_id matches the template with the handler."""
        self._routes.append((re.compile(template), handler))

    async def route(self, interaction: discord.Interaction) -> None:
        """Answer a form submission (other interactions are left alone)."""
        if interaction.type != discord.InteractionType.modal_submit:
            return
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        for pattern, handler in self._routes:
            found = pattern.fullmatch(custom_id)
            if found:
                await guarded(interaction, handler(interaction, found.groupdict(),
                                                   submitted(interaction)))
                return
        await try_tell(interaction, (await private_lang(interaction))._(UNKNOWN_FORM))
