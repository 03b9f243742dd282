"""Public messages: challenge, lobby, board, result and warnings, in the server's language.

Everything here is built from spectator observations (viewer None) and match bookkeeping
only, so no hand or deck can leak into a public message.
"""

from __future__ import annotations

from collections.abc import Iterable

import discord

from bot.discord.core.format import mention, when
from bot.discord.core.replies import refusal_text
from bot.discord.core.views import Outgoing, StaticView, button, clean, clip
from bot.discord.match import ids
from bot.discord.replays import ids as replay_ids
from bot.discord.table.buttons import launch_buttons
from bot.i18n import N_, Language, Nn_, event_text, faction_name
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
from engine.events import Line
from engine.observation import CHOOSE_FIRST, MULLIGAN, OVER

EVENTS_MAX = 900


def versus(first: str, second: str, *, lang: Language) -> str:
    """ "Gwent: Alice vs Bob": a match's thread name and the lobby's title."""
    # i18n: a match's title and thread name; {first} and {second} are players' names.
    return lang._("Gwent: {first} vs {second}", first=first, second=second)


def thread_name(challenge: ChallengeRecord, *, lang: Language) -> str:
    """The match thread's name (Discord allows 100 characters)."""
    return clip(versus(challenge.challenger_name, challenge.opponent_name, lang=lang), 100)


def level_name(level: str, *, lang: Language) -> str:
    """A computer player's difficulty (bot.service.computer.LEVELS), in words."""
    names = {"easy": lang.pgettext("difficulty", "easy"),
             "normal": lang.pgettext("difficulty", "normal"),
             "hard": lang.pgettext("difficulty", "hard")}
    return names.get(level, level)


def practice_thread_name(name: str, level: str, *, lang: Language) -> str:
    """A practice match thread's name, e.g. "Gwent: Alice vs Computer (normal)"."""
    # i18n: a practice match's thread name; {computer} is the computer player's name,
    # {level} its difficulty (easy, normal or hard).
    return clip(lang._("Gwent: {player} vs {computer} ({level})", player=name,
                       computer=COMPUTER_NAME, level=level_name(level, lang=lang)), 100)


def people(match: MatchRecord, seats: Iterable[int] = (0, 1)) -> tuple[int, ...]:
    """The user ids of the seats that people play (never the computer's)."""
    return tuple(match.seats[s].user_id for s in seats if not match.seats[s].is_computer)


# ------------------------------------------------------------------ challenge

RANKED_CHALLENGE = N_("\U0001f3c5 **Ranked**: the result moves both players' faction MMR and "
                      "rank (`/gwent rules ranked`).")
CASUAL_CHALLENGE = N_("\U0001f91d **Casual**: not rated, so MMR, ranks and the ladder stay "
                      "as they are.")
CHALLENGES = {
    # i18n: {opponent} is a mention, {challenger} a player's name.
    (True, False): N_("{opponent}, **{challenger}** challenges you to a ranked match of "
                      "Gwent!"),
    # i18n: {opponent} is a mention, {challenger} a player's name.
    (False, False): N_("{opponent}, **{challenger}** challenges you to a casual match of "
                       "Gwent!"),
    # i18n: {opponent} is a mention, {challenger} a player's name.
    (True, True): N_("{opponent}, **{challenger}** challenges you to a ranked rematch!"),
    # i18n: {opponent} is a mention, {challenger} a player's name.
    (False, True): N_("{opponent}, **{challenger}** challenges you to a casual rematch!"),
}


def challenge_message(challenge: ChallengeRecord, *, lang: Language) -> Outgoing:
    """The open challenge, ranked or casual, with Accept, Decline and Cancel."""
    challenger = clean(challenge.challenger_name)
    head = lang._(CHALLENGES[challenge.ranked, challenge.rematch_of is not None],
                  opponent=mention(challenge.opponent_id), challenger=challenger)
    if challenge.faction:
        # i18n: after a challenge; {challenger} is a player's name, {faction} a faction's.
        head += " " + lang._("({challenger} plays {faction})", challenger=challenger,
                             faction=faction_name(challenge.faction, lang.tag))
    kind = lang._(RANKED_CHALLENGE if challenge.ranked else CASUAL_CHALLENGE)
    # i18n: {when} is a live Discord time, like "in 10 minutes".
    answer = lang._("Answer {when}.", when=when(challenge.expires_at))
    view = StaticView(
        button(lang.pgettext("button", "Accept"), ids.challenge(challenge.id, "accept"),
               style=discord.ButtonStyle.success),
        button(lang.pgettext("button", "Decline"), ids.challenge(challenge.id, "decline"),
               style=discord.ButtonStyle.danger),
        button(lang.pgettext("button", "Cancel"), ids.challenge(challenge.id, "cancel")))
    return Outgoing(f"\u2694\ufe0f {head}\n{kind}\n{answer}", view,
                    mentions=(challenge.opponent_id,))


def open_challenge_refusal(refusal: Busy, lang: Language) -> Outgoing:
    """Told the challenger whose own open challenge stops a new one (or a rematch): the
    reason with a link to that challenge, and Cancel to withdraw it."""
    challenge = refusal.challenge
    assert challenge is not None
    return Outgoing(refusal_text(refusal, lang), StaticView(
        button(lang.pgettext("button", "Cancel that challenge"),
               ids.challenge(challenge.id, "cancel"), style=discord.ButtonStyle.danger)))


# i18n: {challenger} and {opponent} are players' names.
CLOSED = {DECLINED: N_("{opponent} declined {challenger}'s challenge."),
          CANCELLED: N_("{challenger} withdrew the challenge to {opponent}."),
          EXPIRED: N_("{challenger}'s challenge to {opponent} expired unanswered.")}


def challenge_closed_message(challenge: ChallengeRecord, match: MatchRecord | None = None, *,
                             lang: Language) -> Outgoing:
    """The challenge once answered: accepted (with where to play), declined, cancelled or
    expired."""
    names = {"challenger": clean(challenge.challenger_name),
             "opponent": clean(challenge.opponent_name)}
    if match is None:
        return Outgoing(lang._(CLOSED[challenge.status], **names))
    if match.in_thread and match.channel_id == challenge.channel_id:  # (a rematch)
        # i18n: {challenger} and {opponent} are players' names.
        text = lang._("{opponent} accepted {challenger}'s challenge: the match is on in this "
                      "thread.", **names)
    elif match.in_thread:
        # i18n: {challenger} and {opponent} are players' names, {channel} a link to a thread.
        text = lang._("{opponent} accepted {challenger}'s challenge: the match is on in "
                      "{channel}.", channel=f"<#{match.channel_id}>", **names)
    else:
        text = lang._("{opponent} accepted {challenger}'s challenge: the match is on in this "
                      "channel.", **names)
    return Outgoing(f"\u2705 {text}")


def _started_where(match: MatchRecord, posted_in: int | None) -> dict[str, str]:
    return {} if match.channel_id == posted_in else {"channel": f"<#{match.channel_id}>"}


def practice_started_message(match: MatchRecord, posted_in: int | None, *,
                             lang: Language) -> Outgoing:
    """Where a practice match against the computer is played (posted in `posted_in`)."""
    seat = match.computer_seat
    assert seat is not None
    values = {"player": clean(match.seats[1 - seat].name),
              "level": level_name(match.seats[seat].ai_level or "", lang=lang),
              **_started_where(match, posted_in)}
    if "channel" in values:
        # i18n: {level} is easy, normal or hard; {channel} a link to the match's thread.
        text = lang._("**{player}** is playing a practice match against the computer ({level}) "
                      "in {channel}.", **values)
    else:
        text = lang._("**{player}** is playing a practice match against the computer ({level}) "
                      "here.", **values)
    return Outgoing(f"\U0001f3af {text}")


def tutorial_thread_name(name: str, *, lang: Language) -> str:
    """The tutorial's thread name, e.g. "Gwent tutorial: Alice vs Tutor"."""
    # i18n: a thread's name; {player} and {tutor} are players' names (the tutor is the
    # computer that teaches).
    return clip(lang._("Gwent tutorial: {player} vs {tutor}", player=name, tutor=TUTOR_NAME),
                100)


def tutorial_started_message(match: MatchRecord, posted_in: int | None, *,
                             lang: Language) -> Outgoing:
    """Where a tutorial is played, how it goes, and how to leave it."""
    seat = match.computer_seat
    assert seat is not None
    values = {"player": clean(match.seats[1 - seat].name), "tutor": TUTOR_NAME,
              **_started_where(match, posted_in)}
    if "channel" in values:
        # i18n: {tutor} is the computer player's name; {channel} a link to the thread.
        text = lang._("**{player}** is learning Gwent against the {tutor} (an easy computer) in "
                      "{channel}. Press **Show my hand** under the board: hints appear in your "
                      "hand as you play. Leave any time with `/gwent forfeit`.", **values)
    else:
        text = lang._("**{player}** is learning Gwent against the {tutor} (an easy computer) "
                      "here. Press **Show my hand** under the board: hints appear in your hand "
                      "as you play. Leave any time with `/gwent forfeit`.", **values)
    return Outgoing(f"\U0001f393 {text}")


# ---------------------------------------------------------------------- lobby

def lobby_message(snapshot: Snapshot, *, lang: Language) -> Outgoing:
    """Deck choice: who is ready, when defaults apply, and the buttons to choose."""
    match = snapshot.match
    a, b = (clean(s.name) for s in match.seats)
    status = " \u00b7 ".join(
        "\u2705 " + lang._("{player} is ready", player=clean(s.name)) if s.ready
        else "\u23f3 " + lang._("{player} is choosing", player=clean(s.name))
        for s in match.seats)
    lines = [f"**{versus(a, b, lang=lang)}**",
             # i18n: {players} are one or two mentions.
             lang.ngettext("{players}, choose your faction, leader and deck, then press Ready.",
                           "{players}, choose your faction, leader and deck, then press Ready.",
                           len(people(match)),
                           players=" ".join(mention(u) for u in people(match))),
             status]
    if match.deadline:
        # i18n: {when} is a live Discord time, like "in 10 minutes".
        lines.append(lang._("Anyone not ready {when} forfeits this match (a tournament rule).",
                            when=when(match.deadline)) if match.no_show_forfeits
                     else lang._("Anyone not ready {when} plays their current choice.",
                                 when=when(match.deadline)))
    view = StaticView(
        button(lang.pgettext("button", "Choose deck"), ids.lobby(match.id, "deck"),
               style=discord.ButtonStyle.primary),
        button(lang.pgettext("button", "Ready"), ids.lobby(match.id, "ready"),
               style=discord.ButtonStyle.success), *launch_buttons(match.id, lang=lang))
    # A tournament's match (whose no-shows forfeit) opens below the tournament's own first
    # message in its thread, which has just pinged both players.
    return Outgoing("\n".join(lines), view,
                    mentions=() if match.no_show_forfeits else people(match))


def lobby_closed_message(match: MatchRecord, *, lang: Language) -> Outgoing:
    """The lobby once both decks are chosen."""
    a, b = (f"{clean(s.name)} ({faction_name(s.faction, lang.tag)})" for s in match.seats)
    return Outgoing(f"**{versus(a, b, lang=lang)}**\n"
                    + lang._("Decks are chosen: the match is below."))


# ---------------------------------------------------------------------- board

def _check_public(obs: Observation) -> None:
    if obs.viewer is not None or any(side.hand is not None for side in obs.sides):
        raise ValueError("public messages are built from the spectator observation only")


def round_title(obs: Observation, *, lang: Language) -> str:
    """The round being played, or the phase before round 1."""
    if obs.phase == CHOOSE_FIRST:
        return lang._("Before the match")
    if obs.phase == MULLIGAN:
        return lang._("Redraws")
    return lang._("Round {number}", number=lang.number(obs.round))


def score_line(obs: Observation, *, lang: Language) -> str:
    """Round and totals, or the phase before round 1."""
    a, b = obs.sides
    passed = [clean(s.name) for s in obs.sides if s.passed and obs.phase != OVER]
    # i18n: {players} are one or two players' names.
    note = (" \u00b7 " + lang.ngettext("{players} passed", "{players} passed", len(passed),
                                       players=lang.join(passed)) if passed else "")
    return (f"**{round_title(obs, lang=lang)}** \u00b7 {clean(a.name)} "
            f"**{score(a.total, b.total, lang)}** {clean(b.name)}{note}")


# What the players to act must do, on the board: (without a deadline, with one), each a
# plural by how many players it names.
TO_DO = {
    # i18n: {players} are one or two mentions.
    CHOOSE_FIRST: (Nn_("{players} decides who goes first.",
                       "{players} decide who goes first."),
                   # i18n: {players} are one or two mentions; {when} a live time ("in 10
                   # minutes").
                   Nn_("{players} decides who goes first \u00b7 time runs out {when}.",
                       "{players} decide who goes first \u00b7 time runs out {when}.")),
    # i18n: {players} are one or two mentions.
    MULLIGAN: (Nn_("{players} may redraw up to 2 cards, or keep their hand.",
                   "{players} may each redraw up to 2 cards, or keep their hand."),
               # i18n: {players} are one or two mentions; {when} a live time.
               Nn_("{players} may redraw up to 2 cards, or keep their hand \u00b7 time runs "
                   "out {when}.",
                   "{players} may each redraw up to 2 cards, or keep their hand \u00b7 time "
                   "runs out {when}.")),
    # i18n: {players} are one or two mentions.
    "choice": (Nn_("{players} has a choice to make.", "{players} have a choice to make."),
               # i18n: {players} are one or two mentions; {when} a live time ("in 10
               # minutes").
               Nn_("{players} has a choice to make \u00b7 time runs out {when}.",
                   "{players} have a choice to make \u00b7 time runs out {when}.")),
    # i18n: {players} are one or two mentions.
    "turn": (Nn_("{players}, it's your turn.", "{players}, it's your turn."),
             # i18n: {players} are one or two mentions; {when} a live time ("in 10 minutes").
             Nn_("{players}, it's your turn \u00b7 time runs out {when}.",
                 "{players}, it's your turn \u00b7 time runs out {when}.")),
}


def turn_line(snapshot: Snapshot, *, lang: Language) -> str:
    """Who must act now (named with a mention, which notifies only whom the message allows)
    and the time left."""
    obs = snapshot.observation
    match = snapshot.match
    assert obs is not None
    waiting = people(match, snapshot.to_act)
    if not waiting:
        thinking = [f"**{clean(match.seats[s].name)}**" for s in snapshot.to_act]
        # i18n: {players} are the names of the players (computers) thinking.
        return "\u25b6\ufe0f " + lang.ngettext("{players} is thinking\u2026",
                                               "{players} are thinking\u2026", len(thinking),
                                               players=lang.join(thinking))
    phase = (obs.phase if obs.phase in (CHOOSE_FIRST, MULLIGAN)
             else "choice" if obs.pending is not None else "turn")
    without, with_deadline = TO_DO[phase]
    to_do = (lang.ngettext(*with_deadline, len(waiting),
                           players=" ".join(mention(u) for u in waiting),
                           when=when(match.deadline)) if match.deadline
             else lang.ngettext(*without, len(waiting),
                                players=" ".join(mention(u) for u in waiting)))
    return (f"\u25b6\ufe0f {to_do} "
            + lang._("Play in your open hand, or press **Show my hand**."))


def moves_text(events: Iterable[Line], *, lang: Language) -> str:
    """Lines of the match log in a language, as one text."""
    return " ".join(event_text(line, lang) for line in events)


def narration(events: Iterable[Line], moves: int, *, lang: Language) -> str | None:
    """The moves a board shows in words: the last one, or every one since the last board
    shown (a board that could not be shown is caught up on by the next)."""
    text = moves_text(events, lang=lang)
    if not text:
        return None
    said = clip(clean(text), EVENTS_MAX)
    # i18n: {moves} are lines of the match log.
    return (lang._("Last move: {moves}", moves=said) if moves <= 1
            else lang._("Moves: {moves}", moves=said))


def board_message(snapshot: Snapshot, png: bytes, events: Iterable[Line], *, moves: int,
                  lang: Language, timed_out: int | None = None,
                  pinged: tuple[int, ...] = ()) -> Outgoing:
    """The board after a move: image, the `moves` moves since the last board in words (their
    spectator log `events`), whose turn, Show my hand; `pinged` are the users it notifies."""
    obs = snapshot.observation
    assert obs is not None
    _check_public(obs)
    match = snapshot.match
    lines = [score_line(obs, lang=lang)]
    if timed_out is not None:
        lines.append("\u23f0 " + lang._("{player} ran out of time.",
                                        player=clean(match.seats[timed_out].name)))
    told = narration(events, moves, lang=lang)
    if told:
        lines.append(told)
    lines.append(turn_line(snapshot, lang=lang))
    view = StaticView(board_button(match.id, obs.action_count, lang=lang),
                      *launch_buttons(match.id, lang=lang))
    return Outgoing("\n".join(lines), view, files=(("board.png", png),), mentions=pinged)


def board_button(match_id: int, action_count: int, *, lang: Language
                 ) -> discord.ui.Button[StaticView]:
    """Show my hand, which opens the clicking player's hand as it is now, on any board."""
    return button(lang.pgettext("button", "Show my hand"), ids.hand(match_id, action_count),
                  style=discord.ButtonStyle.primary)


def dms_closed_note(user_id: int, *, lang: Language) -> str:
    """Told once when a player asked for hands by DM but their DMs are closed."""
    # i18n: {player} is a mention.
    return "\n\u2709\ufe0f " + lang._("{player}: I can't send you direct messages, so use "
                                      "**Show my hand** here instead.", player=mention(user_id))


# What a timeout does, in the warning before it: a plural by how many players it names.
TIMEOUT_WARNINGS = {
    # i18n: {players} are one or two mentions; {when} a live time ("in 2 minutes") or "soon".
    USE_DECK: Nn_("{players}: time runs out {when}, then your current deck choice is used.",
                  "{players}: time runs out {when}, then your current deck choices are used."),
    # i18n: {players} are one or two mentions; {when} a live time ("in 2 minutes") or "soon".
    KEEP_HAND: Nn_("{players}: time runs out {when}, then you keep this hand.",
                   "{players}: time runs out {when}, then you each keep your hand."),
    # i18n: {players} are one or two mentions; {when} a live time ("in 2 minutes") or "soon".
    TAKE_OPTION: Nn_("{players}: time runs out {when}, then the first option is taken for "
                     "you.",
                     "{players}: time runs out {when}, then the first option is taken for "
                     "you."),
    # i18n: {players} are one or two mentions; {when} a live time ("in 2 minutes") or "soon".
    PASS_ROUND: Nn_("{players}: time runs out {when}, then you pass the round.",
                    "{players}: time runs out {when}, then you pass the round."),
    # i18n: {players} are one or two mentions; {when} a live time ("in 2 minutes") or "soon".
    FORFEIT_MATCH: Nn_("{players}: time runs out {when}, then you forfeit the match: it "
                       "would be your second timeout in a row.",
                       "{players}: time runs out {when}, then you forfeit the match: it "
                       "would be your second timeout in a row."),
    # i18n: {players} are one or two mentions; {when} a live time ("in 2 minutes") or "soon".
    NO_SHOW: Nn_("{players}: time runs out {when}, then you forfeit the match: in a "
                 "tournament, a player not ready in time loses.",
                 "{players}: time runs out {when}, then you forfeit the match: in a "
                 "tournament, a player not ready in time loses."),
    # i18n: {players} are one or two mentions; {when} a live time ("in 2 minutes") or "soon".
    ABANDON_MATCH: Nn_("{players}: time runs out {when}, then the match ends as abandoned, "
                       "since nobody has moved for two turns: no winner, and it is not rated.",
                       "{players}: time runs out {when}, then the match ends as abandoned, "
                       "since nobody has moved for two turns: no winner, and it is not rated."),
    # i18n: {first}: a player's name; {players}: one or two mentions; {when}: a live time or
    # "soon".
    GO_FIRST: Nn_("{players}: time runs out {when}, then {first} goes first.",
                  "{players}: time runs out {when}, then {first} goes first."),
}


def timeout_warning(snapshot: Snapshot, seat: int) -> tuple[str, str]:
    """The warning (TIMEOUT_WARNINGS) of what the seat's next timeout does
    (bot.service.timeouts decides it)."""
    obs = snapshot.observation
    pending = obs is not None and obs.pending is not None and obs.pending.player == seat
    return TIMEOUT_WARNINGS[next_timeout(snapshot.match, None if obs is None else obs.phase,
                                         pending, seat)]


def warning_message(snapshot: Snapshot, seats: tuple[int, ...], *, lang: Language,
                    at_table: Iterable[int] = ()) -> Outgoing:
    """A short nudge before the turn timer runs out, saying exactly what the timeout does;
    the seats `at_table` (looking at the match at the table) are named, not mentioned."""
    match = snapshot.match
    quiet = set(at_table)
    # i18n: when a turn's time runs out, if its deadline is not known.
    deadline = when(match.deadline) if match.deadline else lang._("soon")
    lines: dict[tuple[str, str], list[str]] = {}
    for seat in seats:
        person = match.seats[seat]
        if not person.is_computer:
            lines.setdefault(timeout_warning(snapshot, seat), []).append(
                f"**{clean(person.name)}**" if seat in quiet else mention(person.user_id))
    text = "\n".join(
        "\u23f3 " + lang.ngettext(*warning, len(named), players=" ".join(named),
                                  when=deadline, first=clean(match.seats[0].name))
        for warning, named in lines.items())
    return Outgoing(text, mentions=people(match, (s for s in seats if s not in quiet)))


# --------------------------------------------------------------------- result

def result_head(obs: Observation, result: ResultRecord, *, lang: Language) -> str:
    """Who won and why the match ended."""
    names = [clean(s.name) for s in obs.sides]
    if result.abandoned:
        return "\u231b " + lang._("**The match is abandoned**: the turn timer ran out three "
                                  "times in a row with no move from either player. Nobody "
                                  "wins.")
    if obs.forfeited_by is not None:
        # i18n: {loser} and {winner} are players' names.
        players = {"loser": names[obs.forfeited_by], "winner": names[1 - obs.forfeited_by]}
        if result.ended_by == "timeout" and result.in_deck_choice:
            return "\u23f0 " + lang._("{loser} was not ready in time: **{winner}** wins the "
                                      "match.", **players)
        if result.ended_by == "timeout":
            return "\u23f0 " + lang._("{loser} ran out of time twice in a row: **{winner}** "
                                      "wins the match.", **players)
        return "\U0001f3f3\ufe0f " + lang._("{loser} forfeited: **{winner}** wins the match.",
                                            **players)
    if obs.winner is None:
        return "\U0001f91d " + lang._("The match is a draw.")
    return "\U0001f3c6 " + lang._("**{winner}** wins the match!", winner=names[obs.winner])


def result_message(snapshot: Snapshot, result: ResultRecord, result_png: bytes | None,
                   board_png: bytes, events: Iterable[Line] = (), *,
                   lang: Language) -> Outgoing:
    """The end: winner and why, round-by-round scores, the moves since the last board (their
    spectator log `events`), the final board and Rematch (an abandoned match has no result
    image: its board is where the players left it)."""
    obs = snapshot.observation
    assert obs is not None and (obs.is_over or result.abandoned)
    _check_public(obs)
    names = [clean(s.name) for s in obs.sides]
    lines = [result_head(obs, result, lang=lang)]
    for number, rounded in enumerate(obs.rounds, start=1):
        values = {"number": lang.number(number), "first": names[0], "second": names[1],
                  "score": score(*rounded.scores, lang)}
        # i18n: a round's result; {first} and {second} are players' names, {score} like 12-9.
        lines.append(lang._("Round {number}: {first} {score} {second} (draw)", **values)
                     if rounded.winner is None
                     else lang._("Round {number}: {first} {score} {second} ({winner} wins)",
                                 winner=names[rounded.winner], **values))
    if not obs.is_over:
        lines.append(lang._("Round {number} was not finished.", number=lang.number(obs.round)))
    events = tuple(events)
    told = narration(events, 1 if events == obs.last_event_log else 2, lang=lang)
    if told:
        lines.append(told)
    tutor = snapshot.match.computer_seat
    if tutor is not None and is_tutorial(snapshot.match):
        lines.append(next_steps(obs.winner == 1 - tutor, lang=lang))
    view = StaticView(button(lang.pgettext("button", "Rematch"), ids.rematch(snapshot.match.id),
                             style=discord.ButtonStyle.primary),
                      button(lang.pgettext("button", "Replay"),
                             replay_ids.replay(snapshot.match.id)))
    files = (() if result_png is None else (("result.png", result_png),))
    return Outgoing("\n".join(lines), view, files=(*files, ("board.png", board_png)))
