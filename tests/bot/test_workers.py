"""Worker processes leave with the bot process that started them, even when it is killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# A bot-like process: start a pool of two workers, print their pids, then wait to be killed.
HOLDER = """
import asyncio, os
from bot.workers import WorkerPool

async def main():
    pool = WorkerPool("test", 2)
    pids = set()
    while len(pids) < 2:
        pids |= set(await asyncio.gather(*(pool.run(os.getpid) for _ in range(8))))
    print(" ".join(map(str, sorted(pids))), flush=True)
    await asyncio.sleep(3600)

asyncio.run(main())
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:  # a zombie has exited, awaiting its reaper
        return stat.read().rsplit(")", 1)[1].split()[0] != "Z"


def test_workers_exit_when_their_bot_process_is_killed() -> None:
    holder = subprocess.Popen([sys.executable, "-c", HOLDER], cwd=ROOT, text=True,
                              stdout=subprocess.PIPE)
    try:
        assert holder.stdout is not None
        workers = [int(pid) for pid in holder.stdout.readline().split()]
        assert len(workers) == 2 and all(_alive(pid) for pid in workers)
        holder.send_signal(signal.SIGKILL)
        holder.wait(10)
        deadline = time.monotonic() + 10
        while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(_alive(pid) for pid in workers)
    finally:
        holder.kill()
        holder.wait()


def test_a_worker_started_after_its_bot_process_died_exits_at_once() -> None:
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    # The worker's start-up runs with the pid of a bot process that is no longer there.
    worker = subprocess.run(
        [sys.executable, "-c", "import time; from bot.workers import _start_worker; "
         f"_start_worker(None, {gone.pid}); time.sleep(60)"], cwd=ROOT, timeout=20)
    assert worker.returncode == 0
