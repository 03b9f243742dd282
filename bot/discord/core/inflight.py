"""Interactions being answered, so that stopping the bot lets them finish first."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator

# How long a shutdown waits for answers in progress (a rate-limited edit may be retried).
DRAIN_SECONDS = 10.0


class InFlight:
    """Tracks the tasks answering interactions; once draining, new ones are turned away."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[object]] = set()
        self.closing = False

    def __len__(self) -> int:
        return len(self._tasks)

    @contextlib.contextmanager
    def track(self) -> Iterator[None]:
        """Count the current task as answering an interaction while the block runs."""
        task = asyncio.current_task()
        if task is None:
            raise RuntimeError("InFlight.track() needs a running task")
        self._tasks.add(task)
        try:
            yield
        finally:
            self._tasks.discard(task)

    async def drain(self, timeout: float = DRAIN_SECONDS) -> int:
        """Turn new interactions away and wait up to `timeout` seconds for the rest, and for
        the answers turning new ones away; return how many were still unfinished."""
        self.closing = True
        current = asyncio.current_task()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            waiting = {task for task in self._tasks if task is not current}
            left = deadline - loop.time()
            if not waiting or left <= 0:
                return len(waiting)
            await asyncio.wait(waiting, timeout=left)
