"""Fixtures shared by every test folder: a throwaway PostgreSQL server for the session."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import asyncpg
import pytest

from tests.postgres_server import PostgresServer, ServerUnavailable

_schemas = itertools.count(1)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A PostgreSQL server started for this test session (skips, saying how to install it,
    when the server binaries are missing)."""
    try:
        server = PostgresServer.start()
    except ServerUnavailable as error:
        pytest.skip(f"PostgreSQL tests skipped: {error}")
    try:
        yield server
    finally:
        server.stop()


async def empty_postgres_database(server: PostgresServer) -> str:
    """The URL of a new, empty database on the server (a schema of its own, which is much
    quicker to make than a database)."""
    schema = f"test_{next(_schemas)}"
    conn = await asyncpg.connect(server.url())
    try:
        await conn.execute(f"CREATE SCHEMA {schema}")
    finally:
        await conn.close()
    return f"{server.url()}?search_path={schema}"
