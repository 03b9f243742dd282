"""The SQL of saved decks (table saved_decks), over the same connection as Repository."""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.storage.repository import Repository
from bot.storage.sql import Row
from engine import Deck

_COLUMNS = "id, user_id, name, faction, leader, cards, created_at, updated_at"


@dataclass(frozen=True)
class SavedDeck:
    """A user's named deck; `deck` carries the name too. It may still be incomplete."""

    id: int
    user_id: int
    deck: Deck
    created_at: float
    updated_at: float

    @property
    def name(self) -> str:
        """The deck's name as its owner typed it."""
        return self.deck.name


class DeckRepository(Repository):
    """Queries on saved decks; open one on a Repository's connection with `sharing`."""

    async def decks_of(self, user_id: int, faction: str | None = None) -> list[SavedDeck]:
        """Return a user's decks (of one faction if given), by name."""
        one_faction = "" if faction is None else " AND faction = ?"
        params = (user_id,) if faction is None else (user_id, faction)
        rows = await self._all(f"SELECT {_COLUMNS}, name_key FROM saved_decks WHERE "
                               f"user_id = ?{one_faction}", params)
        # Sorted here: PostgreSQL's ORDER BY on text follows the database's locale, SQLite's
        # compares code points; a user has at most 20 decks.
        return [_saved(r) for r in sorted(rows, key=lambda r: (r["name_key"], r["id"]))]

    async def count_of(self, user_id: int) -> int:
        """Return how many decks a user has."""
        row = await self._one("SELECT COUNT(*) FROM saved_decks WHERE user_id = ?", (user_id,))
        return 0 if row is None else int(row[0])

    async def saved_deck(self, deck_id: int) -> SavedDeck | None:
        """Return a deck by id."""
        row = await self._one(f"SELECT {_COLUMNS} FROM saved_decks WHERE id = ?", (deck_id,))
        return None if row is None else _saved(row)

    async def deck_named(self, user_id: int, name_key: str) -> SavedDeck | None:
        """Return the user's deck whose folded name is `name_key`."""
        row = await self._one(f"SELECT {_COLUMNS} FROM saved_decks WHERE user_id = ? AND "
                              "name_key = ?", (user_id, name_key))
        return None if row is None else _saved(row)

    async def insert_deck(self, user_id: int, name_key: str, deck: Deck, now: float) -> int:
        """Store a new deck (named deck.name) and return its id."""
        row = await self._one(
            "INSERT INTO saved_decks (user_id, name, name_key, faction, leader, cards, "
            "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (user_id, deck.name, name_key, deck.faction, deck.leader, _cards(deck), now, now))
        assert row is not None
        return int(row[0])

    async def update_deck(self, deck_id: int, deck: Deck, now: float) -> None:
        """Replace a deck's leader and cards (its faction and name stay)."""
        await self._run("UPDATE saved_decks SET leader = ?, cards = ?, updated_at = ? "
                        "WHERE id = ?", (deck.leader, _cards(deck), now, deck_id))

    async def rename_deck(self, deck_id: int, name: str, name_key: str, now: float) -> None:
        """Give a deck another name."""
        await self._run("UPDATE saved_decks SET name = ?, name_key = ?, updated_at = ? "
                        "WHERE id = ?", (name, name_key, now, deck_id))

    async def delete_deck(self, deck_id: int) -> None:
        """Delete a deck (matches keep their own copies of the decks they used)."""
        await self._run("DELETE FROM saved_decks WHERE id = ?", (deck_id,))


def _cards(deck: Deck) -> str:
    return json.dumps(dict(sorted(deck.cards.items())))


def _saved(row: Row) -> SavedDeck:
    deck = Deck(row["faction"], row["leader"], dict(json.loads(row["cards"])), row["name"])
    return SavedDeck(row["id"], row["user_id"], deck, row["created_at"], row["updated_at"])
