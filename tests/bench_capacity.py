"""Capacity mode of the load benchmark (python -m tests.bench_load --think S --capacity
[N,N,...]).

Runs the benchmark at each number of concurrent matches given (50,100,150,200 by default), one
after the other with the same seed and think time, each with a fresh emulator and bot, and
prints the curve: matches against turn p99, acknowledgement p99, the bot's event-loop stalls
and the CPU used. The capacity is the largest number of matches whose run meets both targets
at a human pace (turn p99 at most 500 ms, acknowledgement p99 at most 100 ms) with no error.
The load generator and the emulator run on the same machine as the bot and their CPU counts
against it, as other processes' does on a shared machine (the "machine" column: how many
cores were busy on average, everything included).
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
from typing import Any

from tests.bench_load import Run, _ms, benchmark

TURN_P99_MS, ACK_P99_MS = 500.0, 100.0


def counts(text: str) -> tuple[int, ...]:
    """The numbers of matches of --capacity ("50,100,150")."""
    found = tuple(int(part) for part in text.split(",") if part.strip())
    if not found or min(found) < 1:
        raise ValueError("--capacity takes numbers of matches, e.g. 50,100,150")
    return tuple(sorted(set(found)))


def meets(result: dict[str, Any]) -> bool:
    """Whether a run held its matches: both p99 targets met, no error."""
    turn, ack = result["turn_ms"]["p99"], result["ack_ms"]["p99"]
    return (not result["error_count"] and turn is not None and ack is not None
            and turn <= TURN_P99_MS and ack <= ACK_P99_MS)


def machine_cores(result: dict[str, Any]) -> float:
    """Cores busy on average during a run: the bot, its workers, the load generator with the
    emulator, and other processes."""
    parts = ("bot_cpu_pct", "bot_workers_cpu_pct", "generator_cpu_pct",
             "other_processes_cpu_pct")
    return sum(result[p] or 0.0 for p in parts) / 100


def capacity(run: Run, matches: tuple[int, ...], *, as_json: bool) -> int:
    """Run each number of matches, print the curve and the capacity; 1 if none held."""
    results = []
    for count in matches:
        result = asyncio.run(benchmark(dataclasses.replace(run, matches=count)))
        result["meets"] = meets(result)
        results.append(result)
    held = [r["matches"] for r in results if r["meets"]]
    best = max(held, default=None)
    if as_json:
        print(json.dumps({"turn_p99_target_ms": TURN_P99_MS, "ack_p99_target_ms": ACK_P99_MS,
                          "capacity": best, "results": results}))
    else:
        print(curve(results, best))
    return 0 if best is not None else 1


def curve(results: list[dict[str, Any]], best: int | None) -> str:
    """The curve as a table, and the capacity."""
    first = results[0]
    lines = [
        f"Gwent capacity: think {first['think_s']} s, seed {first['seed']}, {first['cpus']} "
        f"CPUs; targets turn p99 <= {_ms(TURN_P99_MS)}, ack p99 <= {_ms(ACK_P99_MS)}",
        "",
        f"{'matches':>8}{'turns/s':>9}{'turn p99':>10}{'ack p99':>9}{'stall max':>11}"
        f"{'CPU/turn':>10}{'bot+wk %':>10}{'machine':>9}{'errors':>8}   held",
    ]
    for r in results:
        lines.append(
            f"{r['matches']:>8}{r['turns_per_s']:>9}{_ms(r['turn_ms']['p99']):>10}"
            f"{_ms(r['ack_ms']['p99']):>9}{_ms(r['bot_loop_stall_running_ms']['max']):>11}"
            f"{r['cpu_ms_per_turn']:>8} ms"
            f"{(r['bot_cpu_pct'] or 0) + (r['bot_workers_cpu_pct'] or 0):>10.1f}"
            f"{machine_cores(r):>9.2f}{r['error_count']:>8}   {'yes' if r['meets'] else 'NO'}")
    lines += ["", "capacity: " + (f"{best} concurrent matches" if best is not None
                                  else "none of these numbers held")]
    return "\n".join(lines)
