"""Ranked play: rates each stored result in its own transaction, and reads the ladder,
profiles and match history for the commands. The rules live in bot.ranking."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Protocol

from bot.i18n import Name, Phrase
from bot.ranking.match import PlayerSeason, Record, outcomes, rate_match
from bot.ranking.ranks import PRO_KEPT, RankState, carried
from bot.ranking.rating import PAIR_WINDOW, pair_weight, ramp
from bot.ranking.seasons import Season
from bot.ranking.views import (
    ABANDONED,
    LADDER,
    PAGE_SIZE,
    FactionLine,
    LeaderboardPage,
    MatchLine,
    MmrChange,
    Outcome,
    Profile,
    Standing,
)
from bot.service.clock import Clock
from bot.service.decks import factions
from bot.service.errors import NotFound, Refusal
from bot.storage import Database
from bot.storage.ratings import RatingsRepository, StoredPlayer
from bot.storage.records import ResultRecord
from bot.storage.repository import Repository

# Why a result is not rated, in a sentence for its result message.
PRACTICE = Phrase("\U0001f3af A practice match against the computer is unranked: nothing "
                  "is rated.")
CASUAL = Phrase("\U0001f91d A casual match, for fun: nothing is rated.")
BOTH_GONE = Phrase("\u231b An abandoned match is not rated: MMR, ranks and the ladder stay as "
                   "they were.")
DECK_CHOICE = Phrase("The match ended during deck choice, so it is not rated.")
SELF = Phrase("A match against yourself is not rated.")
RECENT = 10


class LadderStore(Protocol):
    """Where ratings are kept while results are rated: the database, or memory when
    recomputing."""

    async def pair_matches_since(self, guild_id: int, pair: tuple[int, int],
                                 since: float) -> int: ...
    async def player(self, guild_id: int, season: int, user_id: int) -> StoredPlayer | None: ...
    async def last_rank(self, guild_id: int, user_id: int,
                        before: int) -> tuple[int, RankState, int] | None: ...
    async def pro_players_above(self, guild_id: int, season: int, user_id: int,
                                score: int) -> int: ...
    async def save_player(self, guild_id: int, season: int, user_id: int, name: str,
                          before: PlayerSeason | None, after: PlayerSeason,
                          factions: Iterable[str]) -> None: ...
    async def claim(self, result: ResultRecord, season: int, counted: bool,
                    weight: float) -> bool: ...
    async def insert_changes(self, match_id: int, changes: Sequence[MmrChange]) -> None: ...


def not_rated_reason(result: ResultRecord) -> Phrase | None:
    """Why a result does not count for ranked play, or None when it does."""
    if result.is_practice:
        return PRACTICE
    if not result.ranked:
        return CASUAL
    if result.abandoned:
        return BOTH_GONE
    if result.in_deck_choice:
        return DECK_CHOICE
    if result.player_ids[0] == result.player_ids[1]:
        return SELF
    return None


def winning_seat(result: ResultRecord) -> int | None:
    """The winner; a forfeit (or two timeouts) is a loss for the player who gave up."""
    if result.forfeited_by is not None:
        return 1 - result.forfeited_by
    return result.winner


async def rate_result(store: LadderStore, result: ResultRecord, names: tuple[str, str]) -> None:
    """Rate one result, in the order results are given; a result rated before is skipped."""
    season = Season.of(result.finished_at)
    counted = not_rated_reason(result) is None
    guild = result.guild_id
    low, high = sorted(result.player_ids)
    earlier = await store.pair_matches_since(guild, (low, high),
                                             result.finished_at - PAIR_WINDOW) if counted else 0
    if not await store.claim(result, season.id, counted, pair_weight(earlier) if counted else 0):
        return
    if not counted:
        return
    stored = [await store.player(guild, season.id, uid) for uid in result.player_ids]
    players = [s.player if s is not None else await _new_season(store, guild, season, uid)
               for s, uid in zip(stored, result.player_ids, strict=True)]
    rated = rate_match((players[0], players[1]), result.factions, winning_seat(result), earlier)
    changes = []
    for seat, uid in enumerate(result.player_ids):
        before, after = players[seat], rated.players[seat]
        faction = result.factions[seat]
        # Entering Pro Rank lifts the MMR cap of every faction.
        written = after.factions if before.rank.is_pro != after.rank.is_pro else (faction,)
        previous = stored[seat]
        await store.save_player(guild, season.id, uid, names[seat],
                                None if previous is None else previous.player, after, written)
        change = rated.changes[seat]
        changes.append(MmrChange(uid, faction, change.mmr_before, change.mmr_after,
                                 change.rank_before.rank, change.rank_before.pieces,
                                 change.rank_after.rank, change.rank_after.pieces,
                                 after.factions[faction].record.games))
    await store.insert_changes(result.match_id, changes)


async def _new_season(store: LadderStore, guild_id: int, season: Season,
                      user_id: int) -> PlayerSeason:
    """A player's first match of a season: their rank carried over and demoted at each
    season end since they last played."""
    last = await store.last_rank(guild_id, user_id, season.id)
    if last is None:
        return PlayerSeason()
    last_season, rank, score = last
    keeps_pro = rank.is_pro and await store.pro_players_above(
        guild_id, last_season, user_id, score) < PRO_KEPT
    ends = Season.from_id(last_season).seasons_until(season)
    return PlayerSeason(rank=carried(rank, ends, keeps_pro))


class RankedService:
    """Ranked play over the database: rating results, the ladder, profiles and history."""

    def __init__(self, db: Database, clock: Clock) -> None:
        self._db = db
        self._clock = clock

    def season(self) -> Season:
        """The season in progress."""
        return Season.of(self._clock())

    # ----------------------------------------------------------- rating

    async def rate(self, repo: Repository, result: ResultRecord) -> None:
        """Rate a stored result inside the transaction that stored it."""
        ratings = repo.sharing(RatingsRepository)
        await rate_result(ratings, result, await ratings.seat_names(result.match_id))

    async def catch_up(self) -> int:
        """Rate every stored result not rated yet (stored before ranked play existed), oldest
        first; return how many."""
        async with self._db.reading() as repo:
            pending = await repo.sharing(RatingsRepository).unrated_results()
        for result in pending:
            async with self._db.transaction() as repo:
                await self.rate(repo, result)
        return len(pending)

    async def outcome(self, match_id: int) -> Outcome | None:
        """What a finished match did to ranked play (None before it is rated)."""
        async with self._db.reading() as repo:
            ratings = repo.sharing(RatingsRepository)
            rated = await ratings.rated(match_id)
            result = await ratings.result(match_id)
            if rated is None or result is None:
                return None
            changes = await ratings.changes([match_id])
        if not rated.counted:
            return Outcome(False, not_rated_reason(result), 0.0, ())
        return Outcome(True, None, rated.weight,
                       tuple(changes[(match_id, s)] for s in (0, 1) if (match_id, s) in changes))

    # ------------------------------------------------------------ reading

    async def seasons(self, guild_id: int) -> list[Season]:
        """The seasons with a ladder in this server, newest first."""
        async with self._db.reading() as repo:
            ids = await repo.sharing(RatingsRepository).seasons(guild_id)
        return [Season.from_id(i) for i in ids]

    async def leaderboard(self, guild_id: int, season: Season, board: str, page: int | None,
                          viewer_id: int) -> LeaderboardPage:
        """One page of a season's ladder (board LADDER) or faction board; page None is the
        viewer's own page."""
        if season > self.season():
            # i18n: {season}: a season's name and year, "Season of the Wolf 2025".
            raise Refusal("{season} has not started yet.", season=season)
        if board != LADDER and board not in dict(factions()):
            raise Refusal("There is no faction called \u201c{name}\u201d.", name=board[:40])
        faction = None if board == LADDER else board
        async with self._db.reading() as repo:
            ratings = repo.sharing(RatingsRepository)
            total = await ratings.ladder_size(guild_id, season.id, faction)
            if total == 0:
                raise await self._empty(ratings, guild_id, season, faction)
            if page is None:
                position = await ratings.position(guild_id, season.id, faction, viewer_id)
                if position is None:
                    raise _not_on_board(season, faction)
                page = (position - 1) // PAGE_SIZE
            pages = -(-total // PAGE_SIZE)
            page = min(max(page, 0), pages - 1)
            rows = await ratings.ladder_page(guild_id, season.id, faction, page * PAGE_SIZE,
                                             PAGE_SIZE)
        standings = tuple(Standing(page * PAGE_SIZE + i + 1, r.user_id, r.name, r.rank,
                                   r.pieces, r.score, r.record) for i, r in enumerate(rows))
        return LeaderboardPage(season, board, page, pages, total, standings, viewer_id,
                               in_progress=season == self.season())

    async def _empty(self, ratings: RatingsRepository, guild_id: int, season: Season,
                     faction: str | None) -> Refusal:
        if not await ratings.seasons(guild_id):
            return Refusal("No ranked match has been played in this server yet: challenge a "
                           "member with `/gwent challenge ranked:True` to start the ladder.")
        if faction is None:
            return Refusal("Nobody played a ranked match in this server in {season}.",
                           season=season)
        return Refusal("Nobody played a ranked match with {faction} in this server in "
                       "{season}.", faction=Name.faction(faction), season=season)

    async def profile(self, guild_id: int, user_id: int, name: str, you: bool) -> Profile:
        """A member's profile: this season's rank and faction MMRs, all-time records, the
        favourite faction and the last 10 matches."""
        season = self.season()
        async with self._db.reading() as repo:
            ratings = repo.sharing(RatingsRepository)
            results = await ratings.results_of(guild_id, user_id)
            if not results:
                raise _never_played(name, you)
            stored = await ratings.player(guild_id, season.id, user_id)
            player = (stored.player if stored is not None
                      else await _new_season(ratings, guild_id, season, user_id))
            position = await ratings.position(guild_id, season.id, None, user_id)
            size = await ratings.ladder_size(guild_id, season.id, None)
            recent = await self._lines(ratings, user_id, results[:RECENT])
        ranked, casual, practice = Record(), Record(), Record()
        rounds_won = rounds_played = 0
        played: Counter[str] = Counter()
        for result in results:
            seat = result.player_ids.index(user_id)
            outcome = outcomes(winning_seat(result))[seat]
            # An abandoned match is neither won, lost nor drawn.
            if result.is_practice:
                practice = practice.plus(outcome)
            elif not result.ranked and not result.abandoned:
                casual = casual.plus(outcome)
            elif not_rated_reason(result) is None:
                ranked = ranked.plus(outcome)
            rounds_played += len(result.rounds)
            rounds_won += sum(1 for r in result.rounds if r[2] == seat)
            played[result.factions[seat]] += 1
        lines = tuple(FactionLine(key, player.mmr(key),
                                  player.factions[key].record if key in player.factions
                                  else Record(),
                                  ramp(player.factions[key].record.games)
                                  if key in player.factions else 0.0)
                      for key, _ in factions())
        return Profile(user_id, name, season, player.rank.rank, player.rank.pieces,
                       stored is not None, player.score if stored is not None else 0, position,
                       size, lines, ranked, practice, rounds_won, rounds_played,
                       played.most_common(1)[0][0] if played else None, tuple(recent), casual)

    async def history(self, guild_id: int, user_id: int, name: str, you: bool,
                      page: int = 0) -> tuple[list[MatchLine], bool]:
        """A member's matches in this server, newest first, 10 a page; and whether older
        ones exist."""
        async with self._db.reading() as repo:
            ratings = repo.sharing(RatingsRepository)
            results = await ratings.results_of(guild_id, user_id, RECENT + 1, page * RECENT)
            if not results and page == 0:
                raise _never_played(name, you)
            lines = await self._lines(ratings, user_id, results[:RECENT])
        return lines, len(results) > RECENT

    async def _lines(self, ratings: RatingsRepository, user_id: int,
                     results: list[ResultRecord]) -> list[MatchLine]:
        ids = [r.match_id for r in results]
        places = await ratings.match_places(ids)
        changes = await ratings.changes(ids)
        rated = await ratings.rated_rows(ids)
        lines = []
        for result in results:
            seat = result.player_ids.index(user_id)
            other = 1 - seat
            channel, names = places.get(result.match_id, (None, ("", "")))
            row = rated.get(result.match_id)
            lines.append(MatchLine(
                result.match_id, channel, result.finished_at,
                ABANDONED if result.abandoned else outcomes(winning_seat(result))[seat],
                result.ended_by, result.player_ids[other], names[other] or "Unknown player",
                result.factions[seat], result.factions[other],
                tuple((r[0], r[1]) if seat == 0 else (r[1], r[0]) for r in result.rounds),
                result.ai_levels[other], row is not None and row.counted,
                row.weight if row is not None else 1.0,
                changes.get((result.match_id, seat)), changes.get((result.match_id, other)),
                casual=not result.ranked and not result.is_practice))
        return lines


def _never_played(name: str, you: bool) -> NotFound:
    if you:
        return NotFound("You have not played Gwent in this server yet: try `/gwent challenge` "
                        "or `/gwent practice`.")
    return NotFound("{name} has not played Gwent in this server yet.", name=name)


def _not_on_board(season: Season, faction: str | None) -> Refusal:
    if faction is None:
        return Refusal("You have not played a ranked match in {season}, so you are not on "
                       "its ladder.", season=season)
    return Refusal("You have not played a ranked match with {faction} in {season}.",
                   faction=Name.faction(faction), season=season)
