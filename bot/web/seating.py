"""Which match a table opened in a channel shows, and at which seat.

The Activity reports the channel it runs in. A match lives in a channel or, usually, in a
thread of its own; an Activity launched from a thread may report the thread or its parent
channel, and one parent channel holds many match threads. So, for a user opening the table
in channel C (docs/table-protocol.md, "Which match a table shows"):

1. the match whose "Play at the table" button they pressed in the last LAUNCH_SECONDS, if it
   is still running in C or in a thread of C;
2. else their own running match in C or in a thread of C (at their seat);
3. else the running match in C itself;
4. else the running match of C's threads that changed last;
5. else their own running match anywhere in the server (at their seat).

They get their seat whenever they play the match shown, and the public view otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service import Services
from bot.service.errors import NotFound
from bot.storage.records import MatchRecord
from bot.storage.sql import Queries

# How long a press of "Play at the table" decides which match the table opens.
LAUNCH_SECONDS = 600.0


class TableQueries(Queries):
    """The table's own reads."""

    async def newest_live_under(self, parent_channel_id: int) -> int | None:
        """The running match of a channel's threads that changed last."""
        row = await self._one(
            "SELECT id FROM matches WHERE status != 'over' AND parent_channel_id = ? "
            "AND channel_id != parent_channel_id ORDER BY updated_at DESC, id DESC LIMIT 1",
            (parent_channel_id,))
        return None if row is None else int(row[0])


@dataclass(frozen=True)
class Seating:
    """The match a table shows, and the viewer's seat in it (None: the public view)."""

    match: MatchRecord
    seat: int | None


def _in(match: MatchRecord | None, channel_id: int) -> bool:
    return match is not None and match.is_live and channel_id in (match.channel_id,
                                                                   match.parent_channel_id)


def _seated(match: MatchRecord, user_id: int) -> Seating:
    seat = match.seat_of(user_id)
    return Seating(match, None if seat is None or match.seats[seat].is_computer else seat)


async def seating(services: Services, user_id: int, channel_id: int, guild_id: int | None,
                  launched: int | None) -> Seating | None:
    """The match the table of `channel_id` shows to `user_id` (see the module's rules);
    `launched` is the match whose button they pressed lately, if any."""
    matches = services.matches
    if launched is not None:
        try:
            pressed: MatchRecord | None = await matches.get(launched)
        except NotFound:
            pressed = None
        if pressed is not None and _in(pressed, channel_id):
            return _seated(pressed, user_id)
    own = None if guild_id is None else await matches.live_match_of(guild_id, user_id)
    if own is not None and _in(own, channel_id):
        return _seated(own, user_id)
    here = await matches.live_match_in(channel_id)
    if here is not None:
        return _seated(here, user_id)
    async with services.db.reading() as repo:
        newest = await repo.sharing(TableQueries).newest_live_under(channel_id)
    if newest is not None:
        return _seated(await matches.get(newest), user_id)
    if own is not None:
        return _seated(own, user_id)
    return None
