"""Moves tournaments along in Discord: starts them at their start time, opens each round's
matches in threads, posts the pairings (with the standings so far), brings them up to date
as results come in, and posts the champion.

Every step reads the stored state and does the first thing left to do, so a step that
failed (a Discord error, a restart, a process that died) is simply done again later: by the
next result, or by the loop that the process on duty runs every few seconds. One process at
a time moves a tournament (its lease), and messages are posted with a nonce Discord
enforces, so a post retried after a crash returns the message already posted. Rounds are
paired by the service, inside one transaction, exactly once.
"""

from __future__ import annotations

import asyncio
import datetime
import logging
from collections import defaultdict
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.core.context import public_language_of
from bot.discord.core.views import Outgoing, clip
from bot.discord.match.handlers import new_thread
from bot.discord.tournaments.handlers import tournament_images
from bot.discord.tournaments.messages import (
    final_message,
    not_started_message,
    replay_note,
    round_message,
    signup_message,
    thread_intro,
)
from bot.i18n import Language
from bot.images import pairings_png
from bot.service.tournaments import TOURNAMENT, TournamentView
from bot.storage.tournaments import FINISHED, RUNNING, SIGNUP, GameRecord, RoundRecord
from bot.tournament.games import PLAYED
from bot.tournament.views import pairings_card, round_name

if TYPE_CHECKING:
    from bot.discord.client import GwentBot

log = logging.getLogger(__name__)

# How often the process on duty looks for tournaments with work to do (start times, and
# work a failed step or a dead process left).
POLL_SECONDS = 5.0
# How long a process waits for another to finish moving a tournament.
LEASE_WAIT_SECONDS = 10.0
# A step does one thing; a round of 32 matches takes 32 + 1 steps.
MAX_STEPS = 200


class TournamentRunner:
    """Tournaments' Discord side for one bot process."""

    def __init__(self, bot: GwentBot) -> None:
        self._bot = bot
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._tasks: set[asyncio.Task[None]] = set()

    def wake(self, tournament_id: int) -> None:
        """Something changed in a tournament: move it along in the background."""
        task = asyncio.create_task(self._guard(self.advance(tournament_id),
                                               f"tournament {tournament_id}"))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        """Stop the background work (what it had not done, the loop does later)."""
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def run_forever(self) -> None:
        """While on duty, every few seconds, move along every tournament with work to do."""
        while True:
            if self._bot.services.leases.on_duty:
                await self.run_due()
            await asyncio.sleep(POLL_SECONDS)

    async def run_due(self) -> None:
        """Move along every tournament with work to do now."""
        try:
            due = await self._bot.services.tournaments.due()
        except Exception:
            log.exception("cannot list the tournaments with work to do")
            return
        for tournament_id in due:
            await self._guard(self.advance(tournament_id), f"tournament {tournament_id}")

    async def _guard(self, work: Coroutine[Any, Any, None], what: str) -> None:
        try:
            await work
        except discord.HTTPException as error:
            log.warning("%s: Discord said %s %s; will retry", what, error.status, error.text)
        except Exception:
            log.exception("%s failed", what)

    async def advance(self, tournament_id: int) -> None:
        """Do everything left to do in a tournament, one step at a time, alone."""
        async with self._locks[tournament_id]:
            leases = self._bot.services.leases
            async with leases.holding(TOURNAMENT, tournament_id, LEASE_WAIT_SECONDS) as held:
                if not held:
                    log.info("tournament %s: another process moves it", tournament_id)
                    return
                for _ in range(MAX_STEPS):
                    if not await self._step(tournament_id):
                        return

    async def _step(self, tournament_id: int) -> bool:
        """Do the first thing left to do; return whether there was one."""
        tournaments = self._bot.services.tournaments
        view = await tournaments.get(tournament_id)
        t = view.tournament
        if t.status == SIGNUP:
            if t.starts_at is None or t.starts_at > self._bot.clock():
                return False
            started = await tournaments.start_due(tournament_id)
            if started is None:
                return False
            await self.show_signup(started)
            if started.tournament.status == SIGNUP:
                await self._send(t.channel_id, not_started_message(
                    started, lang=await self._lang(t.guild_id)))
                return False
            return True
        if t.status == RUNNING:
            for record in view.games_of(view.round):
                if record.game.kind == PLAYED and not record.game.decided \
                        and record.match_id is None:
                    return await self._open(view, record)
            for round_ in view.rounds:
                if round_.pairings_message_id is None:
                    await self._post_round(view, round_)
                    return True
            if await self._show_results(view):
                return True
            if view.rounds and view.rounds[-1].finished_at is not None:
                return await tournaments.pair_next(tournament_id)
            return False
        if t.status == FINISHED:
            if await self._show_results(view):
                return True
            if t.final_message_id is None:
                await self._post_final(view)
                return True
        return False

    # ----------------------------------------------------------------- steps

    async def _open(self, view: TournamentView, record: GameRecord) -> bool:
        """Open a game's thread (once) and its match; False if Discord refused the thread
        (tried again by the loop)."""
        tournaments = self._bot.services.tournaments
        t = view.tournament
        game = record.game
        lang = await self._lang(t.guild_id)
        if record.thread_id is None:
            channel = await self._text_channel(t.channel_id)
            names = view.names
            b = names.get(game.b, "?") if game.b is not None else "?"
            stage = round_name(game.round, t.rounds or 0, t.format, lang=lang)
            # i18n: the name of a match's thread
            name = clip(lang._("{tournament} \u00b7 {round}: {a} vs {b}", tournament=t.name,
                               round=stage, a=names.get(game.a, "?"), b=b), 100)
            # A thread of this name made since the round was paired is this game's (one a
            # failed attempt made all the same); a minute allows for the clocks' difference.
            paired = next(r.paired_at for r in view.rounds if r.number == game.round)
            since = datetime.datetime.fromtimestamp(paired - 60, datetime.UTC)
            thread_id = (None if channel is None
                         else await new_thread(channel, name, since=since))
            if thread_id is None:
                log.warning("tournament %s: no thread for round %s, table %s yet", t.id,
                            game.round, game.table)
                return False
            await tournaments.set_thread(t.id, game, thread_id)
            intro = thread_intro(view, record, lang=lang)
            await self._send(thread_id, intro, nonce=f"gwti{t.id}:{game.round}:{game.table}")
        else:
            await self._send(record.thread_id, replay_note(view, record, lang=lang))
        await tournaments.open_match(t.id, game, t.channel_id)
        return True

    async def _round_message(self, view: TournamentView, number: int) -> Outgoing:
        """A round's pairings with their results so far, and the standings before it."""
        t = view.tournament
        lang = await self._lang(t.guild_id)
        files: tuple[tuple[str, bytes], ...] = (
            ("pairings.png", await pairings_png(pairings_card(t.name, view.event, view.names,
                                                              number, lang=lang), tag=lang.tag)),)
        if number > 1:
            files += await tournament_images(view, through=number - 1, lang=lang)
        return round_message(view, number, files, lang=lang)

    async def _post_round(self, view: TournamentView, round_: RoundRecord) -> None:
        """Post a round's pairings, and the standings so far, in the sign-up channel. A post
        retried after a crash gets the message posted before, as it was then: unless it
        shows what was sent now, it is marked out of date, to be edited."""
        t = view.tournament
        out = await self._round_message(view, round_.number)
        message = await self._send(t.channel_id, out, nonce=f"gwtr{t.id}:{round_.number}")
        sent = out.send_kwargs()
        fresh = (message.content == sent["content"]
                 and [e.description for e in message.embeds]
                 == [e.description for e in sent.get("embeds", [])])
        await self._bot.services.tournaments.set_round_message(
            t.id, round_.number, message.id, round_.changes if fresh else 0)

    async def _show_results(self, view: TournamentView) -> bool:
        """Bring the first out-of-date pairings message up to date with its round's results;
        False when every one is up to date. A message deleted meanwhile, or one the bot may
        no longer edit, is given up."""
        round_ = next((r for r in view.rounds if r.out_of_date), None)
        if round_ is None or round_.pairings_message_id is None:
            return False
        t = view.tournament
        out = await self._round_message(view, round_.number)
        try:
            await self._bot.get_partial_messageable(t.channel_id).get_partial_message(
                round_.pairings_message_id).edit(**out.edit_kwargs(replace_files=True))
        except (discord.NotFound, discord.Forbidden) as error:
            log.info("tournament %s: round %s's pairings were not updated: %s %s", t.id,
                     round_.number, error.status, error.text)
        await self._bot.services.tournaments.set_round_message(
            t.id, round_.number, round_.pairings_message_id, round_.changes)
        return True

    async def _post_final(self, view: TournamentView) -> None:
        """Announce the champion with the final standings (and bracket)."""
        t = view.tournament
        lang = await self._lang(t.guild_id)
        files = await tournament_images(view, lang=lang)
        message = await self._send(t.channel_id, final_message(view, files, lang=lang),
                                   nonce=f"gwtf{t.id}")
        await self._bot.services.tournaments.set_final_message(t.id, message.id)
        await self.show_signup(view)

    # --------------------------------------------------------------- messages

    async def show_signup(self, view: TournamentView) -> None:
        """Bring the sign-up message up to date (best effort: it may have been deleted)."""
        t = view.tournament
        if t.message_id is None:
            return
        out = signup_message(view, lang=await self._lang(t.guild_id))
        try:
            await self._bot.get_partial_messageable(t.channel_id).get_partial_message(
                t.message_id).edit(**out.edit_kwargs(replace_files=False))
        except discord.HTTPException as error:
            log.info("tournament %s: the sign-up message was not updated: %s %s", t.id,
                     error.status, error.text)

    async def note_in_thread(self, channel_id: int, text: str) -> None:
        """A line in a match's thread (best effort)."""
        try:
            await self._send(channel_id, Outgoing(text))
        except discord.HTTPException as error:
            log.info("no note in %s: %s %s", channel_id, error.status, error.text)

    async def _lang(self, guild_id: int) -> Language:
        """The language of a server's public texts: every post of a tournament."""
        return await public_language_of(self._bot, guild_id)

    async def _send(self, channel_id: int, out: Outgoing,
                    nonce: str | None = None) -> discord.Message:
        channel = self._bot.get_partial_messageable(channel_id)
        if nonce is None:
            return await channel.send(**out.send_kwargs())
        return await channel.send(**out.send_kwargs(), nonce=nonce)

    async def _text_channel(self, channel_id: int) -> discord.TextChannel | None:
        """The sign-up channel, from the cache or Discord."""
        channel = self._bot.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self._bot.fetch_channel(channel_id)
            except discord.HTTPException as error:
                log.warning("cannot reach channel %s: %s %s", channel_id, error.status,
                            error.text)
                return None
        return channel if isinstance(channel, discord.TextChannel) else None
