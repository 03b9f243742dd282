"""python -m bot: start-up problems are explained in one line, without a traceback; --help
prints the usage without logging in; no warning about voice."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from discord import voice_client

from bot.main import main

ROOT = Path(__file__).resolve().parents[2]


def test_a_missing_token_says_where_to_get_one(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "")
    assert main() == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "DISCORD_TOKEN is not set" in err and "discord.com/developers" in err


def test_a_damaged_database_stops_the_start(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "gwent.sqlite3"
    broken.write_bytes(b"not sqlite " * 100)
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    monkeypatch.setenv("DATABASE_PATH", str(broken))
    assert main() == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("gwent: The database") and "left untouched" in err[-1]
    assert broken.read_bytes() == b"not sqlite " * 100


def _run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DISCORD_TOKEN": "not-a-token",
           "DATABASE_PATH": str(tmp_path / "gwent.sqlite3")}
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120, check=False)


def test_help_prints_the_usage_without_logging_in(tmp_path: Path) -> None:
    done = _run(tmp_path, "-m", "bot", "--help")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: python -m bot")
    assert "cp .env.example .env" in done.stdout and "DISCORD_TOKEN" in done.stdout
    assert done.stderr == ""
    assert not (tmp_path / "gwent.sqlite3").exists()  # nothing was opened


def test_starting_the_client_says_nothing_about_voice(tmp_path: Path) -> None:
    """discord.py warns twice at every start that voice libraries are missing; the bot
    uses no voice, so a fresh process starting the client logs no such line."""
    assert not (voice_client.has_nacl and voice_client.has_dave), "voice libraries installed"
    done = _run(tmp_path, "-c", "import logging; logging.basicConfig(level='INFO'); "
                                "from bot.discord.client import GwentBot; GwentBot('unused')")
    assert done.returncode == 0, done.stderr
    assert "voice" not in done.stderr
