"""The players' private views of a match: the one message each player's hand is shown in,
kept up to date in place.

After each change, the views of the people who must act (everyone's once the match is over)
are edited through their newest token, except the clicker's, whose own answer shows the new
state. A view whose token is too old is left alone (Show my hand opens a new one); a player
who asked for hands by DM gets a new direct message when their turn begins and their DM view
cannot be edited. A view shows its image only while its player must act (view_png), and an
image is sent only when the view does not show it already.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from typing import TYPE_CHECKING

import discord

from bot.discord.core import tokens
from bot.discord.core.context import private_language_of, public_language_of
from bot.discord.core.retry import retrying
from bot.discord.core.views import Outgoing
from bot.discord.match.background import guard
from bot.discord.match.couriers import Click, Couriers
from bot.discord.match.hand import hand_message, moved_message, view_png
from bot.discord.match.public import dms_closed_note
from bot.service import MatchChange, Snapshot
from bot.storage.records import CHOOSING, OVER, MatchRecord, ViewRecord

if TYPE_CHECKING:
    from bot.discord.client import GwentBot

log = logging.getLogger(__name__)

# Closed DMs: 50007 (cannot send to this user), 50278 (no mutual server).
DMS_CLOSED = (50007, 50278)
# How many view messages' images are remembered (an image is sent again only if it changed).
IMAGES_REMEMBERED = 4096


def shows(change: MatchChange | None, match: MatchRecord) -> bool:
    """Whether the match is still in the state the change left it in (at action 0, only the
    change that started the match left it playing)."""
    return change is not None and change.action_count == match.action_count and (
        match.action_count > 0 or match.status == CHOOSING or bool(change.turn_for))


class PlayerViews:
    """Keeps the players' views up to date; `board_locks` are held while a match's board
    changes."""

    def __init__(self, bot: GwentBot, couriers: Couriers,
                 board_locks: dict[int, asyncio.Lock]) -> None:
        self._bot = bot
        self._couriers = couriers
        self._board_locks = board_locks
        self._locks: dict[int, asyncio.Lock] = {}
        # What image each view message shows (a hash of its bytes), newest last.
        self._images: OrderedDict[int, int] = OrderedDict()

    def needs_image(self, message_id: int | None, png: bytes | None) -> bool:
        """Whether a view message (None: a new one) must be sent this image (None: no image),
        i.e. it does not show it already; from now on it is taken to show it."""
        if message_id is None:
            return True
        key = 0 if png is None else hash(png)
        shown = self._images.get(message_id)
        self._images[message_id] = key
        self._images.move_to_end(message_id)
        while len(self._images) > IMAGES_REMEMBERED:
            self._images.popitem(last=False)
        return shown != key

    def forget_image(self, message_id: int | None) -> None:
        """An edit of a view message may have failed: its image is not known any more."""
        if message_id is not None:
            self._images.pop(message_id, None)

    async def retire(self, view: ViewRecord, click: Click, shown_in: int) -> None:
        """Edit a player's view that their click's answer replaced (the newer message
        `shown_in` below it, from Show my hand) into a one-line stub with nothing to click,
        through the old view's own token while it may; only a view older than the new one in
        the channel the click came from (anywhere else, the new view is not below it)."""
        if (view.token is None or view.channel_id != click.interaction.channel_id
                or view.message_id > shown_in
                or not tokens.usable(view.token_at, self._bot.clock())):
            return
        lang = await private_language_of(self._bot, click.user_id, click.locale)
        # After an edit of that view already under way (it read the view before the click).
        async with self._locks.setdefault(click.match_id, asyncio.Lock()):
            self.forget_image(view.message_id)
            try:
                await tokens.edit(self._bot, view.token, "@original", moved_message(lang=lang),
                                  replace_files=True)
            except discord.HTTPException as error:
                if error.code not in tokens.GONE:
                    raise
                log.info("match %s: a replaced view was already closed", click.match_id)

    async def update(self, change: MatchChange, snapshot: Snapshot | None) -> None:
        """Bring up to date the views of the people who must act now (all of them once the
        match is over), except the clicker's, whose answer showed this very state; a player
        whose turn began without a view that can be edited gets their hand by DM if they
        asked for it. A change the match has moved on from does nothing: the newer change
        shows the newer state (every change is reported in the process that made it).
        `snapshot` is the match as the board was shown from, if it was."""
        async with self._locks.setdefault(change.match_id, asyncio.Lock()):
            if snapshot is None:
                snapshot = await self._bot.services.matches.public(change.match_id)
            if snapshot.match.status == CHOOSING or not shows(change, snapshot.match):
                return
            click = change.origin if isinstance(change.origin, Click) else None
            await self._update(snapshot, change.turn_for, click.user_id if click else None)

    async def catch_up(self, match_id: int) -> None:
        """Bring up to date the views of the people who must act now (after an answer that
        came too late for the changes that waited for it)."""
        async with self._locks.setdefault(match_id, asyncio.Lock()):
            snapshot = await self._bot.services.matches.public(match_id)
            if snapshot.match.status != CHOOSING:
                await self._update(snapshot, (), None)

    async def _update(self, snapshot: Snapshot, began: tuple[int, ...],
                      answered: int | None) -> None:
        """The views of the people who must act (everyone's once the match is over); `began`:
        the seats whose turn has just begun, `answered`: the user whose answer shows this."""
        match = snapshot.match
        for seat in (0, 1):
            person = match.seats[seat]
            if not person.is_computer and (match.status == OVER or seat in snapshot.to_act):
                await guard(self._view(match, seat, seat in began, person.user_id == answered),
                            f"the view of seat {seat} of match {match.id}")

    async def _view(self, match: MatchRecord, seat: int, began: bool, answered: bool) -> None:
        """Edit a player's view in place through its newest token while it may (for a player
        who asked for hands by DM, only a view in their DMs), unless the answer to their own
        click shows this state (`answered`); else, when their turn began and they asked for
        hands by DM, send the hand by DM."""
        services = self._bot.services
        user_id = match.seats[seat].user_id
        by_dm = (await services.settings.user(user_id)).hands_by_dm
        courier = await self._couriers.newest(match, seat)
        locale = courier.locale if courier is not None else await self._locale(match, seat)
        where_wanted = courier is not None and not (
            by_dm and courier.channel_id == match.channel_id)
        if answered and where_wanted:
            return
        if not answered and where_wanted and self._couriers.usable(courier):
            assert courier is not None
            out = await self._hand(match, seat, locale)
            fresh = self.needs_image(courier.view_id, out.files[0][1] if out.files else None)
            try:
                await tokens.edit(self._bot, courier.token, "@original", out,
                                  replace_files=fresh)
            except discord.HTTPException as error:
                self.forget_image(courier.view_id)
                if error.code not in tokens.GONE:
                    raise
                log.info("match %s: the view of seat %s is closed", match.id, seat)
                views = await services.matches.views(match.id)
                if seat in views:
                    await services.matches.forget_view(match.id, seat, views[seat].message_id)
            except Exception:
                self.forget_image(courier.view_id)
                raise
            else:
                return
        if began and by_dm and match.is_live:
            await self._send_hand(match, seat, locale)

    async def _locale(self, match: MatchRecord, seat: int) -> str | None:
        """The player's Discord locale as last seen in their view of the match, if known."""
        view = (await self._bot.services.matches.views(match.id)).get(seat)
        return view.locale if view is not None else None

    async def _hand(self, match: MatchRecord, seat: int, locale: str | None) -> Outgoing:
        """The player's hand as it is now, in their language (`locale`: their Discord
        client's, as last seen)."""
        services = self._bot.services
        user_id = match.seats[seat].user_id
        snapshot = await services.matches.private(match.id, user_id)
        assert snapshot.observation is not None
        lang = await private_language_of(self._bot, user_id, locale)
        hint = await services.practice.hint(snapshot, lang=lang)
        return hand_message(snapshot, await view_png(snapshot, asked=False, lang=lang), hint,
                            lang=lang)


    async def _send_hand(self, match: MatchRecord, seat: int, locale: str | None) -> None:
        """The player's hand as a new direct message, which becomes their view."""
        services = self._bot.services
        user_id = match.seats[seat].user_id
        out = await self._hand(match, seat, locale)
        what = f"sending a hand of match {match.id} by DM"
        nonce = f"gwh{match.id}:{match.action_count}"
        try:
            channel = await retrying(lambda: self._bot.create_dm(discord.Object(user_id)), what)
            message = await retrying(lambda: channel.send(**out.send_kwargs(), nonce=nonce),
                                     what)
        except discord.Forbidden as error:
            if error.code not in DMS_CLOSED:
                raise
            if await services.settings.note_dms_closed(user_id):
                await self._note_dms_closed(match.id, user_id)
            return
        await services.matches.set_view(match.id, user_id, message.id, channel.id, None, None,
                                        locale)

    async def _note_dms_closed(self, match_id: int, user_id: int) -> None:
        """Tell the player once, on the newest board, to use Show my hand instead."""
        async with self._board_locks.setdefault(match_id, asyncio.Lock()):
            match = await self._bot.services.matches.get(match_id)
            if match.board_message_id is None:
                return
            channel = self._bot.get_partial_messageable(match.channel_id)
            board_id = match.board_message_id
            board = await retrying(lambda: channel.fetch_message(board_id),
                                   f"reading the board of match {match_id}")
            note = dms_closed_note(user_id,
                                   lang=await public_language_of(self._bot, match.guild_id))
            await retrying(lambda: board.edit(
                content=board.content + note,
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)])),
                f"noting closed DMs on the board of match {match_id}")
