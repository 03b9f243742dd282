"""Card portraits for the page: GET /art/{card_id}.png (?size=128 for small ones), the
portrait the bot's images use (bot.render.art.portrait_png, the art pack's when ART_DIR has
one), drawn once in the render workers and then kept in memory."""

from __future__ import annotations

import asyncio
import hashlib

from aiohttp import web

from bot.images import renderer
from bot.render.art import PACK_PX, portrait_png
from engine import catalogue

SIZES = (128, PACK_PX)
# A day: a restart with another art pack shows within one (the ETag changes at once).
CACHE = "public, max-age=86400"


class Portraits:
    """Draws each card's portrait once per size, and serves it."""

    def __init__(self) -> None:
        self._drawn: dict[tuple[str, int], asyncio.Future[bytes]] = {}

    async def png(self, card_id: str, size: int = PACK_PX) -> bytes:
        """A card's portrait, size pixels square (one of SIZES), as PNG bytes."""
        key = (card_id, size)
        drawn = self._drawn.get(key)
        if drawn is None:
            drawn = self._drawn[key] = asyncio.ensure_future(
                renderer().run(portrait_png, card_id, size))
        try:
            return await asyncio.shield(drawn)
        except Exception:
            self._drawn.pop(key, None)  # drawn again at the next request
            raise

    async def serve(self, request: web.Request) -> web.StreamResponse:
        """GET /art/{card_id}.png: 404 for a card the catalogue does not have."""
        card_id = request.match_info["card_id"]
        size = request.query.get("size", str(PACK_PX))
        if card_id not in catalogue().cards or not size.isdigit() or int(size) not in SIZES:
            raise web.HTTPNotFound()
        png = await self.png(card_id, int(size))
        etag = hashlib.sha256(png).hexdigest()[:32]
        headers = {"Cache-Control": CACHE, "ETag": f'"{etag}"',
                   "X-Content-Type-Options": "nosniff"}
        if request.headers.get("If-None-Match") == f'"{etag}"':
            return web.Response(status=304, headers=headers)
        return web.Response(body=png, content_type="image/png", headers=headers)
