"""Storage: the database (SQLite, or PostgreSQL for several processes), its migrations and
every query."""

from bot.storage.database import Database, is_postgresql
from bot.storage.migrations import StorageError

__all__ = ["Database", "StorageError", "is_postgresql"]
