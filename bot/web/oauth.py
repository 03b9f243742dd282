"""The Embedded App SDK's OAuth2 authorization-code exchange, done on the server: the code is
traded at Discord's /oauth2/token with the client secret, and the access token it gives names
the user through GET /users/@me. The secret is sent to Discord only, in the request body."""

from __future__ import annotations

from dataclasses import dataclass, field

import aiohttp

from bot.web.sessions import User

DISCORD_API = "https://discord.com/api/v10"
TIMEOUT = aiohttp.ClientTimeout(total=10)


class CodeRefused(Exception):
    """Discord refused the code (unknown, used or expired) or the token it gave."""


class DiscordUnavailable(Exception):
    """Discord could not be reached, or answered with a server error or a rate limit."""


@dataclass(frozen=True)
class Grant:
    """What an exchange gives: the access token (for the SDK's authenticate) and its user."""

    access_token: str = field(repr=False)
    user: User


class OAuth:
    """Exchanges codes for the application `client_id`, at `api_base` (Discord's, or a
    stand-in's in tests)."""

    def __init__(self, client_id: int, client_secret: str, api_base: str = DISCORD_API
                 ) -> None:
        self._client_id = client_id
        self._secret = client_secret
        self._base = api_base.rstrip("/")
        self._http: aiohttp.ClientSession | None = None

    def _session(self) -> aiohttp.ClientSession:
        if self._http is None or self._http.closed:
            self._http = aiohttp.ClientSession(timeout=TIMEOUT)
        return self._http

    async def close(self) -> None:
        """Close the HTTP connections."""
        if self._http is not None:
            await self._http.close()

    async def exchange(self, code: str) -> Grant:
        """Trade an authorization code for an access token and the user it belongs to."""
        form = {"client_id": str(self._client_id), "client_secret": self._secret,
                "grant_type": "authorization_code", "code": code}
        token = await self._call("POST", "/oauth2/token", data=form)
        access = token.get("access_token")
        if not isinstance(access, str) or not access:
            raise DiscordUnavailable("Discord's token answer held no access token")
        me = await self._call("GET", "/users/@me",
                              headers={"Authorization": f"Bearer {access}"})
        try:
            user = User(int(str(me["id"])), str(me.get("global_name") or me["username"]))
        except (KeyError, ValueError) as error:
            raise DiscordUnavailable("Discord's /users/@me answer was not a user") from error
        return Grant(access, user)

    async def _call(self, method: str, path: str, *, data: dict[str, str] | None = None,
                    headers: dict[str, str] | None = None) -> dict[str, object]:
        try:
            async with self._session().request(method, self._base + path, data=data,
                                               headers=headers) as response:
                status = response.status
                if status in (400, 401, 403):
                    raise CodeRefused(f"{method} {path}: {status}")
                if status != 200:
                    raise DiscordUnavailable(f"{method} {path}: {status}")
                body = await response.json(content_type=None)
        except (TimeoutError, aiohttp.ClientError, ValueError) as error:
            raise DiscordUnavailable(f"{method} {path}: {type(error).__name__}") from error
        if not isinstance(body, dict):
            raise DiscordUnavailable(f"{method} {path}: not a JSON object")
        return body
