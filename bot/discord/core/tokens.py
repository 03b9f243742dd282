"""Requests made with an interaction token: follow-ups, and edits of the messages a token may
edit (its original response, and the follow-ups it sent).

Interaction endpoints are not bound to the bot's global rate limit of 50 requests per second
(https://discord.com/developers/docs/topics/rate-limits#global-rate-limit, and the
"Endpoints" note of https://discord.com/developers/docs/interactions/receiving-and-responding),
so the turn's messages go through tokens whenever one may speak in the right place. A token
works for 15 minutes after its interaction; a follow-up through it may be public after a
private response (the EPHEMERAL flag is per message), except the first follow-up after a
deferred (type 5) response, which fills the deferred message instead: callers use a token only
once its response is settled. A token is a secret: it is never logged.

discord.py's webhook requests retry every 5xx answer themselves, and so do these edits
(editing twice is harmless). But a follow-up is a new message each time and takes no nonce
(Discord's Execute Webhook has none), so a follow-up answered 5xx, or cut off, raises
Uncertain instead: the message may exist, and the caller looks before posting again.
"""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp
import discord
from discord.http import Route, handle_message_parameters, json_or_text

from bot.discord.core.views import Outgoing

# A token is used only this long after its interaction reached the bot (Discord allows 15
# minutes; the margin covers clock differences between processes and a request's retries).
TOKEN_SECONDS = 14 * 60.0
# A request is tried this often: again after a 429 that asks for a short wait, and (edits)
# after a 5xx, waiting 1, 3, 5... seconds as discord.py does.
TRIES, RATE_LIMIT_WAIT_MAX = 5, 10.0
# Closed or deleted: the token's message is gone (10008), or the token is (10015, 50027).
GONE = (10008, 10015, 50027)


class Uncertain(Exception):
    """A follow-up's answer was a server error or never came: it may have been posted."""


def usable(token_at: float | None, now: float) -> bool:
    """Whether a token that reached the bot at `token_at` may still be used at `now`."""
    return token_at is not None and 0 <= now - token_at < TOKEN_SECONDS


async def follow_up(client: discord.Client, token: str, out: Outgoing) -> int:
    """Post a follow-up (public unless `out` says otherwise); return its message id."""
    data = await _call(client, "POST", token, "", out.send_kwargs(), {"wait": "1"})
    assert isinstance(data, dict)
    return int(data["id"])


async def edit(client: discord.Client, token: str, message: int | str, out: Outgoing, *,
               replace_files: bool) -> int:
    """Edit the token's original response ("@original") or one of its follow-ups; return the
    edited message's id."""
    data = await _call(client, "PATCH", token, f"/messages/{message}",
                       out.edit_kwargs(replace_files=replace_files))
    assert isinstance(data, dict)
    return int(data["id"])


async def _call(client: discord.Client, method: str, token: str, path: str,
                message: dict[str, Any], query: dict[str, str] | None = None) -> Any:
    assert client.application_id is not None  # known once logged in
    url = f"{Route.BASE}/webhooks/{client.application_id}/{token}{path}"
    session = discord.Webhook.partial(client.application_id, token, client=client).session
    params = handle_message_parameters(previous_allowed_mentions=client.allowed_mentions,
                                       **message)
    with params:
        for attempt in range(TRIES):
            body: Any = params.payload
            if params.multipart:
                body = aiohttp.FormData(quote_fields=False)
                for part in params.multipart:
                    body.add_field(**part)
                for file in params.files or ():
                    file.reset(seek=attempt)
            try:
                async with session.request(
                        method, url, params=query,
                        json=body if not params.multipart else None,
                        data=body if params.multipart else None) as response:
                    data = await json_or_text(response)
                    if 200 <= response.status < 300:
                        return data
                    wait = _retry_after(response, data)
                    if wait is None and response.status >= 500 and method != "POST":
                        wait = 1.0 + 2 * attempt
                    if wait is not None and attempt + 1 < TRIES:
                        await asyncio.sleep(wait)
                        continue
                    raise _error(method, response, data)
            except (aiohttp.ClientError, TimeoutError) as error:
                # The error's text may hold the URL, and so the token: it is not kept.
                what = type(error).__name__
                if method == "POST":
                    raise Uncertain(f"no answer to a follow-up ({what})") from None
                raise ConnectionError(f"no answer from Discord ({what})") from None
    raise AssertionError("unreachable")


def _retry_after(response: aiohttp.ClientResponse, data: Any) -> float | None:
    """The wait a 429 asks for, when it is one discord.py would also wait out."""
    if response.status != 429 or not response.headers.get("Via") or not isinstance(data, dict):
        return None
    wait = float(data.get("retry_after", RATE_LIMIT_WAIT_MAX + 1))
    return wait if wait <= RATE_LIMIT_WAIT_MAX else None


def _error(method: str, response: aiohttp.ClientResponse, data: Any) -> Exception:
    if response.status >= 500:
        if method == "POST":
            return Uncertain(f"Discord answered {response.status} to a follow-up")
        return discord.DiscordServerError(response, data)
    if response.status == 403:
        return discord.Forbidden(response, data)
    if response.status == 404:
        return discord.NotFound(response, data)
    return discord.HTTPException(response, data)
