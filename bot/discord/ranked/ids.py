"""custom_id formats of the leaderboard, profile and history components."""

from __future__ import annotations

LEADERBOARD = (r"gw:lb:(?P<season>\d+):(?P<board>[a-z_]+):(?P<page>\d+):"
               r"(?P<op>prev|next|me|share|board|season)")
STATS = r"gw:stats:(?P<user>\d+)"
HISTORY = r"gw:hist:(?P<user>\d+):(?P<page>\d+):(?P<op>newer|older|share)"


def leaderboard(season: int, board: str, page: int, op: str) -> str:
    """A leaderboard component: a page button, Me, Share, or the board or season select."""
    return f"gw:lb:{season}:{board}:{page}:{op}"


def stats(user_id: int) -> str:
    """Share a member's profile card."""
    return f"gw:stats:{user_id}"


def history(user_id: int, page: int, op: str) -> str:
    """Newer or older matches of a member's history, or Share."""
    return f"gw:hist:{user_id}:{page}:{op}"
