"""What tables a database holds, read from its own catalogue: names, columns, primary keys,
foreign keys and PostgreSQL's identity columns. Used to copy a whole database table by table,
whatever tables later migrations add."""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.sql import POSTGRESQL, Connection

# Bookkeeping of the backends themselves, not data.
INTERNAL_TABLES = ("gwent_schema", "gwent_migrations")


@dataclass(frozen=True)
class Column:
    """One column: its name, declared type (lower case) and whether PostgreSQL numbers it."""

    name: str
    type: str
    identity: bool = False


@dataclass(frozen=True)
class Table:
    """A table's columns in order, its primary key, and the tables its foreign keys name."""

    name: str
    columns: tuple[Column, ...]
    primary_key: tuple[str, ...]
    references: frozenset[str]


def quote(name: str) -> str:
    """An identifier quoted for SQL (names come from the catalogue, never from users)."""
    return '"' + name.replace('"', '""') + '"'


async def tables(conn: Connection) -> list[Table]:
    """Every data table, parents before the tables that reference them."""
    if conn.dialect == POSTGRESQL:
        found = await _postgresql_tables(conn)
    else:
        found = await _sqlite_tables(conn)
    return _parents_first([t for t in found if t.name not in INTERNAL_TABLES])


async def _sqlite_tables(conn: Connection) -> list[Table]:
    names = [r[0] for r in await conn.fetchall(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "ORDER BY name")]
    found = []
    for name in names:
        info = await conn.fetchall(f"PRAGMA table_info({quote(name)})")
        columns = tuple(Column(r["name"], str(r["type"]).lower()) for r in info)
        key = tuple(r["name"] for r in sorted((r for r in info if r["pk"]),
                                              key=lambda r: int(r["pk"])))
        refs = {r["table"] for r in await conn.fetchall(
            f"PRAGMA foreign_key_list({quote(name)})")}
        found.append(Table(name, columns, key, frozenset(refs)))
    return found


async def _postgresql_tables(conn: Connection) -> list[Table]:
    names = [r[0] for r in await conn.fetchall(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = "
        "current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name")]
    found = []
    for name in names:
        info = await conn.fetchall(
            "SELECT column_name, data_type, is_identity FROM information_schema.columns "
            "WHERE table_schema = current_schema() AND table_name = ? "
            "ORDER BY ordinal_position", (name,))
        columns = tuple(Column(r[0], str(r[1]).lower(), r[2] == "YES") for r in info)
        key = tuple(r[0] for r in await conn.fetchall(
            "SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid "
            "AND a.attnum = ANY(i.indkey) WHERE i.indrelid = to_regclass(?) "
            "AND i.indisprimary ORDER BY array_position(i.indkey, a.attnum)", (quote(name),)))
        refs = {r[0] for r in await conn.fetchall(
            "SELECT DISTINCT ccu.table_name FROM information_schema.table_constraints tc "
            "JOIN information_schema.constraint_column_usage ccu "
            "ON ccu.constraint_name = tc.constraint_name "
            "AND ccu.constraint_schema = tc.constraint_schema "
            "WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = current_schema() "
            "AND tc.table_name = ?", (name,))}
        found.append(Table(name, columns, key, frozenset(refs)))
    return found


def _parents_first(found: list[Table]) -> list[Table]:
    by_name = {t.name: t for t in found}
    ordered: list[Table] = []
    placed: set[str] = set()

    def place(table: Table, path: tuple[str, ...]) -> None:
        if table.name in placed or table.name in path:
            return
        for parent in sorted(table.references - {table.name}):
            if parent in by_name:
                place(by_name[parent], (*path, table.name))
        placed.add(table.name)
        ordered.append(table)

    for table in found:
        place(table, ())
    return ordered
