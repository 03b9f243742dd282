"""Play Gwent through the emulator as people would: read messages, click what is shown."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from tests.emulator import Channel, Emulator, InteractionHandle, MessageView, VirtualUser
from tests.emulator.components import Button, Select
from tests.emulator.interactions import MESSAGE

MENTION = re.compile(r"<@(\d+)>")


def newest(messages: list[MessageView], label: str) -> MessageView | None:
    """The newest message with an enabled button of that label."""
    for message in reversed(messages):
        if any(b.label == label and not b.disabled for b in message.buttons):
            return message
    return None


def board_count(board: MessageView) -> int:
    """The action count a board shows (from its Show my hand button)."""
    custom_id = board.button(label="Show my hand").custom_id
    assert custom_id is not None
    return int(custom_id.rsplit(":", 1)[1])


def to_act(board: MessageView) -> list[int]:
    """The users the board's last line mentions (whose turn it is)."""
    return [int(u) for u in MENTION.findall(board.content.splitlines()[-1])]


def told(handle: InteractionHandle) -> list[MessageView]:
    """What the bot told the user about a click on a message besides updating it (a
    refusal): a new message as its answer, or follow-ups after acknowledging it."""
    response = handle.interaction.response
    first = ([MessageView(response.message)]
             if response is not None and response.type == MESSAGE and response.message else [])
    return first + handle.followups


async def refusal(emu: Emulator, handle: InteractionHandle, timeout: float = 5.0
                  ) -> MessageView:
    """Wait for the bot to tell the user why a click on a message did nothing."""
    found = await emu.wait_for(lambda: told(handle), timeout, f"a refusal of {handle.id}")
    return found[0]


def signature(message: MessageView) -> tuple[object, ...]:
    """What changes when a message is edited (its text and components)."""
    return (message.content, tuple((b.custom_id, b.disabled) for b in message.buttons),
            tuple(s.custom_id for s in message.selects))


@dataclass
class Table:
    """The emulator, the players and the channel a match lives in."""

    emu: Emulator
    players: dict[int, VirtualUser]
    channel: Channel

    def visible(self) -> list[MessageView]:
        """What the first player sees in the match channel (public and their ephemerals)."""
        return next(iter(self.players.values())).visible_messages(self.channel)

    async def board_after(self, count: int, timeout: float = 10.0) -> MessageView:
        """Wait for a board newer than `count`, or the result message."""
        def found() -> MessageView | None:
            messages = self.visible()
            result = newest(messages, "Rematch")
            if result is not None:
                return result
            board = newest(messages, "Show my hand")
            return board if board is not None and board_count(board) > count else None

        return await self.emu.wait_for(found, timeout, f"a board after action {count}")

    async def open_hand(self, user: VirtualUser, board: MessageView) -> MessageView:
        """Click Show my hand and return the private hand message."""
        handle = user.click(board, label="Show my hand")
        return await handle.message()

    async def settle(self, handle: InteractionHandle, message: MessageView,
                     before: tuple[object, ...]) -> None:
        """Wait until a click on `message` edited it or was refused."""
        await self.emu.wait_for(lambda: signature(message) != before or told(handle),
                                10.0, "the clicked message to change")
        assert not told(handle), told(handle)[0].content

    async def play_one(self, user: VirtualUser, hand: MessageView, rng: random.Random,
                       pass_bias: float) -> None:
        """Make one legal move from the hand view, answering any follow-up question."""
        before = signature(hand)
        handle = self.choose(user, hand, rng, pass_bias)
        await self.settle(handle, hand, before)
        if any(b.label == "Back" for b in hand.buttons):  # a follow-up question
            before = signature(hand)
            handle = self.choose(user, hand, rng, pass_bias, skip=("Back",))
            await self.settle(handle, hand, before)

    def choose(self, user: VirtualUser, hand: MessageView, rng: random.Random,
               pass_bias: float, skip: tuple[str, ...] = ()) -> InteractionHandle:
        """Click a random legal input of the hand view (a pass with `pass_bias`)."""
        buttons: list[Button] = [b for b in hand.buttons if not b.disabled
                                 and b.label not in ("Refresh", "Rules", *skip)]
        selects: list[Select] = [s for s in hand.selects if not s.disabled]
        passing = [b for b in buttons if b.label in ("Pass", "Keep this hand")]
        if passing and (rng.random() < pass_bias or not selects):
            return user.click(hand, custom_id=passing[0].custom_id)
        if selects and (not buttons or rng.random() < 0.85):
            menu = rng.choice(selects)
            return user.select(hand, menu.custom_id, [rng.choice(menu.options).value])
        return user.click(hand, custom_id=rng.choice(buttons).custom_id)

    async def play_to_the_end(self, rng: random.Random, pass_bias: float = 0.15,
                              max_turns: int = 400) -> MessageView:
        """Play random moves through the UI until the result message appears."""
        count = -1
        for _ in range(max_turns):
            board = await self.board_after(count)
            if any(b.label == "Rematch" for b in board.buttons):
                return board
            count = board_count(board)
            user = self.players[to_act(board)[0]]
            hand = await self.open_hand(user, board)
            await self.play_one(user, hand, rng, pass_bias)
        raise AssertionError("the match did not end")


async def open_match(emu: Emulator, channel: Channel, challenger: VirtualUser,
                     opponent: VirtualUser, ready: bool = True,
                     **options: object) -> tuple[Table, MessageView]:
    """Challenge, accept and (optionally) press Ready for both; return the table and the
    first board (or the lobby when not ready)."""
    challenge = await challenger.slash(channel, "gwent challenge", opponent=opponent,
                                       **options).message()
    opponent.click(challenge, label="Accept")
    await emu.wait_for(lambda: "accepted" in challenge.content, 5, "the accepted challenge")
    match = re.search(r"<#(\d+)>", challenge.content)
    where = emu.store.channels[int(match.group(1))] if match else channel
    table = Table(emu, {challenger.id: challenger, opponent.id: opponent}, where)
    lobby = await emu.wait_for(lambda: newest(table.visible(), "Ready"), 5, "the lobby")
    if not ready:
        return table, lobby
    readies = [user.click(lobby, label="Ready") for user in (challenger, opponent)]
    board = await table.board_after(-1)
    for handle in readies:  # both answered (a hand or the deck choice), nothing in flight
        await handle.message()
    return table, board
