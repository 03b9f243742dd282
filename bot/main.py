"""python -m bot: read the configuration, open the database, connect to Discord."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import sys
from collections.abc import Callable, Sequence
from typing import Any

import aiohttp
import discord
from dotenv import load_dotenv

from bot import images
from bot.config import TOKEN_HELP, Config, ConfigError, load_config
from bot.discord.client import GwentBot, ShardedGwentBot
from bot.storage import StorageError
from bot.web.server import TableOptions


async def run(config: Config) -> None:
    """Run the bot until it is stopped (Ctrl-C or SIGTERM close it cleanly)."""
    options: dict[str, Any] = {"dev_guild_id": config.dev_guild_id,
                               "ai_think_seconds": config.ai_think_seconds,
                               "ai_workers": config.ai_workers,
                               "metrics_port": config.metrics_port}
    if config.client_secret is not None:  # the table is on only with the client secret
        options["table"] = TableOptions(config.client_secret, port=config.web_port,
                                        public_url=config.public_url)
    bot: GwentBot
    if config.shard_count is None:
        bot = GwentBot(config.database, **options)
    else:
        bot = ShardedGwentBot(config.database, shard_count=config.shard_count,
                              shard_ids=None if config.shard_ids is None
                              else list(config.shard_ids), **options)
    main_task = asyncio.current_task()
    assert main_task is not None
    # Service managers and `docker stop` send SIGTERM: stop as on Ctrl-C, letting answers in
    # progress finish, instead of dying mid-reply.
    # Signal handlers cannot be set on Windows, nor outside the main thread (asyncio raises
    # RuntimeError there, uvloop ValueError).
    with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, main_task.cancel)
    images.configure(config.render_workers)
    # The render workers start and warm up beside the log-in, not at the first image.
    warming = asyncio.create_task(images.start(), name="gwent-render-start")
    try:
        async with bot:
            await bot.open_storage()
            await bot.start(config.token)
    finally:
        warming.cancel()
        await asyncio.gather(warming, return_exceptions=True)
        await images.close()


def event_loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's event loop where it is installed (not on Windows), else asyncio's own: the
    same bot, with less CPU per request and per callback."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def parse_arguments(argv: Sequence[str]) -> argparse.Namespace:
    """The command line: only --help, which prints the usage and exits without logging in."""
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="Run Gwent for Discord: open the database, then connect to Discord and "
                    "answer /gwent commands until stopped (Ctrl-C or SIGTERM).",
        epilog="Settings come from environment variables, or from a .env file in this "
               "folder (cp .env.example .env, then set DISCORD_TOKEN). Every variable is "
               "explained in .env.example and in the README's Configuration section.")
    return parser.parse_args(argv)


def main(argv: Sequence[str] = ()) -> int:
    """Start the bot (`argv`: the command line's arguments); configuration, storage and
    token problems print one line and exit 1."""
    parse_arguments(argv)
    load_dotenv()
    try:
        config = load_config(os.environ)
    except ConfigError as error:
        print(f"gwent: {error}", file=sys.stderr)
        return 1
    logging.basicConfig(level=config.log_level,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        with asyncio.Runner(loop_factory=event_loop_factory()) as runner:
            runner.run(run(config))
    except StorageError as error:
        print(f"gwent: {error}", file=sys.stderr)
        return 1
    except discord.LoginFailure:
        print(f"gwent: Discord rejected DISCORD_TOKEN: {TOKEN_HELP}.", file=sys.stderr)
        return 1
    except (aiohttp.ClientError, OSError) as error:
        print(f"gwent: cannot reach Discord ({error}); check the network connection.",
              file=sys.stderr)
        return 1
    except (KeyboardInterrupt, asyncio.CancelledError):
        pass
    return 0
