"""Round robin by the circle method: everyone meets everyone once."""

from __future__ import annotations

from collections.abc import Sequence

Pairing = tuple[int, int | None]


def schedule(players: Sequence[int]) -> list[list[Pairing]]:
    """Every round's pairings: the first player stays put while the others turn around the
    circle; with an odd count, whoever would meet the empty seat has the bye."""
    seats: list[int | None] = list(players)
    if len(seats) % 2:
        seats.append(None)
    n = len(seats)
    rounds: list[list[Pairing]] = []
    for _ in range(n - 1):
        pairs: list[Pairing] = []
        bye: list[Pairing] = []
        for i in range(n // 2):
            a, b = seats[i], seats[n - 1 - i]
            if a is None or b is None:
                present = a if b is None else b
                assert present is not None
                bye.append((present, None))
            else:
                pairs.append((a, b))
        rounds.append(pairs + bye)
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return rounds
