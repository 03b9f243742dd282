"""One player's zones and counters inside a match."""

from __future__ import annotations

from typing import Any

LEADER_HORN = -1
START_GEMS = 2
MULLIGANS = 2


class Side:
    """A player's hand, deck, graveyard, rows and status. Cards are uids."""

    __slots__ = (
        "deck", "faction", "gems", "grave", "hand", "horns", "leader", "leader_used",
        "mardroeme", "mulligans_left", "name", "passed", "ready", "revealed", "rows",
        "set_aside",
    )

    def __init__(self, name: str, faction: str, leader: str) -> None:
        self.name = name
        self.faction = faction
        self.leader = leader
        self.leader_used = False
        self.gems = START_GEMS
        self.passed = False
        self.ready = False
        self.mulligans_left = MULLIGANS
        self.deck: list[int] = []
        self.hand: list[int] = []
        self.grave: list[int] = []
        self.set_aside: list[int] = []
        self.rows: list[list[int]] = [[], [], []]
        self.horns: list[int | None] = [None, None, None]
        self.mardroeme: list[int | None] = [None, None, None]
        self.revealed: list[str] = []

    def board(self) -> list[int]:
        """Return every uid on this side's rows and row slots."""
        out = [uid for row in self.rows for uid in row]
        out.extend(u for u in self.horns if u is not None and u != LEADER_HORN)
        out.extend(u for u in self.mardroeme if u is not None)
        return out

    def clone(self) -> Side:
        """Return an independent copy."""
        other = Side.__new__(Side)
        other.name, other.faction, other.leader = self.name, self.faction, self.leader
        other.leader_used, other.gems, other.passed = self.leader_used, self.gems, self.passed
        other.ready, other.mulligans_left = self.ready, self.mulligans_left
        other.deck, other.hand = self.deck[:], self.hand[:]
        other.grave, other.set_aside = self.grave[:], self.set_aside[:]
        other.rows = [self.rows[0][:], self.rows[1][:], self.rows[2][:]]
        other.horns, other.mardroeme = self.horns[:], self.mardroeme[:]
        other.revealed = self.revealed[:]
        return other

    def to_dict(self) -> dict[str, Any]:
        """Return JSON-ready data."""
        return {slot: getattr(self, slot) for slot in self.__slots__}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Side:
        """Rebuild a side from to_dict() output."""
        side = cls.__new__(cls)
        for slot in cls.__slots__:
            setattr(side, slot, data[slot])
        return side
