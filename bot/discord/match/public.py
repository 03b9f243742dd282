"""Public messages: challenge, lobby, board, result and warnings.

Everything here is built from spectator observations (viewer None) and match bookkeeping
only, so no hand or deck can leak into a public message.
"""

from __future__ import annotations

from collections.abc import Iterable

import discord

from bot.discord.core.format import faction_name, mention, when
from bot.discord.core.views import Outgoing, StaticView, button, clean, clip
from bot.discord.match import ids
from bot.discord.replays import ids as replay_ids
from bot.service import Snapshot
from bot.service.practice import COMPUTER_NAME
from bot.service.tutorial import TUTOR_NAME
from bot.storage.records import (
    CANCELLED,
    DECLINED,
    EXPIRED,
    ChallengeRecord,
    MatchRecord,
)
from engine import Observation
from engine.observation import CHOOSE_FIRST, MULLIGAN, OVER

EVENTS_MAX = 900


def thread_name(challenge: ChallengeRecord) -> str:
    """The match thread's name (Discord allows 100 characters)."""
    return clip(f"Gwent: {challenge.challenger_name} vs {challenge.opponent_name}", 100)


def practice_thread_name(name: str, level: str) -> str:
    """A practice match thread's name, e.g. "Gwent: Alice vs Computer (normal)"."""
    return clip(f"Gwent: {name} vs {COMPUTER_NAME} ({level})", 100)


def people(match: MatchRecord, seats: Iterable[int] = (0, 1)) -> tuple[int, ...]:
    """The user ids of the seats that people play (never the computer's)."""
    return tuple(match.seats[s].user_id for s in seats if not match.seats[s].is_computer)


# ------------------------------------------------------------------ challenge

def challenge_message(challenge: ChallengeRecord) -> Outgoing:
    """The open challenge with Accept, Decline and Cancel."""
    plays = (f" ({clean(challenge.challenger_name)} plays "
             f"{faction_name(challenge.faction)})" if challenge.faction else "")
    again = "a rematch" if challenge.rematch_of else "a match of Gwent"
    challenger = clean(challenge.challenger_name)
    content = (f"\u2694\ufe0f {mention(challenge.opponent_id)}, **{challenger}** challenges you "
               f"to {again}!{plays}\nAnswer {when(challenge.expires_at)}.")
    view = StaticView(
        button("Accept", ids.challenge(challenge.id, "accept"), style=discord.ButtonStyle.success),
        button("Decline", ids.challenge(challenge.id, "decline"),
               style=discord.ButtonStyle.danger),
        button("Cancel", ids.challenge(challenge.id, "cancel")))
    return Outgoing(content, view, mentions=(challenge.opponent_id,))


def challenge_closed_message(challenge: ChallengeRecord, match: MatchRecord | None = None
                             ) -> Outgoing:
    """The challenge once answered: accepted (with where to play), declined, cancelled or
    expired."""
    a, b = clean(challenge.challenger_name), clean(challenge.opponent_name)
    if match is not None:
        where = f"<#{match.channel_id}>" if match.in_thread else "this channel"
        return Outgoing(f"\u2705 {b} accepted {a}'s challenge: the match is on in {where}.")
    text = {DECLINED: f"{b} declined {a}'s challenge.",
            CANCELLED: f"{a} withdrew the challenge to {b}.",
            EXPIRED: f"{a}'s challenge to {b} expired unanswered."}[challenge.status]
    return Outgoing(text)


def practice_started_message(match: MatchRecord, posted_in: int | None) -> Outgoing:
    """Where a practice match against the computer is played (posted in `posted_in`)."""
    seat = match.computer_seat
    assert seat is not None
    person = clean(match.seats[1 - seat].name)
    where = "here" if match.channel_id == posted_in else f"in <#{match.channel_id}>"
    return Outgoing(f"\U0001f3af **{person}** is playing a practice match against the computer "
                    f"({match.seats[seat].ai_level}) {where}.")


def tutorial_thread_name(name: str) -> str:
    """The tutorial's thread name, e.g. "Gwent tutorial: Alice vs Tutor"."""
    return clip(f"Gwent tutorial: {name} vs {TUTOR_NAME}", 100)


def tutorial_started_message(match: MatchRecord, posted_in: int | None) -> Outgoing:
    """Where a tutorial is played, how it goes, and how to leave it."""
    seat = match.computer_seat
    assert seat is not None
    person = clean(match.seats[1 - seat].name)
    where = "here" if match.channel_id == posted_in else f"in <#{match.channel_id}>"
    return Outgoing(f"\U0001f393 **{person}** is learning Gwent against the {TUTOR_NAME} "
                    f"(an easy computer) {where}. Press **Show my hand** under the board: "
                    "hints appear in your hand as you play. Leave any time with "
                    "`/gwent forfeit`.")


# ---------------------------------------------------------------------- lobby

def lobby_message(snapshot: Snapshot) -> Outgoing:
    """Deck choice: who is ready, when defaults apply, and the buttons to choose."""
    match = snapshot.match
    names = " vs ".join(clean(s.name) for s in match.seats)
    status = " \u00b7 ".join(
        f"\u2705 {clean(s.name)} is ready" if s.ready else f"\u23f3 {clean(s.name)} is choosing"
        for s in match.seats)
    deadline = (f"\nAnyone not ready {when(match.deadline)} plays their current choice."
                if match.deadline else "")
    content = (f"**Gwent: {names}**\n{' '.join(mention(u) for u in people(match))}, choose "
               f"your faction, leader and deck, then press Ready.\n{status}{deadline}")
    view = StaticView(
        button("Choose deck", ids.lobby(match.id, "deck"), style=discord.ButtonStyle.primary),
        button("Ready", ids.lobby(match.id, "ready"), style=discord.ButtonStyle.success))
    return Outgoing(content, view, mentions=people(match))


def lobby_closed_message(match: MatchRecord) -> Outgoing:
    """The lobby once both decks are chosen."""
    sides = " vs ".join(f"{clean(s.name)} ({faction_name(s.faction)})" for s in match.seats)
    return Outgoing(f"**Gwent: {sides}**\nDecks are chosen: the match is below.")


# ---------------------------------------------------------------------- board

def _check_public(obs: Observation) -> None:
    if obs.viewer is not None or any(side.hand is not None for side in obs.sides):
        raise ValueError("public messages are built from the spectator observation only")


def score_line(obs: Observation) -> str:
    """Round and totals, or the phase before round 1."""
    a, b = obs.sides
    if obs.phase == CHOOSE_FIRST:
        head = "Before the match"
    elif obs.phase == MULLIGAN:
        head = "Redraws"
    else:
        head = f"Round {obs.round}"
    passed = [clean(s.name) for s in obs.sides if s.passed and obs.phase != OVER]
    note = f" \u00b7 {' and '.join(passed)} passed" if passed else ""
    return (f"**{head}** \u00b7 {clean(a.name)} **{a.total}** \u2013 **{b.total}** "
            f"{clean(b.name)}{note}")


def turn_line(snapshot: Snapshot) -> str:
    """Who must act now (named with a mention, which notifies only whom the message allows)
    and the time left."""
    obs = snapshot.observation
    match = snapshot.match
    assert obs is not None
    waiting = people(match, snapshot.to_act)
    if not waiting:
        thinking = " and ".join(f"**{clean(match.seats[s].name)}**" for s in snapshot.to_act)
        return f"\u25b6\ufe0f {thinking} is thinking\u2026"
    who = " ".join(mention(u) for u in waiting)
    if obs.phase == CHOOSE_FIRST:
        what = "decides who goes first"
    elif obs.phase == MULLIGAN:
        what = "may redraw up to 2 cards, or keep their hand"
    elif obs.pending is not None:
        what = "has a choice to make"
    else:
        what = "it's your turn"
        who += ","
    deadline = f" \u00b7 time runs out {when(match.deadline)}" if match.deadline else ""
    return (f"\u25b6\ufe0f {who} {what}{deadline}. Play in your open hand, or press "
            "**Show my hand**.")


def narration(events: Iterable[str], moves: int) -> str | None:
    """The moves a board shows in words: the last one, or every one since the last board
    shown (a board that could not be shown is caught up on by the next)."""
    text = " ".join(events)
    if not text:
        return None
    return ("Last move: " if moves <= 1 else "Moves: ") + clip(clean(text), EVENTS_MAX)


def board_message(snapshot: Snapshot, png: bytes, events: Iterable[str], *, moves: int,
                  timed_out: int | None = None, pinged: tuple[int, ...] = ()) -> Outgoing:
    """The board after a move: image, the `moves` moves since the last board in words (their
    spectator log `events`), whose turn, Show my hand; `pinged` are the users it notifies."""
    obs = snapshot.observation
    assert obs is not None
    _check_public(obs)
    match = snapshot.match
    lines = [score_line(obs)]
    if timed_out is not None:
        lines.append(f"\u23f0 {clean(match.seats[timed_out].name)} ran out of time.")
    told = narration(events, moves)
    if told:
        lines.append(told)
    lines.append(turn_line(snapshot))
    view = StaticView(board_button(match.id, obs.action_count))
    return Outgoing("\n".join(lines), view, files=(("board.png", png),), mentions=pinged)


def board_button(match_id: int, action_count: int) -> discord.ui.Button[StaticView]:
    """Show my hand, which opens the clicking player's hand as it is now, on any board."""
    return button("Show my hand", ids.hand(match_id, action_count),
                  style=discord.ButtonStyle.primary)


def dms_closed_note(user_id: int) -> str:
    """Told once when a player asked for hands by DM but their DMs are closed."""
    return (f"\n\u2709\ufe0f {mention(user_id)}: I can't send you direct messages, so use "
            "**Show my hand** here instead.")


def warning_message(snapshot: Snapshot, seats: tuple[int, ...]) -> Outgoing:
    """A short nudge before the turn timer runs out."""
    match = snapshot.match
    who = " ".join(mention(u) for u in people(match, seats))
    what = ("your current deck choice is used" if snapshot.observation is None
            else "you pass the round")
    deadline = when(match.deadline) if match.deadline else "soon"
    return Outgoing(f"\u23f3 {who}: time runs out {deadline}, then {what}.",
                    mentions=people(match, seats))


# --------------------------------------------------------------------- result

def result_message(snapshot: Snapshot, result_png: bytes, board_png: bytes,
                   events: Iterable[str] = ()) -> Outgoing:
    """The end: winner, round-by-round scores, the moves since the last board (their
    spectator log `events`), the final board and Rematch."""
    obs = snapshot.observation
    assert obs is not None and obs.is_over
    _check_public(obs)
    names = [clean(s.name) for s in obs.sides]
    if obs.forfeited_by is not None:
        loser = obs.forfeited_by
        head = f"\U0001f3f3\ufe0f {names[loser]} forfeited: **{names[1 - loser]}** wins the match."
    elif obs.winner is None:
        head = "\U0001f91d The match is a draw."
    else:
        head = f"\U0001f3c6 **{names[obs.winner]}** wins the match!"
    lines = [head]
    for number, result in enumerate(obs.rounds, start=1):
        won = "draw" if result.winner is None else f"{names[result.winner]} wins"
        lines.append(f"Round {number}: {names[0]} {result.scores[0]} \u2013 "
                     f"{result.scores[1]} {names[1]} ({won})")
    events = tuple(events)
    told = narration(events, 1 if events == obs.last_events else 2)
    if told:
        lines.append(told)
    view = StaticView(button("Rematch", ids.rematch(snapshot.match.id),
                             style=discord.ButtonStyle.primary),
                      button("Replay", replay_ids.replay(snapshot.match.id)))
    return Outgoing("\n".join(lines), view,
                    files=(("result.png", result_png), ("board.png", board_png)))
