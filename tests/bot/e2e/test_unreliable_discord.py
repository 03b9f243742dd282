"""Matches played while Discord fails one request in ten.

The emulator applies Discord's rate limits and fails one request in ten at random, from a
seeded generator: 429s, 500, 502, 503 and 504 before the request is applied, and 5xx after
it was (the message is posted or edited, the answer is an error). The periodic reconcile is
switched off, so only the prompt retries can show a board whose post failed.

The players act as people would: a click that gets no answer is tried again from the newest
board. Each match yields a Transcript; every property in CHECKS is checked against each one.
Extend the test by adding a check.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TypeVar

import discord
import pytest

from bot.discord.client import GwentBot
from bot.discord.match import publisher
from bot.service import Services
from bot.storage.records import CHOOSING, OVER, MatchRecord
from tests.bot.e2e.driver import (
    HAND_RULES,
    Table,
    board_count,
    enabled,
    signature,
    to_act,
    told,
)
from tests.emulator import (
    Channel,
    Emulator,
    EmulatorUsageError,
    InteractionHandle,
    MessageView,
    RateLimits,
    VirtualUser,
    World,
    run_bot,
)

T = TypeVar("T")

ONE_IN = 10
SEED = 11  # the faults'
PLAYERS_SEED = 4  # the players' choices
PAIRS = 3
# Players pass often, so that matches are short.
PASS_BIAS = 0.7
# How long a player waits for an answer to a click before clicking again.
ANSWER_SECONDS = 6.0
# A new board (or the lobby, or the result) must be shown within this long.
SHOWN_SECONDS = 20.0
ATTEMPTS = 6
POLL_SECONDS = 0.05
# Actions before round 1, while one board is edited instead of new ones posted.
PRE_PLAY = ("first", "mulligan", "keep")
# The moves a board or result tells (bot.discord.match.public.narration).
NARRATION = re.compile(r"^(?:Last move|Moves): (.*)$", re.M)
# A follow-up, posted through an interaction token.
FOLLOW_UP = re.compile(r"^/webhooks/\d+/[^/]+$")


@pytest.fixture
def rate_limits() -> RateLimits:
    """Discord's rate limits, at their real speed."""
    return RateLimits.discord()


@dataclass
class Transcript:
    """What one match showed in its channel, and what it stored."""

    match: MatchRecord
    channel: Channel
    # The action counts the match went through, one per move (a move may store several
    # actions, e.g. with an automatic pass), from 0 to the final one.
    states: list[int] = field(default_factory=list)
    # Seconds from seeing each state stored to seeing it shown (a board, then the result).
    waits: list[float] = field(default_factory=list)
    # Read once the match is over: the stored actions, and every message of the channel.
    actions: list[tuple[int, str, str]] = field(default_factory=list)
    messages: list[MessageView] = field(default_factory=list)
    # The match log as spectators read it, line by line.
    events: tuple[str, ...] = ()

    def public(self) -> list[MessageView]:
        """The channel's messages everyone sees, oldest first."""
        return [m for m in self.messages if not m.ephemeral]

    def boards(self) -> list[MessageView]:
        """The board messages, oldest first."""
        return [m for m in self.public() if any(b.label == "Show my hand" for b in m.buttons)]

    def results(self) -> list[MessageView]:
        """The result messages."""
        return [m for m in self.public() if any(b.label == "Rematch" for b in m.buttons)]

    def lobbies(self) -> list[MessageView]:
        """The lobby messages (closed once both players were ready)."""
        return [m for m in self.public() if "Decks are chosen" in m.content
                or any(b.label == "Ready" for b in m.buttons)]


async def until(check: Callable[[], Awaitable[T | None]], timeout: float, what: str) -> T:
    """Poll the bot's database (which the emulator does not see change) until `check`
    returns something."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while (found := await check()) is None:
        if loop.time() > deadline:
            raise TimeoutError(f"timed out after {timeout}s waiting for {what}")
        await asyncio.sleep(POLL_SECONDS)
    return found


class Players:
    """Two people playing one match through an unreliable Discord."""

    def __init__(self, emu: Emulator, services: Services, users: tuple[VirtualUser, VirtualUser],
                 rng: random.Random) -> None:
        self.emu = emu
        self.services = services
        self.users = users
        self.rng = rng

    async def open(self, challenge: MessageView) -> tuple[Table, MatchRecord]:
        """Accept the challenge, then both press Ready in the lobby."""
        challenge_id = int(challenge.button(label="Accept").custom_id.split(":")[2])

        async def accepted() -> int | None:
            return (await self.services.challenges.get(challenge_id)).match_id

        match_id = await self._retry(lambda: self.users[1].click(challenge, label="Accept"),
                                     accepted, "the challenge to be accepted")
        match = await self.services.matches.get(match_id)
        table = Table(self.emu, {u.id: u for u in self.users}, self.emu.store.channels[
            match.channel_id])
        lobby = await self.emu.wait_for(lambda: next(
            (m for m in table.visible() if any(b.label == "Ready" for b in m.buttons)), None),
            SHOWN_SECONDS, f"the lobby of match {match_id}")
        for seat, user in enumerate(self.users):
            async def ready(seat: int = seat) -> bool | None:
                record = await self.services.matches.get(match_id)
                return True if record.status != CHOOSING or record.seats[seat].ready else None

            await self._retry(lambda user=user: user.click(lobby, label="Ready"), ready,
                              f"seat {seat} to be ready")
        return table, match

    async def play(self, table: Table, match: MatchRecord) -> Transcript:
        """Play until the result, checking that every state is shown in time."""
        transcript = Transcript(match, table.channel)
        loop = asyncio.get_running_loop()
        while True:
            record = await self.services.matches.get(match.id)
            count = record.action_count
            transcript.states.append(count)
            seen = loop.time()
            if record.status == OVER:
                await self.emu.wait_for(lambda: any(
                    b.label == "Rematch" for m in table.visible() for b in m.buttons),
                    SHOWN_SECONDS, f"the result of match {match.id}")
                transcript.waits.append(loop.time() - seen)
                return transcript
            board = await self.emu.wait_for(partial(_board, table, count), SHOWN_SECONDS,
                                            f"board {count} of match {match.id}")
            transcript.waits.append(loop.time() - seen)
            await self._move(table, board, count)

    async def _move(self, table: Table, board: MessageView, count: int) -> None:
        """Make one move from the board, clicking again when an answer does not come."""
        user = table.players[to_act(board)[0]]
        for _ in range(ATTEMPTS):
            with contextlib.suppress(TimeoutError, EmulatorUsageError):
                hand = await user.click(board, label="Show my hand").message(ANSWER_SECONDS)
                for _ in range(2):  # a card, then its follow-up question if any
                    before = signature(hand)
                    click = table.choose(user, hand, self.rng, PASS_BIAS)
                    answered = partial(_answered, table, hand, before, click, count)
                    with contextlib.suppress(TimeoutError):
                        await self.emu.wait_for(answered, ANSWER_SECONDS, "an answer")
                    if (await self.services.matches.get(board_match(board))).action_count > count:
                        return
                    if enabled(hand, HAND_RULES):  # no follow-up question was asked
                        break  # refused or not answered: again from the board
        raise AssertionError(f"no move was made from board {count} in {ATTEMPTS} attempts")

    async def _retry(self, click: Callable[[], object], done: Callable[[], Awaitable[T | None]],
                     what: str) -> T:
        """Click until `done` says the click took effect."""
        for _ in range(ATTEMPTS):
            with contextlib.suppress(EmulatorUsageError):
                click()
            with contextlib.suppress(TimeoutError):
                return await until(done, ANSWER_SECONDS, what)
        raise AssertionError(f"no answer after {ATTEMPTS} attempts: {what}")


def _answered(table: Table, hand: MessageView, before: tuple[object, ...],
              click: InteractionHandle, count: int) -> bool:
    """Whether a click on the hand view of board `count` was answered, or made a move
    that was shown."""
    return bool(signature(hand) != before or told(click)
                or _board(table, count + 1, newer=True))


def board_match(board: MessageView) -> int:
    """The match a board shows (from its Show my hand button)."""
    custom_id = board.button(label="Show my hand").custom_id
    assert custom_id is not None
    return int(custom_id.split(":")[2])


def _board(table: Table, count: int, newer: bool = False) -> MessageView | None:
    """The board of action count `count` (or any newer one) in the match's channel."""
    for message in table.visible():
        if message.ephemeral or not any(b.label == "Show my hand" for b in message.buttons):
            continue
        shown = board_count(message)
        if shown == count or (newer and shown > count):
            return message
    return None


# ---------------------------------------------------------------------------- checks

def every_match_finishes(t: Transcript) -> None:
    """The match is over, with one result message."""
    assert t.match.status == OVER and len(t.results()) == 1, (t.match.status, t.results())


def every_move_is_shown(t: Transcript) -> None:
    """Each state the match went through got its board, and the last one its result, within
    SHOWN_SECONDS (the reconcile being off, thanks to the retries alone). Before round 1
    nothing public changes between the redraws: one board is edited through them, and shows
    the last state before play."""
    before_play = max(n for n, action, _ in t.actions if action.split()[1] in PRE_PLAY)
    counts = [board_count(b) for b in t.boards()]
    assert counts[0] < before_play <= counts[1], counts
    assert counts[1:] == [s for s in t.states[:-1] if s >= before_play]
    assert t.states[-1] == len(t.actions) and max(t.waits) < SHOWN_SECONDS


def every_move_is_narrated_once(t: Transcript) -> None:
    """The boards and the result tell the match log once, in order, with nothing left out
    (a board that could not be shown is caught up on by the next)."""
    told = [NARRATION.search(m.content) for m in [*t.boards(), *t.results()]]
    narrated = " ".join(found[1] for found in told if found is not None)
    assert narrated == discord.utils.escape_markdown(" ".join(t.events))


def nothing_is_posted_twice(t: Transcript) -> None:
    """One lobby, one board per state, one result: no retry posted a message twice."""
    counts = [board_count(b) for b in t.boards()]
    assert len(counts) == len(set(counts)), counts
    assert len(t.lobbies()) == 1 and len(t.results()) == 1


CHECKS: list[Callable[[Transcript], None]] = [
    every_match_finishes,
    every_move_is_shown,
    every_move_is_narrated_once,
    nothing_is_posted_twice,
]


async def test_matches_finish_while_discord_fails_one_request_in_ten(
        emu: Emulator, world: World, make_bot: Callable[[], GwentBot],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(publisher, "RECONCILE_SECONDS", 3600.0)
    users = [emu.create_user(f"player{n}", guilds=(world.guild,)) for n in range(2 * PAIRS)]
    pairs = [(users[2 * n], users[2 * n + 1]) for n in range(PAIRS)]
    bot = make_bot()
    async with run_bot(emu, bot) as run:
        challenges = [await first.slash(world.channel, "gwent challenge",
                                        opponent=second).message() for first, second in pairs]
        faults = emu.fail_randomly(ONE_IN, seed=SEED)
        emu.expect_failures("injected")
        players = [Players(emu, bot.services, pair, random.Random(f"{PLAYERS_SEED}:{n}"))
                   for n, pair in enumerate(pairs)]

        async def whole(players: Players, challenge: MessageView) -> Transcript:
            table, match = await players.open(challenge)
            return await players.play(table, match)

        transcripts = await asyncio.gather(*map(whole, players, challenges))
        emu.stop_failing()
        assert not bot.is_closed() and not run.errors, "the bot kept running"
        for transcript in transcripts:
            transcript.match = await bot.services.matches.get(transcript.match.id)
            transcript.actions = await bot.services.matches.actions(transcript.match.id)
            transcript.messages = emu.messages(transcript.channel)
            final = (await bot.services.matches.public(transcript.match.id)).observation
            assert final is not None
            transcript.events = final.events
    for transcript in transcripts:
        for check in CHECKS:
            check(transcript)
    # The seeds were chosen so that posts failed as discord.py does not retry them (a 503),
    # and after Discord had posted them.
    posts = {(status, after) for method, path, status, after in faults.drawn
             if method == "POST" and (path.endswith("/messages") or FOLLOW_UP.match(path))}
    assert (503, False) in posts and any(after for _, after in posts), posts
