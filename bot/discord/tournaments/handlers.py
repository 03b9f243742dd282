"""/gwent tournament and the sign-up message's buttons: ask the service, then answer.

Refusals (joining twice, a full or running tournament, a non-organiser pressing Start now,
a result for a match of another tournament...) come back as ephemeral sentences, and
nothing changes.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, cast

import discord
from discord import app_commands

from bot.discord.core.context import Groups, guild_id_of, private_lang, public_lang, services
from bot.discord.core.views import clean, clip
from bot.discord.replays.handlers import on_replay
from bot.discord.tournaments.messages import (
    drop_text,
    list_message,
    off_the_list,
    replay_label,
    show_message,
    signup_message,
    standings_message,
    title,
)
from bot.i18n import Language
from bot.images import bracket_png, standings_png
from bot.service.errors import NotFound, Refusal
from bot.service.tournaments import Actor, TournamentView
from bot.storage.tournaments import FINISHED, RUNNING, SIGNUP
from bot.tournament.games import ELIMINATION
from bot.tournament.views import bracket_card, standings_card

if TYPE_CHECKING:
    from bot.discord.client import GwentBot

THREAD_TYPES = (discord.ChannelType.public_thread, discord.ChannelType.private_thread,
                discord.ChannelType.news_thread)
DRAW_VALUE = "draw"
_USER_ID = re.compile(r"<@!?(\d+)>|(\d{5,20})")


def actor(interaction: discord.Interaction) -> Actor:
    """Who is asking: their name, Manage Server, and their roles in this server."""
    user = interaction.user
    roles = {r.id for r in getattr(user, "roles", ())}
    if interaction.guild_id is not None:
        roles.add(interaction.guild_id)  # @everyone's role has the server's id
    return Actor(user.id, user.display_name, interaction.permissions.manage_guild,
                 frozenset(roles))


async def tournament_images(view: TournamentView, through: int | None = None, *,
                            lang: Language) -> tuple[tuple[str, bytes], ...]:
    """The standings image (as they stood after round `through` if given); in single
    elimination the bracket instead, with the final standings beside it at the end."""
    name = view.tournament.name
    final = view.tournament.status == FINISHED
    files = []
    if view.tournament.format == ELIMINATION and view.rounds:
        card = bracket_card(name, view.event, view.names, view.tournament.champion_id,
                            lang=lang)
        files.append(("bracket.png", await bracket_png(card, tag=lang.tag)))
    if view.tournament.format != ELIMINATION or final:
        event = view.event if through is None else view.event.through(through)
        files.append(("standings.png", await standings_png(standings_card(
            name, event, view.names, final, lang=lang), tag=lang.tag)))
    return tuple(files)


# --------------------------------------------------------------------- buttons

async def on_signup(interaction: discord.Interaction, groups: Groups, _: list[str]) -> None:
    """Join, Leave, Start now (organiser) or Cancel (organiser) on a sign-up message."""
    tournaments = services(interaction).tournaments
    tournament_id, who = int(groups["tournament"]), actor(interaction)
    op = groups["op"]
    if op == "join":
        view = await tournaments.join(tournament_id, who)
    elif op == "leave":
        view = await tournaments.leave(tournament_id, who)
    elif op == "start":
        view = await tournaments.start(tournament_id, who)
    else:
        view = await tournaments.cancel(tournament_id, who)
    out = signup_message(view, lang=await public_lang(interaction))
    await interaction.response.edit_message(**out.edit_kwargs(replace_files=False))


async def on_replays(interaction: discord.Interaction, groups: Groups,
                     values: list[str]) -> None:
    """A finished match chosen in /gwent tournament show: its replay viewer."""
    await on_replay(interaction, {"match": values[0]}, [])


# -------------------------------------------------------------------- commands

async def create_command(interaction: discord.Interaction, name: str, format_: str,
                         rounds: int | None, max_players: int | None, starts_at: str | None,
                         ranked: bool) -> None:
    """Open a tournament's sign-up with a public message."""
    guild_id = guild_id_of(interaction)
    channel = interaction.channel
    if channel is None or channel.type in THREAD_TYPES:
        raise Refusal("Create tournaments in a text channel, not a thread: each match gets "
                      "its own thread there.")
    perms = interaction.app_permissions
    if not (perms.create_public_threads and perms.send_messages_in_threads
            and perms.send_messages):
        raise Refusal("I need the Create Public Threads, Send Messages and Send Messages in "
                      "Threads permissions in this channel to run a tournament: each match "
                      "gets its own thread.")
    view = await services(interaction).tournaments.create(
        guild_id, channel.id, actor(interaction), name, format_, rounds=rounds,
        max_players=max_players, starts_at=starts_at, ranked=ranked)
    out = signup_message(view, lang=await public_lang(interaction))
    sent = await interaction.response.send_message(**out.send_kwargs())
    if sent.message_id is not None:
        await services(interaction).tournaments.set_message(view.id, sent.message_id)


async def start_command(interaction: discord.Interaction, name: str | None) -> None:
    """Start a tournament now (organiser)."""
    tournaments = services(interaction).tournaments
    who = actor(interaction)
    found = await tournaments.current(guild_id_of(interaction), who.user_id, name, (SIGNUP,))
    view = await tournaments.start(found.id, who)
    await bot(interaction).tournament_runner.show_signup(view)
    lang = await private_lang(interaction)
    await interaction.response.send_message("\u2694\ufe0f " + lang._(
        "{tournament} has started: round 1's pairings are on their way.",
        tournament=title(view)), ephemeral=True)


async def result_command(interaction: discord.Interaction, match: int, winner: str,
                         name: str | None) -> None:
    """Set or correct a match's result (organiser)."""
    guild_id = guild_id_of(interaction)
    tournaments = services(interaction).tournaments
    winner_id = None if winner.strip().casefold() == DRAW_VALUE else await _winner(
        interaction, match, winner)
    view, record = await tournaments.set_result(guild_id, actor(interaction), match,
                                                winner_id, name)
    game = record.game
    lang = await public_lang(interaction)
    who = clean(actor(interaction).name)
    if winner_id is None:
        text = lang._("{organiser} set the result of match {match} ({tournament}): a draw.",
                      organiser=who, match=match, tournament=title(view))
    else:
        text = lang._("{organiser} set the result of match {match} ({tournament}): {winner} "
                      "beat {loser}.", organiser=who, match=match, tournament=title(view),
                      winner=f"<@{winner_id}>",
                      loser=f"<@{game.b if winner_id == game.a else game.a}>")
    await interaction.response.send_message("\U0001f4cb " + text,
                                            allowed_mentions=discord.AllowedMentions.none())
    live = await services(interaction).matches.get(match)
    if live.is_live:
        await bot(interaction).tournament_runner.note_in_thread(
            live.channel_id, "\U0001f4cb " + lang._(
                "The organiser set this match's result for the tournament; playing on "
                "changes nothing there."))


async def _winner(interaction: discord.Interaction, match: int, typed: str) -> int:
    """The winner typed or chosen: a user id, a mention, or a player's name."""
    found = _USER_ID.fullmatch(typed.strip())
    if found:
        return int(found.group(1) or found.group(2))
    players = await _match_players(interaction, match)
    wanted = typed.strip().casefold()
    for user_id, player_name in players:
        if player_name.casefold() == wanted:
            return user_id
    # i18n: {typed} is what the organiser typed
    raise Refusal("{typed} is not a player of match {match}: choose one of its players, or "
                  "draw.", typed=repr(typed.strip()[:40]), match=match)


async def _match_players(interaction: discord.Interaction, match: int
                         ) -> list[tuple[int, str]]:
    try:
        record = await services(interaction).matches.get(match)
    except NotFound:
        return []
    return [(s.user_id, s.name) for s in record.seats]


async def winner_choices(interaction: discord.Interaction,
                         current: str) -> list[app_commands.Choice[str]]:
    """The two players of the match typed so far, and Draw."""
    match = getattr(interaction.namespace, "match", None)
    players = await _match_players(interaction, match) if isinstance(match, int) else []
    choices = [app_commands.Choice(name=clip(player_name, 100), value=str(user_id))
               for user_id, player_name in players]
    typed = current.casefold().strip()
    choices = [c for c in choices if typed in c.name.casefold()]
    draw = (await private_lang(interaction)).pgettext("autocomplete choice", "Draw")
    if typed in draw.casefold() or typed in DRAW_VALUE:  # English "draw" works everywhere
        choices.append(app_commands.Choice(name=draw, value=DRAW_VALUE))
    return choices[:25]


async def kick_command(interaction: discord.Interaction, member: discord.User,
                       name: str | None) -> None:
    """Remove a player (organiser): like a drop, decided by the organiser."""
    tournaments = services(interaction).tournaments
    who = actor(interaction)
    found = await tournaments.current(guild_id_of(interaction), who.user_id, name)
    view = await tournaments.drop(found.id, member.id, who)
    lang = await public_lang(interaction)
    if view.tournament.status == SIGNUP:
        await bot(interaction).tournament_runner.show_signup(view)
        text = off_the_list(view, member.mention, lang=lang)
    else:
        text = drop_text(view, member.mention, by_organiser=True, lang=lang)
    await interaction.response.send_message(text,
                                            allowed_mentions=discord.AllowedMentions.none())


async def drop_command(interaction: discord.Interaction, name: str | None) -> None:
    """Leave a tournament: before the start, off the list; once running, for good."""
    tournaments = services(interaction).tournaments
    who = actor(interaction)
    found = await tournaments.current(guild_id_of(interaction), who.user_id, name)
    view = await tournaments.drop(found.id, who.user_id, who)
    lang = await public_lang(interaction)
    if view.tournament.status == SIGNUP:
        await bot(interaction).tournament_runner.show_signup(view)
        text = off_the_list(view, clean(who.name), lang=lang)
    else:
        text = drop_text(view, clean(who.name), by_organiser=False, lang=lang)
    await interaction.response.send_message(text, allowed_mentions=discord.AllowedMentions.none())


async def _shown(interaction: discord.Interaction, name: str | None) -> TournamentView:
    """The tournament a look-up is about: the one named, else the member's own running one,
    else the server's latest that has started."""
    tournaments = services(interaction).tournaments
    guild_id = guild_id_of(interaction)
    try:
        return await tournaments.current(guild_id, interaction.user.id, name)
    except NotFound:
        if name:
            raise
    started = [v for v in await tournaments.all_of(guild_id)
               if v.tournament.status in (RUNNING, FINISHED)]
    if not started:
        raise NotFound("No tournament has started in this server yet: `/gwent tournament "
                       "list` shows the upcoming ones.")
    return started[0]


async def standings_command(interaction: discord.Interaction, name: str | None) -> None:
    """The live standings, or the bracket, with a text list."""
    view = await _shown(interaction, name)
    await interaction.response.defer(ephemeral=True, thinking=True)
    lang = await private_lang(interaction)
    files = await tournament_images(view, lang=lang) if view.rounds else ()
    out = standings_message(view, files, lang=lang)
    await interaction.edit_original_response(**out.edit_kwargs(replace_files=True))


async def list_command(interaction: discord.Interaction) -> None:
    """This server's tournaments."""
    views = await services(interaction).tournaments.all_of(guild_id_of(interaction))
    out = list_message(views, lang=await private_lang(interaction))
    await interaction.response.send_message(ephemeral=True, **out.send_kwargs())


async def show_command(interaction: discord.Interaction, name: str) -> None:
    """A tournament's rounds and results, with a select of replays."""
    view = await services(interaction).tournaments.named(guild_id_of(interaction), name)
    lang = await private_lang(interaction)
    replays = [(g.match_id, replay_label(view, g, lang=lang)) for g in reversed(view.games)
               if g.match_id is not None and g.game.decided]
    out = show_message(view, replays, lang=lang)
    await interaction.response.send_message(ephemeral=True, **out.send_kwargs())


async def tournament_choices(interaction: discord.Interaction,
                             current: str) -> list[app_commands.Choice[str]]:
    """This server's tournaments whose names contain what was typed, newest first."""
    if interaction.guild_id is None:
        return []
    typed = current.casefold().strip()
    found = await services(interaction).tournaments.records_of(interaction.guild_id)
    return [app_commands.Choice(name=clip(t.name, 100), value=t.name)
            for t in found if typed in t.name.casefold()][:25]


def bot(interaction: discord.Interaction) -> GwentBot:
    """The bot answering the interaction."""
    return cast("GwentBot", interaction.client)

