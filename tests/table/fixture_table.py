"""The table page served from table/dist/ with its server played by a recorded match.

A page opened with `FixtureTable(page).open()` gets the built page, `/api/config`,
`/api/token` and a socket whose frames come from tests/table/fixtures/match.json (real
engine states, written by `python -m tests.table.make_fixture`): each move the page sends
moves the match one state on. For drawing, measuring and benchmarking the page alone; the
browser tests that play matches use the real bot's server.
"""

from __future__ import annotations

import json
import mimetypes
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Route, WebSocketRoute

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "table" / "dist"
FIXTURE = Path(__file__).with_name("fixtures") / "match.json"
ORIGIN = "http://table.test"
TURN_SECONDS = 600


def fixture() -> dict[str, Any]:
    """The recorded match: its welcome frame and seat 0's states."""
    data: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return data


class FixtureTable:
    """Serve the page to `page` and play the recorded match on its socket."""

    def __init__(self, page: Page, start: int = 0) -> None:
        self.page = page
        self.data = fixture()
        self.index = start
        self.received: list[dict[str, Any]] = []
        self.socket: WebSocketRoute | None = None
        page.route(f"{ORIGIN}/**", self._http)
        page.route_web_socket("**/api/ws", self._ws)

    def _http(self, route: Route) -> None:
        path = route.request.url.removeprefix(ORIGIN).split("?")[0]
        if path == "/api/config":
            route.fulfill(json={"client_id": "100"})
        elif path == "/api/token":
            route.fulfill(json={"access_token": "a", "session": "s",
                                "user": {"id": "1", "name": "Geralt"}})
        else:
            file = DIST / ("index.html" if not path.startswith("/assets/") else path[1:])
            if not file.is_file():
                route.fulfill(status=404, body="not found")
                return
            kind = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
            route.fulfill(body=file.read_bytes(), content_type=kind)

    def _ws(self, ws: WebSocketRoute) -> None:
        self.socket = ws
        ws.on_message(lambda message: self._frame(ws, message))

    def _frame(self, ws: WebSocketRoute, message: str | bytes) -> None:
        frame = json.loads(message)
        self.received.append(frame)
        if frame["t"] in ("hello", "watch"):
            ws.send(json.dumps(self.data["welcome"]))
            self.send_state()
        elif frame["t"] == "move":
            ws.send(json.dumps({"t": "ack", "id": frame["id"]}))
            self.step()
        elif frame["t"] == "ping":
            ws.send(json.dumps({"t": "pong"}))

    def state(self) -> dict[str, Any]:
        """The state now shown."""
        state: dict[str, Any] = self.data["states"][self.index]
        return state

    def send_state(self) -> None:
        """Send the current state (its 10-minute turn began a minute ago)."""
        assert self.socket is not None
        view = self.state() | {"deadline": time.time() + TURN_SECONDS - 60,
                               "turn_seconds": TURN_SECONDS}
        self.socket.send(json.dumps({"t": "state", "now": time.time(), "view": view}))

    def step(self, count: int = 1) -> None:
        """Move the match on and send its new state."""
        self.index = min(self.index + count, len(self.data["states"]) - 1)
        self.send_state()

    def send(self, frame: dict[str, Any]) -> None:
        """Send any frame to the page."""
        assert self.socket is not None
        self.socket.send(json.dumps(frame))

    def open(self, query: str = "?channel_id=5&guild_id=4&user_id=1&code=c") -> None:
        """Open the page and wait until it shows the table."""
        self.page.goto(f"{ORIGIN}/{query}")
        self.page.wait_for_selector("body[data-ready='1']")
