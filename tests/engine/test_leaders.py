"""Every leader card: active abilities (once per game, only when useful) and passives."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.actions import CHOOSE, LEADER, Action, IllegalAction
from engine.cards import CLOSE, RANGED, SIEGE, catalogue
from engine.pending import DECK_DRAW, DECK_WEATHER, RESTORE
from engine.side import LEADER_HORN
from tests.engine.scenario import (
    choose,
    names,
    pass_turn,
    play,
    power,
    row_of,
    scenario,
    starter_match,
    texts,
    use_leader,
)

NONE3: tuple[list[str], list[str], list[str]] = ([], [], [])

ACTIVE = {
    "foltest_king_of_temeria", "foltest_lord_commander_of_the_north",
    "foltest_the_siegemaster", "foltest_the_steel_forged", "foltest_son_of_medell",
    "emhyr_var_emreis_his_imperial_majesty", "emhyr_var_emreis_emperor_of_nilfgaard",
    "emhyr_var_emreis_the_relentless", "eredin_commander_of_the_red_riders",
    "eredin_bringer_of_death", "eredin_destroyer_of_worlds", "eredin_king_of_the_wild_hunt",
    "francesca_findabair_queen_of_dol_blathanna", "francesca_findabair_the_beautiful",
    "francesca_findabair_pureblood_elf", "francesca_findabair_hope_of_the_aen_seidhe",
    "crach_an_craite",
}
PASSIVE = {
    "emhyr_var_emreis_the_white_flame", "emhyr_var_emreis_invader_of_the_north",
    "eredin_breacc_glas_the_treacherous", "francesca_findabair_daisy_of_the_valley",
    "king_bran",
}


def leader_offered(m: object, p: int = 0) -> bool:
    from engine.match import Match
    assert isinstance(m, Match)
    return Action(p, LEADER) in m.legal_actions(p)


def test_catalogue_has_all_22_leaders() -> None:
    leaders = {c.id: c for c in catalogue().cards.values() if c.type == "leader"}
    assert set(leaders) == ACTIVE | PASSIVE
    assert len(leaders) == 22
    for cid, card in leaders.items():
        assert card.leader is not None
        assert card.leader.passive == (cid in PASSIVE)


@pytest.mark.parametrize("leader", sorted(PASSIVE))
def test_passive_leaders_are_never_used_as_an_action(leader: str) -> None:
    faction = catalogue().card(leader).faction
    m = scenario(factions=(faction, "northern_realms"), leaders=(leader, None),
                 hands=(["ves"], []), graves=(["ves"], []), decks=(["biting_frost"], []))
    assert not leader_offered(m)
    with pytest.raises(IllegalAction, match="has a passive ability; it is always in effect"):
        m.apply(Action(0, LEADER))


# ------------------------------------------------------------------ weather from deck

@pytest.mark.parametrize(("leader", "weather", "row"), [
    ("foltest_king_of_temeria", "impenetrable_fog", RANGED),
    ("emhyr_var_emreis_his_imperial_majesty", "torrential_rain", SIEGE),
    ("francesca_findabair_pureblood_elf", "biting_frost", CLOSE),
])
def test_named_weather_from_deck(leader: str, weather: str, row: int) -> None:
    faction = catalogue().card(leader).faction
    m = scenario(factions=(faction, "northern_realms"), leaders=(leader, None),
                 decks=(["ves", weather, "keira_metz"], []),
                 rows=(NONE3, (["ves"], ["keira_metz"], ["ballista"])))
    assert leader_offered(m)
    events = use_leader(m)
    assert [m.card_ids[u] for u, _ in m.weather] == [weather]
    assert m.weather[0][1] == 0
    assert names(m, m.sides[0].deck) == ["ves", "keira_metz"]
    assert power(m, 1, row) == [1]
    assert m.sides[0].leader_used
    assert m.pending is None and m.current == 1
    assert texts(events)[0].startswith(f"Alice uses {catalogue().card(leader).name}")
    assert any("from their deck" in t for t in texts(events))


@pytest.mark.parametrize("leader", ["foltest_king_of_temeria",
                                    "emhyr_var_emreis_his_imperial_majesty",
                                    "francesca_findabair_pureblood_elf",
                                    "eredin_king_of_the_wild_hunt"])
def test_weather_from_deck_not_offered_without_the_card(leader: str) -> None:
    faction = catalogue().card(leader).faction
    m = scenario(factions=(faction, "northern_realms"), leaders=(leader, None),
                 hands=(["biting_frost", "torrential_rain", "impenetrable_fog"], []),
                 decks=(["ves", "decoy"], []))
    assert not leader_offered(m)
    with pytest.raises(IllegalAction, match="would have no effect right now"):
        m.apply(Action(0, LEADER))


def test_king_of_the_wild_hunt_chooses_any_weather_in_deck() -> None:
    m = scenario(factions=("monsters", "northern_realms"),
                 leaders=("eredin_king_of_the_wild_hunt", None),
                 decks=(["biting_frost", "fiend", "skellige_storm", "biting_frost",
                         "clear_weather"], []),
                 rows=(NONE3, (["ves"], ["keira_metz"], ["ballista"])))
    use_leader(m)
    assert m.pending is not None and m.pending.kind == DECK_WEATHER and m.pending.player == 0
    # Clear Weather would do nothing with no weather in play, so it is not offered.
    assert sorted(names(m, list(m.pending.options))) == ["biting_frost", "skellige_storm"]
    assert m.current == 0 and m.to_act() == [0]
    choose(m, "skellige_storm")
    assert [m.card_ids[u] for u, _ in m.weather] == ["skellige_storm"]
    assert power(m, 1, "ranged") == [1] and power(m, 1, "siege") == [1]
    assert sorted(names(m, m.sides[0].deck)) == ["biting_frost", "biting_frost",
                                                 "clear_weather", "fiend"]
    assert m.pending is None and m.current == 1


def test_king_of_the_wild_hunt_can_play_clear_weather() -> None:
    m = scenario(factions=("monsters", "northern_realms"),
                 leaders=("eredin_king_of_the_wild_hunt", None),
                 decks=(["clear_weather"], []), weather=["biting_frost"], weather_owner=1)
    use_leader(m)
    choose(m, "clear_weather")
    assert m.weather == []
    assert names(m, m.sides[1].grave) == ["biting_frost"]
    assert names(m, m.sides[0].grave) == ["clear_weather"]


# ------------------------------------------------------------------ clear weather

def test_lord_commander_clears_weather() -> None:
    m = scenario(leaders=("foltest_lord_commander_of_the_north", None),
                 weather=["biting_frost", "torrential_rain"], weather_owner=1,
                 rows=((["ves"], [], []), NONE3))
    assert power(m, 0, "close") == [1]
    assert leader_offered(m)
    events = use_leader(m)
    assert m.weather == []
    assert sorted(names(m, m.sides[1].grave)) == ["biting_frost", "torrential_rain"]
    assert power(m, 0, "close") == [5]
    assert "The skies clear." in texts(events)
    assert m.current == 1


def test_lord_commander_not_offered_without_weather() -> None:
    m = scenario(leaders=("foltest_lord_commander_of_the_north", None))
    assert not leader_offered(m)


# ------------------------------------------------------------------ leader horn

@pytest.mark.parametrize(("leader", "faction", "row"), [
    ("foltest_the_siegemaster", "northern_realms", SIEGE),
    ("eredin_commander_of_the_red_riders", "monsters", CLOSE),
    ("francesca_findabair_the_beautiful", "scoiatael", RANGED),
])
def test_leader_horn_doubles_its_row(leader: str, faction: str, row: int) -> None:
    cells: list[list[str]] = [[], [], []]
    cells[row] = ["vesemir", "geralt_of_rivia"]
    m = scenario(factions=(faction, "nilfgaard"), leaders=(leader, None),
                 hands=(["commanders_horn"], []),
                 rows=((cells[0], cells[1], cells[2]), (cells[0], cells[1], cells[2])))
    assert leader_offered(m)
    events = use_leader(m)
    assert m.sides[0].horns[row] == LEADER_HORN
    assert power(m, 0, row) == [12, 15]
    assert power(m, 1, row) == [6, 15]
    assert any("A leader's horn sounds over Alice's" in t for t in texts(events))
    assert m.observation(1).sides[0].rows[row].leader_horn
    assert m.observation(1).sides[0].rows[row].horned
    # a special horn can no longer go on that row, and the leader is spent
    pass_turn(m, 1)
    horn = next(u for u in m.sides[0].hand if m.card_ids[u] == "commanders_horn")
    assert {a.row for a in m.legal_actions(0) if a.card == horn} == {0, 1, 2} - {row}
    assert not leader_offered(m)


def test_leader_horn_not_offered_when_the_row_has_a_horn() -> None:
    m = scenario(leaders=("foltest_the_siegemaster", None), hands=(["commanders_horn"], []),
                 passed=(False, True))
    play(m, "commanders_horn", "siege")
    assert not leader_offered(m)
    with pytest.raises(IllegalAction, match="would have no effect right now"):
        m.apply(Action(0, LEADER))


def test_leader_horn_lasts_one_round_and_leaves_no_card() -> None:
    m = scenario(factions=("monsters", "scoiatael"),
                 leaders=("eredin_commander_of_the_red_riders", None),
                 rows=((["fiend", "imlerith"], [], []), NONE3), passed=(False, True))
    use_leader(m)
    assert m.total(0) == 22
    # Monsters keep one non-hero unit: the Fiend
    pass_turn(m, 0)
    assert m.round == 2
    assert m.sides[0].horns == [None, None, None]
    assert row_of(m, 0, "close") == ["fiend"]
    assert power(m, 0, "close") == [6]
    assert names(m, m.sides[0].grave) == ["imlerith"]
    assert not leader_offered(m)


# ------------------------------------------------------------------ leader scorch

@pytest.mark.parametrize(("leader", "faction", "row"), [
    ("foltest_the_steel_forged", "northern_realms", SIEGE),
    ("foltest_son_of_medell", "northern_realms", RANGED),
    ("francesca_findabair_queen_of_dol_blathanna", "scoiatael", CLOSE),
])
def test_leader_scorch_row(leader: str, faction: str, row: int) -> None:
    opp: list[list[str]] = [[], [], []]
    opp[row] = ["cahir_mawr_dyffryn_aep_ceallach", "vesemir", "rainfarn", "letho_of_gulet"]
    mine: list[list[str]] = [[], [], []]
    mine[row] = ["vesemir"]
    m = scenario(factions=(faction, "nilfgaard"), leaders=(leader, None),
                 rows=((mine[0], mine[1], mine[2]), (opp[0], opp[1], opp[2])))
    assert leader_offered(m)
    use_leader(m)
    assert [m.card_ids[u] for u in m.sides[1].rows[row]] == ["rainfarn", "letho_of_gulet"]
    assert sorted(names(m, m.sides[1].grave)) == ["cahir_mawr_dyffryn_aep_ceallach",
                                                  "vesemir"]
    assert [m.card_ids[u] for u in m.sides[0].rows[row]] == ["vesemir"]
    assert m.current == 1


@pytest.mark.parametrize(("leader", "faction", "row"), [
    ("foltest_the_steel_forged", "northern_realms", SIEGE),
    ("foltest_son_of_medell", "northern_realms", RANGED),
    ("francesca_findabair_queen_of_dol_blathanna", "scoiatael", CLOSE),
])
def test_leader_scorch_row_needs_ten_and_a_non_hero(leader: str, faction: str,
                                                    row: int) -> None:
    opp: list[list[str]] = [[], [], []]
    opp[row] = ["vesemir", "vreemde", "albrich"]  # 6 + 2 + 2 = 10 at face value
    m = scenario(factions=(faction, "nilfgaard"), leaders=(leader, None),
                 rows=(NONE3, (opp[0], opp[1], opp[2])),
                 weather=["skellige_storm", "biting_frost"])
    assert not leader_offered(m)
    opp[row] = ["letho_of_gulet", "menno_coehoorn"]
    m = scenario(factions=(faction, "nilfgaard"), leaders=(leader, None),
                 rows=(NONE3, (opp[0], opp[1], opp[2])))
    assert not leader_offered(m)
    opp[row] = ["letho_of_gulet", "vreemde"]
    m = scenario(factions=(faction, "nilfgaard"), leaders=(leader, None),
                 rows=(NONE3, (opp[0], opp[1], opp[2])))
    assert leader_offered(m)
    use_leader(m)
    assert names(m, m.sides[1].grave) == ["vreemde"]


# ------------------------------------------------------------------ reveal hand

def test_emperor_of_nilfgaard_reveals_three_random_cards_to_its_user_only() -> None:
    m = scenario(factions=("nilfgaard", "northern_realms"),
                 leaders=("emhyr_var_emreis_emperor_of_nilfgaard", None),
                 hands=([], ["ves", "keira_metz", "ballista", "thaler"]))
    hand_before = list(m.sides[1].hand)
    events = use_leader(m)
    assert m.sides[1].hand == hand_before
    mine = m.observation(0).sides[0].revealed
    assert len(mine) == 3
    opponent_hand = Counter(names(m, m.sides[1].hand))
    assert not Counter(v.card_id for v in mine) - opponent_hand
    assert m.observation(1).sides[0].revealed == ()
    assert m.observation(None).sides[0].revealed == ()
    assert texts(events)[1] == "Alice looks at 3 random cards in Bob's hand."
    seen = ", ".join(v.name for v in mine)
    assert events[1].player == 0 and events[1].private == f"You see {seen}."
    assert f"You see {seen}." in m.observation(0).events
    assert f"You see {seen}." not in m.observation(1).events
    assert m.current == 1


def test_reveal_shows_fewer_when_the_hand_is_short() -> None:
    m = scenario(factions=("nilfgaard", "northern_realms"),
                 leaders=("emhyr_var_emreis_emperor_of_nilfgaard", None),
                 hands=([], ["ves"]))
    use_leader(m)
    assert sorted(v.card_id for v in m.observation(0).sides[0].revealed) == ["ves", "vesemir"]


def test_reveal_not_offered_against_an_empty_hand() -> None:
    m = scenario(factions=("nilfgaard", "northern_realms"),
                 leaders=("emhyr_var_emreis_emperor_of_nilfgaard", None),
                 hands=(["ves"], []), filler=False)
    assert not leader_offered(m)


# ------------------------------------------------------------------ draw from deck

def test_relentless_draws_a_chosen_card_then_shuffles() -> None:
    deck = ["rainfarn", "vreemde", "albrich", "decoy", "rainfarn", "sweers", "cynthia",
            "puttkammer", "morteisen", "vanhemar"]
    m = scenario(factions=("nilfgaard", "northern_realms"),
                 leaders=("emhyr_var_emreis_the_relentless", None), decks=(deck, []))
    use_leader(m)
    assert m.pending is not None and m.pending.kind == DECK_DRAW
    # one option per distinct card: the order of the deck stays hidden
    assert sorted(names(m, list(m.pending.options))) == sorted(set(deck))
    assert m.observation(1).pending is not None
    assert m.observation(1).pending.options == ()  # type: ignore[union-attr]
    events = choose(m, "decoy")
    assert "decoy" in names(m, m.sides[0].hand)
    after = names(m, m.sides[0].deck)
    rest = [c for c in deck if c != "decoy"]
    assert sorted(after) == sorted(rest)
    assert after != rest
    assert texts(events)[0] == ("Alice draws a card of their choice and shuffles their "
                                "deck.")
    assert events[0].private == "You draw Decoy."
    assert m.pending is None and m.current == 1


def test_relentless_not_offered_with_an_empty_deck() -> None:
    m = scenario(factions=("nilfgaard", "northern_realms"),
                 leaders=("emhyr_var_emreis_the_relentless", None))
    assert not leader_offered(m)


# ------------------------------------------------------------------ restore from discard

@pytest.mark.parametrize("leader", ["eredin_bringer_of_death", "eredin_destroyer_of_worlds"])
def test_restore_a_card_from_the_discard_pile_to_hand(leader: str) -> None:
    m = scenario(factions=("monsters", "northern_realms"), leaders=(leader, None),
                 graves=(["fiend", "scorch", "fiend", "imlerith"], ["rainfarn"]))
    assert leader_offered(m)
    use_leader(m)
    assert m.pending is not None and m.pending.kind == RESTORE
    assert sorted(names(m, list(m.pending.options))) == ["fiend", "imlerith", "scorch"]
    events = choose(m, "scorch")
    assert "scorch" in names(m, m.sides[0].hand)
    assert names(m, m.sides[0].grave) == ["fiend", "fiend", "imlerith"]
    assert texts(events)[0] == "Alice takes Scorch back from their discard pile."
    assert m.pending is None and m.current == 1


@pytest.mark.parametrize("leader", ["eredin_bringer_of_death", "eredin_destroyer_of_worlds"])
def test_restore_not_offered_with_an_empty_discard_pile(leader: str) -> None:
    m = scenario(factions=("monsters", "northern_realms"), leaders=(leader, None),
                 graves=([], ["rainfarn"]))
    assert not leader_offered(m)


def test_restore_is_not_random_under_invader() -> None:
    m = scenario(factions=("monsters", "nilfgaard"),
                 leaders=("eredin_bringer_of_death", "emhyr_var_emreis_invader_of_the_north"),
                 graves=(["fiend", "foglet"], []))
    use_leader(m)
    assert m.pending is not None
    choose(m, "foglet")
    assert "foglet" in names(m, m.sides[0].hand)


# ------------------------------------------------------------------ optimize agile

def test_hope_of_the_aen_seidhe_moves_agile_units_to_their_best_row() -> None:
    m = scenario(factions=("scoiatael", "nilfgaard"),
                 leaders=("francesca_findabair_hope_of_the_aen_seidhe", None),
                 rows=((["barclay_els", "yaevinn", "mahakaman_defender"],
                        ["ciaran_aep_easnillien"], []), NONE3),
                 weather=["biting_frost"])
    assert leader_offered(m)
    events = use_leader(m)
    # frost on close: the agile units there move to ranged; Ciaran stays on ranged
    assert names(m, m.sides[0].rows[CLOSE]) == ["mahakaman_defender"]
    assert sorted(names(m, m.sides[0].rows[RANGED])) == ["barclay_els",
                                                         "ciaran_aep_easnillien", "yaevinn"]
    assert m.total(0) == 1 + 6 + 6 + 3
    assert any(t.startswith("Agile units regroup:") for t in texts(events))
    assert m.current == 1


def test_hope_moves_toward_a_horned_row() -> None:
    m = scenario(factions=("scoiatael", "nilfgaard"),
                 leaders=("francesca_findabair_hope_of_the_aen_seidhe", None),
                 rows=(([], ["dol_blathanna_scout"], []), NONE3), horns=([CLOSE], []))
    use_leader(m)
    assert names(m, m.sides[0].rows[CLOSE]) == ["dol_blathanna_scout"]
    assert m.total(0) == 12


def test_hope_ignores_heroes_and_is_not_offered_without_agile_units() -> None:
    m = scenario(factions=("scoiatael", "nilfgaard"),
                 leaders=("francesca_findabair_hope_of_the_aen_seidhe", None),
                 rows=((["kayran", "mahakaman_defender"], [], []), NONE3),
                 weather=["biting_frost"])
    assert not leader_offered(m)


def test_hope_not_offered_when_no_move_would_help() -> None:
    m = scenario(factions=("scoiatael", "nilfgaard"),
                 leaders=("francesca_findabair_hope_of_the_aen_seidhe", None),
                 rows=((["barclay_els"], ["yaevinn"], []), NONE3))
    assert not leader_offered(m)


# ------------------------------------------------------------------ recycle graveyards

def test_crach_an_craite_shuffles_both_discard_piles_into_the_decks() -> None:
    m = scenario(factions=("skellige", "nilfgaard"), leaders=("crach_an_craite", None),
                 decks=(["udalryk", "svanrige"], ["rainfarn"]),
                 graves=(["madman_lugos", "decoy", "hjalmar"], ["vreemde", "scorch"]))
    assert leader_offered(m)
    events = use_leader(m)
    assert m.sides[0].grave == [] and m.sides[1].grave == []
    assert sorted(names(m, m.sides[0].deck)) == ["decoy", "hjalmar", "madman_lugos",
                                                 "svanrige", "udalryk"]
    assert sorted(names(m, m.sides[1].deck)) == ["rainfarn", "scorch", "vreemde"]
    assert "Both discard piles are shuffled back into their decks." in texts(events)
    assert m.current == 1


def test_crach_offered_when_only_the_opponent_has_a_discard_pile() -> None:
    m = scenario(factions=("skellige", "nilfgaard"), leaders=("crach_an_craite", None),
                 graves=([], ["vreemde"]))
    assert leader_offered(m)
    m2 = scenario(factions=("skellige", "nilfgaard"), leaders=("crach_an_craite", None))
    assert not leader_offered(m2)


# ------------------------------------------------------------------ double spies

def test_treacherous_doubles_spies_on_both_sides() -> None:
    m = scenario(factions=("monsters", "nilfgaard"),
                 leaders=("eredin_breacc_glas_the_treacherous", None),
                 hands=([], ["stefan_skellen"]),
                 rows=(([], [], ["thaler"]), NONE3), current=1)
    assert power(m, 0, "siege") == [2]
    play(m, "stefan_skellen")
    assert row_of(m, 0, "close") == ["stefan_skellen"]
    assert power(m, 0, "close") == [18]
    assert m.total(0) == 20


def test_treacherous_from_the_opponent_also_doubles() -> None:
    m = scenario(factions=("northern_realms", "monsters"),
                 leaders=(None, "eredin_breacc_glas_the_treacherous"),
                 rows=((["vattier_de_rideaux", "ves"], [], []), (["prince_stennis"], [], [])))
    assert power(m, 0, "close") == [8, 5]
    assert power(m, 1, "close") == [10]


def test_treacherous_does_not_double_hero_spies_or_non_spies() -> None:
    m = scenario(factions=("monsters", "nilfgaard"),
                 leaders=("eredin_breacc_glas_the_treacherous", None),
                 rows=(NONE3, (["mysterious_elf", "vesemir"], [], [])))
    assert power(m, 1, "close") == [0, 6]


# ------------------------------------------------------------------ the white flame

def test_white_flame_cancels_an_active_leader() -> None:
    m = scenario(leaders=("foltest_the_siegemaster", "emhyr_var_emreis_the_white_flame"))
    assert m.leader_cancelled(0)
    assert not m.leader_cancelled(1)
    assert not leader_offered(m)
    with pytest.raises(IllegalAction, match="Foltest: The Siegemaster is cancelled by Emhyr"):
        m.apply(Action(0, LEADER))
    assert m.observation(0).sides[0].leader.cancelled
    assert not m.observation(0).sides[1].leader.cancelled


WHITE_FLAME_BOARD = (["letho_of_gulet", "cahir_mawr_dyffryn_aep_ceallach"],
                     ["tibor_eggebracht", "black_infantry_archer"],
                     ["morvran_voorhis", "heavy_zerrikanian_fire_scorpion"])


@pytest.mark.parametrize("leader", sorted(ACTIVE))
def test_white_flame_cancels_every_active_leader(leader: str) -> None:
    faction = catalogue().card(leader).faction
    m = scenario(factions=(faction, "nilfgaard"),
                 leaders=(leader, "emhyr_var_emreis_the_white_flame"),
                 hands=(["ves"], ["rainfarn"]), decks=(["impenetrable_fog", "biting_frost",
                                                         "torrential_rain", "ves"], []),
                 graves=(["ves"], ["rainfarn"]), weather=["skellige_storm"],
                 rows=(([], ["barclay_els"], []), WHITE_FLAME_BOARD))
    assert not leader_offered(m)
    m2 = scenario(factions=(faction, "nilfgaard"), leaders=(leader, None),
                  hands=(["ves"], ["rainfarn"]), decks=(["impenetrable_fog", "biting_frost",
                                                          "torrential_rain", "ves"], []),
                  graves=(["ves"], ["rainfarn"]), weather=["skellige_storm"],
                  rows=(([], ["barclay_els"], []), WHITE_FLAME_BOARD))
    assert leader_offered(m2)


def test_white_flame_cancels_treacherous() -> None:
    m = scenario(factions=("monsters", "nilfgaard"),
                 leaders=("eredin_breacc_glas_the_treacherous",
                          "emhyr_var_emreis_the_white_flame"),
                 rows=((["stefan_skellen"], [], []), NONE3))
    assert power(m, 0, "close") == [9]


def test_white_flame_cancels_king_bran() -> None:
    m = scenario(factions=("skellige", "nilfgaard"),
                 leaders=("king_bran", "emhyr_var_emreis_the_white_flame"),
                 rows=((["madman_lugos"], [], []), NONE3), weather=["biting_frost"])
    assert power(m, 0, "close") == [1]


def test_white_flame_cancels_invader_of_the_north() -> None:
    m = scenario(factions=("nilfgaard", "nilfgaard"),
                 leaders=("emhyr_var_emreis_invader_of_the_north",
                          "emhyr_var_emreis_the_white_flame"),
                 hands=(["etolian_auxiliary_archers"], []), graves=(["rainfarn", "vreemde"], []))
    play(m, "etolian_auxiliary_archers")
    assert m.pending is not None
    assert m.pending.player == 0


def test_white_flame_cancels_daisy_of_the_valley() -> None:
    m = starter_match(("scoiatael", "nilfgaard"),
                      ("francesca_findabair_daisy_of_the_valley", None), seed=3)
    assert m.sides[1].leader == "emhyr_var_emreis_the_white_flame"
    assert m.phase == "choose_first"
    m.apply(Action(0, "first", target=0))
    assert len(m.sides[0].hand) == 10
    assert m.sides[0].leader == "francesca_findabair_daisy_of_the_valley"
    assert m.leader_cancelled(0)


# ------------------------------------------------------------------ once per game

def test_leader_is_used_once_per_game() -> None:
    m = scenario(factions=("scoiatael", "scoiatael"),
                 leaders=("francesca_findabair_the_beautiful", None),
                 rows=(([], ["toruviel"], []), NONE3), passed=(False, True))
    use_leader(m)
    assert m.sides[0].leader_used
    assert not leader_offered(m)
    with pytest.raises(IllegalAction, match="has already been used this match"):
        m.apply(Action(0, LEADER))
    pass_turn(m, 0)
    assert m.round == 2
    assert not leader_offered(m, m.current)
    assert m.observation(0).sides[0].leader.used


def test_leader_only_on_your_turn() -> None:
    m = scenario(leaders=("foltest_the_siegemaster", None), current=1)
    with pytest.raises(IllegalAction, match="It is not your turn"):
        m.apply(Action(0, LEADER))


def test_leader_keeps_the_round_going_for_auto_pass() -> None:
    m = scenario(factions=("northern_realms", "scoiatael"),
                 leaders=("foltest_the_siegemaster", None),
                 hands=([], ["toruviel", "riordain"]), filler=False, current=1)
    play(m, "toruviel")
    assert not m.sides[0].passed
    assert m.current == 0
    assert [a.kind for a in m.legal_actions(0)] == [LEADER, "pass", "forfeit"]
    use_leader(m)
    play(m, "riordain")
    assert m.sides[0].passed


def test_leader_choice_must_be_answered_before_anything_else() -> None:
    m = scenario(factions=("monsters", "northern_realms"),
                 leaders=("eredin_bringer_of_death", None), hands=(["fiend"], []),
                 graves=(["foglet"], []))
    use_leader(m)
    assert [a.kind for a in m.legal_actions(0)] == [CHOOSE, "forfeit"]
    with pytest.raises(IllegalAction, match="First choose a card from your discard pile"):
        play(m, "fiend")
