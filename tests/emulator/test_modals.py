"""Modals: the type-9 answer, Discord's rules for it, and submitting one as a client would."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands

from .emulator import Emulator
from .errors import EmulatorUsageError
from .runner import run_bot
from .test_autocomplete import post_callback
from .users import InteractionHandle
from .world import World

MODAL, UPDATE_MESSAGE, MESSAGE = 9, 7, 4


class NoteForm(discord.ui.Modal, title="Deck notes"):
    name = discord.ui.TextInput(label="Deck name", custom_id="name", max_length=10,
                                min_length=2)
    notes = discord.ui.TextInput(label="Notes", custom_id="notes", required=False,
                                 style=discord.TextStyle.paragraph, default="draft")

    def __init__(self, bot: FormBot) -> None:
        super().__init__()
        self.bot = bot

    async def on_submit(self, interaction: discord.Interaction) -> None:
        self.bot.submitted.append((self.name.value, self.notes.value))
        if interaction.message is not None:
            await interaction.response.edit_message(content=f"Named {self.name.value}", view=None)
        else:
            await interaction.response.send_message(f"Named {self.name.value}", ephemeral=True)


class FormBot(discord.Client):
    """/form opens a modal; /hold keeps its interaction unanswered for the test; /button posts
    a button that opens the modal."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        self.submitted: list[tuple[str, str]] = []
        self.held: list[discord.Interaction] = []
        self.holding = asyncio.Event()
        group = app_commands.Group(name="deck", description="Decks")

        @group.command(name="form", description="Open the form")
        async def form(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(NoteForm(self))

        @group.command(name="hold", description="Leave the interaction to the test")
        async def hold(interaction: discord.Interaction) -> None:
            self.held.append(interaction)
            self.holding.set()

        @group.command(name="button", description="A button that opens the form")
        async def with_button(interaction: discord.Interaction) -> None:
            view = discord.ui.View(timeout=None)
            opener: discord.ui.Button[discord.ui.View] = discord.ui.Button(
                label="Name it", custom_id="open-form")

            async def open_form(click: discord.Interaction) -> None:
                await click.response.send_modal(NoteForm(self))

            opener.callback = open_form  # type: ignore[method-assign]
            view.add_item(opener)
            await interaction.response.send_message("Your deck", view=view, ephemeral=True)

        self.tree.add_command(group)

    async def setup_hook(self) -> None:
        await self.tree.sync()


def modal(**changes: Any) -> dict[str, Any]:
    """A valid type-9 body, with some fields replaced."""
    field = {"type": 4, "custom_id": "name", "label": "Name", "style": 1, "max_length": 40}
    data = {"custom_id": "m", "title": "Name your deck",
            "components": [{"type": 1, "components": [field]}]}
    field.update(changes.pop("field", {}))
    data.update(changes)
    return {"type": MODAL, "data": data}


@pytest.fixture
async def http(emu: Emulator) -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession(emu.api_base + "/") as session:
        yield session


async def held(emu: Emulator, world: World, bot: FormBot) -> InteractionHandle:
    bot.holding.clear()
    handle = world.users[0].slash(world.channel, "deck hold")
    await asyncio.wait_for(bot.holding.wait(), 5)
    return handle


async def test_a_submission_sends_every_field_with_the_values_the_client_keeps(
        emu: Emulator, world: World) -> None:
    alice = world.users[0]
    bot = FormBot()
    async with run_bot(emu, bot):
        opened = alice.slash(world.channel, "deck form")
        shown = (await opened.response()).modal
        assert shown is not None and shown["title"] == "Deck notes"
        answer = await alice.submit_modal(opened, {"name": "Wolves"}).message()
    assert answer.content == "Named Wolves" and answer.ephemeral
    assert bot.submitted == [("Wolves", "draft")]  # the untouched field kept its default


async def test_the_client_refuses_what_the_fields_do_not_allow(emu: Emulator,
                                                               world: World) -> None:
    alice, bob = world.users[:2]
    bot = FormBot()
    async with run_bot(emu, bot):
        opened = alice.slash(world.channel, "deck form")
        await opened.response()
        with pytest.raises(EmulatorUsageError, match="'Deck name' is required"):
            alice.submit_modal(opened, {})
        with pytest.raises(EmulatorUsageError, match="takes 2-10 characters, not 1"):
            alice.submit_modal(opened, {"name": "W"})
        with pytest.raises(EmulatorUsageError, match="takes 2-10 characters, not 11"):
            alice.submit_modal(opened, {"name": "W" * 11})
        with pytest.raises(EmulatorUsageError, match="no text input \\['colour'\\]"):
            alice.submit_modal(opened, {"name": "Wolves", "colour": "red"})
        with pytest.raises(EmulatorUsageError, match="only the user"):
            bob.submit_modal(opened, {"name": "Wolves"})
        await alice.submit_modal(opened, {"name": "Wolves", "notes": ""}).message()
        with pytest.raises(EmulatorUsageError, match="already submitted"):
            alice.submit_modal(opened, {"name": "Wolves"})
    assert bot.submitted == [("Wolves", "")]


async def test_a_modal_opened_from_a_button_may_update_that_message(emu: Emulator,
                                                                    world: World) -> None:
    alice = world.users[0]
    bot = FormBot()
    async with run_bot(emu, bot):
        message = await alice.slash(world.channel, "deck button").message()
        opened = alice.click(message, label="Name it")
        assert (await opened.response()).type == MODAL
        submitted = alice.submit_modal(opened, {"name": "Bears"})
        assert (await submitted.response()).type == UPDATE_MESSAGE
        await emu.wait_for(lambda: message.content == "Named Bears", 5, "the updated message")
    assert submitted.interaction.payload["message"]["id"] == str(message.id)
    assert not message.buttons


@pytest.mark.parametrize("changes, path", [
    ({"title": "T" * 46}, "data.title"),
    ({"custom_id": ""}, "data.custom_id"),
    ({"components": []}, "data.components"),
    ({"components": [{"type": 1, "components": [
        {"type": 4, "custom_id": f"f{i}", "label": "F", "style": 1}]} for i in range(6)]},
     "data.components"),
    ({"components": [{"type": 1, "components": [
        {"type": 4, "custom_id": "a", "label": "A", "style": 1},
        {"type": 4, "custom_id": "b", "label": "B", "style": 1}]}]}, "data.components.0"),
    ({"components": [{"type": 1, "components": [
        {"type": 2, "custom_id": "b", "label": "B", "style": 1}]}]}, "data.components.0"),
    ({"field": {"label": "L" * 46}}, "label"),
    ({"field": {"style": 3}}, "style"),
    ({"field": {"max_length": 4001}}, "max_length"),
    ({"field": {"min_length": 30, "max_length": 20}}, "max_length"),
    ({"field": {"placeholder": "p" * 101}}, "placeholder"),
    ({"field": {"value": "v" * 41}}, "value"),
])
async def test_invalid_modals_are_refused(emu: Emulator, world: World,
                                          http: aiohttp.ClientSession, changes: dict[str, Any],
                                          path: str) -> None:
    bot = FormBot()
    async with run_bot(emu, bot):
        handle = await held(emu, world, bot)
        emu.expect_failures("invalid_payload")
        status, body = await post_callback(http, handle, modal(**changes))
        assert status == 400 and body["code"] == 50035, body
        assert path.split(".")[-1] in str(body["errors"]), body
        assert handle.interaction.response is None
        status, _ = await post_callback(http, handle, modal())
        assert status in (200, 204) and handle.interaction.response is not None


async def test_a_submission_cannot_be_answered_with_another_modal(
        emu: Emulator, world: World, http: aiohttp.ClientSession) -> None:
    alice = world.users[0]
    bot = FormBot()
    async with run_bot(emu, bot):
        handle = await held(emu, world, bot)
        assert (await post_callback(http, handle, modal()))[0] in (200, 204)
        submission = alice.submit_modal(handle, {"name": "Wolves"})
        emu.expect_failures("invalid_payload")
        status, body = await post_callback(http, submission, modal())
        assert status == 400 and "INTERACTION_RESPONSE_TYPE_INVALID" in str(body)
        status, body = await post_callback(http, submission, {"type": UPDATE_MESSAGE,
                                                              "data": {"content": "x"}})
        assert status == 400  # opened from a command: there is no message to update
        assert (await post_callback(http, submission, {"type": MESSAGE,
                                                       "data": {"content": "ok"}}))[0] in (200, 204)
