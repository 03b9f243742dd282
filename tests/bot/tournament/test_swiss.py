"""Swiss pairing: score groups, top half against bottom half, rematches only when
unavoidable, the bye to the lowest-ranked player without one."""

from __future__ import annotations

from fractions import Fraction

from bot.tournament.games import pair_key
from bot.tournament.swiss import default_rounds, most_rounds, pair_swiss


def test_round_one_pairs_the_top_half_against_the_bottom_half() -> None:
    assert pair_swiss([1, 2, 3, 4, 5, 6], {}, set(), set()) == [(1, 4), (2, 5), (3, 6)]


def test_the_bye_goes_to_the_lowest_ranked_player_without_one() -> None:
    ranking = [1, 2, 3, 4, 5]
    assert pair_swiss(ranking, {}, set(), set())[-1] == (5, None)
    assert pair_swiss(ranking, {}, set(), {5})[-1] == (4, None)
    # Everyone had one: someone gets a second rather than nobody playing.
    assert pair_swiss(ranking, {}, set(), set(ranking))[-1] == (5, None)


def test_players_meet_their_own_score_group() -> None:
    scores = {p: Fraction(1) for p in (1, 2, 3, 4)} | {p: Fraction(0) for p in (5, 6, 7, 8)}
    met = {pair_key(1, 5), pair_key(2, 6), pair_key(3, 7), pair_key(4, 8)}
    assert pair_swiss([1, 2, 3, 4, 5, 6, 7, 8], scores, met, set()) == [
        (1, 3), (2, 4), (5, 7), (6, 8)]


def test_an_odd_group_floats_its_lowest_player_down() -> None:
    scores = {1: Fraction(2), 2: Fraction(2), 3: Fraction(2), 4: Fraction(1), 5: Fraction(1),
              6: Fraction(1)}
    assert pair_swiss([1, 2, 3, 4, 5, 6], scores, set(), set()) == [(1, 2), (3, 4), (5, 6)]


def test_no_rematch_while_another_pairing_exists() -> None:
    # The natural order would repeat 1-3; the group is paired around it.
    scores = {p: Fraction(1) for p in (1, 2, 3, 4)}
    pairs = pair_swiss([1, 2, 3, 4], scores, {pair_key(1, 3)}, set())
    assert pair_key(1, 3) not in {pair_key(a, b) for a, b in pairs if b is not None}
    assert pairs == [(1, 4), (2, 3)]


def test_the_whole_round_is_matched_when_groups_alone_would_force_a_rematch() -> None:
    # The bottom two already met and cannot float up within their group alone: the leader
    # group gives one player each way.
    scores = {1: Fraction(1), 2: Fraction(1), 3: Fraction(0), 4: Fraction(0)}
    pairs = pair_swiss([1, 2, 3, 4], scores, {pair_key(3, 4)}, set())
    assert {pair_key(a, b) for a, b in pairs if b is not None} == {pair_key(1, 3),
                                                                   pair_key(2, 4)}


def test_a_rematch_only_when_nothing_else_is_possible() -> None:
    met = {pair_key(1, 2), pair_key(1, 3), pair_key(2, 4), pair_key(3, 4)}
    # Left: 1-4 and 2-3, a perfect pairing without rematches.
    assert sorted(pair_swiss([1, 2, 3, 4], {}, met, set())) == [(1, 4), (2, 3)]
    everyone = {pair_key(a, b) for a in range(1, 5) for b in range(a + 1, 5)}
    assert len(pair_swiss([1, 2, 3, 4], {}, everyone, set())) == 2  # rematches, all paired


def test_a_rematch_beats_giving_the_bye_to_someone_who_had_one() -> None:
    # 3 players, 3 had the bye, 1-2 already met: 3 must play, so 1 or 2 sits out.
    pairs = pair_swiss([1, 2, 3], {}, {pair_key(1, 2)}, {3})
    bye = [a for a, b in pairs if b is None]
    assert bye != [3] and len(pairs) == 2


def test_rounds() -> None:
    assert [default_rounds(n) for n in (2, 3, 4, 5, 8, 9, 64)] == [1, 2, 2, 3, 3, 4, 6]
    assert [most_rounds(n) for n in (2, 3, 4, 5)] == [1, 3, 3, 5]
