"""Table page benchmark: first-load size, time to interactive, and frame times while cards
fly, in headless Chromium (Debian's, at /usr/bin/chromium).

    python -m tests.bench_table [--runs 15] [--moves 20] [--throttle 4] [--json]

- size: the files the page loads first (index.html, its script and its style sheet), as
  built in table/dist/, raw and gzipped (level 6, what servers use; card art excluded);
- interactive: from navigation to the table drawn with its first state (the page's
  `table-ready` mark), over --runs fresh page loads, at full speed and with the CPU slowed
  --throttle times (CDP Emulation.setCPUThrottlingRate). The server is the recorded match
  of tests/table/fixture_table.py, answered by the browser itself, so no network or server
  time is in it;
- frames: the recorded match is stepped through --moves moves, each a card flying to its
  row (cards leaving, weather falling, gems breaking as they happen), CPU slowed --throttle
  times. Chromium runs with its frame rate unlimited (--disable-frame-rate-limit,
  --disable-gpu-vsync), so the time between two animation frames is the time one frame
  takes to produce, not the display's 16.7 ms; the median and 95th percentile of those
  intervals, during the 0.6 s after each move, are printed.

Figures are medians; the machine's load average is printed with them.
"""

from __future__ import annotations

import argparse
import gzip
import itertools
import json
import os
import re
import statistics
from typing import Any

from playwright.sync_api import sync_playwright

from tests.table.browser import ARGS, CHROMIUM, chromium_missing
from tests.table.fixture_table import DIST, FixtureTable

UNLIMITED = ["--disable-frame-rate-limit", "--disable-gpu-vsync"]
# Animation frame intervals for `ms` milliseconds after the page is told to start.
_RECORD = """(ms) => new Promise((done) => {
  const times = [];
  const end = performance.now() + ms;
  function frame(t) {
    times.push(t);
    if (t < end) requestAnimationFrame(frame); else done(times);
  }
  requestAnimationFrame(frame);
})"""


def first_load() -> dict[str, int]:
    """Bytes of the page's first load: raw and gzipped."""
    page = (DIST / "index.html").read_bytes()
    files = [page] + [(DIST / "assets" / name).read_bytes()
                      for name in re.findall(r'/assets/([^"]+)"', page.decode())]
    return {"files": len(files), "raw": sum(len(f) for f in files),
            "gzip": sum(len(gzip.compress(f, compresslevel=6)) for f in files)}


def _throttle(page: Any, rate: float) -> None:
    session = page.context.new_cdp_session(page)
    session.send("Emulation.setCPUThrottlingRate", {"rate": rate})


def interactive(browser: Any, runs: int, throttle: float) -> list[float]:
    """Milliseconds from navigation to the first state drawn, one per fresh load."""
    times = []
    for _ in range(runs):
        context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True)
        page = context.new_page()
        _throttle(page, throttle)
        FixtureTable(page, start=12).open()
        times.append(page.evaluate(
            "performance.getEntriesByName('table-ready')[0].startTime"))
        context.close()
    return times


def frames(browser: Any, moves: int, throttle: float, size: dict[str, int]) -> list[float]:
    """Frame intervals (ms) while the recorded match's moves are animated."""
    context = browser.new_context(viewport=size, has_touch=size["width"] < 500)
    page = context.new_page()
    table = FixtureTable(page, start=4)
    table.open()
    _throttle(page, throttle)
    intervals: list[float] = []
    for _ in range(moves):
        if table.index >= len(table.data["states"]) - 2:
            table.index = 4
            table.send_state()
            page.wait_for_timeout(800)
        recording = page.evaluate_handle(_RECORD, 600)
        table.step()
        times = recording.json_value()
        intervals += [b - a for a, b in itertools.pairwise(times)]
        page.wait_for_timeout(200)
    context.close()
    return intervals


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of them fall."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--throttle", type=float, default=4.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    missing = chromium_missing()
    if missing:
        raise SystemExit(missing)
    size = first_load()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS + UNLIMITED)
        try:
            tti_full = interactive(browser, args.runs, 1)
            tti = interactive(browser, args.runs, args.throttle)
            phone = frames(browser, args.moves, args.throttle, {"width": 360, "height": 640})
            desk = frames(browser, args.moves, args.throttle, {"width": 1280, "height": 720})
        finally:
            browser.close()
    result = {
        "load_average": os.getloadavg()[0], "first_load": size,
        "interactive_ms_median": statistics.median(tti),
        "interactive_ms_median_unthrottled": statistics.median(tti_full),
        "frame_ms_median_360x640": statistics.median(phone),
        "frame_ms_p95_360x640": percentile(phone, .95),
        "frame_ms_median_1280x720": statistics.median(desk),
        "frame_ms_p95_1280x720": percentile(desk, .95),
        "frames": len(phone) + len(desk), "throttle": args.throttle,
    }
    if args.json:
        print(json.dumps(result))
        return
    print(f"load average {result['load_average']:.2f}; CPU throttled {args.throttle:g}x")
    print(f"first load: {size['files']} files, {size['raw'] / 1024:.1f} KB raw, "
          f"{size['gzip'] / 1024:.1f} KB gzipped")
    print(f"time to interactive: median {result['interactive_ms_median_unthrottled']:.0f} ms "
          f"at full speed, {result['interactive_ms_median']:.0f} ms throttled, "
          f"over {args.runs} loads each")
    for name in ("360x640", "1280x720"):
        print(f"frames while cards move at {name}: median "
              f"{result[f'frame_ms_median_{name}']:.1f} ms, "
              f"95th percentile {result[f'frame_ms_p95_{name}']:.1f} ms")


if __name__ == "__main__":
    main()
