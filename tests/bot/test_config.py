"""Configuration from the environment."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot.config import DEFAULT_AI_THINK_SECONDS, DEFAULT_DATABASE_PATH, ConfigError, load_config
from bot.service.errors import InvalidSetting
from bot.service.settings import (
    DEFAULT_TURN_SECONDS,
    TURN_CHOICES,
    validate_turn_seconds,
    warning_lead,
)


def test_defaults_need_only_a_token() -> None:
    config = load_config({"DISCORD_TOKEN": " abc.def "})
    assert config.token == "abc.def"
    assert config.database_path == DEFAULT_DATABASE_PATH == Path("data/gwent.sqlite3")
    assert config.dev_guild_id is None
    assert config.log_level == "INFO"


def test_every_setting_is_read() -> None:
    config = load_config({"DISCORD_TOKEN": "t", "DATABASE_PATH": "/tmp/x.db",
                          "DEV_GUILD_ID": "123456789", "LOG_LEVEL": "debug"})
    assert config.database_path == Path("/tmp/x.db")
    assert config.dev_guild_id == 123456789
    assert config.log_level == "DEBUG"


@pytest.mark.parametrize("env, words", [
    ({}, "DISCORD_TOKEN is not set"),
    ({"DISCORD_TOKEN": "   "}, "discord.com/developers/applications"),
    ({"DISCORD_TOKEN": "t", "DEV_GUILD_ID": "my-server"}, "DEV_GUILD_ID"),
    ({"DISCORD_TOKEN": "t", "DEV_GUILD_ID": "0"}, "DEV_GUILD_ID"),
    ({"DISCORD_TOKEN": "t", "LOG_LEVEL": "loud"}, "LOG_LEVEL"),
])
def test_bad_settings_are_explained_in_one_line(env: dict[str, str], words: str) -> None:
    with pytest.raises(ConfigError) as caught:
        load_config(env)
    assert words in str(caught.value)
    assert "\n" not in str(caught.value)


def test_the_turn_timer_is_one_of_seven_choices() -> None:
    assert TURN_CHOICES == (60, 180, 600, 1800, 3600, 21600, 86400)
    assert DEFAULT_TURN_SECONDS == 600 and validate_turn_seconds(DEFAULT_TURN_SECONDS) == 600
    for seconds in TURN_CHOICES:
        assert validate_turn_seconds(seconds) == seconds
    for bad in (0, -5, 30, 90, 900, 86401):
        with pytest.raises(InvalidSetting, match="1 minute, 3 minutes, 10 minutes"):
            validate_turn_seconds(bad)


def test_the_warning_leaves_time_to_come_back() -> None:
    assert [warning_lead(s) for s in TURN_CHOICES] == [20, 36, 120, 360, 720, 3600, 3600]


def test_the_computers_think_floor_is_configurable() -> None:
    assert load_config({"DISCORD_TOKEN": "t"}).ai_think_seconds == DEFAULT_AI_THINK_SECONDS == 1
    assert load_config({"DISCORD_TOKEN": "t", "AI_THINK_SECONDS": "0"}).ai_think_seconds == 0
    assert load_config({"DISCORD_TOKEN": "t", "AI_THINK_SECONDS": "2.5"}).ai_think_seconds == 2.5
    for bad in ("-1", "soon", "nan", "1e9"):
        with pytest.raises(ConfigError, match="AI_THINK_SECONDS"):
            load_config({"DISCORD_TOKEN": "t", "AI_THINK_SECONDS": bad})


@pytest.mark.parametrize("name, field", [("AI_WORKERS", "ai_workers"),
                                         ("RENDER_WORKERS", "render_workers")])
def test_the_number_of_workers_is_configurable(name: str, field: str) -> None:
    cores = len(os.sched_getaffinity(0))
    assert getattr(load_config({"DISCORD_TOKEN": "t"}), field) == min(cores, 64)
    assert getattr(load_config({"DISCORD_TOKEN": "t", name: "4"}), field) == 4
    for bad in ("0", "-1", "two", "1.5", "65"):
        with pytest.raises(ConfigError, match=name):
            load_config({"DISCORD_TOKEN": "t", name: bad})


def test_database_url_chooses_postgresql_and_sqlite_stays_the_default() -> None:
    assert load_config({"DISCORD_TOKEN": "t"}).database == DEFAULT_DATABASE_PATH
    url = "postgresql://gwent:pw@db:5432/gwent"
    config = load_config({"DISCORD_TOKEN": "t", "DATABASE_URL": f" {url} "})
    assert config.database == url
    for bad in ("mysql://db/gwent", "db:5432", "sqlite:///data/gwent.sqlite3"):
        with pytest.raises(ConfigError, match="DATABASE_URL must be a PostgreSQL URL"):
            load_config({"DISCORD_TOKEN": "t", "DATABASE_URL": bad})


def test_shards_and_the_metrics_port() -> None:
    plain = load_config({"DISCORD_TOKEN": "t"})
    assert (plain.shard_count, plain.shard_ids, plain.metrics_port) == (None, None, None)
    url = "postgresql://db/gwent"
    config = load_config({"DISCORD_TOKEN": "t", "DATABASE_URL": url, "SHARD_COUNT": "4",
                          "SHARD_IDS": "3, 2", "METRICS_PORT": "9100"})
    assert (config.shard_count, config.shard_ids, config.metrics_port) == (4, (2, 3), 9100)
    every = load_config({"DISCORD_TOKEN": "t", "SHARD_COUNT": "2", "SHARD_IDS": "0,1"})
    assert (every.shard_count, every.shard_ids) == (2, (0, 1)), "one SQLite process, all shards"
    for env, words in (({"SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
                       ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be"),
                       ({"SHARD_COUNT": "two"}, "SHARD_COUNT must be"),
                       ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "SHARD_IDS must list"),
                       ({"SHARD_COUNT": "2", "SHARD_IDS": "0,0"}, "SHARD_IDS must list"),
                       ({"SHARD_COUNT": "2", "SHARD_IDS": "1"}, "need one PostgreSQL"),
                       ({"METRICS_PORT": "http"}, "METRICS_PORT"),
                       ({"METRICS_PORT": "70000"}, "METRICS_PORT")):
        with pytest.raises(ConfigError, match=words):
            load_config({"DISCORD_TOKEN": "t", **env})


def test_the_table_is_on_only_with_the_client_secret() -> None:
    plain = load_config({"DISCORD_TOKEN": "t", "DISCORD_CLIENT_SECRET": "  "})
    assert (plain.client_secret, plain.web_port, plain.public_url) == (None, 8080, None)
    config = load_config({"DISCORD_TOKEN": "t", "DISCORD_CLIENT_SECRET": "s3cret",
                          "WEB_PORT": "8443", "PUBLIC_URL": "https://gwent.example.org/"})
    assert (config.client_secret, config.web_port, config.public_url) == (
        "s3cret", 8443, "https://gwent.example.org")
    assert "s3cret" not in repr(config)
    for env, words in (({"WEB_PORT": "web"}, "WEB_PORT must be a TCP port"),
                       ({"WEB_PORT": "0"}, "WEB_PORT must be a TCP port"),
                       ({"PUBLIC_URL": "gwent.example.org"}, "PUBLIC_URL must be"),
                       ({"PUBLIC_URL": "ftp://gwent.example.org"}, "PUBLIC_URL must be"),
                       ({"PUBLIC_URL": "https://x.org/?a=1"}, "PUBLIC_URL must be")):
        with pytest.raises(ConfigError, match=words):
            load_config({"DISCORD_TOKEN": "t", **env})
