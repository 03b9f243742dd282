"""A small seeded random generator whose whole state is one integer (SplitMix64)."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


class Rng:
    """Deterministic generator; `state` serialises as a plain int."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        """Return the next 64-bit value."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Return a value in [0, n); n must be positive."""
        return self.next64() % n

    def choice(self, items: list[T]) -> T:
        """Return one item of a non-empty list."""
        return items[self.next64() % len(items)]

    def shuffle(self, items: list[T]) -> None:
        """Shuffle a list in place (Fisher-Yates), drawing as next64() does (inlined: this is
        the hottest loop of a random match)."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = (z ^ (z >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = state

    def sample(self, items: list[T], k: int) -> list[T]:
        """Return k distinct items in random order (fewer if the list is shorter)."""
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]
