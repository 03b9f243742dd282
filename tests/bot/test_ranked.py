"""Ranked play on a real database of each backend: rank rules through the ladder table, the
ladder score, season rollover with an injected clock, Pro Rank at the season end,
anti-abuse, what is not rated, and bad input."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.i18n import ENGLISH, language
from bot.ranking.match import PlayerSeason
from bot.ranking.ranks import PRO, PRO_KEPT, RankState
from bot.ranking.rating import Skill, ladder_score, mmr, rate
from bot.ranking.seasons import Season
from bot.ranking.views import LADDER
from bot.service import Services
from bot.service.errors import NotFound, Refusal
from bot.service.ranked import DECK_CHOICE, PRACTICE
from bot.storage.ratings import RatingsRepository
from tests.bot.helpers import ALICE, BOB, CAROL, GUILD, FakeClock, move_text, start_match
from tests.bot.ranked_helpers import people, pro_with_score, record, set_player, standing

HOUR = 3600.0


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0,
        second: int = 0) -> float:
    """A Unix time from a UTC date."""
    return datetime(year, month, day, hour, minute, second, tzinfo=UTC).timestamp()


async def faction_skill(services: Services, user_id: int, faction: str,
                        season: int) -> tuple[Skill, int]:
    """A player's stored rating and games with a faction."""
    async with services.db.reading() as repo:
        stored = await repo.sharing(RatingsRepository).player(GUILD, season, user_id)
    assert stored is not None
    standing = stored.player.factions[faction]
    return standing.skill, standing.record.games


async def test_rank_rules_and_protections_through_the_ladder(services: Services,
                                                             clock: FakeClock) -> None:
    rivals = iter(people(40))  # a new opponent each time: no anti-abuse weighting
    season = services.ranked.season().id

    async def play(outcomes: str) -> list[tuple[int, int]]:
        seen = []
        for letter in outcomes:
            clock.advance(60)
            winner = {"W": 0, "L": 1, "D": None}[letter]
            await record(services, ALICE, next(rivals), winner, at=clock())
            rank = await standing(services, ALICE)
            seen.append((rank.rank, rank.pieces))
        return seen

    # A piece a win, the extra piece from the third win in a row, five pieces rank up.
    assert await play("WWWW") == [(30, 1), (30, 2), (30, 4), (29, 1)]
    # Ranks 30-26 never drop; a draw moves nothing.
    assert await play("LLD") == [(29, 0), (29, 0), (29, 0)]
    # Ranks 25-15 drop only after two losses in a row.
    await set_player(services, ALICE, PlayerSeason(RankState(15, 0)), season)
    assert await play("LWLL") == [(15, 0), (15, 1), (15, 0), (16, 4)]
    # Ranks 14-8 drop at once; rank 8 still gives the streak bonus, rank 7 does not.
    await set_player(services, ALICE, PlayerSeason(RankState(8, 0, win_streak=2)), season)
    assert await play("W") == [(8, 2)]
    await set_player(services, ALICE, PlayerSeason(RankState(14, 0)), season)
    assert await play("L") == [(15, 4)]
    await set_player(services, ALICE, PlayerSeason(RankState(7, 4, win_streak=2)), season)
    assert await play("WW") == [(6, 0), (6, 1)]
    # Past rank 1, Pro Rank, which no loss leaves.
    await set_player(services, ALICE, PlayerSeason(RankState(1, 4)), season)
    assert await play("WLLL") == [(PRO, 0)] * 4
    outcome = await services.ranked.outcome(
        (await services.ranked.history(GUILD, ALICE.user_id, "Alice", True))[0][3].match_id)
    assert outcome is not None and outcome.changes[0].rank_after == PRO
    assert outcome.changes[0].rank_before == 1 and outcome.changes[0].pieces_before == 4


async def test_the_ladder_score_is_the_4_best_ramped_faction_mmrs(services: Services,
                                                                   clock: FakeClock) -> None:
    rivals = iter(people(40))
    season = services.ranked.season().id
    factions = ("monsters", "skellige", "nilfgaard", "scoiatael", "northern_realms")
    await record(services, ALICE, next(rivals), 0, factions=("monsters", "skellige"), at=clock())
    skill, games = await faction_skill(services, ALICE.user_id, "monsters", season)
    assert mmr(skill) == 1265 and games == 1
    page = await services.ranked.leaderboard(GUILD, Season.of(clock()), LADDER, 0, 0)
    # One game: 1/25 of 1265.
    assert page.rows[0].user_id == ALICE.user_id and page.rows[0].score == round(1265 / 25)
    for faction in factions[1:]:
        clock.advance(60)
        await record(services, ALICE, next(rivals), 0, factions=(faction, "skellige"),
                     at=clock())
    for _ in range(24):
        clock.advance(60)
        await record(services, ALICE, next(rivals), 0, factions=("monsters", "skellige"),
                     at=clock())
    stored = {f: await faction_skill(services, ALICE.user_id, f, season) for f in factions}
    assert stored["monsters"][1] == 25
    parts = sorted((mmr(s) * min(g, 25) / 25 for s, g in stored.values()), reverse=True)
    assert len(parts) == 5 and parts[4] > 0
    page = await services.ranked.leaderboard(GUILD, Season.of(clock()), LADDER, 0, 0)
    alice = next(r for r in page.rows if r.user_id == ALICE.user_id)
    assert alice.score == round(sum(parts[:4])) == ladder_score(
        (mmr(s), g) for s, g in stored.values())
    assert page.rows[0].user_id == ALICE.user_id and page.total == 30
    board = await services.ranked.leaderboard(GUILD, Season.of(clock()), "monsters", 0, 0)
    assert board.rows[0].user_id == ALICE.user_id and board.rows[0].score == mmr(
        stored["monsters"][0])
    assert [r.score for r in board.rows] == sorted((r.score for r in board.rows), reverse=True)


async def test_season_rollover_with_an_injected_clock(services: Services,
                                                      clock: FakeClock) -> None:
    jan, feb = Season(2025, 1), Season(2025, 2)
    clock.now = utc(2025, 1, 31, 23, 59, 0)
    await set_player(services, ALICE, PlayerSeason(RankState(10, 3)), jan.id)
    await set_player(services, CAROL, PlayerSeason(RankState(27, 2)), jan.id)
    clock.now = utc(2025, 1, 31, 23, 59, 59)
    january = await record(services, ALICE, BOB, 0, at=clock())
    assert (await standing(services, ALICE, jan.id)) == RankState(10, 4, win_streak=1)

    clock.now = feb.start  # 00:00 UTC on the 1st: the next season
    assert services.ranked.season() == feb
    await record(services, ALICE, CAROL, 0, at=clock(), factions=("monsters", "skellige"))
    # Rank 10 drops 4 ranks, rank 27 keeps its pieces (Carol then loses one); faction MMR
    # starts again.
    assert await standing(services, ALICE, feb.id) == RankState(14, 1, win_streak=1)
    assert await standing(services, CAROL, feb.id) == RankState(27, 1, loss_streak=1)
    skill, games = await faction_skill(services, ALICE.user_id, "monsters", feb.id)
    assert games == 1 and mmr(skill) == 1265
    assert await standing(services, ALICE, jan.id) == RankState(10, 4, win_streak=1)

    # Past seasons stay browsable; all-time stats cover both seasons.
    assert await services.ranked.seasons(GUILD) == [feb, jan]
    old = await services.ranked.leaderboard(GUILD, jan, LADDER, 0, ALICE.user_id)
    assert not old.in_progress and [r.user_id for r in old.rows][:2] == [ALICE.user_id,
                                                                         BOB.user_id]
    assert next(r for r in old.rows if r.user_id == ALICE.user_id).rank == 10
    profile = await services.ranked.profile(GUILD, ALICE.user_id, "Alice", True)
    assert profile.season == feb and profile.ranked.wins == 2 and profile.rank == 14
    assert [line.match_id for line in profile.recent][1] == january.match_id

    # Three season ends later (May): 14 -> 18 -> 22 -> 25.
    clock.now = utc(2025, 5, 10, 12)
    await record(services, ALICE, BOB, 1, at=clock())
    assert await standing(services, ALICE, Season(2025, 5).id) == RankState(25, 0,
                                                                            loss_streak=1)
    # A member who has not played since keeps the demoted rank on their profile.
    carol = await services.ranked.profile(GUILD, CAROL.user_id, "Carol", False)
    assert (carol.rank, carol.pieces, carol.played_season) == (27, 1, False)


async def test_only_the_best_pro_rank_players_keep_it_at_the_season_end(
        services: Services, clock: FakeClock) -> None:
    jan, feb = Season(2025, 1), Season(2025, 2)
    pros = people(PRO_KEPT + 2)
    rivals = iter(people(PRO_KEPT + 2, first_id=500))
    for i, pro in enumerate(pros):
        await set_player(services, pro, pro_with_score(40 + i), jan.id)
    clock.now = feb.start + HOUR
    for pro in reversed(pros):  # the order of play does not matter
        clock.advance(60)
        await record(services, pro, next(rivals), 0, at=clock())
    starts = {}
    for pro in pros:
        history, _ = await services.ranked.history(GUILD, pro.user_id, pro.name, False)
        change = history[0].mine
        assert change is not None
        starts[pro.user_id] = change.rank_before
    # The two lowest scores go to rank 5; the best PRO_KEPT stay in Pro Rank.
    assert [starts[p.user_id] for p in pros] == [5, 5] + [PRO] * PRO_KEPT
    assert await standing(services, pros[0], feb.id) == RankState(5, 1, win_streak=1)


async def test_repeated_matches_of_a_pair_within_24_hours_weigh_less(
        services: Services, clock: FakeClock) -> None:
    season = services.ranked.season().id
    start = clock()
    ranks, weights = [], []
    for hour in range(4):
        before_a = (await faction_skill(services, ALICE.user_id, "monsters", season))[0] \
            if hour else Skill()
        before_b = (await faction_skill(services, BOB.user_id, "skellige", season))[0] \
            if hour else Skill()
        result = await record(services, ALICE, BOB, 0, at=start + hour * HOUR)
        outcome = await services.ranked.outcome(result.match_id)
        assert outcome is not None
        weights.append(outcome.weight)
        after_a = (await faction_skill(services, ALICE.user_id, "monsters", season))[0]
        full, _ = rate(before_a, before_b, 1.0)
        assert after_a.mu - before_a.mu == pytest.approx((full.mu - before_a.mu)
                                                         * outcome.weight)
        ranks.append(await standing(services, ALICE))
    assert weights == [1.0, 0.5, 0.25, 0.125]
    # Pieces move for the first two matches of the pair only.
    assert [(r.rank, r.pieces) for r in ranks] == [(30, 1), (30, 2), (30, 2), (30, 2)]
    # Another pair is not affected.
    other = await record(services, ALICE, CAROL, 0, at=start + 4 * HOUR)
    assert (await services.ranked.outcome(other.match_id)).weight == 1.0  # type: ignore[union-attr]
    # 24 hours after the first match, the three later ones still count.
    again = await record(services, BOB, ALICE, 1, at=start + 24 * HOUR + 60)
    assert (await services.ranked.outcome(again.match_id)).weight == 0.125  # type: ignore[union-attr]
    # A day after the last, the pair starts afresh.
    fresh = await record(services, ALICE, BOB, 0, at=start + 48 * HOUR + 61)
    assert (await services.ranked.outcome(fresh.match_id)).weight == 1.0  # type: ignore[union-attr]


async def test_practice_and_deck_choice_are_not_rated_but_practice_shows_in_stats(
        services: Services, clock: FakeClock) -> None:
    practice = await record(services, ALICE, BOB, 0, at=clock(), ai_level="hard")
    outcome = await services.ranked.outcome(practice.match_id)
    assert outcome is not None and not outcome.rated and outcome.reason == PRACTICE
    with pytest.raises(Refusal, match="No ranked match has been played in this server"):
        await services.ranked.leaderboard(GUILD, services.ranked.season(), LADDER, 0, 0)
    profile = await services.ranked.profile(GUILD, ALICE.user_id, "Alice", True)
    assert profile.practice.wins == 1 and profile.ranked.games == 0
    assert profile.recent[0].practice == "hard" and not profile.recent[0].rated
    assert profile.rounds_won == 2 and profile.rounds_played == 2

    # A forfeit in deck choice, through the match service: stored, never rated.
    match = await start_match(services, ALICE, BOB, ready=False)
    await services.matches.forfeit(GUILD, BOB.user_id)
    result = await services.matches.result(match.id)
    assert result is not None and result.in_deck_choice and result.forfeited_by == 1
    outcome = await services.ranked.outcome(match.id)
    assert outcome is not None and not outcome.rated and outcome.reason == DECK_CHOICE
    history, _ = await services.ranked.history(GUILD, BOB.user_id, "Bob", True)
    assert history[0].match_id == match.id and not history[0].rated


async def test_a_forfeit_and_two_timeouts_count_as_losses(services: Services,
                                                          clock: FakeClock) -> None:
    forfeited = await start_match(services, ALICE, BOB)
    await services.matches.forfeit(GUILD, ALICE.user_id)
    outcome = await services.ranked.outcome(forfeited.id)
    assert outcome is not None and outcome.rated
    assert outcome.changes[0].delta < 0 < outcome.changes[1].delta

    # Alice has gone; Carol plays on whenever it is her turn.
    timed = await start_match(services, ALICE, CAROL)
    for _ in range(40):
        record_ = await services.matches.get(timed.id)
        if not record_.is_live:
            break
        snapshot = await services.matches.private(timed.id, CAROL.user_id)
        assert snapshot.observation is not None and record_.deadline is not None
        if 1 in snapshot.to_act:
            move = next(a for a in snapshot.observation.legal if a.kind != "forfeit")
            await services.matches.act(timed.id, CAROL.user_id, move_text(move),
                                       record_.action_count)
        else:
            clock.now = record_.deadline
            await services.matches.expire(timed.id)
    result = await services.matches.result(timed.id)
    assert result is not None and result.ended_by == "timeout" and not result.abandoned
    outcome = await services.ranked.outcome(timed.id)
    assert outcome is not None and outcome.rated and result.forfeited_by == 0
    assert outcome.changes[0].delta < 0 < outcome.changes[1].delta


async def test_bad_input_gets_a_sentence(services: Services, clock: FakeClock) -> None:
    now = services.ranked.season()
    with pytest.raises(Refusal, match="No ranked match has been played in this server yet"):
        await services.ranked.leaderboard(GUILD, now, LADDER, 0, ALICE.user_id)
    with pytest.raises(NotFound, match="Bob has not played Gwent in this server yet"):
        await services.ranked.profile(GUILD, BOB.user_id, "Bob", False)
    with pytest.raises(NotFound, match="You have not played Gwent in this server yet"):
        await services.ranked.history(GUILD, BOB.user_id, "Bob", True)
    await record(services, ALICE, BOB, 0, at=clock())
    with pytest.raises(Refusal, match="There is no faction called \u201cdruids\u201d"):
        await services.ranked.leaderboard(GUILD, now, "druids", 0, ALICE.user_id)
    with pytest.raises(Refusal, match="has not started yet"):
        await services.ranked.leaderboard(GUILD, now.next(), LADDER, 0, ALICE.user_id)
    with pytest.raises(Refusal, match=f"Nobody played a ranked match in this server in "
                                      f"{now.previous().title(language(ENGLISH))}"):
        await services.ranked.leaderboard(GUILD, now.previous(), LADDER, 0, ALICE.user_id)
    with pytest.raises(Refusal, match="Nobody played a ranked match with Nilfgaard"):
        await services.ranked.leaderboard(GUILD, now, "nilfgaard", 0, ALICE.user_id)
    with pytest.raises(Refusal, match="You have not played a ranked match in"):
        await services.ranked.leaderboard(GUILD, now, LADDER, None, CAROL.user_id)
    # Another server has its own, empty ladder.
    with pytest.raises(Refusal, match="No ranked match has been played in this server yet"):
        await services.ranked.leaderboard(GUILD + 1, now, LADDER, 0, ALICE.user_id)


async def test_pages_me_and_history_order(services: Services, clock: FakeClock) -> None:
    players = people(25)
    for i, player in enumerate(players[1:], start=1):
        clock.advance(60)
        await record(services, players[0], player, 0 if i % 2 else 1, at=clock())
    season = services.ranked.season()
    first = await services.ranked.leaderboard(GUILD, season, LADDER, 0, players[0].user_id)
    assert (first.pages, first.total, len(first.rows)) == (3, 25, 10)
    last = await services.ranked.leaderboard(GUILD, season, LADDER, 99, players[0].user_id)
    assert last.page == 2 and [r.position for r in last.rows] == list(range(21, 26))
    every = [r for p in range(3) for r in
             (await services.ranked.leaderboard(GUILD, season, LADDER, p, 0)).rows]
    assert sorted(r.user_id for r in every) == sorted(p.user_id for p in players)
    assert [r.score for r in every] == sorted((r.score for r in every), reverse=True)
    someone = every[17]
    mine = await services.ranked.leaderboard(GUILD, season, LADDER, None, someone.user_id)
    assert mine.page == 1 and someone.user_id in [r.user_id for r in mine.rows]

    newest, older = await services.ranked.history(GUILD, players[0].user_id, "P0", True)
    assert len(newest) == 10 and older
    rest, older = await services.ranked.history(GUILD, players[0].user_id, "P0", True, page=2)
    assert len(rest) == 4 and not older
    times = [line.finished_at for line in newest + rest]
    assert times == sorted(times, reverse=True)
    assert newest[0].opponent_name == "P24" and newest[0].mine is not None
