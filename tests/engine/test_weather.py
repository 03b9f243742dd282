"""Weather cards: rows hit, stacking, clearing, King Bran's halving."""

from __future__ import annotations

import pytest

from engine.actions import PLAY, Action, IllegalAction
from engine.cards import CLOSE, RANGED, SIEGE
from tests.engine.scenario import hand_uid, names, pass_turn, play, power, scenario, texts

NONE3: tuple[list[str], list[str], list[str]] = ([], [], [])
BOARD = ((["ves", "vernon_roche"], ["keira_metz", "philippa_eilhart"], ["ballista"]),
         (["rainfarn", "letho_of_gulet"], ["fringilla_vigo"], ["siege_engineer",
                                                               "morvran_voorhis"]))


@pytest.mark.parametrize(("card", "hit"), [
    ("biting_frost", {CLOSE}),
    ("impenetrable_fog", {RANGED}),
    ("torrential_rain", {SIEGE}),
    ("skellige_storm", {RANGED, SIEGE}),
])
def test_weather_sets_non_hero_units_to_one_on_both_sides(card: str, hit: set[int]) -> None:
    m = scenario(hands=([card], []), rows=BOARD)
    before = [[list(r) for r in side] for side in m.strengths()]
    events = play(m, card)
    after = m.strengths()
    for p in (0, 1):
        for r in range(3):
            for i, uid in enumerate(m.sides[p].rows[r]):
                card_ = m.cards[uid]
                if r in hit and not card_.hero:
                    assert after[p][r][i] == 1
                else:
                    assert after[p][r][i] == before[p][r][i]
    assert [m.card_ids[u] for u, _ in m.weather] == [card]
    assert texts(events)[0].startswith(f"Alice plays {m.cards[m.weather[0][0]].name}")


def test_weather_takes_no_row() -> None:
    m = scenario(hands=(["biting_frost"], []))
    uid = hand_uid(m, 0, "biting_frost")
    assert [a for a in m.legal_actions(0) if a.card == uid] == [Action(0, PLAY, uid)]
    with pytest.raises(IllegalAction, match="Biting Frost takes no row or target"):
        m.apply(Action(0, PLAY, uid, CLOSE))


def test_zero_strength_stays_zero() -> None:
    m = scenario(factions=("skellige", "nilfgaard"), hands=(["biting_frost"], []),
                 rows=((["kambi", "udalryk"], [], []), NONE3))
    play(m, "biting_frost")
    assert power(m, 0, "close") == [0, 1]


def test_weather_applies_to_units_played_later() -> None:
    m = scenario(hands=(["ballista"], []), weather=["torrential_rain"])
    play(m, "ballista")
    assert power(m, 0, "siege") == [1]


def test_several_kinds_active_at_once() -> None:
    m = scenario(hands=(["biting_frost", "torrential_rain"], []), rows=BOARD,
                 passed=(False, True))
    play(m, "biting_frost")
    play(m, "torrential_rain")
    assert m.weather_rows() == {CLOSE, SIEGE}
    assert power(m, 0, "close") == [1, 10]
    assert power(m, 0, "ranged") == [5, 10]
    assert power(m, 0, "siege") == [1]
    assert power(m, 1, "siege") == [1, 10]


def test_duplicate_weather_adds_nothing() -> None:
    m = scenario(hands=(["biting_frost", "biting_frost"], []), rows=BOARD,
                 passed=(False, True))
    play(m, "biting_frost")
    totals = (m.total(0), m.total(1))
    events = play(m, "biting_frost")
    assert (m.total(0), m.total(1)) == totals
    assert [m.card_ids[u] for u, _ in m.weather] == ["biting_frost", "biting_frost"]
    assert texts(events) == ["Alice plays Biting Frost."]


def test_storm_overlapping_fog_and_rain() -> None:
    m = scenario(hands=(["skellige_storm"], []), rows=BOARD,
                 weather=["impenetrable_fog"])
    play(m, "skellige_storm")
    assert m.weather_rows() == {RANGED, SIEGE}
    assert power(m, 1, "ranged") == [1]
    assert power(m, 1, "siege") == [1, 10]


def test_clear_weather_removes_all_to_their_owners() -> None:
    m = scenario(hands=(["clear_weather"], []), rows=BOARD,
                 weather=[("biting_frost", 1), ("skellige_storm", 1), ("torrential_rain", 0)])
    assert m.total(0) == 1 + 10 + 1 + 10 + 1
    events = play(m, "clear_weather")
    assert m.weather == []
    assert m.weather_rows() == set()
    assert sorted(names(m, m.sides[1].grave)) == ["biting_frost", "skellige_storm"]
    assert sorted(names(m, m.sides[0].grave)) == ["clear_weather", "torrential_rain"]
    assert m.total(0) == 5 + 10 + 5 + 10 + 6
    assert texts(events)[0].startswith("Alice plays Clear Weather")


def test_clear_weather_with_no_weather_is_still_playable() -> None:
    m = scenario(hands=(["clear_weather"], []))
    play(m, "clear_weather")
    assert names(m, m.sides[0].grave) == ["clear_weather"]
    assert m.current == 1


def test_weather_goes_to_owners_discard_piles_at_round_end() -> None:
    m = scenario(factions=("scoiatael", "scoiatael"), hands=(["biting_frost"], []),
                 rows=(([], [], ["mahakaman_defender"]), NONE3), weather=["impenetrable_fog"],
                 weather_owner=1, passed=(False, True))
    play(m, "biting_frost")
    pass_turn(m, 0)
    assert m.round == 2
    assert m.weather == []
    assert names(m, m.sides[1].grave) == ["impenetrable_fog"]
    assert sorted(names(m, m.sides[0].grave)) == ["biting_frost", "mahakaman_defender"]


def test_weather_then_horn() -> None:
    m = scenario(hands=(["commanders_horn"], []),
                 rows=((["ves", "siegfried_of_denesle"], [], []), NONE3),
                 weather=["biting_frost"])
    play(m, "commanders_horn", "close")
    assert power(m, 0, "close") == [2, 2]


def test_weather_with_unit_horn() -> None:
    m = scenario(rows=((["ves", "dandelion"], [], []), NONE3), weather=["biting_frost"])
    assert power(m, 0, "close") == [2, 1]


def test_weather_bond_horn_morale_order() -> None:
    m = scenario(rows=(([], [], ["kaedweni_siege_expert", "catapult", "catapult"]), NONE3),
                 weather=["torrential_rain"], horns=([SIEGE], []))
    # catapult: 1 (rain) x2 (bond) x2 (horn) +1 (morale); expert: 1 x2 +0
    assert power(m, 0, "siege") == [2, 5, 5]


class TestKingBran:
    def test_own_units_are_halved_rounding_up(self) -> None:
        m = scenario(factions=("skellige", "nilfgaard"), leaders=("king_bran", None),
                     rows=((["madman_lugos", "udalryk", "kambi", "olaf"], [], []),
                           (["cahir_mawr_dyffryn_aep_ceallach", "letho_of_gulet"], [], [])),
                     weather=["biting_frost"])
        # Olaf: 12 -> 6, +1 morale from nobody else; the others get Olaf's +1
        assert power(m, 0, "close") == [3 + 1, 2 + 1, 0 + 1, 6]
        assert power(m, 1, "close") == [1, 10]

    def test_odd_strength_rounds_up(self) -> None:
        m = scenario(factions=("skellige", "nilfgaard"), leaders=("king_bran", None),
                     rows=((["zoltan_chivay", "villentretenmerth"], [],
                            ["war_longship", "holger_blackhand"]), NONE3),
                     weather=["skellige_storm", "biting_frost"])
        assert power(m, 0, "close") == [3, 4]
        assert power(m, 0, "siege") == [3, 2]

    def test_no_weather_no_halving(self) -> None:
        m = scenario(factions=("skellige", "nilfgaard"), leaders=("king_bran", None),
                     rows=((["zoltan_chivay"], [], []), NONE3), weather=["torrential_rain"])
        assert power(m, 0, "close") == [5]

    def test_halving_then_bond(self) -> None:
        m = scenario(factions=("skellige", "nilfgaard"), leaders=("king_bran", None),
                     rows=((["clan_an_craite_warrior"] * 3, [], []), NONE3),
                     weather=["biting_frost"])
        assert power(m, 0, "close") == [9, 9, 9]

    def test_king_bran_as_opponent_does_not_help_the_other_side(self) -> None:
        m = scenario(factions=("northern_realms", "skellige"), leaders=(None, "king_bran"),
                     rows=((["vesemir"], [], []), (["madman_lugos"], [], [])),
                     weather=["biting_frost"])
        assert power(m, 0, "close") == [1]
        assert power(m, 1, "close") == [3]

    def test_king_bran_is_passive(self) -> None:
        m = scenario(factions=("skellige", "nilfgaard"), leaders=("king_bran", None))
        assert not any(a.kind == "leader" for a in m.legal_actions(0))
        with pytest.raises(IllegalAction, match="King Bran has a passive ability"):
            m.apply(Action(0, "leader"))
