"""Which interaction token may speak for a match, and from when.

A player's click in a match is answered in their private view; its token may then edit that
view and post follow-ups in the click's channel for 15 minutes. Nothing may go through it
before that answer is shown: a follow-up would come first, or (after a deferred, type-5
answer) fill the "thinking..." message instead of posting, keeping its privacy
(https://discord.com/developers/docs/interactions/receiving-and-responding#create-followup-message;
once that message is edited, later follow-ups are new messages, as
https://github.com/discordjs/discord.js/issues/6465 confirms). The newest token of each view
is stored with the view (match_views), so any process, and a restarted one, can use it.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import discord

from bot.discord.core import tokens
from bot.service import MatchChange
from bot.service.errors import Refusal
from bot.storage.records import MatchRecord, ViewRecord

if TYPE_CHECKING:
    from bot.discord.client import GwentBot

# How long a change waits for the answer to a click (its handler always settles it, answered
# or failed) before its board goes through the bot token, and its views are left to be
# brought up to date once that answer is shown.
CLICK_WAIT_SECONDS = 10.0
# A view's stored token is replaced by a newer one (of a click in the same view) only once it
# is this old: a token works for 15 minutes, so a slightly older one loses little, and most
# clicks then store nothing.
TOKEN_REFRESH_SECONDS = 60.0
# How many views this process remembers having stored.
STORED_MAX = 10_000


@dataclass(frozen=True)
class Courier:
    """An interaction token that may speak for a match, the channel its interaction came from
    and when it reached the bot, and the player's view it may edit (if known) with the
    player's Discord locale as last seen there (if known)."""

    token: str = field(repr=False)
    channel_id: int
    at: float
    view_id: int | None = None
    locale: str | None = None


class Click:
    """A player's click in a match, answered in their private view; `settled` gives its
    courier once that answer is shown (None if it failed)."""

    def __init__(self, interaction: discord.Interaction, match_id: int, received_at: float
                 ) -> None:
        self.interaction = interaction
        self.match_id = match_id
        self.user_id = interaction.user.id
        self.locale = interaction.locale.value
        self.received_at = received_at
        self.settled: asyncio.Future[Courier | None] = (
            asyncio.get_running_loop().create_future())
        # Set when something stopped waiting for this click's answer.
        self.overdue = False

    def courier(self) -> Courier | None:
        """The click's token and where it came from."""
        channel_id = self.interaction.channel_id
        if channel_id is None:
            return None
        return Courier(self.interaction.token, channel_id, self.received_at)


class Couriers:
    """The clicks being answered in this process, and the tokens stored with the views."""

    def __init__(self, bot: GwentBot) -> None:
        self._bot = bot
        # The newest click of each player of each match, until its answer is shown.
        self._clicks: dict[tuple[int, int], Click] = {}
        # The view each player of each match was last stored with (message, channel and
        # locale), and when its token came.
        self._stored: dict[tuple[int, int], tuple[int, int, str, float]] = {}

    def clicking(self, interaction: discord.Interaction, match_id: int) -> Click:
        """Note a click of a player in a match, to be answered in their private view."""
        click = Click(interaction, match_id, self._bot.clock())
        self._clicks[(match_id, click.user_id)] = click
        return click

    async def clicked(self, click: Click, message_id: int | None) -> ViewRecord | None:
        """The answer to a click is shown in `message_id` (None: it was not): that message is
        now the player's view, which the click's token may edit, and the token may speak.
        Either way the player was looking at the match (MatchService.mark_seen). Return the
        view it replaces, if it was another message."""
        courier = click.courier() if message_id is not None else None
        key = (click.match_id, click.user_id)
        matches = self._bot.services.matches
        try:
            if courier is not None and message_id is not None:
                stored = self._stored.get(key)
                seen = (message_id, courier.channel_id, click.locale)
                if (stored is None or stored[:3] != seen
                        or courier.at - stored[3] >= TOKEN_REFRESH_SECONDS):
                    replaced = await matches.set_view(
                        click.match_id, click.user_id, message_id, courier.channel_id,
                        courier.token, courier.at, click.locale, seen_at=courier.at)
                    self._remember(key, (*seen, courier.at))
                    return replaced
            with contextlib.suppress(Refusal):  # not a player of the match
                await matches.mark_seen(click.match_id, click.user_id)
            return None
        finally:
            if not click.settled.done():
                click.settled.set_result(courier)
            if self._clicks.get(key) is click:
                del self._clicks[key]

    def _remember(self, key: tuple[int, int], stored: tuple[int, int, str, float]) -> None:
        self._stored.pop(key, None)
        self._stored[key] = stored
        if len(self._stored) > STORED_MAX:
            del self._stored[next(iter(self._stored))]

    async def answered(self, click: Click) -> Courier | None:
        """A click's courier once its answer is shown (None if it never is)."""
        try:
            return await asyncio.wait_for(asyncio.shield(click.settled), CLICK_WAIT_SECONDS)
        except TimeoutError:
            click.overdue = True
            return None

    async def newest(self, match: MatchRecord, seat: int) -> Courier | None:
        """The newest token of a player's view of the match, once it may be used."""
        pending = self._clicks.get((match.id, match.seats[seat].user_id))
        if pending is not None:
            await self.answered(pending)
        view = (await self._bot.services.matches.views(match.id)).get(seat)
        if view is None or view.token is None or view.token_at is None:
            return None
        return Courier(view.token, view.channel_id, view.token_at, view.message_id,
                       view.locale)

    def usable(self, courier: Courier | None) -> bool:
        """Whether a courier's token may still be used."""
        return courier is not None and tokens.usable(courier.at, self._bot.clock())

    async def for_change(self, match: MatchRecord, change: MatchChange | None
                         ) -> Courier | None:
        """The token a change's public messages go through: the click that made it, else the
        newest token of the player who moved (for the computer's moves, of the person it
        plays), if it came from the match's channel; None for the bot token (timers, the
        reconcile, a click in a direct message, whose follow-ups could not reach the match)."""
        if change is None or change.timed_out is not None or change.actor is None:
            return None
        found: Courier | None = None
        click = change.origin
        if isinstance(click, Click) and click.match_id == match.id:
            found = await self.answered(click)
        if found is None or found.channel_id != match.channel_id:
            speaker = change.actor
            if match.seats[speaker].is_computer:
                speaker = 1 - speaker
            if match.seats[speaker].is_computer:
                return None
            found = await self.newest(match, speaker)
        if found is None or found.channel_id != match.channel_id or not self.usable(found):
            return None
        return found
