"""Benchmark: median render+encode times and file sizes of the sample images.

    python -m bot.render.bench [--runs N] [--check]

The full board is the board_full sample: 6 rows of 9 cards, frost, a special
horn, a leader's horn and a unit's horn. Caches are warmed by one render first
(as in a running bot, where the same cards come back turn after turn); the
cold figure is the very first render in a fresh process. --check exits 1 when
a budget is exceeded (board 40 ms and 400 KB, hand 20 ms, deck 30 ms for the
starter deck; deck_crowded, every unit a Monsters deck may hold, is the worst case).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence

from bot.render import (
    board_image,
    render_board,
    render_card,
    render_deck,
    render_hand,
    render_leaderboard,
    render_profile,
    render_result,
)
from bot.render.encode import to_png
from bot.render.samples import SAMPLES, card_text

BOARD_MS, BOARD_BYTES, HAND_MS, DECK_MS = 40.0, 400_000, 20.0, 30.0


def median_ms(fn: Callable[[], object], runs: int) -> float:
    """The median wall time of fn() over runs calls, in milliseconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print one line per case."""
    parser = argparse.ArgumentParser(
        prog="python -m bot.render.bench",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--runs", type=int, default=100, help="runs per case (default 100)")
    parser.add_argument("--check", action="store_true", help="exit 1 if over budget")
    args = parser.parse_args(argv)

    board = SAMPLES["board_full"][1]()
    start = time.perf_counter()
    board_bytes = render_board(board)
    cold = (time.perf_counter() - start) * 1000

    hand = SAMPLES["hand_large"][1]()
    mulligan = SAMPLES["hand_mulligan"][1]()
    result = SAMPLES["result_win"][1]()
    card = SAMPLES["card_agile"][1]()
    text = card_text(card.card_id)
    deck = SAMPLES["deck_starter"][1]()
    crowded = SAMPLES["deck_crowded"][1]()
    image = board_image(board)
    ladder = SAMPLES["leaderboard_ladder"][1]()
    profile = SAMPLES["profile_full"][1]()
    cases: list[tuple[str, Callable[[], bytes | object]]] = [
        ("board_full  draw+encode", lambda: render_board(board)),
        ("board_full  draw only", lambda: board_image(board)),
        ("board_full  encode only", lambda: to_png(image)),
        ("hand_large  11 cards", lambda: render_hand(hand)),
        ("hand_mulligan 10 cards", lambda: render_hand(mulligan)),
        ("result_win", lambda: render_result(result)),
        ("card_agile", lambda: render_card(card, text=text, catalogue=None)),
        ("deck_starter", lambda: render_deck(deck)),
        ("deck_crowded 57 units", lambda: render_deck(crowded)),
        ("leaderboard 10 players", lambda: render_leaderboard(ladder)),
        ("profile 10 matches", lambda: render_profile(profile)),
    ]
    print(f"{'case':<26}{'median ms':>10}{'bytes':>10}   ({args.runs} runs each)")
    print(f"{'board_full  first (cold)':<26}{cold:>10.1f}{len(board_bytes):>10}")
    medians: dict[str, float] = {}
    for name, fn in cases:
        fn()  # warm the caches
        out = fn()
        size = f"{len(out):>10}" if isinstance(out, bytes) else f"{'':>10}"
        medians[name] = median_ms(fn, args.runs)
        print(f"{name:<26}{medians[name]:>10.1f}{size}")
    over = []
    if medians["board_full  draw+encode"] > BOARD_MS:
        over.append(f"board {medians['board_full  draw+encode']:.1f} ms > {BOARD_MS} ms")
    if len(board_bytes) > BOARD_BYTES:
        over.append(f"board file {len(board_bytes)} B > {BOARD_BYTES} B")
    if medians["hand_large  11 cards"] > HAND_MS:
        over.append(f"hand {medians['hand_large  11 cards']:.1f} ms > {HAND_MS} ms")
    if medians["deck_starter"] > DECK_MS:
        over.append(f"deck {medians['deck_starter']:.1f} ms > {DECK_MS} ms")
    for line in over:
        print(f"OVER BUDGET: {line}")
    if not over:
        print(
            f"within budget: board <= {BOARD_MS:.0f} ms and {BOARD_BYTES // 1000} KB, "
            f"hand <= {HAND_MS:.0f} ms, deck <= {DECK_MS:.0f} ms"
        )
    return 1 if over and args.check else 0


if __name__ == "__main__":
    raise SystemExit(main())
