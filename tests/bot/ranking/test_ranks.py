"""Every rank rule of Homecoming 6.5 as pure functions: pieces, streaks, protections, Pro
Rank and the end-of-season demotion."""

from __future__ import annotations

import pytest

from bot.ranking.ranks import (
    DRAW,
    LOSS,
    PRO,
    WIN,
    RankState,
    after,
    after_loss,
    after_win,
    carried,
    demoted,
)


def play(state: RankState, outcomes: str) -> list[tuple[int, int]]:
    """(rank, pieces) after each of a string of W, L and D."""
    seen = []
    for letter in outcomes:
        state = after(state, {"W": WIN, "L": LOSS, "D": DRAW}[letter])
        seen.append((state.rank, state.pieces))
    return seen


def test_a_win_gains_a_piece_and_five_pieces_make_the_next_rank() -> None:
    assert play(RankState(20, 3), "W") == [(20, 4)]
    assert play(RankState(20, 4), "W") == [(19, 0)]


def test_from_the_third_win_in_a_row_each_win_gains_an_extra_piece() -> None:
    assert play(RankState(30), "WWWW") == [(30, 1), (30, 2), (30, 4), (29, 1)]
    # The extra piece carries over into the next rank; the streak goes on.
    assert play(RankState(12, 0), "WWWWW") == [(12, 1), (12, 2), (12, 4), (11, 1), (11, 3)]


def test_a_loss_or_a_draw_ends_the_streak() -> None:
    assert play(RankState(20), "WWLWW") == [(20, 1), (20, 2), (20, 1), (20, 2), (20, 3)]
    assert play(RankState(20), "WWDWW") == [(20, 1), (20, 2), (20, 2), (20, 3), (20, 4)]


@pytest.mark.parametrize("rank", [7, 4, 1])
def test_ranks_7_to_1_give_no_streak_bonus(rank: int) -> None:
    state = RankState(rank, 0, win_streak=5)
    assert after_win(state) == RankState(rank, 1, win_streak=6)


def test_rank_8_still_gives_the_streak_bonus() -> None:
    assert after_win(RankState(8, 0, win_streak=2)) == RankState(8, 2, win_streak=3)


def test_a_loss_loses_a_piece() -> None:
    assert play(RankState(12, 3), "L") == [(12, 2)]
    assert play(RankState(28, 3), "L") == [(28, 2)]


@pytest.mark.parametrize("rank", [30, 28, 26])
def test_ranks_30_to_26_never_drop(rank: int) -> None:
    assert play(RankState(rank, 1), "LLLLL") == [(rank, 0)] * 5


@pytest.mark.parametrize("rank", [25, 20, 15])
def test_ranks_25_to_15_drop_only_after_two_losses_in_a_row(rank: int) -> None:
    assert play(RankState(rank, 0), "L") == [(rank, 0)]
    assert play(RankState(rank, 0), "LL") == [(rank, 0), (rank + 1, 4)]
    # A win between the losses resets the count.
    assert play(RankState(rank, 0), "LWLL") == [(rank, 0), (rank, 1), (rank, 0), (rank + 1, 4)]
    # With one piece, the second loss in a row takes the last piece, the third drops.
    assert play(RankState(rank, 1), "LL") == [(rank, 0), (rank + 1, 4)]


def test_rank_25_can_drop_to_26_which_then_never_drops() -> None:
    assert play(RankState(25), "LLLL") == [(25, 0), (26, 4), (26, 3), (26, 2)]


@pytest.mark.parametrize("rank", [14, 8, 7, 1])
def test_ranks_14_to_1_drop_on_a_loss_without_pieces(rank: int) -> None:
    assert play(RankState(rank, 0), "L") == [(rank + 1, 4)]


def test_rank_1_leads_to_pro_rank_which_never_drops() -> None:
    assert play(RankState(1, 4), "W") == [(PRO, 0)]
    pro = after_win(RankState(1, 4))
    assert pro.is_pro
    for _ in range(10):
        pro = after_loss(pro)
    assert pro.rank == PRO and pro.loss_streak == 10


def test_a_draw_changes_no_piece() -> None:
    assert play(RankState(20, 2), "DDD") == [(20, 2)] * 3
    assert after(RankState(0, 0, 3, 0), DRAW) == RankState(0, 0, 0, 0)


def test_unknown_outcome_is_refused() -> None:
    with pytest.raises(ValueError):
        after(RankState(), "forfeit")


@pytest.mark.parametrize("rank, pieces, expected", [
    (30, 3, RankState(30, 3)), (26, 2, RankState(26, 2)),
    (25, 4, RankState(25)), (23, 1, RankState(25)), (21, 0, RankState(25)),
    (20, 3, RankState(24)), (12, 2, RankState(16)), (1, 4, RankState(5)),
    (PRO, 0, RankState(5)),
])
def test_end_of_season_demotion(rank: int, pieces: int, expected: RankState) -> None:
    assert demoted(RankState(rank, pieces, win_streak=4, loss_streak=0)) == expected


def test_the_best_pro_players_keep_pro_rank_for_one_season_end_only() -> None:
    assert demoted(RankState(PRO), keeps_pro=True) == RankState(PRO)
    assert carried(RankState(PRO), 1, keeps_pro=True) == RankState(PRO)
    assert carried(RankState(PRO), 2, keeps_pro=True) == RankState(5)
    assert carried(RankState(PRO), 3, keeps_pro=True) == RankState(9)
    assert carried(RankState(3, 2), 3, keeps_pro=False) == RankState(15)
    assert carried(RankState(22, 2), 5, keeps_pro=False) == RankState(25)
    assert carried(RankState(12, 2), 0, keeps_pro=False) == RankState(12, 2)
