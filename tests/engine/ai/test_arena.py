"""The arena command and its summary; a small seeded strength check."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from engine.ai import decide, make_agent
from engine.ai.agents import Agent
from engine.ai.arena import GameResult, deals, pairs, play_game, run_arena, wilson
from engine.cli import main
from engine.decks import Deck
from engine.match import Match


def test_arena_json_has_the_documented_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--a", "normal", "--b", "greedy", "--games", "4", "--seed", "3",
                 "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["a"] == "normal" and result["b"] == "greedy"
    assert result["games"] == 4 and result["seed"] == 3
    assert result["a_wins"] + result["b_wins"] + result["draws"] == 4
    assert result["draws_count_half"] is True
    assert sum(result["pairs"].values()) == 2
    low, high = result["ci95"]
    assert 0 <= low <= result["a_win_rate"] <= high <= 1
    for who in ("a", "b"):
        times = result["decision_times"][who]
        assert times["decisions"] > 0
        assert 0 <= times["median_ms"] <= times["max_ms"]


def test_arena_text_names_the_win_rate_interval_and_times(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--a", "hard", "--b", "random", "--games", "2", "--seed", "1",
                 "--iterations", "10"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "95% CI" in out and "half a win" in out
    assert "median" in out and "max" in out
    assert "Deals played from both seats: A won both" in out


def test_arena_rejects_unknown_levels(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--a", "grandmaster", "--b", "random", "--games", "2"]) == 2
    assert "unknown agent" in capsys.readouterr().err


def test_pairs_share_the_deal_with_sides_swapped() -> None:
    result = run_arena("greedy", "random", 4, seed=8)
    assert result["games"] == 4
    pairs = deals(4, 8)
    assert len(pairs) == 2 and pairs == deals(4, 8)


def test_pairs_count_deals_by_how_a_did_from_both_seats() -> None:
    def game(index: int, score: float) -> GameResult:
        return GameResult(index, 1, ("monsters", "skellige"), index % 2, None, score, 2)

    scores = [1.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.5, 1.0, 1.0]  # the last deal half
    assert pairs([game(i, s) for i, s in enumerate(scores)]) == {
        "a_won_both": 1, "one_each": 2, "b_won_both": 1, "with_a_draw": 1}


def test_wilson_interval() -> None:
    low, high = wilson(0.5, 100)
    assert low == pytest.approx(0.404, abs=1e-3) and high == pytest.approx(0.596, abs=1e-3)
    assert wilson(1.0, 50)[1] == 1.0
    assert wilson(1.0, 50)[0] > 0.9


def test_hard_beats_random_on_a_seeded_sample() -> None:
    result = run_arena("hard", "random", 8, seed=2024, iterations=14)
    assert result["a_wins"] + 0.5 * result["draws"] >= 7


def test_fixed_iterations_make_matches_reproducible() -> None:
    (seed, decks), = deals(2, 5)
    histories = []
    for _ in range(2):
        agents = (make_agent("hard", 1, decks[0], iterations=15),
                  make_agent("normal", 2, decks[1]))
        m, _ = play_game(agents, decks, seed)
        histories.append([str(a) for a in m.history])
    assert histories[0] == histories[1]


def test_the_time_budget_bounds_a_decision() -> None:
    (seed, decks), = deals(2, 6)
    m = Match.new(decks, seed)
    while m.phase != "playing":
        p = m.to_act()[0]
        m.apply(make_agent("normal", 0, decks[p]).choose(m.observation(p)))
    p = m.to_act()[0]
    start = time.perf_counter()
    action = decide("hard", m.observation(p), decks[p], seed=1, budget_ms=60)
    assert time.perf_counter() - start < 1.0
    assert action in m.legal_actions(p)


def test_a_run_can_be_logged_resumed_and_merged(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    common = ["arena", "--a", "normal", "--b", "random", "--games", "6", "--seed", "4"]
    assert main([*common, "--log", str(first), "--json"]) == 0
    whole = json.loads(capsys.readouterr().out)
    assert main([*common, "--skip", "4", "--log", str(second), "--json"]) == 0
    tail = json.loads(capsys.readouterr().out)
    assert tail["games"] == 2
    lines = first.read_text().splitlines()
    assert len(lines) == 6 and [json.loads(x)["index"] for x in lines] == list(range(6))
    head = tmp_path / "head.jsonl"
    head.write_text("\n".join(lines[:4]) + "\n")
    assert main([*common, "--merge", str(head), str(second), "--json"]) == 0
    merged = json.loads(capsys.readouterr().out)
    for key in ("games", "a_wins", "b_wins", "draws", "a_win_rate", "ci95"):
        assert merged[key] == whole[key]


def test_a_watcher_sees_the_match_before_every_decision() -> None:
    seed, decks = deals(2, 5)[0]
    seen: list[tuple[int, int]] = []
    agents = (make_agent("greedy", 1, decks[0]), make_agent("random", 2, decks[1]))
    m, times = play_game(agents, decks, seed,
                         watch=lambda w: seen.append((w.action_count, w.to_act()[0])))
    assert len(seen) == len(times[0]) + len(times[1])
    assert [n for n, _ in seen] == list(range(len(seen)))
    assert [p for _, p in seen] == [a.player for a in m.history]


def test_the_arena_can_be_given_its_agents() -> None:
    built: list[tuple[str, int | None]] = []

    def make(name: str, seed: int, deck: Deck | None, budget_ms: int | None,
             iterations: int | None) -> Agent:
        built.append((name, iterations))
        return make_agent("greedy" if name == "mine" else name, seed, deck)

    result = run_arena("mine", "random", 4, seed=8, iterations=5, make=make)
    assert result["a"] == "mine" and result["games"] == 4
    assert sorted(built) == [("mine", 5)] * 4 + [("random", 5)] * 4
