"""A small seeded random generator whose whole state is one integer (SplitMix64)."""

from __future__ import annotations

import sys
from array import array
from functools import cache
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_MIX1, _MIX2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
_LANE = 128  # bits per lane of a batch: a 64-bit value times a 64-bit constant fits


class Rng:
    """Deterministic generator; `state` serialises as a plain int."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        """Return the next 64-bit value."""
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def batch(self, n: int) -> list[int]:
        """Return the next n 64-bit values at once: the same as n calls of next64()."""
        if n <= 0:
            return []
        ones, steps, mask = _batch_constants(n)
        # Every lane of one big integer runs the same mixing; the whole batch costs a few
        # big-integer operations instead of a dozen per value.
        z = (self.state * ones + steps) & mask
        z = ((z ^ (z >> 30)) & mask) * _MIX1 & mask
        z = ((z ^ (z >> 27)) & mask) * _MIX2 & mask
        z ^= z >> 31  # bits shifted in from the next lane land in the unread high half
        self.state = (self.state + n * _GAMMA) & _MASK
        words = array("Q", z.to_bytes(n * _LANE // 8, "little"))
        if sys.byteorder == "big":
            words.byteswap()
        return words[::_LANE // 64].tolist()

    def below(self, n: int) -> int:
        """Return a value in [0, n); n must be positive."""
        return self.next64() % n

    def choice(self, items: list[T]) -> T:
        """Return one item of a non-empty list."""
        return items[self.next64() % len(items)]

    def shuffle(self, items: list[T]) -> None:
        """Shuffle a list in place (Fisher-Yates, one next64() per swap)."""
        i = len(items) - 1
        for z in self.batch(i):
            j = z % (i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1

    def sample(self, items: list[T], k: int) -> list[T]:
        """Return k distinct items in random order (fewer if the list is shorter)."""
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]


@cache
def _batch_constants(n: int) -> tuple[int, int, int]:
    """Lane k of a batch of n holds the state after k + 1 steps: state + (k + 1) * gamma."""
    ones = sum(1 << (_LANE * k) for k in range(n))
    steps = sum(((k + 1) * _GAMMA) << (_LANE * k) for k in range(n))
    return ones, steps, ones * _MASK
