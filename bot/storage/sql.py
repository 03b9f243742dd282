"""What queries see of either database: `?` placeholders, rows read by position or by name,
and the number of rows a change touched.

Queries are written once, in portable SQL with `?` placeholders; each backend's Connection
runs them (PostgreSQL's rewrites `?` to `$1, $2...`). Query classes extend `Queries` and are
built on the connection a transaction hands out (`Repository.connection`).
"""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Protocol, TypeVar

SQLITE, POSTGRESQL = "sqlite", "postgresql"
Q = TypeVar("Q", bound="Queries")


class Row(Protocol):
    """A result row: `row[0]` or `row["name"]`, and its values in order by iterating."""

    def __getitem__(self, key: int | str, /) -> Any:
        """The value of a column, by position or by name."""

    def __iter__(self) -> Iterator[Any]:
        """The values of the columns, in order."""


class Connection(ABC):
    """One connection inside a transaction (or a read), whatever the backend."""

    dialect: str

    @abstractmethod
    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """Run a query and return its first row, or None."""

    @abstractmethod
    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Run a query and return every row."""

    @abstractmethod
    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a statement and return how many rows it inserted, changed or deleted."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement for each row of parameters."""


class Queries:
    """Base of the query classes: typed methods over one connection, each statement with
    `?` placeholders. The caller (Database.transaction or .reading) decides the transaction."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection

    def sharing(self, kind: type[Q]) -> Q:
        """Another set of queries (such as a new table's) in the same transaction."""
        return kind(self.connection)

    async def _one(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        return await self.connection.fetchone(sql, tuple(params))

    async def _all(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        return await self.connection.fetchall(sql, tuple(params))

    async def _run(self, sql: str, params: Iterable[Any] = ()) -> None:
        """Execute a statement (new ids come from `INSERT ... RETURNING id` with _one)."""
        await self.connection.execute(sql, tuple(params))

    async def _count(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Execute a statement and return how many rows it changed."""
        return await self.connection.execute(sql, tuple(params))


@functools.lru_cache(maxsize=1024)
def numbered_placeholders(sql: str) -> str:
    """Rewrite each `?` outside quotes and comments as `$1`, `$2`... (PostgreSQL's form)."""
    out: list[str] = []
    number = 0
    for is_code, text in pieces(sql):
        if not is_code:
            out.append(text)
            continue
        parts = text.split("?")
        out.append(parts[0])
        for part in parts[1:]:
            number += 1
            out.append(f"${number}{part}")
    return "".join(out)


def pieces(sql: str) -> Iterator[tuple[bool, str]]:
    """Split SQL into (is_code, text): code, and the quoted text and comments between it."""
    i = code_start = 0
    n = len(sql)
    while i < n:
        if sql[i] in "'\"":
            end = _closing_quote(sql, i)
        elif sql.startswith("--", i):
            end = sql.find("\n", i)
            end = n if end < 0 else end
        elif sql.startswith("/*", i):
            end = sql.find("*/", i + 2)
            end = n if end < 0 else end + 2
        else:
            i += 1
            continue
        if code_start < i:
            yield True, sql[code_start:i]
        yield False, sql[i:end]
        i = code_start = end
    if code_start < n:
        yield True, sql[code_start:]


def _closing_quote(sql: str, start: int) -> int:
    """The index just after the quoted text that starts at `start` ('' escapes a quote)."""
    quote = sql[start]
    i = start + 1
    while i < len(sql):
        if sql[i] == quote:
            if sql.startswith(quote * 2, i):
                i += 2
                continue
            return i + 1
        i += 1
    return len(sql)


def changed_rows(status: str) -> int:
    """The row count of a PostgreSQL command status such as "UPDATE 3" or "INSERT 0 1"."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0
