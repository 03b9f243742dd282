"""Single elimination: a bracket of the next power of two, seeds placed so that the top seeds
meet as late as possible, and byes for the top seeds when the field is smaller."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

Slot = int | None
Table = tuple[Slot, Slot]


def bracket_size(players: int) -> int:
    """The smallest power of two holding every player (at least 2)."""
    size = 2
    while size < players:
        size *= 2
    return size


def rounds_needed(players: int) -> int:
    """How many rounds the bracket has."""
    return bracket_size(players).bit_length() - 1


def bracket_order(size: int) -> list[int]:
    """The seeds in bracket order: for 8, [1, 8, 4, 5, 2, 7, 3, 6] (1 meets 8, and can meet
    2 only in the final)."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def first_round(seeded: Sequence[int]) -> list[Table]:
    """Round 1's tables from the players in seed order (best first); a seed beyond the
    field is empty, which gives a bye to the top seeds."""
    order = bracket_order(bracket_size(len(seeded)))
    slots = [seeded[s - 1] if s <= len(seeded) else None for s in order]
    return [(slots[i], slots[i + 1]) for i in range(0, len(slots), 2)]


def next_round(winners: Mapping[int, Slot], tables: int) -> list[Table]:
    """The next round's tables: the winners of tables 1 and 2 meet at table 1, of 3 and 4 at
    table 2... `winners` maps each table of the round just played (from 1) to who goes on
    (None: nobody); `tables` is how many that round had."""
    return [(winners.get(t), winners.get(t + 1)) for t in range(1, tables + 1, 2)]
