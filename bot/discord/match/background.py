"""Work done in the background, whose failure is logged rather than raised: whatever it did
not show, the next change or the reconcile shows."""

from __future__ import annotations

import logging
from collections.abc import Coroutine
from typing import Any, TypeVar

import discord

log = logging.getLogger(__name__)
T = TypeVar("T")


async def guard(work: Coroutine[Any, Any, T], what: str) -> T | None:
    """The work's result, or None (logged) if it failed."""
    try:
        return await work
    except discord.HTTPException as error:
        log.warning("%s: Discord said %s %s; will retry", what, error.status, error.text)
    except Exception:
        log.exception("%s failed", what)
    return None
