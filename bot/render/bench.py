"""Benchmark: median render+encode times and file sizes of the sample images.

    python -m bot.render.bench [--runs N] [--check]

The full board is the board_full sample: 6 rows of 9 cards, frost, a special
horn, a leader's horn and a unit's horn. Caches are warmed by one render first
(as in a running bot, where the same cards come back turn after turn); its
"every part drawn" figure forgets the bands and tiles (the parts drawn with text, see
bot.render.tiles) before each run, so only card faces and icons are reused. The
"in a fresh process" figure is the very first board of a new interpreter (after
its imports, which are given apart), median of --fresh processes that find the parts an
earlier process drew in the disk cache (bot.render.disk_cache), as a restarted bot does;
"first ever" is one process with an empty disk cache. The "match"
figures render every board, and every hand of the player to act, of a random
match in order, as the bot does turn after turn; "match turns" renders, after every move,
what a turn shows: the public board and both players' own views (bot.render.player_view),
and gives the median of their sum. --check exits 1 when a budget is exceeded (board 12 ms
and 400 KB, hand 4 ms, a turn's three images 12 ms, first board 60 ms, deck 30 ms for the
starter deck; deck_crowded, every unit a Monsters deck may hold, is the worst case). Each case
also gives the median of this process's CPU time: on a machine shared with other jobs the
wall time grows with their load, the CPU time much less.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
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
from bot.render.player_view import player_view_image, render_player_view
from bot.render.samples import SAMPLES, card_text, played_match, played_views
from bot.render.tiles import clear_tiles

BOARD_MS, BOARD_BYTES, HAND_MS, FIRST_MS, DECK_MS = 12.0, 400_000, 4.0, 60.0, 30.0
TURN_MS = 12.0
MATCH_SEED = 7


def median_ms(fn: Callable[[], object], runs: int) -> tuple[float, float]:
    """The median wall time of fn() over runs calls, and the median of this process's CPU
    time (which other jobs on the machine do not inflate), in milliseconds."""
    wall, cpu = [], []
    for _ in range(runs):
        start, used = time.perf_counter(), time.process_time()
        fn()
        cpu.append((time.process_time() - used) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
    return statistics.median(wall), statistics.median(cpu)


def first_board() -> dict[str, float]:
    """The first board's render time in ms (call it in a fresh process) and its size."""
    board = SAMPLES["board_full"][1]()
    start = time.perf_counter()
    data = render_board(board)
    return {"first_ms": (time.perf_counter() - start) * 1000, "bytes": len(data)}


def fresh_process(cache_dir: str) -> dict[str, float]:
    """Run first_board() in a new interpreter with its disk cache of parts in cache_dir,
    timing its imports too."""
    code = ("import time; t = time.perf_counter(); import bot.render.bench as b; "
            "i = (time.perf_counter() - t) * 1000; import json; "
            "print(json.dumps({**b.first_board(), 'import_ms': i}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={**os.environ, "RENDER_CACHE_DIR": cache_dir})
    result: dict[str, float] = json.loads(out.stdout)
    return result


def match_medians() -> tuple[float, float, int]:
    """Median ms of every board and every hand of a random match, rendered in order."""
    boards, hands = [], []
    positions = played_match(MATCH_SEED)
    clear_tiles()
    for public, private in positions:
        start = time.perf_counter()
        render_board(public)
        boards.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        render_hand(private)
        hands.append((time.perf_counter() - start) * 1000)
    return statistics.median(boards), statistics.median(hands), len(positions)


def turn_medians(seed: int = MATCH_SEED) -> dict[str, float]:
    """Medians in ms per move of a random match rendered in order: the public board, one
    player's view (both are drawn: half their sum), and the three together, in wall time and
    in this process's CPU time (other jobs on the machine inflate the first only)."""
    times: dict[str, list[float]] = {"board": [], "view": [], "turn": [], "turn cpu": []}
    positions = played_views(seed)
    clear_tiles()  # no band of this match drawn yet (the card faces stay, as in a bot)
    for public, first, second in positions:
        cpu, start = time.process_time(), time.perf_counter()
        render_board(public)
        board_done = time.perf_counter()
        render_player_view(first)
        render_player_view(second)
        end = time.perf_counter()
        times["turn cpu"].append((time.process_time() - cpu) * 1000)
        times["board"].append((board_done - start) * 1000)
        times["view"].append((end - board_done) * 500)
        times["turn"].append((end - start) * 1000)
    return {name: statistics.median(values) for name, values in times.items()} | {
        "moves": len(positions)}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print one line per case."""
    parser = argparse.ArgumentParser(
        prog="python -m bot.render.bench",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--runs", type=int, default=100, help="runs per case (default 100)")
    parser.add_argument("--fresh", type=int, default=5,
                        help="fresh processes for the first-board figure (default 5)")
    parser.add_argument("--check", action="store_true", help="exit 1 if over budget")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as cache_dir:
        first_ever = fresh_process(cache_dir)  # draws every part and saves it
        fresh = [fresh_process(cache_dir) for _ in range(args.fresh)]
    first = statistics.median(f["first_ms"] for f in fresh)
    imports = statistics.median(f["import_ms"] for f in fresh)
    board_bytes = int(fresh[0]["bytes"])
    match_board, match_hand, moves = match_medians()
    turns = turn_medians()
    turn = turns["turn"]

    board = SAMPLES["board_full"][1]()
    hand = SAMPLES["hand_large"][1]()
    mulligan = SAMPLES["hand_mulligan"][1]()
    result = SAMPLES["result_win"][1]()
    card = SAMPLES["card_agile"][1]()
    text = card_text(card.card_id)
    deck = SAMPLES["deck_starter"][1]()
    crowded = SAMPLES["deck_crowded"][1]()
    view = SAMPLES["view_full"][1]()
    crowded_view = SAMPLES["view_crowded"][1]()
    ladder = SAMPLES["leaderboard_ladder"][1]()
    profile = SAMPLES["profile_full"][1]()

    def drawn_afresh() -> bytes:
        clear_tiles()
        return render_board(board)

    cases: list[tuple[str, Callable[[], bytes | object]]] = [
        ("board_full  draw+encode", lambda: render_board(board)),
        ("board_full  every part drawn", drawn_afresh),
        ("board_full  image only", lambda: board_image(board)),
        ("view_full   draw+encode", lambda: render_player_view(view)),
        ("view_crowded 13 cards", lambda: render_player_view(crowded_view)),
        ("view_full   image only", lambda: player_view_image(view)),
        ("hand_large  11 cards", lambda: render_hand(hand)),
        ("hand_mulligan 10 cards", lambda: render_hand(mulligan)),
        ("result_win", lambda: render_result(result)),
        ("card_agile", lambda: render_card(card, text=text, catalogue=None)),
        ("deck_starter", lambda: render_deck(deck)),
        ("deck_crowded 57 units", lambda: render_deck(crowded)),
        ("leaderboard 10 players", lambda: render_leaderboard(ladder)),
        ("profile 10 matches", lambda: render_profile(profile)),
    ]
    print(f"{'case':<30}{'median ms':>10}{'bytes':>10}{'CPU ms':>9}   ({args.runs} runs each)")
    print(f"{'board_full  fresh process':<30}{first:>10.1f}{board_bytes:>10}   "
          f"(first board after {imports:.0f} ms of imports, parts on disk; "
          f"{args.fresh} processes)")
    print(f"{'board_full  first ever':<30}{first_ever['first_ms']:>10.1f}{'':>10}   "
          "(a new process with an empty disk cache: every part drawn)")
    print(f"{'match boards, in order':<30}{match_board:>10.1f}{'':>10}   ({moves} moves)")
    print(f"{'match hands, in order':<30}{match_hand:>10.1f}")
    print(f"{'match turns: board':<30}{turns['board']:>10.1f}{'':>10}   "
          f"({turns['moves']:.0f} moves, each: the board and both players' views)")
    print(f"{'match turns: one view':<30}{turns['view']:>10.1f}")
    print(f"{'match turns: all three':<30}{turn:>10.1f}{'':>10}   "
          f"({turns['turn cpu']:.1f} ms of this process's CPU)")
    medians: dict[str, float] = {}
    for name, fn in cases:
        fn()  # warm the caches
        out = fn()
        size = f"{len(out):>10}" if isinstance(out, bytes) else f"{'':>10}"
        medians[name], cpu = median_ms(fn, args.runs)
        print(f"{name:<30}{medians[name]:>10.1f}{size}{cpu:>9.1f}")
    over = []
    if medians["board_full  every part drawn"] > BOARD_MS:
        over.append(f"board {medians['board_full  every part drawn']:.1f} ms > {BOARD_MS} ms")
    if board_bytes > BOARD_BYTES:
        over.append(f"board file {board_bytes} B > {BOARD_BYTES} B")
    if medians["hand_large  11 cards"] > HAND_MS:
        over.append(f"hand {medians['hand_large  11 cards']:.1f} ms > {HAND_MS} ms")
    if turn > TURN_MS:
        over.append(f"a turn's images {turn:.1f} ms > {TURN_MS} ms")
    if medians["deck_starter"] > DECK_MS:
        over.append(f"deck {medians['deck_starter']:.1f} ms > {DECK_MS} ms")
    if first > FIRST_MS:
        over.append(f"first board {first:.1f} ms > {FIRST_MS} ms")
    for line in over:
        print(f"OVER BUDGET: {line}")
    if not over:
        print(
            f"within budget: board <= {BOARD_MS:.0f} ms and {BOARD_BYTES // 1000} KB, "
            f"hand <= {HAND_MS:.0f} ms, turn <= {TURN_MS:.0f} ms, "
            f"first board <= {FIRST_MS:.0f} ms, deck <= {DECK_MS:.0f} ms"
        )
    return 1 if over and args.check else 0


if __name__ == "__main__":
    raise SystemExit(main())
