"""Play Gwent through the emulator as people would: read messages, click what is shown.

The match's buttons are found by what they do (their custom_id), not by their labels, so
that matches can be played in any language."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from tests.emulator import Channel, Emulator, InteractionHandle, MessageView, VirtualUser
from tests.emulator.components import Button, Select
from tests.emulator.interactions import MESSAGE

MENTION = re.compile(r"<@(\d+)>")
SHOW_MY_HAND, REMATCH, MOVE, HAND_RULES = "gw:hand:", "gw:rematch:", "gw:move:", "gw:hrules:"
COUNTED = re.compile(r"gw:(?:hand|card|move|pick):\d+:(\d+)")


def newest(messages: list[MessageView], label: str) -> MessageView | None:
    """The newest message with an enabled button of that label."""
    for message in reversed(messages):
        if any(b.label == label and not b.disabled for b in message.buttons):
            return message
    return None


def enabled(message: MessageView, prefix: str) -> list[Button]:
    """The message's enabled buttons whose custom_id starts with `prefix`."""
    return [b for b in message.buttons
            if not b.disabled and (b.custom_id or "").startswith(prefix)]


def newest_public(messages: list[MessageView], prefix: str) -> MessageView | None:
    """The newest public message with an enabled button whose custom_id starts with
    `prefix` ("gw:hand:" is a board's Show my hand, "gw:rematch:" the result's Rematch)."""
    for message in reversed(messages):
        if not message.ephemeral and enabled(message, prefix):
            return message
    return None


def board_count(board: MessageView) -> int:
    """The action count a board shows (from its Show my hand button)."""
    [show] = [b for b in board.buttons if (b.custom_id or "").startswith(SHOW_MY_HAND)]
    assert show.custom_id is not None
    return int(show.custom_id.rsplit(":", 1)[1])


def to_act(board: MessageView) -> list[int]:
    """The users the board's last line mentions (whose turn it is)."""
    return [int(u) for u in MENTION.findall(board.content.splitlines()[-1])]


def told(handle: InteractionHandle) -> list[MessageView]:
    """What the bot told the user about a click on a message besides updating it (a
    refusal): a new message as its answer, or private follow-ups after acknowledging it (a
    public follow-up is the board of the move the click made)."""
    response = handle.interaction.response
    first = ([MessageView(response.message)]
             if response is not None and response.type == MESSAGE and response.message else [])
    return first + [m for m in handle.followups if m.ephemeral]


def shown_texts(message: MessageView) -> Iterator[str]:
    """Every text of a message a reader sees: content, embeds, buttons and menus."""
    yield message.content
    for embed in message.embeds:
        yield from (embed.get("title") or "", embed.get("description") or "",
                    (embed.get("footer") or {}).get("text", ""),
                    (embed.get("author") or {}).get("name", ""))
        for embed_field in embed.get("fields", []):
            yield from (embed_field["name"], embed_field["value"])
    yield from (button.label or "" for button in message.buttons)
    for menu in message.selects:
        yield menu.placeholder or ""
        for option in menu.options:
            yield from (option.label, option.description or "")


class Refused(AssertionError):
    """A click the bot turned down (its text says why)."""


def clicked_count(handle: InteractionHandle) -> int:
    """The action count a click on a hand view was made at (from its custom_id)."""
    found = COUNTED.match(str(handle.interaction.payload["data"]["custom_id"]))
    assert found is not None
    return int(found[1])


def view_count(view: MessageView) -> int:
    """The action count a player's hand view shows (from its components; -1 for the deck
    choice before the match starts)."""
    for component in [*view.buttons, *view.selects]:
        found = COUNTED.match(component.custom_id or "")
        if found:
            return int(found[1])
    return -1


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
    # Each player's private view: the hand message the bot keeps up to date.
    views: dict[int, MessageView] = field(default_factory=dict)

    def visible(self) -> list[MessageView]:
        """What the first player sees in the match channel (public and their ephemerals)."""
        return next(iter(self.players.values())).visible_messages(self.channel)

    async def board_after(self, count: int, timeout: float = 10.0) -> MessageView:
        """Wait for a board newer than `count`, or the result message."""
        def found() -> MessageView | None:
            messages = self.visible()
            result = newest_public(messages, REMATCH)
            if result is not None:
                return result
            board = newest_public(messages, SHOW_MY_HAND)
            return board if board is not None and board_count(board) > count else None

        return await self.emu.wait_for(found, timeout, f"a board after action {count}")

    async def open_hand(self, user: VirtualUser, board: MessageView) -> MessageView:
        """Click Show my hand and return the private hand message, the user's view now."""
        [show] = enabled(board, SHOW_MY_HAND)
        handle = user.click(board, custom_id=show.custom_id)
        view = await handle.message()
        self.views[user.id] = view
        return view

    async def hand_for(self, user: VirtualUser, board: MessageView,
                       timeout: float = 10.0) -> MessageView:
        """The user's open view once the bot brought it up to the board's state (a player
        with a view needs no Show my hand); Show my hand when they have none."""
        view = self.views.get(user.id)
        if view is None or view.deleted:
            return await self.open_hand(user, board)
        count = board_count(board)
        await self.emu.wait_for(lambda: view_count(view) >= count, timeout,
                                f"{user.name}'s view to show action {count}")
        return view

    async def settle(self, handle: InteractionHandle) -> None:
        """Wait until a click was answered; raise Refused if it was turned down."""
        await self.emu.wait_for(lambda: handle.interaction.answered_at is not None
                                or told(handle), 10.0, "the click's answer")
        if told(handle):
            raise Refused(told(handle)[0].content)

    async def play_one(self, user: VirtualUser, hand: MessageView, rng: random.Random,
                       pass_bias: float) -> int:
        """Make one legal move from the hand view, answering any follow-up question; return
        the action count the move was made at (its click's)."""
        handle = self.choose(user, hand, rng, pass_bias)
        await self.settle(handle)
        if not enabled(hand, HAND_RULES):  # a follow-up question (with Back, not Rules)
            handle = self.choose(user, hand, rng, pass_bias)
            await self.settle(handle)
        return clicked_count(handle)

    def choose(self, user: VirtualUser, hand: MessageView, rng: random.Random,
               pass_bias: float) -> InteractionHandle:
        """Click a random legal input of the hand view (a pass with `pass_bias`)."""
        buttons = enabled(hand, MOVE)
        selects: list[Select] = [s for s in hand.selects if not s.disabled]
        passing = [b for b in buttons if (b.custom_id or "").endswith((":pass", ":keep"))]
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
            if enabled(board, REMATCH):
                return board
            count = board_count(board)
            user = self.players[to_act(board)[0]]
            hand = await self.hand_for(user, board)
            await self.play_one(user, hand, rng, pass_bias)
        raise AssertionError("the match did not end")


async def open_match(emu: Emulator, channel: Channel, challenger: VirtualUser,
                     opponent: VirtualUser, ready: bool = True,
                     **options: object) -> tuple[Table, MessageView]:
    """Challenge, accept and (optionally) press Ready for both; return the table and the
    first board (or the lobby when not ready)."""
    challenge = await challenger.slash(channel, "gwent challenge", opponent=opponent,
                                       **options).message()
    [accept] = [b for b in enabled(challenge, "gw:ch:")
                if (b.custom_id or "").endswith(":accept")]
    opponent.click(challenge, custom_id=accept.custom_id)
    await emu.wait_for(lambda: not enabled(challenge, "gw:ch:"), 5, "the accepted challenge")
    match = re.search(r"<#(\d+)>", challenge.content)
    where = emu.store.channels[int(match.group(1))] if match else channel
    table = Table(emu, {challenger.id: challenger, opponent.id: opponent}, where)
    lobby = await emu.wait_for(lambda: newest_public(table.visible(), "gw:lobby:"), 5,
                               "the lobby")
    if not ready:
        return table, lobby
    [ready_button] = [b for b in enabled(lobby, "gw:lobby:")
                      if (b.custom_id or "").endswith(":ready")]
    readies = [user.click(lobby, custom_id=ready_button.custom_id)
               for user in (challenger, opponent)]
    board = await table.board_after(-1)
    for user, handle in zip((challenger, opponent), readies, strict=True):
        # Both answered (a hand, or the deck choice that becomes one): their views.
        table.views[user.id] = await handle.message()
    return table, board
