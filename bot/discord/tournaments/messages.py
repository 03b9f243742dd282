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
from bot.i18n import N_, Language
from bot.learn.glossary import quoted, record, score
from bot.service.tournaments import MIN_PLAYERS, TournamentView
from bot.storage.tournaments import (
    BY_ORGANISER,
    CANCELLED,
    FINISHED,
    RUNNING,
    SIGNUP,
    GameRecord,
)
from bot.tournament.event import table
from bot.tournament.formats import planned_rounds
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
from bot.tournament.views import UNKNOWN, points_text, round_label, round_name

NAME_MAX = 24
EMBED_MAX = 4096
EMBEDS_MAX_TOTAL = 6000
SHOWN_REPLAYS = 25
TROPHY, SCROLL, SWORDS = "\U0001f3c6", "\U0001f4dc", "\u2694\ufe0f"
RULES = {
    SWISS: N_("Each round pairs players with the same score, never twice the same two while "
              "another pairing exists; an odd player out gets a bye, worth a win, at most "
              "once."),
    ELIMINATION: N_("Lose once and you are out; seeds come from this server's ladder (random "
                    "for players without a ladder score), and the top seeds get the byes."),
    ROUND_ROBIN: N_("Everyone plays everyone once; with an odd count, one player a round has "
                    "a bye, worth a win."),
}
# What a player leaving a running tournament means, for everyone: by the organiser or not,
# and by format. {player} is a mention or a name, {tournament} the tournament's name.
LEFT = {
    (True, ELIMINATION): N_("{player} is out of {tournament}: their results stay, and their "
                            "opponent goes through."),
    (True, ROUND_ROBIN): N_("{player} is out of {tournament}: their results stay, and their "
                            "opponents win the games they miss."),
    (True, SWISS): N_("{player} is out of {tournament}: their results stay; their match this "
                      "round is lost, and they are paired no more."),
    (False, ELIMINATION): N_("{player} left {tournament}: their results stay, and their "
                             "opponent goes through."),
    (False, ROUND_ROBIN): N_("{player} left {tournament}: their results stay, and their "
                             "opponents win the games they miss."),
    (False, SWISS): N_("{player} left {tournament}: their results stay; their match this "
                       "round is lost, and they are paired no more."),
}
# The list's headings, in their order, and the statuses under each.
HEADINGS = ((N_("Upcoming"), (SIGNUP,)), (N_("Running"), (RUNNING,)),
            (N_("Past"), (FINISHED, CANCELLED)))


def name(text: str) -> str:
    """A player's or tournament's name, safe to show and short enough."""
    return clean(clip(text, NAME_MAX))


def title(view: TournamentView) -> str:
    """The tournament's name in bold."""
    return f"**{clean(clip(view.tournament.name, 60))}**"


def rounds_text(view: TournamentView, *, lang: Language) -> str:
    """How many rounds: "3 rounds", or before the start what decides it."""
    t = view.tournament
    count = t.rounds if t.rounds is not None else (
        t.rounds_asked if t.format == SWISS else None)
    if count is not None:
        return lang.ngettext("{count} round", "{count} rounds", count)
    if t.format == SWISS:
        players = max(len(view.players), MIN_PLAYERS)
        # i18n: how many rounds a Swiss tournament will have with the players joined so
        # far (at least 2); {players} is that number of players
        return lang.ngettext("{count} round with {players} players (one more each time the "
                             "number of players doubles)",
                             "{count} rounds with {players} players (one more each time the "
                             "number of players doubles)",
                             planned_rounds(SWISS, players, None), players=lang.number(players))
    if t.format == ROUND_ROBIN:
        return lang._("everyone plays everyone")
    return lang._("until one player is left")


def format_line(view: TournamentView, *, lang: Language) -> str:
    """"Swiss · 3 rounds · ranked"."""
    t = view.tournament
    rated = (lang._("ranked: rated on the ladder") if t.ranked
             else lang._("casual: not rated on the ladder"))
    return (f"{lang._(FORMAT_NAMES[t.format])} \u00b7 {rounds_text(view, lang=lang)} "
            f"\u00b7 {rated}")


# --------------------------------------------------------------------- sign-up

def signup_message(view: TournamentView, *, lang: Language) -> Outgoing:
    """The public sign-up: format, rules, start, the players so far, and Join, Leave, Start
    now and Cancel while sign-up is open."""
    t = view.tournament
    head = f"{TROPHY} {title(view)} \u00b7 {format_line(view, lang=lang)}"
    organiser = lang._("Organised by {organiser}.", organiser=mention(t.organiser_id))
    if t.status == SIGNUP:
        if t.starts_at:
            # i18n: {when} counts down ("in 2 hours"), {at} is the date and time
            state = lang.ngettext("Starts {when} ({at}). Up to {count} player.",
                                  "Starts {when} ({at}). Up to {count} players.",
                                  t.max_players, when=when(t.starts_at),
                                  at=f"<t:{int(t.starts_at)}:f>")
        else:
            state = lang.ngettext("Starts when the organiser presses **Start now**. Up to "
                                  "{count} player.",
                                  "Starts when the organiser presses **Start now**. Up to "
                                  "{count} players.", t.max_players)
    elif t.status == RUNNING:
        state = lang._("**Started**: {stage} is on. `/gwent tournament standings` shows where "
                       "everyone stands.",
                       stage=round_name(view.round, t.rounds or 0, t.format, lang=lang))
    elif t.status == FINISHED:
        state = (lang._("**Over**: {champion} is the champion!",
                        champion=mention(t.champion_id)) if t.champion_id
                 else lang._("**Over**: it ended without a champion."))
    else:
        state = lang._("**Cancelled** by the organiser.")
    rules = " ".join([lang._(RULES[t.format]), lang._(
        "Every match is a normal match in its own thread. A player not ready when the "
        "lobby's timer runs out forfeits. `/gwent rules` explains the standings.")])
    players = [name(p.name) for p in view.players]
    listed = _players_line(players, t.max_players, lang=lang)
    content = "\n".join([head, f"{organiser} {state}", rules, listed])
    cancel = button(lang.pgettext("button", "Cancel"), ids.signup(t.id, "cancel"),
                    style=discord.ButtonStyle.danger)
    if t.status == RUNNING:
        return Outgoing(content, StaticView(cancel))
    if t.status != SIGNUP:
        return Outgoing(content)
    view_ = StaticView(
        button(lang.pgettext("button", "Join"), ids.signup(t.id, "join"),
               style=discord.ButtonStyle.success),
        button(lang.pgettext("button", "Leave"), ids.signup(t.id, "leave")),
        button(lang.pgettext("button", "Start now"), ids.signup(t.id, "start"),
               style=discord.ButtonStyle.primary),
        cancel)
    return Outgoing(content, view_)


def _players_line(players: list[str], limit: int, *, lang: Language) -> str:
    """"**Players (3/64):** Alice, Bob, Carol", shortened to fit a message."""
    count, most = lang.number(len(players)), lang.number(limit)
    if not players:
        return lang._("**Players ({count}/{limit}):** nobody yet: press **Join**.",
                      count=count, limit=most)
    room = CONTENT_MAX - 900  # the other lines of the message are shorter than this

    def cut(listed: list[str], more: int) -> str:
        # i18n: {players} lists names; {count} is how many more are not listed
        return lang.ngettext("**Players ({joined}/{limit}):** {players} and {count} more",
                             "**Players ({joined}/{limit}):** {players} and {count} more",
                             more, joined=count, limit=most, players=", ".join(listed))

    shown: list[str] = []
    for i, player in enumerate(players):
        if len(cut([*shown, player], len(players) - i)) > room:
            return cut(shown, len(players) - i)
        shown.append(player)
    return lang._("**Players ({count}/{limit}):** {players}", count=count, limit=most,
                  players=", ".join(shown))


# ---------------------------------------------------------------------- rounds

def game_line(view: TournamentView, record_: GameRecord, *, lang: Language,
              links: bool = True) -> str:
    """One table of a round: who plays whom, where, and the result."""
    game = record_.game
    table_ = lang.number(game.table)
    a = mention(game.a)
    if game.kind == BYE:
        return lang._("{table}. {player} has a bye (1 point)", table=table_, player=a)
    b = mention(game.b) if game.b is not None else lang._("nobody")
    if game.kind == WALKOVER:
        if game.result == BOTH_LOSE:
            return lang._("{table}. {a} and {b}: both left", table=table_, a=a, b=b)
        return lang._("{table}. {winner} wins: the opponent left", table=table_,
                      winner=a if game.result == A_WINS else b)
    where = ""
    if links and record_.thread_id is not None:
        where = f" \u00b7 <#{record_.thread_id}>"
    if record_.match_id is not None:
        where += " \u00b7 " + lang._("match {number}", number=record_.match_id)
    return _result_line(record_, table_, a, b, lang=lang) + where


def _result_line(record_: GameRecord, table_: str, a: str, b: str, *, lang: Language) -> str:
    """A played game's table, players and result, in one sentence."""
    game = record_.game
    if game.result is None:
        return lang._("{table}. {a} vs {b}: playing", table=table_, a=a, b=b)
    if game.result == BOTH_LOSE:
        return lang._("{table}. {a} and {b}: both out", table=table_, a=a, b=b)
    if game.result == DRAW:
        first, second = game.rounds
        if record_.set_by == BY_ORGANISER:
            return lang._("{table}. {a} drew with {b} (set by the organiser)", table=table_,
                          a=a, b=b)
        if game.rounds == (0, 0):
            return lang._("{table}. {a} drew with {b}", table=table_, a=a, b=b)
        return lang._("{table}. {a} drew with {b} {score}", table=table_, a=a, b=b,
                      score=score(first, second, lang))
    winner, loser = (a, b) if game.result == A_WINS else (b, a)
    if record_.set_by == BY_ORGANISER:
        return lang._("{table}. {winner} beat {loser} (set by the organiser)", table=table_,
                      winner=winner, loser=loser)
    if game.rounds == (0, 0):
        return lang._("{table}. {winner} beat {loser} by forfeit", table=table_,
                      winner=winner, loser=loser)
    first, second = game.rounds if game.result != B_WINS else game.rounds[::-1]
    # i18n: {score} is the Gwent rounds each won, like 2-1
    return lang._("{table}. {winner} beat {loser} {score}", table=table_, winner=winner,
                  loser=loser, score=score(first, second, lang))


def standing_line(view: TournamentView, line: Line, *, lang: Language) -> str:
    """One player's line of the standings, for screen readers."""
    player = name(view.names.get(line.user_id, lang._(UNKNOWN)))
    if not line.active:
        # i18n: a player who left the tournament, in the standings
        player = lang._("{player} (left)", player=player)
    position = lang.number(line.position)
    if view.tournament.format == ELIMINATION:
        if line.out_in is None:
            reached = (lang._("champion") if view.tournament.status == FINISHED
                       else lang._("still in"))
        else:
            reached = lang._("out in the {round}", round=round_name(
                line.out_in, view.event.rounds, ELIMINATION, lang=lang))
        return f"{position}. {player}: {reached}"
    values = {"position": position, "player": player,
              "points": points_line(line.points, lang=lang),
              "record": record(line.wins, line.losses, line.draws, lang),
              "buchholz": points_text(line.buchholz, lang=lang),
              "sb": points_text(line.sonneborn_berger, lang=lang)}
    if line.byes:
        # i18n: the tie-breaks in plain words: {buchholz} is the sum of the points of the
        # opponents met (Buchholz), {sb} the points of the opponents beaten (Sonneborn-Berger)
        return lang.ngettext("{position}. {player}: {points} ({record}, {count} bye), "
                             "opponents' points {buchholz}, beaten opponents' points {sb}",
                             "{position}. {player}: {points} ({record}, {count} byes), "
                             "opponents' points {buchholz}, beaten opponents' points {sb}",
                             line.byes, **values)
    # i18n: the tie-breaks in plain words: {buchholz} is the sum of the points of the
    # opponents met (Buchholz), {sb} the points of the opponents beaten (Sonneborn-Berger)
    return lang._("{position}. {player}: {points} ({record}), opponents' points {buchholz}, "
                  "beaten opponents' points {sb}", **values)


def tie_breaks_note(view: TournamentView, *, lang: Language) -> str:
    """The small print under standings: how ties are broken, and where to read more
    (nothing for single elimination, which ranks players by the round reached)."""
    if view.tournament.format == ELIMINATION:
        return ""
    # i18n: a small print line under a tournament's standings ("-# " keeps it small)
    return "\n" + lang._("-# Ties go to more opponents' points (the points of everyone you "
                         "played), then beaten opponents' points (of those you beat, half for "
                         "a draw). `/gwent rules` explains every tie-break under Tournaments.")


def points_line(points: Fraction, *, lang: Language) -> str:
    """"1 point", "2.5 points"."""
    if points.denominator == 1:
        return lang.ngettext("{count} point", "{count} points", points.numerator)
    # i18n: a number of points with a half, like 2.5
    return lang._("{points} points", points=points_text(points, lang=lang))


def drop_text(view: TournamentView, player: str, by_organiser: bool, *,
              lang: Language) -> str:
    """What a player leaving a running tournament means, for everyone."""
    format_ = view.tournament.format
    return lang._(LEFT[by_organiser, format_ if format_ in (ELIMINATION, ROUND_ROBIN)
                       else SWISS], player=player, tournament=title(view))


def off_the_list(view: TournamentView, player: str, *, lang: Language) -> str:
    """A player taken off the sign-up list, for everyone."""
    return lang._("{player} is off the sign-up list of {tournament}.", player=player,
                  tournament=title(view))


def _embed(heading: str, lines: Sequence[str], *, lang: Language) -> discord.Embed:
    """Lines in an embed's description (up to 4096 characters), cut with "and N more"."""
    kept: list[str] = []
    for i, line in enumerate(lines):
        more = "\n" + lang.ngettext("\u2026 and {count} more", "\u2026 and {count} more",
                                    len(lines) - i)
        if sum(len(k) + 1 for k in kept) + len(line) + len(more) > EMBED_MAX:
            kept.append(more.strip())
            break
        kept.append(line)
    return discord.Embed(title=heading[:256], description="\n".join(kept))


def round_message(view: TournamentView, number: int, files: tuple[tuple[str, bytes], ...],
                  *, lang: Language) -> Outgoing:
    """A round's pairings with their results so far (and the standings before it), posted
    in the sign-up channel and kept up to date as results come in."""
    t = view.tournament
    stage = round_name(number, t.rounds or 0, t.format, lang=lang)
    label = round_label(number, t.rounds or 0, t.format, lang=lang)
    if any(r.number == number and r.finished_at is not None for r in view.rounds):
        content = SWORDS + " " + lang._("{tournament} \u00b7 **{round}**: every match has its "
                                        "result.", tournament=title(view), round=label)
    else:
        content = SWORDS + " " + lang._(
            "{tournament} \u00b7 **{round}**: the pairings are out. Each match waits in its "
            "thread: choose your deck and press Ready. Results show here as they come in.",
            tournament=title(view), round=label)
    embeds = [_embed(lang.pgettext("embed title", "{round}: pairings", round=stage),
                     [game_line(view, g, lang=lang) for g in view.games_of(number)],
                     lang=lang)]
    if number > 1:
        embeds.append(_embed(
            lang.pgettext("embed title", "Standings after round {number}",
                          number=lang.number(number - 1)),
            [standing_line(view, line, lang=lang)
             for line in table(view.event.through(number - 1))], lang=lang))
        content += tie_breaks_note(view, lang=lang)
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


def standings_message(view: TournamentView, files: tuple[tuple[str, bytes], ...], *,
                      lang: Language) -> Outgoing:
    """The live standings (single elimination: how far each player went), image and text."""
    t = view.tournament
    if t.status == SIGNUP:
        state = lang._("sign-up is open")
    elif t.status == RUNNING:
        state = lang._("{round} is on",
                       round=round_name(view.round, t.rounds or 0, t.format, lang=lang))
    elif t.status == FINISHED:
        state = lang._("final standings")
    else:
        state = lang._("cancelled")
    content = f"{SCROLL} {title(view)} \u00b7 {format_line(view, lang=lang)} \u00b7 {state}"
    if not view.rounds:
        return Outgoing(content + "\n" + lang._("No round has been played yet."))
    lines = [standing_line(view, line, lang=lang) for line in view.standings]
    return Outgoing(content + tie_breaks_note(view, lang=lang), files=files,
                    embeds=tuple(_fit_embeds([_embed(lang.pgettext("embed title", "Standings"),
                                                     lines, lang=lang)])))


def final_message(view: TournamentView, files: tuple[tuple[str, bytes], ...], *,
                  lang: Language) -> Outgoing:
    """The champion's announcement with the final standings."""
    t = view.tournament
    if t.champion_id is None:
        head = lang._("{tournament} is over, without a champion: everyone left.",
                      tournament=title(view))
    else:
        head = lang._("{tournament} is over: {champion} is the champion!",
                      tournament=title(view), champion=mention(t.champion_id))
    lines = [standing_line(view, line, lang=lang) for line in view.standings]
    mentions = () if t.champion_id is None else (t.champion_id,)
    return Outgoing(f"{TROPHY} {head}{tie_breaks_note(view, lang=lang)}", files=files,
                    mentions=mentions,
                    embeds=tuple(_fit_embeds([_embed(
                        lang.pgettext("embed title", "Final standings"), lines, lang=lang)])))


def thread_intro(view: TournamentView, record_: GameRecord, *, lang: Language) -> Outgoing:
    """The first message of a match's thread: whose match it is and what the rules are."""
    game = record_.game
    t = view.tournament
    assert game.b is not None
    rated = (lang._("It is rated on the ladder.") if t.ranked
             else lang._("It is casual: not rated on the ladder."))
    intro = lang._(
        "{tournament} \u00b7 {round}, table {table}: {a} vs {b}.\nChoose your deck and press "
        "**Ready** in the lobby below. Tournament rule: a player not ready when the lobby's "
        "timer runs out forfeits this match (rather than playing their current choice). The "
        "result counts for the tournament as soon as the match ends.",
        tournament=title(view), round=round_name(game.round, t.rounds or 0, t.format,
                                                 lang=lang),
        table=lang.number(game.table), a=mention(game.a), b=mention(game.b))
    return Outgoing(f"{TROPHY} {intro} {rated}", mentions=(game.a, game.b))


def replay_note(view: TournamentView, record_: GameRecord, *, lang: Language) -> Outgoing:
    """In a thread whose single elimination match was drawn: it is played again."""
    game = record_.game
    assert game.b is not None
    return Outgoing("\U0001f501 " + lang._(
        "A draw: {tournament} is single elimination, so {a} and {b} play this match again.",
        tournament=title(view), a=mention(game.a), b=mention(game.b)),
        mentions=(game.a, game.b))


def not_started_message(view: TournamentView, *, lang: Language) -> Outgoing:
    """At the start time, with too few players."""
    organiser = view.tournament.organiser_id
    return Outgoing("\u23f3 " + lang.ngettext(
        "{tournament} could not start at its start time: only {count} player joined. "
        "{organiser} can press **Start now** once two have joined, or Cancel it.",
        "{tournament} could not start at its start time: only {count} players joined. "
        "{organiser} can press **Start now** once two have joined, or Cancel it.",
        len(view.players), tournament=title(view), organiser=mention(organiser)),
        mentions=(organiser,))


# -------------------------------------------------------------------- list, show

def list_message(views: Sequence[TournamentView], *, lang: Language) -> Outgoing:
    """This server's tournaments: upcoming, running and past."""
    if not views:
        return Outgoing(lang._("No tournament in this server yet. Members with Manage Server "
                               "(or the organiser role) start one with `/gwent tournament "
                               "create`."))
    lines: list[str] = []
    for heading, statuses in HEADINGS:
        found = [v for v in views if v.tournament.status in statuses]
        if found:
            lines.append(f"**{lang._(heading)}**")
            lines.extend(_list_line(v, lang=lang) for v in found)
    return Outgoing(clip("\n".join(lines), CONTENT_MAX))


def _list_line(view: TournamentView, *, lang: Language) -> str:
    t = view.tournament
    players = lang.ngettext("{count} player", "{count} players", len(view.players))
    where = f"<#{t.channel_id}>"
    if t.status == SIGNUP:
        state = (lang._("sign-up open, starts {when}", when=when(t.starts_at)) if t.starts_at
                 else lang._("sign-up open, starts when started"))
    elif t.status == RUNNING:
        state = round_label(view.round, t.rounds or 0, t.format, lang=lang)
    elif t.status == FINISHED:
        state = (lang._("won by {champion}", champion=mention(t.champion_id))
                 if t.champion_id else lang._("over")) + \
            (f" <t:{int(t.finished_at)}:d>" if t.finished_at else "")
    else:
        state = lang._("cancelled")
    return (f"\u2022 {quoted(clean(clip(t.name, 60)), lang)} \u00b7 "
            f"{lang._(FORMAT_NAMES[t.format])} \u00b7 {players} \u00b7 {state} \u00b7 {where}")


def show_message(view: TournamentView, replays: Sequence[tuple[int, str]], *,
                 lang: Language) -> Outgoing:
    """A tournament's rounds, pairings and results, with links to each match's thread, and
    a select that opens the replay of a finished match."""
    t = view.tournament
    content = " \u00b7 ".join([
        title(view), format_line(view, lang=lang),
        lang.ngettext("{count} player", "{count} players", len(view.players)),
        lang._("organised by {organiser}", organiser=mention(t.organiser_id))])
    if not view.rounds:
        return Outgoing(content + "\n" + lang._("Sign-up is open: no round yet."))
    embeds: list[discord.Embed] = []
    used = 0
    for number in range(view.round, 0, -1):
        lines = [game_line(view, g, lang=lang) for g in view.games_of(number)]
        embed = _embed(round_name(number, t.rounds or 0, t.format, lang=lang), lines,
                       lang=lang)
        size = len(embed.description or "") + len(embed.title or "")
        if embeds and (used + size > EMBEDS_MAX_TOTAL - 300 or len(embeds) == 10):
            content += "\n" + lang._("Rounds 1 to {number} are left out here: their matches "
                                     "are in `/gwent history` and the threads.",
                                     number=lang.number(number))
            break
        embeds.append(embed)
        used += size
    embeds.reverse()
    view_ = None
    if replays:
        view_ = StaticView(select(
            ids.replays(t.id), lang.pgettext("select placeholder", "Replay a match"),
            [option(label, str(match_id)) for match_id, label in replays[:SHOWN_REPLAYS]]))
    return Outgoing(content, view_, embeds=tuple(_fit_embeds(embeds)))


def replay_label(view: TournamentView, record_: GameRecord, *, lang: Language) -> str:
    """A finished match in the replay select: "Round 2, table 1: Alice vs Bob"."""
    game = record_.game
    names = view.names
    other = names.get(game.b, "?") if game.b is not None else "?"
    stage = round_name(game.round, view.tournament.rounds or 0, view.tournament.format,
                       lang=lang)
    return lang.pgettext("select option", "{round}, table {table}: {a} vs {b}", round=stage,
                         table=lang.number(game.table), a=clip(names.get(game.a, "?"), 20),
                         b=clip(other, 20))
