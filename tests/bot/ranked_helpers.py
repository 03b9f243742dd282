"""Storing results as a finished match does (match, seats, result and its rating in one
transaction), quickly and with any outcome, for ranked play's tests."""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType

from bot.ranking.match import FactionStanding, PlayerSeason, Record
from bot.ranking.ranks import PRO, RankState
from bot.ranking.rating import Skill
from bot.service import Player, Services
from bot.storage.ratings import RatingsRepository
from bot.storage.records import ResultRecord, SeatRecord
from tests.bot.helpers import CHANNEL, GUILD


def people(count: int, first_id: int = 100) -> list[Player]:
    """`count` members named P0, P1..."""
    return [Player(first_id + i, f"P{i}") for i in range(count)]


async def record(services: Services, a: Player, b: Player, winner: int | None, *, at: float,
                 factions: tuple[str, str] = ("monsters", "skellige"),
                 guild: int = GUILD, forfeited_by: int | None = None,
                 ai_level: str | None = None, in_deck_choice: bool = False,
                 rounds: Sequence[tuple[int, int, int | None]] = (), ranked: bool = True,
                 abandoned: bool = False) -> ResultRecord:
    """Store a finished match between a and b (b is the computer with `ai_level`; a casual
    one when not `ranked`) and rate it in the same transaction, as MatchService does; return
    the result."""
    now = at
    ranked = ranked and ai_level is None
    async with services.db.transaction() as repo:
        match_id = await repo.insert_match(guild, CHANNEL, CHANNEL, 1, now, None, None,
                                           ranked=ranked)
        for seat, (player, faction) in enumerate(zip((a, b), factions, strict=True)):
            await repo.insert_seat(match_id, SeatRecord(
                seat, player.user_id, player.name, faction, f"{faction}_leader", faction, True, 0,
                ai_level if seat == 1 else None))
        await repo.update_match(match_id, status="over", finished_at=now)
        if not rounds and winner is not None and forfeited_by is None:
            rounds = ((50, 40, winner), (60, 30, winner)) if winner == 0 else (
                (40, 50, winner), (30, 60, winner))
        result = ResultRecord(match_id, guild, (a.user_id, b.user_id), factions,
                              (f"{factions[0]}_leader", f"{factions[1]}_leader"),
                              winner, forfeited_by,
                              "timeout" if abandoned else
                              "play" if forfeited_by is None else "forfeit", tuple(rounds),
                              now - 600, now, (None, ai_level), in_deck_choice, ranked,
                              abandoned)
        await repo.insert_result(result)
        await services.ranked.rate(repo, result)
    return result


async def standing(services: Services, user: Player, season: int | None = None,
                   guild: int = GUILD) -> RankState:
    """A player's stored rank in a season (the current one by default)."""
    season = season if season is not None else services.ranked.season().id
    async with services.db.reading() as repo:
        stored = await repo.sharing(RatingsRepository).player(guild, season, user.user_id)
    assert stored is not None, f"{user.name} has no standing in {season}"
    return stored.player.rank


async def set_player(services: Services, user: Player, player: PlayerSeason, season: int,
                     guild: int = GUILD) -> None:
    """Store a player's standing (as if earned), to start a test at a given rank or score."""
    async with services.db.transaction() as repo:
        ratings = repo.sharing(RatingsRepository)
        before = await ratings.player(guild, season, user.user_id)
        await ratings.save_player(guild, season, user.user_id, user.name,
                                  None if before is None else before.player, player,
                                  player.factions)


def pro_with_score(mu: float) -> PlayerSeason:
    """A Pro Rank player whose ladder score is 48 x mu (one faction, fully ramped)."""
    return PlayerSeason(RankState(PRO), Record(25, 0, 0),
                        MappingProxyType({"monsters": FactionStanding(Skill(mu, 2.0),
                                                                      Record(25, 0, 0))}))
