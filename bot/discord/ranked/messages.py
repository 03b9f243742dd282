"""Ranked play in words: the leaderboard, profile and history messages, and what a finished
match changed, for its result message."""

from __future__ import annotations

import math
from collections.abc import Sequence

import discord

from bot.discord.core.format import faction_name
from bot.discord.core.views import Outgoing, StaticView, button, clean, clip, option, select
from bot.discord.ranked import ids
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
OUTCOME_WORDS = {"win": "Won", "loss": "Lost", "draw": "Drew", ABANDONED: "Abandoned"}
OUTCOME_MARKS = {"win": "\U0001f3c6", "loss": "\u2716\ufe0f", "draw": "\U0001f91d",
                 ABANDONED: "\u231b"}
MORE = "`/gwent rules ranked` explains every number."
# The short line under each ranked image and result: what its numbers are.
LADDER_NOTE = (f"-# Ladder score: the sum of a player's {BEST_FACTIONS} best faction MMRs, each "
               f"counted in full from its {RAMP_GAMES}th game of the season. {MORE}")
MMR_NOTE = ("-# Faction MMR: a rating per faction and season, 1200 at the start, provisional "
            f"for its first {PROVISIONAL_GAMES} games. {PIECES} pieces make the next rank. {MORE}")


def _name(text: str) -> str:
    return clean(clip(text, NAME_MAX))


def _signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"\u2212{-value}"


def board_title(page: LeaderboardPage) -> str:
    """"the ladder" or "Monsters"."""
    return "Ladder" if page.is_ladder else f"{faction_name(page.board)} MMR"


# ----------------------------------------------------------------- leaderboard

def leaderboard_message(page: LeaderboardPage, png: bytes, seasons: Sequence[Season]) -> Outgoing:
    """A leaderboard page: the image, a text line for screen readers, pages, Me, Share, and
    selects for the faction and the season."""
    state = "" if page.in_progress else ", final standings"
    head = (f"**{page.season.title} \u00b7 {board_title(page)}**{state} \u00b7 page "
            f"{page.page + 1} of {page.pages} \u00b7 {page.total} "
            f"{'player' if page.total == 1 else 'players'}")
    text = "; ".join(f"{s.position}. {_name(s.name)}, {rank_label(s.rank)}, "
                     f"{_board_number(page, s.score, s.record.games)}, "
                     f"{record(s.record.wins, s.record.losses, s.record.draws)}"
                     for s in page.rows)
    at = (page.season.id, page.board, page.page)
    view = StaticView(
        button("\u25c0 Previous", ids.leaderboard(*at, "prev"), disabled=page.page == 0, row=0),
        button("Next \u25b6", ids.leaderboard(*at, "next"),
               disabled=page.page >= page.pages - 1, row=0),
        button("Me", ids.leaderboard(*at, "me"), style=discord.ButtonStyle.primary, row=0),
        button("Share", ids.leaderboard(*at, "share"), style=discord.ButtonStyle.success, row=0),
        select(ids.leaderboard(*at, "board"), "Ladder or faction", [
            option("Ladder", LADDER, "Ladder score: the 4 best faction MMRs",
                   default=page.is_ladder),
            *(option(name, key, f"{name} MMR", default=page.board == key)
              for key, name in factions())], row=1),
        select(ids.leaderboard(*at, "season"), "Season", [
            option(s.title, str(s.id), "in progress" if i == 0 else None,
                   default=s == page.season)
            for i, s in enumerate(seasons[:25])], row=2))
    note = LADDER_NOTE if page.is_ladder else MMR_NOTE
    return Outgoing(f"{head}\n{text}\n{note}", view, files=(("leaderboard.png", png),))


def _board_number(page: LeaderboardPage, value: int, games: int) -> str:
    """"ladder score 4952", or "Monsters MMR 1265" (marked provisional while it is)."""
    if page.is_ladder:
        return f"ladder score {value}"
    return f"{faction_name(page.board)} MMR {value}" + (
        " (provisional)" if is_provisional(games) else "")


def shared_leaderboard_message(page: LeaderboardPage, png: bytes, user_id: int) -> Outgoing:
    """The leaderboard page posted for everyone, without components."""
    own = leaderboard_message(page, png, [page.season])
    return Outgoing(f"<@{user_id}> shared: {own.content}", None, own.files)


# --------------------------------------------------------------------- profile

def profile_text(profile: Profile) -> str:
    """The profile in words, every number labelled (the image's text fallback)."""
    rank = rank_label(profile.rank)
    if profile.rank != PRO:
        rank += f" ({profile.pieces} of {PIECES} pieces)"
    if profile.played_season and profile.position is not None:
        ladder = (f"#{profile.position} of {profile.ladder_size} on the {profile.season.title} "
                  f"ladder (ladder score {profile.score})")
    else:
        ladder = f"not on the {profile.season.title} ladder yet"
    parts = [f"**{_name(profile.name)}** \u00b7 {rank} \u00b7 {ladder}.",
             f"Ranked {_record(profile.ranked)} \u00b7 casual {_record(profile.casual)} "
             f"\u00b7 practice {_record(profile.practice)}"]
    rate = profile.round_win_rate
    if rate is not None:
        parts.append(f" \u00b7 rounds won {round(rate * 100)}%")
    if profile.favourite:
        parts.append(f" \u00b7 favourite faction {faction_name(profile.favourite)}")
    if profile.tournaments_played:
        parts.append(f" \u00b7 tournaments {profile.tournaments_played} played, "
                     f"{profile.tournaments_won} won")
    played = [_faction_mmr(f) for f in profile.factions if f.record.games]
    if played:
        parts.append(f".\nFaction MMR: {', '.join(played)}")
    return "\n".join([parts[0], "".join(parts[1:]) + ".", MMR_NOTE])


def _record(rec: Record) -> str:
    return record(rec.wins, rec.losses, rec.draws)


def _faction_mmr(line: FactionLine) -> str:
    """"Monsters 1265", marked while provisional."""
    text = f"{faction_name(line.faction)} {line.mmr}"
    if line.provisional:
        text += f" (provisional, {line.record.games} of {PROVISIONAL_GAMES} games)"
    return text


def profile_message(profile: Profile, png: bytes) -> Outgoing:
    """The profile card with its text, and Share."""
    view = StaticView(button("Share", ids.stats(profile.user_id),
                             style=discord.ButtonStyle.success))
    return Outgoing(profile_text(profile), view, files=(("profile.png", png),))


# --------------------------------------------------------------------- history

def match_text(line: MatchLine, name: str) -> str:
    """One match of a history, with its thread, final score and MMR changes, marked casual,
    unranked practice or not rated."""
    won_rounds, lost_rounds = line.rounds_won
    opponent = (f"Computer ({line.practice})" if line.practice is not None
                else _name(line.opponent_name))
    scores = ", ".join(score(a, b) for a, b in line.rounds)
    final = score(won_rounds, lost_rounds) + (f" ({scores})" if scores else "")
    how = ("" if line.outcome == ABANDONED
           else {"forfeit": " by forfeit", "timeout": " on time"}.get(line.ended_by, ""))
    text = (f"{OUTCOME_MARKS[line.outcome]} {OUTCOME_WORDS[line.outcome]}{how} vs "
            f"**{opponent}** \u00b7 {final} \u00b7 <t:{int(line.finished_at)}:d>")
    if line.channel_id is not None:
        text += f" \u00b7 <#{line.channel_id}>"
    if line.practice is not None:
        return text + " \u00b7 practice, unranked"
    if line.casual:
        return text + " \u00b7 casual"
    if not line.rated or line.mine is None or line.theirs is None:
        return text + " \u00b7 not rated"
    short = clean(clip(line.opponent_name, SHORT_NAME_MAX))
    return (text + f" \u00b7 MMR {clean(clip(name, SHORT_NAME_MAX))} "
            f"{_signed(line.mine.delta)}, {short} {_signed(line.theirs.delta)}")


def history_message(user_id: int, name: str, lines: Sequence[MatchLine], page: int,
                    older: bool) -> Outgoing:
    """A page of a member's matches, newest first, with Newer, Older and Share."""
    head = f"**{_name(name)}'s matches in this server**, newest first (page {page + 1}):"
    body = "\n".join(match_text(line, name) for line in lines) or "No older matches."
    view = StaticView(
        button("\u25c0 Newer", ids.history(user_id, page, "newer"), disabled=page == 0),
        button("Older \u25b6", ids.history(user_id, page, "older"), disabled=not older),
        button("Share", ids.history(user_id, page, "share"), style=discord.ButtonStyle.success))
    return Outgoing(f"{head}\n{body}", view)


# ---------------------------------------------------------------- result lines

def rank_change_text(change: MmrChange) -> str:
    """The rank part of a result line: pieces won or lost, or a new rank."""
    before, after = change.rank_before, change.rank_after
    if after == PRO:
        return "reached **Pro Rank**!" if before != PRO else "Pro Rank"
    pieces = f"{change.pieces_after} of {PIECES} pieces"
    if after < before:
        return f"**up to rank {after}** ({pieces})"
    if after > before:
        return f"down to rank {after} ({pieces})"
    moved = change.pieces_after - change.pieces_before
    if moved:
        word = "piece" if abs(moved) == 1 else "pieces"
        return f"rank {after}, {pieces} ({_signed(moved)} {word})"
    return f"rank {after}, {pieces} (unchanged)"


def mmr_text(change: MmrChange) -> str:
    """A faction MMR change, labelled: "faction MMR 1200 \u2192 1265 (+65, provisional: 1 of
    5 games)", or "faction MMR 1200 (unchanged)"."""
    notes = [_signed(change.delta) if change.delta else "unchanged"]
    if change.provisional:
        notes.append(f"provisional: {change.games} of {PROVISIONAL_GAMES} games")
    values = (f"{change.mmr_before} \u2192 {change.mmr_after}" if change.delta
              else str(change.mmr_after))
    return f"faction MMR {values} ({', '.join(notes)})"


def ranked_lines(outcome: Outcome | None, names: tuple[str, str]) -> list[str]:
    """What a match changed in ranked play, one line per player, or why it changed nothing
    (practice, casual, abandoned...)."""
    if outcome is None or (not outcome.rated and outcome.reason is None):
        return []
    if not outcome.rated:
        assert outcome.reason is not None
        return [outcome.reason]
    lines = []
    for seat, change in enumerate(outcome.changes):
        mark = ("\U0001f4c8" if change.delta > 0 else "\U0001f4c9" if change.delta < 0
                else "\u2796")
        lines.append(f"{mark} **{_name(names[seat])}** ({faction_name(change.faction)}): "
                     f"{mmr_text(change)} \u00b7 {rank_change_text(change)}")
    if outcome.weight < 1:
        earlier = round(-math.log2(outcome.weight))
        matches = "match" if earlier == 1 else "matches"
        note = (f"\u2696\ufe0f Counted at {outcome.weight:.0%}: these two already played "
                f"{earlier} rated {matches} in the last 24 hours.")
        if earlier >= PAIR_PIECE_MATCHES:
            note += " Rank pieces do not move."
        lines.append(note)
    return [*lines, MMR_NOTE]


def with_ranked_lines(out: Outgoing, lines: Sequence[str]) -> Outgoing:
    """A message with ranked play's lines added at the end of its text."""
    if not lines:
        return out
    return Outgoing("\n".join([out.content, *lines]), out.view, out.files, out.mentions)
