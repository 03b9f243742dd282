"""REST: login, application commands, users, guilds, gateway discovery and attachment bytes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import errors
from .errors import ApiError, FormErrors
from .httpio import json_response, read_body
from .models import PUBLIC_THREAD, AppCommand, Guild

if TYPE_CHECKING:
    from .emulator import Emulator

API = "/api/v10"


class CoreApi:
    """Handlers for the non-channel REST routes a bot uses."""

    def __init__(self, emu: Emulator) -> None:
        self.emu = emu
        self.store = emu.store

    def routes(self) -> list[web.RouteDef]:
        """The aiohttp routes served by this class."""
        return [
            web.get(f"{API}/users/@me", self.me),
            web.get(f"{API}/users/{{user_id:\\d+}}", self.user),
            web.get(f"{API}/oauth2/applications/@me", self.application),
            web.get(f"{API}/gateway", self.gateway),
            web.get(f"{API}/gateway/bot", self.gateway),
            web.get(f"{API}/applications/{{app_id}}/commands", self.get_commands),
            web.put(f"{API}/applications/{{app_id}}/commands", self.put_commands),
            web.get(
                f"{API}/applications/{{app_id}}/guilds/{{guild_id}}/commands", self.get_commands
            ),
            web.put(
                f"{API}/applications/{{app_id}}/guilds/{{guild_id}}/commands", self.put_commands
            ),
            web.get(f"{API}/guilds/{{guild_id}}", self.guild),
            web.get(f"{API}/guilds/{{guild_id}}/channels", self.guild_channels),
            web.get(f"{API}/guilds/{{guild_id}}/members/{{user_id}}", self.member),
            web.get(f"{API}/guilds/{{guild_id}}/threads/active", self.active_threads),
            web.get("/attachments/{channel_id}/{attachment_id}/{filename}", self.attachment),
        ]

    async def me(self, request: web.Request) -> web.Response:
        """GET /users/@me: the bot, or with a bearer token the user it was given for."""
        authorization = request.headers.get("Authorization", "")
        if authorization.startswith("Bearer "):
            user = self.emu.activities.bearer_user(authorization)
            return json_response({**self.emu.payloads.user(user), "locale": user.locale})
        return json_response(self.emu.payloads.me())

    async def user(self, request: web.Request) -> web.Response:
        """GET /users/{id}."""
        return json_response(
            self.emu.payloads.user(self.store.user(int(request.match_info["user_id"])))
        )

    async def application(self, request: web.Request) -> web.Response:
        """GET /oauth2/applications/@me."""
        bot = self.store.bot
        return json_response(
            {
                "id": str(bot.id),
                "name": bot.username,
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": self.emu.payloads.user(self.emu.owner),
                "verify_key": "0" * 64,
                "flags": 0,
                "team": None,
                "summary": "",
                "bot": self.emu.payloads.user(bot),
                "redirect_uris": [],
                "interactions_endpoint_url": None,
            }
        )

    async def gateway(self, request: web.Request) -> web.Response:
        """GET /gateway and /gateway/bot."""
        return json_response(
            {
                "url": self.emu.gateway_url,
                "shards": 1,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    def _scope(self, request: web.Request) -> int | None:
        if int(request.match_info["app_id"]) != self.store.bot.id:
            raise ApiError(403, errors.MISSING_ACCESS)
        guild_id = request.match_info.get("guild_id")
        if guild_id is None:
            return None
        if int(guild_id) not in self.store.guilds:
            raise ApiError(403, errors.MISSING_ACCESS)
        return int(guild_id)

    async def get_commands(self, request: web.Request) -> web.Response:
        """GET the global or guild commands."""
        scope = self._scope(request)
        found = [c for c in self.store.commands.values() if c.guild_id == scope]
        return json_response([self.emu.payloads.command(c) for c in found])

    async def put_commands(self, request: web.Request) -> web.Response:
        """PUT (bulk overwrite) the global or guild commands; ids survive for unchanged names."""
        scope = self._scope(request)
        body, _ = await read_body(request)
        _validate_commands(body)
        if scope is None:
            self.emu.activities.check_overwrite(body)
        old = {(c.name, c.type): c for c in self.store.commands.values() if c.guild_id == scope}
        for command in old.values():
            del self.store.commands[command.id]
        stored = []
        for payload in body:
            kind = int(payload.get("type", 1))
            previous = old.get((payload["name"], kind))
            command_id = previous.id if previous else self.store.ids.next()
            command = AppCommand(command_id, payload["name"], kind, scope, payload)
            self.store.commands[command_id] = command
            stored.append(command)
        self.emu.changed()
        return json_response([self.emu.payloads.command(c) for c in stored])

    async def guild(self, request: web.Request) -> web.Response:
        """GET /guilds/{id}."""
        guild = self._guild(request)
        data = self.emu.payloads.guild_create(guild, all_members=False)
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            data.pop(key)
        return json_response(data)

    async def guild_channels(self, request: web.Request) -> web.Response:
        """GET /guilds/{id}/channels."""
        guild = self._guild(request)
        return json_response(
            [self.emu.payloads.channel(self.store.channels[c]) for c in guild.channel_ids]
        )

    async def member(self, request: web.Request) -> web.Response:
        """GET /guilds/{id}/members/{user_id}."""
        guild = self._guild(request)
        member = guild.members.get(int(request.match_info["user_id"]))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        return json_response(self.emu.payloads.member(guild, member))

    async def active_threads(self, request: web.Request) -> web.Response:
        """GET /guilds/{id}/threads/active: the guild's threads, with the bot's memberships."""
        guild = self._guild(request)
        bot_id = self.store.bot.id
        threads = [c for c in self.store.channels.values()
                   if c.is_thread and c.guild_id == guild.id
                   and (c.type == PUBLIC_THREAD or bot_id in c.thread_members)]
        return json_response({
            "threads": [self.emu.payloads.channel(t) for t in threads],
            "members": [self.emu.payloads.thread_member(t, bot_id) for t in threads
                        if bot_id in t.thread_members],
        })

    def _guild(self, request: web.Request) -> Guild:
        guild = self.store.guilds.get(int(request.match_info["guild_id"]))
        if guild is None:
            raise ApiError(404, errors.UNKNOWN_GUILD)
        return guild

    async def attachment(self, request: web.Request) -> web.Response:
        """Serve an attachment's bytes (the CDN)."""
        attachment = self.store.files.get(int(request.match_info["attachment_id"]))
        if attachment is None:
            raise web.HTTPNotFound()
        return web.Response(
            body=attachment.data, content_type=attachment.content_type or "application/octet-stream"
        )


def _validate_commands(body: Any) -> None:
    errs = FormErrors()
    if not isinstance(body, list):
        errs.add((), "LIST_TYPE_CONVERT", "Must be an array.")
        errs.raise_if_any()
    if len(body) > 100:
        errs.add((), "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
    seen: set[tuple[str, int]] = set()
    for index, command in enumerate(body):
        name = command.get("name", "")
        if not 1 <= len(name) <= 32:
            errs.add((index, "name"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 32 in length.")
        key = (name, int(command.get("type", 1)))
        if key in seen:
            errs.add(
                (index, "name"),
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                "Application command names must be unique",
            )
        seen.add(key)
        if key[1] == 1:
            _validate_options(errs, (index,), command)
    errs.raise_if_any()


def _validate_options(errs: FormErrors, path: tuple[str | int, ...], node: dict[str, Any]) -> None:
    description = node.get("description", "")
    if not 1 <= len(description) <= 100:
        errs.add(
            (*path, "description"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."
        )
    options = node.get("options") or []
    if len(options) > 25:
        errs.add((*path, "options"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    for index, option in enumerate(options):
        if option.get("type") in (1, 2):
            _validate_options(errs, (*path, "options", index), option)
        elif len(option.get("choices") or []) > 25:
            errs.add(
                (*path, "options", index, "choices"),
                "BASE_TYPE_MAX_LENGTH",
                "Must be 25 or fewer in length.",
            )
