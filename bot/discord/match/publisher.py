"""Shows committed changes in Discord: lobby, boards, results, the players' views, warnings.

Every method reads the current state from the service, so a post that fails (429, 5xx,
Forbidden) is simply retried by the next change or the periodic reconcile; no move is ever
re-applied and none is lost. Before that, a 5xx or a 429 is retried at once a few times
(bot.discord.core.retry): every post carries a nonce, so a retry never posts twice.

What each move costs Discord: the board of a move is a public follow-up through the token of
the click that made it (in practice matches, one board shows the person's move with the
computer's reply, through the person's own newest token), and the next player's private view
is edited in place through their newest token. Interaction endpoints are not bound to the
bot's global rate limit
(https://discord.com/developers/docs/topics/rate-limits#global-rate-limit), so a move made by
a click costs no request against it. Only what no click caused (turn timers, the reconcile,
a token older than bot.discord.core.tokens.TOKEN_SECONDS, a click in a direct message, whose
follow-ups could not reach the match's channel) uses the bot token. Old boards are left as
they are: their Show my hand answers from the current state. A board pings the player whose
turn it gives, unless they made its move or were looking at the match within
bot.service.LOOKING_SECONDS (a click, a command, the table).

When several processes share the database, one posts a match's messages at a time (the
match's post lease), the reconcile runs in the process on duty, and boards and results posted
with the bot token carry a nonce Discord enforces: a post retried after its process died
mid-way returns the message already posted instead of a second one. A follow-up takes no
nonce: one whose answer was lost is looked for in the channel before it is posted again.
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

from bot.discord.core import tokens
from bot.discord.core.context import private_language_of, public_language_of
from bot.discord.core.retry import retrying
from bot.discord.core.views import Outgoing
from bot.discord.match import ids
from bot.discord.match.background import guard
from bot.discord.match.couriers import Click, Courier, Couriers
from bot.discord.match.player_views import PlayerViews, shows
from bot.discord.match.public import (
    board_message,
    challenge_closed_message,
    lobby_closed_message,
    lobby_message,
    people,
    result_message,
    warning_message,
)
from bot.discord.ranked.messages import ranked_lines, with_ranked_lines
from bot.i18n import Language
from bot.images import board_png, result_png, turn_pngs
from bot.service import MatchChange, Snapshot, looking
from bot.service.leases import POST
from bot.storage.records import CHOOSING, OVER, ChallengeRecord, MatchRecord, ShownBoard
from engine.observation import CHOOSE_FIRST, MULLIGAN

if TYPE_CHECKING:
    from bot.discord.client import GwentBot

log = logging.getLogger(__name__)

RECONCILE_SECONDS = 30
# The periodic reconcile leaves alone a match that changed this recently: its process is most
# likely showing the change (through the click's token) right now.
RECONCILE_QUIET_SECONDS = 5.0
# How long a process waits for another to finish posting a match's messages.
POST_WAIT_SECONDS = 10.0
# How many of a channel's newest messages are searched for a follow-up whose answer was lost.
LOOK_BACK = 20
# Phases before round 1, where nothing public changes between moves: the board is edited.
BEFORE_PLAY = (CHOOSE_FIRST, MULLIGAN)


class Publisher:
    """The service's Notifier for Discord: each report runs as a background task."""

    def __init__(self, bot: GwentBot) -> None:
        self._bot = bot
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.couriers = Couriers(bot)
        self.views = PlayerViews(bot, self.couriers, self._locks)
        self._tasks: set[asyncio.Task[None]] = set()

    # ----------------------------------------------------------- Notifier

    async def match_changed(self, change: MatchChange) -> None:
        """Post what changed, and bring the players' views up to date."""
        self._spawn(self._changed(change))

    async def turn_warning(self, match_id: int, seats: tuple[int, ...]) -> None:
        """Nudge the players whose time is nearly up."""
        self._spawn(self._warn(match_id, seats))

    async def challenge_closed(self, challenge: ChallengeRecord) -> None:
        """Show on its message that a challenge expired or was cancelled."""
        self._spawn(self._challenge_expired(challenge))

    # -------------------------------------------------------------- clicks

    def clicking(self, interaction: discord.Interaction, match_id: int) -> Click:
        """Note a click of a player in a match, to be answered in their private view."""
        return self.couriers.clicking(interaction, match_id)

    async def clicked(self, click: Click, message_id: int | None) -> None:
        """The answer to a click is shown in `message_id` (None: it was not, and the clicked
        message may not show what it was thought to)."""
        if message_id is None and click.interaction.message is not None:
            self.views.forget_image(click.interaction.message.id)
        replaced = await self.couriers.clicked(click, message_id)
        if replaced is not None and message_id is not None:
            self._spawn(guard(self.views.retire(replaced, click, message_id),
                              f"retiring a view of match {click.match_id}"))
        if click.overdue:  # views were left alone while this answer was awaited
            self._spawn(guard(self.views.catch_up(click.match_id),
                              f"catching up the views of match {click.match_id}"))

    def needs_image(self, message_id: int | None, png: bytes | None) -> bool:
        """Whether a view message must be sent this image (see PlayerViews.needs_image)."""
        return self.views.needs_image(message_id, png)

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
                # A practice move's board waits for the computer's reply, a think floor
                # away: not posted alone meanwhile.
                await self.reconcile(RECONCILE_QUIET_SECONDS + self._bot.ai_think_seconds)
            await asyncio.sleep(RECONCILE_SECONDS)

    async def reconcile(self, quiet_for: float | None = None) -> None:
        """Post every missing lobby, board or result once (of the matches that did not
        change for `quiet_for` seconds, if given)."""
        try:
            behind = await self._bot.services.matches.behind(quiet_for)
        except Exception:
            log.exception("cannot list matches to reconcile")
            return
        for match_id in behind:
            await guard(self.sync(match_id), f"reconciling match {match_id}")

    async def _changed(self, change: MatchChange) -> None:
        what = f"showing match {change.match_id}"
        started = time.monotonic()
        shown = await guard(self._sync(change.match_id, change), what)
        if shown is not None and shown[0] and change.action_count:
            self._bot.metrics.turn.observe(time.monotonic() - started)
        await guard(self.views.update(change, shown[1] if shown else None), f"hands, {what}")

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
        board or result was shown."""
        return (await self._sync(match_id, change))[0]

    async def _sync(self, match_id: int, change: MatchChange | None
                    ) -> tuple[bool, Snapshot | None]:
        """sync(), also returning the public snapshot it read (None if another process was
        posting)."""
        async with self._posting(match_id) as held:
            if not held:
                return False, None
            snapshot = await self._bot.services.matches.public(match_id)
            match = snapshot.match
            lang = await public_language_of(self._bot, match.guild_id)
            if match.status == CHOOSING:
                await self._lobby(snapshot, lang)
                return False, snapshot
            if match.board_action is None and match.lobby_message_id is not None:
                closed = lobby_closed_message(match, lang=lang).edit_kwargs(replace_files=False)
                await self._quietly(self._edit(match.channel_id, match.lobby_message_id, closed))
            if match.status == OVER:
                if match.result_message_id is None:
                    await self._result(snapshot, change, lang)
                    return True, snapshot
            elif match.board_action is None or match.board_action < match.action_count:
                if change is not None and _awaits_computer(snapshot):
                    return False, snapshot  # its reply's board shows this change too
                await self._board(snapshot, change, lang)
                return True, snapshot
            return False, snapshot

    async def _lobby(self, snapshot: Snapshot, lang: Language) -> None:
        match = snapshot.match
        out = lobby_message(snapshot, lang=lang)
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

    async def _board(self, snapshot: Snapshot, change: MatchChange | None,
                     lang: Language) -> None:
        """Show the match's current board: posted once per move, edited before round 1."""
        match, obs = snapshot.match, snapshot.observation
        assert obs is not None
        count = obs.action_count
        drawing = asyncio.ensure_future(self._board_png(snapshot, change, lang))
        if match.board_message_id is not None and obs.phase in BEFORE_PLAY:
            # The board of the match's start, narrating everything since.
            out = board_message(snapshot, await drawing, obs.event_log, moves=count,
                                lang=lang, timed_out=_timed_out(match, change))
            if await self._edit_board(match, out):
                await self._bot.services.matches.set_messages(match.id, board=ShownBoard(
                    match.board_message_id, count, len(obs.events), match.board_token,
                    match.board_token_at))
                return
        shown = match.board_action or 0
        out = board_message(snapshot, await drawing, obs.event_log[match.board_events or 0:],
                            moves=count - shown, lang=lang, timed_out=_timed_out(match, change),
                            pinged=_pinged(snapshot, change, self._bot.clock()))
        courier = await self.couriers.for_change(match, change)
        message_id, courier = await self._post(match, out, courier, change,
                                               nonce=f"gwb{match.id}:{count}",
                                               marker=ids.hand(match.id, count))
        await self._bot.services.matches.set_messages(match.id, board=ShownBoard(
            message_id, count, len(obs.events), courier.token if courier else None,
            courier.at if courier else None))
        await self._clear_warning(match)

    async def _board_png(self, snapshot: Snapshot, change: MatchChange | None,
                         lang: Language) -> bytes:
        """The board's image in `lang`, drawn in one job with the own views of the people
        whose turn it is (but the clicker, whose answer draws theirs), each in its player's
        language: their views are edited next (or opened with Show my hand) and find their
        images drawn, sharing the board's bands."""
        match, obs = snapshot.match, snapshot.observation
        assert obs is not None
        clicker = change.origin.user_id if change and isinstance(change.origin, Click) else None
        privates = []
        seats = [seat for seat in snapshot.to_act
                 if not match.seats[seat].is_computer and match.seats[seat].user_id != clicker]
        views = await self._bot.services.matches.views(match.id) if seats else {}
        for seat in seats:
            person = match.seats[seat]
            private = (await self._bot.services.matches.private(match.id, person.user_id)
                       ).observation
            if private is not None and private.action_count == obs.action_count:
                view = views.get(seat)
                reader = await private_language_of(self._bot, person.user_id,
                                                   view.locale if view is not None else None)
                privates.append((private, reader.tag))
        return (await turn_pngs(obs, *privates, tag=lang.tag))[0]

    async def _edit_board(self, match: MatchRecord, out: Outgoing) -> bool:
        """Edit the newest board, through the token that posted it while it may; False if
        the board is gone (or the bot token may not edit it)."""
        assert match.board_message_id is not None
        try:
            if match.board_token is not None and tokens.usable(match.board_token_at,
                                                                self._bot.clock()):
                await tokens.edit(self._bot, match.board_token, match.board_message_id, out,
                                  replace_files=True)
            else:
                await self._edit(match.channel_id, match.board_message_id,
                                 out.edit_kwargs(replace_files=True))
        except (discord.NotFound, discord.Forbidden) as error:
            log.info("the board of match %s cannot be edited (%s %s): posting it again",
                     match.id, error.status, error.text)
            return False
        return True

    async def _result(self, snapshot: Snapshot, change: MatchChange | None,
                      lang: Language) -> None:
        match = snapshot.match
        obs = snapshot.observation
        stored = await self._bot.services.matches.result(match.id)
        assert obs is not None and stored is not None
        drawing = asyncio.ensure_future(board_png(obs, tag=lang.tag))
        image = None if stored.abandoned else await result_png(obs, tag=lang.tag)
        out = result_message(snapshot, stored, image, await drawing,
                             obs.event_log[match.board_events or 0:], lang=lang)
        ranked = await self._bot.services.ranked.outcome(match.id)
        out = with_ranked_lines(out, ranked_lines(ranked, (match.seats[0].name,
                                                           match.seats[1].name),
                                                  lang=lang))
        courier = await self.couriers.for_change(match, change)
        message_id, courier = await self._post(match, out, courier, change,
                                               nonce=f"gwr{match.id}",
                                               marker=ids.rematch(match.id))
        await self._bot.services.matches.set_messages(
            match.id, board=ShownBoard(message_id, obs.action_count, len(obs.events),
                                       courier.token if courier else None,
                                       courier.at if courier else None),
            result=message_id)
        await self._clear_warning(match)

    async def _post(self, match: MatchRecord, out: Outgoing, courier: Courier | None,
                    change: MatchChange | None, *, nonce: str, marker: str
                    ) -> tuple[int, Courier | None]:
        """Post a public message in the match's channel, as a follow-up through `courier`
        when there is one, else with the bot token (and `nonce`); return its id and the
        courier it went through. `marker` is a custom_id only this message carries.

        A follow-up takes no nonce, so when its answer was lost, or when the reconcile posts
        what a change did not (its process may have died after a follow-up was written and
        before it was recorded), the channel's newest messages are looked through first."""
        if change is None:
            found = await self._find(match.channel_id, marker)
            if found is not None:
                log.info("match %s: the message was already posted", match.id)
                return found, None
        if courier is not None:
            try:
                return await tokens.follow_up(self._bot, courier.token, out), courier
            except tokens.Uncertain as error:
                log.warning("match %s: %s; looking for it before posting again", match.id,
                            error)
                found = await self._find(match.channel_id, marker)
                if found is not None:
                    return found, courier
            except discord.HTTPException as error:
                log.info("match %s: a follow-up was refused (%s %s): posting with the bot "
                         "token", match.id, error.status, error.text)
        channel = self._channel(match.channel_id)
        message = await retrying(lambda: channel.send(**out.send_kwargs(), nonce=nonce),
                                 f"posting to match {match.id}")
        return message.id, None

    async def _find(self, channel_id: int, marker: str) -> int | None:
        """The newest of the bot's messages in the channel with a component `marker` (None
        when there is none, or the channel cannot be read)."""
        me = self._bot.user
        try:
            async for message in self._channel(channel_id).history(limit=LOOK_BACK):
                if me is not None and message.author.id == me.id and any(
                        getattr(item, "custom_id", None) == marker
                        for row in message.components for item in getattr(row, "children", ())):
                    return message.id
        except discord.HTTPException as error:
            log.warning("cannot read channel %s to look for a message (%s %s)", channel_id,
                        error.status, error.text)
        return None

    async def _clear_warning(self, match: MatchRecord) -> None:
        """Remove the timer warning once a newer board shows."""
        if match.warning_message_id is not None:
            warning = self._channel(match.channel_id).get_partial_message(match.warning_message_id)
            await self._quietly(retrying(warning.delete, f"deleting warning {warning.id}"))
            await self._bot.services.matches.clear_warning(match.id, match.warning_message_id)

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

    async def _warn(self, match_id: int, seats: tuple[int, ...]) -> None:
        async def post() -> None:
            async with self._posting(match_id) as held:
                if not held:
                    return
                snapshot = await self._bot.services.matches.public(match_id)
                match = snapshot.match
                lang = await public_language_of(self._bot, match.guild_id)
                now = self._bot.clock()
                at_table = tuple(s for s in seats if looking(match.seats[s], now, at_table=True))
                out = warning_message(snapshot, seats, lang=lang, at_table=at_table)
                channel = self._channel(snapshot.match.channel_id)
                nonce = f"gww{match_id}:{snapshot.match.action_count}:{''.join(map(str, seats))}"
                message = await retrying(lambda: channel.send(**out.send_kwargs(), nonce=nonce),
                                         f"warning match {match_id}")
                await self._bot.services.matches.set_messages(match_id, warning=message.id)

        await guard(post(), f"warning match {match_id}")

    async def _challenge_expired(self, challenge: ChallengeRecord) -> None:
        if challenge.message_id is None:
            return
        out = challenge_closed_message(
            challenge, lang=await public_language_of(self._bot, challenge.guild_id))
        await guard(self._edit(challenge.channel_id, challenge.message_id,
                               out.edit_kwargs(replace_files=False)),
                    f"closing challenge {challenge.id}")


def _awaits_computer(snapshot: Snapshot) -> bool:
    """Whether a computer player alone must act in a match whose first board is shown: its
    reply's board (posted when the person's turn comes back, or with the result) narrates
    every move since the last board, so practice shows one board per exchange. Whatever its
    reply does not show (the computer failed, the process stopped) the reconcile posts."""
    match, obs = snapshot.match, snapshot.observation
    return (obs is not None and match.board_message_id is not None
            and obs.phase not in BEFORE_PLAY and bool(snapshot.to_act)
            and all(match.seats[s].is_computer for s in snapshot.to_act))


def _timed_out(match: MatchRecord, change: MatchChange | None) -> int | None:
    """The seat whose timer ran out, on the board of the very state that produced."""
    return change.timed_out if change is not None and shows(change, match) else None


def _pinged(snapshot: Snapshot, change: MatchChange | None, now: float) -> tuple[int, ...]:
    """Whom a new board notifies: the people whose turn has just begun (the turn changed
    hands; when the board shows more than the change that posts it, everyone to act), but
    never the player who made that change, nor anyone looking at the match (seen in it within
    LOOKING_SECONDS of `now`)."""
    match = snapshot.match
    seats = snapshot.to_act
    if change is not None and shows(change, match):
        seats = tuple(s for s in seats if s in change.turn_for and s != change.actor)
    return people(match, (s for s in seats if not looking(match.seats[s], now)))
