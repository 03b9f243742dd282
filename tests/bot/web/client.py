"""A table page's socket, on the wire: a real aiohttp WebSocket client that keeps every frame
it received (raw text and parsed), for tests and benchmarks."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from typing import Any

import aiohttp

Frame = dict[str, Any]


class TableClient:
    """One socket to /api/ws, opened from a page of `origin`."""

    def __init__(self, url: str, origin: str | None = None) -> None:
        self.url = url
        # The page's origin (the server's own by default; "" sends no Origin).
        self.origin = origin if origin is not None else url
        self.raw: list[str] = []
        self.frames: list[Frame] = []
        self.sent: list[Frame] = []
        # When each frame was received and sent (time.monotonic()), for benchmarks.
        self.received_at: list[float] = []
        self.sent_at: list[float] = []
        self.closed = asyncio.Event()
        self._http: aiohttp.ClientSession | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._reader: asyncio.Task[None] | None = None
        self._changed = asyncio.Event()
        self._next_id = 0

    async def __aenter__(self) -> TableClient:
        self._http = aiohttp.ClientSession()
        headers = {"Origin": self.origin} if self.origin else {}
        try:
            self._ws = await self._http.ws_connect(f"{self.url}/api/ws", headers=headers,
                                                   compress=15)
        except BaseException:
            await self._http.close()
            raise
        self._reader = asyncio.create_task(self._read())
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        """Close the socket."""
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        if self._http is not None:
            await self._http.close()

    async def _read(self) -> None:
        assert self._ws is not None
        try:
            async for message in self._ws:
                if message.type == aiohttp.WSMsgType.TEXT:
                    self.received_at.append(time.monotonic())
                    self.raw.append(message.data)
                    self.frames.append(json.loads(message.data))
                    self._changed.set()
        finally:
            self.closed.set()
            self._changed.set()

    async def send(self, frame: Frame) -> None:
        """Send a frame."""
        assert self._ws is not None
        self.sent.append(frame)
        self.sent_at.append(time.monotonic())
        await self._ws.send_str(json.dumps(frame))

    async def send_text(self, text: str) -> None:
        """Send raw text (a malformed frame)."""
        assert self._ws is not None
        await self._ws.send_str(text)

    def new_id(self) -> int:
        """A fresh number for a move frame."""
        self._next_id += 1
        return self._next_id

    async def wait(self, predicate: Callable[[Frame], bool], since: int = 0,
                   timeout: float = 15.0, what: str = "a frame") -> Frame:
        """The first frame from index `since` on that `predicate` accepts."""
        async def found() -> Frame:
            while True:
                for frame in self.frames[since:]:
                    if predicate(frame):
                        return frame
                if self.closed.is_set():
                    raise AssertionError(f"the socket closed before {what}: {self.frames[-3:]}")
                self._changed.clear()
                await self._changed.wait()

        try:
            return await asyncio.wait_for(found(), timeout)
        except TimeoutError:
            raise AssertionError(f"no {what} within {timeout}s; last frames: "
                                 f"{[f.get('t') for f in self.frames[-10:]]}") from None

    async def of(self, kind: str, since: int = 0, timeout: float = 15.0) -> Frame:
        """The first frame of type `kind` from index `since` on."""
        return await self.wait(lambda f: f.get("t") == kind, since, timeout, f"a {kind} frame")

    def acked(self) -> list[tuple[int, str]]:
        """The moves this page sent that the server acknowledged: (action count, move)."""
        acks = {f["id"] for f in self.frames if f.get("t") == "ack"}
        return [(f["expected"], f["move"]) for f in self.sent
                if f.get("t") == "move" and f["id"] in acks]

    def states(self) -> list[Frame]:
        """Every state frame's view, in order."""
        return [f["view"] for f in self.frames if f.get("t") == "state"]

    def view(self) -> Frame:
        """The newest view."""
        return self.states()[-1]

    async def view_at(self, count: int, since: int = 0, timeout: float = 15.0) -> Frame:
        """The first view at (or past) action count `count`."""
        frame = await self.wait(lambda f: f.get("t") == "state"
                                and f["view"]["action_count"] >= count, since, timeout,
                                f"a state at action {count}")
        view: Frame = frame["view"]
        return view

    async def hello(self, session: str, channel_id: int, guild_id: int | None,
                    instance_id: str = "i-test", locale: str = "en-US") -> Frame:
        """Open the table of a channel; the welcome (or the error) it got."""
        since = len(self.frames)
        await self.send({"t": "hello", "session": session, "channel_id": str(channel_id),
                         "guild_id": None if guild_id is None else str(guild_id),
                         "instance_id": instance_id, "locale": locale})
        return await self.wait(lambda f: f.get("t") in ("welcome", "error"), since,
                               what="a welcome")

    async def move(self, move: str, expected: int) -> Frame:
        """Send a move; its ack or error."""
        number = self.new_id()
        since = len(self.frames)
        await self.send({"t": "move", "id": number, "expected": expected, "move": move})
        return await self.wait(lambda f: f.get("t") in ("ack", "error") and f.get("id") == number,
                               since, what=f"the answer to move {number}")
