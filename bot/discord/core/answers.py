"""Answering a click with its result in one request when the result is ready soon enough.

A click that changes what the player sees (a move, Refresh, Show my hand) can be answered
in two ways: acknowledge it at once (defer), do the work, then edit the answer in: two
requests, one after the other; or do the work and put the result in the acknowledgement
itself (UPDATE_MESSAGE, or a new ephemeral message): one request, and the result is seen a
network round trip sooner. But Discord drops an interaction not acknowledged within 3
seconds of its creation. So the result goes into the acknowledgement only when it is ready
within ANSWER_SECONDS of the click reaching the bot (and SAFE_AGE_SECONDS of its creation by
Discord's clock); otherwise the click is deferred then, and the result edited in when ready.
When the recent answers mostly took longer than that (a busy bot), waiting would only delay
the acknowledgement: the click is deferred at once, until answers get quick again.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections import deque
from collections.abc import Awaitable
from dataclasses import dataclass

import discord

from bot.discord.core import tokens
from bot.discord.core.retry import acknowledging
from bot.discord.core.views import Outgoing

# Short enough that a click is acknowledged within a tenth of a second even when the machine
# is busy (this wait, then the acknowledgement's own request: 10-30 ms under load); long
# enough that an answer is usually ready in time when it is not.
ANSWER_SECONDS = 0.075
# Past this age, a response may arrive after Discord's 3 seconds under load: defer instead.
SAFE_AGE_SECONDS = 1.5


@dataclass(frozen=True)
class Reply:
    """What a click shows: the message, and whether its files replace the old ones."""

    out: Outgoing
    replace_files: bool = False


# How long the latest answers took to build, in seconds.
RECENT = deque[float](maxlen=16)


def _budget(interaction: discord.Interaction) -> float:
    """Seconds left to put the result in the acknowledgement itself (none while the recent
    answers mostly took longer)."""
    if RECENT and statistics.median(RECENT) > ANSWER_SECONDS:
        return 0.0
    age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    return max(0.0, min(ANSWER_SECONDS, SAFE_AGE_SECONDS - age))


def _timed(work: Awaitable[Reply]) -> asyncio.Future[Reply]:
    """Run work, noting in RECENT how long it took."""
    start = time.perf_counter()
    task = asyncio.ensure_future(work)
    task.add_done_callback(lambda _: RECENT.append(time.perf_counter() - start))
    return task


async def answer(interaction: discord.Interaction, work: Awaitable[Reply], *,
                 new_message: bool) -> int | None:
    """Show what `work` builds: in a new ephemeral message (new_message) or in the clicked
    message, within the acknowledgement when it is ready in time; return the id of the message
    that shows it once it is shown (None if Discord did not say)."""
    task = _timed(work)
    try:
        done, _ = await asyncio.wait({task}, timeout=_budget(interaction))
    except asyncio.CancelledError:
        task.cancel()
        raise
    if task in done:
        reply = task.result()
        sent: discord.InteractionCallbackResponse[discord.Client] | None
        if new_message:
            sent = await acknowledging(interaction.response.send_message(
                ephemeral=True, **reply.out.send_kwargs()))
        else:
            sent = await acknowledging(interaction.response.edit_message(
                **reply.out.edit_kwargs(replace_files=reply.replace_files)))
        return sent.message_id if sent is not None else None
    try:
        await acknowledging(interaction.response.defer(ephemeral=True, thinking=new_message))
    finally:
        # Even when the acknowledgement failed, the work (a move, say) is finished.
        reply = await task
    # (Through the token directly: the answer's id is all that is needed of the message.)
    return await tokens.edit(interaction.client, interaction.token, "@original", reply.out,
                             replace_files=reply.replace_files or new_message)
