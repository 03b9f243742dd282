"""Table page benchmark: first-load size, time to interactive, and frame times while cards
fly, in headless Chromium (Debian's, at /usr/bin/chromium).

    python -m tests.bench_table [--runs 9] [--moves 20] [--throttle 4] [--json]

- size: the files the page loads first (index.html and what it names: its script, its style
  sheet and the names' face), as built in table/dist/, raw and gzipped (level 6, what
  servers use; card art excluded: portraits are asked for once the table is drawn);
- interactive: from navigation to the table drawn with its first state (the page's
  `table-ready` mark: the page loaded, the SDK's mock started, /api/config, the OAuth2 code
  traded at /api/token, the socket opened, the welcome and the first state drawn), over
  --runs fresh page loads of a seat, against the real bot, its table server and the Discord
  emulator on this machine (tests/table_stage.py), at full speed and with the CPU slowed
  --throttle times (CDP Emulation.setCPUThrottlingRate);
- frames: a recorded match (tests/table/fixture_table.py: real engine states, served by the
  browser itself) is stepped through --moves moves, each a card flying to its
  row (cards leaving, weather falling, gems breaking as they happen), CPU slowed --throttle
  times. Chromium runs with its frame rate unlimited (--disable-frame-rate-limit,
  --disable-gpu-vsync), so the time between two animation frames is the time one frame
  takes to produce, not the display's 16.7 ms; the median and 95th percentile of those
  intervals, during the 0.6 s after each move, are printed.

Figures are medians; the machine's load average is printed with them.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import itertools
import json
import os
import re
import statistics
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from tests.table import live
from tests.table.browser import ARGS, CHROMIUM, chromium_missing
from tests.table.fixture_table import DIST, FixtureTable
from tests.table_stage import table_stage

# The table server lets an address sign in 6 times at once, then once every 5 s.
SIGN_IN_BURST, SIGN_IN_EVERY = 5, 5.2
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


async def interactive(runs: int, throttles: tuple[float, ...]) -> list[list[float]]:
    """Milliseconds from navigation to the first state drawn, one per fresh load of a seat
    against the real bot, for each CPU throttling rate."""
    results: list[list[float]] = []
    with tempfile.TemporaryDirectory() as workdir:
        async with table_stage(Path(workdir)) as stage, live.chromium() as browser:
            alice = stage.players[0]
            launch = await stage.launch(alice)
            loads = 0
            for rate in throttles:
                times = []
                for _ in range(runs):
                    loads += 1
                    if loads > SIGN_IN_BURST:
                        await asyncio.sleep(SIGN_IN_EVERY)  # the server's sign-in rate limit
                    context = await browser.new_context(viewport=live.PHONE, has_touch=True)
                    page = await context.new_page()
                    cdp = await context.new_cdp_session(page)
                    await cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
                    await page.goto(stage.page_url(alice, launch))
                    await page.wait_for_selector("body[data-ready='1']", timeout=60_000)
                    times.append(await page.evaluate(
                        "performance.getEntriesByName('table-ready')[0].startTime"))
                    await context.close()
                results.append(times)
    return results


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
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--throttle", type=float, default=4.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    missing = chromium_missing()
    if missing:
        raise SystemExit(missing)
    size = first_load()
    tti_full, tti = asyncio.run(interactive(args.runs, (1.0, args.throttle)))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS + UNLIMITED)
        try:
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
