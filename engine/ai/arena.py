"""The arena: two agents play mirrored pairs of matches and the results are summarised.

Game 2k and game 2k+1 use the same match seed and the same decks per seat, with the agents
swapped, so each agent plays both hands of every deal. A's score counts a win as 1 and a
draw as 1/2; its 95% confidence interval is the Wilson score interval over the games.
"""

from __future__ import annotations

import json
import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.ai.agents import Agent, make_agent
from engine.decks import Deck, starter_decks
from engine.match import Match

Z95 = 1.959963984540054

# (level, seed, deck, budget_ms, iterations), as make_agent
AgentMaker = Callable[[str, int, Deck | None, int | None, int | None], Agent]


@dataclass(slots=True)
class GameResult:
    """One arena game: the deal, where A sat, and what happened."""

    index: int
    seed: int
    factions: tuple[str, str]
    a_seat: int
    winner: int | None  # seat
    a_score: float
    rounds: int
    a_times: list[float] = field(default_factory=list)
    b_times: list[float] = field(default_factory=list)


def deals(games: int, seed: int) -> list[tuple[int, tuple[Deck, Deck]]]:
    """Return the (match seed, decks by seat) of each mirrored pair."""
    rng = random.Random(seed)
    decks = starter_decks()
    factions = sorted(decks)
    out = []
    for _ in range((games + 1) // 2):
        pair = (decks[rng.choice(factions)], decks[rng.choice(factions)])
        out.append((rng.getrandbits(63), pair))
    return out


def play_game(agents: tuple[Agent, Agent], decks: tuple[Deck, Deck], seed: int,
              names: tuple[str, str] = ("Player 1", "Player 2"),
              watch: Callable[[Match], None] | None = None,
              ) -> tuple[Match, list[list[float]]]:
    """Play one match between agents by seat; return it and each seat's decision times.

    `watch`, when given, sees the match before each decision (for measuring tools)."""
    m = Match.new(decks, seed, names)
    times: list[list[float]] = [[], []]
    while not m.is_over:
        p = m.to_act()[0]
        obs = m.observation(p)
        if watch is not None:
            watch(m)
        t0 = time.perf_counter()
        action = agents[p].choose(obs)
        times[p].append(time.perf_counter() - t0)
        m.apply(action)
    return m, times


def wilson(score: float, n: int) -> tuple[float, float]:
    """Return the 95% Wilson score interval of a proportion over n trials."""
    if n == 0:
        return 0.0, 1.0
    z2 = Z95 * Z95
    centre = (score + z2 / (2 * n)) / (1 + z2 / n)
    spread = Z95 * math.sqrt(score * (1 - score) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - spread), min(1.0, centre + spread)


def _times(values: list[float]) -> dict[str, float | int]:
    if not values:
        return {"decisions": 0, "median_ms": 0.0, "max_ms": 0.0, "mean_ms": 0.0}
    return {"decisions": len(values),
            "median_ms": round(statistics.median(values) * 1000, 2),
            "max_ms": round(max(values) * 1000, 2),
            "mean_ms": round(statistics.fmean(values) * 1000, 2)}


def run_arena(a: str, b: str, games: int, seed: int, budget_ms: int | None = None,
              iterations: int | None = None,
              progress: Callable[[GameResult], None] | None = None,
              skip: int = 0, make: AgentMaker = make_agent,
              watch: Callable[[Match], None] | None = None) -> dict[str, Any]:
    """Play `games` games of A against B in mirrored pairs; return the summary.

    `skip` starts at that game index (the deals do not change), to resume a long run.
    Measuring tools may build the agents (`make`) and see each match (`watch`).
    """
    start = time.perf_counter()
    results: list[GameResult] = []
    for k, (match_seed, decks) in enumerate(deals(games, seed)):
        for swap in (0, 1):
            index = 2 * k + swap
            if index >= games:
                break
            if index < skip:
                continue
            a_seat = swap
            agent_a = make(a, match_seed ^ 0xA, decks[a_seat], budget_ms, iterations)
            agent_b = make(b, match_seed ^ 0xB, decks[1 - a_seat], budget_ms, iterations)
            seats = (agent_a, agent_b) if a_seat == 0 else (agent_b, agent_a)
            m, times = play_game(seats, decks, match_seed, watch=watch)
            score = 0.5 if m.winner is None else 1.0 if m.winner == a_seat else 0.0
            result = GameResult(index, match_seed, (decks[0].faction, decks[1].faction),
                                a_seat, m.winner, score, len(m.results),
                                times[a_seat], times[1 - a_seat])
            results.append(result)
            if progress is not None:
                progress(result)
    return summarise(a, b, seed, budget_ms, iterations, results,
                     time.perf_counter() - start)


def summarise(a: str, b: str, seed: int, budget_ms: int | None, iterations: int | None,
              results: list[GameResult], seconds: float) -> dict[str, Any]:
    """Return the arena summary as JSON-ready data."""
    n = len(results)
    wins = sum(1 for r in results if r.a_score == 1.0)
    draws = sum(1 for r in results if r.a_score == 0.5)
    score = (wins + 0.5 * draws) / n if n else 0.0
    low, high = wilson(score, n)
    a_times = [t for r in results for t in r.a_times]
    b_times = [t for r in results for t in r.b_times]
    return {
        "a": a, "b": b, "games": n, "seed": seed, "budget_ms": budget_ms,
        "iterations": iterations,
        "a_wins": wins, "b_wins": n - wins - draws, "draws": draws,
        "a_win_rate": round(score, 4), "ci95": [round(low, 4), round(high, 4)],
        "draws_count_half": True,
        "pairs": pairs(results),
        "decision_times": {"a": _times(a_times), "b": _times(b_times)},
        "seconds": round(seconds, 2),
    }


def pairs(results: list[GameResult]) -> dict[str, int]:
    """Count the deals whose two games were both played, by how A did over the two seats.

    A deal won once by each agent was decided by the seat, not by who held it.
    """
    by_deal: dict[int, list[float]] = {}
    for r in results:
        by_deal.setdefault(r.index // 2, []).append(r.a_score)
    whole = [sum(scores) for scores in by_deal.values() if len(scores) == 2]
    return {"a_won_both": whole.count(2.0), "one_each": whole.count(1.0),
            "b_won_both": whole.count(0.0),
            "with_a_draw": sum(1 for x in whole if x not in (0.0, 1.0, 2.0))}


def to_json_line(r: GameResult) -> str:
    """Return one game as a JSON line (for arena logs)."""
    return json.dumps({
        "index": r.index, "seed": r.seed, "factions": list(r.factions), "a_seat": r.a_seat,
        "winner": r.winner, "a_score": r.a_score, "rounds": r.rounds,
        "a_times": [round(t, 5) for t in r.a_times],
        "b_times": [round(t, 5) for t in r.b_times],
    })


def from_json_line(line: str) -> GameResult:
    """Read one game written by to_json_line()."""
    d = json.loads(line)
    return GameResult(d["index"], d["seed"], (d["factions"][0], d["factions"][1]),
                      d["a_seat"], d["winner"], d["a_score"], d["rounds"],
                      d["a_times"], d["b_times"])
