"""Activities, as Discord runs them for an app: the Embedded App SDK's OAuth2 code exchange
(POST /oauth2/token with the client secret), bearer-token GET /users/@me, the app's Entry
Point command (a PRIMARY_ENTRY_POINT command, type 4, that Discord creates when Activities
are enabled and that a bulk overwrite may not remove: 50240), and launches by the
LAUNCH_ACTIVITY response (callback type 12) or by the Entry Point command itself.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .errors import ApiError, FormErrors
from .httpio import json_response
from .models import AppCommand, Channel, User

if TYPE_CHECKING:
    from .emulator import Emulator

API = "/api/v10"
TOKEN_PATH = "/oauth2/token"
ENTRY_POINT = 4  # PRIMARY_ENTRY_POINT
APP_HANDLER, DISCORD_LAUNCH_ACTIVITY = 1, 2  # who handles the Entry Point command
LAUNCH_ACTIVITY = 12  # the interaction callback type
ENTRY_POINT_REMOVED = 50240
ENTRY_POINT_REMOVED_MESSAGE = (
    "You cannot remove this app's Entry Point command in a bulk update operation. Please "
    "include the Entry Point command in your update request or delete it separately.")
CODE_SECONDS = 600.0
TOKEN_SECONDS = 604800


@dataclass(frozen=True)
class Launch:
    """An Activity opened for a user: where they launched it (`channel_id`), the channel the
    Activity runs in and reports to the page (`activity_channel_id`: a thread's parent
    channel while `threads_report_parent`), the server, its instance id (one per running
    Activity in a channel, shared by whoever joins it), and how it was launched
    (`interaction`: a type 12 answer; `entry_point`: the Entry Point command)."""

    user_id: int
    channel_id: int
    activity_channel_id: int
    guild_id: int | None
    instance_id: str
    via: str


class Activities:
    """The app's Activity settings, OAuth2 grants and launches."""

    def __init__(self, emu: Emulator) -> None:
        self._emu = emu
        self.client_secret = "emulator-client-secret-" + secrets.token_hex(16)
        self.enabled = False
        # Whether an Activity launched in a thread runs in (and reports) the parent channel.
        self.threads_report_parent = True
        self.launches: list[Launch] = []
        self.exchanges = 0
        self._codes: dict[str, tuple[int, float]] = {}
        self._tokens: dict[str, tuple[int, float]] = {}
        self._instances: dict[int, str] = {}

    @property
    def client_id(self) -> int:
        """The application's id (the OAuth2 client id)."""
        return self._emu.bot.id

    def routes(self) -> list[web.RouteDef]:
        """The OAuth2 token route (GET /users/@me with a bearer token is CoreApi's)."""
        return [web.post(API + TOKEN_PATH, self.token)]

    # ----------------------------------------------------------- settings

    def enable(self, handler: int = DISCORD_LAUNCH_ACTIVITY) -> AppCommand:
        """Enable Activities for the app, as the Developer Portal does: Discord creates the
        default Entry Point command, "launch", handled by Discord itself unless `handler` is
        APP_HANDLER."""
        self.enabled = True
        store = self._emu.store
        for command in store.commands.values():
            if command.type == ENTRY_POINT and command.guild_id is None:
                command.payload["handler"] = handler
                return command
        command = AppCommand(store.ids.next(), "launch", ENTRY_POINT, None, {
            "name": "launch", "type": ENTRY_POINT, "description": "", "handler": handler,
            "integration_types": [0, 1], "contexts": [0, 1, 2]})
        store.commands[command.id] = command
        self._emu.changed()
        return command

    def entry_point(self) -> AppCommand | None:
        """The app's Entry Point command, if there is one."""
        return next((c for c in self._emu.store.commands.values()
                     if c.type == ENTRY_POINT and c.guild_id is None), None)

    def check_overwrite(self, body: list[dict[str, Any]]) -> None:
        """Refuse a global bulk overwrite that would remove the Entry Point command."""
        if self.entry_point() is not None and not any(
                int(c.get("type", 1)) == ENTRY_POINT for c in body):
            raise ApiError(400, ENTRY_POINT_REMOVED, ENTRY_POINT_REMOVED_MESSAGE,
                           kind="entry_point_removed")

    # ------------------------------------------------------------- OAuth2

    def oauth_code(self, user: User | Any) -> str:
        """An authorization code for a user, as the SDK's authorize() gives the page (single
        use, valid 10 minutes); `user` may be a VirtualUser."""
        code = secrets.token_urlsafe(24)
        self._codes[code] = (getattr(user, "user", user).id, self._emu.clock.now() + CODE_SECONDS)
        return code

    async def token(self, request: web.Request) -> web.Response:
        """POST /oauth2/token: trade a code for an access token, with the client secret."""
        form = await request.post()
        if form.get("grant_type") != "authorization_code":
            return json_response({"error": "unsupported_grant_type"}, status=400)
        if (form.get("client_id") != str(self.client_id)
                or form.get("client_secret") != self.client_secret):
            return json_response({"error": "invalid_client"}, status=401)
        granted = self._codes.pop(str(form.get("code", "")), None)
        if granted is None or granted[1] < self._emu.clock.now():
            return json_response({"error": "invalid_grant",
                                  "error_description": 'Invalid "code" in request.'}, status=400)
        self.exchanges += 1
        access = secrets.token_urlsafe(30)
        self._tokens[access] = (granted[0], self._emu.clock.now() + TOKEN_SECONDS)
        return json_response({"access_token": access, "token_type": "Bearer",
                              "expires_in": TOKEN_SECONDS,
                              "refresh_token": secrets.token_urlsafe(30), "scope": "identify"})

    def bearer_user(self, authorization: str) -> User:
        """The user a bearer access token was given for (raising a 401 ApiError)."""
        found = self._tokens.get(authorization.removeprefix("Bearer ").strip())
        if found is None or found[1] < self._emu.clock.now():
            raise ApiError(401, 0, "401: Unauthorized", kind="oauth_refused")
        return self._emu.store.users[found[0]]

    # ------------------------------------------------------------ launches

    def launch(self, user: User, channel: Channel, via: str) -> Launch:
        """Open the Activity for `user` from `channel`."""
        store = self._emu.store
        where = (channel.parent_id if channel.is_thread and self.threads_report_parent
                 and channel.parent_id is not None else channel.id)
        instance = self._instances.setdefault(where, f"i-{store.ids.next()}-gc-{where}")
        guild = store.guild_of(channel)
        launch = Launch(user.id, channel.id, where, guild.id if guild else None, instance, via)
        self.launches.append(launch)
        self._emu.changed()
        return launch

    def check_launch(self) -> None:
        """Refuse LAUNCH_ACTIVITY for an app without Activities."""
        if not self.enabled:
            errors = FormErrors()
            errors.add(("type",), "INTERACTION_RESPONSE_TYPE_INVALID",
                       "Activities are not enabled for this application.")
            errors.raise_if_any()
