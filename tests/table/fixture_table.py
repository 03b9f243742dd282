"""The table page served from table/dist/ with its server played by a recorded match.

A page opened with `FixtureTable(page).open()` gets the built page, `/api/config` (with
the early words of the page's language), `/api/token`, the cards' portraits and a socket
whose frames come from tests/table/fixtures/match.json (real engine states, written by
`python -m tests.table.make_fixture`) or any other recorded match (recorded.py): each move
the page sends moves the match one state on. For drawing, measuring and benchmarking the
page alone; the browser tests that play matches use the real bot's server.
"""

from __future__ import annotations

import json
import mimetypes
import time
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Page, Route, WebSocketRoute

from bot.i18n import language
from bot.render.art import PACK_PX, portrait_png
from bot.web.texts import early_texts

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "table" / "dist"
FIXTURE = Path(__file__).with_name("fixtures") / "match.json"
ORIGIN = "http://table.test"
TURN_SECONDS = 600


def fixture() -> dict[str, Any]:
    """The recorded match: its welcome frame and seat 0's states."""
    data: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return data


@cache
def portrait(card_id: str, size: int) -> bytes:
    """A card's portrait as the bot serves it."""
    return portrait_png(card_id, size)


class FixtureTable:
    """Serve the page to `page` and play the recorded match (`data`, else the fixture's) on
    its socket; with `refuse`, POST /api/token answers with that error code; with
    `hold_art`, portraits are answered only when `release_art` is called."""

    def __init__(self, page: Page, start: int = 0, data: dict[str, Any] | None = None,
                 refuse: str | None = None, hold_art: bool = False) -> None:
        self.page = page
        self.data = data or fixture()
        self.index = start
        self.refuse = refuse
        self.hold_art = hold_art
        self.held: list[Route] = []
        self.received: list[dict[str, Any]] = []
        self.art: list[str] = []
        self.socket: WebSocketRoute | None = None
        self.down = False
        page.route(f"{ORIGIN}/**", self._http)
        page.route_web_socket("**/api/ws", self._ws)

    def _http(self, route: Route) -> None:
        url = urlsplit(route.request.url)
        path = url.path
        query = parse_qs(url.query)
        if path == "/api/config":
            lang = language(query.get("locale", [""])[0] or None)
            route.fulfill(json={"client_id": "100", "lang": lang.tag,
                                "texts": early_texts(lang)})
        elif path == "/api/token" and self.refuse:
            route.fulfill(status=401, json={"error": self.refuse, "message": "refused"})
        elif path == "/api/token":
            route.fulfill(json={"access_token": "a", "session": "s",
                                "user": {"id": "1", "name": "Geralt"}})
        elif path.startswith("/art/"):
            self.art.append(route.request.url)
            if self.hold_art:
                self.held.append(route)
            else:
                self._portrait(route)
        else:
            file = DIST / ("index.html" if not path.startswith("/assets/") else path[1:])
            if not file.is_file():
                route.fulfill(status=404, body="not found")
                return
            kind = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
            route.fulfill(body=file.read_bytes(), content_type=kind)

    @staticmethod
    def _portrait(route: Route) -> None:
        url = urlsplit(route.request.url)
        size = int(parse_qs(url.query).get("size", [str(PACK_PX)])[0])
        route.fulfill(body=portrait(url.path[5:].removesuffix(".png"), size),
                      content_type="image/png",
                      headers={"Cache-Control": "public, max-age=86400"})

    def release_art(self) -> None:
        """Answer the portraits held so far, and the next ones at once."""
        self.hold_art = False
        for route in self.held:
            self._portrait(route)
        self.held.clear()

    def _ws(self, ws: WebSocketRoute) -> None:
        if self.down:
            ws.close()
            return
        self.socket = ws
        ws.on_message(lambda message: self._frame(ws, message))

    def drop(self) -> None:
        """Close the socket and refuse new ones (the server is unreachable)."""
        self.down = True
        if self.socket is not None:
            self.socket.close()

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

    def open(self, query: str = "?channel_id=5&guild_id=4&user_id=1&code=c",
             path: str = "/") -> None:
        """Open the page and wait until it shows the table."""
        self.page.goto(f"{ORIGIN}{path}{query}")
        self.page.wait_for_selector("body[data-ready='1']")
