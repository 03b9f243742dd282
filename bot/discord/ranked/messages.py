"""Ranked play in words: the leaderboard, profile and history messages, and what a finished
match changed, for its result message."""

from __future__ import annotations

import math
from collections.abc import Sequence

import discord

from bot.discord.core.views import Outgoing, StaticView, button, clean, clip, option, select
from bot.discord.ranked import ids
from bot.i18n import N_, Language, faction_name
from bot.learn.glossary import record, score
from bot.ranking.match import Record
from bot.ranking.ranks import PIECES, PRO, rank_label
from bot.ranking.rating import (
    BEST_FACTIONS,
    PAIR_PIECE_MATCHES,
    PROVISIONAL_GAMES,
    RAMP_GAMES,
    is_provisional,
)
from bot.ranking.seasons import Season
from bot.ranking.views import (
    ABANDONED,
    LADDER,
    FactionLine,
    LeaderboardPage,
    MatchLine,
    MmrChange,
    Outcome,
    Profile,
)
from bot.service.decks import factions

NAME_MAX = 24
SHORT_NAME_MAX = 16  # names in a history's MMR part, so that 10 matches fit a message
OUTCOME_MARKS = {"win": "\U0001f3c6", "loss": "\u2716\ufe0f", "draw": "\U0001f91d",
                 ABANDONED: "\u231b"}
# How a match in a history ended for its player, by (outcome, how the match ended); an
# outcome alone when the way it ended adds nothing.
OUTCOMES: dict[str | tuple[str, str], str] = {
    "win": N_("Won vs **{opponent}**"), "loss": N_("Lost vs **{opponent}**"),
    "draw": N_("Drew vs **{opponent}**"), ABANDONED: N_("Abandoned vs **{opponent}**"),
    ("win", "forfeit"): N_("Won by forfeit vs **{opponent}**"),
    ("loss", "forfeit"): N_("Lost by forfeit vs **{opponent}**"),
    ("win", "timeout"): N_("Won on time vs **{opponent}**"),
    ("loss", "timeout"): N_("Lost on time vs **{opponent}**")}
# The computer's difficulty, as a practice match in a history names it.
LEVELS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}


def ladder_score_explained(lang: Language) -> str:
    """What a ladder score is, in one sentence: why it is far below the MMRs early in a
    season ("ladder score 51" beside an MMR of 1265 after one game)."""
    # i18n: {best} is 4; {share} is 4% (a faction's part after one game); {games} is 25
    # ("from its 25th game")
    return lang._("Ladder score: a player's {best} best faction MMRs added up, each counting "
                  "{share} after its first game of the season and in full from its {games}th.",
                  best=BEST_FACTIONS, share=lang.percent(1 / RAMP_GAMES), games=RAMP_GAMES)


def ladder_note(lang: Language) -> str:
    """The short line under each ladder image: what its numbers are."""
    # i18n: a small print line under the ladder ("-# " keeps it small in Discord);
    # {ladder} says what a ladder score is
    return lang._("-# {ladder} `/gwent rules ranked` explains every number.",
                  ladder=ladder_score_explained(lang))


def mmr_note(lang: Language) -> str:
    """The short line under each faction board, profile and ranked result."""
    # i18n: a small print line ("-# " keeps it small in Discord); {games} is 5, {pieces} 5.
    return lang._("-# Faction MMR: a rating per faction and season, 1200 at the start, "
                  "provisional for its first {games} games. {pieces} pieces make the next "
                  "rank. `/gwent rules ranked` explains every number.",
                  games=PROVISIONAL_GAMES, pieces=PIECES)


def _name(text: str) -> str:
    return clean(clip(text, NAME_MAX))


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"\u2212{-value}"


def board_title(page: LeaderboardPage, lang: Language) -> str:
    """"Ladder" or "Monsters MMR"."""
    if page.is_ladder:
        return lang._("Ladder")
    return lang._("{faction} MMR", faction=faction_name(page.board, lang.tag))


def _shared(user_id: int, content: str, lang: Language) -> str:
    # i18n: a ranked page posted for everyone; {member} mentions who posted it.
    return lang._("{member} shared: {content}", member=f"<@{user_id}>", content=content)


# ----------------------------------------------------------------- leaderboard

def leaderboard_message(page: LeaderboardPage, png: bytes, seasons: Sequence[Season], *,
                        lang: Language) -> Outgoing:
    """A leaderboard page: the image, a text line for screen readers, pages, Me, Share, and
    selects for the faction and the season."""
    values = {"season": page.season.title(lang), "board": board_title(page, lang),
              "page": page.page + 1, "pages": page.pages}
    if page.in_progress:
        head = lang.ngettext("**{season} \u00b7 {board}** \u00b7 page {page} of {pages} "
                             "\u00b7 {count} player",
                             "**{season} \u00b7 {board}** \u00b7 page {page} of {pages} "
                             "\u00b7 {count} players", page.total, **values)
    else:
        head = lang.ngettext("**{season} \u00b7 {board}**, final standings \u00b7 page {page} "
                             "of {pages} \u00b7 {count} player",
                             "**{season} \u00b7 {board}**, final standings \u00b7 page {page} "
                             "of {pages} \u00b7 {count} players", page.total, **values)
    # i18n: one line of the leaderboard read aloud: position, name, rank, score, record.
    text = "; ".join(lang._("{position}. {name}, {rank}, {score}, {record}",
                            position=s.position, name=_name(s.name),
                            rank=rank_label(s.rank, lang),
                            score=_board_number(page, s.score, s.record.games, lang),
                            record=record(s.record.wins, s.record.losses, s.record.draws,
                                          lang))
                     for s in page.rows)
    at = (page.season.id, page.board, page.page)
    view = StaticView(
        button("\u25c0 " + lang.pgettext("button", "Previous"), ids.leaderboard(*at, "prev"),
               disabled=page.page == 0, row=0),
        button(lang.pgettext("button", "Next") + " \u25b6", ids.leaderboard(*at, "next"),
               disabled=page.page >= page.pages - 1, row=0),
        button(lang.pgettext("button", "Me"), ids.leaderboard(*at, "me"),
               style=discord.ButtonStyle.primary, row=0),
        button(lang.pgettext("button", "Share"), ids.leaderboard(*at, "share"),
               style=discord.ButtonStyle.success, row=0),
        select(ids.leaderboard(*at, "board"),
               lang.pgettext("select placeholder", "Ladder or faction"), [
            option(lang.pgettext("select option", "Ladder"), LADDER,
                   lang.pgettext("select description", "Ladder score: the 4 best faction MMRs"),
                   default=page.is_ladder),
            *(option(faction_name(key, lang.tag), key,
                     lang.pgettext("select description", "{faction} MMR",
                                   faction=faction_name(key, lang.tag)),
                     default=page.board == key)
              for key, _ in factions())], row=1),
        select(ids.leaderboard(*at, "season"), lang.pgettext("select placeholder", "Season"), [
            option(s.title(lang), str(s.id),
                   lang.pgettext("select description", "in progress") if i == 0
                   else s.month_name(lang),
                   default=s == page.season)
            for i, s in enumerate(seasons[:25])], row=2))
    note = ladder_note(lang) if page.is_ladder else mmr_note(lang)
    return Outgoing(f"{head}\n{text}\n{note}", view, files=(("leaderboard.png", png),))


def _board_number(page: LeaderboardPage, value: int, games: int, lang: Language) -> str:
    """"ladder score 4952", or "Monsters MMR 1265" (marked provisional while it is)."""
    if page.is_ladder:
        return lang._("ladder score {score}", score=value)
    faction = faction_name(page.board, lang.tag)
    if is_provisional(games):
        return lang._("{faction} MMR {mmr} (provisional)", faction=faction, mmr=value)
    return lang._("{faction} MMR {mmr}", faction=faction, mmr=value)


def shared_leaderboard_message(page: LeaderboardPage, png: bytes, user_id: int, *,
                               lang: Language) -> Outgoing:
    """The leaderboard page posted for everyone, without components."""
    own = leaderboard_message(page, png, [page.season], lang=lang)
    return Outgoing(_shared(user_id, own.content, lang), None, own.files)


# --------------------------------------------------------------------- profile

def _pieces(pieces: int, lang: Language) -> str:
    """"3 of 5 pieces"."""
    return lang.ngettext("{pieces} of {count} piece", "{pieces} of {count} pieces", PIECES,
                         pieces=pieces)


def profile_text(profile: Profile, *, lang: Language) -> str:
    """The profile in words, every number labelled (the image's text fallback)."""
    rank = rank_label(profile.rank, lang)
    if profile.rank != PRO:
        rank = lang._("{rank} ({pieces})", rank=rank, pieces=_pieces(profile.pieces, lang))
    if profile.played_season and profile.position is not None:
        ladder = lang._("#{position} of {size} on the {season} ladder (ladder score {score})",
                        position=profile.position, size=profile.ladder_size,
                        season=profile.season, score=profile.score)
    else:
        ladder = lang._("not on the {season} ladder yet", season=profile.season)
    parts = [lang._("**{name}** \u00b7 {rank} \u00b7 {ladder}.", name=_name(profile.name),
                    rank=rank, ladder=ladder),
             lang._("Ranked {ranked} \u00b7 casual {casual} \u00b7 practice {practice}",
                    ranked=_record(profile.ranked, lang), casual=_record(profile.casual, lang),
                    practice=_record(profile.practice, lang))]
    rate = profile.round_win_rate
    if rate is not None:
        parts.append(" \u00b7 " + lang._("rounds won {percent}", percent=lang.percent(rate)))
    if profile.favourite:
        parts.append(" \u00b7 " + lang._("favourite faction {faction}",
                                         faction=faction_name(profile.favourite, lang.tag)))
    if profile.tournaments_played:
        parts.append(" \u00b7 " + lang._("tournaments {played} played, {won} won",
                                         played=profile.tournaments_played,
                                         won=profile.tournaments_won))
    played = [_faction_mmr(f, lang) for f in profile.factions if f.record.games]
    if played:
        parts.append(".\n" + lang._("Faction MMR: {factions}", factions=", ".join(played)))
    notes = [f"-# {ladder_score_explained(lang)}"] if profile.played_season else []
    return "\n".join([parts[0], "".join(parts[1:]) + ".", *notes, mmr_note(lang)])


def _record(rec: Record, lang: Language) -> str:
    return record(rec.wins, rec.losses, rec.draws, lang)


def _faction_mmr(line: FactionLine, lang: Language) -> str:
    """"Monsters 1265", marked while provisional."""
    faction = faction_name(line.faction, lang.tag)
    if line.provisional:
        return lang._("{faction} {mmr} (provisional, {games} of {total} games)",
                      faction=faction, mmr=line.mmr, games=line.record.games,
                      total=PROVISIONAL_GAMES)
    return f"{faction} {line.mmr}"


def profile_message(profile: Profile, png: bytes, *, lang: Language) -> Outgoing:
    """The profile card with its text, and Share."""
    view = StaticView(button(lang.pgettext("button", "Share"), ids.stats(profile.user_id),
                             style=discord.ButtonStyle.success))
    return Outgoing(profile_text(profile, lang=lang), view, files=(("profile.png", png),))


def shared_profile_message(profile: Profile, png: bytes, user_id: int, *,
                           lang: Language) -> Outgoing:
    """The profile card posted for everyone, without components."""
    own = profile_message(profile, png, lang=lang)
    return Outgoing(_shared(user_id, own.content, lang), None, own.files)


# --------------------------------------------------------------------- history

def match_text(line: MatchLine, name: str, *, lang: Language) -> str:
    """One match of a history, with its thread, final score and MMR changes, marked casual,
    unranked practice or not rated."""
    won_rounds, lost_rounds = line.rounds_won
    if line.practice is not None:
        # i18n: the opponent of a practice match; {level} is easy, normal or hard.
        opponent = lang._("Computer ({level})",
                          level=lang._(LEVELS.get(line.practice, line.practice)))
    else:
        opponent = _name(line.opponent_name)
    scores = ", ".join(score(a, b, lang) for a, b in line.rounds)
    final = score(won_rounds, lost_rounds, lang) + (f" ({scores})" if scores else "")
    how = OUTCOMES.get((line.outcome, line.ended_by), OUTCOMES[line.outcome])
    text = (f"{OUTCOME_MARKS[line.outcome]} {lang._(how, opponent=opponent)} \u00b7 {final} "
            f"\u00b7 <t:{int(line.finished_at)}:d>")
    if line.channel_id is not None:
        text += f" \u00b7 <#{line.channel_id}>"
    if line.practice is not None:
        return text + " \u00b7 " + lang._("practice, unranked")
    if line.casual:
        return text + " \u00b7 " + lang._("casual")
    if not line.rated or line.mine is None or line.theirs is None:
        return text + " \u00b7 " + lang._("not rated")
    # i18n: the MMR changes of a rated match: each player's name and change ("+65").
    return text + " \u00b7 " + lang._(
        "MMR {name} {change}, {opponent} {opponent_change}",
        name=clean(clip(name, SHORT_NAME_MAX)), change=_signed(line.mine.delta),
        opponent=clean(clip(line.opponent_name, SHORT_NAME_MAX)),
        opponent_change=_signed(line.theirs.delta))


def history_message(user_id: int, name: str, lines: Sequence[MatchLine], page: int,
                    older: bool, *, lang: Language) -> Outgoing:
    """A page of a member's matches, newest first, with Newer, Older and Share."""
    head = lang._("**{name}'s matches in this server**, newest first (page {page}):",
                  name=_name(name), page=page + 1)
    body = ("\n".join(match_text(line, name, lang=lang) for line in lines)
            or lang._("No older matches."))
    view = StaticView(
        button("\u25c0 " + lang.pgettext("button", "Newer"), ids.history(user_id, page, "newer"),
               disabled=page == 0),
        button(lang.pgettext("button", "Older") + " \u25b6", ids.history(user_id, page, "older"),
               disabled=not older),
        button(lang.pgettext("button", "Share"), ids.history(user_id, page, "share"),
               style=discord.ButtonStyle.success))
    return Outgoing(f"{head}\n{body}", view)


def shared_history_message(user_id: int, content: str, *, lang: Language) -> Outgoing:
    """A page of a member's matches posted for everyone, without components."""
    return Outgoing(_shared(user_id, content, lang))


# ---------------------------------------------------------------- result lines

def rank_change_text(change: MmrChange, lang: Language) -> str:
    """The rank part of a result line: pieces won or lost, or a new rank."""
    before, after = change.rank_before, change.rank_after
    if after == PRO:
        return lang._("reached **Pro Rank**!") if before != PRO else lang._("Pro Rank")
    pieces = _pieces(change.pieces_after, lang)
    if after < before:
        return lang._("**up to rank {rank}** ({pieces})", rank=after, pieces=pieces)
    if after > before:
        return lang._("down to rank {rank} ({pieces})", rank=after, pieces=pieces)
    moved = change.pieces_after - change.pieces_before
    if moved:
        # i18n: {change} is the pieces won or lost, with its sign ("+1", "-2").
        return lang.ngettext("rank {rank}, {pieces} ({change} piece)",
                             "rank {rank}, {pieces} ({change} pieces)", abs(moved),
                             rank=after, pieces=pieces, change=_signed(moved))
    return lang._("rank {rank}, {pieces} (unchanged)", rank=after, pieces=pieces)


def mmr_text(change: MmrChange, lang: Language) -> str:
    """A faction MMR change, labelled: "faction MMR 1200 \u2192 1265 (+65, provisional: 1 of
    5 games)", or "faction MMR 1200 (unchanged)"."""
    notes = [_signed(change.delta) if change.delta else lang._("unchanged")]
    if change.provisional:
        notes.append(lang._("provisional: {games} of {total} games", games=change.games,
                            total=PROVISIONAL_GAMES))
    values = (f"{change.mmr_before} \u2192 {change.mmr_after}" if change.delta
              else str(change.mmr_after))
    # i18n: {values}: "1200 → 1265" or "1200"; {notes}: the change and whether provisional.
    return lang._("faction MMR {values} ({notes})", values=values, notes=", ".join(notes))


def ranked_lines(outcome: Outcome | None, names: tuple[str, str], *,
                 lang: Language) -> list[str]:
    """What a match changed in ranked play, one line per player, or why it changed nothing
    (practice, casual, abandoned...)."""
    if outcome is None or (not outcome.rated and outcome.reason is None):
        return []
    if not outcome.rated:
        assert outcome.reason is not None
        return [lang.say(outcome.reason)]
    lines = []
    for seat, change in enumerate(outcome.changes):
        mark = ("\U0001f4c8" if change.delta > 0 else "\U0001f4c9" if change.delta < 0
                else "\u2796")
        lines.append(f"{mark} **{_name(names[seat])}** "
                     f"({faction_name(change.faction, lang.tag)}): "
                     f"{mmr_text(change, lang)} \u00b7 {rank_change_text(change, lang)}")
    if outcome.weight < 1:
        earlier = round(-math.log2(outcome.weight))
        note = "\u2696\ufe0f " + lang.ngettext(
            "Counted at {percent}: these two already played {count} rated match in the last "
            "24 hours.",
            "Counted at {percent}: these two already played {count} rated matches in the last "
            "24 hours.", earlier, percent=lang.percent(outcome.weight))
        if earlier >= PAIR_PIECE_MATCHES:
            note += " " + lang._("Rank pieces do not move.")
        lines.append(note)
    return [*lines, mmr_note(lang)]


def with_ranked_lines(out: Outgoing, lines: Sequence[str]) -> Outgoing:
    """A message with ranked play's lines added at the end of its text."""
    if not lines:
        return out
    return Outgoing("\n".join([out.content, *lines]), out.view, out.files, out.mentions)
