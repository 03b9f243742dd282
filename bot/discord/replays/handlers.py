"""Replays in Discord: /gwent replay, the Replay button, the private viewer, Share and Export.

The viewer keeps no state: each click carries the match and the position to show, and the
service rebuilds the match (kept in memory for a while) whenever a click needs it, so old
viewers keep working after a restart. Hands are shown only to their own player, and only
in the ephemeral viewer.
"""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING, cast

import discord
from discord import app_commands

from bot.discord.core.context import guild_id_of, private_lang, public_lang, services
from bot.discord.core.views import Outgoing, clip
from bot.discord.replays.messages import (
    ALL,
    MINE,
    failed_message,
    match_label,
    record_message,
    rendering_message,
    shared_message,
    viewer_message,
)
from bot.i18n import Language
from bot.replay_frames import ReplayFrames
from bot.service.errors import Busy, NotAParticipant, NotFound
from bot.service.replays import Replay

if TYPE_CHECKING:
    from bot.discord.client import GwentBot

Groups = dict[str, str]

# Discord shows attachments up to 10 MiB by default; animations stay within this.
ANIMATION_MAX_BYTES = 8_000_000
# The "Rendering… 40%" message is edited at most this often.
PROGRESS_SECONDS = 1.0
MATCH_NUMBER = re.compile(r"\s*(?:match\s*)?#?\s*(\d{1,18})\s*", re.IGNORECASE)


def frames(interaction: discord.Interaction) -> ReplayFrames:
    """The replay frames of the bot that received the interaction."""
    return cast("GwentBot", interaction.client).replay_frames



async def _replay(interaction: discord.Interaction, match_id: int) -> Replay:
    return await services(interaction).replays.open(match_id, guild_id_of(interaction))


def _seat(interaction: discord.Interaction, replay: Replay, side: str) -> int | None:
    """The clicker's seat when they asked for their side (refused for anyone else)."""
    if side != MINE:
        return None
    return services(interaction).replays.seat_of(replay, interaction.user.id)


# ----------------------------------------------------------------- the viewer

async def replay_command(interaction: discord.Interaction, match: str | None,
                         side: str) -> None:
    """/gwent replay [match] [side]: open the viewer at the start of the match."""
    guild_id = guild_id_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    if match is None:
        recent = await services(interaction).replays.recent(guild_id, interaction.user.id)
        if not recent:
            raise NotFound("You have no finished match in this server yet: once one is over, "
                           "its replay opens here.")
        match_id = recent[0].match_id
    else:
        found = MATCH_NUMBER.fullmatch(match)
        if found is None:
            raise NotFound("\u201c{text}\u201d is not a match: choose one of the suggested "
                           "matches, or give a match number such as 12.", text=clip(match, 60))
        match_id = int(found.group(1))
    await _open(interaction, match_id, side)


async def on_replay(interaction: discord.Interaction, groups: Groups, _: list[str]) -> None:
    """The Replay button of a result: a private viewer of the public board."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    await _open(interaction, int(groups["match"]), ALL)


async def _open(interaction: discord.Interaction, match_id: int, side: str) -> None:
    replay = await _replay(interaction, match_id)
    seat = _seat(interaction, replay, side)
    lang = await private_lang(interaction)
    out = await _viewer(interaction, replay, 0, seat, lang)
    await interaction.edit_original_response(**out.edit_kwargs(replace_files=True))
    await frames(interaction).warm(replay, 1, seat, tag=lang.tag)


async def on_replay_step(interaction: discord.Interaction, groups: Groups,
                         _: list[str]) -> None:
    """First, Previous, Next, Last, a round back or on, or the other side."""
    backwards = groups["tag"] in ("back", "rback")
    await _show(interaction, int(groups["match"]), int(groups["n"]), groups["side"], backwards)


async def on_replay_jump(interaction: discord.Interaction, groups: Groups,
                         values: list[str]) -> None:
    """A round start or lead change chosen in the viewer's select."""
    await _show(interaction, int(groups["match"]), int(values[0]), groups["side"], False)


async def _show(interaction: discord.Interaction, match_id: int, number: int, side: str,
                backwards: bool) -> None:
    """Edit the viewer to a position, at once when its frames are drawn, otherwise after
    acknowledging the click; then draw the frame a further click in that direction needs."""
    replay = await _replay(interaction, match_id)
    if not 0 <= number <= replay.last:
        raise NotFound("That move is not part of this match.")
    seat = _seat(interaction, replay, side)
    lang = await private_lang(interaction)
    if not frames(interaction).ready(replay, number, seat, tag=lang.tag):
        await interaction.response.defer()
    out = await _viewer(interaction, replay, number, seat, lang)
    if interaction.response.is_done():
        await interaction.edit_original_response(**out.edit_kwargs(replace_files=True))
    else:
        await interaction.response.edit_message(**out.edit_kwargs(replace_files=True))
    await frames(interaction).warm(replay, number - 1 if backwards else number + 1, seat,
                                   tag=lang.tag)


async def _viewer(interaction: discord.Interaction, replay: Replay, number: int,
                  seat: int | None, lang: Language) -> Outgoing:
    cache = frames(interaction)
    board = await cache.board(replay, number, tag=lang.tag)
    hand = None if seat is None else await cache.hand(replay, number, seat, tag=lang.tag)
    player = replay.match.seat_of(interaction.user.id) is not None
    return viewer_message(replay, replay.observation(number, seat), board, hand, player=player,
                          lang=lang)


# ------------------------------------------------------------- share, export

async def on_replay_share(interaction: discord.Interaction, groups: Groups,
                          _: list[str]) -> None:
    """Post the animation of the whole match to the channel, with its progress meanwhile."""
    replay = await _replay(interaction, int(groups["match"]))
    cache = frames(interaction)
    if replay.match.id in cache.animating:
        raise Busy("The animation of this match is already being made: it appears in the "
                   "channel in a moment.")
    lang = await public_lang(interaction)
    cache.animating.add(replay.match.id)
    try:
        await interaction.response.send_message(
            **rendering_message(replay, 0, lang=lang).send_kwargs())
        await _post_animation(interaction, cache, replay, lang)
    finally:
        cache.animating.discard(replay.match.id)


async def _post_animation(interaction: discord.Interaction, cache: ReplayFrames,
                          replay: Replay, lang: Language) -> None:
    """Draw the animation, editing the progress into the posted message, then attach it."""
    shown_at = time.monotonic()

    async def progress(fraction: float) -> None:
        nonlocal shown_at
        if time.monotonic() - shown_at >= PROGRESS_SECONDS:
            shown_at = time.monotonic()
            out = rendering_message(replay, fraction, lang=lang)
            await interaction.edit_original_response(**out.edit_kwargs(replace_files=False))

    try:
        gif = await cache.animation(replay, min(ANIMATION_MAX_BYTES, interaction.filesize_limit),
                                    progress, tag=lang.tag)
    except Exception:
        await interaction.edit_original_response(content=failed_message(replay, lang=lang))
        raise
    out = shared_message(replay, gif, lang=lang)
    await interaction.edit_original_response(**out.edit_kwargs(replace_files=True))


async def on_replay_export(interaction: discord.Interaction, groups: Groups,
                           _: list[str]) -> None:
    """Send a player the match record as a JSON file, privately."""
    replay = await _replay(interaction, int(groups["match"]))
    if replay.match.seat_of(interaction.user.id) is None:
        raise NotAParticipant("Only the players of this match can download its record: it "
                              "holds both decks and the seed, so it shows every hand.")
    out = record_message(replay, lang=await private_lang(interaction))
    await interaction.response.send_message(ephemeral=True, **out.send_kwargs())


# --------------------------------------------------------------- suggestions

async def match_choices(interaction: discord.Interaction,
                        typed: str) -> list[app_commands.Choice[str]]:
    """The user's finished matches in this server whose label contains what was typed."""
    if interaction.guild_id is None:
        return []
    replays = services(interaction).replays
    found = await replays.recent(interaction.guild_id, interaction.user.id)
    wanted = typed.strip().lower()
    lang = await private_lang(interaction)
    labels = [(f.match_id, match_label(f, replays.now, lang)) for f in found]
    return [app_commands.Choice(name=label, value=str(match_id))
            for match_id, label in labels if wanted in label.lower()][:25]
