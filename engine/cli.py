"""Command line: python -m engine {cards,selfplay,replay,play,arena}."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from engine import invariants
from engine.actions import FORFEIT, Action, ActionError
from engine.cards import LEADER, ROW_NAMES, catalogue
from engine.decks import Deck, starter_decks
from engine.match import Match
from engine.text import board_text, describe_action, hand_text


def cmd_cards(args: argparse.Namespace) -> int:
    """Print the catalogue."""
    cat = catalogue()
    rows: list[dict[str, Any]] = []
    for c in cat.cards.values():
        rows.append({
            "id": c.id, "name": c.name, "faction": c.faction, "type": c.type,
            "strength": c.strength if c.is_unit else None,
            "rows": [ROW_NAMES[r] for r in c.rows], "hero": c.hero,
            "abilities": sorted(c.abilities), "copies": c.copies,
            "side_deck": c.side_deck, "expansion": c.expansion,
            "text": c.text,
        })
    if args.json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return 0
    for faction in [*cat.factions, "neutral"]:
        title = cat.factions[faction].name if faction in cat.factions else "Neutral"
        print(f"\n== {title} ==")
        for r in rows:
            if r["faction"] != faction:
                continue
            if r["type"] == LEADER:
                print(f"  [leader] {r['name']}: {r['text']}")
                continue
            strength = "" if r["strength"] is None else f"{r['strength']:>2}"
            hero = " hero" if r["hero"] else ""
            where = "/".join(r["rows"]) or r["type"]
            abilities = ", ".join(r["abilities"])
            side = " (side deck)" if r["side_deck"] else ""
            print(f"  {strength:>2} {r['name']}{hero}{side} [{where}] {abilities} "
                  f"x{r['copies']}".rstrip())
    return 0


@cache
def _starters() -> dict[str, Deck]:
    return starter_decks()


def _below(bits: Callable[[int], int], n: int) -> int:
    """Return a uniform value in [0, n) from getrandbits, drawn exactly as random.Random's
    choice() and randrange() draw it (so the matches stay those of earlier versions),
    without their argument handling."""
    k = n.bit_length()
    r = bits(k)
    while r >= n:
        r = bits(k)
    return r


def play_random_match(seed: int, check_every_step: bool) -> tuple[Match, list[str]]:
    """Play one match between uniformly random players with random starter decks."""
    rng = random.Random(seed)
    decks = _starters()
    factions = sorted(decks)
    m = Match.new((decks[rng.choice(factions)], decks[rng.choice(factions)]),
                  seed=rng.getrandbits(63), names=("Player 1", "Player 2"))
    rounds = 0
    bits = rng.getrandbits
    while not m.is_over:
        to_act = m.to_act()
        p = to_act[_below(bits, len(to_act))]
        actions = m.legal_actions(p)
        m.apply(actions[_below(bits, len(actions) - 1)])  # the last action is forfeit
        if check_every_step or m.round != rounds or m.is_over:
            rounds = m.round
            found = invariants.problems(m)
            if found:
                return m, found
    return m, []


def cmd_selfplay(args: argparse.Namespace) -> int:
    """Play random matches; print speed and outcomes; fail on a broken invariant."""
    outcomes: Counter[str] = Counter()
    actions = 0
    start = time.perf_counter()
    master = random.Random(args.seed)
    for i in range(args.games):
        seed = master.getrandbits(63)
        try:
            m, found = play_random_match(seed, args.check_every_step)
        except Exception as exc:  # a crash is a finding: report the seed and stop
            print(f"match {i} (seed {seed}) raised {exc!r}", file=sys.stderr)
            raise
        if found:
            print(f"match {i} (seed {seed}) broke invariants: {found}", file=sys.stderr)
            return 1
        actions += len(m.history)
        outcomes["draw" if m.winner is None else f"player {m.winner + 1} wins"] += 1
    elapsed = time.perf_counter() - start
    result = {
        "games": args.games, "seed": args.seed, "seconds": round(elapsed, 3),
        "matches_per_second": round(args.games / elapsed, 1),
        "actions_per_match": round(actions / max(args.games, 1), 1),
        "outcomes": dict(sorted(outcomes.items())),
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{args.games} matches in {elapsed:.2f} s: {result['matches_per_second']} "
              f"matches/s, {result['actions_per_match']} actions per match")
        for outcome, n in sorted(outcomes.items()):
            print(f"  {outcome}: {n}")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a record file and print the final state as JSON."""
    try:
        record = json.loads(Path(args.file).read_text(encoding="utf-8"))
        m = Match.replay(record)
    except (OSError, ValueError, KeyError) as exc:
        print(f"cannot replay {args.file}: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(m.to_dict(), indent=1, ensure_ascii=False))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """Play a match in the terminal against the computer."""
    from engine.ai import make_agent

    decks = starter_decks()
    rng = random.Random(args.seed)
    mine = args.faction or rng.choice(sorted(decks))
    theirs = args.opponent_faction or rng.choice(sorted(decks))
    m = Match.new((decks[mine], decks[theirs]), seed=args.seed, names=(args.name, "Computer"))
    agent = make_agent(args.ai, args.seed)
    shown = 0
    while not m.is_over:
        for event in m.observation(0).events[shown:]:
            print(f"  * {event}")
        shown = len(m.events)
        if 0 not in m.to_act():
            m.apply(agent.choose(m.observation(1)))
            continue
        obs = m.observation(0)
        print(board_text(obs))
        print(hand_text(obs))
        legal = [a for a in obs.legal if a.kind != FORFEIT]
        for i, a in enumerate(legal, 1):
            print(f"  {i:>2}. {describe_action(obs, a)}")
        try:
            answer = input("Your move (number, action text, or 'forfeit'): ").strip()
        except EOFError:
            print()
            return 1
        try:
            if answer.isdigit() and 1 <= int(answer) <= len(legal):
                action = legal[int(answer) - 1]
            elif answer == "forfeit":
                action = Action(0, FORFEIT)
            else:
                action = Action.parse(answer)
            m.apply(action)
        except ActionError as exc:
            print(f"  ! {exc}")
    for event in m.observation(0).events[shown:]:
        print(f"  * {event}")
    return 0


def cmd_arena(args: argparse.Namespace) -> int:
    """Play two agents against each other in mirrored pairs and print A's results."""
    from engine.ai.agents import LEVELS
    from engine.ai.arena import GameResult, from_json_line, run_arena, summarise, to_json_line

    for name in (args.a, args.b):
        if name not in LEVELS:
            print(f"unknown agent {name!r}; choose one of {', '.join(LEVELS)}",
                  file=sys.stderr)
            return 2
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2

    if args.merge:
        results = [from_json_line(line) for path in args.merge
                   for line in Path(path).read_text(encoding="utf-8").splitlines() if line]
        result = summarise(args.a, args.b, args.seed, args.budget_ms, args.iterations,
                           results, 0.0)
        return _print_arena(args, result)
    log = open(args.log, "a", encoding="utf-8") if args.log else None  # noqa: SIM115

    def progress(r: GameResult) -> None:
        if log is not None:
            log.write(to_json_line(r) + "\n")
            log.flush()
        if args.verbose:
            outcome = {1.0: "wins", 0.5: "draws", 0.0: "loses"}[r.a_score]
            print(f"game {r.index + 1}/{args.games}: A ({args.a}) as player {r.a_seat + 1} "
                  f"{outcome} ({r.factions[0]} v {r.factions[1]})", file=sys.stderr,
                  flush=True)

    try:
        result = run_arena(args.a, args.b, args.games, args.seed, budget_ms=args.budget_ms,
                           iterations=args.iterations, progress=progress, skip=args.skip)
    finally:
        if log is not None:
            log.close()
    return _print_arena(args, result)


def _print_arena(args: argparse.Namespace, result: dict[str, Any]) -> int:
    if args.json:
        print(json.dumps(result))
        return 0
    low, high = result["ci95"]
    print(f"{args.a} (A) v {args.b} (B): {result['games']} games in mirrored pairs, "
          f"seed {args.seed}")
    print(f"A wins {result['a_wins']}, loses {result['b_wins']}, draws {result['draws']}")
    print(f"A's win rate {result['a_win_rate']:.1%} (draws count as half a win), "
          f"95% CI {low:.1%} to {high:.1%}")
    d = result["pairs"]
    print(f"Deals played from both seats: A won both {d['a_won_both']}, one each "
          f"{d['one_each']}, B won both {d['b_won_both']}, with a draw {d['with_a_draw']}")
    for who, name in (("a", args.a), ("b", args.b)):
        t = result["decision_times"][who]
        print(f"{who.upper()} ({name}) decision time: median {t['median_ms']:.1f} ms, "
              f"max {t['max_ms']:.1f} ms over {t['decisions']} decisions")
    if not args.merge:  # logs do not keep how long their games took
        print(f"{result['seconds']:.1f} s")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser."""
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    cards = sub.add_parser("cards", help="print the card catalogue")
    cards.add_argument("--json", action="store_true")
    cards.set_defaults(func=cmd_cards)
    selfplay = sub.add_parser("selfplay", help="play random matches and check invariants")
    selfplay.add_argument("--games", type=int, default=1000)
    selfplay.add_argument("--seed", type=int, default=0)
    selfplay.add_argument("--json", action="store_true")
    selfplay.add_argument("--check-every-step", action="store_true",
                          help="check invariants after every action, not every round")
    selfplay.set_defaults(func=cmd_selfplay)
    replay = sub.add_parser("replay", help="replay a match record and print the final state")
    replay.add_argument("file")
    replay.set_defaults(func=cmd_replay)
    play = sub.add_parser("play", help="play against the computer in the terminal")
    play.add_argument("--faction", choices=sorted(catalogue().factions))
    play.add_argument("--opponent-faction", choices=sorted(catalogue().factions))
    play.add_argument("--ai", default="normal")
    play.add_argument("--name", default="Player")
    play.add_argument("--seed", type=int, default=int(time.time()))
    play.set_defaults(func=cmd_play)
    arena = sub.add_parser("arena", help="play two computer levels against each other")
    arena.add_argument("--a", default="hard", help="agent A (random, greedy, easy, normal, hard)")
    arena.add_argument("--b", default="normal", help="agent B")
    arena.add_argument("--games", type=int, default=100,
                       help="games to play, in mirrored pairs (sides swapped)")
    arena.add_argument("--seed", type=int, default=0)
    arena.add_argument("--budget-ms", type=int, default=None,
                       help="override each agent's time budget per decision")
    arena.add_argument("--iterations", type=int, default=None,
                       help="fix the search effort per decision instead of the clock")
    arena.add_argument("--json", action="store_true", help="print one JSON object")
    arena.add_argument("--verbose", action="store_true", help="report each game on stderr")
    arena.add_argument("--log", metavar="FILE",
                       help="append each game (result and decision times) as a JSON line")
    arena.add_argument("--skip", type=int, default=0, metavar="K",
                       help="start at game K (the deals stay the same), to resume a run")
    arena.add_argument("--merge", nargs="+", metavar="LOG",
                       help="play nothing: summarise games from --log files")
    arena.set_defaults(func=cmd_arena)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line."""
    args = build_parser().parse_args(argv)
    result: int = args.func(args)
    return result
