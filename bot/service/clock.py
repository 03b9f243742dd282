"""Wall-clock time, injectable so tests can move it."""

from __future__ import annotations

from collections.abc import Callable

Clock = Callable[[], float]
