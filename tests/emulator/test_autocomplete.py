"""Autocomplete: typing into an option, the bot's type-8 answer and the rules it must follow."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.app_commands import Choice

from .emulator import Emulator
from .errors import ApiError, EmulatorUsageError
from .runner import run_bot
from .users import AutocompleteChoice, InteractionHandle
from .validation import validate_autocomplete
from .world import World

CARDS = {
    "geralt": "Geralt of Rivia",
    "ciri": "Cirilla Fiona Elen Riannon",
    "triss": "Triss Merigold",
    "yennefer": "Yennefer of Vengerberg",
    "dandelion": "Dandelion",
}
ROWS = ["melee", "ranged", "siege"]

Answer = Callable[[discord.Interaction, str], Awaitable[list[Choice[str]]]]


def matching(current: str) -> list[Choice[str]]:
    """The cards whose name contains what was typed."""
    needle = current.casefold()
    return [
        Choice(name=name, value=key) for key, name in CARDS.items() if needle in name.casefold()
    ]


def offered(choices: list[Choice[str]]) -> list[AutocompleteChoice]:
    """The choices as the virtual user sees them."""
    return [AutocompleteChoice(c.name, c.value) for c in choices]


class DeckBot(discord.Client):
    """/deck add card:<autocomplete> row:<choices> note:<text>; `answer` says how it completes."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        self.answer: Answer = self.suggest
        self.typed: list[tuple[str, str | None]] = []
        self.invalid: list[Choice[str]] = []
        self.codes: list[int] = []
        self.entered, self.gate, self.done = asyncio.Event(), asyncio.Event(), asyncio.Event()
        self.tree.add_command(self._group())

    async def setup_hook(self) -> None:
        await self.tree.sync()

    def _group(self) -> app_commands.Group:
        group = app_commands.Group(name="deck", description="Build a deck")

        @group.command(name="add", description="Add a card to your deck")
        @app_commands.choices(row=[Choice(name=r.title(), value=r) for r in ROWS])
        async def add(
            interaction: discord.Interaction, card: str, row: str = "melee", note: str = ""
        ) -> None:
            await interaction.response.send_message(f"Added {CARDS.get(card, card)} ({row}).")

        @add.autocomplete("card")
        async def card_names(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
            return await self.answer(interaction, current)

        return group

    async def _try(self, answer: Awaitable[object]) -> None:
        try:
            await answer
        except discord.HTTPException as error:
            self.codes.append(error.code)

    async def suggest(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        """Matching cards; remembers what was typed and the row chosen so far."""
        self.typed.append((current, interaction.namespace.row))
        return matching(current)

    async def invalid_then_nothing(
        self, interaction: discord.Interaction, current: str
    ) -> list[Choice[str]]:
        """Offer `self.invalid`; discord.py then answers [] since nothing was accepted."""
        await self._try(interaction.response.autocomplete(self.invalid))
        return []

    async def late(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        """Answer only once the test opens the gate."""
        self.entered.set()
        await self.gate.wait()
        return matching(current)

    async def twice(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        """Send two answers at once."""
        answers = interaction.response.autocomplete(matching(current))
        await asyncio.gather(self._try(answers), self._try(interaction.response.autocomplete([])))
        self.done.set()
        return []

    async def message(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        """Try a type-4 message first, then the choices."""
        await self._try(interaction.response.send_message("Try Geralt"))
        return matching(current)

    async def with_followup(
        self, interaction: discord.Interaction, current: str
    ) -> list[Choice[str]]:
        """Answer, then try a follow-up message."""
        await interaction.response.autocomplete(matching(current))
        await self._try(interaction.followup.send("More cards soon"))
        self.done.set()
        return []


@pytest.fixture
async def http(emu: Emulator) -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession(emu.api_base + "/") as session:
        yield session


async def post_callback(
    http: aiohttp.ClientSession, handle: InteractionHandle, body: dict[str, Any]
) -> tuple[int, Any]:
    """POST an interaction callback as the bot would; the status and the JSON body, if any."""
    url = f"interactions/{handle.id}/{handle.interaction.token}/callback"
    async with http.post(url, json=body) as response:
        return response.status, await response.json() if response.status != 204 else None


def choices(count: int, *, name: str = "Card", value: Any = "card") -> dict[str, Any]:
    """Type-8 callback data with `count` copies of one choice."""
    return {"choices": [{"name": name, "value": value}] * count}


def test_platform_limits_are_accepted() -> None:
    validate_autocomplete(choices(25, name="n" * 100, value="v" * 100))
    validate_autocomplete({"choices": [{"name": "N", "value": 7}, {"name": "x", "value": 2.5}]})
    validate_autocomplete(choices(0))


@pytest.mark.parametrize(
    ("data", "field"),
    [
        (choices(26), "choices"),
        (choices(1, name="n" * 101), "name"),
        (choices(1, name=""), "name"),
        (choices(1, value="v" * 101), "value"),
        (choices(1, value=None), "value"),
        (choices(1, value=True), "value"),
        ({}, "choices"),
    ],
    ids=["26-choices", "long-name", "empty-name", "long-value", "no-value", "bool", "no-choices"],
)
def test_invalid_choices_are_50035(data: dict[str, Any], field: str) -> None:
    with pytest.raises(ApiError) as caught:
        validate_autocomplete(data)
    assert caught.value.code == 50035 and field in caught.value.detail


async def test_typing_offers_the_bots_choices_and_an_offered_value_can_be_sent(
    emu: Emulator, world: World
) -> None:
    alice = world.users[0]
    bot = DeckBot()
    async with run_bot(emu, bot):
        handle = alice.autocomplete_handle(world.channel, "deck add", "card", "ri", row="siege")
        offers = await handle.choices()
        assert offers == offered(matching("ri")) and len(offers) == 3
        assert await alice.autocomplete(world.channel, "deck add", "card", "") == offered(
            matching("")
        )
        added = await alice.slash(world.channel, "deck add", card=offers[2].value).message()
    assert added.content == "Added Triss Merigold (melee)."
    assert bot.typed == [("ri", "siege"), ("", None)]
    payload = handle.interaction.payload
    assert payload["type"] == 4 and (await handle.response()).type == 8
    assert payload["data"]["options"] == [
        {
            "type": 1,
            "name": "add",
            "options": [
                {"name": "card", "type": 3, "value": "ri", "focused": True},
                {"name": "row", "type": 3, "value": "siege"},
            ],
        }
    ]


async def test_only_declared_autocomplete_options_can_be_typed_into(
    emu: Emulator, world: World
) -> None:
    alice = world.users[0]
    async with run_bot(emu, DeckBot()):
        before = len(emu.store.interactions)
        for option in ("note", "row", "colour"):
            with pytest.raises(EmulatorUsageError, match="not an autocomplete option"):
                alice.autocomplete_handle(world.channel, "deck add", option, "x")
        with pytest.raises(EmulatorUsageError, match="being typed"):
            alice.autocomplete_handle(world.channel, "deck add", "card", "x", card="geralt")
        with pytest.raises(EmulatorUsageError, match="choices"):
            alice.autocomplete_handle(world.channel, "deck add", "card", "x", row="graveyard")
        command = alice.slash(world.channel, "deck add", card="geralt")
        with pytest.raises(EmulatorUsageError, match="not an autocomplete interaction"):
            await command.choices()
        assert (await command.message()).content == "Added Geralt of Rivia (melee)."
    assert len(emu.store.interactions) == before + 1, "only the slash command was dispatched"


@pytest.mark.parametrize(
    ("invalid", "field"),
    [
        (matching("") * 6, "choices"),
        ([Choice(name="Geralt of Rivia, " * 7, value="geralt")], "name"),
        ([Choice(name="Geralt", value="g" * 101)], "value"),
    ],
    ids=["30-choices", "long-name", "long-value"],
)
async def test_invalid_choices_are_rejected_and_recorded(
    emu: Emulator, world: World, invalid: list[Choice[str]], field: str
) -> None:
    bot = DeckBot()
    bot.answer, bot.invalid = bot.invalid_then_nothing, invalid
    async with run_bot(emu, bot):
        offers = await world.users[0].autocomplete(world.channel, "deck add", "card", "ger")
    assert offers == [] and bot.codes == [50035]
    [failure] = emu.bug_failures()
    assert failure.kind == "invalid_payload" and "choices" in failure.detail
    assert field in failure.detail
    emu.expect_failures("invalid_payload")


async def test_a_late_answer_is_unknown_interaction(emu: Emulator, world: World) -> None:
    emu.expect_failures("unknown_interaction")
    bot = DeckBot()
    bot.answer = bot.late
    async with run_bot(emu, bot, allow_errors=True):
        handle = world.users[0].autocomplete_handle(world.channel, "deck add", "card", "tri")
        await asyncio.wait_for(bot.entered.wait(), 5)
        emu.clock.advance(3.5)
        bot.gate.set()
        [failure] = await emu.wait_for(lambda: emu.failures)
    assert failure.kind == "unknown_interaction" and "after dispatch" in failure.detail
    assert handle.interaction.response is None


async def test_only_one_answer_is_accepted(emu: Emulator, world: World) -> None:
    emu.expect_failures("already_acknowledged")
    bot = DeckBot()
    bot.answer = bot.twice
    async with run_bot(emu, bot):
        world.users[0].autocomplete_handle(world.channel, "deck add", "card", "tri")
        await asyncio.wait_for(bot.done.wait(), 5)
    assert bot.codes == [40060] and [f.code for f in emu.failures] == [40060]


async def test_a_message_is_not_an_answer_to_an_autocomplete(emu: Emulator, world: World) -> None:
    emu.expect_failures("invalid_payload")
    bot = DeckBot()
    bot.answer = bot.message
    async with run_bot(emu, bot):
        offers = await world.users[0].autocomplete(world.channel, "deck add", "card", "yen")
    assert offers == offered(matching("yen")) and bot.codes == [50035]
    [failure] = emu.failures
    assert failure.kind == "invalid_payload" and "Invalid type 4" in failure.detail
    assert world.users[0].visible_messages(world.channel) == []


async def test_an_autocomplete_result_answers_nothing_else(
    emu: Emulator, world: World, http: aiohttp.ClientSession
) -> None:
    emu.expect_failures("invalid_payload")
    async with run_bot(emu, DeckBot()):
        pass
    handle = world.users[0].slash(world.channel, "deck add", card="geralt")
    assert not handle.delivered, "no bot is connected: the test answers"
    status, body = await post_callback(http, handle, {"type": 8, "data": choices(1)})
    assert status == 400 and body["code"] == 50035 and handle.interaction.response is None
    assert [f.kind for f in emu.failures] == ["invalid_payload"]
    assert (await post_callback(http, handle, {"type": 4, "data": {"content": "ok"}}))[0] == 204


async def test_an_autocomplete_gets_no_followups(emu: Emulator, world: World) -> None:
    bot = DeckBot()
    bot.answer = bot.with_followup
    async with run_bot(emu, bot):
        handle = world.users[0].autocomplete_handle(world.channel, "deck add", "card", "dan")
        assert await handle.choices() == offered(matching("dan"))
        await asyncio.wait_for(bot.done.wait(), 5)
    assert bot.codes == [10015] and handle.followups == []
    [failure] = emu.bug_failures()
    assert failure.kind == "autocomplete_followup" and failure.path.startswith("/webhooks/")
    emu.expect_failures("autocomplete_followup")


async def test_every_interaction_carries_the_users_client_locale(
    emu: Emulator, world: World
) -> None:
    alice, bob = world.users
    bot = DeckBot()
    seen: list[str] = []

    async def locale_of(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        seen.append(interaction.locale.value)
        return matching(current)

    bot.answer = locale_of
    alice.set_locale("pl")
    async with run_bot(emu, bot):
        handle = alice.autocomplete_handle(world.channel, "deck add", "card", "ge")
        await handle.choices()
        await bob.autocomplete(world.channel, "deck add", "card", "ge")
        alice.set_locale("ru")
        await alice.autocomplete(world.channel, "deck add", "card", "ge")
    assert seen == ["pl", "en-US", "ru"]
    assert handle.interaction.payload["locale"] == "pl"
