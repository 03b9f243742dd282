"""The table's web server, inside the bot process (aiohttp, on WEB_PORT): the page's files,
GET /api/config (with the page's early words), POST /api/token (the OAuth2 exchange), the
socket GET /api/ws and the cards' portraits GET /art/{card_id}.png.

Only pages of the Activity (https://<application id>.discordsays.com) and of PUBLIC_URL may
call the API or open a socket (their Origin is checked). The client secret is used only
towards Discord, in the exchange's request body: it is in no answer and no log line.
"""

from __future__ import annotations

import json
import logging
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web

from bot.i18n import language
from bot.service import Services
from bot.web.art import Portraits
from bot.web.hub import Hub
from bot.web.oauth import DISCORD_API, CodeRefused, DiscordUnavailable, OAuth
from bot.web.presence import PRESENCE_SECONDS
from bot.web.ratelimit import Bucket
from bot.web.sessions import Signer
from bot.web.socket import Socket
from bot.web.static import DIST, StaticFiles
from bot.web.texts import SIGN_IN_ERRORS, early_texts

log = logging.getLogger(__name__)

DEFAULT_PORT = 8080
MAX_FRAME = 4096
MAX_BODY = 4096
# Token exchanges per address (a burst, then one every few seconds), and in all.
EXCHANGES_BURST, EXCHANGES_PER_SECOND = 6.0, 0.2
ALL_EXCHANGES_BURST, ALL_EXCHANGES_PER_SECOND = 50.0, 10.0
ADDRESSES_KEPT = 10_000
NO_STORE = {"Cache-Control": "no-store"}


@dataclass(frozen=True)
class TableOptions:
    """How the table's server runs: the application's client secret (the table is on only
    with it), its port and interface, the public address watch links start with, where the
    page's files are, and how often an open seat is marked as at the table."""

    client_secret: str = field(repr=False)
    port: int = DEFAULT_PORT
    public_url: str | None = None
    host: str = "0.0.0.0"
    dist: Path = DIST
    presence_seconds: float = PRESENCE_SECONDS


def origin_of(url: str) -> str:
    """scheme://host[:port] of a URL, as browsers send it in Origin."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


class TableServer:
    """The table's HTTP and WebSocket server."""

    def __init__(self, options: TableOptions) -> None:
        self.options = options
        self.hub = Hub()
        self.signer = Signer(options.client_secret)
        self._static = StaticFiles(options.dist)
        self._portraits = Portraits()
        self._runner: web.AppRunner | None = None
        self._oauth: OAuth | None = None
        self._client_id = 0
        self._origins: frozenset[str] = frozenset()
        self._exchanges: OrderedDict[str, Bucket] = OrderedDict()
        self._all_exchanges = Bucket(ALL_EXCHANGES_PER_SECOND, ALL_EXCHANGES_BURST)
        self.port = options.port

    async def start(self, services: Services, client_id: int,
                    api_base: str = DISCORD_API) -> None:
        """Serve the table of application `client_id` (raises OSError if the port is
        taken); `api_base` is Discord's API (a stand-in's in tests)."""
        self._client_id = client_id
        origins = {f"https://{client_id}.discordsays.com"}
        if self.options.public_url is not None:
            origins.add(origin_of(self.options.public_url))
        self._origins = frozenset(origins)
        self._oauth = OAuth(client_id, self.options.client_secret, api_base)
        await self.hub.attach(services)
        app = web.Application(client_max_size=MAX_BODY)
        app.add_routes([
            web.get("/", self._static.page),
            web.get("/watch/{token}", self._watch_page),
            web.get("/api/config", self._config),
            web.post("/api/token", self._token),
            web.get("/api/ws", self._socket),
            web.get("/art/{card_id}.png", self._portraits.serve),
            web.get("/{path:.+}", self._static.file),
        ])
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.options.host, self.options.port)
        await site.start()
        self.port = self._runner.addresses[0][1]
        log.info("serving the table on port %s", self.port)

    async def stop(self) -> None:
        """Close every socket and stop serving."""
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        await self.hub.close()
        if self._oauth is not None:
            await self._oauth.close()

    def watch_url(self, match_id: int) -> str | None:
        """The watch link of a match (None without PUBLIC_URL)."""
        if self.options.public_url is None:
            return None
        return f"{self.options.public_url}/watch/{self.signer.watch_token(match_id)}"

    # ----------------------------------------------------------------- routes

    def _allowed(self, request: web.Request) -> bool:
        origin = request.headers.get("Origin")
        return origin is not None and origin.lower() in self._origins

    async def _watch_page(self, request: web.Request) -> web.StreamResponse:
        response = await self._static.page(request)
        # The token is in the address: no other site is told it.
        response.headers["Referrer-Policy"] = "no-referrer"
        return response

    async def _config(self, request: web.Request) -> web.Response:
        lang = language(request.query.get("locale", "")[:35] or None)
        return web.json_response({"client_id": str(self._client_id), "lang": lang.tag,
                                  "texts": early_texts(lang)}, headers=NO_STORE)

    async def _token(self, request: web.Request) -> web.Response:
        if not self._allowed(request):
            return _sign_in_error(403, "forbidden")
        if not self._exchange_allowed(client_address(request)):
            return _sign_in_error(429, "rate_limited")
        try:
            body: Any = await request.json()
        except (ValueError, web.HTTPRequestEntityTooLarge):
            body = None
        code = body.get("code") if isinstance(body, dict) else None
        if not isinstance(code, str) or not 0 < len(code) <= 512:
            return _sign_in_error(400, "bad_request")
        assert self._oauth is not None
        try:
            grant = await self._oauth.exchange(code)
        except CodeRefused as refused:
            log.info("Discord refused a table sign-in (%s)", refused)
            return _sign_in_error(401, "unauthorized")
        except DiscordUnavailable as error:
            log.warning("the table cannot reach Discord to sign in (%s)", error)
            return _sign_in_error(502, "discord_unavailable")
        user = grant.user
        return web.json_response({"access_token": grant.access_token,
                                  "session": self.signer.session(user),
                                  "user": {"id": str(user.id), "name": user.name}},
                                 headers=NO_STORE)

    def _exchange_allowed(self, address: str) -> bool:
        bucket = self._exchanges.pop(address, None) or Bucket(EXCHANGES_PER_SECOND,
                                                              EXCHANGES_BURST)
        self._exchanges[address] = bucket
        while len(self._exchanges) > ADDRESSES_KEPT:
            self._exchanges.popitem(last=False)
        return bucket.take() and self._all_exchanges.take()

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        if not self._allowed(request):
            return _error(403, "forbidden", "This page may not open the table.")
        ws = web.WebSocketResponse(heartbeat=30.0, max_msg_size=MAX_FRAME, compress=True)
        await ws.prepare(request)
        await Socket(ws, self.hub, self.signer, self.options.presence_seconds).serve()
        return ws


def client_address(request: web.Request) -> str:
    """The browser's address: behind a reverse proxy or tunnel, the first one its
    X-Forwarded-For names (whatever a client writes there only changes its own bucket; the
    limit in all still holds), else the connection's."""
    forwarded = request.headers.get("X-Forwarded-For", "").split(",")[0].strip()
    return forwarded or request.remote or ""


def _sign_in_error(status: int, code: str) -> web.Response:
    """A refused sign-in, with its sentence in English (the page shows its own words for
    the code, in the viewer's language, from /api/config)."""
    return _error(status, code, SIGN_IN_ERRORS[code])


def _error(status: int, code: str, message: str) -> web.Response:
    return web.Response(status=status, text=json.dumps({"error": code, "message": message}),
                        content_type="application/json", headers=NO_STORE)
