"""Shows committed changes in Discord: lobby, boards, results, DMs, warnings.

Every method reads the current state from the service, so a post that fails (429, 5xx,
Forbidden) is simply retried by the next change or the periodic reconcile; no move is ever
re-applied and none is lost. Before that, a 5xx or a 429 is retried at once a few times
(bot.discord.core.retry): every post carries a nonce, so a retry never posts twice.

When several processes share the database, one posts a match's messages at a time (the
match's post lease), the reconcile runs in the process on duty, and boards and results are
sent with a nonce Discord enforces: a post retried after its process died mid-way returns
the message already posted instead of a second one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Coroutine
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.core.retry import retrying
from bot.discord.match.hand import hand_message
from bot.discord.match.public import (
    board_message,
    challenge_closed_message,
    dms_closed_note,
    lobby_closed_message,
    lobby_message,
    old_board_view,
    result_message,
    warning_message,
)
from bot.discord.ranked.messages import ranked_lines, with_ranked_lines
from bot.images import board_png, hand_png, result_png
from bot.service import MatchChange, Snapshot
from bot.service.leases import POST
from bot.storage.records import CHOOSING, OVER, ChallengeRecord, MatchRecord

if TYPE_CHECKING:
    from bot.discord.client import GwentBot

log = logging.getLogger(__name__)

RECONCILE_SECONDS = 30
# How long a process waits for another to finish posting a match's messages.
POST_WAIT_SECONDS = 10.0
# Closed DMs: 50007 (cannot send to this user), 50278 (no mutual server).
DMS_CLOSED = (50007, 50278)


class Publisher:
    """The service's Notifier for Discord: each report runs as a background task."""

    def __init__(self, bot: GwentBot) -> None:
        self._bot = bot
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._tasks: set[asyncio.Task[None]] = set()

    # ----------------------------------------------------------- Notifier

    async def match_changed(self, change: MatchChange) -> None:
        """Post what changed, then send hands by DM to players whose turn began."""
        self._spawn(self._changed(change))

    async def turn_warning(self, match_id: int, seats: tuple[int, ...]) -> None:
        """Nudge the players whose time is nearly up."""
        self._spawn(self._warn(match_id, seats))

    async def challenge_closed(self, challenge: ChallengeRecord) -> None:
        """Show on its message that a challenge expired or was cancelled."""
        self._spawn(self._challenge_expired(challenge))

    # -------------------------------------------------------------- tasks

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        """Stop the background tasks (what they had not posted, reconcile posts later)."""
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def reconcile_forever(self) -> None:
        """Every half minute, post whatever lobby, board or result is missing (in the
        process on duty)."""
        while True:
            if self._bot.services.leases.on_duty:
                await self.reconcile()
            await asyncio.sleep(RECONCILE_SECONDS)

    async def reconcile(self) -> None:
        """Post every missing lobby, board or result once."""
        try:
            behind = await self._bot.services.matches.behind()
        except Exception:
            log.exception("cannot list matches to reconcile")
            return
        for match_id in behind:
            await self._guard(self.sync(match_id), f"reconciling match {match_id}")

    async def _guard(self, work: Coroutine[Any, Any, Any], what: str) -> None:
        try:
            await work
        except discord.HTTPException as error:
            log.warning("%s: Discord said %s %s; will retry", what, error.status, error.text)
        except Exception:
            log.exception("%s failed", what)

    async def _changed(self, change: MatchChange) -> None:
        what = f"showing match {change.match_id}"
        started = time.monotonic()
        await self._guard(self._timed_sync(change, started), what)
        for seat in change.turn_for:
            await self._guard(self._send_hand(change, seat), f"DM hand, {what}")

    async def _timed_sync(self, change: MatchChange, started: float) -> None:
        if await self.sync(change.match_id, change) and change.action_count:
            self._bot.metrics.turn.observe(time.monotonic() - started)

    # -------------------------------------------------------------- posting

    def _channel(self, channel_id: int) -> discord.PartialMessageable:
        return self._bot.get_partial_messageable(channel_id)

    @contextlib.asynccontextmanager
    async def _posting(self, match_id: int) -> AsyncIterator[bool]:
        """Post a match's messages alone, across processes; yields False if another process
        kept them for too long (it posts, or the reconcile does later)."""
        async with self._locks[match_id]:
            leases = self._bot.services.leases
            async with leases.holding(POST, match_id, POST_WAIT_SECONDS) as held:
                if not held:
                    log.info("match %s: another process is posting its messages", match_id)
                yield held

    async def sync(self, match_id: int, change: MatchChange | None = None) -> bool:
        """Bring the match's lobby, board and result messages up to date; return whether a
        board or result was posted."""
        async with self._posting(match_id) as held:
            if not held:
                return False
            snapshot = await self._bot.services.matches.public(match_id)
            match = snapshot.match
            # Mention a timeout only on the board of the very state it produced.
            timed_out = (change.timed_out if change is not None
                         and change.action_count == match.action_count else None)
            if match.status == CHOOSING:
                await self._lobby(snapshot)
                return False
            if match.board_action is None and match.lobby_message_id is not None:
                closed = lobby_closed_message(match).edit_kwargs(replace_files=False)
                await self._quietly(self._edit(match.channel_id, match.lobby_message_id, closed))
            if match.status == OVER:
                if match.result_message_id is None:
                    await self._result(snapshot)
                    return True
            elif match.board_action is None or match.board_action < match.action_count:
                await self._board(snapshot, timed_out)
                return True
            return False

    async def _lobby(self, snapshot: Snapshot) -> None:
        match = snapshot.match
        out = lobby_message(snapshot)
        if match.lobby_message_id is not None:
            try:
                await self._edit(match.channel_id, match.lobby_message_id,
                                 out.edit_kwargs(replace_files=False))
                return
            except discord.NotFound:
                log.info("the lobby of match %s was deleted: posting it again", match.id)
                # Not the first lobby's nonce, which would return the deleted message.
                nonce = f"gwl{match.id}:{match.lobby_message_id % 10**9}"
                message = await retrying(lambda: self._channel(match.channel_id).send(
                    **out.send_kwargs(), nonce=nonce), f"posting the lobby of match {match.id}")
                await self._bot.services.matches.set_messages(match.id, lobby=message.id)
                return
        message = await retrying(lambda: self._channel(match.channel_id).send(
            **out.send_kwargs(), nonce=f"gwl{match.id}"), f"posting the lobby of match {match.id}")
        await self._bot.services.matches.set_messages(match.id, lobby=message.id)

    async def _board(self, snapshot: Snapshot, timed_out: int | None) -> None:
        match = snapshot.match
        assert snapshot.observation is not None
        out = board_message(snapshot, await board_png(snapshot.observation), timed_out)
        count = snapshot.observation.action_count
        message = await retrying(lambda: self._channel(match.channel_id).send(
            **out.send_kwargs(), nonce=f"gwb{match.id}:{count}"),
            f"posting board {count} of match {match.id}")
        await self._bot.services.matches.set_messages(
            match.id, board=(message.id, snapshot.observation.action_count))
        await self._retire(match)

    async def _result(self, snapshot: Snapshot) -> None:
        match = snapshot.match
        obs = snapshot.observation
        result = await self._bot.services.matches.result(match.id)
        assert obs is not None and result is not None
        image = None if result.abandoned else await result_png(obs)
        out = result_message(snapshot, result, image, await board_png(obs))
        ranked = await self._bot.services.ranked.outcome(match.id)
        out = with_ranked_lines(out, ranked_lines(ranked, (match.seats[0].name,
                                                           match.seats[1].name)))
        message = await retrying(lambda: self._channel(match.channel_id).send(
            **out.send_kwargs(), nonce=f"gwr{match.id}"), f"posting the result of match {match.id}")
        await self._bot.services.matches.set_messages(
            match.id, board=(message.id, obs.action_count), result=message.id)
        await self._retire(match)

    async def _retire(self, match: MatchRecord) -> None:
        """Disable the previous board's button and remove the timer warning."""
        if match.warning_message_id is not None:
            warning = self._channel(match.channel_id).get_partial_message(match.warning_message_id)
            await self._quietly(retrying(warning.delete, f"deleting warning {warning.id}"))
            await self._bot.services.matches.clear_warning(match.id, match.warning_message_id)
        if match.board_message_id is not None and match.board_action is not None:
            await self._quietly(self._edit(
                match.channel_id, match.board_message_id,
                {"view": old_board_view(match.id, match.board_action)}))

    async def _quietly(self, work: Coroutine[Any, Any, Any]) -> None:
        """Best-effort clean-up: a deleted message or missing permission is not a problem."""
        try:
            await work
        except discord.HTTPException as error:
            log.info("clean-up skipped: %s %s", error.status, error.text)

    async def _edit(self, channel_id: int, message_id: int, kwargs: dict[str, Any]) -> None:
        message = self._channel(channel_id).get_partial_message(message_id)
        await retrying(lambda: message.edit(**kwargs), f"editing message {message_id}")

    # ----------------------------------------------------------------- others

    async def _send_hand(self, change: MatchChange, seat: int) -> None:
        services = self._bot.services
        match = await services.matches.get(change.match_id)
        player = match.seats[seat]
        if player.ai_level is not None or not match.is_live:
            return
        if not (await services.settings.user(player.user_id)).hands_by_dm:
            return
        snapshot = await services.matches.private(match.id, player.user_id)
        if snapshot.observation is None or snapshot.match.action_count != change.action_count:
            return
        hint = await services.practice.hint(snapshot)
        out = hand_message(snapshot, await hand_png(snapshot.observation), hint)
        what = f"sending a hand of match {match.id} by DM"
        try:
            channel = await retrying(lambda: self._bot.create_dm(discord.Object(player.user_id)),
                                     what)
            await retrying(lambda: channel.send(
                **out.send_kwargs(), nonce=f"gwh{match.id}:{change.action_count}"), what)
        except discord.Forbidden as error:
            if error.code not in DMS_CLOSED:
                raise
            if await services.settings.note_dms_closed(player.user_id):
                await self._note_dms_closed(match.id, player.user_id)

    async def _note_dms_closed(self, match_id: int, user_id: int) -> None:
        """Tell the player once, on the newest board, to use Show my hand instead."""
        async with self._locks[match_id]:
            match = await self._bot.services.matches.get(match_id)
            if match.board_message_id is None:
                return
            board_id = match.board_message_id
            board = await retrying(lambda: self._channel(match.channel_id).fetch_message(
                board_id), f"reading the board of match {match_id}")
            await retrying(lambda: board.edit(
                content=board.content + dms_closed_note(user_id),
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)])),
                f"noting closed DMs on the board of match {match_id}")

    async def _warn(self, match_id: int, seats: tuple[int, ...]) -> None:
        async def post() -> None:
            async with self._posting(match_id) as held:
                if not held:
                    return
                snapshot = await self._bot.services.matches.public(match_id)
                out = warning_message(snapshot, seats)
                channel = self._channel(snapshot.match.channel_id)
                nonce = f"gww{match_id}:{snapshot.match.action_count}:{''.join(map(str, seats))}"
                message = await retrying(lambda: channel.send(**out.send_kwargs(), nonce=nonce),
                                         f"warning match {match_id}")
                await self._bot.services.matches.set_messages(match_id, warning=message.id)

        await self._guard(post(), f"warning match {match_id}")

    async def _challenge_expired(self, challenge: ChallengeRecord) -> None:
        if challenge.message_id is None:
            return
        out = challenge_closed_message(challenge)
        await self._guard(self._edit(challenge.channel_id, challenge.message_id,
                                     out.edit_kwargs(replace_files=False)),
                          f"closing challenge {challenge.id}")
