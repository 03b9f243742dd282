"""One table socket: a page showing one match to one viewer (docs/table-protocol.md).

Frames are handled one at a time, in order. A move goes through the same service path as a
click in chat (MatchService.act, with the action count the page saw), so it is locked,
logged, timed and shown in chat like any other; its answer is an ack, then the mover's new
state. Anything refused gets an error frame and changes nothing; the socket lives on.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from bot.i18n import Language, language
from bot.service import Snapshot
from bot.service.errors import IllegalMove, NotAParticipant, NotFound, OutOfDate, Refusal
from bot.service.matches import MatchService
from bot.storage.records import CHOOSING, OVER, MatchRecord
from bot.web import frames, view
from bot.web.cards import cards_of, faction_names, pool
from bot.web.presence import PRESENCE_SECONDS
from bot.web.ratelimit import Bucket
from bot.web.seating import seating
from bot.web.sessions import Signer, User
from bot.web.texts import error_text, page_texts

if TYPE_CHECKING:
    from bot.web.hub import Hub, Scene

log = logging.getLogger(__name__)

# A socket that keeps sending past its rate limit this many frames in a row is closed.
FLOOD_CLOSE = 200
READY = "ready"


@dataclass(frozen=True)
class Viewer:
    """Who a socket shows a match to: a seated player, a signed-in spectator, or a watch
    link's anonymous watcher (user None)."""

    match_id: int
    seat: int | None
    user: User | None
    lang: Language

    @property
    def watching(self) -> bool:
        """True for a watch link's socket."""
        return self.user is None

    async def read(self, matches: MatchService) -> Snapshot:
        """The match as this viewer may see it now."""
        if self.seat is None or self.user is None:
            return await matches.public(self.match_id)
        return await matches.private(self.match_id, self.user.id)


class Socket:
    """A WebSocket of the table and what its page holds."""

    def __init__(self, ws: web.WebSocketResponse, hub: Hub, signer: Signer,
                 presence_seconds: float = PRESENCE_SECONDS) -> None:
        self._ws = ws
        self._hub = hub
        self._signer = signer
        self._presence_seconds = presence_seconds
        self._bucket = Bucket()
        self._refused = 0
        self._refusal_said_at = -1.0
        self.viewer: Viewer | None = None
        # What the page holds: the last view sent, how many log lines, which cards' data.
        self._shown: view.Json | None = None
        self._log_held = 0
        self._cards_sent: set[str] = set()
        self._sending = asyncio.Lock()
        self._presence: asyncio.Task[None] | None = None

    # ----------------------------------------------------------------- frames

    async def serve(self) -> None:
        """Handle the page's frames until the socket closes."""
        try:
            async for message in self._ws:
                if message.type == WSMsgType.TEXT:
                    await self._received(message.data)
                elif message.type == WSMsgType.BINARY:
                    await self._error(frames.MALFORMED, None)
                elif message.type == WSMsgType.ERROR:
                    break
        finally:
            self._leave()

    async def _received(self, text: str) -> None:
        if not self._bucket.take():
            self._refused += 1
            number = frames.frame_id(text)
            if self._refused >= FLOOD_CLOSE:
                await self._ws.close(code=1008, message=b"too many frames")
            elif number is not None or self._hub.clock() - self._refusal_said_at >= 1.0:
                # A numbered frame (a move) is always answered; others once a second.
                self._refusal_said_at = self._hub.clock()
                await self._error(frames.RATE_LIMITED, number)
            return
        self._refused = 0
        try:
            frame = frames.parse(text)
        except frames.Malformed:
            await self._error(frames.MALFORMED, frames.frame_id(text))
            return
        try:
            await self._handle(frame)
        except Exception:
            log.exception("the table could not handle a %s frame", type(frame).__name__)
            await self._error(frames.INTERNAL, getattr(frame, "id", None))

    async def _handle(self, frame: frames.Frame) -> None:
        if isinstance(frame, frames.Ping):
            await self._send({"t": "pong"})
        elif isinstance(frame, frames.Hello):
            await self._hello(frame)
        elif isinstance(frame, frames.Watch):
            await self._watch(frame)
        else:
            await self._act(frame)

    async def _hello(self, frame: frames.Hello) -> None:
        services = self._hub.services
        user = self._signer.user_of(frame.session)
        if user is None:
            await self._error(frames.UNAUTHORIZED, None, language(frame.locale))
            return
        lang = language(await services.settings.private_language(user.id, frame.locale))
        found = await seating(services, user.id, frame.channel_id, frame.guild_id,
                              self._hub.launched_match(user.id))
        if found is None:
            self._leave()
            await self._error(frames.NO_MATCH, None, lang)
            return
        await self._open(Viewer(found.match.id, found.seat, user, lang), found.match)

    async def _watch(self, frame: frames.Watch) -> None:
        lang = language(frame.locale)
        match_id = self._signer.watched_match(frame.token)
        match = None
        if match_id is not None:
            with contextlib.suppress(NotFound):
                match = await self._hub.services.matches.get(match_id)
        if match is None or not match.is_live:
            await self._error(frames.WATCH_EXPIRED, None, lang)
            await self._ws.close()
            return
        await self._open(Viewer(match.id, None, None, lang), match)

    async def _open(self, viewer: Viewer, match: MatchRecord) -> None:
        """Show a match to a viewer: the welcome, then its state."""
        self._leave()
        self.viewer = viewer
        self._shown, self._log_held = None, 0
        lang = viewer.lang
        started = match.status != CHOOSING
        cards = pool(frozenset(seat.faction for seat in match.seats)) if started else frozenset()
        self._cards_sent = set(cards)
        user = viewer.user
        await self._send({
            "t": "welcome", "match": viewer.match_id, "seat": viewer.seat, "lang": lang.tag,
            "user": None if user is None else {"id": str(user.id), "name": user.name},
            "watch": viewer.watching, "texts": page_texts(lang),
            "factions": faction_names(lang.tag), "cards": cards_of(cards, lang)})
        self._hub.join(self, viewer.match_id)
        if viewer.seat is not None and user is not None:
            self._presence = asyncio.create_task(self._at_table(viewer.match_id, user.id))
        await self._refresh()

    def _leave(self) -> None:
        """Show no match any more (until the next hello or watch)."""
        if self.viewer is not None:
            self._hub.leave(self, self.viewer.match_id)
            self.viewer = None
        self._stop_presence()

    def _stop_presence(self) -> None:
        if self._presence is not None:
            self._presence.cancel()
            self._presence = None

    async def _at_table(self, match_id: int, user_id: int) -> None:
        """While this seated socket is open, tell the chat every little while that its player
        is looking at the table."""
        while True:
            try:
                await self._hub.services.matches.mark_seen(match_id, user_id, at_table=True)
            except Exception as error:
                log.warning("cannot mark a player at the table of match %s (%s)", match_id,
                            type(error).__name__)
            await asyncio.sleep(self._presence_seconds)

    # ------------------------------------------------------------------ moves

    async def _act(self, frame: frames.Move | frames.Forfeit) -> None:
        viewer = self.viewer
        if viewer is None:
            await self._error(frames.NO_MATCH, frame.id)
            return
        if viewer.seat is None or viewer.user is None:
            await self._error(frames.NOT_A_PLAYER, frame.id)
            return
        matches = self._hub.services.matches
        async with self._sending:
            try:
                snapshot: Snapshot | None = None
                if isinstance(frame, frames.Forfeit):
                    await matches.forfeit_match(viewer.match_id, viewer.user.id)
                elif frame.move == READY:
                    await matches.ready(viewer.match_id, viewer.user.id)
                else:
                    snapshot = await matches.act(viewer.match_id, viewer.user.id, frame.move,
                                                 frame.expected)
            except Refusal as refusal:
                await self._refused_move(refusal, frame.id)
                return
            await self._send({"t": "ack", "id": frame.id})
            if snapshot is None:
                snapshot = await matches.private(viewer.match_id, viewer.user.id)
            await self._show(snapshot, await self._hub.build(snapshot, viewer.seat,
                                                             viewer.lang))

    async def _refused_move(self, refusal: Refusal, frame_id: int) -> None:
        """Say why a move changed nothing, and show the match as it is now."""
        viewer = self.viewer
        assert viewer is not None
        lang = viewer.lang
        snapshot = await viewer.read(self._hub.services.matches)
        if isinstance(refusal, NotAParticipant):
            code = frames.NOT_A_PLAYER
        elif isinstance(refusal, NotFound):
            code = frames.OVER
        elif isinstance(refusal, OutOfDate):
            code = frames.OVER if snapshot.match.status == OVER else frames.STALE
        else:
            code = frames.ILLEGAL
        message = (refusal.text(lang) if code in (frames.ILLEGAL, frames.NOT_A_PLAYER)
                   or isinstance(refusal, IllegalMove) else error_text(code, lang))
        await self._send({"t": "error", "code": code, "message": message, "id": frame_id})
        await self._show(snapshot, await self._hub.build(snapshot, viewer.seat, lang))

    # ------------------------------------------------------------------ state

    async def _refresh(self) -> None:
        """Send the match as it is now, if the page does not show it."""
        viewer = self.viewer
        assert viewer is not None
        async with self._sending:
            snapshot = await viewer.read(self._hub.services.matches)
            await self._show(snapshot, await self._hub.build(snapshot, viewer.seat,
                                                             viewer.lang))

    async def show_from(self, scene: Scene) -> None:
        """Send the match as a refresh read it, if the page does not show it."""
        viewer = self.viewer
        if viewer is None or viewer.match_id != scene.match_id:
            return  # it shows another match now
        snapshot, built = await scene.view(viewer)
        async with self._sending:
            if self.viewer is viewer:
                await self._show(snapshot, built)

    async def _show(self, snapshot: Snapshot, shown: view.Json) -> None:
        """Send a state frame (and the data of cards the page lacks), unless the page holds
        it already; a watch link's socket closes once its match is over."""
        viewer = self.viewer
        assert viewer is not None
        if (self._shown is not None
                and shown["action_count"] < self._shown["action_count"]):
            return  # an older read than the page shows (a refresh that lost a race)
        obs = snapshot.observation
        start = view.log_start(obs, self._log_held)
        lines = view.log_lines(obs, start, viewer.lang)
        if shown == self._shown and start + len(lines) == self._log_held:
            return
        wanted = set(view.card_ids(shown))
        if obs is not None:
            wanted |= pool(frozenset(side.faction for side in obs.sides))
        missing = wanted - self._cards_sent
        if missing:
            await self._send({"t": "cards", "cards": cards_of(missing, viewer.lang)})
            self._cards_sent |= missing
        await self._send({"t": "state", "now": round(self._hub.clock(), 3),
                          "view": shown | {"log_from": start, "log": lines}})
        self._shown, self._log_held = shown, start + len(lines)
        if snapshot.match.status == OVER:
            self._stop_presence()  # nobody is waiting for a move any more
        if viewer.watching and snapshot.match.status == OVER:
            await self._error(frames.WATCH_EXPIRED, None)
            self._leave()
            await self._ws.close()

    # ---------------------------------------------------------------- sending

    async def _error(self, code: str, frame_id: int | None,
                     lang: Language | None = None) -> None:
        said = lang or (self.viewer.lang if self.viewer is not None else language(None))
        await self._send({"t": "error", "code": code, "message": error_text(code, said),
                          "id": frame_id})

    async def _send(self, frame: dict[str, Any]) -> None:
        if self._ws.closed:
            return
        try:
            await self._ws.send_str(json.dumps(frame, ensure_ascii=False,
                                               separators=(",", ":")))
        except ConnectionError:
            log.info("a table socket closed while a frame was sent")
