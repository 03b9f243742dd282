"""Telling the chat that a player is looking at the table, so it does not ping them.

The chat's side is MatchService.mark_seen(match_id, user_id, *, at_table=True), which comes
with the work on chat pings (its migration 0012_seen.sql). Until that is in, this seam does
nothing and says so: mark_at_table returns False.
"""

from __future__ import annotations

from bot.service.matches import MatchService

# How often a seated player's open socket says they are still at the table.
PRESENCE_SECONDS = 20.0


async def mark_at_table(matches: MatchService, match_id: int, user_id: int) -> bool:
    """Mark the player as looking at the match's table now; False when the chat cannot be
    told yet (no MatchService.mark_seen)."""
    mark = getattr(matches, "mark_seen", None)
    if mark is None:
        return False
    await mark(match_id, user_id, at_table=True)
    return True
