"""/gwent leaderboard, stats and history, and their buttons and selects.

Every answer is ephemeral; Share posts the same content for everyone in the channel.
"""

from __future__ import annotations

from dataclasses import replace

import discord
from discord import app_commands

from bot.discord.core.context import Groups, guild_id_of, private_lang, public_lang, services
from bot.discord.core.views import Outgoing
from bot.discord.ranked.messages import (
    history_message,
    leaderboard_message,
    profile_message,
    shared_history_message,
    shared_leaderboard_message,
    shared_profile_message,
)
from bot.i18n import Language
from bot.images import leaderboard_png, profile_png
from bot.ranking.seasons import Season, UnknownSeason
from bot.ranking.views import LADDER, LeaderboardPage, Profile
from bot.service.errors import Refusal


def _season(interaction: discord.Interaction, text: str | None) -> Season:
    today = services(interaction).ranked.season()
    try:
        return Season.parse(text or "", today)
    except UnknownSeason as error:
        raise Refusal(error.phrase.message, **error.phrase.values) from error


async def _page(interaction: discord.Interaction, season: Season, board: str,
                page: int | None) -> tuple[LeaderboardPage, list[Season]]:
    """A leaderboard page (raising a Refusal) and the seasons its select offers."""
    found = await services(interaction).ranked.leaderboard(guild_id_of(interaction), season, board,
                                                           page, interaction.user.id)
    return found, await _seasons(interaction, guild_id_of(interaction), found.season)


async def _seasons(interaction: discord.Interaction, guild_id: int,
                   *extra: Season) -> list[Season]:
    """The server's seasons with a ladder, the current one and `extra`, newest first."""
    ranked = services(interaction).ranked
    found = {*await ranked.seasons(guild_id), ranked.season(), *extra}
    return sorted(found, reverse=True)


async def leaderboard_command(interaction: discord.Interaction, faction: str | None,
                              season: str | None) -> None:
    """The server's ladder (or a faction's board) for a season, on the viewer's page if they
    are on it."""
    wanted, board = _season(interaction, season), faction or LADDER
    try:
        found, seasons = await _page(interaction, wanted, board, None)
    except Refusal:
        found, seasons = await _page(interaction, wanted, board, 0)
    lang = await private_lang(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    out = leaderboard_message(found, await leaderboard_png(found, tag=lang.tag), seasons, lang=lang)
    await interaction.edit_original_response(**out.edit_kwargs(replace_files=True))


async def season_choices(interaction: discord.Interaction,
                         current: str) -> list[app_commands.Choice[str]]:
    """The seasons of this server's ladders that match what was typed."""
    if interaction.guild_id is None:
        return []
    typed = current.strip().casefold()
    lang = await private_lang(interaction)
    titled = [(s, s.title(lang)) for s in await _seasons(interaction, interaction.guild_id)]
    return [app_commands.Choice(name=title, value=f"{s.year}-{s.month:02d}")
            for s, title in titled
            if typed in title.casefold() or typed in f"{s.year}-{s.month:02d}"][:25]


async def on_leaderboard(interaction: discord.Interaction, groups: Groups,
                         values: list[str]) -> None:
    """Previous, Next, Me, Share, or another faction or season."""
    season = Season.from_id(int(groups["season"]))
    board, page, op = groups["board"], int(groups["page"]), groups["op"]
    target: int | None = page
    if op == "prev":
        target = page - 1
    elif op == "next":
        target = page + 1
    elif op == "me":
        target = None
    elif op == "board":
        board, target = values[0], 0
    elif op == "season":
        season, target = Season.from_id(int(values[0])), 0
    found, seasons = await _page(interaction, season, board, page if op == "share" else target)
    if op == "share":
        lang = await public_lang(interaction)
        await interaction.response.defer(thinking=True)
        image = await leaderboard_png(found, tag=lang.tag)
        out = shared_leaderboard_message(found, image, interaction.user.id, lang=lang)
    else:
        lang = await private_lang(interaction)
        await interaction.response.defer()
        image = await leaderboard_png(found, tag=lang.tag)
        out = leaderboard_message(found, image, seasons, lang=lang)
    await interaction.edit_original_response(**out.edit_kwargs(replace_files=True))


async def _profile(interaction: discord.Interaction, user: discord.abc.User) -> Profile:
    svc, guild_id = services(interaction), guild_id_of(interaction)
    profile = await svc.ranked.profile(guild_id, user.id, user.display_name,
                                       user.id == interaction.user.id)
    played, won = await svc.tournaments.record_of(guild_id, user.id)
    return replace(profile, tournaments_played=played, tournaments_won=won)


async def stats_command(interaction: discord.Interaction, member: discord.User | None) -> None:
    """A member's profile card (yours by default)."""
    profile = await _profile(interaction, member or interaction.user)
    lang = await private_lang(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    out = profile_message(profile, await profile_png(profile, tag=lang.tag), lang=lang)
    await interaction.edit_original_response(**out.edit_kwargs(replace_files=True))


async def on_stats(interaction: discord.Interaction, groups: Groups, _: list[str]) -> None:
    """Share a profile card with the channel."""
    profile = await _profile(interaction, await _user(interaction, int(groups["user"])))
    lang = await public_lang(interaction)
    await interaction.response.defer(thinking=True)
    image = await profile_png(profile, tag=lang.tag)
    out = shared_profile_message(profile, image, interaction.user.id, lang=lang)
    await interaction.edit_original_response(**out.edit_kwargs(replace_files=True))


async def _user(interaction: discord.Interaction, user_id: int) -> discord.abc.User:
    """The member a profile or history is about (a Refusal if Discord no longer knows them)."""
    guild = interaction.guild
    found = (guild.get_member(user_id) if guild is not None else None) or \
        interaction.client.get_user(user_id)
    if found is None:
        try:
            found = await interaction.client.fetch_user(user_id)
        except discord.HTTPException as error:
            raise Refusal("That member cannot be found any more.") from error
    return found


async def _history(interaction: discord.Interaction, user: discord.abc.User,
                   page: int, lang: Language) -> Outgoing:
    lines, older = await services(interaction).ranked.history(
        guild_id_of(interaction), user.id, user.display_name, user.id == interaction.user.id, page)
    return history_message(user.id, user.display_name, lines, page, older, lang=lang)


async def history_command(interaction: discord.Interaction, member: discord.User | None) -> None:
    """A member's recent matches (yours by default), newest first."""
    out = await _history(interaction, member or interaction.user, 0,
                         await private_lang(interaction))
    await interaction.response.send_message(ephemeral=True, **out.send_kwargs())


async def on_history(interaction: discord.Interaction, groups: Groups, _: list[str]) -> None:
    """Newer or older matches, or Share."""
    user = await _user(interaction, int(groups["user"]))
    page, op = int(groups["page"]), groups["op"]
    if op == "share":
        lang = await public_lang(interaction)
        out = await _history(interaction, user, page, lang)
        shared = shared_history_message(interaction.user.id, out.content, lang=lang)
        await interaction.response.send_message(**shared.send_kwargs())
        return
    out = await _history(interaction, user, max(0, page + (1 if op == "older" else -1)),
                         await private_lang(interaction))
    await interaction.response.edit_message(**out.edit_kwargs(replace_files=False))
