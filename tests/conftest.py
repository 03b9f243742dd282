"""Fixtures shared by every test folder: a throwaway PostgreSQL server for the session, and
a disk cache of drawn parts of the session's own (bot.render.disk_cache)."""

from __future__ import annotations

import itertools
import os
import shutil
import tempfile
from collections.abc import Iterator

import asyncpg
import pytest

from tests.postgres_server import PostgresServer, ServerUnavailable

_schemas = itertools.count(1)


def pytest_configure(config: pytest.Config) -> None:
    """Keep drawn parts in a folder of this session's, which bots started by tests inherit."""
    folder = tempfile.mkdtemp(prefix="gwent-render-cache-")
    config.stash[_RENDER_CACHE] = folder
    os.environ["RENDER_CACHE_DIR"] = folder


def pytest_unconfigure(config: pytest.Config) -> None:
    """Remove the session's drawn parts."""
    shutil.rmtree(config.stash.get(_RENDER_CACHE, ""), ignore_errors=True)


_RENDER_CACHE = pytest.StashKey[str]()


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
