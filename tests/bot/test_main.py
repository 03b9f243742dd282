"""python -m bot: start-up problems are explained in one line, without a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.main import main


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
