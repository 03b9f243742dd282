"""Tournament benchmark: pairing a 64-player Swiss round, drawing the 64-player standings,
and thousands of random tournaments checked round by round.

    python -m tests.bench_tournament [--runs 20] [--events 2000] [--seed S] [--json]

- Swiss pairing: --runs random 64-player Swiss tournaments (6 rounds, random results with
  draws, a few drops), every round timed: `pair_swiss` alone (the matching), and the whole
  next round as the service computes it (`next_games`: standings, then pairing). Medians,
  95th percentiles and maxima over all rounds, and the median per round number. Target:
  100 ms a round.
- Standings image: a 64-player final standings card (names in many scripts) drawn and
  encoded as PNG, --runs times after one warm-up; and the first drawing of a card never
  drawn before. Target: 150 ms.
- Random events: --events tournaments, Swiss or single elimination, of 2 to 64 players with
  random results and drops, each round checked as the property test does
  (tests/bot/tournament/simulate.py): everyone still in paired once or given a bye, no
  avoidable rematch, at most one bye each while someone has none, standings independent of
  the order of games. Prints how many ran, the rounds and rematches they had, and the time.

Wall time is what a player waits, CPU time the work done: on a busy machine the first grows,
the second much less. The load average is printed with the figures; the exit status is 1
when a median misses its target and --check is given.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from bot.i18n import ENGLISH, language
from bot.render.tournament import render_standings
from bot.tournament.event import Event
from bot.tournament.formats import next_games, planned_rounds
from bot.tournament.games import (
    A_WINS,
    B_WINS,
    DRAW,
    ELIMINATION,
    SWISS,
    Entrant,
    had_bye,
    met,
    points,
)
from bot.tournament.standings import order
from bot.tournament.swiss import pair_swiss
from bot.tournament.views import standings_card
from tests.bot.tournament.simulate import simulate

EN = language(ENGLISH)
PLAYERS = 64
TARGETS = {"next_games median ms": 100.0, "standings draw + encode median ms": 150.0}
NAMES = ("Geralt of Rivia", "Yennefer of Vengerberg", "Ciri", "Dandelion", "Zoltan Chivay",
         "Triss Merigold", "Lambert", "Éskel \U0001f43a", "Regis", "Milva", "محمد الأحمد",
         "王小明", "さくら", "Ольга", "Ψάρι", "אבי כהן")


def _timed(work: Callable[..., Any], *args: Any) -> tuple[Any, float, float]:
    """What one call returned, and its wall and CPU milliseconds."""
    wall, cpu = time.perf_counter(), time.process_time()
    done = work(*args)
    return done, (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000


def _swiss_rounds(runs: int, rng: random.Random) -> dict[str, Any]:
    """Time every round of `runs` 64-player Swiss tournaments."""
    pairing: list[float] = []
    whole: list[float] = []
    whole_cpu: list[float] = []
    by_round: dict[int, list[float]] = {}
    for _ in range(runs):
        entrants = tuple(Entrant(1000 + i, i + 1) for i in range(PLAYERS))
        event = Event(SWISS, entrants, (), planned_rounds(SWISS, PLAYERS, None))
        while True:
            pairing.append(_timed(pair_swiss, order(event.entrants, event.games),
                                  points(event.games), met(event.games),
                                  had_bye(event.games))[1])
            games, wall, cpu = _timed(next_games, event)
            if games is None:
                break
            whole.append(wall)
            whole_cpu.append(cpu)
            by_round.setdefault(event.round + 1, []).append(wall)
            event = replace(event, games=event.games + tuple(_result(g, rng) for g in games))
            event = replace(event, entrants=tuple(
                replace(e, active=False) if e.active and rng.random() < 0.02 else e
                for e in event.entrants))
    return {"pair_swiss median ms": statistics.median(pairing),
            "next_games median ms": statistics.median(whole),
            "next_games CPU median ms": statistics.median(whole_cpu),
            "next_games p95 ms": _percentile(whole, 0.95), "next_games max ms": max(whole),
            "next_games CPU p95 ms": _percentile(whole_cpu, 0.95),
            "next_games CPU max ms": max(whole_cpu),
            "next_games median ms by round": {r: round(statistics.median(t), 2)
                                              for r, t in sorted(by_round.items())},
            "rounds timed": len(whole)}


def _result(game: Any, rng: random.Random) -> Any:
    if game.decided:
        return game
    roll = rng.random()
    result = DRAW if roll < 0.1 else (A_WINS if roll < 0.55 else B_WINS)
    return replace(game, result=result, rounds=(1, 1) if result == DRAW else
                   ((2, 1) if result == A_WINS else (1, 2)))


def _percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _standings(runs: int, rng: random.Random) -> dict[str, Any]:
    """Draw and encode the 64-player final standings."""
    event = simulate(SWISS, PLAYERS, rng, drop_rate=0.02).event
    names = {e.user_id: f"{NAMES[i % len(NAMES)]} {i}" for i, e in enumerate(event.entrants)}
    card = standings_card("The Great Gwent Open", event, names, final=True, lang=EN)
    first = _timed(render_standings, card)
    # A card never drawn before in this process: other names, so no text is remembered.
    other = replace(card, rows=tuple(replace(r, name=r.name + " II", points=r.points
                                             + Fraction(1, 2)) for r in card.rows))
    fresh = _timed(render_standings, other)
    walls, cpus = zip(*(_timed(render_standings, card)[1:] for _ in range(runs)),
                      strict=True)
    return {"standings draw + encode median ms": statistics.median(walls),
            "standings draw + encode CPU median ms": statistics.median(cpus),
            "standings first drawing ms (process cold)": first[1],
            "standings new card ms (warm process)": fresh[1],
            "standings PNG bytes": len(render_standings(card))}


def _events(count: int, rng: random.Random) -> dict[str, Any]:
    """Random Swiss and elimination tournaments of 2 to 64 players, checked each round."""
    started = time.perf_counter()
    rounds = rematches = players = 0
    for _ in range(count):
        format_ = rng.choice((SWISS, ELIMINATION))
        size = rng.randint(2, PLAYERS)
        run = simulate(format_, size, random.Random(rng.getrandbits(64)),
                       drop_rate=rng.choice((0.0, 0.05, 0.2)),
                       draw_rate=rng.choice((0.0, 0.1, 0.5)))
        rounds += run.event.round
        rematches += run.rematches
        players += size
    return {"events checked": count, "players in them": players, "rounds checked": rounds,
            "unavoidable rematches paired": rematches,
            "events seconds": time.perf_counter() - started}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(prog="python -m tests.bench_tournament", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--events", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    figures: dict[str, Any] = {"load average": os.getloadavg()}
    figures |= _swiss_rounds(args.runs, rng)
    figures |= _standings(args.runs, rng)
    figures |= _events(args.events, rng)
    if args.json:
        print(json.dumps(figures, indent=2, ensure_ascii=False))
    else:
        for name, value in figures.items():
            shown = f"{value:.2f}" if isinstance(value, float) else str(value)
            print(f"{name:<44}{shown}")
    missed = [name for name, target in TARGETS.items() if figures[name] > target]
    for name in missed:
        print(f"OVER TARGET (wall time): {name}")
    return 1 if missed and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
