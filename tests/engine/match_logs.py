"""Recorded match logs: the English log of random matches of every faction and leader, as
the engine wrote it when the log was still plain English sentences, so that a test can tell
when the English drifts now that the log is data (engine.events).

    python -m tests.engine.match_logs [--pool N] [--seed S]

plays N random matches and rewrites tests/engine/data/match_logs.json with a few of them,
chosen to show every template of the log several times and every leader at least once:
each match's record (seed, names, decks, actions) and its final log, one [text, player,
private] per line. Rewriting takes the English of the engine that runs it as the reference:
do it only to add matches, with an engine whose English is known to be right.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from engine.actions import FORFEIT
from engine.cards import catalogue
from engine.deckgen import generate_deck
from engine.events import Event, Line
from engine.match import Match

PATH = Path(__file__).resolve().parent / "data" / "match_logs.json"
NAMES = ("Alice", "Bob")
# The chance that a random player forfeits instead of moving (so that forfeits are logged).
FORFEIT_RATE = 0.004
# How many times the chosen matches show each template, where the pool has that many.
SHOWN = 4
NOTE = ("The English log of random matches, written by the engine before its log became "
        "data; tests/engine/test_events.py replays each record and compares. Made by "
        "python -m tests.engine.match_logs.")


def random_match(rng: random.Random) -> Match:
    """A match between generated decks of random factions and leaders, played to its end by
    random legal moves (now and then a forfeit)."""
    cat = catalogue()
    decks = []
    for _ in NAMES:
        faction = rng.choice(sorted(cat.factions))
        leader = rng.choice(sorted(c.id for c in cat.leaders(faction)))
        decks.append(generate_deck(faction, rng, leader))
    m = Match.new((decks[0], decks[1]), rng.getrandbits(63), NAMES)
    while not m.is_over:
        p = rng.choice(m.to_act())
        actions = m.legal_actions(p)
        moves = [a for a in actions if a.kind != FORFEIT]
        m.apply(actions[-1] if rng.random() < FORFEIT_RATE else rng.choice(moves))
    return m


def logged(m: Match) -> dict[str, Any]:
    """A match's record and its final log in English."""
    return {"record": m.record(), "events": [[e.text, e.player, e.private] for e in m.events]}


def _lines(line: Line) -> Iterator[Line]:
    yield line
    for _, value in line.values:
        for inner in value if isinstance(value, tuple) and not isinstance(value, Line) else (
                value,):
            if isinstance(inner, Line):
                yield from _lines(inner)


def templates_used(events: Sequence[Event]) -> Counter[str]:
    """How many times each template is used in a log, lines within lines included."""
    used: Counter[str] = Counter()
    for e in events:
        for line in (e.line, e.private_line):
            if line is not None:
                used.update(inner.template for inner in _lines(line))
    return used


def chosen(matches: list[Match]) -> list[Match]:
    """A few of the matches that show every template used in any of them up to SHOWN times,
    and every leader that any of them has: each pick adds the most that is still missing."""
    shows = [(templates_used(m.events), {s.leader for s in m.sides}) for m in matches]
    wanted: Counter[str] = Counter()
    for used, _ in shows:
        wanted |= Counter({t: min(n, SHOWN) for t, n in used.items()})
    leaders = set().union(*(ls for _, ls in shows))
    picked: list[int] = []
    while True:
        gains = {i: sum(min(n, wanted[t]) for t, n in used.items()) + len(ls & leaders)
                 for i, (used, ls) in enumerate(shows) if i not in picked}
        best = max(gains, key=gains.__getitem__, default=None)
        if best is None or gains[best] == 0:
            return [matches[i] for i in sorted(picked)]
        picked.append(best)
        wanted -= shows[best][0]
        leaders -= shows[best][1]


def write(matches: list[dict[str, Any]], path: Path = PATH) -> None:
    """Write recorded matches, one per line."""
    body = ",\n".join(json.dumps(m, ensure_ascii=False, separators=(",", ":"))
                      for m in matches)
    path.write_text(f'{{"note":{json.dumps(NOTE)},\n"matches":[\n{body}\n]}}\n',
                    encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    """Rewrite the recorded logs."""
    parser = argparse.ArgumentParser(prog="python -m tests.engine.match_logs",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pool", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=2022)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    pool = [random_match(rng) for _ in range(args.pool)]
    write([logged(m) for m in chosen(pool)])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
