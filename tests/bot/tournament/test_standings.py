"""Standings: points, then Buchholz, Sonneborn-Berger, head-to-head, rounds won, seed."""

from __future__ import annotations

from fractions import Fraction

from bot.tournament.event import Event, champion
from bot.tournament.games import A_WINS, B_WINS, BOTH_LOSE, DRAW, WALKOVER, Entrant, Game
from bot.tournament.standings import bracket_standings, standings


def entrants(count: int) -> list[Entrant]:
    return [Entrant(i, i) for i in range(1, count + 1)]


def order(players: list[Entrant], games: list[Game]) -> list[int]:
    return [line.user_id for line in standings(players, games)]


def test_points_then_buchholz_then_sonneborn_berger() -> None:
    games = [Game(1, 1, 1, 2, A_WINS), Game(1, 2, 3, 4, A_WINS), Game(1, 3, 5, 6, DRAW),
             Game(2, 1, 1, 3, A_WINS), Game(2, 2, 2, 5, A_WINS), Game(2, 3, 4, 6, A_WINS)]
    lines = standings(entrants(6), games)
    assert [(line.user_id, line.points) for line in lines][:1] == [(1, 2)]
    by_user = {line.user_id: line for line in lines}
    # 2 and 4 both have 1 point: 2 met 1 (2 points) and 5 (0.5); 4 met 3 (1) and 6 (0.5).
    assert by_user[2].buchholz == Fraction(5, 2) and by_user[4].buchholz == Fraction(3, 2)
    assert order(entrants(6), games).index(2) < order(entrants(6), games).index(4)
    # Sonneborn-Berger: 5 drew 6 (0.5 point): a quarter of it.
    assert by_user[5].sonneborn_berger == Fraction(1, 4)


def test_head_to_head_then_rounds_won_then_seed() -> None:
    # 1, 2 and 4 tie on points (1), Buchholz (2) and S-B (1); within them 2 beat 1 and 4
    # beat 2: 2 and 4 score 1 against the others, 1 none; 2 is the better seed.
    games = [Game(1, 1, 2, 1, A_WINS), Game(1, 2, 1, 3, A_WINS), Game(1, 3, 4, 2, A_WINS),
             Game(2, 1, 3, 5, A_WINS), Game(2, 2, 6, 4, A_WINS)]
    lines = standings(entrants(6), games)
    tied = [line for line in lines if line.user_id in (1, 2, 4)]
    assert {(line.points, line.buchholz, line.sonneborn_berger) for line in tied} == {(1, 2, 1)}
    assert [(line.user_id, line.head_to_head) for line in tied] == [(2, 1), (4, 1), (1, 0)]
    # No game between them: rounds won decide, then the seed.
    apart = [Game(1, 1, 1, 3, A_WINS, rounds=(2, 1)), Game(1, 2, 2, 4, A_WINS, rounds=(2, 0))]
    assert order(entrants(4), apart)[:2] == [1, 2]
    plain = [Game(1, 1, 1, 3, A_WINS), Game(1, 2, 2, 4, A_WINS)]
    assert order(entrants(4), plain)[:2] == [1, 2]
    assert order([Entrant(1, 2), Entrant(2, 1), *entrants(4)[2:]], plain)[:2] == [2, 1]


def test_byes_and_walkovers_score_without_an_opponent() -> None:
    games = [Game.bye(1, 2, 3), Game(1, 1, 1, 2, A_WINS), Game(2, 1, 3, 1, A_WINS,
                                                               kind=WALKOVER)]
    by_user = {line.user_id: line for line in standings(entrants(3), games)}
    assert by_user[3].points == 2 and by_user[3].byes == 2 and by_user[3].buchholz == 0
    assert by_user[1].points == 1 and by_user[1].losses == 0 and by_user[1].buchholz == 0


def test_elimination_standings_by_how_far_each_went() -> None:
    players = entrants(4)
    games = [Game(1, 1, 1, 4, A_WINS), Game(1, 2, 2, 3, B_WINS), Game(2, 1, 1, 3, B_WINS)]
    lines = bracket_standings(players, games)
    assert [(line.user_id, line.out_in) for line in lines] == [(3, None), (1, 2), (2, 1),
                                                              (4, 1)]
    event = Event("single_elimination", tuple(players), tuple(games), 2)
    assert champion(event) == 3
    both = [Game(1, 1, 1, 2, BOTH_LOSE)]
    assert [line.out_in for line in bracket_standings(entrants(2), both)] == [1, 1]
