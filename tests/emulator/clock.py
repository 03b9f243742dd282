"""An injectable monotonic clock, so tests can age interactions without sleeping."""

from __future__ import annotations

import time


class Clock:
    """Monotonic seconds that tests can move forward with `advance`."""

    def __init__(self) -> None:
        self._offset = 0.0

    def now(self) -> float:
        """Return the current time in seconds."""
        return time.monotonic() + self._offset

    def advance(self, seconds: float) -> None:
        """Move the clock forward by `seconds`."""
        self._offset += seconds
