"""Operations: Prometheus metrics, and the optional HTTP endpoint (METRICS_PORT) serving
/health and /metrics."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Callable
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

import aiohttp
import discord
from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.exposition import generate_latest

from bot.service.stats import counts

if TYPE_CHECKING:
    from bot.discord.client import GwentBot

log = logging.getLogger(__name__)

LATENCY_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 30.0)
HEALTH_TIMEOUT_SECONDS = 3.0
# Interactions never acknowledged are forgotten after this long.
FORGET_SECONDS = 60.0
# Discord bans an IP address for a while after 10,000 invalid requests (401, 403 and 429,
# but not a 429 of scope `shared`) in 10 minutes; a warning is logged at every 1,000
# (https://discord.com/developers/docs/topics/rate-limits#invalid-request-limit-aka-cloudflare-bans).
INVALID_STATUSES = (401, 403, 429)
INVALID_WINDOW_SECONDS = 600.0
INVALID_WARN_EVERY = 1000
INVALID_BAN_AT = 10_000


class Metrics:
    """This process's metrics, in a registry of its own."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        registry = self.registry
        self.interactions = Counter("gwent_interactions", "Interactions received, by kind",
                                    ["kind"], registry=registry)
        self.ack = Histogram("gwent_ack_seconds", "From receiving an interaction to Discord "
                             "accepting its acknowledgement", buckets=LATENCY_BUCKETS,
                             registry=registry)
        self.turn = Histogram("gwent_turn_seconds", "From committing a move to posting its "
                              "board (or the result)", buckets=LATENCY_BUCKETS,
                              registry=registry)
        self.errors = Counter("gwent_errors", "Errors the bot logged, by logger", ["logger"],
                              registry=registry)
        self.live_matches = Gauge("gwent_live_matches", "Matches not over yet (every process's)",
                                  registry=registry)
        self.timer_backlog = Gauge("gwent_timer_backlog", "Turn timers, warnings and challenge "
                                   "expiries overdue by more than 10 s", registry=registry)
        self.on_duty = Gauge("gwent_on_duty", "1 while this process runs the timers and "
                             "re-posting", registry=registry)
        self.shards = Gauge("gwent_shards_connected", "Gateway shards connected in this "
                            "process", registry=registry)
        self.invalid_requests = Counter(
            "gwent_discord_invalid_requests", "Answers Discord counts as invalid requests "
            "(401, 403, 429 but shared-scope ones), by status: 10,000 in 10 minutes from one "
            "IP address get it banned for a while", ["status"], registry=registry)
        self.server_errors = Counter("gwent_discord_server_errors", "5xx answers from "
                                     "Discord, by status", ["status"], registry=registry)
        self.invalid_watch = InvalidRequestWatch()
        self.trace = aiohttp.TraceConfig()
        self.trace.on_request_end.append(self._on_request_end)
        self.error_handler = _ErrorCounter(self.errors)
        self._received: dict[int, float] = {}

    def received(self, interaction: discord.Interaction) -> None:
        """Count an interaction and start timing its acknowledgement."""
        self.interactions.labels(interaction_kind(interaction)).inc()
        now = time.monotonic()
        if len(self._received) > 1000:
            self._received = {k: t for k, t in self._received.items()
                              if now - t < FORGET_SECONDS}
        self._received[interaction.id] = now

    async def _on_request_end(self, session: aiohttp.ClientSession, context: SimpleNamespace,
                              params: aiohttp.TraceRequestEndParams) -> None:
        """Count Discord's invalid and 5xx answers; an interaction callback accepted by
        Discord ends its acknowledgement time."""
        path = params.url.path
        if "/api/" in path:  # not the CDN (attachments)
            self._count_answer(params.response)
        parts = path.rstrip("/").split("/")
        if len(parts) < 4 or parts[-1] != "callback" or parts[-4] != "interactions":
            return
        with contextlib.suppress(ValueError):
            started = self._received.pop(int(parts[-3]), None)
            if started is not None and params.response.status < 400:
                self.ack.observe(time.monotonic() - started)


    def _count_answer(self, response: aiohttp.ClientResponse) -> None:
        status = response.status
        if status >= 500:
            self.server_errors.labels(str(status)).inc()
        elif status in INVALID_STATUSES and not (
                status == 429 and response.headers.get("X-RateLimit-Scope") == "shared"):
            self.invalid_requests.labels(str(status)).inc()
            self.invalid_watch.note()


class InvalidRequestWatch:
    """Invalid requests of the last 10 minutes in this process, with a warning at every
    INVALID_WARN_EVERY of them (the ban counts every process on the same IP address)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._times: deque[float] = deque()
        self._warned = 0

    def note(self) -> int:
        """Count one invalid request; return how many the last 10 minutes saw."""
        now = self._clock()
        self._times.append(now)
        while self._times[0] <= now - INVALID_WINDOW_SECONDS:
            self._times.popleft()
        count = len(self._times)
        level = count - count % INVALID_WARN_EVERY
        if level > self._warned:
            log.warning("%s invalid requests (401, 403, 429) to Discord in the last 10 minutes: "
                        "at %s, Discord bans this IP address for a while", count,
                        f"{INVALID_BAN_AT:,}")
            self._warned = level
        elif count < self._warned - INVALID_WARN_EVERY // 2:
            self._warned = level  # the rate fell: the next rise is warned of again
        return count


def interaction_kind(interaction: discord.Interaction) -> str:
    """command:<name>, autocomplete, or component:<the custom_id's family>."""
    data: Any = interaction.data or {}
    if interaction.type == discord.InteractionType.application_command:
        names = [str(data.get("name", "?"))]
        options = data.get("options") or []
        if options and options[0].get("type") in (1, 2):  # a subcommand (group)
            names.append(str(options[0].get("name")))
        return "command:" + " ".join(names)
    if interaction.type == discord.InteractionType.autocomplete:
        return "autocomplete"
    custom_id = str(data.get("custom_id", ""))
    parts = custom_id.split(":")
    return "component:" + (parts[1] if len(parts) > 1 else "other")


class _ErrorCounter(logging.Handler):
    def __init__(self, errors: Counter) -> None:
        super().__init__(level=logging.ERROR)
        self._errors = errors

    def emit(self, record: logging.LogRecord) -> None:
        self._errors.labels(record.name).inc()


class OpsServer:
    """GET /health (200 when the gateway is connected and the database answers, else 503)
    and GET /metrics (Prometheus text format)."""

    def __init__(self, bot: GwentBot, port: int, host: str = "0.0.0.0") -> None:
        self._bot = bot
        self._port = port
        self._host = host
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        """Listen on the port (raises OSError if it is taken)."""
        app = web.Application()
        app.add_routes([web.get("/health", self.health), web.get("/metrics", self.metrics)])
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        await web.TCPSite(self._runner, self._host, self._port).start()
        log.info("serving /health and /metrics on port %s", self._port)

    async def stop(self) -> None:
        """Stop listening."""
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def health(self, request: web.Request) -> web.Response:
        """Ready when every shard of this process is connected and the database answers."""
        problems = []
        if not self._bot.gateway_connected():
            problems.append("the Discord gateway is not connected")
        try:
            async with asyncio.timeout(HEALTH_TIMEOUT_SECONDS):
                await self._bot.services.db.ping()
        except Exception as error:
            problems.append(f"the database does not answer ({type(error).__name__})")
        body = {"status": "unavailable" if problems else "ok", "problems": problems,
                "on_duty": self._bot.services.leases.on_duty}
        return web.json_response(body, status=503 if problems else 200)

    async def metrics(self, request: web.Request) -> web.Response:
        """The metrics, with the database counts read now."""
        bot = self._bot
        metrics = bot.metrics
        try:
            now = await counts(bot.services.db, bot.clock)
            metrics.live_matches.set(now.live_matches)
            metrics.timer_backlog.set(now.timer_backlog)
        except Exception:
            log.exception("cannot read the counts for /metrics")
        metrics.on_duty.set(int(bot.services.leases.on_duty))
        metrics.shards.set(bot.shards_connected())
        return web.Response(body=generate_latest(metrics.registry),
                            headers={"Content-Type": CONTENT_TYPE_LATEST})
