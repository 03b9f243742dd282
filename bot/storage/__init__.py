"""SQLite storage: the database, its migrations and every query."""

from bot.storage.database import Database
from bot.storage.migrations import StorageError

__all__ = ["Database", "StorageError"]
