"""A token bucket per connection: a burst of frames is allowed, then a steady rate."""

from __future__ import annotations

import time
from collections.abc import Callable

FRAMES_PER_SECOND = 8.0
BURST = 16.0


class Bucket:
    """Allows `burst` frames at once and `rate` a second after that."""

    def __init__(self, rate: float = FRAMES_PER_SECOND, burst: float = BURST,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._rate = rate
        self._burst = burst
        self._clock = clock
        self._tokens = burst
        self._at = clock()

    def take(self) -> bool:
        """Spend one frame's token; False when there is none left (the frame is refused)."""
        now = self._clock()
        self._tokens = min(self._burst, self._tokens + (now - self._at) * self._rate)
        self._at = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True
