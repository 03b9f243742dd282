"""Public messages: challenge, lobby, board, result and warnings.

Everything here is built from spectator observations (viewer None) and match bookkeeping
only, so no hand or deck can leak into a public message.
"""

from __future__ import annotations

from collections.abc import Iterable

import discord

from bot.discord.core.format import faction_name, mention, when
from bot.discord.core.replies import refusal_text
from bot.discord.core.views import Outgoing, StaticView, button, clean, clip
from bot.discord.match import ids
from bot.discord.replays import ids as replay_ids
from bot.i18n import ENGLISH, Language, language
from bot.learn.glossary import score
from bot.learn.tutorial import next_steps
from bot.service import Snapshot
from bot.service.errors import Busy
from bot.service.practice import COMPUTER_NAME
from bot.service.timeouts import (
    ABANDON_MATCH,
    FORFEIT_MATCH,
    GO_FIRST,
    KEEP_HAND,
    NO_SHOW,
    PASS_ROUND,
    TAKE_OPTION,
    USE_DECK,
    next_timeout,
)
from bot.service.tutorial import TUTOR_NAME, is_tutorial
from bot.storage.records import (
    CANCELLED,
    DECLINED,
    EXPIRED,
    ChallengeRecord,
    MatchRecord,
    ResultRecord,
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

RANKED_CHALLENGE = ("\U0001f3c5 **Ranked**: the result moves both players' faction MMR and "
                    "rank (`/gwent rules ranked`).")
CASUAL_CHALLENGE = ("\U0001f91d **Casual**: not rated, so MMR, ranks and the ladder stay as "
                    "they are.")


def challenge_message(challenge: ChallengeRecord) -> Outgoing:
    """The open challenge, ranked or casual, with Accept, Decline and Cancel."""
    plays = (f" ({clean(challenge.challenger_name)} plays "
             f"{faction_name(challenge.faction)})" if challenge.faction else "")
    kind = "ranked" if challenge.ranked else "casual"
    again = f"a {kind} rematch" if challenge.rematch_of else f"a {kind} match of Gwent"
    challenger = clean(challenge.challenger_name)
    content = (f"\u2694\ufe0f {mention(challenge.opponent_id)}, **{challenger}** challenges you "
               f"to {again}!{plays}\n"
               f"{RANKED_CHALLENGE if challenge.ranked else CASUAL_CHALLENGE}\n"
               f"Answer {when(challenge.expires_at)}.")
    view = StaticView(
        button("Accept", ids.challenge(challenge.id, "accept"), style=discord.ButtonStyle.success),
        button("Decline", ids.challenge(challenge.id, "decline"),
               style=discord.ButtonStyle.danger),
        button("Cancel", ids.challenge(challenge.id, "cancel")))
    return Outgoing(content, view, mentions=(challenge.opponent_id,))


def open_challenge_refusal(refusal: Busy, lang: Language) -> Outgoing:
    """Told the challenger whose own open challenge stops a new one (or a rematch): the
    reason with a link to that challenge, and Cancel to withdraw it."""
    challenge = refusal.challenge
    assert challenge is not None
    return Outgoing(refusal_text(refusal, lang), StaticView(
        button("Cancel that challenge", ids.challenge(challenge.id, "cancel"),
               style=discord.ButtonStyle.danger)))


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
    rule = ("forfeits this match (a tournament rule)" if match.no_show_forfeits
            else "plays their current choice")
    deadline = f"\nAnyone not ready {when(match.deadline)} {rule}." if match.deadline else ""
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
    return (f"**{head}** \u00b7 {clean(a.name)} **{score(a.total, b.total)}** "
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


TIMEOUT_WORDS = {
    USE_DECK: "your current deck choice is used",
    KEEP_HAND: "you keep this hand",
    TAKE_OPTION: "the first option is taken for you",
    PASS_ROUND: "you pass the round",
    FORFEIT_MATCH: "you forfeit the match: it would be your second timeout in a row",
    NO_SHOW: "you forfeit the match: in a tournament, a player not ready in time loses",
    ABANDON_MATCH: ("the match ends as abandoned, since nobody has moved for two turns: "
                    "no winner, and it is not rated"),
}


def timeout_text(snapshot: Snapshot, seat: int) -> str:
    """What the seat's next timeout does, in words (bot.service.timeouts decides it)."""
    obs = snapshot.observation
    pending = obs is not None and obs.pending is not None and obs.pending.player == seat
    what = next_timeout(snapshot.match, None if obs is None else obs.phase, pending, seat)
    if what == GO_FIRST:
        return f"{clean(snapshot.match.seats[0].name)} goes first"
    return TIMEOUT_WORDS[what]



def warning_message(snapshot: Snapshot, seats: tuple[int, ...]) -> Outgoing:
    """A short nudge before the turn timer runs out, saying exactly what the timeout does."""
    match = snapshot.match
    deadline = when(match.deadline) if match.deadline else "soon"
    lines: dict[str, list[int]] = {}
    for seat in seats:
        if not match.seats[seat].is_computer:
            lines.setdefault(timeout_text(snapshot, seat), []).append(match.seats[seat].user_id)
    text = "\n".join(f"\u23f3 {' '.join(mention(u) for u in users)}: time runs out "
                     f"{deadline}, then {what}." for what, users in lines.items())
    return Outgoing(text, mentions=people(match, seats))


# --------------------------------------------------------------------- result

def result_head(obs: Observation, result: ResultRecord) -> str:
    """Who won and why the match ended."""
    names = [clean(s.name) for s in obs.sides]
    if result.abandoned:
        return ("\u231b **The match is abandoned**: the turn timer ran out three times in a "
                "row with no move from either player. Nobody wins.")
    if obs.forfeited_by is not None:
        loser, winner = names[obs.forfeited_by], names[1 - obs.forfeited_by]
        if result.ended_by == "timeout" and result.in_deck_choice:
            return f"\u23f0 {loser} was not ready in time: **{winner}** wins the match."
        if result.ended_by == "timeout":
            return f"\u23f0 {loser} ran out of time twice in a row: **{winner}** wins the match."
        return f"\U0001f3f3\ufe0f {loser} forfeited: **{winner}** wins the match."
    if obs.winner is None:
        return "\U0001f91d The match is a draw."
    return f"\U0001f3c6 **{names[obs.winner]}** wins the match!"


def result_message(snapshot: Snapshot, result: ResultRecord, result_png: bytes | None,
                   board_png: bytes, events: Iterable[str] = ()) -> Outgoing:
    """The end: winner and why, round-by-round scores, the moves since the last board (their
    spectator log `events`), the final board and Rematch (an abandoned match has no result
    image: its board is where the players left it)."""
    obs = snapshot.observation
    assert obs is not None and (obs.is_over or result.abandoned)
    _check_public(obs)
    names = [clean(s.name) for s in obs.sides]
    lines = [result_head(obs, result)]
    for number, rounded in enumerate(obs.rounds, start=1):
        won = "draw" if rounded.winner is None else f"{names[rounded.winner]} wins"
        lines.append(f"Round {number}: {names[0]} {score(*rounded.scores)} {names[1]} ({won})")
    if not obs.is_over:
        lines.append(f"Round {obs.round} was not finished.")
    events = tuple(events)
    told = narration(events, 1 if events == obs.last_events else 2)
    if told:
        lines.append(told)
    tutor = snapshot.match.computer_seat
    if tutor is not None and is_tutorial(snapshot.match):
        # TODO(i18n): the result's language (public) is not wired here yet
        lines.append(next_steps(obs.winner == 1 - tutor, lang=language(ENGLISH)))
    view = StaticView(button("Rematch", ids.rematch(snapshot.match.id),
                             style=discord.ButtonStyle.primary),
                      button("Replay", replay_ids.replay(snapshot.match.id)))
    files = (() if result_png is None else (("result.png", result_png),))
    return Outgoing("\n".join(lines), view, files=(*files, ("board.png", board_png)))
