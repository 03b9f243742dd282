"""A bounded in-memory cache of bytes (images), the least recently used forgotten first."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)


class BytesLRU(Generic[K]):
    """Byte strings by key, holding at most `max_bytes` in all (but always the newest)."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.size = 0
        self._items: OrderedDict[K, bytes] = OrderedDict()

    def __contains__(self, key: K) -> bool:
        return key in self._items

    def get(self, key: K) -> bytes | None:
        """The bytes kept for key (now the most recently used), or None."""
        data = self._items.get(key)
        if data is not None:
            self._items.move_to_end(key)
        return data

    def put(self, key: K, data: bytes) -> None:
        """Keep data for key, forgetting the least recently used beyond max_bytes."""
        old = self._items.pop(key, None)
        if old is not None:
            self.size -= len(old)
        self._items[key] = data
        self.size += len(data)
        while self.size > self.max_bytes and len(self._items) > 1:
            _, dropped = self._items.popitem(last=False)
            self.size -= len(dropped)
