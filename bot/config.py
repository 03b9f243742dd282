"""Bot configuration from environment variables (a .env file is read by python -m bot)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from bot.storage.database import is_postgresql
from bot.workers import MAX_WORKERS, cpu_count

DEFAULT_DATABASE_PATH = Path("data/gwent.sqlite3")
DEFAULT_AI_THINK_SECONDS = 1.0
DEFAULT_WEB_PORT = 8080
MAX_AI_THINK_SECONDS = 60.0
MAX_SHARDS = 4096
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
TOKEN_HELP = ("create an application at https://discord.com/developers/applications, "
              "open Bot > Reset Token, and put DISCORD_TOKEN=<token> in .env")


class ConfigError(Exception):
    """A setting is missing or invalid; the message says which and how to fix it."""


@dataclass(frozen=True)
class Config:
    """Everything the bot reads from its environment."""

    token: str
    database_path: Path
    dev_guild_id: int | None
    log_level: str
    ai_think_seconds: float = DEFAULT_AI_THINK_SECONDS
    ai_workers: int = 1
    render_workers: int = 1
    database_url: str | None = None
    # Discord gateway shards: how many there are in all, and which this process runs (all of
    # them when SHARD_IDS is unset); None runs unsharded.
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    metrics_port: int | None = None
    # The table (a Discord Activity, bot/web): on only with the application's OAuth2 client
    # secret; its web server's port, and the public address watch links start with.
    client_secret: str | None = field(default=None, repr=False)
    web_port: int = DEFAULT_WEB_PORT
    public_url: str | None = None

    @property
    def database(self) -> Path | str:
        """Where the data lives: DATABASE_URL's PostgreSQL if set, else the SQLite file."""
        return self.database_url if self.database_url is not None else self.database_path


def load_config(env: Mapping[str, str]) -> Config:
    """Build the configuration from environment variables, raising ConfigError."""
    token = env.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise ConfigError(f"DISCORD_TOKEN is not set: {TOKEN_HELP}.")
    raw_path = env.get("DATABASE_PATH", "").strip()
    database_path = Path(raw_path) if raw_path else DEFAULT_DATABASE_PATH
    raw_guild = env.get("DEV_GUILD_ID", "").strip()
    if raw_guild and not (raw_guild.isdigit() and int(raw_guild) > 0):
        raise ConfigError(f"DEV_GUILD_ID must be a server id (a number), not {raw_guild!r}.")
    log_level = (env.get("LOG_LEVEL", "").strip() or "INFO").upper()
    if log_level not in LOG_LEVELS:
        raise ConfigError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, "
                          f"not {log_level!r}.")
    database_url = _database_url(env.get("DATABASE_URL", "").strip())
    shard_count, shard_ids = _shards(env.get("SHARD_COUNT", "").strip(),
                                     env.get("SHARD_IDS", "").strip(), database_url is not None)
    return Config(token=token, database_path=database_path, database_url=database_url,
                  shard_count=shard_count, shard_ids=shard_ids,
                  metrics_port=_port("METRICS_PORT", env.get("METRICS_PORT", "").strip()),
                  client_secret=env.get("DISCORD_CLIENT_SECRET", "").strip() or None,
                  web_port=_port("WEB_PORT", env.get("WEB_PORT", "").strip())
                  or DEFAULT_WEB_PORT,
                  public_url=_public_url(env.get("PUBLIC_URL", "").strip()),
                  dev_guild_id=int(raw_guild) if raw_guild else None, log_level=log_level,
                  ai_think_seconds=_think_seconds(env.get("AI_THINK_SECONDS", "").strip()),
                  ai_workers=_workers("AI_WORKERS", env),
                  render_workers=_workers("RENDER_WORKERS", env))


def _database_url(raw: str) -> str | None:
    """A PostgreSQL database shared by several bot processes, or None for SQLite."""
    if not raw:
        return None
    if not is_postgresql(raw):
        raise ConfigError("DATABASE_URL must be a PostgreSQL URL such as "
                          "postgresql://user:password@host:5432/gwent (leave it unset to use "
                          "the SQLite file DATABASE_PATH).")
    return raw


def _shards(raw_count: str, raw_ids: str, shared: bool
            ) -> tuple[int | None, tuple[int, ...] | None]:
    """SHARD_COUNT and SHARD_IDS ("0,1"); only a shared (PostgreSQL) database lets other
    processes run the remaining shards."""
    if not raw_count:
        if raw_ids:
            raise ConfigError("SHARD_IDS needs SHARD_COUNT, the number of shards in all.")
        return None, None
    if not (raw_count.isdigit() and 1 <= int(raw_count) <= MAX_SHARDS):
        raise ConfigError(f"SHARD_COUNT must be a whole number from 1 to {MAX_SHARDS}, "
                          f"not {raw_count!r}.")
    count = int(raw_count)
    if not raw_ids:
        return count, None
    parts = [p.strip() for p in raw_ids.split(",")]
    if not all(p.isdigit() and int(p) < count for p in parts) or len(set(parts)) != len(parts):
        raise ConfigError(f"SHARD_IDS must list different shard numbers from 0 to {count - 1}, "
                          f"separated by commas (such as 0,1), not {raw_ids!r}.")
    ids = tuple(sorted(int(p) for p in parts))
    if len(ids) < count and not shared:
        raise ConfigError("SHARD_IDS lists only some of the shards, so other processes must "
                          "run the rest: they need one PostgreSQL database (DATABASE_URL), as "
                          "a SQLite file serves one process only.")
    return count, ids


def _port(name: str, raw: str) -> int | None:
    """An HTTP port (of /health and /metrics, or of the table), or None when unset."""
    if not raw:
        return None
    if not (raw.isdigit() and 1 <= int(raw) <= 65535):
        raise ConfigError(f"{name} must be a TCP port from 1 to 65535, not {raw!r}.")
    return int(raw)


def _public_url(raw: str) -> str | None:
    """The table's public address (watch links start with it), without a final slash."""
    if not raw:
        return None
    parts = urlsplit(raw)
    if parts.scheme not in ("https", "http") or not parts.netloc or parts.query or parts.fragment:
        raise ConfigError(f"PUBLIC_URL must be the table's public address, such as "
                          f"https://gwent.example.org, not {raw!r}.")
    return raw.rstrip("/")


def _think_seconds(raw: str) -> float:
    """The computer player's think floor: the least time between a move and its reply."""
    if not raw:
        return DEFAULT_AI_THINK_SECONDS
    try:
        seconds = float(raw)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds <= MAX_AI_THINK_SECONDS:
        raise ConfigError(f"AI_THINK_SECONDS must be a number of seconds from 0 to "
                          f"{MAX_AI_THINK_SECONDS:g}, not {raw!r}.")
    return seconds


def _workers(name: str, env: Mapping[str, str]) -> int:
    """How many worker processes of a kind run at once: one a core unless set."""
    raw = env.get(name, "").strip()
    if not raw:
        return min(cpu_count(), MAX_WORKERS)
    if not (raw.isdigit() and 1 <= int(raw) <= MAX_WORKERS):
        raise ConfigError(f"{name} must be a whole number from 1 to {MAX_WORKERS}, "
                          f"not {raw!r}.")
    return int(raw)
