"""What each button and select does: ask the service, then answer with a built message.

Anything that may take a while (thread creation, a move, an image) is acknowledged within
Discord's three seconds: clicks that show a hand or a move's result carry it in the
acknowledgement when it is ready soon enough (bot.discord.core.answers), others are acknowledged
first and answered by editing the acknowledged response.

A player's clicks in a match (deck choice, Ready, Show my hand, their moves) are answered in
their private view (in_view): the publisher keeps that message up to date, and the click that
made a move also carries its board to the channel (bot.discord.match.couriers).
"""

from __future__ import annotations

import datetime
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, cast

import discord

from bot.discord.core.answers import Reply, answer
from bot.discord.core.context import OUTSIDE_SERVER, Groups, private_lang, public_lang, services
from bot.discord.core.replies import is_private, refusal_text
from bot.discord.core.retry import create_thread_once
from bot.discord.match.couriers import Click
from bot.discord.match.deck_choice import deck_message
from bot.discord.match.hand import (
    actions_for,
    followup_message,
    hand_message,
    move_text,
    view_png,
)
from bot.discord.match.public import (
    challenge_closed_message,
    challenge_message,
    open_challenge_refusal,
    practice_started_message,
    practice_thread_name,
    thread_name,
    tutorial_started_message,
    tutorial_thread_name,
)
from bot.i18n import N_
from bot.service import Player, Snapshot
from bot.service.errors import Busy, IllegalMove, OutOfDate, Refusal
from bot.storage.records import CHOOSING
from engine.observation import MULLIGAN

if TYPE_CHECKING:
    from bot.discord.client import GwentBot

log = logging.getLogger(__name__)

THREAD_TYPES = (discord.ChannelType.public_thread, discord.ChannelType.private_thread,
                discord.ChannelType.news_thread)
STALE = N_("This is out of date: nothing was played. Press Refresh to see your hand as it is "
           "now.")

# ------------------------------------------------------------------ challenges

async def on_challenge(interaction: discord.Interaction, groups: Groups, _: list[str]) -> None:
    """Accept, decline or cancel a challenge."""
    svc = services(interaction)
    challenge_id, user_id = int(groups["challenge"]), interaction.user.id
    if groups["op"] == "accept":
        await interaction.response.defer()
        lang = await public_lang(interaction)
        match = await svc.challenges.accept(
            challenge_id, user_id,
            lambda challenge: open_venue(interaction, thread_name(challenge, lang=lang)))
        closed = challenge_closed_message(await svc.challenges.get(challenge_id), match,
                                          lang=lang)
        await interaction.edit_original_response(**closed.edit_kwargs(replace_files=False))
        return
    answer = svc.challenges.decline if groups["op"] == "decline" else svc.challenges.cancel
    record = await answer(challenge_id, user_id)
    closed = challenge_closed_message(record, lang=await public_lang(interaction))
    await interaction.response.edit_message(**closed.edit_kwargs(replace_files=False))
    clicked = interaction.message.id if interaction.message is not None else None
    if record.message_id is not None and record.message_id != clicked:
        # Cancel on a refusal: the challenge's own message shows it too.
        await cast("GwentBot", interaction.client).publisher.challenge_closed(record)


async def refuse_for_open_challenge(interaction: discord.Interaction, refusal: Busy) -> bool:
    """Answer a challenger whose own open challenge is in the way with a link to it and a
    Cancel button; False (nothing sent) for any other refusal."""
    challenge = refusal.challenge
    if challenge is None or challenge.challenger_id != interaction.user.id:
        return False
    lang = await private_lang(interaction)
    await interaction.response.send_message(
        ephemeral=True, **open_challenge_refusal(refusal, lang).send_kwargs())
    return True


async def open_venue(interaction: discord.Interaction, name: str) -> tuple[int, int]:
    """Where a new match lives: a new public thread `name` if allowed, else the channel."""
    channel = interaction.channel
    assert channel is not None
    if channel.type in THREAD_TYPES:
        return channel.id, getattr(channel, "parent_id", None) or channel.id
    perms = interaction.app_permissions
    text_channel = interaction.client.get_channel(channel.id)
    if (perms.create_public_threads and perms.send_messages_in_threads
            and isinstance(text_channel, discord.TextChannel)):
        thread_id = await new_thread(text_channel, name, since=interaction.created_at)
        if thread_id is not None:
            return thread_id, channel.id
    return channel.id, channel.id


async def new_thread(channel: discord.TextChannel, name: str, *,
                     since: datetime.datetime) -> int | None:
    """A new public thread `name` in the channel (one only, however often Discord fails:
    see create_thread_once and its `since`), or None when Discord refuses (logged)."""
    try:
        thread = await create_thread_once(channel, name, since=since,
                                          type=discord.ChannelType.public_thread,
                                          auto_archive_duration=1440)
    except discord.HTTPException as error:
        log.warning("cannot create a thread in %s (%s)", channel.id, error)
        return None
    return thread.id


async def start_practice(interaction: discord.Interaction, faction: str | None,
                         level: str, tutorial: bool = False, *,
                         computer_faction: str | None = None,
                         computer_deck: str | None = None) -> None:
    """/gwent practice (or a challenge to the bot itself): a match against the computer;
    with `tutorial`, the guided first match."""
    svc = services(interaction)
    me, bot_user = interaction.user, interaction.client.user
    if interaction.guild_id is None or interaction.channel_id is None:
        raise Refusal(OUTSIDE_SERVER)
    assert bot_user is not None
    guild_id, channel_id = interaction.guild_id, interaction.channel_id
    person = Player(me.id, me.display_name, faction)
    await svc.practice.check(guild_id, channel_id, person, level,
                             Player(bot_user.id, "", computer_faction, deck=computer_deck))
    lang = await public_lang(interaction)
    name = (tutorial_thread_name(me.display_name, lang=lang) if tutorial
            else practice_thread_name(me.display_name, level, lang=lang))
    await interaction.response.defer(thinking=True)
    try:
        match = await svc.practice.start(guild_id, channel_id, person, level, bot_user.id,
                                         lambda: open_venue(interaction, name),
                                         tutorial=tutorial, computer_faction=computer_faction,
                                         computer_deck=computer_deck)
    except Refusal as refusal:  # someone was quicker since the check
        await interaction.edit_original_response(content=refusal_text(refusal, lang))
        return
    out = (tutorial_started_message(match, channel_id, lang=lang) if tutorial
           else practice_started_message(match, channel_id, lang=lang))
    await interaction.edit_original_response(**out.edit_kwargs(replace_files=False))


async def on_rematch(interaction: discord.Interaction, groups: Groups, _: list[str]) -> None:
    """Challenge the other player again (or play the computer again), in the same place."""
    svc = services(interaction)
    match_id = int(groups["match"])
    if (await svc.matches.get(match_id)).computer_seat is not None:
        practice = await svc.practice.rematch(match_id, interaction.user.id)
        out = practice_started_message(practice, interaction.channel_id,
                                       lang=await public_lang(interaction))
        await interaction.response.send_message(**out.send_kwargs())
        return
    try:
        challenge = await svc.challenges.rematch(match_id, interaction.user.id)
    except Busy as busy:
        if await refuse_for_open_challenge(interaction, busy):
            return
        raise
    out = challenge_message(challenge, lang=await public_lang(interaction))
    sent = await interaction.response.send_message(**out.send_kwargs())
    if sent.message_id is not None:
        await svc.challenges.set_message(challenge.id, sent.message_id)


# ----------------------------------------------------------------- deck choice

async def on_lobby(interaction: discord.Interaction, groups: Groups, _: list[str]) -> None:
    """Open the private deck choice, or get ready with the current choice."""
    match_id = int(groups["match"])
    if groups["op"] == "deck":
        await in_view(interaction, match_id, lambda _: _deck_choice(interaction, match_id),
                      new_message=True)
        return
    await in_view(interaction, match_id, lambda click: _ready(interaction, match_id, click),
                  new_message=not is_private(interaction))


async def _deck_choice(interaction: discord.Interaction, match_id: int) -> Reply:
    svc, user_id = services(interaction), interaction.user.id
    record, seat = await svc.matches.deck_seat(match_id, user_id)
    return Reply(deck_message(record, seat, await svc.decks.playable(
        user_id, record.seats[seat].faction), lang=await private_lang(interaction)))


async def _ready(interaction: discord.Interaction, match_id: int, click: Click) -> Reply:
    """Ready: the deck choice again while the other player chooses, else the hand."""
    svc, user_id = services(interaction), interaction.user.id
    ready = await svc.matches.ready(match_id, user_id, origin=click)
    me = ready.seat_of(user_id)
    assert me is not None
    if ready.status == CHOOSING:
        return Reply(deck_message(ready, me, await svc.decks.playable(
            user_id, ready.seats[me].faction), lang=await private_lang(interaction)))
    return await _hand(interaction, await svc.matches.private(match_id, user_id),
                       in_place=is_private(interaction), asked=False)


async def on_deck(interaction: discord.Interaction, groups: Groups, values: list[str]) -> None:
    """Change the faction, leader or deck in the private deck choice."""
    match_id = int(groups["match"])
    await in_view(interaction, match_id,
                  lambda _: _choose(interaction, match_id, groups["part"], values[0]),
                  new_message=False)


async def _choose(interaction: discord.Interaction, match_id: int, part: str,
                  value: str) -> Reply:
    svc, user_id = services(interaction), interaction.user.id
    record = await svc.matches.choose_deck(match_id, user_id, **{part: value})
    seat = record.seat_of(user_id)
    assert seat is not None
    return Reply(deck_message(record, seat, await svc.decks.playable(
        user_id, record.seats[seat].faction), lang=await private_lang(interaction)))


# ----------------------------------------------------------------------- hands

async def in_view(interaction: discord.Interaction, match_id: int,
                  work: Callable[[Click], Awaitable[Reply]], *, new_message: bool) -> None:
    """Answer a player's click in a match in their private view (a new ephemeral message, or
    the clicked one): once shown, that message is the view the bot keeps up to date, and the
    click's token may speak for the match."""
    publisher = cast("GwentBot", interaction.client).publisher
    click = publisher.clicking(interaction, match_id)
    shown: int | None = None
    try:
        shown = await answer(interaction, work(click), new_message=new_message)
    finally:
        await publisher.clicked(click, shown)


async def on_hand(interaction: discord.Interaction, groups: Groups, _: list[str]) -> None:
    """Show my hand (a new ephemeral message, on any board) or Refresh (the same message)."""
    match_id = int(groups["match"])
    await in_view(interaction, match_id, lambda _: _current(interaction, match_id),
                  new_message=not is_private(interaction))


async def _current(interaction: discord.Interaction, match_id: int) -> Reply:
    """The player's hand as it is now, or their deck choice before the match starts."""
    snapshot = await services(interaction).matches.private(match_id, interaction.user.id)
    if snapshot.observation is None:
        seat = snapshot.match.seat_of(interaction.user.id)
        assert seat is not None
        saved = await services(interaction).decks.playable(
            interaction.user.id, snapshot.match.seats[seat].faction)
        return Reply(deck_message(snapshot.match, seat, saved,
                                  lang=await private_lang(interaction)))
    return await _hand(interaction, snapshot, in_place=is_private(interaction), asked=True)


async def on_card(interaction: discord.Interaction, groups: Groups, values: list[str]) -> None:
    """A card chosen in the hand: play it, or ask where (row) or what (Decoy target)."""
    match_id = int(groups["match"])
    await in_view(interaction, match_id,
                  lambda click: _card(interaction, match_id, int(groups["n"]), int(values[0]),
                                      click), new_message=False)


async def _card(interaction: discord.Interaction, match_id: int, n: int, uid: int,
                click: Click) -> Reply:
    snapshot = await services(interaction).matches.private(match_id, interaction.user.id)
    obs = snapshot.observation
    # During the redraws, the service decides: the other player's redraws since do not
    # make this one out of date.
    if obs is None or (snapshot.match.action_count != n and obs.phase != MULLIGAN):
        raise OutOfDate(STALE)
    actions = actions_for(obs, uid)
    if not actions:
        if snapshot.match.action_count != n:
            raise OutOfDate(STALE)
        raise IllegalMove("That card cannot be used now.")
    if len(actions) == 1:
        return await _act(interaction, match_id, move_text(actions[0]), n, click)
    return Reply(followup_message(snapshot, uid, actions,
                                  lang=await private_lang(interaction)))


async def on_move(interaction: discord.Interaction, groups: Groups, _: list[str]) -> None:
    """A move button: pass, leader, keep, a row, who goes first."""
    match_id = int(groups["match"])
    await in_view(interaction, match_id,
                  lambda click: _act(interaction, match_id, groups["move"], int(groups["n"]),
                                     click), new_message=False)


async def on_pick(interaction: discord.Interaction, groups: Groups, values: list[str]) -> None:
    """A move chosen in a select, such as Decoy's target."""
    match_id = int(groups["match"])
    await in_view(interaction, match_id,
                  lambda click: _act(interaction, match_id, values[0], int(groups["n"]), click),
                  new_message=False)


async def _act(interaction: discord.Interaction, match_id: int, move: str, n: int,
               click: Click) -> Reply:
    snapshot = await services(interaction).matches.act(match_id, interaction.user.id, move, n,
                                                       origin=click)
    return await _hand(interaction, snapshot, in_place=True, asked=False)


async def _hand(interaction: discord.Interaction, snapshot: Snapshot, *, in_place: bool,
                asked: bool) -> Reply:
    """The player's hand, in the clicked message (`in_place`) or a new one, with its image
    while they must act or when they `asked` for it (view_png); the image is sent only when
    the message does not show it already."""
    assert snapshot.observation is not None
    lang = await private_lang(interaction)
    hint = await services(interaction).practice.hint(snapshot, lang=lang)
    png = await view_png(snapshot, asked=asked, lang=lang)
    clicked = interaction.message.id if in_place and interaction.message is not None else None
    publisher = cast("GwentBot", interaction.client).publisher
    return Reply(hand_message(snapshot, png, hint, lang=lang),
                 replace_files=publisher.needs_image(clicked, png))
