"""The table page's built files (table/dist), served as they are: the page itself is checked
again on every load (no-cache, with its Last-Modified and ETag), the hashed files under
assets/ are kept for a year."""

from __future__ import annotations

from pathlib import Path

from aiohttp import web

DIST = Path(__file__).resolve().parents[2] / "table" / "dist"
PAGE = "index.html"
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"


class StaticFiles:
    """Files of one folder, never outside it."""

    def __init__(self, root: Path = DIST) -> None:
        self._root = root.resolve()

    def _file(self, relative: str) -> Path | None:
        path = (self._root / relative).resolve()
        if not path.is_relative_to(self._root) or not path.is_file():
            return None
        return path

    async def page(self, request: web.Request) -> web.StreamResponse:
        """The table page (for /, and for /watch/<token>)."""
        path = self._file(PAGE)
        if path is None:
            return web.Response(status=503, text="The table's page is not built: run the "
                                "client's build (see the README's Play at the table).\n")
        return _file(path, REVALIDATE)

    async def file(self, request: web.Request) -> web.StreamResponse:
        """Any other built file; the hashed assets are cached for good."""
        relative = request.match_info["path"]
        path = self._file(relative)
        if path is None:
            raise web.HTTPNotFound()
        return _file(path, IMMUTABLE if relative.startswith("assets/") else REVALIDATE)


def _file(path: Path, cache: str) -> web.FileResponse:
    response = web.FileResponse(path)
    response.headers["Cache-Control"] = cache
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response
