"""Tournaments in words: the sign-up message, each round's pairings, the standings, the
champion, the match threads' first message, the list and a tournament's rounds.

Every image has its text beside it for screen readers. Names are user-chosen: cleaned of
markdown and mentions, and clipped.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import discord

from bot.discord.core.format import mention, when
from bot.discord.core.views import (
    CONTENT_MAX,
    Outgoing,
    StaticView,
    button,
    clean,
    clip,
    option,
    select,
)
from bot.discord.tournaments import ids
from bot.learn.glossary import quoted, record, score
from bot.service.tournaments import TournamentView
from bot.storage.tournaments import (
    BY_ORGANISER,
    CANCELLED,
    FINISHED,
    RUNNING,
    SIGNUP,
    GameRecord,
)
from bot.tournament.event import table
from bot.tournament.games import (
    A_WINS,
    B_WINS,
    BOTH_LOSE,
    BYE,
    DRAW,
    ELIMINATION,
    FORMAT_NAMES,
    ROUND_ROBIN,
    SWISS,
    WALKOVER,
)
from bot.tournament.standings import Line
from bot.tournament.views import points_text, round_name

NAME_MAX = 24
EMBED_MAX = 4096
EMBEDS_MAX_TOTAL = 6000
SHOWN_REPLAYS = 25
TROPHY, SCROLL, SWORDS = "\U0001f3c6", "\U0001f4dc", "\u2694\ufe0f"
RULES = {
    SWISS: "Each round pairs players with the same score, never twice the same two while "
           "another pairing exists; an odd player out gets a bye, worth a win, at most once.",
    ELIMINATION: "Lose once and you are out; seeds come from this server's ladder (random "
                 "for players without a ladder score), and the top seeds get the byes.",
    ROUND_ROBIN: "Everyone plays everyone once; with an odd count, one player a round has a "
                 "bye, worth a win.",
}


def name(text: str) -> str:
    """A player's or tournament's name, safe to show and short enough."""
    return clean(clip(text, NAME_MAX))


def title(view: TournamentView) -> str:
    """The tournament's name in bold."""
    return f"**{clean(clip(view.tournament.name, 60))}**"


def rounds_text(view: TournamentView) -> str:
    """How many rounds: "3 rounds", or before the start what decides it."""
    t = view.tournament
    if t.rounds is not None:
        return "1 round" if t.rounds == 1 else f"{t.rounds} rounds"
    if t.format == SWISS:
        if t.rounds_asked is not None:
            return f"{t.rounds_asked} rounds" if t.rounds_asked > 1 else "1 round"
        return "rounds: ceil(log2(players))"
    if t.format == ROUND_ROBIN:
        return "everyone plays everyone"
    return "until one player is left"


def format_line(view: TournamentView) -> str:
    """"Swiss · 3 rounds · ranked"."""
    t = view.tournament
    rated = ("ranked: rated on the ladder" if t.ranked
             else "casual: not rated on the ladder")
    return f"{FORMAT_NAMES[t.format]} \u00b7 {rounds_text(view)} \u00b7 {rated}"


# --------------------------------------------------------------------- sign-up

def signup_message(view: TournamentView) -> Outgoing:
    """The public sign-up: format, rules, start, the players so far, and Join, Leave, Start
    now and Cancel while sign-up is open."""
    t = view.tournament
    head = f"{TROPHY} {title(view)} \u00b7 {format_line(view)}"
    organiser = f"Organised by {mention(t.organiser_id)}."
    if t.status == SIGNUP:
        start = (f"Starts {when(t.starts_at)} (<t:{int(t.starts_at)}:f>)" if t.starts_at
                 else "Starts when the organiser presses **Start now**")
        state = f"{start}. Up to {t.max_players} players."
    elif t.status == RUNNING:
        state = (f"**Started**: {round_name(view.round, t.rounds or 0, t.format)} is on. "
                 "`/gwent tournament standings` shows where everyone stands.")
    elif t.status == FINISHED:
        champion = (f"{mention(t.champion_id)} is the champion!" if t.champion_id
                    else "it ended without a champion.")
        state = f"**Over**: {champion}"
    else:
        state = "**Cancelled** by the organiser."
    rules = (f"{RULES[t.format]} Every match is a normal match in its own thread. A player "
             "not ready when the lobby's timer runs out forfeits. `/gwent rules` explains "
             "the standings.")
    players = [name(p.name) for p in view.players]
    listed = _players_line(players, t.max_players)
    content = "\n".join([head, f"{organiser} {state}", rules, listed])
    if t.status == RUNNING:
        return Outgoing(content, StaticView(button("Cancel", ids.signup(t.id, "cancel"),
                                                   style=discord.ButtonStyle.danger)))
    if t.status != SIGNUP:
        return Outgoing(content)
    view_ = StaticView(
        button("Join", ids.signup(t.id, "join"), style=discord.ButtonStyle.success),
        button("Leave", ids.signup(t.id, "leave")),
        button("Start now", ids.signup(t.id, "start"), style=discord.ButtonStyle.primary),
        button("Cancel", ids.signup(t.id, "cancel"), style=discord.ButtonStyle.danger))
    return Outgoing(content, view_)


def _players_line(players: list[str], limit: int) -> str:
    """"**Players (3/64):** Alice, Bob, Carol", shortened to fit a message."""
    head = f"**Players ({len(players)}/{limit}):** "
    if not players:
        return head + "nobody yet: press **Join**."
    room = CONTENT_MAX - 900  # the other lines of the message are shorter than this
    shown: list[str] = []
    for i, player in enumerate(players):
        more = f" and {len(players) - i} more"
        if len(head) + len(", ".join([*shown, player])) + len(more) > room:
            return head + ", ".join(shown) + more
        shown.append(player)
    return head + ", ".join(shown)


# ---------------------------------------------------------------------- rounds

def game_line(view: TournamentView, record_: GameRecord, *, links: bool = True) -> str:
    """One table of a round: who plays whom, where, and the result."""
    game = record_.game
    a = mention(game.a)
    if game.kind == BYE:
        return f"{game.table}. {a} has a bye (1 point)"
    b = mention(game.b) if game.b is not None else "nobody"
    if game.kind == WALKOVER:
        if game.result == BOTH_LOSE:
            return f"{game.table}. {a} and {b}: both left"
        winner = a if game.result == A_WINS else b
        return f"{game.table}. {winner} wins: the opponent left"
    where = ""
    if links and record_.thread_id is not None:
        where = f" \u00b7 <#{record_.thread_id}>"
    if record_.match_id is not None:
        where += f" \u00b7 match {record_.match_id}"
    if record_.set_by == BY_ORGANISER:
        how = " (set by the organiser)"
    elif game.rounds == (0, 0):
        how = " by forfeit" if game.result in (A_WINS, B_WINS) else ""
    else:
        first, second = game.rounds if game.result != B_WINS else game.rounds[::-1]
        how = f" {score(first, second)}"
    if game.result == A_WINS:
        return f"{game.table}. {a} beat {b}{how}{where}"
    if game.result == B_WINS:
        return f"{game.table}. {b} beat {a}{how}{where}"
    if game.result == DRAW:
        return f"{game.table}. {a} drew with {b}{how}{where}"
    if game.result == BOTH_LOSE:
        return f"{game.table}. {a} and {b}: both out{where}"
    return f"{game.table}. {a} vs {b}: playing{where}"


def standing_line(view: TournamentView, line: Line) -> str:
    """One player's line of the standings, for screen readers."""
    player = name(view.names.get(line.user_id, "Unknown player"))
    left = " (left)" if not line.active else ""
    if view.tournament.format == ELIMINATION:
        if line.out_in is None:
            reached = "champion" if view.tournament.status == FINISHED else "still in"
        else:
            reached = f"out in the {round_name(line.out_in, view.event.rounds, ELIMINATION)}"
        return f"{line.position}. {player}{left}: {reached}"
    byes = f", {line.byes} bye" + ("s" if line.byes > 1 else "") if line.byes else ""
    return (f"{line.position}. {player}{left}: {points_line(line.points)} "
            f"({record(line.wins, line.losses, line.draws)}{byes}), Buchholz "
            f"{points_text(line.buchholz)}, S-B {points_text(line.sonneborn_berger)}")


def points_line(points: Fraction) -> str:
    """"1 point", "2.5 points"."""
    return f"{points_text(points)} point" + ("" if points == 1 else "s")


def drop_text(view: TournamentView, player: str, by_organiser: bool) -> str:
    """What a player leaving a running tournament means, for everyone."""
    who = f"{player} is out of" if by_organiser else f"{player} left"
    head = f"{who} {title(view)}: their results stay"
    format_ = view.tournament.format
    if format_ == ELIMINATION:
        return f"{head}, and their opponent goes through."
    if format_ == ROUND_ROBIN:
        return f"{head}, and their opponents win the games they miss."
    return f"{head}; their match this round is lost, and they are paired no more."


def _embed(heading: str, lines: Sequence[str]) -> discord.Embed:
    """Lines in an embed's description (up to 4096 characters), cut with "and N more"."""
    kept: list[str] = []
    for i, line in enumerate(lines):
        more = f"\n\u2026 and {len(lines) - i} more"
        if sum(len(k) + 1 for k in kept) + len(line) + len(more) > EMBED_MAX:
            kept.append(more.strip())
            break
        kept.append(line)
    return discord.Embed(title=heading[:256], description="\n".join(kept))


def round_message(view: TournamentView, number: int, files: tuple[tuple[str, bytes], ...]
                  ) -> Outgoing:
    """A round's pairings (and the standings so far) posted in the sign-up channel."""
    t = view.tournament
    stage = round_name(number, t.rounds or 0, t.format)
    of = "" if t.format == ELIMINATION else f" of {t.rounds}"
    content = (f"{SWORDS} {title(view)} \u00b7 **{stage}{of}**: the pairings are out. "
               "Each match waits in its thread: choose your deck and press Ready.")
    embeds = [_embed(f"{stage}: pairings",
                     [game_line(view, g) for g in view.games_of(number)])]
    if number > 1:
        embeds.append(_embed(f"Standings after round {number - 1}",
                             [standing_line(view, line)
                              for line in table(view.event.through(number - 1))]))
    return Outgoing(content, files=files, embeds=tuple(_fit_embeds(embeds)))


def _fit_embeds(embeds: list[discord.Embed]) -> list[discord.Embed]:
    """Embeds within Discord's 6000 characters per message, the last ones shortened."""
    budget = EMBEDS_MAX_TOTAL - 200
    fitted = []
    for embed in embeds:
        text = embed.description or ""
        if len(text) > budget:
            text = text[:max(budget - 2, 0)].rsplit("\n", 1)[0] + "\n\u2026"
        budget -= len(text) + len(embed.title or "")
        fitted.append(discord.Embed(title=embed.title, description=text))
    return fitted


def standings_message(view: TournamentView, files: tuple[tuple[str, bytes], ...]) -> Outgoing:
    """The live standings (single elimination: how far each player went), image and text."""
    t = view.tournament
    stage = round_name(view.round, t.rounds or 0, t.format)
    state = {SIGNUP: "sign-up is open", RUNNING: f"{stage} is on",
             FINISHED: "final standings", CANCELLED: "cancelled"}[t.status]
    content = f"{SCROLL} {title(view)} \u00b7 {format_line(view)} \u00b7 {state}"
    if not view.rounds:
        return Outgoing(content + "\nNo round has been played yet.")
    lines = [standing_line(view, line) for line in view.standings]
    return Outgoing(content, files=files, embeds=tuple(_fit_embeds([_embed("Standings",
                                                                            lines)])))


def final_message(view: TournamentView, files: tuple[tuple[str, bytes], ...]) -> Outgoing:
    """The champion's announcement with the final standings."""
    t = view.tournament
    if t.champion_id is None:
        head = f"{TROPHY} {title(view)} is over, without a champion: everyone left."
    else:
        head = f"{TROPHY} {title(view)} is over: {mention(t.champion_id)} is the champion!"
    lines = [standing_line(view, line) for line in view.standings]
    mentions = () if t.champion_id is None else (t.champion_id,)
    return Outgoing(head, files=files, mentions=mentions,
                    embeds=tuple(_fit_embeds([_embed("Final standings", lines)])))


def thread_intro(view: TournamentView, record_: GameRecord) -> Outgoing:
    """The first message of a match's thread: whose match it is and what the rules are."""
    game = record_.game
    t = view.tournament
    assert game.b is not None
    stage = round_name(game.round, t.rounds or 0, t.format)
    rated = ("It is rated on the ladder." if t.ranked else "It is casual: not rated on the "
             "ladder.")
    return Outgoing(
        f"{TROPHY} {title(view)} \u00b7 {stage}, table {game.table}: {mention(game.a)} vs "
        f"{mention(game.b)}.\nChoose your deck and press **Ready** in the lobby below. "
        "Tournament rule: a player not ready when the lobby's timer runs out forfeits this "
        "match (rather than playing their current choice). The result counts for the "
        f"tournament as soon as the match ends. {rated}",
        mentions=(game.a, game.b))


def replay_note(view: TournamentView, record_: GameRecord) -> Outgoing:
    """In a thread whose single elimination match was drawn: it is played again."""
    game = record_.game
    assert game.b is not None
    return Outgoing(f"\U0001f501 A draw: {title(view)} is single elimination, so "
                    f"{mention(game.a)} and {mention(game.b)} play this match again.",
                    mentions=(game.a, game.b))


def not_started_message(view: TournamentView) -> Outgoing:
    """At the start time, with too few players."""
    count = len(view.players)
    joined = "1 player joined" if count == 1 else f"{count} players joined"
    return Outgoing(f"\u23f3 {title(view)} could not start at its start time: only {joined}. "
                    f"{mention(view.tournament.organiser_id)} can press **Start now** once "
                    "two have joined, or Cancel it.", mentions=(view.tournament.organiser_id,))


# -------------------------------------------------------------------- list, show

def list_message(views: Sequence[TournamentView]) -> Outgoing:
    """This server's tournaments: upcoming, running and past."""
    if not views:
        return Outgoing("No tournament in this server yet. Members with Manage Server (or "
                        "the organiser role) start one with `/gwent tournament create`.")
    groups = {SIGNUP: "Upcoming", RUNNING: "Running", FINISHED: "Past", CANCELLED: "Past"}
    lines: list[str] = []
    for heading in ("Upcoming", "Running", "Past"):
        found = [v for v in views if groups[v.tournament.status] == heading]
        if found:
            lines.append(f"**{heading}**")
            lines.extend(_list_line(v) for v in found)
    return Outgoing(clip("\n".join(lines), CONTENT_MAX))


def _list_line(view: TournamentView) -> str:
    t = view.tournament
    players = f"{len(view.players)} player" + ("" if len(view.players) == 1 else "s")
    where = f"<#{t.channel_id}>"
    if t.status == SIGNUP:
        start = f"starts {when(t.starts_at)}" if t.starts_at else "starts when started"
        state = f"sign-up open, {start}"
    elif t.status == RUNNING:
        state = f"{round_name(view.round, t.rounds or 0, t.format).lower()} of {t.rounds}"
    elif t.status == FINISHED:
        state = (f"won by {mention(t.champion_id)}" if t.champion_id else "over") + \
            (f" <t:{int(t.finished_at)}:d>" if t.finished_at else "")
    else:
        state = "cancelled"
    return (f"\u2022 {quoted(clean(clip(t.name, 60)))} \u00b7 {FORMAT_NAMES[t.format]} \u00b7 "
            f"{players} \u00b7 {state} \u00b7 {where}")


def show_message(view: TournamentView, replays: Sequence[tuple[int, str]]) -> Outgoing:
    """A tournament's rounds, pairings and results, with links to each match's thread, and
    a select that opens the replay of a finished match."""
    t = view.tournament
    content = (f"{title(view)} \u00b7 {format_line(view)} \u00b7 {len(view.players)} players "
               f"\u00b7 organised by {mention(t.organiser_id)}")
    if not view.rounds:
        return Outgoing(content + "\nSign-up is open: no round yet.")
    embeds: list[discord.Embed] = []
    used = 0
    for number in range(view.round, 0, -1):
        lines = [game_line(view, g) for g in view.games_of(number)]
        embed = _embed(round_name(number, t.rounds or 0, t.format), lines)
        size = len(embed.description or "") + len(embed.title or "")
        if embeds and (used + size > EMBEDS_MAX_TOTAL - 300 or len(embeds) == 10):
            content += (f"\nRounds 1 to {number} are left out here: their matches are in "
                        "`/gwent history` and the threads.")
            break
        embeds.append(embed)
        used += size
    embeds.reverse()
    view_ = None
    if replays:
        view_ = StaticView(select(ids.replays(t.id), "Replay a match", [
            option(label, str(match_id)) for match_id, label in replays[:SHOWN_REPLAYS]]))
    return Outgoing(content, view_, embeds=tuple(_fit_embeds(embeds)))


def replay_label(view: TournamentView, record_: GameRecord) -> str:
    """A finished match in the replay select: "Round 2, table 1: Alice vs Bob"."""
    game = record_.game
    names = view.names
    other = names.get(game.b, "?") if game.b is not None else "?"
    stage = round_name(game.round, view.tournament.rounds or 0, view.tournament.format)
    return f"{stage}, table {game.table}: {clip(names.get(game.a, '?'), 20)} vs {clip(other, 20)}"
