"""Faction perks: Monsters, Nilfgaard, Northern Realms, Scoia'tael, Skellige."""

from __future__ import annotations

import pytest

from engine.actions import FIRST, FORFEIT, KEEP, Action, IllegalAction
from engine.observation import CHOOSE_FIRST, MULLIGAN
from tests.engine.scenario import names, pass_turn, row_of, scenario, starter_match, texts

NONE3: tuple[list[str], list[str], list[str]] = ([], [], [])


def end_round(m: object) -> list[str]:
    """Both players pass (the current one first); return the events' text."""
    from engine.match import Match
    assert isinstance(m, Match)
    start = m.round
    out = texts(pass_turn(m))
    if m.round == start and not m.is_over:
        out += texts(pass_turn(m))
    return out


# ------------------------------------------------------------------ monsters

class TestMonsters:
    BOARD = (["fiend", "imlerith", "nekker"], ["leshen", "endrega"], ["fire_elemental"])

    def test_one_random_non_hero_unit_stays(self) -> None:
        kept_ids = set()
        for seed in range(12):
            m = scenario(factions=("monsters", "scoiatael"), rows=(self.BOARD, NONE3),
                         passed=(False, True), seed=seed)
            events = end_round(m)
            assert m.round == 2
            board = [u for row in m.sides[0].rows for u in row]
            assert len(board) == 1
            kept = m.cards[board[0]]
            assert not kept.hero
            kept_ids.add(kept.id)
            # it stays on the row it was on
            where = next(r for r, row in enumerate(self.BOARD) if kept.id in row)
            assert m.card_ids[m.sides[0].rows[where][0]] == kept.id
            assert sorted([*names(m, m.sides[0].grave), kept.id]) == sorted(
                c for row in self.BOARD for c in row)
            assert f"{kept.name} stays on the board for Alice (Monsters)." in events
        assert len(kept_ids) > 1

    def test_heroes_are_never_kept(self) -> None:
        m = scenario(factions=("monsters", "scoiatael"),
                     rows=((["imlerith", "draug"], ["leshen"], []), NONE3),
                     passed=(False, True))
        end_round(m)
        assert m.round == 2
        assert all(row == [] for row in m.sides[0].rows)
        assert sorted(names(m, m.sides[0].grave)) == ["draug", "imlerith", "leshen"]

    def test_kept_unit_loses_round_effects(self) -> None:
        m = scenario(factions=("monsters", "scoiatael"),
                     rows=((["fiend"], [], []), NONE3), weather=["biting_frost"],
                     passed=(False, True), horns=([0], []))
        end_round(m)
        assert row_of(m, 0, "close") == ["fiend"]
        assert m.total(0) == 6
        assert m.weather == []
        assert names(m, m.sides[0].grave) == ["commanders_horn", "biting_frost"]

    def test_other_factions_keep_nothing(self) -> None:
        m = scenario(factions=("scoiatael", "monsters"),
                     rows=((["mahakaman_defender"], [], []), (["fiend"], [], [])),
                     passed=(False, True))
        end_round(m)
        assert all(row == [] for row in m.sides[0].rows)
        assert row_of(m, 1, "close") == ["fiend"]


# ------------------------------------------------------------------ nilfgaard

class TestNilfgaard:
    def test_nilfgaard_wins_a_drawn_round(self) -> None:
        m = scenario(factions=("scoiatael", "nilfgaard"),
                     rows=((["mahakaman_defender"], [], []), (["renuald_aep_matsen"], [], [])),
                     passed=(False, True))
        events = end_round(m)
        assert m.results == [((5, 5), 1)]
        assert m.sides[0].gems == 1 and m.sides[1].gems == 2
        assert "Round 1 ends 5\u20135. Bob wins the round (Nilfgaard wins draws)." in events
        assert m.current == 1

    def test_nilfgaard_as_player_zero(self) -> None:
        m = scenario(factions=("nilfgaard", "scoiatael"), passed=(False, True))
        end_round(m)
        assert m.results == [((0, 0), 0)]
        assert m.sides[1].gems == 1 and m.sides[0].gems == 2

    def test_both_nilfgaard_is_a_normal_draw(self) -> None:
        m = scenario(factions=("nilfgaard", "nilfgaard"), passed=(False, True))
        events = end_round(m)
        assert m.results == [((0, 0), None)]
        assert m.sides[0].gems == 1 and m.sides[1].gems == 1
        assert "Round 1 ends 0\u20130. It is a draw; both players lose a gem." in events

    def test_nilfgaard_still_loses_a_lower_score(self) -> None:
        m = scenario(factions=("scoiatael", "nilfgaard"),
                     rows=((["mahakaman_defender"], [], []), NONE3), passed=(False, True))
        end_round(m)
        assert m.results == [((5, 0), 0)]
        assert m.sides[1].gems == 1


# ------------------------------------------------------------------ northern realms

class TestNorthernRealms:
    def test_draws_a_card_after_winning_a_round(self) -> None:
        m = scenario(factions=("northern_realms", "scoiatael"),
                     rows=((["ves"], [], []), NONE3), decks=(["ballista", "keira_metz"], []),
                     passed=(False, True))
        hand = len(m.sides[0].hand)
        events = end_round(m)
        assert m.round == 2
        assert len(m.sides[0].hand) == hand + 1
        assert names(m, m.sides[0].deck) == ["ballista"]
        assert "keira_metz" in names(m, m.sides[0].hand)
        assert ("Alice draws a card for winning the round (Northern Realms)." in events)
        private = [e for e in m.events if e.private and "Northern Realms" in e.private]
        assert private[0].player == 0
        assert private[0].private == ("You draw Keira Metz for winning the round "
                                      "(Northern Realms).")

    def test_no_draw_after_losing_or_drawing(self) -> None:
        m = scenario(factions=("northern_realms", "scoiatael"),
                     rows=(NONE3, (["mahakaman_defender"], [], [])), decks=(["ballista"], []),
                     passed=(False, True))
        end_round(m)
        assert names(m, m.sides[0].deck) == ["ballista"]
        m = scenario(factions=("northern_realms", "scoiatael"), decks=(["ballista"], []),
                     passed=(False, True))
        end_round(m)
        assert m.results == [((0, 0), None)]
        assert names(m, m.sides[0].deck) == ["ballista"]

    def test_no_draw_from_an_empty_deck(self) -> None:
        m = scenario(factions=("northern_realms", "scoiatael"),
                     rows=((["ves"], [], []), NONE3), passed=(False, True))
        hand = len(m.sides[0].hand)
        events = end_round(m)
        assert m.round == 2
        assert len(m.sides[0].hand) == hand
        assert not any("Northern Realms" in t for t in events)

    def test_winning_opponent_of_other_faction_draws_nothing(self) -> None:
        m = scenario(factions=("northern_realms", "scoiatael"),
                     rows=(NONE3, (["mahakaman_defender"], [], [])),
                     decks=([], ["riordain"]), passed=(False, True))
        end_round(m)
        assert names(m, m.sides[1].deck) == ["riordain"]


# ------------------------------------------------------------------ scoia'tael

class TestScoiatael:
    @pytest.mark.parametrize("chooser", [0, 1])
    def test_scoiatael_decides_who_goes_first_before_hands_are_drawn(self,
                                                                     chooser: int) -> None:
        factions = ("scoiatael", "northern_realms")
        if chooser:
            factions = ("northern_realms", "scoiatael")
        m = starter_match(factions, seed=5)
        assert m.phase == CHOOSE_FIRST
        assert m.chooser == chooser
        assert m.to_act() == [chooser]
        assert all(s.hand == [] for s in m.sides)
        assert m.legal_actions(chooser) == [Action(chooser, FIRST, target=0),
                                            Action(chooser, FIRST, target=1),
                                            Action(chooser, FORFEIT)]
        assert m.legal_actions(1 - chooser) == [Action(1 - chooser, FORFEIT)]
        name = m.sides[chooser].name
        # The coin does not matter here, so the log does not mention it.
        assert m.events[0].text == f"{name} leads the Scoia'tael and decides who goes first."
        with pytest.raises(IllegalAction, match="Only the Scoia'tael player decides"):
            m.apply(Action(1 - chooser, FIRST, target=1 - chooser))
        with pytest.raises(IllegalAction, match="must first decide who goes first"):
            m.apply(Action(chooser, KEEP))
        events = m.apply(Action(chooser, FIRST, target=1 - chooser))
        assert m.first == 1 - chooser
        assert m.phase == MULLIGAN
        assert all(len(s.hand) == 10 for s in m.sides)
        name = m.sides[1 - chooser].name
        assert texts(events)[0] == f"{m.sides[chooser].name} lets {name} go first."
        m.apply(Action(0, KEEP))
        m.apply(Action(1, KEEP))
        assert m.current == 1 - chooser

    def test_scoiatael_may_choose_itself(self) -> None:
        for seed in range(4):
            m = starter_match(("scoiatael", "monsters"), seed=seed)
            events = m.apply(Action(0, FIRST, target=0))
            assert texts(events)[0] == f"{m.sides[0].name} chooses to go first."
            m.apply(Action(0, KEEP))
            m.apply(Action(1, KEEP))
            assert m.current == 0 and m.first == 0

    def test_both_scoiatael_toss_a_coin(self) -> None:
        firsts = set()
        for seed in range(10):
            m = starter_match(("scoiatael", "scoiatael"), seed=seed)
            assert m.phase == MULLIGAN
            assert m.chooser is None
            firsts.add(m.first)
        assert firsts == {0, 1}


# ------------------------------------------------------------------ skellige

class TestSkellige:
    def test_two_random_units_return_at_the_start_of_round_three(self) -> None:
        grave = ["madman_lugos", "hjalmar", "udalryk", "decoy", "clan_brokvar_archer",
                 "clan_an_craite_warrior"]
        returned_sets = set()
        for seed in range(8):
            m = scenario(factions=("skellige", "scoiatael"), round=2, seed=seed,
                         graves=(grave, []), rows=(NONE3, (["mahakaman_defender"], [], [])),
                         passed=(True, False), current=1)
            events = end_round(m)
            assert m.round == 3
            board = [u for row in m.sides[0].rows for u in row]
            assert len(board) == 2
            back = sorted(m.card_ids[u] for u in board)
            assert all(not m.cards[u].hero for u in board)
            for u in board:
                assert u in m.sides[0].rows[m.cards[u].rows[0]]
            assert sorted(names(m, m.sides[0].grave) + back) == sorted(grave)
            assert any(t.endswith("return from Alice's discard pile (Skellige).")
                       for t in events)
            returned_sets.add(tuple(back))
        assert len(returned_sets) > 1

    def test_one_unit_when_only_one_is_there(self) -> None:
        m = scenario(factions=("skellige", "scoiatael"), round=2,
                     graves=(["hjalmar", "udalryk", "decoy"], []), passed=(True, False),
                     current=1, rows=(NONE3, (["mahakaman_defender"], [], [])))
        end_round(m)
        assert m.round == 3
        assert row_of(m, 0, "close") == ["udalryk"]
        assert sorted(names(m, m.sides[0].grave)) == ["decoy", "hjalmar"]

    def test_nothing_returns_at_round_two(self) -> None:
        m = scenario(factions=("skellige", "scoiatael"), graves=(["udalryk", "svanrige"], []),
                     passed=(True, False), current=1,
                     rows=(NONE3, (["mahakaman_defender"], [], [])))
        end_round(m)
        assert m.round == 2
        assert all(row == [] for row in m.sides[0].rows)

    def test_round_two_board_counts_in_the_discard_pile(self) -> None:
        m = scenario(factions=("skellige", "scoiatael"), round=2,
                     rows=((["udalryk"], [], []), (["mahakaman_defender"], [], [])),
                     passed=(True, False), current=1)
        end_round(m)
        assert m.round == 3
        assert row_of(m, 0, "close") == ["udalryk"]

    def test_both_skellige(self) -> None:
        m = scenario(factions=("skellige", "skellige"), round=2,
                     graves=(["udalryk"], ["svanrige"]), passed=(True, False), current=1,
                     rows=(NONE3, (["madman_lugos"], [], [])))
        end_round(m)
        assert m.round == 3
        assert row_of(m, 0, "close") == ["udalryk"]
        assert sorted(row_of(m, 1, "close")) == ["madman_lugos", "svanrige"]

    def test_other_factions_get_nothing(self) -> None:
        m = scenario(factions=("scoiatael", "skellige"), round=2,
                     graves=(["riordain"], []), passed=(True, False), current=1,
                     rows=(NONE3, (["madman_lugos"], [], [])))
        end_round(m)
        assert m.round == 3
        assert all(row == [] for row in m.sides[0].rows)


# ------------------------------------------------------------------ documented interpretations

def test_northern_realms_draw_nothing_when_the_match_ends() -> None:
    m = scenario(factions=("northern_realms", "scoiatael"), round=2,
                 rows=((["ves"], [], []), NONE3), decks=(["ballista"], []),
                 passed=(False, True))
    m.sides[1].gems = 1
    hand = len(m.sides[0].hand)
    end_round(m)
    assert m.is_over and m.winner == 0
    assert len(m.sides[0].hand) == hand
    assert names(m, m.sides[0].deck) == ["ballista"]


def test_monsters_may_keep_an_opponents_spy() -> None:
    m = scenario(factions=("monsters", "scoiatael"),
                 rows=((["vattier_de_rideaux", "imlerith"], [], []), NONE3),
                 passed=(False, True))
    end_round(m)
    assert row_of(m, 0, "close") == ["vattier_de_rideaux"]


def test_monsters_keeping_the_cow_summons_nothing() -> None:
    m = scenario(factions=("monsters", "scoiatael"), rows=(([], ["cow"], []), NONE3),
                 passed=(False, True))
    end_round(m)
    assert m.round == 2
    assert row_of(m, 0, "ranged") == ["cow"]
    assert "bovine_defense_force" not in m.card_ids


def test_skellige_return_goes_to_the_printed_row_without_abilities() -> None:
    m = scenario(factions=("skellige", "scoiatael"), round=2,
                 graves=(["olaf", "birna_bran", "udalryk"], []), passed=(True, False),
                 current=1, rows=(NONE3, (["mahakaman_defender"], [], [])), seed=3)
    end_round(m)
    assert m.round == 3
    back = row_of(m, 0, "close")
    assert len(back) == 2
    assert row_of(m, 0, "ranged") == []  # Olaf, agile, goes to close combat
    assert m.pending is None  # a returned Birna Bran (medic) revives nothing
    assert len(m.sides[0].grave) == 1
