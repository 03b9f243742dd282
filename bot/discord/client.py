"""The Discord client: opens the services, registers commands and components, runs timers;
unsharded, or over several gateway shards in one process (ShardedGwentBot)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import hashlib
import json
import logging
import random
import time
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from bot.discord.commands import GwentCommands
from bot.discord.components import FORMS, ITEMS
from bot.discord.core.context import private_lang
from bot.discord.core.inflight import InFlight
from bot.discord.core.replies import OOPS, try_tell
from bot.discord.core.retry import STARTUP, retry_after, retrying
from bot.discord.core.translator import CatalogueTranslator
from bot.discord.match.publisher import Publisher
from bot.discord.ops import Metrics, OpsServer
from bot.discord.table import buttons as table_buttons
from bot.discord.table.handlers import ENTRY_POINT, is_entry_point, on_entry_point
from bot.discord.tournaments.runner import TournamentRunner
from bot.i18n import preload
from bot.replay_frames import ReplayFrames
from bot.service import Services
from bot.service.clock import Clock
from bot.service.computer import DEFAULT_THINK_SECONDS
from bot.service.notifier import Notifiers
from bot.web.server import TableOptions, TableServer

log = logging.getLogger(__name__)

# What a bulk overwrite re-sends of the Entry Point command, as Discord gave it.
ENTRY_POINT_FIELDS = frozenset({
    "name", "name_localizations", "description", "description_localizations", "type",
    "handler", "integration_types", "contexts", "default_member_permissions", "nsfw"})


def intents() -> discord.Intents:
    """Guilds only: channels and threads. Interactions come whatever the intents, and the bot
    reads no message, reaction, typing or voice event, so Discord need not send one (each
    board posted, each edit, and every chat line of every server would be parsed for nothing).
    """
    return discord.Intents(guilds=True)


def without_voice() -> None:
    """The bot uses no voice: discord.py need not warn, at every start, that the voice
    libraries (PyNaCl, davey) are not installed."""
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False


class GwentBot(discord.Client):
    """Gwent for Discord. Needs no privileged intents."""

    def __init__(self, database: Path | str, *, dev_guild_id: int | None = None,
                 clock: Clock = time.time, ai_think_seconds: float = DEFAULT_THINK_SECONDS,
                 ai_workers: int = 1, rng: random.Random | None = None,
                 metrics_port: int | None = None, table: TableOptions | None = None,
                 **options: Any) -> None:
        self.metrics = Metrics()
        without_voice()
        super().__init__(intents=intents(),
                         allowed_mentions=discord.AllowedMentions.none(),
                         http_trace=self.metrics.trace, **options)
        self.tree = app_commands.CommandTree(self)
        self.tree.add_command(GwentCommands())
        self.tree.on_error = self._on_command_error  # type: ignore[method-assign]
        self.tree.interaction_check = self._for_the_tree  # type: ignore[method-assign]
        self.database = database
        self.dev_guild_id = dev_guild_id
        self.clock = clock
        self.ai_think_seconds = ai_think_seconds
        self.ai_workers = ai_workers
        self.rng = rng
        self.publisher = Publisher(self)
        # The table (bot/web), with the application's client secret only; every committed
        # change is heard by the publisher and by the table's hub.
        self.table = TableServer(table) if table is not None else None
        self.notifier = Notifiers(self.publisher)
        if self.table is not None:
            self.notifier.add(self.table.hub)
        self.tournament_runner = TournamentRunner(self)
        self.in_flight = InFlight()
        self.replay_frames = ReplayFrames()
        self._services: Services | None = None
        self._background: list[asyncio.Task[None]] = []
        self._ops = OpsServer(self, metrics_port) if metrics_port is not None else None

    @property
    def services(self) -> Services:
        """The match service (open once the bot has started)."""
        if self._services is None:
            raise RuntimeError("the bot's storage is not open yet")
        return self._services

    async def open_storage(self) -> None:
        """Open and migrate the database; raises StorageError before anything else starts."""
        if self._services is None:
            self._services = await Services.open(self.database, self.notifier, self.clock,
                                                 think_seconds=self.ai_think_seconds,
                                                 ai_workers=self.ai_workers, rng=self.rng)

    async def login(self, token: str) -> None:
        """Log in, then start the bot's own work (`_start`, where discord.py's setup_hook
        would run).

        While Discord is unavailable (a 5xx, a 429 or a dropped connection), the log-in is
        tried again, with backoff, until it works: a brief outage never ends the bot. A
        rejected token (discord.LoginFailure) still does."""
        await retrying(lambda: self._log_in(token), "logging in to Discord", backoff=STARTUP)
        await self._start()

    async def _log_in(self, token: str) -> None:
        try:
            await super().login(token)
        except Exception:
            # The next attempt opens a new HTTP session (on a new connector: closing the
            # session closed this one).
            await self.http.close()
            self.http.connector = discord.utils.MISSING
            raise

    async def connect(self, *, reconnect: bool = True) -> None:
        """Connect to the gateway and stay connected; while Discord is unavailable, the
        first connection is tried again with backoff, as discord.py does for later ones.

        discord.py 2.7.1 does not: a Client's retry of a first connection fails on the
        previous connection it reads (https://github.com/Rapptz/discord.py/issues/10520).
        (An AutoShardedClient retries its shards' connections itself.)"""
        await retrying(lambda: self._connect(reconnect), "connecting to Discord's gateway",
                       backoff=STARTUP)

    async def _connect(self, reconnect: bool) -> None:
        try:
            await super().connect(reconnect=reconnect)
        except AttributeError as error:
            failure = error.__context__
            if self.ws is not None or failure is None or retry_after(failure) is None:
                raise
            raise failure from None  # the connection error that discord.py failed to retry

    async def _start(self) -> None:
        """Storage, persistent components, command sync, then timers, reconcile and the
        computer player's unfinished turns."""
        await self.open_storage()
        logging.getLogger("bot").addHandler(self.metrics.error_handler)
        if self._ops is not None:
            await self._ops.start()
        if self.table is not None:
            assert self.application_id is not None  # known once logged in
            await self.table.start(self.services, self.application_id, discord.http.Route.BASE)
        table_buttons.enable(self.table is not None)
        self.add_dynamic_items(*ITEMS)
        preload()
        await self.tree.set_translator(CatalogueTranslator())
        if self.runs_shard_zero:
            await self.sync_commands()
        await self.services.timers.resume()
        self.services.tournaments.on_change(self.tournament_runner.wake)
        self._background = [
            asyncio.create_task(self.services.leases.run_forever(self._on_duty),
                                name="gwent-leases"),
            asyncio.create_task(self.services.timers.run_forever(), name="gwent-timers"),
            asyncio.create_task(self.publisher.reconcile_forever(), name="gwent-reconcile"),
            asyncio.create_task(self.tournament_runner.run_forever(), name="gwent-tournaments"),
        ]
        await self.services.computer.resume()
        # What start-up made (catalogues, card data, caches) lives as long as the bot: kept
        # out of the collector's full passes, which would otherwise walk it and stall the loop.
        gc.collect()
        gc.freeze()

    @property
    def runs_shard_zero(self) -> bool:
        """Whether this process gets direct messages (shard 0): it also syncs the commands,
        so that several processes do not all sync them."""
        return True

    def gateway_connected(self) -> bool:
        """Whether the gateway connection is up and ready."""
        return self.is_ready() and not self.is_closed() and self.ws is not None and self.ws.open

    def shards_connected(self) -> int:
        """How many gateway connections of this process are up."""
        return int(self.gateway_connected())

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Count every interaction, and answer form (modal) submissions, routed by custom_id
        (bot/discord/core/forms.py); commands and components are routed elsewhere."""
        self.metrics.received(interaction)
        if is_entry_point(interaction):
            await on_entry_point(interaction)
            return
        await FORMS.route(interaction)

    async def _for_the_tree(self, interaction: discord.Interaction) -> bool:
        """Whether the command tree handles an interaction: not the Entry Point command
        (discord.py does not know its type; on_interaction launches it)."""
        return not is_entry_point(interaction)

    async def _on_duty(self, taken_over: bool) -> None:
        """While this process is on duty: play the computer turns no live process holds, and
        on taking the duties over, post what the previous holder left unposted."""
        if self.services.leases.exclusive:
            return
        await self.services.computer.resume()
        if taken_over:
            await self.publisher.reconcile()

    async def sync_commands(self) -> None:
        """Sync the slash commands (to DEV_GUILD_ID's server if set) unless exactly these were
        synced there before (Discord keeps synced commands, and limits how often they may be
        synced)."""
        guild = discord.Object(self.dev_guild_id) if self.dev_guild_id is not None else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        translator = self.tree.translator
        payload = [await command.get_translated_payload(self.tree, translator)
                   if translator is not None else command.to_dict(self.tree)
                   for command in self.tree.get_commands(guild=guild)]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        scope = "global" if guild is None else str(guild.id)
        assert self.application_id is not None  # known once logged in
        settings = self.services.settings
        if await settings.commands_digest(self.application_id, scope) == digest:
            log.info("slash commands are unchanged since the last sync (%s)", scope)
            return
        if guild is None:
            await retrying(lambda: self._sync_global(payload), "syncing the slash commands",
                           backoff=STARTUP)
        else:
            await retrying(lambda: self.tree.sync(guild=guild), "syncing the slash commands",
                           backoff=STARTUP)
        await settings.set_commands_digest(self.application_id, scope, digest)
        log.info("synced %s slash commands (%s)", len(payload), scope)

    async def _sync_global(self, payload: list[dict[str, Any]]) -> None:
        """Overwrite the global commands with `payload`, keeping the app's Entry Point
        command: Discord creates it when Activities are enabled, and refuses (50240) a bulk
        overwrite that would remove it."""
        assert self.application_id is not None
        existing = await self.http.get_global_commands(self.application_id)
        kept = [{key: value for key, value in command.items() if key in ENTRY_POINT_FIELDS}
                for command in existing if command.get("type") == ENTRY_POINT]
        await self.http.bulk_upsert_global_commands(self.application_id, [*payload, *kept])

    async def close(self) -> None:
        """Let answers in progress finish, stop the computer player and background work,
        disconnect, then close the database."""
        unfinished = await self.in_flight.drain()
        if unfinished:
            log.warning("stopping with %s interactions still unanswered", unfinished)
        if self._services is not None:
            await self._services.computer.close()
        for task in self._background:
            task.cancel()
        for task in self._background:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._background = []
        await self.publisher.close()
        await self.tournament_runner.close()
        await super().close()
        if self._ops is not None:
            await self._ops.stop()
        if self.table is not None:
            await self.table.stop()
            table_buttons.enable(False)
        logging.getLogger("bot").removeHandler(self.metrics.error_handler)
        if self._services is not None:
            await self._services.close()
            self._services = None

    async def _on_command_error(self, interaction: discord.Interaction,
                                error: app_commands.AppCommandError) -> None:
        if isinstance(error, app_commands.TransformerError | app_commands.CheckFailure):
            log.warning("command input refused: %s", error)
            await try_tell(interaction, (await private_lang(interaction))._(
                "That input was not understood: please try again."))
            return
        log.error("command failed", exc_info=error)
        await try_tell(interaction, (await private_lang(interaction))._(OOPS))


class ShardedGwentBot(GwentBot, discord.AutoShardedClient):
    """Gwent for Discord over the gateway shards `shard_ids` (all when None) of
    `shard_count`; other processes may run the others on the same PostgreSQL database."""

    def __init__(self, database: Path | str, *, shard_count: int,
                 shard_ids: list[int] | None = None, **options: Any) -> None:
        super().__init__(database, shard_count=shard_count, shard_ids=shard_ids, **options)

    @property
    def runs_shard_zero(self) -> bool:
        """Whether this process runs shard 0 (direct messages, and the command sync)."""
        return self.shard_ids is None or 0 in self.shard_ids

    def gateway_connected(self) -> bool:
        """Whether every shard of this process is connected and the client is ready."""
        expected = len(self.shard_ids) if self.shard_ids is not None else self.shard_count
        return (self.is_ready() and not self.is_closed()
                and self.shards_connected() == expected)

    def shards_connected(self) -> int:
        """How many of this process's shards are connected."""
        return sum(not shard.is_closed() for shard in self.shards.values())
