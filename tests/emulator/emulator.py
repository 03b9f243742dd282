"""The fake Discord: an aiohttp server on 127.0.0.1 with REST, gateway and test hooks."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from aiohttp import web

from .clock import Clock
from .errors import BUG_KINDS, ApiError
from .events import Events
from .faults import Fault, Faults
from .gateway import Gateway
from .httpio import PAYLOAD, error_response, json_response
from .interactions import InteractionFlow
from .models import Channel, Guild, User
from .payloads import Payloads
from .permissions import BITS
from .records import Failure, RequestRecord
from .rest_channels import ChannelApi
from .rest_core import CoreApi
from .rest_interactions import InteractionApi
from .snowflake import Snowflakes
from .state import Store
from .users import VirtualUser
from .views import MessageView
from .webhooks import WebhookFlow

T = TypeVar("T")

API_PREFIX = "/api/v10"
DEFAULT_TOKEN = "emulator-bot-token"
# These routes authenticate with the interaction token in the path, not the bot token.
TOKEN_AUTH_PREFIXES = ("/interactions/", "/webhooks/")


class Emulator:
    """A stateful fake Discord for one test; create it with `await Emulator.start()`."""

    def __init__(self, *, token: str = DEFAULT_TOKEN, bot_name: str = "Gwent") -> None:
        self.token = token
        self.clock = Clock()
        ids = Snowflakes()
        bot = User(ids.next(), bot_name, bot=True, global_name=bot_name)
        self.store = Store(ids, bot, self.clock.now)
        self.owner = self.store.add_user("owner")
        self.log: list[RequestRecord] = []
        self.failures: list[Failure] = []
        self.expected_kinds: set[str] = set()
        self.faults = Faults()
        self._changed = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.payloads = Payloads(self.store, "")
        self.gateway = Gateway(self.store, self.payloads, token, "", self.changed)
        self.events = Events(self.gateway, self.payloads)
        self.flow = InteractionFlow(self)
        self.webhooks = WebhookFlow(self)

    @classmethod
    async def start(cls, *, token: str = DEFAULT_TOKEN, bot_name: str = "Gwent") -> Emulator:
        """Create an emulator and serve it on a random 127.0.0.1 port."""
        emu = cls(token=token, bot_name=bot_name)
        await emu._serve()
        return emu

    async def _serve(self) -> None:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        app.add_routes([web.get("/gateway", self.gateway.handle)])
        app.add_routes(CoreApi(self).routes())
        app.add_routes(ChannelApi(self).routes())
        app.add_routes(InteractionApi(self).routes())
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]
        self.payloads.base_url = self.base_url
        self.gateway.url = self.gateway_url

    async def stop(self) -> None:
        """Close gateway sessions and the server."""
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @property
    def base_url(self) -> str:
        """http://127.0.0.1:PORT"""
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """The value for discord.http.Route.BASE."""
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        """The websocket URL for DiscordWebSocket.DEFAULT_GATEWAY."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    @property
    def bot(self) -> User:
        """The application's bot user."""
        return self.store.bot

    # World building

    def create_guild(self, name: str = "Gwent Club", *,
                     shard: tuple[int, int] | None = None) -> Guild:
        """Create a guild the bot is in; `shard=(id, count)` puts it on that gateway shard."""
        guild = self.store.add_guild(name, shard)
        self.changed()
        return guild

    def create_text_channel(self, guild: Guild, name: str = "general") -> Channel:
        """Create a text channel."""
        channel = self.store.add_text_channel(guild, name)
        self.changed()
        return channel

    def create_user(
        self, username: str, *, guilds: tuple[Guild, ...] = (), dms_open: bool = True
    ) -> VirtualUser:
        """Create a user, member of `guilds`."""
        user = self.store.add_user(username, dms_open=dms_open)
        for guild in guilds:
            self.store.add_member(guild, user)
        self.changed()
        return VirtualUser(self, user)

    def deny_bot(self, channel: Channel, *permissions: str) -> None:
        """Switch bot permissions off in a channel, e.g. deny_bot(ch, *THREAD_CREATION)."""
        unknown = set(permissions) - BITS.keys()
        if unknown:
            raise ValueError(f"unknown permissions {sorted(unknown)}")
        channel.bot_denied.update(permissions)

    def allow_bot(self, channel: Channel, *permissions: str) -> None:
        """Switch bot permissions back on in a channel."""
        channel.bot_denied.difference_update(permissions)

    # Observation

    def messages(self, channel: Channel) -> list[MessageView]:
        """Every message of a channel, ephemerals included, oldest first."""
        return [MessageView(m) for m in channel.messages.values()]

    def commands(self, guild: Guild | None = None) -> list[dict[str, Any]]:
        """Registered commands (global, or of `guild`) as the API returns them."""
        scope = guild.id if guild else None
        return [
            self.payloads.command(c) for c in self.store.commands.values() if c.guild_id == scope
        ]

    def changed(self) -> None:
        """Wake every `wait_for` so it re-checks its predicate."""
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_for(
        self,
        predicate: Callable[[], T | bool | None],
        timeout: float = 5.0,
        what: str = "condition",
    ) -> T:
        """Wait until `predicate()` is truthy and return its value; re-checked on every change."""
        try:
            async with asyncio.timeout(timeout):
                while not (result := predicate()):
                    await self._changed.wait()
        except TimeoutError:
            failures = "\n".join(map(str, self.failures)) or "none"
            raise TimeoutError(
                f"timed out after {timeout}s waiting for {what}; failures: {failures}"
            ) from None
        return result  # type: ignore[return-value]

    # Test hooks

    def inject(
        self,
        method: str,
        route: str,
        status: int,
        *,
        times: int = 1,
        code: int | None = None,
        retry_after: float = 0.05,
        message: str | None = None,
    ) -> None:
        """Answer the next `times` matching requests with `status` (429, 5xx or an error code)."""
        self.faults.add(Fault(method.upper(), route, status, times, code, retry_after, message))

    def expect_failures(self, *kinds: str) -> None:
        """Declare failure kinds this test provokes on purpose, so `assert_clean` ignores them."""
        self.expected_kinds.update(kinds)

    def bug_failures(self) -> list[Failure]:
        """Failures that indicate a bot bug (late/double acks, invalid payloads, ...)."""
        return [
            f
            for f in self.failures
            if f.kind in BUG_KINDS and f.kind not in self.expected_kinds and not f.injected
        ]

    def assert_clean(self) -> None:
        """Fail on unexpected 10062s, 40060s, invalid payloads, expired tokens, unknown routes."""
        bugs = self.bug_failures()
        assert not bugs, "Discord emulator recorded failures:\n" + "\n".join(map(str, bugs))

    # HTTP plumbing

    @web.middleware
    async def _middleware(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        if not request.path.startswith(API_PREFIX):
            return await handler(request)
        path = request.path[len(API_PREFIX) :]
        fault = self.faults.take(request.method, path)
        if fault is not None:
            response, code = fault.response()
            self._record(request, path, response.status, injected=True)
            self._fail(
                "injected", response.status, code, request, path, "injected by the test", True
            )
            return response
        if (
            not path.startswith(TOKEN_AUTH_PREFIXES)
            and request.headers.get("Authorization") != f"Bot {self.token}"
        ):
            self._record(request, path, 401)
            return json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        try:
            response = await handler(request)
        except ApiError as error:
            self._fail(error.kind, error.status, error.code, request, path, error.detail)
            response = error_response(error)
        except web.HTTPException as error:
            if error.status not in (404, 405):
                raise
            self._fail("unsupported_route", error.status, 0, request, path, "not emulated")
            response = json_response(
                {"message": f"{error.status}: {error.reason}", "code": 0}, status=error.status
            )
        self._record(request, path, response.status)
        return response

    def _record(
        self, request: web.Request, path: str, status: int, *, injected: bool = False
    ) -> None:
        self.log.append(RequestRecord(request.method, path, status, request.get(PAYLOAD), injected))

    def _fail(
        self,
        kind: str,
        status: int,
        code: int,
        request: web.Request,
        path: str,
        detail: str,
        injected: bool = False,
    ) -> None:
        self.failures.append(Failure(kind, status, code, request.method, path, detail, injected))
        self.changed()
