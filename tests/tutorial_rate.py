"""How often a newcomer who follows the tutorial's hints beats the tutor.

    python -m tests.tutorial_rate [--tutorials 200] [--seed 1] [--ignore-hints] [--json]

Plays --tutorials tutorials from random deals (tests/bot/learn/newcomer.py: the newcomer does
what each hint says, and otherwise plays the card that adds most at once), and prints the
newcomer's wins, losses and draws, the win rate with a 95% Wilson interval, and how often
each hint was given. --ignore-hints plays the same newcomer without the hints, for
comparison.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections import Counter

from tests.bot.learn.newcomer import play_tutorial


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    spread = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    return centre - spread / (1 + z * z / games), centre + spread / (1 + z * z / games)


def main() -> None:
    """Play the tutorials and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tutorials", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ignore-hints", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    outcomes: Counter[str] = Counter()
    hints: Counter[str] = Counter()
    started = time.perf_counter()
    for _ in range(args.tutorials):
        played = play_tutorial(rng.randrange(2**31), follow=not args.ignore_hints)
        winner = played.match.winner
        outcomes["wins" if winner == 0 else "losses" if winner == 1 else "draws"] += 1
        hints.update(hint.key for hint, _, _ in played.hints)
    low, high = wilson(outcomes["wins"], args.tutorials)
    figures = {"tutorials": args.tutorials, "seed": args.seed,
               "hints_followed": not args.ignore_hints, **outcomes,
               "win_rate": outcomes["wins"] / args.tutorials, "interval": [low, high],
               "hints_given": dict(hints.most_common()),
               "seconds": round(time.perf_counter() - started, 1)}
    if args.json:
        print(json.dumps(figures))
        return
    print(f"{args.tutorials} tutorials (seed {args.seed}), hints "
          f"{'followed' if figures['hints_followed'] else 'ignored'}: "
          f"{outcomes['wins']} wins, {outcomes['losses']} losses, {outcomes['draws']} draws; "
          f"win rate {figures['win_rate']:.1%} [{low:.1%}, {high:.1%}]")
    print("hints given:", ", ".join(f"{key} {n}" for key, n in hints.most_common()))


if __name__ == "__main__":
    main()
