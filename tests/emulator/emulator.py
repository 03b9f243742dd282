"""The fake Discord: an aiohttp server on 127.0.0.1 with REST, gateway and test hooks."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from aiohttp import web

from .activities import TOKEN_PATH, Activities
from .clock import Clock
from .errors import BUG_KINDS, ApiError
from .events import Events
from .faults import DROPPED, RANDOM_STATUSES, Fault, Faults, RandomFaults
from .gateway import Gateway
from .httpio import PAYLOAD, error_response, json_response
from .interactions import InteractionFlow
from .models import Channel, Guild, User
from .payloads import Payloads
from .permissions import BITS
from .ratelimits import Limiter, RateLimits, Verdict, is_interaction_endpoint
from .records import BOT, INTERACTION, OAUTH, Failure, RequestRecord, Traffic
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
GATEWAY_PATH = "/gateway"
DEFAULT_TOKEN = "emulator-bot-token"
# Discord's answers come through Google's load balancer; discord.py retries a 429 only
# when this header is present.
VIA = {"Via": "1.1 google"}
# Failure kinds a failed acknowledgement causes: 10062 after a callback kept failing past
# Discord's 3 seconds, 40060 when a callback that had worked is retried after its 5xx.
CALLBACK_CONSEQUENCES = frozenset({"unknown_interaction", "already_acknowledged"})


class Emulator:
    """A stateful fake Discord for one test; create it with `await Emulator.start()`."""

    def __init__(self, *, token: str = DEFAULT_TOKEN, bot_name: str = "Gwent",
                 rate_limits: RateLimits | None = None) -> None:
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
        self.limiter = Limiter(rate_limits or RateLimits.discord(), self.clock.now)
        # Interactions whose callback got an injected fault (see CALLBACK_CONSEQUENCES).
        self._faulted_callbacks: set[str] = set()
        self._changed = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.payloads = Payloads(self.store, "")
        self.gateway = Gateway(self.store, self.payloads, token, "", self.changed)
        self.events = Events(self.gateway, self.payloads)
        self.flow = InteractionFlow(self)
        self.webhooks = WebhookFlow(self)
        self.activities = Activities(self)

    @classmethod
    async def start(cls, *, token: str = DEFAULT_TOKEN, bot_name: str = "Gwent",
                    rate_limits: RateLimits | None = None) -> Emulator:
        """Create an emulator and serve it on a random 127.0.0.1 port, applying Discord's
        rate limits (`rate_limits`: RateLimits.discord() by default)."""
        emu = cls(token=token, bot_name=bot_name, rate_limits=rate_limits)
        await emu._serve()
        return emu

    async def _serve(self) -> None:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        app.add_routes([web.get("/gateway", self.gateway.handle)])
        app.add_routes(CoreApi(self).routes())
        app.add_routes(ChannelApi(self).routes())
        app.add_routes(InteractionApi(self).routes())
        app.add_routes(self.activities.routes())
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
    def rate_limits(self) -> RateLimits:
        """The rate limits applied (setting new ones starts every bucket afresh)."""
        return self.limiter.limits

    @rate_limits.setter
    def rate_limits(self, limits: RateLimits) -> None:
        self.limiter = Limiter(limits, self.clock.now)

    @property
    def bot(self) -> User:
        """The application's bot user."""
        return self.store.bot

    @property
    def client_secret(self) -> str:
        """The application's OAuth2 client secret (DISCORD_CLIENT_SECRET)."""
        return self.activities.client_secret

    def oauth_code(self, user: VirtualUser | User) -> str:
        """An OAuth2 authorization code for a user, as the SDK's authorize() gives it."""
        return self.activities.oauth_code(user)

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
        after_write: bool = False,
        scope: str = "user",
    ) -> None:
        """Answer the next `times` matching requests with `status` (429, 5xx or an error code;
        0 drops the connection without an answer, a network error); with `after_write`,
        after the route did its work (a write that happened, answered with a failure).
        A 429's X-RateLimit-Scope is `scope` (`shared` ones are not invalid requests).
        `route` may also be the gateway's "/gateway" (its handshake then fails)."""
        self.faults.add(
            Fault(
                method.upper(), route, status, times, code, retry_after, message, after_write,
                scope,
            )
        )

    def fail_randomly(
        self,
        one_in: int,
        *,
        seed: int,
        statuses: tuple[int, ...] = RANDOM_STATUSES,
        after_write: bool = True,
        routes: tuple[str, ...] | None = None,
    ) -> RandomFaults:
        """From now on, fail one request in `one_in` (see RandomFaults); returns the faults,
        whose `drawn` lists what failed."""
        self.faults.random = RandomFaults(
            one_in, seed=seed, statuses=statuses, after_write=after_write, routes=routes
        )
        return self.faults.random

    def stop_failing(self) -> None:
        """Switch random faults off."""
        self.faults.random = None

    def traffic(self, since: int = 0) -> Traffic:
        """Requests from `emu.log[since]` on, counted by kind (see Traffic)."""
        return Traffic.of(self.log[since:])

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
        if request.path == GATEWAY_PATH:
            return await self._gateway_handshake(request, handler)
        if not request.path.startswith(API_PREFIX):
            return await handler(request)
        path = request.path[len(API_PREFIX) :]
        method = request.method
        kind = INTERACTION if is_interaction_endpoint(path) else BOT
        if path == TOKEN_PATH or request.headers.get("Authorization", "").startswith("Bearer "):
            kind = OAUTH  # the app's OAuth2 (client secret, or a user's access token)
        fault = self.faults.take(method, path)
        if fault is not None:
            return self._injected(request, path, kind, fault, Verdict({}))
        if kind == BOT and request.headers.get("Authorization") != f"Bot {self.token}":
            response = json_response({"message": "401: Unauthorized", "code": 0}, status=401)
            return self._answer(request, path, kind, response)
        verdict = self.limiter.check(method, path) if kind != OAUTH else Verdict({})
        if verdict.limited:
            response = json_response(verdict.body(), status=429, headers=verdict.headers)
            return self._answer(request, path, kind, response, scope=verdict.scope)
        fault = self.faults.take(method, path, after_write=True)
        if fault is None and self.faults.random is not None:
            fault = self.faults.random.draw(method, path)
        if fault is not None and not fault.after_write:
            return self._injected(request, path, kind, fault, verdict)
        response = await self._route(request, path, handler)
        if fault is not None and response.status < 300:
            return self._injected(request, path, kind, fault, verdict)
        response.headers.update(verdict.headers)
        return self._answer(request, path, kind, response)

    async def _gateway_handshake(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        fault = self.faults.take(request.method, GATEWAY_PATH)
        if fault is None:
            return await handler(request)
        if fault.status == DROPPED and request.transport is not None:
            request.transport.abort()
        response, code = fault.response()
        self._fail("injected", fault.status, code, request, GATEWAY_PATH, "injected", True)
        return response

    async def _route(
        self,
        request: web.Request,
        path: str,
        handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
    ) -> web.StreamResponse:
        try:
            return await handler(request)
        except ApiError as error:
            self._fail(error.kind, error.status, error.code, request, path, error.detail)
            return error_response(error)
        except web.HTTPException as error:
            if error.status not in (404, 405):
                raise
            self._fail("unsupported_route", error.status, 0, request, path, "not emulated")
            return json_response(
                {"message": f"{error.status}: {error.reason}", "code": 0}, status=error.status
            )

    def _injected(
        self, request: web.Request, path: str, kind: str, fault: Fault, verdict: Verdict
    ) -> web.StreamResponse:
        if path.startswith("/interactions/"):
            self._faulted_callbacks.add(path.split("/")[2])
        detail = "injected after the write" if fault.after_write else "injected by the test"
        if fault.status == DROPPED:
            if request.transport is not None:
                request.transport.abort()
            self._fail("injected", DROPPED, 0, request, path, detail + ": no answer", True)
            self._record(request, path, kind, DROPPED, True, fault.after_write, None)
            return web.Response(status=500)  # never delivered
        response, code = fault.response()
        for name, value in verdict.headers.items():  # a 429's own headers win
            response.headers.setdefault(name, value)
        self._fail("injected", response.status, code, request, path, detail, True)
        return self._answer(
            request, path, kind, response, injected=True, after_write=fault.after_write,
            scope=response.headers.get("X-RateLimit-Scope"),
        )

    def _answer(
        self,
        request: web.Request,
        path: str,
        kind: str,
        response: web.StreamResponse,
        *,
        injected: bool = False,
        after_write: bool = False,
        scope: str | None = None,
    ) -> web.StreamResponse:
        response.headers.update(VIA)
        self._record(request, path, kind, response.status, injected, after_write, scope)
        return response

    def _record(
        self,
        request: web.Request,
        path: str,
        kind: str,
        status: int,
        injected: bool,
        after_write: bool,
        scope: str | None,
    ) -> None:
        self.log.append(
            RequestRecord(
                request.method, path, status, request.get(PAYLOAD), injected, kind, scope,
                after_write,
            )
        )

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
        if kind in CALLBACK_CONSEQUENCES and path.startswith("/interactions/"):
            # The consequence of a fault injected into this interaction's acknowledgement.
            injected = injected or path.split("/")[2] in self._faulted_callbacks
        self.failures.append(Failure(kind, status, code, request.method, path, detail, injected))
        self.changed()
