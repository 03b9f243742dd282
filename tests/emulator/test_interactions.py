"""Slash commands, buttons, selects, ephemerals and the interaction rules, with a tiny Gwent bot."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from .emulator import Emulator
from .errors import EmulatorUsageError
from .runner import run_bot
from .world import World

FACTIONS = ["monsters", "nilfgaard", "northern_realms", "scoiatael"]
CARDS = {"geralt": "Geralt of Rivia (15)", "ciri": "Cirilla (15)", "dandelion": "Dandelion (2)"}


class ChallengeButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"challenge:(?P<action>accept|decline):(?P<opponent>\d+)",
):
    """Accept/Decline buttons whose custom_id carries the state, so they survive restarts."""

    def __init__(self, action: str, opponent: int) -> None:
        style = discord.ButtonStyle.success if action == "accept" else discord.ButtonStyle.danger
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=action.title(), style=style, custom_id=f"challenge:{action}:{opponent}"
        )
        super().__init__(button)
        self.action = action
        self.opponent = opponent

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChallengeButton:
        return cls(match["action"], int(match["opponent"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        if interaction.user.id != self.opponent:
            await interaction.response.send_message("This challenge isn't for you.", ephemeral=True)
        elif self.action == "decline":
            await interaction.response.edit_message(content="Challenge declined.", view=None)
        else:
            await interaction.response.defer()
            await interaction.followup.send("Game on! Round 1.", wait=True)


class CardSelect(discord.ui.Select[Any]):
    def __init__(self) -> None:
        options = [
            discord.SelectOption(label=k.title(), value=k, description=v) for k, v in CARDS.items()
        ]
        super().__init__(custom_id="hand:play", placeholder="Play a card", options=options)

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=f"You played {self.values[0]}.", view=None)


class NameModal(discord.ui.Modal, title="Name your deck"):
    deck = discord.ui.TextInput(label="Deck name", custom_id="deck-name", max_length=40)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Deck saved: {self.deck.value}", ephemeral=True)


class GwentBot(commands.Bot):
    """The smallest bot that exercises every interaction path the real one will use."""

    def __init__(self) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            guild_ready_timeout=0.05,
        )
        self.gate = asyncio.Event()
        self.entered = asyncio.Event()
        self.ack_errors: list[int] = []
        self.done = asyncio.Event()
        self.kept: list[discord.Interaction] = []
        self.tree.add_command(self._group())

    async def setup_hook(self) -> None:
        self.add_dynamic_items(ChallengeButton)
        await self.tree.sync()

    def _group(self) -> app_commands.Group:
        group = app_commands.Group(name="gwent", description="Play Gwent")

        @group.command(name="challenge", description="Challenge a member to a game")
        @app_commands.choices(faction=[app_commands.Choice(name=f, value=f) for f in FACTIONS])
        async def challenge(
            interaction: discord.Interaction, opponent: discord.Member, faction: str = "monsters"
        ) -> None:
            view = discord.ui.View(timeout=None)
            view.add_item(ChallengeButton("accept", opponent.id))
            view.add_item(ChallengeButton("decline", opponent.id))
            text = (
                f"{interaction.user.display_name} ({faction}) challenges {opponent.display_name}!"
            )
            await interaction.response.send_message(text, view=view)

        @group.command(name="hand", description="Show your hand")
        async def hand(interaction: discord.Interaction) -> None:
            view = discord.ui.View()
            view.add_item(CardSelect())
            await interaction.response.send_message("Your hand:", view=view, ephemeral=True)

        @group.command(name="stats", description="Slow statistics")
        async def stats(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            self.kept.append(interaction)
            await interaction.followup.send("Wins: 3, losses: 1")

        @group.command(name="slow", description="Answers only when the test says so")
        async def slow(interaction: discord.Interaction) -> None:
            self.entered.set()
            await self.gate.wait()
            try:
                await interaction.response.send_message("finally")
            except discord.NotFound as error:
                self.ack_errors.append(error.code)

        @group.command(name="twice", description="Acknowledges twice at once")
        async def twice(interaction: discord.Interaction) -> None:
            results = await asyncio.gather(
                interaction.response.send_message("one"),
                interaction.response.send_message("two"),
                return_exceptions=True,
            )
            self.ack_errors += [r.code for r in results if isinstance(r, discord.HTTPException)]
            self.done.set()

        @group.command(name="deck", description="Name your deck")
        async def deck(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(NameModal())

        @group.command(name="tidy", description="Edits and deletes its own messages")
        async def tidy(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("draft")
            original = await interaction.original_response()
            await interaction.edit_original_response(content=original.content + " (edited)")
            note = await interaction.followup.send("note", wait=True)
            await note.edit(content="note (edited)")
            await interaction.delete_original_response()
            self.done.set()

        @group.command(name="bad", description="Sends a button label that is too long")
        async def bad(interaction: discord.Interaction) -> None:
            view = discord.ui.View()
            view.add_item(discord.ui.Button(label="x" * 81, custom_id="too-long"))
            try:
                await interaction.response.send_message("bad", view=view)
            except discord.HTTPException as error:
                self.ack_errors.append(error.code)
                await interaction.response.send_message("fallback")

        return group


async def test_slash_subcommand_with_user_option_answers_with_buttons(
    emu: Emulator, world: World
) -> None:
    alice, bob = world.users
    async with run_bot(emu, GwentBot()):
        handle = alice.slash(world.channel, "gwent challenge", opponent=bob, faction="nilfgaard")
        response = await handle.response()
    assert response.type == 4 and response.message is not None
    message = response.message
    assert message.content == "Alice (nilfgaard) challenges Bob!"
    assert [[b.label for b in row] for row in message.components] == [["Accept", "Decline"]]
    assert message.buttons[0].custom_id == f"challenge:accept:{bob.id}"
    option_tree = handle.interaction.payload["data"]["options"]
    assert option_tree[0]["type"] == 1 and option_tree[0]["name"] == "challenge"
    assert str(bob.id) in handle.interaction.payload["data"]["resolved"]["members"]


async def test_button_update_and_defer_followup(emu: Emulator, world: World) -> None:
    alice, bob = world.users
    async with run_bot(emu, GwentBot()):
        first = await alice.slash(world.channel, "gwent challenge", opponent=bob).message()
        declined = await bob.click(first, label="Decline").response()
        assert declined.type == 7 and first.content == "Challenge declined." and first.buttons == []

        second = await alice.slash(world.channel, "gwent challenge", opponent=bob).message()
        accept = bob.click(second, label="Accept")
        assert (await accept.response()).type == 6
        game = await accept.followup()
    assert game.content == "Game on! Round 1." and not game.ephemeral
    assert game in alice.visible_messages(world.channel)


async def test_answer_time_is_the_callback_or_the_first_message_after_a_defer(
    emu: Emulator, world: World
) -> None:
    alice, bob = world.users
    async with run_bot(emu, GwentBot()):
        first = await alice.slash(world.channel, "gwent challenge", opponent=bob).message()
        declined = bob.click(first, label="Decline")
        await declined.response()
        second = await alice.slash(world.channel, "gwent challenge", opponent=bob).message()
        accept = bob.click(second, label="Accept")
        await accept.response()
        game = await accept.followup()
    update = declined.interaction
    assert update.answered_at is not None and update.answered_at == update.acknowledged_at
    deferred = accept.interaction
    assert deferred.answered_at is not None and deferred.acknowledged_at is not None
    assert deferred.acknowledged_at <= game.posted_at <= deferred.answered_at


async def test_wrong_user_gets_an_ephemeral_only_they_see(emu: Emulator, world: World) -> None:
    alice, bob = world.users
    async with run_bot(emu, GwentBot()):
        challenge = await alice.slash(world.channel, "gwent challenge", opponent=bob).message()
        refusal = await alice.click(challenge, custom_id=f"challenge:accept:{bob.id}").message()
    assert refusal.ephemeral and refusal.content == "This challenge isn't for you."
    assert refusal in alice.visible_messages(world.channel) and refusal in alice.ephemerals()
    assert refusal not in bob.visible_messages(world.channel) and bob.ephemerals() == []


async def test_select_on_an_ephemeral_hand(emu: Emulator, world: World) -> None:
    alice, bob = world.users
    async with run_bot(emu, GwentBot()):
        hand = await alice.slash(world.channel, "gwent hand").message()
        assert [o.description for o in hand.select("Play a card").options] == list(CARDS.values())
        with pytest.raises(EmulatorUsageError):
            bob.select(hand, "hand:play", ["geralt"])
        with pytest.raises(EmulatorUsageError):
            alice.select(hand, "hand:play", ["yennefer"])
        played = await alice.select(hand, "Play a card", ["ciri"]).response()
    assert played.type == 7 and hand.content == "You played ciri." and hand.selects == []
    assert hand.ephemeral


async def test_deferred_then_followup_edits_the_thinking_message(
    emu: Emulator, world: World
) -> None:
    alice, bob = world.users
    async with run_bot(emu, GwentBot()):
        handle = alice.slash(world.channel, "gwent stats")
        deferred = await handle.response()
        result = await handle.followup()
    assert deferred.type == 5 and deferred.message == result
    assert result.content == "Wins: 3, losses: 1" and not result.loading and result.ephemeral
    assert bob.visible_messages(world.channel) == []


async def test_late_acknowledgement_is_unknown_interaction(emu: Emulator, world: World) -> None:
    emu.expect_failures("unknown_interaction")
    bot = GwentBot()
    async with run_bot(emu, bot):
        world.users[0].slash(world.channel, "gwent slow")
        await asyncio.wait_for(bot.entered.wait(), 5)
        emu.clock.advance(3.5)
        bot.gate.set()
        failure = await emu.wait_for(lambda: emu.failures and emu.failures[-1])
    assert bot.ack_errors == [10062]
    assert failure.kind == "unknown_interaction" and failure.code == 10062
    assert "after dispatch" in failure.detail


async def test_dispatch_acknowledgement_and_post_times_are_recorded(
    emu: Emulator, world: World
) -> None:
    bot = GwentBot()
    async with run_bot(emu, bot):
        handle = world.users[0].slash(world.channel, "gwent slow")
        await asyncio.wait_for(bot.entered.wait(), 5)
        assert handle.interaction.acknowledged_at is None
        emu.clock.advance(1.0)
        bot.gate.set()
        message = await handle.message()
    interaction = handle.interaction
    assert interaction.acknowledged_at is not None
    assert 1.0 <= interaction.acknowledged_at - interaction.created_at < 3.0
    assert interaction.created_at + 1.0 <= message.posted_at <= interaction.acknowledged_at


async def test_second_acknowledgement_is_rejected(emu: Emulator, world: World) -> None:
    emu.expect_failures("already_acknowledged")
    bot = GwentBot()
    async with run_bot(emu, bot):
        await world.users[0].slash(world.channel, "gwent twice").response()
        await asyncio.wait_for(bot.done.wait(), 5)
    assert bot.ack_errors == [40060]
    assert [f.code for f in emu.failures] == [40060]


async def test_interaction_token_expires_after_15_minutes(emu: Emulator, world: World) -> None:
    emu.expect_failures("expired_token")
    bot = GwentBot()
    async with run_bot(emu, bot):
        await world.users[0].slash(world.channel, "gwent stats").followup()
        emu.clock.advance(14 * 60)
        await bot.kept[0].followup.send("still fine")
        emu.clock.advance(2 * 60)
        with pytest.raises(discord.HTTPException) as caught:
            await bot.kept[0].followup.send("too late")
    assert caught.value.status == 401 and caught.value.code == 50027


async def test_invalid_components_are_rejected_and_recorded(emu: Emulator, world: World) -> None:
    emu.expect_failures("invalid_payload")
    bot = GwentBot()
    async with run_bot(emu, bot):
        fallback = await world.users[0].slash(world.channel, "gwent bad").message()
    assert bot.ack_errors == [50035] and fallback.content == "fallback"
    [failure] = emu.failures
    assert failure.kind == "invalid_payload" and "label" in failure.detail


async def test_components_still_work_after_a_restart(emu: Emulator, world: World) -> None:
    alice, bob = world.users
    async with run_bot(emu, GwentBot()):
        challenge = await alice.slash(world.channel, "gwent challenge", opponent=bob).message()
    async with run_bot(emu, GwentBot()):
        declined = await bob.click(challenge, label="Decline").response()
    assert declined.type == 7 and challenge.content == "Challenge declined."


async def test_disabled_or_missing_components_cannot_be_clicked(
    emu: Emulator, world: World
) -> None:
    alice, bob = world.users
    async with run_bot(emu, GwentBot()):
        challenge = await alice.slash(world.channel, "gwent challenge", opponent=bob).message()
    challenge.model.components[0]["components"][0]["disabled"] = True
    with pytest.raises(EmulatorUsageError, match="disabled"):
        bob.click(challenge, label="Accept")
    with pytest.raises(EmulatorUsageError, match="no button"):
        bob.click(challenge, label="Forfeit")
    with pytest.raises(EmulatorUsageError, match="choices"):
        alice.slash(world.channel, "gwent challenge", opponent=bob, faction="skellige")


async def test_modal_opens_and_its_submission_reaches_the_bot(emu: Emulator, world: World) -> None:
    alice = world.users[0]
    async with run_bot(emu, GwentBot()):
        opened = alice.slash(world.channel, "gwent deck")
        modal = (await opened.response()).modal
        assert modal is not None and modal["title"] == "Name your deck"
        saved = await alice.submit_modal(opened, {"deck-name": "Wild Hunt"}).message()
    assert saved.content == "Deck saved: Wild Hunt" and saved.ephemeral


async def test_original_response_edit_delete_and_followup_edit(emu: Emulator, world: World) -> None:
    alice = world.users[0]
    bot = GwentBot()
    async with run_bot(emu, bot):
        handle = alice.slash(world.channel, "gwent tidy")
        await asyncio.wait_for(bot.done.wait(), 5)
    assert (await handle.response()).message.deleted  # type: ignore[union-attr]
    assert [m.content for m in alice.visible_messages(world.channel)] == ["note (edited)"]
    webhook_calls = [
        (r.method, r.path.split("/")[-1]) for r in emu.log if r.path.startswith("/webhooks/")
    ]
    assert webhook_calls == [
        ("GET", "@original"),
        ("PATCH", "@original"),
        ("POST", handle.interaction.token),
        ("PATCH", str(handle.followups[0].id)),
        ("DELETE", "@original"),
    ]
