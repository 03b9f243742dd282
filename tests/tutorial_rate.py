"""How often a newcomer who follows the tutorial's hints beats the tutor, and how right the
hints are.

    python -m tests.tutorial_rate [--tutorials 200] [--seed 1] [--ignore-hints] [--check]
                                  [--oracle] [--jobs 2] [--json]

Plays --tutorials tutorials from random deals (tests/bot/learn/newcomer.py: the newcomer does
what each hint says, and otherwise plays the card that adds most at once), and prints the
newcomer's wins, losses and draws, the win rate with a 95% Wilson interval, and how often
each hint was given. --ignore-hints plays the same newcomer without the hints, for
comparison.

--check also holds every hint against the match it was shown in
(tests/bot/learn/hint_check.py): how many hinted moves are within the margin of the hard
search's best (judged in worlds sampled from the player's view, or with --oracle in the
real match), how many claims hold, and every problem found. It takes about half a second a
hint; --jobs plays the tutorials in that many processes.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections import Counter
from multiprocessing import Pool

from bot.service.tutorial import tutorial_decks
from tests.bot.learn.hint_check import MARGIN, Figures, check
from tests.bot.learn.newcomer import play_tutorial


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    spread = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    return centre - spread / (1 + z * z / games), centre + spread / (1 + z * z / games)


Outcome = tuple[int | None, list[str], Figures | None]


def one(start: int, follow: bool, checked: bool, oracle: bool) -> Outcome:
    """Play the tutorial dealt from `start`: its winner, its hints' keys and, if `checked`,
    the hints' check."""
    played = play_tutorial(start, follow=follow)
    figures = None
    if checked:
        figures = Figures()
        deck = tutorial_decks()[0]
        for hint, obs, match in played.hints:
            figures.add(check(hint, obs, match, deck, oracle=oracle))
        figures.problems = [f"tutorial {start}, {problem}" for problem in figures.problems]
    return played.match.winner, [hint.key for hint, _, _ in played.hints], figures


def main() -> None:
    """Play the tutorials and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tutorials", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ignore-hints", action="store_true")
    parser.add_argument("--check", action="store_true", help="check every hint")
    parser.add_argument("--oracle", action="store_true",
                        help="judge the hinted moves in the real match")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    starts = [rng.randrange(2**31) for _ in range(args.tutorials)]
    jobs = [(s, not args.ignore_hints, args.check, args.oracle) for s in starts]
    started = time.perf_counter()
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            results = pool.starmap(one, jobs)
    else:
        results = [one(*job) for job in jobs]
    outcomes: Counter[str] = Counter()
    hints: Counter[str] = Counter()
    figures = Figures()
    for winner, keys, checked in results:
        outcomes["wins" if winner == 0 else "losses" if winner == 1 else "draws"] += 1
        hints.update(keys)
        if checked is not None:
            figures.add(checked)
    low, high = wilson(outcomes["wins"], args.tutorials)
    out: dict[str, object] = {
        "tutorials": args.tutorials, "seed": args.seed,
        "hints_followed": not args.ignore_hints, **outcomes,
        "win_rate": outcomes["wins"] / args.tutorials, "interval": [low, high],
        "hints_given": dict(hints.most_common()),
        "seconds": round(time.perf_counter() - started, 1)}
    judged_in = "the real match" if args.oracle else "sampled worlds"
    if args.check:
        out["check"] = {"judge": judged_in,
                        "margin": MARGIN, "moves": figures.moves, "right": figures.right,
                        "without_move": figures.without_move, "claims": figures.claims,
                        "held": figures.held, "problems": figures.problems}
    if args.json:
        print(json.dumps(out))
        return
    print(f"{args.tutorials} tutorials (seed {args.seed}), hints "
          f"{'followed' if not args.ignore_hints else 'ignored'}: "
          f"{outcomes['wins']} wins, {outcomes['losses']} losses, {outcomes['draws']} draws; "
          f"win rate {outcomes['wins'] / args.tutorials:.1%} [{low:.1%}, {high:.1%}]")
    print("hints given:", ", ".join(f"{key} {n}" for key, n in hints.most_common()))
    if args.check:
        print(f"hint check (judged in {judged_in}, margin {MARGIN}): "
              f"{figures.right} of {figures.moves} hinted moves within the margin of the "
              f"search's best, {figures.without_move} hints without a move; "
              f"{figures.held} of {figures.claims} claims held; "
              f"{len(figures.problems)} problems")
        for problem in figures.problems:
            print("  -", problem)
    print(f"({out['seconds']} s)")


if __name__ == "__main__":
    main()
