"""Unit and special card abilities, with their edge cases."""

from __future__ import annotations

import pytest

from engine.actions import CHOOSE, PLAY, Action, IllegalAction
from engine.cards import CLOSE, RANGED, SIEGE
from engine.observation import PLAYING
from engine.pending import MEDIC
from tests.engine.scenario import (
    choose,
    hand_uid,
    names,
    pass_turn,
    play,
    power,
    row_of,
    scenario,
    texts,
    uid_of,
)

NONE3: tuple[list[str], list[str], list[str]] = ([], [], [])


# ------------------------------------------------------------------ agile

class TestAgile:
    def test_agile_unit_offers_close_and_ranged_only(self) -> None:
        m = scenario(factions=("scoiatael", "nilfgaard"), hands=(["barclay_els"], []))
        uid = hand_uid(m, 0, "barclay_els")
        plays = {a.row for a in m.legal_actions(0) if a.kind == PLAY and a.card == uid}
        assert plays == {CLOSE, RANGED}

    @pytest.mark.parametrize("row", ["close", "ranged"])
    def test_player_chooses_the_row(self, row: str) -> None:
        m = scenario(factions=("scoiatael", "nilfgaard"), hands=(["barclay_els"], []))
        play(m, "barclay_els", row)
        assert row_of(m, 0, row) == ["barclay_els"]
        assert m.total(0) == 6
        other = "ranged" if row == "close" else "close"
        assert row_of(m, 0, other) == []

    def test_agile_needs_a_row(self) -> None:
        m = scenario(factions=("scoiatael", "nilfgaard"), hands=(["barclay_els"], []))
        uid = hand_uid(m, 0, "barclay_els")
        with pytest.raises(IllegalAction, match="Choose a row for Barclay Els"):
            m.apply(Action(0, PLAY, uid))
        with pytest.raises(IllegalAction, match="cannot go on the siege row"):
            m.apply(Action(0, PLAY, uid, SIEGE))

    def test_non_agile_unit_takes_no_row(self) -> None:
        m = scenario(hands=(["ballista"], []))
        uid = hand_uid(m, 0, "ballista")
        assert [a for a in m.legal_actions(0) if a.card == uid] == [Action(0, PLAY, uid)]
        with pytest.raises(IllegalAction):
            m.apply(Action(0, PLAY, uid, CLOSE))


# ------------------------------------------------------------------ medic

class TestMedic:
    def test_medic_offers_only_non_hero_units_of_own_discard_pile(self) -> None:
        m = scenario(hands=(["dun_banner_medic"], []),
                     graves=(["ves", "vernon_roche", "decoy", "biting_frost", "keira_metz"],
                             ["cahir_mawr_dyffryn_aep_ceallach"]))
        play(m, "dun_banner_medic")
        assert m.pending is not None and m.pending.kind == MEDIC and m.pending.player == 0
        assert sorted(names(m, list(m.pending.options))) == ["keira_metz", "ves"]
        assert m.to_act() == [0]
        assert m.current == 0
        assert sorted(m.card_ids[a.card] for a in m.legal_actions(0)
                      if a.kind == CHOOSE) == ["keira_metz", "ves"]
        # the opponent may only forfeit while the choice is pending
        assert [a.kind for a in m.legal_actions(1)] == ["forfeit"]

    def test_revived_unit_is_played_on_its_row(self) -> None:
        m = scenario(hands=(["dun_banner_medic"], []), graves=(["keira_metz", "ves"], []))
        play(m, "dun_banner_medic")
        events = choose(m, "keira_metz")
        assert row_of(m, 0, "ranged") == ["keira_metz"]
        assert row_of(m, 0, "siege") == ["dun_banner_medic"]
        assert names(m, m.sides[0].grave) == ["ves"]
        assert m.total(0) == 10
        assert m.pending is None and m.current == 1
        assert "Alice revives Keira Metz on Ranged Combat" in texts(events)[0]

    def test_empty_discard_pile_means_no_choice(self) -> None:
        m = scenario(hands=(["dun_banner_medic"], []), graves=(["vernon_roche", "decoy"], []))
        events = play(m, "dun_banner_medic")
        assert m.pending is None
        assert m.current == 1
        assert "There is no unit in the discard pile to revive." in texts(events)
        assert names(m, m.sides[0].grave) == ["vernon_roche", "decoy"]

    def test_medic_chain_a_revived_medic_asks_again(self) -> None:
        m = scenario(factions=("nilfgaard", "northern_realms"),
                     hands=(["etolian_auxiliary_archers"], []),
                     graves=(["siege_technician", "cahir_mawr_dyffryn_aep_ceallach"], []))
        play(m, "etolian_auxiliary_archers")
        choose(m, "siege_technician")
        assert m.pending is not None and m.pending.kind == MEDIC
        assert names(m, list(m.pending.options)) == ["cahir_mawr_dyffryn_aep_ceallach"]
        assert m.current == 0
        choose(m, "cahir_mawr_dyffryn_aep_ceallach")
        assert m.pending is None and m.current == 1
        assert row_of(m, 0, "close") == ["cahir_mawr_dyffryn_aep_ceallach"]
        assert row_of(m, 0, "ranged") == ["etolian_auxiliary_archers"]
        assert row_of(m, 0, "siege") == ["siege_technician"]
        assert m.sides[0].grave == []

    def test_revived_spy_goes_to_the_opponent_and_draws(self) -> None:
        m = scenario(hands=(["dun_banner_medic"], []), graves=(["thaler"], []),
                     decks=(["ves", "keira_metz", "ballista"], []))
        play(m, "dun_banner_medic")
        events = choose(m, "thaler")
        assert row_of(m, 1, "siege") == ["thaler"]
        assert row_of(m, 0, "siege") == ["dun_banner_medic"]
        assert names(m, m.sides[0].deck) == ["ves"]
        assert sorted(names(m, m.sides[0].hand)) == ["ballista", "keira_metz", "vesemir"]
        assert m.total(1) == 1
        assert "Alice draws 2 cards." in texts(events)

    @pytest.mark.parametrize("row", ["close", "ranged"])
    def test_agile_revival_chooses_a_row(self, row: str) -> None:
        m = scenario(factions=("scoiatael", "nilfgaard"), hands=(["havekar_healer"], []),
                     graves=(["barclay_els"], []))
        play(m, "havekar_healer")
        uid = uid_of(m, "barclay_els", m.sides[0].grave)
        choices = [a for a in m.legal_actions(0) if a.kind == CHOOSE]
        assert sorted(a.row for a in choices) == [CLOSE, RANGED]  # type: ignore[type-var]
        with pytest.raises(IllegalAction, match="Choose a row for Barclay Els"):
            m.apply(Action(0, CHOOSE, uid))
        choose(m, "barclay_els", row)
        assert "barclay_els" in row_of(m, 0, row)

    def test_revived_unit_resolves_muster(self) -> None:
        m = scenario(factions=("monsters", "nilfgaard"),
                     hands=(["yennefer_of_vengerberg", "ghoul"], []),
                     graves=(["ghoul"], []), decks=(["ghoul", "fiend"], []))
        play(m, "yennefer_of_vengerberg")
        choose(m, "ghoul")
        assert row_of(m, 0, "close") == ["ghoul", "ghoul", "ghoul"]
        assert names(m, m.sides[0].deck) == ["fiend"]
        assert "ghoul" not in names(m, m.sides[0].hand)

    def test_revived_row_scorch_unit_scorches(self) -> None:
        m = scenario(hands=(["dun_banner_medic"], []), graves=(["villentretenmerth"], []),
                     rows=(NONE3, (["rainfarn", "cahir_mawr_dyffryn_aep_ceallach"], [], [])))
        play(m, "dun_banner_medic")
        choose(m, "villentretenmerth")
        assert row_of(m, 1, "close") == ["rainfarn"]
        assert "cahir_mawr_dyffryn_aep_ceallach" in names(m, m.sides[1].grave)

    def test_invader_of_the_north_revives_at_random(self) -> None:
        m = scenario(factions=("northern_realms", "nilfgaard"),
                     leaders=(None, "emhyr_var_emreis_invader_of_the_north"),
                     hands=(["dun_banner_medic"], []),
                     graves=(["ves", "keira_metz", "vernon_roche"], []))
        events = play(m, "dun_banner_medic")
        assert m.pending is None
        assert m.current == 1
        revived = [c for c in ("ves", "keira_metz") if c not in names(m, m.sides[0].grave)]
        assert len(revived) == 1
        assert "vernon_roche" in names(m, m.sides[0].grave)
        assert any("revives at random" in t for t in texts(events))
        assert m.total(0) == 10

    def test_invader_random_revive_picks_a_row_for_agile(self) -> None:
        for seed in range(6):
            m = scenario(factions=("scoiatael", "nilfgaard"),
                         leaders=(None, "emhyr_var_emreis_invader_of_the_north"),
                         hands=(["havekar_healer"], []), graves=(["barclay_els"], []),
                         seed=seed)
            play(m, "havekar_healer")
            assert m.pending is None
            placed = row_of(m, 0, "close") + row_of(m, 0, "ranged")
            assert placed.count("barclay_els") == 1

    def test_invader_applies_to_its_own_side_too(self) -> None:
        m = scenario(factions=("nilfgaard", "northern_realms"),
                     leaders=("emhyr_var_emreis_invader_of_the_north", None),
                     hands=(["etolian_auxiliary_archers"], []),
                     graves=(["rainfarn", "vreemde"], []))
        play(m, "etolian_auxiliary_archers")
        assert m.pending is None
        assert len(m.sides[0].grave) == 1
        assert len(row_of(m, 0, "close")) == 1

    def test_random_revive_chains_randomly(self) -> None:
        m = scenario(factions=("nilfgaard", "northern_realms"),
                     leaders=("emhyr_var_emreis_invader_of_the_north", None),
                     hands=(["etolian_auxiliary_archers"], []),
                     graves=(["siege_technician"], []))
        play(m, "etolian_auxiliary_archers")
        assert m.pending is None
        assert row_of(m, 0, "siege") == ["siege_technician"]
        assert m.sides[0].grave == []
        assert m.current == 1


# ------------------------------------------------------------------ morale boost

class TestMoraleBoost:
    def test_boosts_the_others_in_its_row_not_itself(self) -> None:
        m = scenario(hands=(["kaedweni_siege_expert"], []),
                     rows=(([], [], ["ballista", "trebuchet"]), NONE3))
        play(m, "kaedweni_siege_expert")
        assert power(m, 0, "siege") == [7, 7, 1]
        assert m.total(0) == 15

    def test_two_morale_cards_boost_each_other(self) -> None:
        m = scenario(rows=(([], [], ["kaedweni_siege_expert", "kaedweni_siege_expert",
                                     "ballista"]), NONE3))
        assert power(m, 0, "siege") == [2, 2, 8]

    def test_only_its_own_row_and_side(self) -> None:
        m = scenario(rows=((["ves"], ["keira_metz"], ["kaedweni_siege_expert", "ballista"]),
                           ([], [], ["siege_engineer"])))
        assert power(m, 0, "close") == [5]
        assert power(m, 0, "ranged") == [5]
        assert power(m, 1, "siege") == [6]

    def test_hero_morale_boosts_others_but_heroes_are_never_boosted(self) -> None:
        m = scenario(factions=("monsters", "nilfgaard"),
                     rows=((["kayran", "olgierd_von_everec", "fiend", "draug"], [], []), NONE3))
        # Kayran (hero, 8) and Olgierd (6) both boost; Kayran and Draug are not boosted
        assert power(m, 0, "close") == [8, 7, 8, 10]

    def test_morale_applies_after_horn(self) -> None:
        m = scenario(hands=(["commanders_horn"], []),
                     rows=(([], [], ["kaedweni_siege_expert", "ballista"]), NONE3))
        play(m, "commanders_horn", "siege")
        assert power(m, 0, "siege") == [2, 13]

    def test_morale_applies_after_tight_bond(self) -> None:
        m = scenario(rows=(([], [], ["kaedweni_siege_expert", "catapult", "catapult"]), NONE3))
        assert power(m, 0, "siege") == [1, 17, 17]

    def test_full_order_bond_horn_morale(self) -> None:
        m = scenario(rows=(([], [], ["kaedweni_siege_expert", "kaedweni_siege_expert",
                                     "catapult", "catapult"]), NONE3),
                     horns=([SIEGE], []))
        # catapult 8 x2 (bond) x2 (horn) +2 (morale); expert 1 x2 (horn) +1
        assert power(m, 0, "siege") == [3, 3, 34, 34]


# ------------------------------------------------------------------ muster

class TestMuster:
    def test_pulls_the_group_from_hand_and_deck(self) -> None:
        m = scenario(factions=("monsters", "nilfgaard"),
                     hands=(["arachas", "arachas", "fiend"], []),
                     decks=(["arachas", "arachas_behemoth", "foglet"], []))
        events = play(m, "arachas")
        assert row_of(m, 0, "close") == ["arachas"] * 3
        assert sorted(names(m, m.sides[0].hand)) == ["fiend", "vesemir"]
        assert sorted(names(m, m.sides[0].deck)) == ["arachas_behemoth", "foglet"]
        assert m.total(0) == 12
        assert any(t.startswith("Muster brings Arachas, Arachas (1 from hand)")
                   for t in texts(events))

    def test_arachas_do_not_pull_the_behemoth(self) -> None:
        m = scenario(factions=("monsters", "nilfgaard"),
                     hands=(["arachas", "arachas_behemoth"], []),
                     decks=(["arachas_behemoth"], []))
        play(m, "arachas")
        assert row_of(m, 0, "siege") == []
        assert "arachas_behemoth" in names(m, m.sides[0].hand)
        assert names(m, m.sides[0].deck) == ["arachas_behemoth"]

    def test_behemoth_pulls_the_arachas_onto_their_row(self) -> None:
        m = scenario(factions=("monsters", "nilfgaard"),
                     hands=(["arachas_behemoth", "arachas"], []),
                     decks=(["arachas", "arachas", "fiend"], []))
        play(m, "arachas_behemoth")
        assert row_of(m, 0, "siege") == ["arachas_behemoth"]
        assert row_of(m, 0, "close") == ["arachas"] * 3
        assert names(m, m.sides[0].deck) == ["fiend"]
        assert m.total(0) == 18

    def test_crones_pull_each_other(self) -> None:
        m = scenario(factions=("monsters", "nilfgaard"), hands=(["crone_weavess"], []),
                     decks=(["crone_brewess", "fiend", "crone_whispess"], []))
        play(m, "crone_weavess")
        assert sorted(row_of(m, 0, "close")) == ["crone_brewess", "crone_weavess",
                                                 "crone_whispess"]
        assert names(m, m.sides[0].deck) == ["fiend"]

    def test_vampires_pull_every_vampire(self) -> None:
        vampires = ["vampire_bruxa", "vampire_ekimmara", "vampire_fleder", "vampire_garkain",
                    "vampire_katakan"]
        m = scenario(factions=("monsters", "nilfgaard"), hands=(["vampire_katakan"], []),
                     decks=([*vampires[:4], "ghoul"], []))
        play(m, "vampire_katakan")
        assert sorted(row_of(m, 0, "close")) == vampires
        assert names(m, m.sides[0].deck) == ["ghoul"]
        assert m.total(0) == 21

    def test_gaunter_odimm_pulls_darkness_onto_ranged(self) -> None:
        m = scenario(hands=(["gaunter_odimm", "gaunter_odimm_darkness"], []),
                     decks=(["gaunter_odimm_darkness", "gaunter_odimm_darkness"], []))
        play(m, "gaunter_odimm")
        assert row_of(m, 0, "siege") == ["gaunter_odimm"]
        assert row_of(m, 0, "ranged") == ["gaunter_odimm_darkness"] * 3
        assert m.sides[0].deck == []
        assert m.total(0) == 14

    def test_darkness_pulls_other_darkness_but_not_gaunter(self) -> None:
        m = scenario(hands=(["gaunter_odimm_darkness"], []),
                     decks=(["gaunter_odimm", "gaunter_odimm_darkness"], []))
        play(m, "gaunter_odimm_darkness")
        assert row_of(m, 0, "ranged") == ["gaunter_odimm_darkness"] * 2
        assert names(m, m.sides[0].deck) == ["gaunter_odimm"]

    def test_cerys_pulls_shield_maidens(self) -> None:
        m = scenario(factions=("skellige", "nilfgaard"),
                     hands=(["cerys", "clan_drummond_shield_maiden"], []),
                     decks=(["clan_drummond_shield_maiden", "clan_drummond_shield_maiden",
                             "udalryk"], []))
        play(m, "cerys")
        assert row_of(m, 0, "close") == ["cerys"] + ["clan_drummond_shield_maiden"] * 3
        # shield maidens bond with each other: 4 x 3
        assert power(m, 0, "close") == [10, 12, 12, 12]
        assert names(m, m.sides[0].deck) == ["udalryk"]

    def test_shield_maiden_does_not_muster(self) -> None:
        m = scenario(factions=("skellige", "nilfgaard"),
                     hands=(["clan_drummond_shield_maiden", "clan_drummond_shield_maiden"], []),
                     decks=(["clan_drummond_shield_maiden", "cerys"], []))
        play(m, "clan_drummond_shield_maiden")
        assert row_of(m, 0, "close") == ["clan_drummond_shield_maiden"]
        assert len(m.sides[0].deck) == 2

    def test_muster_does_not_pull_from_the_discard_pile(self) -> None:
        m = scenario(factions=("monsters", "nilfgaard"), hands=(["nekker"], []),
                     graves=(["nekker"], []), decks=(["nekker"], []))
        play(m, "nekker")
        assert row_of(m, 0, "close") == ["nekker", "nekker"]
        assert names(m, m.sides[0].grave) == ["nekker"]

    def test_muster_shuffles_the_deck(self) -> None:
        rest = ["fiend", "foglet", "forktail", "frightener", "griffin", "werewolf",
                "botchling", "plague_maiden", "wyvern", "cockatrice", "endrega", "gargoyle"]
        m = scenario(factions=("monsters", "nilfgaard"), hands=(["nekker"], []),
                     decks=([*rest[:6], "nekker", *rest[6:]], []))
        play(m, "nekker")
        after = names(m, m.sides[0].deck)
        assert sorted(after) == sorted(rest)
        assert after != rest

    def test_muster_with_nothing_to_pull_just_plays(self) -> None:
        m = scenario(factions=("monsters", "nilfgaard"), hands=(["nekker"], []),
                     decks=(["fiend"], []))
        events = play(m, "nekker")
        assert row_of(m, 0, "close") == ["nekker"]
        assert not any("Muster" in t for t in texts(events))


# ------------------------------------------------------------------ spy

class TestSpy:
    def test_spy_goes_to_the_opponent_and_draws_two(self) -> None:
        m = scenario(hands=(["prince_stennis"], []),
                     decks=(["ballista", "keira_metz", "ves"], []))
        events = play(m, "prince_stennis")
        assert row_of(m, 1, "close") == ["prince_stennis"]
        assert row_of(m, 0, "close") == []
        assert m.total(1) == 5 and m.total(0) == 0
        # the last two cards of the deck (the top) are drawn
        assert names(m, m.sides[0].deck) == ["ballista"]
        assert sorted(names(m, m.sides[0].hand)) == ["keira_metz", "ves", "vesemir"]
        assert texts(events)[0] == ("Alice plays Prince Stennis as a spy on Bob's Close "
                                    "Combat (Bob +5).")
        assert texts(events)[1] == "Alice draws 2 cards."
        assert events[1].player == 0 and events[1].private == "You draw Ves, Keira Metz."

    def test_spy_draws_only_what_the_deck_holds(self) -> None:
        m = scenario(hands=(["thaler"], []), decks=(["ves"], []))
        events = play(m, "thaler")
        assert m.sides[0].deck == []
        assert sorted(names(m, m.sides[0].hand)) == ["ves", "vesemir"]
        assert "Alice draws 1 card." in texts(events)

    def test_spy_with_an_empty_deck_draws_nothing(self) -> None:
        m = scenario(hands=(["thaler"], []))
        events = play(m, "thaler")
        assert names(m, m.sides[0].hand) == ["vesemir"]
        assert row_of(m, 1, "siege") == ["thaler"]
        assert any(e.private == "You draw nothing: your deck is empty." for e in events)

    def test_spy_takes_no_row(self) -> None:
        m = scenario(hands=(["sigismund_dijkstra"], []))
        uid = hand_uid(m, 0, "sigismund_dijkstra")
        assert [a for a in m.legal_actions(0) if a.card == uid] == [Action(0, PLAY, uid)]

    def test_hero_spy_counts_zero_for_the_opponent(self) -> None:
        m = scenario(hands=(["mysterious_elf"], []), decks=(["ves", "keira_metz"], []),
                     weather=["biting_frost"])
        play(m, "mysterious_elf")
        assert row_of(m, 1, "close") == ["mysterious_elf"]
        assert m.total(1) == 0
        assert len(m.sides[0].hand) == 3

    def test_spy_counts_for_the_opponent_and_is_affected_by_their_row(self) -> None:
        m = scenario(factions=("nilfgaard", "northern_realms"),
                     hands=(["stefan_skellen"], []),
                     rows=(NONE3, (["blue_stripes_commando"], [], [])), horns=([], [CLOSE]))
        play(m, "stefan_skellen")
        assert power(m, 1, "close") == [8, 18]

    def test_spy_dies_to_its_new_sides_discard_pile(self) -> None:
        m = scenario(hands=(["stefan_skellen", "scorch"], []), passed=(False, True),
                     factions=("nilfgaard", "northern_realms"))
        play(m, "stefan_skellen")
        play(m, "scorch")
        assert names(m, m.sides[1].grave) == ["stefan_skellen"]
        assert names(m, m.sides[0].grave) == ["scorch"]


# ------------------------------------------------------------------ tight bond

class TestTightBond:
    def test_two_copies_double(self) -> None:
        m = scenario(hands=(["blue_stripes_commando"], []),
                     rows=((["blue_stripes_commando"], [], []), NONE3))
        play(m, "blue_stripes_commando")
        assert power(m, 0, "close") == [8, 8]

    def test_three_copies_triple(self) -> None:
        m = scenario(rows=((["blue_stripes_commando"] * 3, [], []), NONE3))
        assert power(m, 0, "close") == [12, 12, 12]
        assert m.total(0) == 36

    def test_four_copies(self) -> None:
        m = scenario(rows=((["poor_fucking_infantry"] * 4, [], []), NONE3))
        assert power(m, 0, "close") == [4, 4, 4, 4]

    def test_only_same_card_bonds(self) -> None:
        m = scenario(rows=((["blue_stripes_commando", "poor_fucking_infantry",
                             "poor_fucking_infantry"], [], []), NONE3))
        assert power(m, 0, "close") == [4, 2, 2]

    def test_only_same_row_and_side_bonds(self) -> None:
        m = scenario(factions=("northern_realms", "northern_realms"),
                     rows=((["blue_stripes_commando"], [], ["catapult"]),
                           (["blue_stripes_commando"], [], ["catapult"])))
        assert power(m, 0, "close") == [4] and power(m, 1, "close") == [4]
        assert power(m, 0, "siege") == [8]

    def test_bond_then_horn(self) -> None:
        m = scenario(hands=(["commanders_horn"], []),
                     rows=((["blue_stripes_commando"] * 3, [], []), NONE3))
        play(m, "commanders_horn", "close")
        assert power(m, 0, "close") == [24, 24, 24]

    def test_weather_then_bond(self) -> None:
        m = scenario(rows=((["blue_stripes_commando"] * 3, [], []), NONE3),
                     weather=["biting_frost"])
        assert power(m, 0, "close") == [3, 3, 3]

    def test_decoy_breaks_the_bond(self) -> None:
        m = scenario(hands=(["decoy"], []),
                     rows=((["blue_stripes_commando"] * 3, [], []), NONE3))
        target = m.sides[0].rows[CLOSE][1]
        play(m, "decoy", target=target)
        assert power(m, 0, "close") == [8, 0, 8]


# ------------------------------------------------------------------ row scorch units

ROW_SCORCHERS = [
    ("villentretenmerth", "close", "northern_realms"),
    ("toad", "ranged", "monsters"),
    ("schirru", "siege", "scoiatael"),
]


class TestRowScorch:
    @pytest.mark.parametrize(("card", "row", "faction"), ROW_SCORCHERS)
    def test_destroys_strongest_on_opponents_row_at_ten(self, card: str, row: str,
                                                        faction: str) -> None:
        r = {"close": 0, "ranged": 1, "siege": 2}[row]
        opp: list[list[str]] = [[], [], []]
        opp[r] = ["vesemir", "zoltan_chivay"]  # 6 + 5 = 11
        m = scenario(factions=(faction, "nilfgaard"), hands=([card], []),
                     rows=(NONE3, (opp[0], opp[1], opp[2])))
        events = play(m, card)
        assert row_of(m, 1, row) == ["zoltan_chivay"]
        assert names(m, m.sides[1].grave) == ["vesemir"]
        assert any("Scorch destroys Vesemir" in t for t in texts(events))

    @pytest.mark.parametrize(("card", "row", "faction"), ROW_SCORCHERS)
    def test_under_ten_nothing_happens(self, card: str, row: str, faction: str) -> None:
        r = {"close": 0, "ranged": 1, "siege": 2}[row]
        opp: list[list[str]] = [[], [], []]
        opp[r] = ["vesemir", "yarpen_zigrin", "redanian_foot_soldier"]  # 6 + 2 + 1 = 9
        m = scenario(factions=(faction, "nilfgaard"), hands=([card], []),
                     rows=(NONE3, (opp[0], opp[1], opp[2])))
        events = play(m, card)
        assert row_of(m, 1, row) == opp[r]
        assert m.sides[1].grave == []
        assert any("is under 10: no Scorch" in t for t in texts(events))

    def test_exactly_ten_is_enough(self) -> None:
        m = scenario(hands=(["villentretenmerth"], []),
                     rows=(NONE3, (["vesemir", "rainfarn"], [], [])))
        play(m, "villentretenmerth")
        assert row_of(m, 1, "close") == ["rainfarn"]

    def test_ties_all_die(self) -> None:
        m = scenario(hands=(["villentretenmerth"], []),
                     rows=(NONE3, (["vesemir", "cahir_mawr_dyffryn_aep_ceallach",
                                    "rainfarn"], [], [])))
        play(m, "villentretenmerth")
        assert row_of(m, 1, "close") == ["rainfarn"]
        assert sorted(names(m, m.sides[1].grave)) == ["cahir_mawr_dyffryn_aep_ceallach",
                                                      "vesemir"]

    def test_heroes_count_toward_ten_but_never_die(self) -> None:
        m = scenario(hands=(["villentretenmerth"], []),
                     rows=(NONE3, (["letho_of_gulet", "vreemde"], [], [])))
        play(m, "villentretenmerth")
        assert row_of(m, 1, "close") == ["letho_of_gulet"]
        assert names(m, m.sides[1].grave) == ["vreemde"]

    def test_only_heroes_on_the_row_nothing_dies(self) -> None:
        m = scenario(hands=(["villentretenmerth"], []),
                     rows=(NONE3, (["letho_of_gulet", "menno_coehoorn"], [], [])))
        play(m, "villentretenmerth")
        assert row_of(m, 1, "close") == ["letho_of_gulet", "menno_coehoorn"]
        assert m.sides[1].grave == []

    def test_only_the_opponents_same_row(self) -> None:
        m = scenario(hands=(["villentretenmerth"], []),
                     rows=((["siegfried_of_denesle", "ves", "vernon_roche"], [], []),
                           (["vesemir", "rainfarn"], ["black_infantry_archer",
                                                      "black_infantry_archer"], [])))
        play(m, "villentretenmerth")
        assert row_of(m, 0, "close") == ["siegfried_of_denesle", "ves", "vernon_roche",
                                         "villentretenmerth"]
        assert row_of(m, 1, "ranged") == ["black_infantry_archer"] * 2
        assert row_of(m, 1, "close") == ["rainfarn"]

    def test_uses_current_strength(self) -> None:
        m = scenario(hands=(["villentretenmerth"], []),
                     rows=(NONE3, (["nausicaa_cavalry_rider", "nausicaa_cavalry_rider",
                                    "nausicaa_cavalry_rider", "vesemir"], [], [])))
        # riders 2 x 3 = 6 each, vesemir 6: all four tie at 6
        play(m, "villentretenmerth")
        assert row_of(m, 1, "close") == []
        assert len(m.sides[1].grave) == 4

    def test_weathered_row_below_ten_is_spared(self) -> None:
        m = scenario(hands=(["villentretenmerth"], []),
                     rows=(NONE3, (["vesemir", "rainfarn", "cahir_mawr_dyffryn_aep_ceallach"],
                                   [], [])), weather=["biting_frost"])
        play(m, "villentretenmerth")
        assert len(row_of(m, 1, "close")) == 3

    def test_scorched_avenger_summons(self) -> None:
        m = scenario(factions=("monsters", "northern_realms"), hands=(["toad"], []),
                     rows=(NONE3, ([], ["cow", "philippa_eilhart"], [])))
        play(m, "toad")
        assert row_of(m, 1, "ranged") == ["philippa_eilhart"]
        assert row_of(m, 1, "close") == ["bovine_defense_force"]
        assert names(m, m.sides[1].grave) == ["cow"]


# ------------------------------------------------------------------ commander's horn

class TestCommandersHorn:
    def test_special_horn_doubles_non_hero_units(self) -> None:
        m = scenario(hands=(["commanders_horn"], []),
                     rows=((["ves", "vernon_roche", "redanian_foot_soldier"], [], []), NONE3))
        events = play(m, "commanders_horn", "close")
        assert power(m, 0, "close") == [10, 10, 2]
        assert m.card_ids[m.sides[0].horns[CLOSE]] == "commanders_horn"  # type: ignore[index]
        assert texts(events)[0] == "Alice plays Commander's Horn on Close Combat (+6)."

    def test_special_horn_needs_a_row_and_only_one_per_row(self) -> None:
        m = scenario(hands=(["commanders_horn", "commanders_horn"], []), passed=(False, True),
                     rows=((["ves"], [], []), NONE3))
        uid = hand_uid(m, 0, "commanders_horn")
        rows = {a.row for a in m.legal_actions(0) if a.card == uid}
        assert rows == {CLOSE, RANGED, SIEGE}
        play(m, "commanders_horn", "close")
        uid = hand_uid(m, 0, "commanders_horn")
        rows = {a.row for a in m.legal_actions(0) if a.card == uid}
        assert rows == {RANGED, SIEGE}
        with pytest.raises(IllegalAction, match="already has a horn"):
            m.apply(Action(0, PLAY, uid, CLOSE))

    def test_horn_on_an_empty_row_applies_to_later_units(self) -> None:
        m = scenario(hands=(["commanders_horn", "ballista"], []), passed=(False, True))
        play(m, "commanders_horn", "siege")
        play(m, "ballista")
        assert power(m, 0, "siege") == [12]

    def test_horn_affects_only_its_row_and_side(self) -> None:
        m = scenario(hands=(["commanders_horn"], []),
                     rows=((["ves"], ["keira_metz"], []), (["rainfarn"], [], [])))
        play(m, "commanders_horn", "ranged")
        assert power(m, 0, "close") == [5]
        assert power(m, 0, "ranged") == [10]
        assert power(m, 1, "close") == [4]

    def test_dandelion_doubles_the_others_not_himself(self) -> None:
        m = scenario(hands=(["dandelion"], []),
                     rows=((["ves", "vernon_roche"], [], []), NONE3))
        play(m, "dandelion")
        assert power(m, 0, "close") == [10, 10, 2]

    def test_draig_bon_dhu_horns_siege(self) -> None:
        m = scenario(factions=("skellige", "nilfgaard"), hands=(["draig_bon_dhu"], []),
                     rows=(([], [], ["war_longship", "war_longship"]), NONE3))
        play(m, "draig_bon_dhu")
        assert power(m, 0, "siege") == [24, 24, 2]

    def test_unit_horn_and_special_horn_do_not_stack(self) -> None:
        m = scenario(hands=(["commanders_horn"], []),
                     rows=((["ves", "dandelion"], [], []), NONE3))
        assert power(m, 0, "close") == [10, 2]
        play(m, "commanders_horn", "close")
        # one horn effect: every non-hero unit doubled once, Dandelion included
        assert power(m, 0, "close") == [10, 4]

    def test_horn_goes_to_the_discard_pile_at_round_end(self) -> None:
        m = scenario(factions=("scoiatael", "scoiatael"), hands=(["commanders_horn"], []),
                     rows=((["mahakaman_defender"], [], []), NONE3), passed=(False, True))
        play(m, "commanders_horn", "close")
        pass_turn(m, 0)
        assert m.round == 2
        assert sorted(names(m, m.sides[0].grave)) == ["commanders_horn", "mahakaman_defender"]
        assert m.sides[0].horns == [None, None, None]


# ------------------------------------------------------------------ summon / avenger

class TestSummonAvenger:
    def test_kambi_destroyed_summons_hemdall(self) -> None:
        m = scenario(factions=("northern_realms", "skellige"), hands=(["villentretenmerth"], []),
                     rows=(NONE3, (["kambi", "cerys"], [], [])))
        originals = m.originals
        events = play(m, "villentretenmerth")
        assert names(m, m.sides[1].grave) == ["kambi"]
        assert row_of(m, 1, "close") == ["cerys", "hemdall"]
        hemdall = m.sides[1].rows[CLOSE][1]
        assert hemdall >= originals  # a new card from the side deck
        assert m.total(1) == 21
        assert any("Kambi falls and Hemdall takes its place." in t for t in texts(events))

    def test_cow_at_round_end_summons_bovine_defense_force_on_its_row(self) -> None:
        m = scenario(factions=("scoiatael", "scoiatael"),
                     rows=(NONE3, ([], ["cow", "toruviel"], [])), current=1,
                     passed=(True, False))
        pass_turn(m, 1)
        assert m.round == 2
        assert sorted(names(m, m.sides[1].grave)) == ["cow", "toruviel"]
        assert row_of(m, 1, "close") == ["bovine_defense_force"]
        assert row_of(m, 1, "ranged") == []
        assert m.total(1) == 8

    def test_round_end_summons_for_the_next_round(self) -> None:
        m = scenario(factions=("scoiatael", "skellige"),
                     rows=(NONE3, (["kambi", "madman_lugos"], [], [])), current=1,
                     passed=(True, False))
        pass_turn(m, 1)
        assert m.round == 2
        assert sorted(names(m, m.sides[1].grave)) == ["kambi", "madman_lugos"]
        assert row_of(m, 1, "close") == ["hemdall"]
        assert m.total(1) == 11

    def test_decoy_taking_kambi_back_does_not_summon(self) -> None:
        m = scenario(factions=("skellige", "nilfgaard"), hands=(["decoy"], []),
                     rows=((["kambi"], [], []), NONE3))
        kambi = m.sides[0].rows[CLOSE][0]
        play(m, "decoy", target=kambi)
        assert row_of(m, 0, "close") == ["decoy"]
        assert "kambi" in names(m, m.sides[0].hand)
        assert "hemdall" not in m.card_ids

    def test_hemdall_is_a_hero(self) -> None:
        m = scenario(factions=("northern_realms", "skellige"), hands=(["villentretenmerth"], []),
                     rows=(NONE3, (["kambi", "cerys"], [], [])), weather=["biting_frost"])
        play(m, "villentretenmerth")
        assert row_of(m, 1, "close") == ["cerys", "hemdall"]
        assert power(m, 1, "close") == [10, 11]


# ------------------------------------------------------------------ berserker / mardroeme

class TestBerserker:
    def test_mardroeme_special_transforms_berserker(self) -> None:
        m = scenario(factions=("skellige", "nilfgaard"), hands=(["mardroeme"], []),
                     rows=((["berserker", "udalryk"], [], []), NONE3))
        berserker = m.sides[0].rows[CLOSE][0]
        events = play(m, "mardroeme", "close")
        assert row_of(m, 0, "close") == ["transformed_vildkaarl", "udalryk"]
        assert berserker in m.banished
        assert berserker not in m.sides[0].grave
        assert m.card_ids[m.sides[0].mardroeme[CLOSE]] == "mardroeme"  # type: ignore[index]
        # Vildkaarl 14 with morale boost gives Udalryk +1
        assert power(m, 0, "close") == [14, 5]
        assert any("Berserker transforms into Transformed Vildkaarl." in t
                   for t in texts(events))

    def test_mardroeme_transforms_every_young_berserker_on_its_row(self) -> None:
        m = scenario(factions=("skellige", "nilfgaard"), hands=(["mardroeme"], []),
                     rows=((["berserker"], ["young_berserker"] * 3, []), NONE3))
        play(m, "mardroeme", "ranged")
        assert row_of(m, 0, "ranged") == ["transformed_young_vildkaarl"] * 3
        assert power(m, 0, "ranged") == [24, 24, 24]
        assert row_of(m, 0, "close") == ["berserker"]
        assert len(m.banished) == 3

    def test_mardroeme_on_a_row_without_berserkers_does_nothing(self) -> None:
        m = scenario(factions=("skellige", "nilfgaard"), hands=(["mardroeme"], []),
                     rows=((["berserker"], [], []), NONE3))
        play(m, "mardroeme", "siege")
        assert row_of(m, 0, "close") == ["berserker"]
        assert m.banished == []

    def test_ermion_transforms_his_row(self) -> None:
        m = scenario(factions=("skellige", "nilfgaard"), hands=(["ermion"], []),
                     rows=((["berserker"], ["young_berserker", "young_berserker"], []), NONE3))
        play(m, "ermion")
        assert row_of(m, 0, "ranged") == ["transformed_young_vildkaarl"] * 2 + ["ermion"]
        assert row_of(m, 0, "close") == ["berserker"]
        assert power(m, 0, "ranged") == [16, 16, 8]

    def test_berserker_played_onto_an_ermion_row_transforms(self) -> None:
        m = scenario(factions=("skellige", "nilfgaard"), hands=(["young_berserker"], []),
                     rows=(([], ["ermion"], []), NONE3))
        play(m, "young_berserker")
        assert row_of(m, 0, "ranged") == ["ermion", "transformed_young_vildkaarl"]
        assert len(m.banished) == 1

    def test_berserker_played_onto_a_mardroeme_row_transforms(self) -> None:
        m = scenario(factions=("skellige", "nilfgaard"), hands=(["mardroeme", "berserker"], []),
                     passed=(False, True))
        play(m, "mardroeme", "close")
        play(m, "berserker")
        assert row_of(m, 0, "close") == ["transformed_vildkaarl"]
        assert m.total(0) == 14

    def test_berserker_elsewhere_stays(self) -> None:
        m = scenario(factions=("skellige", "nilfgaard"), hands=(["berserker"], []),
                     rows=(([], ["ermion"], []), NONE3))
        play(m, "berserker")
        assert row_of(m, 0, "close") == ["berserker"]
        assert m.total(0) == 12

    def test_only_one_mardroeme_per_row(self) -> None:
        m = scenario(factions=("skellige", "nilfgaard"),
                     hands=(["mardroeme", "mardroeme"], []), passed=(False, True))
        play(m, "mardroeme", "close")
        uid = hand_uid(m, 0, "mardroeme")
        assert {a.row for a in m.legal_actions(0) if a.card == uid} == {RANGED, SIEGE}
        with pytest.raises(IllegalAction, match="already has Mardroeme"):
            m.apply(Action(0, PLAY, uid, CLOSE))

    def test_revived_berserker_on_a_mardroeme_row_transforms(self) -> None:
        m = scenario(factions=("skellige", "nilfgaard"), hands=(["birna_bran"], []),
                     graves=(["berserker"], []), mardroeme=([CLOSE], []))
        play(m, "birna_bran")
        choose(m, "berserker")
        assert row_of(m, 0, "close") == ["birna_bran", "transformed_vildkaarl"]

    def test_mardroeme_and_transformed_units_leave_at_round_end(self) -> None:
        m = scenario(factions=("skellige", "scoiatael"), hands=(["mardroeme"], []),
                     rows=((["berserker"], [], []), NONE3), passed=(False, True))
        play(m, "mardroeme", "close")
        pass_turn(m, 0)
        assert m.round == 2
        assert sorted(names(m, m.sides[0].grave)) == ["mardroeme", "transformed_vildkaarl"]
        assert m.sides[0].mardroeme == [None, None, None]


# ------------------------------------------------------------------ decoy

class TestDecoy:
    def test_decoy_swaps_with_a_unit_that_returns_to_hand(self) -> None:
        m = scenario(hands=(["decoy"], []),
                     rows=((["ves", "siegfried_of_denesle"], [], []), NONE3))
        target = m.sides[0].rows[CLOSE][0]
        events = play(m, "decoy", target=target)
        assert row_of(m, 0, "close") == ["decoy", "siegfried_of_denesle"]
        assert target in m.sides[0].hand
        assert power(m, 0, "close") == [0, 5]
        assert texts(events)[0] == "Alice plays Decoy and takes Ves back to hand (-5)."

    def test_decoy_targets_only_own_non_hero_units(self) -> None:
        m = scenario(hands=(["decoy"], []),
                     rows=((["ves", "vernon_roche"], ["keira_metz"], []),
                           (["rainfarn"], [], [])))
        uid = hand_uid(m, 0, "decoy")
        targets = {m.card_ids[a.target] for a in m.legal_actions(0)  # type: ignore[index]
                   if a.card == uid}
        assert targets == {"ves", "keira_metz"}
        hero = m.sides[0].rows[CLOSE][1]
        with pytest.raises(IllegalAction, match="Decoy must replace"):
            m.apply(Action(0, PLAY, uid, target=hero))
        enemy = m.sides[1].rows[CLOSE][0]
        with pytest.raises(IllegalAction, match="Decoy must replace"):
            m.apply(Action(0, PLAY, uid, target=enemy))
        with pytest.raises(IllegalAction, match="Decoy must replace"):
            m.apply(Action(0, PLAY, uid))

    def test_decoy_takes_back_an_enemy_spy_on_your_side(self) -> None:
        m = scenario(hands=(["decoy"], []), decks=(["ves", "keira_metz"], []),
                     rows=((["stefan_skellen"], [], []), NONE3))
        spy = m.sides[0].rows[CLOSE][0]
        play(m, "decoy", target=spy)
        assert spy in m.sides[0].hand
        assert m.total(0) == 0
        pass_turn(m, 1)
        play(m, "stefan_skellen")
        assert row_of(m, 1, "close") == ["stefan_skellen"]
        assert sorted(names(m, m.sides[0].hand)) == ["keira_metz", "ves", "vesemir"]

    def test_no_target_no_decoy(self) -> None:
        m = scenario(hands=(["decoy"], []), rows=((["vernon_roche"], [], []), NONE3))
        assert not any(a.kind == PLAY and m.card_ids[a.card] == "decoy"  # type: ignore[index]
                       for a in m.legal_actions(0))

    def test_lone_decoy_without_target_passes_automatically(self) -> None:
        m = scenario(hands=(["ves", "keira_metz"], ["decoy"]), filler=False)
        events = play(m, "ves")
        assert m.sides[1].passed
        assert "Bob has no moves left and passes." in texts(events)
        assert m.current == 0

    def test_decoy_goes_to_the_discard_pile_at_round_end(self) -> None:
        m = scenario(factions=("scoiatael", "scoiatael"), hands=(["decoy"], []),
                     rows=((["mahakaman_defender", "mahakaman_defender"], [], []), NONE3),
                     passed=(False, True))
        play(m, "decoy", target=m.sides[0].rows[CLOSE][0])
        pass_turn(m, 0)
        assert sorted(names(m, m.sides[0].grave)) == ["decoy", "mahakaman_defender"]
        assert "mahakaman_defender" in names(m, m.sides[0].hand)

    def test_decoy_is_not_a_unit_for_medic_or_scorch(self) -> None:
        m = scenario(hands=(["scorch"], []), rows=((["decoy"], [], []), NONE3),
                     graves=(["decoy"], []))
        events = play(m, "scorch")
        assert row_of(m, 0, "close") == ["decoy"]
        assert "Scorch finds no unit to burn." in texts(events)
        assert m.medic_options(0) == ()


# ------------------------------------------------------------------ special scorch

class TestScorch:
    def test_kills_all_tied_highest_on_both_sides(self) -> None:
        m = scenario(hands=(["scorch"], []),
                     rows=((["vesemir", "ves"], ["dethmold"], []),
                           (["cahir_mawr_dyffryn_aep_ceallach", "rainfarn"], [], [])))
        events = play(m, "scorch")
        assert row_of(m, 0, "close") == ["ves"]
        assert row_of(m, 0, "ranged") == []
        assert row_of(m, 1, "close") == ["rainfarn"]
        assert sorted(names(m, m.sides[0].grave)) == ["dethmold", "scorch", "vesemir"]
        assert names(m, m.sides[1].grave) == ["cahir_mawr_dyffryn_aep_ceallach"]
        assert texts(events)[0].startswith("Alice plays Scorch")
        assert any(t.startswith("Scorch destroys") for t in texts(events))

    def test_heroes_are_ignored_even_when_stronger(self) -> None:
        m = scenario(hands=(["scorch"], []),
                     rows=((["vernon_roche", "ves"], [], []),
                           (["letho_of_gulet", "rainfarn"], [], [])))
        play(m, "scorch")
        assert row_of(m, 0, "close") == ["vernon_roche"]
        assert row_of(m, 1, "close") == ["letho_of_gulet", "rainfarn"]

    def test_uses_current_strength(self) -> None:
        m = scenario(hands=(["scorch"], []),
                     rows=((["blue_stripes_commando", "blue_stripes_commando"], [], []),
                           (["cahir_mawr_dyffryn_aep_ceallach"], [], [])))
        play(m, "scorch")
        # commandos 8 each beat Cahir 6
        assert row_of(m, 0, "close") == []
        assert row_of(m, 1, "close") == ["cahir_mawr_dyffryn_aep_ceallach"]

    def test_no_units_scorch_still_goes_to_the_discard_pile(self) -> None:
        m = scenario(hands=(["scorch"], []), rows=((["vernon_roche"], [], []), NONE3))
        events = play(m, "scorch")
        assert names(m, m.sides[0].grave) == ["scorch"]
        assert "Scorch finds no unit to burn." in texts(events)
        assert m.current == 1

    def test_clan_dimun_pirate_never_kills_itself(self) -> None:
        m = scenario(factions=("skellige", "nilfgaard"), hands=(["clan_dimun_pirate"], []),
                     rows=((["madman_lugos"], [], []),
                           (["cahir_mawr_dyffryn_aep_ceallach", "rainfarn"], [], [])))
        play(m, "clan_dimun_pirate")
        assert row_of(m, 0, "ranged") == ["clan_dimun_pirate"]
        assert row_of(m, 0, "close") == []
        assert row_of(m, 1, "close") == ["rainfarn"]
        assert names(m, m.sides[0].grave) == ["madman_lugos"]
        assert names(m, m.sides[1].grave) == ["cahir_mawr_dyffryn_aep_ceallach"]

    def test_clan_dimun_pirate_kills_stronger_units_too(self) -> None:
        m = scenario(factions=("skellige", "nilfgaard"), hands=(["clan_dimun_pirate"], []),
                     rows=(NONE3, (["letho_of_gulet", "stefan_skellen"], [], [])))
        play(m, "clan_dimun_pirate")
        assert row_of(m, 1, "close") == ["letho_of_gulet"]
        assert row_of(m, 0, "ranged") == ["clan_dimun_pirate"]


# ------------------------------------------------------------------ heroes

class TestHeroes:
    def test_immune_to_weather_horn_and_morale(self) -> None:
        m = scenario(rows=((["vernon_roche", "ves"], [], ["philippa_eilhart",
                                                          "kaedweni_siege_expert"]),
                           NONE3), weather=["biting_frost"], horns=([CLOSE], []))
        assert power(m, 0, "close") == [10, 2]
        assert power(m, 0, "siege") == [10, 1]

    def test_heroes_cannot_be_revived(self) -> None:
        m = scenario(hands=(["dun_banner_medic"], []), graves=(["vernon_roche"], []))
        play(m, "dun_banner_medic")
        assert m.pending is None
        assert names(m, m.sides[0].grave) == ["vernon_roche"]

    def test_hero_strength_shown_in_observation(self) -> None:
        m = scenario(rows=((["vernon_roche"], [], []), NONE3), weather=["biting_frost"])
        view = m.observation(0).sides[0].rows[CLOSE].cards[0]
        assert view.hero and view.strength == 10


def test_play_ends_the_turn() -> None:
    m = scenario(hands=(["ves"], ["rainfarn"]))
    play(m, "ves")
    assert m.current == 1
    assert m.phase == PLAYING


# ------------------------------------------------------------------ documented interpretations

def test_scorch_destroys_the_highest_even_at_zero() -> None:
    m = scenario(factions=("northern_realms", "skellige"), hands=(["scorch"], []),
                 rows=(NONE3, (["kambi", "cerys"], [], [])))
    play(m, "scorch")
    assert names(m, m.sides[1].grave) == ["kambi"]
    assert row_of(m, 1, "close") == ["cerys", "hemdall"]


def test_summoned_and_transformed_cards_can_be_revived() -> None:
    m = scenario(factions=("skellige", "nilfgaard"), hands=(["birna_bran"], []),
                 graves=(["transformed_vildkaarl", "bovine_defense_force", "hemdall"], []))
    play(m, "birna_bran")
    assert m.pending is not None
    assert sorted(names(m, list(m.pending.options))) == ["bovine_defense_force",
                                                         "transformed_vildkaarl"]
    choose(m, "transformed_vildkaarl")
    assert row_of(m, 0, "close") == ["birna_bran", "transformed_vildkaarl"]
    assert power(m, 0, "close") == [3, 14]


def test_spy_doubling_comes_before_weather() -> None:
    m = scenario(factions=("monsters", "nilfgaard"),
                 leaders=("eredin_breacc_glas_the_treacherous", None),
                 rows=(([], [], ["thaler"]), (["stefan_skellen"], [], [])),
                 weather=["torrential_rain", "biting_frost"])
    assert power(m, 0, "siege") == [1]
    assert power(m, 1, "close") == [1]
