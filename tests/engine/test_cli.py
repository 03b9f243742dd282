"""The python -m engine command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import main, play_random_match


def test_cards_json_lists_the_whole_catalogue(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "--json"]) == 0
    cards = json.loads(capsys.readouterr().out)
    by_id = {c["id"]: c for c in cards}
    assert len(cards) >= 170
    assert by_id["geralt_of_rivia"]["hero"] is True
    assert by_id["geralt_of_rivia"]["strength"] == 15
    assert by_id["blue_stripes_commando"]["abilities"] == ["tight_bond"]
    assert by_id["blue_stripes_commando"]["copies"] == 3
    leaders = [c for c in cards if c["type"] == "leader"]
    assert len(leaders) == 22
    assert all(c["text"] for c in leaders)


def test_cards_text_shows_leaders_and_units(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards"]) == 0
    out = capsys.readouterr().out
    assert "== Skellige ==" in out
    assert "[leader] King Bran:" in out
    assert "Blue Stripes Commando [close] tight_bond x3" in out


def test_selfplay_reports_speed_and_outcomes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--games", "30", "--seed", "5", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 30
    assert sum(result["outcomes"].values()) == 30
    assert result["matches_per_second"] > 0


def test_replay_prints_the_final_state(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    m, problems = play_random_match(11, check_every_step=False)
    assert problems == []
    record = tmp_path / "match.json"
    record.write_text(json.dumps(m.record()))
    assert main(["replay", str(record)]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state == m.to_dict()


def test_replay_of_a_broken_record_fails_cleanly(tmp_path: Path) -> None:
    m, _ = play_random_match(12, check_every_step=False)
    record = m.record()
    record["actions"].insert(3, "0 play 9999")
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    done = subprocess.run([sys.executable, "-m", "engine", "replay", str(path)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 1
    assert "cannot replay" in done.stderr


def test_play_runs_a_terminal_game_to_its_end() -> None:
    moves = "\n".join(["1"] * 400)  # always the first listed move
    done = subprocess.run([sys.executable, "-m", "engine", "play", "--seed", "3",
                           "--faction", "northern_realms", "--opponent-faction", "monsters"],
                          input=moves, capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "wins the match" in done.stdout or "draw" in done.stdout
    assert "Your hand:" in done.stdout
