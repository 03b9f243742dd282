"""custom_id format of "Play at the table"."""

from __future__ import annotations

LAUNCH = r"gw:table:(?P<match>\d+)"


def launch(match_id: int) -> str:
    """Open the table of a match (its Activity)."""
    return f"gw:table:{match_id}"
