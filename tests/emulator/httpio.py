"""HTTP helpers: Discord-exact JSON responses and JSON/multipart request bodies."""

from __future__ import annotations

import json
import mimetypes
from dataclasses import dataclass
from typing import Any

from aiohttp import BodyPartReader, web

from .errors import INVALID_FORM_BODY, ApiError

PAYLOAD = web.RequestKey("payload", object)


@dataclass
class Upload:
    """A file part (`files[n]`) of a multipart request."""

    index: int
    filename: str
    data: bytes

    @property
    def content_type(self) -> str | None:
        """The MIME type Discord would infer from the filename."""
        return mimetypes.guess_type(self.filename)[0]


def json_response(
    data: Any, *, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """Answer JSON with Content-Type exactly `application/json`, as discord.py requires."""
    return web.Response(
        status=status,
        body=json.dumps(data).encode(),
        headers={"Content-Type": "application/json", **(headers or {})},
    )


def no_content() -> web.Response:
    """Answer 204 No Content."""
    return web.Response(status=204)


def error_response(error: ApiError, headers: dict[str, str] | None = None) -> web.Response:
    """Answer a Discord JSON error."""
    return json_response(error.body(), status=error.status, headers=headers)


async def read_body(request: web.Request) -> tuple[Any, list[Upload]]:
    """Parse a JSON body, or a multipart body with `payload_json` and `files[n]` parts.

    The parsed payload is kept on the request (PAYLOAD) for the request log.
    """
    if request.content_type == "multipart/form-data":
        payload, uploads = await _read_multipart(request)
    else:
        raw = await request.read()
        try:
            payload, uploads = (json.loads(raw) if raw else None), []
        except ValueError:
            raise ApiError(
                400, INVALID_FORM_BODY, "The request body contains invalid JSON."
            ) from None
    request[PAYLOAD] = payload
    return payload, uploads


async def _read_multipart(request: web.Request) -> tuple[Any, list[Upload]]:
    payload: Any = None
    uploads: list[Upload] = []
    reader = await request.multipart()
    async for part in reader:
        if not isinstance(part, BodyPartReader):
            continue
        # Each read of part.name or part.filename parses the part's headers again (slowly).
        name = part.name
        if name == "payload_json":
            payload = json.loads(await part.text())
        elif name is not None and name.startswith("files[") and name.endswith("]"):
            index = int(name[len("files[") : -1])
            uploads.append(Upload(index, part.filename or f"file{index}", bytes(await part.read())))
    return payload, uploads
