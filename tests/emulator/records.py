"""The emulator's request log and failure records."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass
class RequestRecord:
    """One REST request and the status it was answered with."""

    method: str
    path: str
    status: int
    body: Any = None
    injected: bool = False


@dataclass
class Failure:
    """An error answer or a violated platform rule; `kind` classifies it (see errors.BUG_KINDS)."""

    kind: str
    status: int
    code: int
    method: str
    path: str
    detail: str = ""
    injected: bool = False

    def __str__(self) -> str:
        origin = " (injected)" if self.injected else ""
        answer = f"{self.status} {self.code} {self.detail}"
        return f"{self.kind}{origin}: {self.method} {self.path} -> {answer}"
