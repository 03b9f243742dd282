"""The Discord client: opens the services, registers commands and components, runs timers."""

from __future__ import annotations

import asyncio
import contextlib
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
from bot.discord.components import ITEMS
from bot.discord.inflight import InFlight
from bot.discord.publisher import Publisher
from bot.discord.replies import OOPS, try_tell
from bot.service import Services
from bot.service.clock import Clock
from bot.service.computer import DEFAULT_THINK_SECONDS

log = logging.getLogger(__name__)


class GwentBot(discord.Client):
    """Gwent for Discord. Needs no privileged intents."""

    def __init__(self, database: Path | str, *, dev_guild_id: int | None = None,
                 clock: Clock = time.time, ai_think_seconds: float = DEFAULT_THINK_SECONDS,
                 ai_workers: int = 1, rng: random.Random | None = None,
                 **options: Any) -> None:
        super().__init__(intents=discord.Intents.default(),
                         allowed_mentions=discord.AllowedMentions.none(), **options)
        self.tree = app_commands.CommandTree(self)
        self.tree.add_command(GwentCommands())
        self.tree.on_error = self._on_command_error  # type: ignore[method-assign]
        self.database = database
        self.dev_guild_id = dev_guild_id
        self.clock = clock
        self.ai_think_seconds = ai_think_seconds
        self.ai_workers = ai_workers
        self.rng = rng
        self.publisher = Publisher(self)
        self.in_flight = InFlight()
        self._services: Services | None = None
        self._background: list[asyncio.Task[None]] = []

    @property
    def services(self) -> Services:
        """The match service (open once setup_hook has run)."""
        if self._services is None:
            raise RuntimeError("the bot's storage is not open yet")
        return self._services

    async def open_storage(self) -> None:
        """Open and migrate the database; raises StorageError before anything else starts."""
        if self._services is None:
            self._services = await Services.open(self.database, self.publisher, self.clock,
                                                 think_seconds=self.ai_think_seconds,
                                                 ai_workers=self.ai_workers, rng=self.rng)

    async def setup_hook(self) -> None:
        """Storage, persistent components, command sync, then timers, reconcile and the
        computer player's unfinished turns."""
        await self.open_storage()
        self.add_dynamic_items(*ITEMS)
        await self.sync_commands()
        await self.services.timers.resume()
        self._background = [
            asyncio.create_task(self.services.leases.run_forever(self._on_duty),
                                name="gwent-leases"),
            asyncio.create_task(self.services.timers.run_forever(), name="gwent-timers"),
            asyncio.create_task(self.publisher.reconcile_forever(), name="gwent-reconcile"),
        ]
        await self.services.computer.resume()

    async def _on_duty(self) -> None:
        """While this process is on duty: play the computer turns no live process holds."""
        if not self.services.leases.exclusive:
            await self.services.computer.resume()

    async def sync_commands(self) -> None:
        """Sync the slash commands (to DEV_GUILD_ID's server if set) unless exactly these were
        synced there before (Discord keeps synced commands, and limits how often they may be
        synced)."""
        guild = discord.Object(self.dev_guild_id) if self.dev_guild_id is not None else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        payload = [command.to_dict(self.tree) for command in self.tree.get_commands(guild=guild)]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        scope = "global" if guild is None else str(guild.id)
        assert self.application_id is not None  # known once logged in
        settings = self.services.settings
        if await settings.commands_digest(self.application_id, scope) == digest:
            log.info("slash commands are unchanged since the last sync (%s)", scope)
            return
        await self.tree.sync(guild=guild)
        await settings.set_commands_digest(self.application_id, scope, digest)
        log.info("synced %s slash commands (%s)", len(payload), scope)

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
        await super().close()
        if self._services is not None:
            await self._services.close()
            self._services = None

    async def _on_command_error(self, interaction: discord.Interaction,
                                error: app_commands.AppCommandError) -> None:
        if isinstance(error, app_commands.TransformerError | app_commands.CheckFailure):
            log.warning("command input refused: %s", error)
            await try_tell(interaction, "That input was not understood: please try again.")
            return
        log.error("command failed", exc_info=error)
        await try_tell(interaction, OOPS)
