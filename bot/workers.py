"""Worker processes for CPU-bound calls (images, the computer player), off the event loop.

Drawing, encoding and the computer's search are pure CPU work that holds the GIL: in a thread
they would stall the event loop and share one core with it. A WorkerPool runs them in
processes of their own (started on first use, with the "spawn" method, so no lock or
connection of the bot's is inherited), each on its own core, and passes arguments and
results as pickles. Where processes cannot be started (no /dev/shm, a sandbox) it falls back
to threads and says so; a worker that dies (killed, out of memory) is replaced once per call.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")
MAX_WORKERS = 64
# Workers run below the bot's priority: when the cores are all busy, the event loop (which
# acknowledges clicks within Discord's 3 seconds) goes first and an image waits a little.
WORKER_NICENESS = 5
# A bot process that is killed (SIGKILL, out of memory) cannot stop its workers, and they
# would wait for work forever: each checks this often whether its bot is still there.
PARENT_CHECK_SECONDS = 1.0


def cpu_count() -> int:
    """The cores this process may run on (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _exit_when_orphaned(parent: int) -> None:
    """Exit this worker once the process that started it is gone."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


def _start_worker(initializer: Callable[[], object] | None, parent: int) -> None:
    """In a worker: leave Ctrl-C to the bot (which stops its pools), exit with the bot
    process `parent` (even if it is already gone), yield the cores to the bot's event loop,
    then run initializer."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_exit_when_orphaned, args=(parent,), daemon=True,
                     name="gwent-parent-watch").start()
    if hasattr(os, "nice"):
        os.nice(WORKER_NICENESS)
    if initializer is not None:
        initializer()


class WorkerPool:
    """A lazily started pool of `workers` processes (or threads, where processes fail)."""

    def __init__(self, name: str, workers: int, *, processes: bool = True,
                 initializer: Callable[[], object] | None = None,
                 thread_note: str = "it works in a thread, which slows the bot") -> None:
        self.name = name
        self.workers = workers
        self._processes = processes
        self._initializer = initializer
        self._thread_note = thread_note
        self._pool: Executor | None = None

    @property
    def executor(self) -> Executor | None:
        """The executor calls run in (None until the first call)."""
        return self._pool

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """fn(*args) in a worker; a worker that died is replaced once."""
        call = functools.partial(fn, *args)
        loop = asyncio.get_running_loop()
        for attempt in range(2):
            pool = self._executor()
            try:
                return await loop.run_in_executor(pool, call)
            except BrokenExecutor:
                log.warning("a %s worker stopped: starting a new one", self.name)
                self._drop(pool)
                if attempt:
                    raise
            except (OSError, NotImplementedError) as error:
                if not isinstance(pool, ProcessPoolExecutor):
                    raise
                self._to_threads(pool, error)
        raise AssertionError("unreachable")

    async def close(self) -> None:
        """Shut the workers down, waiting for the calls in progress."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)

    def _executor(self) -> Executor:
        if self._pool is None:
            if self._processes:
                try:
                    self._pool = ProcessPoolExecutor(
                        self.workers, mp_context=multiprocessing.get_context("spawn"),
                        initializer=_start_worker, initargs=(self._initializer, os.getpid()))
                except (OSError, NotImplementedError, ImportError) as error:
                    self._to_threads(None, error)
            if self._pool is None:
                self._pool = ThreadPoolExecutor(self.workers,
                                                thread_name_prefix=f"gwent-{self.name}")
        return self._pool

    def _to_threads(self, pool: Executor | None, error: BaseException) -> None:
        """Processes cannot be started here: run in threads from now on."""
        log.warning("cannot start the %s worker processes (%s): %s", self.name, error,
                    self._thread_note)
        self._processes = False
        if pool is not None:
            self._drop(pool)

    def _drop(self, pool: Executor) -> None:
        if self._pool is pool:
            self._pool = None
        pool.shutdown(wait=False, cancel_futures=True)
