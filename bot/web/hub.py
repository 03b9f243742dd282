"""The table's hub: which sockets show which match, and the Notifier that brings each of them
up to date after every change, whichever surface made it (a click in chat, a move at the
table, a timer, the computer player, another process).

After a change, the match's sockets are refreshed by one task: the match is read once per
seat shown (the public view once for every spectator and watcher), each view is built once per
language, and each socket gets it unless it shows it already.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict, defaultdict
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, TypeVar

from bot.i18n import Language
from bot.service import MatchChange, Services, Snapshot
from bot.service.tutorial import hint_in, is_tutorial
from bot.storage.records import ChallengeRecord
from bot.web import view
from bot.web.relay import Relay
from bot.web.seating import LAUNCH_SECONDS

if TYPE_CHECKING:
    from bot.web.socket import Socket, Viewer

log = logging.getLogger(__name__)

K = TypeVar("K")
T = TypeVar("T")

# How many users' recent "Play at the table" presses are remembered.
LAUNCHES_KEPT = 10_000


class Scene:
    """One match as a refresh reads it: a snapshot per seat shown, a view per seat and
    language, each read or built once however many sockets ask for it at the same time."""

    def __init__(self, hub: Hub, match_id: int) -> None:
        self._hub = hub
        self.match_id = match_id
        self._snapshots: dict[int | None, asyncio.Task[Snapshot]] = {}
        self._views: dict[tuple[int | None, str], asyncio.Task[view.Json]] = {}

    async def view(self, viewer: Viewer) -> tuple[Snapshot, view.Json]:
        """The snapshot and view of the match for a viewer of it."""
        snapshot = await _once(self._snapshots, viewer.seat,
                               lambda: viewer.read(self._hub.services.matches))
        built = await _once(self._views, (viewer.seat, viewer.lang.tag),
                            lambda: self._hub.build(snapshot, viewer.seat, viewer.lang))
        return snapshot, built


def _once(tasks: dict[K, asyncio.Task[T]], key: K,
          work: Callable[[], Coroutine[Any, Any, T]]) -> asyncio.Task[T]:
    """The task doing `work` for `key`, started by the first to ask."""
    task = tasks.get(key)
    if task is None:
        task = tasks[key] = asyncio.ensure_future(work())
    return task


class Hub:
    """The sockets of each match, in this process; the table's Notifier."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self._services: Services | None = None
        self.relay: Relay | None = None
        self._sockets: defaultdict[int, set[Socket]] = defaultdict(set)
        self._queued: set[int] = set()
        self._refreshing: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._launches: OrderedDict[int, tuple[int, float]] = OrderedDict()
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def services(self) -> Services:
        """The bot's services (once attached)."""
        if self._services is None:
            raise RuntimeError("the table's hub is not attached to the services yet")
        return self._services

    async def attach(self, services: Services) -> None:
        """Start serving: read matches from `services`, and hear the other processes."""
        self._services = services
        self.relay = Relay(services.db, changed=self.refresh, launched=self.note_launch,
                           missed=self.refresh_all)
        await self.relay.start()

    async def close(self) -> None:
        """Stop hearing other processes and refreshing sockets."""
        if self.relay is not None:
            await self.relay.stop()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._services = None

    # ------------------------------------------------------------- Notifier

    async def match_changed(self, change: MatchChange) -> None:
        """Refresh the match's sockets here, and tell the other processes."""
        if self._services is None:
            return
        self.refresh(change.match_id)
        if self.relay is not None and self.relay.shared:
            self._spawn(self.relay.say_changed(change.match_id))

    async def turn_warning(self, match_id: int, seats: tuple[int, ...]) -> None:
        """Nothing: the table shows the time left all along."""

    async def challenge_closed(self, challenge: ChallengeRecord) -> None:
        """Nothing: challenges live in chat."""

    # -------------------------------------------------------------- sockets

    def join(self, socket: Socket, match_id: int) -> None:
        """`socket` shows `match_id` from now on."""
        self._sockets[match_id].add(socket)

    def leave(self, socket: Socket, match_id: int) -> None:
        """`socket` no longer shows `match_id`."""
        sockets = self._sockets.get(match_id)
        if sockets is not None:
            sockets.discard(socket)
            if not sockets:
                del self._sockets[match_id]
                lock = self._refreshing.get(match_id)
                if lock is not None and not lock.locked():
                    del self._refreshing[match_id]

    def refresh(self, match_id: int) -> None:
        """Bring every socket of a match up to date (once, however often it is asked before
        the refresh starts)."""
        if match_id in self._sockets and match_id not in self._queued:
            self._queued.add(match_id)
            self._spawn(self._refresh(match_id))

    def refresh_all(self) -> None:
        """Bring every socket up to date (changes may have been missed)."""
        for match_id in list(self._sockets):
            self.refresh(match_id)

    async def _refresh(self, match_id: int) -> None:
        async with self._refreshing[match_id]:
            self._queued.discard(match_id)
            sockets = list(self._sockets.get(match_id, ()))
            if not sockets:
                return
            scene = Scene(self, match_id)
            try:
                await asyncio.gather(*(socket.show_from(scene) for socket in sockets))
            except Exception:
                log.exception("refreshing the table of match %s failed", match_id)

    async def build(self, snapshot: Snapshot, seat: int | None, lang: Language) -> view.Json:
        """The view of a snapshot for `seat` in `lang`, with the tutorial's hint for its
        player."""
        obs = snapshot.observation
        hint = None
        if seat is not None and obs is not None and is_tutorial(snapshot.match):
            actions = await self.services.matches.actions(snapshot.match.id)
            # The hint's move is searched for (a tenth of a second or so): not on the event
            # loop, as PracticeService.hint does for the chat.
            hint = await asyncio.to_thread(
                hint_in, snapshot.match, [a for _, a, _ in actions[:obs.action_count]], obs,
                lang=lang)
        return view.build(snapshot, seat, lang, hint=hint)

    # -------------------------------------------------------------- launches

    def note_launch(self, user_id: int, match_id: int) -> None:
        """A user pressed "Play at the table" on a match (here or in another process)."""
        self._launches.pop(user_id, None)
        self._launches[user_id] = (match_id, self.clock())
        while len(self._launches) > LAUNCHES_KEPT:
            self._launches.popitem(last=False)

    async def launched(self, user_id: int, match_id: int) -> None:
        """Tell the other processes which match a user opens the table of (this one noted
        it already, before the Activity was launched)."""
        if self.relay is not None:
            await self.relay.say_launched(user_id, match_id)

    def launched_match(self, user_id: int) -> int | None:
        """The match a user pressed "Play at the table" on lately, if any."""
        found = self._launches.get(user_id)
        if found is None or self.clock() - found[1] > LAUNCH_SECONDS:
            return None
        return found[0]

    # ----------------------------------------------------------------- tasks

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
