"""Faction MMR, the ladder score with its ramp, anti-abuse weights and seasons."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.i18n import ENGLISH, LANGUAGES, language
from bot.ranking.match import FactionStanding, PlayerSeason, Record, rate_match
from bot.ranking.ranks import RankState
from bot.ranking.rating import (
    MMR_CAP,
    NEW_SIGMA,
    PROVISIONAL_GAMES,
    Skill,
    first_game_step,
    is_provisional,
    ladder_score,
    mmr,
    pair_moves_pieces,
    pair_weight,
    ramp,
    rate,
)
from bot.ranking.seasons import Season, UnknownSeason


def test_mmr_starts_at_1200_and_is_capped_at_2400_outside_pro_rank() -> None:
    assert mmr(Skill()) == 1200
    assert mmr(Skill(mu=60)) == MMR_CAP
    assert mmr(Skill(mu=60), pro=True) == 2880
    assert mmr(Skill(mu=-3)) == 0


def test_the_winner_gains_what_the_loser_loses_between_equals() -> None:
    a, b = rate(Skill(), Skill(), 1.0)
    assert mmr(a) - 1200 == 1200 - mmr(b) > 0
    drawn = rate(Skill(), Skill(), 0.5)
    assert [mmr(s) for s in drawn] == [1200, 1200]
    assert all(s.sigma < Skill().sigma for s in drawn)


def test_a_first_game_moves_65_mmr_not_126_and_is_provisional() -> None:
    a, b = rate(Skill(), Skill(), 1.0)
    assert (mmr(a), mmr(b)) == (1265, 1135) and first_game_step() == 65
    assert Skill().sigma == NEW_SIGMA == 5.0
    # Five losses in a row against new players: 1200 to 934, where sigma 25/3 fell to 721.
    skill = Skill()
    for _ in range(5):
        skill = rate(skill, Skill(), 0.0)[0]
    assert mmr(skill) == 934
    assert [is_provisional(g) for g in range(7)] == [True] * PROVISIONAL_GAMES + [False] * 2


def test_a_weight_moves_ratings_that_fraction_of_the_way() -> None:
    full = rate(Skill(), Skill(), 0.0)
    half = rate(Skill(), Skill(), 0.0, weight=0.5)
    for f, h in zip(full, half, strict=True):
        assert h.mu - 25 == pytest.approx((f.mu - 25) / 2)
        assert h.sigma - Skill().sigma == pytest.approx((f.sigma - Skill().sigma) / 2)


@pytest.mark.parametrize("games, share", [(0, 0.0), (1, 0.04), (12, 0.48), (25, 1.0), (40, 1.0)])
def test_a_faction_weighs_in_from_0_to_100_percent_over_25_games(games: int,
                                                                 share: float) -> None:
    assert ramp(games) == pytest.approx(share)


def test_the_ladder_score_sums_the_4_best_ramped_faction_mmrs() -> None:
    # Ramped: 1500, 2000*10/25=800, 1000, 1300*5/25=260, 2400*1/25=96.
    factions = [(1500, 30), (2000, 10), (1000, 25), (1300, 5), (2400, 1)]
    assert ladder_score(factions) == 1500 + 1000 + 800 + 260
    assert ladder_score([(1200, 0)]) == 0
    assert ladder_score([]) == 0


def test_anti_abuse_halves_the_weight_for_each_earlier_match_of_the_pair() -> None:
    assert [pair_weight(n) for n in range(5)] == [1.0, 0.5, 0.25, 0.125, 0.0625]
    assert [pair_moves_pieces(n) for n in range(4)] == [True, True, False, False]


def test_rate_match_moves_the_played_faction_rank_and_records() -> None:
    alice = PlayerSeason(RankState(20, 4), Record(3, 1, 0),
                         {"monsters": FactionStanding(Skill(28, 5), Record(3, 1, 0))})
    bob = PlayerSeason()
    rated = rate_match((alice, bob), ("monsters", "skellige"), 0, earlier_in_window=0)
    after_alice, after_bob = rated.players
    assert after_alice.rank == RankState(19, 0, win_streak=1)
    assert after_alice.record == Record(4, 1, 0)
    assert after_alice.factions["monsters"].record == Record(4, 1, 0)
    assert after_bob.factions["skellige"].record == Record(0, 1, 0)
    assert rated.changes[0].mmr_before == 1344 < rated.changes[0].mmr_after
    assert rated.changes[1].mmr_before == 1200 > rated.changes[1].mmr_after
    # The third match of a pair in 24 hours moves ratings a quarter and no pieces.
    late = rate_match((alice, bob), ("monsters", "skellige"), 0, earlier_in_window=2)
    assert late.weight == 0.25 and late.players[0].rank == alice.rank


def test_seasons_are_utc_months_with_the_homecoming_names() -> None:
    jan = Season(2025, 1)
    assert jan.title(language(ENGLISH)) == "Season of the Wolf 2025"
    assert Season(2025, 12).name == "Season of the Wild Hunt"
    assert jan.start == datetime(2025, 1, 1, tzinfo=UTC).timestamp()
    assert Season.of(jan.end - 0.001) == jan
    assert Season.of(jan.end) == Season(2025, 2) == jan.next()
    assert Season(2025, 1).previous() == Season(2024, 12)
    assert Season(2024, 11).seasons_until(Season(2025, 2)) == 3
    assert Season.from_id(202503) == Season(2025, 3)


@pytest.mark.parametrize("text, expected", [
    ("Season of the Wolf 2025", Season(2025, 1)), ("wolf 2024", Season(2024, 1)),
    ("2025-03", Season(2025, 3)), ("  season of LOVE ", Season(2025, 2)),
    ("Wild Hunt", Season(2024, 12)), ("current", Season(2025, 4)), ("", Season(2025, 4)),
    ("Season of Mahakam 2023", Season(2023, 11)),
    # A name in another of the bot's languages, as its catalogue writes it.
    ("Temporada do Lobo 2025", Season(2025, 1)), ("temporada del  lobo", Season(2025, 1)),
])
def test_season_names_are_read_loosely(text: str, expected: Season) -> None:
    assert Season.parse(text, today=Season(2025, 4)) == expected


@pytest.mark.parametrize("text", ["season of the kraken", "2025-13", "wolves", "2025"])
def test_unknown_seasons_get_a_sentence(text: str) -> None:
    with pytest.raises(UnknownSeason) as raised:
        Season.parse(text, today=Season(2025, 4))
    assert str(raised.value).endswith(".") and len(str(raised.value)) > 20


@pytest.mark.parametrize("tag", LANGUAGES)
def test_the_example_season_is_written_as_the_reader_names_it(tag: str) -> None:
    with pytest.raises(UnknownSeason) as raised:
        Season.parse("season of the kraken", today=Season(2025, 4))
    lang = language(tag)
    example = Season(2025, 1).title(lang)
    described = lang.pgettext("parameter description",
                              "A season, such as Season of the Wolf 2025 (now if left out)")
    assert example in lang.say(raised.value.phrase) and example in described
    assert Season.parse(example, today=Season(2025, 4)) == Season(2025, 1)
