"""Sample positions, built as engine Observations, for looking, tests and benchmarks.

Every sample is a function that returns a fresh value; SAMPLES maps an output
file stem (such as "board_full") to a pair (kind, function) where kind is one
of "board", "hand", "card", "result", "deck" (an engine Deck), "leaderboard" and "profile".
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from typing import Any

from bot.render.ranked_samples import RANKED_SAMPLES
from bot.render.state import public_view
from bot.render.theme import faction_name
from engine import Match, starter_decks
from engine.actions import PASS, PLAY, Action
from engine.cards import catalogue
from engine.decks import Deck, starter_deck
from engine.observation import (
    CardView,
    LeaderView,
    Observation,
    RoundResult,
    RowView,
    SideView,
)

CLOSE, RANGED, SIEGE = 0, 1, 2

# card_id: (name, faction, type, strength, hero, rows, abilities)
_CARDS: dict[str, tuple[str, str, str, int | None, bool, tuple[int, ...], tuple[str, ...]]] = {
    "geralt_of_rivia": ("Geralt of Rivia", "neutral", "unit", 15, True, (CLOSE,), ()),
    "cirilla_fiona_elen_riannon": (
        "Cirilla Fiona Elen Riannon", "neutral", "unit", 15, True, (CLOSE,), (),
    ),
    "yennefer_of_vengerberg": (
        "Yennefer of Vengerberg", "neutral", "unit", 7, True, (RANGED,), ("medic",),
    ),
    "triss_merigold": ("Triss Merigold", "neutral", "unit", 7, True, (CLOSE,), ()),
    "dandelion": ("Dandelion", "neutral", "unit", 2, False, (CLOSE,), ("commanders_horn",)),
    "villentretenmerth": (
        "Villentretenmerth",
        "neutral",
        "unit",
        7,
        False,
        (CLOSE,),
        ("scorch_close",),
    ),
    "vesemir": ("Vesemir", "neutral", "unit", 6, False, (CLOSE,), ()),
    "zoltan_chivay": ("Zoltan Chivay", "neutral", "unit", 5, False, (CLOSE,), ()),
    "mysterious_elf": ("Mysterious Elf", "neutral", "unit", 0, True, (CLOSE,), ("spy",)),
    "olgierd_von_everec": (
        "Olgierd von Everec",
        "neutral",
        "unit",
        6,
        False,
        (CLOSE, RANGED),
        ("agile", "morale_boost"),
    ),
    "gaunter_odimm": ("Gaunter O'Dimm", "neutral", "unit", 2, False, (SIEGE,), ("muster",)),
    "gaunter_odimm_darkness": (
        "Gaunter O'Dimm: Darkness",
        "neutral",
        "unit",
        4,
        False,
        (RANGED,),
        ("muster",),
    ),
    "cow": ("Cow", "neutral", "unit", 0, False, (RANGED,), ("summon_avenger",)),
    "decoy": ("Decoy", "neutral", "special", None, False, (), ("decoy",)),
    "commanders_horn": (
        "Commander's Horn", "neutral", "special", None, False, (), ("commanders_horn",),
    ),
    "scorch": ("Scorch", "neutral", "special", None, False, (), ("scorch",)),
    "mardroeme": ("Mardroeme", "skellige", "special", None, False, (), ("mardroeme",)),
    "biting_frost": ("Biting Frost", "neutral", "weather", None, False, (CLOSE,), ("weather",)),
    "impenetrable_fog": (
        "Impenetrable Fog", "neutral", "weather", None, False, (RANGED,), ("weather",),
    ),
    "torrential_rain": (
        "Torrential Rain", "neutral", "weather", None, False, (SIEGE,), ("weather",),
    ),
    "skellige_storm": (
        "Skellige Storm", "neutral", "weather", None, False, (RANGED, SIEGE), ("weather",),
    ),
    "clear_weather": ("Clear Weather", "neutral", "weather", None, False, (), ("clear_weather",)),
    # Northern Realms
    "vernon_roche": ("Vernon Roche", "northern_realms", "unit", 10, True, (CLOSE,), ()),
    "john_natalis": ("John Natalis", "northern_realms", "unit", 10, True, (CLOSE,), ()),
    "esterad_thyssen": ("Esterad Thyssen", "northern_realms", "unit", 10, True, (CLOSE,), ()),
    "philippa_eilhart": ("Philippa Eilhart", "northern_realms", "unit", 10, True, (RANGED,), ()),
    "blue_stripes_commando": (
        "Blue Stripes Commando",
        "northern_realms",
        "unit",
        4,
        False,
        (CLOSE,),
        ("tight_bond",),
    ),
    "poor_fucking_infantry": (
        "Poor Fucking Infantry",
        "northern_realms",
        "unit",
        1,
        False,
        (CLOSE,),
        ("tight_bond",),
    ),
    "prince_stennis": ("Prince Stennis", "northern_realms", "unit", 5, False, (CLOSE,), ("spy",)),
    "ves": ("Ves", "northern_realms", "unit", 5, False, (CLOSE,), ()),
    "siegfried_of_denesle": (
        "Siegfried of Denesle", "northern_realms", "unit", 5, False, (CLOSE,), (),
    ),
    "sigismund_dijkstra": (
        "Sigismund Dijkstra", "northern_realms", "unit", 4, False, (CLOSE,), ("spy",),
    ),
    "keira_metz": ("Keira Metz", "northern_realms", "unit", 5, False, (RANGED,), ()),
    "sabrina_glevissig": ("Sabrina Glevissig", "northern_realms", "unit", 4, False, (RANGED,), ()),
    "sheldon_skaggs": ("Sheldon Skaggs", "northern_realms", "unit", 4, False, (RANGED,), ()),
    "sile_de_tansarville": (
        "Sheala de Tancarville", "northern_realms", "unit", 5, False, (RANGED,), (),
    ),
    "dethmold": ("Dethmold", "northern_realms", "unit", 6, False, (RANGED,), ()),
    "crinfrid_reavers_dragon_hunter": (
        "Crinfrid Reavers Dragon Hunter",
        "northern_realms",
        "unit",
        5,
        False,
        (RANGED,),
        ("tight_bond",),
    ),
    "catapult": ("Catapult", "northern_realms", "unit", 8, False, (SIEGE,), ("tight_bond",)),
    "ballista": ("Ballista", "northern_realms", "unit", 6, False, (SIEGE,), ()),
    "trebuchet": ("Trebuchet", "northern_realms", "unit", 6, False, (SIEGE,), ()),
    "siege_tower": ("Siege Tower", "northern_realms", "unit", 6, False, (SIEGE,), ()),
    "kaedweni_siege_expert": (
        "Kaedweni Siege Expert",
        "northern_realms",
        "unit",
        1,
        False,
        (SIEGE,),
        ("morale_boost",),
    ),
    "dun_banner_medic": (
        "Dun Banner Medic",
        "northern_realms",
        "unit",
        5,
        False,
        (SIEGE,),
        ("medic",),
    ),
    "thaler": ("Thaler", "northern_realms", "unit", 1, False, (SIEGE,), ("spy",)),
    # Nilfgaard
    "letho_of_gulet": ("Letho of Gulet", "nilfgaard", "unit", 10, True, (CLOSE,), ()),
    "menno_coehoorn": ("Menno Coehoorn", "nilfgaard", "unit", 10, True, (CLOSE,), ("medic",)),
    "morvran_voorhis": ("Morvran Voorhis", "nilfgaard", "unit", 10, True, (SIEGE,), ()),
    "tibor_eggebracht": ("Tibor Eggebracht", "nilfgaard", "unit", 10, True, (RANGED,), ()),
    "impera_brigade_guard": (
        "Impera Brigade Guard",
        "nilfgaard",
        "unit",
        3,
        False,
        (CLOSE,),
        ("tight_bond",),
    ),
    "black_infantry_archer": (
        "Black Infantry Archer", "nilfgaard", "unit", 10, False, (RANGED,), (),
    ),
    "heavy_zerrikanian_fire_scorpion": (
        "Heavy Zerrikanian Fire Scorpion",
        "nilfgaard",
        "unit",
        10,
        False,
        (SIEGE,),
        (),
    ),
    "vattier_de_rideaux": ("Vattier de Rideaux", "nilfgaard", "unit", 4, False, (CLOSE,), ("spy",)),
    "cahir_mawr_dyffryn_aep_ceallach": (
        "Cahir Mawr Dyffryn aep Ceallach", "nilfgaard", "unit", 6, False, (CLOSE,), (),
    ),
    "renuald_aep_matsen": ("Renuald aep Matsen", "nilfgaard", "unit", 5, False, (RANGED,), ()),
    "puttkammer": ("Puttkammer", "nilfgaard", "unit", 3, False, (RANGED,), ()),
    "albrich": ("Albrich", "nilfgaard", "unit", 2, False, (RANGED,), ()),
    "etolian_auxiliary_archers": (
        "Etolian Auxiliary Archers", "nilfgaard", "unit", 1, False, (RANGED,), ("medic",),
    ),
    "rotten_mangonel": ("Rotten Mangonel", "nilfgaard", "unit", 3, False, (SIEGE,), ()),
    "siege_engineer": ("Siege Engineer", "nilfgaard", "unit", 6, False, (SIEGE,), ()),
    "zerrikanian_fire_scorpion": (
        "Zerrikanian Fire Scorpion", "nilfgaard", "unit", 5, False, (SIEGE,), (),
    ),
    "sweers": ("Sweers", "nilfgaard", "unit", 2, False, (RANGED,), ()),
    "morteisen": ("Morteisen", "nilfgaard", "unit", 3, False, (CLOSE,), ()),
    "rainfarn": ("Rainfarn", "nilfgaard", "unit", 4, False, (CLOSE,), ()),
    # Monsters
    "draug": ("Draug", "monsters", "unit", 10, True, (CLOSE,), ()),
    "imlerith": ("Imlerith", "monsters", "unit", 10, True, (CLOSE,), ()),
    "leshen": ("Leshen", "monsters", "unit", 10, True, (RANGED,), ()),
    "kayran": ("Kayran", "monsters", "unit", 8, True, (CLOSE, RANGED), ("agile", "morale_boost")),
    "ghoul": ("Ghoul", "monsters", "unit", 1, False, (CLOSE,), ("muster",)),
    "nekker": ("Nekker", "monsters", "unit", 2, False, (CLOSE,), ("muster",)),
    "arachas": ("Arachas", "monsters", "unit", 4, False, (CLOSE,), ("muster",)),
    "arachas_behemoth": ("Arachas Behemoth", "monsters", "unit", 6, False, (SIEGE,), ("muster",)),
    "crone_brewess": ("Crone: Brewess", "monsters", "unit", 6, False, (CLOSE,), ("muster",)),
    "crone_weavess": ("Crone: Weavess", "monsters", "unit", 6, False, (CLOSE,), ("muster",)),
    "crone_whispess": ("Crone: Whispess", "monsters", "unit", 6, False, (CLOSE,), ("muster",)),
    "fiend": ("Fiend", "monsters", "unit", 6, False, (CLOSE,), ()),
    "earth_elemental": ("Earth Elemental", "monsters", "unit", 6, False, (SIEGE,), ()),
    "fire_elemental": ("Fire Elemental", "monsters", "unit", 6, False, (SIEGE,), ()),
    "ice_giant": ("Ice Giant", "monsters", "unit", 5, False, (SIEGE,), ()),
    "griffin": ("Griffin", "monsters", "unit", 5, False, (CLOSE,), ()),
    "gargoyle": ("Gargoyle", "monsters", "unit", 2, False, (RANGED,), ()),
    "harpy": ("Harpy", "monsters", "unit", 2, False, (CLOSE, RANGED), ("agile",)),
    "cockatrice": ("Cockatrice", "monsters", "unit", 2, False, (RANGED,), ()),
    "wyvern": ("Wyvern", "monsters", "unit", 2, False, (RANGED,), ()),
    "foglet": ("Foglet", "monsters", "unit", 2, False, (CLOSE,), ()),
    # Scoia'tael
    "eithne": ("Eithne", "scoiatael", "unit", 10, True, (RANGED,), ()),
    "saesenthessis": ("Saesenthessis", "scoiatael", "unit", 10, True, (RANGED,), ()),
    "isengrim_faoiltiarna": (
        "Isengrim Faoiltiarna",
        "scoiatael",
        "unit",
        10,
        True,
        (CLOSE,),
        ("morale_boost",),
    ),
    "iorveth": ("Iorveth", "scoiatael", "unit", 10, True, (RANGED,), ()),
    "elven_skirmisher": ("Elven Skirmisher", "scoiatael", "unit", 2, False, (RANGED,), ("muster",)),
    "dwarven_skirmisher": (
        "Dwarven Skirmisher",
        "scoiatael",
        "unit",
        3,
        False,
        (CLOSE,),
        ("muster",),
    ),
    "havekar_healer": ("Havekar Healer", "scoiatael", "unit", 0, False, (RANGED,), ("medic",)),
    "barclay_els": ("Barclay Els", "scoiatael", "unit", 6, False, (CLOSE, RANGED), ("agile",)),
    "milva": ("Milva", "scoiatael", "unit", 10, False, (RANGED,), ("morale_boost",)),
    # Skellige
    "kambi": ("Kambi", "skellige", "unit", 0, False, (CLOSE,), ("summon_avenger",)),
    "hjalmar": ("Hjalmar an Craite", "skellige", "unit", 10, True, (RANGED,), ()),
    "cerys": ("Cerys an Craite", "skellige", "unit", 10, True, (CLOSE,), ("muster",)),
    "berserker": ("Berserker", "skellige", "unit", 4, False, (CLOSE,), ("berserker",)),
    "young_berserker": ("Young Berserker", "skellige", "unit", 2, False, (RANGED,), ("berserker",)),
    "clan_drummond_shield_maiden": (
        "Clan Drummond Shield Maiden",
        "skellige",
        "unit",
        4,
        False,
        (CLOSE,),
        ("tight_bond",),
    ),
    "clan_dimun_pirate": (
        "Clan Dimun Pirate",
        "skellige",
        "unit",
        6,
        False,
        (RANGED,),
        ("scorch",),
    ),
    "light_longship": ("Light Longship", "skellige", "unit", 4, False, (RANGED,), ("muster",)),
    "war_longship": ("War Longship", "skellige", "unit", 6, False, (SIEGE,), ("tight_bond",)),
    "ermion": ("Ermion", "skellige", "unit", 8, True, (RANGED,), ("mardroeme",)),
}

_LEADERS: dict[str, tuple[str, str, str, str, bool]] = {
    # card_id: (name, faction, ability, text, passive)
    "foltest_the_siegemaster": (
        "Foltest: The Siegemaster",
        "northern_realms",
        "horn_siege",
        "Doubles the strength of all your Siege units "
        "(unless a Commander's Horn is also present on that row).",
        False,
    ),
    "foltest_king_of_temeria": (
        "Foltest: King of Temeria",
        "northern_realms",
        "pick_weather",
        "Pick an Impenetrable Fog card from your deck and play it instantly.",
        False,
    ),
    "emhyr_var_emreis_emperor_of_nilfgaard": (
        "Emhyr var Emreis: Emperor of Nilfgaard",
        "nilfgaard",
        "look_hand",
        "Look at 3 random cards from your opponent's hand.",
        False,
    ),
    "emhyr_var_emreis_the_white_flame": (
        "Emhyr var Emreis: The White Flame",
        "nilfgaard",
        "cancel_leader",
        "Cancel your opponent's Leader Ability.",
        True,
    ),
    "eredin_king_of_the_wild_hunt": (
        "Eredin: King of the Wild Hunt",
        "monsters",
        "horn_close",
        "Double the strength of all your Close Combat units "
        "(unless a Commander's Horn is also present on that row).",
        False,
    ),
    "francesca_findabair_queen_of_dol_blathanna": (
        "Francesca Findabair: Queen of Dol Blathanna",
        "scoiatael",
        "scorch_close",
        "Destroy your enemy's strongest Close Combat unit(s) "
        "if the combined strength of all their Close Combat units is 10 "
        "or more.",
        False,
    ),
    "crach_an_craite": (
        "Crach an Craite",
        "skellige",
        "shuffle_graveyards",
        "Shuffle all cards from each player's graveyard back into their decks.",
        False,
    ),
}

_uid = 0


def card(card_id: str, strength: int | None = None, uid: int | None = None) -> CardView:
    """A CardView of a sample card; strength defaults to the printed strength."""
    global _uid
    name, faction, kind, base, hero, rows, abilities = _CARDS[card_id]
    if uid is None:
        _uid += 1
        uid = 1000 + _uid
    return CardView(
        uid=uid,
        card_id=card_id,
        name=name,
        type=kind,
        faction=faction,
        strength=(base if strength is None else strength) if kind == "unit" else None,
        base=base if kind == "unit" else None,
        hero=hero,
        rows=rows,
        abilities=abilities,
    )


def leader(card_id: str, used: bool = False, cancelled: bool = False) -> LeaderView:
    """A LeaderView of a sample leader."""
    name, _faction, ability, text, passive = _LEADERS[card_id]
    return LeaderView(card_id, name, text, ability, passive, used, cancelled)


def leader_card(card_id: str) -> CardView:
    """The leader as a CardView, for the single-card image."""
    name, faction, _ability, _text, _passive = _LEADERS[card_id]
    return CardView(0, card_id, name, "leader", faction, None, None, False, (), ())


def row(
    cards: Iterable[CardView] = (),
    horn: CardView | None = None,
    leader_horn: bool = False,
    horned: bool | None = None,
    mardroeme: CardView | None = None,
    weather: bool = False,
) -> RowView:
    """A RowView whose score is the sum of its units' strengths."""
    cards = tuple(cards)
    score = sum(c.strength or 0 for c in cards)
    if horned is None:
        horned = (
            horn is not None or leader_horn or any("commanders_horn" in c.abilities for c in cards)
        )
    return RowView(cards, score, horn, leader_horn, horned, mardroeme, weather)


def side(
    player: int,
    name: str,
    faction: str,
    leader_view: LeaderView,
    rows: tuple[RowView, RowView, RowView] | None = None,
    gems: int = 2,
    passed: bool = False,
    hand_count: int = 10,
    deck_count: int = 12,
    graveyard: Iterable[CardView] = (),
    hand: tuple[CardView, ...] | None = None,
    mulligans_left: int | None = None,
) -> SideView:
    """A SideView whose total is the sum of its row scores."""
    rows = rows or (row(), row(), row())
    return SideView(
        player=player,
        name=name,
        faction=faction,
        faction_name=faction_name(faction),
        leader=leader_view,
        gems=gems,
        total=sum(r.score for r in rows),
        passed=passed,
        rows=rows,
        hand_count=len(hand) if hand is not None else hand_count,
        deck_count=deck_count,
        graveyard=tuple(graveyard),
        hand=hand,
        mulligans_left=mulligans_left,
        revealed=(),
    )


def observation(
    sides: tuple[SideView, SideView],
    viewer: int | None = None,
    phase: str = "playing",
    round_no: int = 1,
    turn: int | None = 0,
    weather: tuple[CardView, ...] = (),
    rounds: tuple[RoundResult, ...] = (),
    winner: int | None = None,
    forfeited_by: int | None = None,
    last_events: tuple[str, ...] = (),
    highlight: tuple[int, ...] = (),
    action_count: int = 0,
    legal: tuple[Action, ...] = (),
) -> Observation:
    """An Observation with the given parts, an empty event log and no pending choice."""
    return Observation(
        viewer=viewer,
        phase=phase,
        round=round_no,
        turn=turn,
        action_count=action_count,
        sides=sides,
        weather=weather,
        rounds=rounds,
        winner=winner,
        forfeited_by=forfeited_by,
        events=last_events,
        last_events=last_events,
        highlight=highlight,
        pending=None,
        legal=legal,
    )


def _many(card_id: str, n: int, strength: int | None = None) -> list[CardView]:
    return [card(card_id, strength) for _ in range(n)]


# --- boards -------------------------------------------------------------------------


def board_empty() -> Observation:
    """Round 1, nothing played yet, player 0 to move."""
    return observation(
        (
            side(
                0,
                "Geralt",
                "northern_realms",
                leader("foltest_the_siegemaster"),
                hand_count=10,
                deck_count=15,
            ),
            side(1, "Yennefer", "nilfgaard", leader("emhyr_var_emreis_emperor_of_nilfgaard"),
                 hand_count=10, deck_count=17),
        ),
        last_events=("Geralt goes first.",),
    )


def _full_sides(
    weather_rows: tuple[bool, bool, bool] = (True, False, False),
) -> tuple[SideView, SideView]:
    frost, fog, rain = weather_rows

    def s(c: CardView, weathered: bool, horned: bool = False) -> CardView:
        if weathered and not c.hero and c.strength is not None:
            doubled = horned and "commanders_horn" not in c.abilities
            return replace(c, strength=2 if doubled else 1)
        return c

    p0_close = [
        card("vernon_roche"),
        card("ves"),
        card("siegfried_of_denesle"),
        card("prince_stennis"),
        *_many("blue_stripes_commando", 3, 8),
        card("sigismund_dijkstra"),
        card("dandelion", 4),
    ]
    p0_ranged = [
        card("philippa_eilhart"),
        card("keira_metz"),
        card("sabrina_glevissig"),
        card("sheldon_skaggs"),
        card("sile_de_tansarville"),
        card("dethmold"),
        *_many("crinfrid_reavers_dragon_hunter", 3, 15),
    ]
    p0_siege = [
        *_many("catapult", 2, 32),
        card("ballista", 12),
        card("trebuchet", 12),
        card("siege_tower", 12),
        card("kaedweni_siege_expert", 2),
        card("dun_banner_medic", 12),
        card("thaler", 2),
        card("ballista", 12),
    ]
    p1_close = [
        card("letho_of_gulet"),
        card("menno_coehoorn"),
        card("cahir_mawr_dyffryn_aep_ceallach", 7),
        card("vattier_de_rideaux", 5),
        *_many("impera_brigade_guard", 4, 13),
        card("morteisen", 4),
    ]
    p1_ranged = [
        card("tibor_eggebracht"),
        card("black_infantry_archer"),
        card("renuald_aep_matsen"),
        card("puttkammer"),
        card("albrich"),
        card("etolian_auxiliary_archers"),
        card("sweers"),
        card("puttkammer"),
        card("albrich"),
    ]
    p1_siege = [
        card("morvran_voorhis"),
        card("heavy_zerrikanian_fire_scorpion"),
        card("rotten_mangonel"),
        card("siege_engineer"),
        card("zerrikanian_fire_scorpion"),
        card("zerrikanian_fire_scorpion"),
        card("rotten_mangonel"),
        card("siege_engineer"),
        card("rotten_mangonel"),
    ]
    rows0 = (
        row([s(c, frost, True) for c in p0_close], weather=frost),
        row([s(c, fog) for c in p0_ranged], weather=fog),
        row([s(c, rain, True) for c in p0_siege], horn=card("commanders_horn"), weather=rain),
    )
    rows1 = (
        row([s(c, frost, True) for c in p1_close], weather=frost, leader_horn=True),
        row([s(c, fog) for c in p1_ranged], weather=fog),
        row([s(c, rain) for c in p1_siege], weather=rain),
    )
    return (
        side(
            0,
            "Geralt",
            "northern_realms",
            leader("foltest_the_siegemaster"),
            rows=rows0,
            hand_count=2,
            deck_count=3,
            graveyard=_many("ves", 4),
        ),
        side(
            1,
            "Yennefer",
            "nilfgaard",
            leader("emhyr_var_emreis_emperor_of_nilfgaard", used=True),
            rows=rows1,
            hand_count=1,
            deck_count=5,
            graveyard=_many("albrich", 6),
        ),
    )


def board_full() -> Observation:
    """Every row holds 9 cards; frost on close combat; horns; the benchmark position."""
    sides = _full_sides()
    blue = sides[0].rows[CLOSE].cards[4]
    return observation(
        sides,
        round_no=2,
        turn=1,
        weather=(card("biting_frost"),),
        rounds=(RoundResult((88, 102), 1),),
        last_events=("Geralt played Blue Stripes Commando (close).",),
        highlight=(blue.uid,),
        action_count=41,
    )


def board_weather() -> Observation:
    """All weather at once: frost, fog and rain hit every row of both players."""
    sides = _full_sides((True, True, True))
    frost, fog, rain = card("biting_frost"), card("impenetrable_fog"), card("torrential_rain")
    return observation(
        sides,
        round_no=3,
        turn=0,
        weather=(frost, fog, rain, card("skellige_storm")),
        rounds=(RoundResult((88, 102), 1), RoundResult((120, 97), 0)),
        last_events=("Yennefer played Torrential Rain.",),
        highlight=(rain.uid,),
    )


def board_horns() -> Observation:
    """A special horn, a leader's horn, a unit's horn (Dandelion) and a Mardroeme."""
    p0 = (
        row([card("vernon_roche"), card("ves", 10), card("siegfried_of_denesle", 10)],
            horn=card("commanders_horn")),
        row([card("keira_metz", 10), card("dandelion", 4), card("sheldon_skaggs", 8)]),
        row([card("catapult", 16), card("trebuchet", 12)], leader_horn=True),
    )
    berserk = card("berserker")
    p1 = (
        row([card("cerys"), berserk, card("clan_drummond_shield_maiden")],
            mardroeme=card("mardroeme")),
        row([card("hjalmar"), card("light_longship")]),
        row(
            [card("war_longship", 12), card("war_longship", 12)],
            horn=card("commanders_horn"),
            mardroeme=card("mardroeme"),
        ),
    )
    return observation(
        (
            side(
                0,
                "Geralt",
                "northern_realms",
                leader("foltest_the_siegemaster", used=True),
                rows=p0,
                hand_count=6,
                deck_count=10,
            ),
            side(
                1, "Crach's Heir", "skellige", leader("crach_an_craite"),
                rows=p1, hand_count=7, deck_count=11
            ),
        ),
        round_no=1,
        turn=1,
        last_events=("Geralt used Foltest: The Siegemaster.",),
    )


def board_heroes() -> Observation:
    """Heroes on both sides, some next to weakened units (heroes ignore weather)."""
    p0 = (
        row([card("geralt_of_rivia"), card("cirilla_fiona_elen_riannon"), card("triss_merigold"),
             card("vesemir", 1)], weather=True),
        row([card("yennefer_of_vengerberg"), card("philippa_eilhart")]),
        row([]),
    )
    p1 = (
        row([card("draug"), card("imlerith"), card("ghoul", 1), card("ghoul", 1)], weather=True),
        row([card("leshen"), card("kayran")]),
        row([card("earth_elemental"), card("fire_elemental")]),
    )
    geralt = p0[CLOSE].cards[0]
    return observation(
        (
            side(
                0,
                "Ciri",
                "northern_realms",
                leader("foltest_king_of_temeria"),
                rows=p0,
                hand_count=4,
                deck_count=9,
            ),
            side(
                1, "Eredin", "monsters", leader("eredin_king_of_the_wild_hunt"),
                rows=p1, hand_count=5, deck_count=8
            ),
        ),
        round_no=1,
        turn=1,
        weather=(card("biting_frost"),),
        last_events=("Ciri played Geralt of Rivia (close).",),
        highlight=(geralt.uid,),
    )


LONG_PLAYER_NAME = (
    "\u200bThe\u0007 Most Illustrious \u202eLord\u202c Commander of the Northern "
    "Armies \U0001f525\U0001f600 Z\u0336\u0321\u0334\u0337a\u0337l\u0338g\u0335o\u0336"
)


def board_long_names() -> Observation:
    """Long card names and a long player name full of control, zero-width and emoji."""
    p0 = (
        row([card("cahir_mawr_dyffryn_aep_ceallach"), card("cahir_mawr_dyffryn_aep_ceallach"),
             card("vattier_de_rideaux")]),
        row([card("etolian_auxiliary_archers"), card("black_infantry_archer")]),
        row([card("heavy_zerrikanian_fire_scorpion"), card("heavy_zerrikanian_fire_scorpion", 20)],
            horn=card("commanders_horn")),
    )
    p1 = (
        row([card("clan_drummond_shield_maiden"), card("clan_drummond_shield_maiden", 8)]),
        row([card("crinfrid_reavers_dragon_hunter"), card("gaunter_odimm_darkness")]),
        row([card("arachas_behemoth"), card("kaedweni_siege_expert")]),
    )
    return observation(
        (
            side(
                0,
                LONG_PLAYER_NAME,
                "nilfgaard",
                leader("emhyr_var_emreis_the_white_flame"),
                rows=p0,
                hand_count=7,
                deck_count=13,
            ),
            side(
                1,
                "\U0001f409\U0001f409\U0001f409",
                "skellige",
                leader("crach_an_craite"),
                rows=p1,
                hand_count=8,
                deck_count=12,
            ),
        ),
        round_no=1,
        turn=0,
        last_events=(
            "Yennefer of Vengerberg's apprentice played Heavy Zerrikanian Fire Scorpion "
            "on the siege row, and the whole board trembled for a very long time.",
        ),
    )


def board_big_numbers() -> Observation:
    """Tight bond under a horn: 2-digit strengths everywhere and a total above 100."""
    p0 = (
        row(_many("blue_stripes_commando", 3, 24), horn=card("commanders_horn")),
        row(_many("crinfrid_reavers_dragon_hunter", 3, 30), leader_horn=True),
        row([*_many("catapult", 2, 32), card("ballista", 12)], horn=card("commanders_horn")),
    )
    p1 = (
        row([*_many("impera_brigade_guard", 4, 24), card("letho_of_gulet", 10)],
            horn=card("commanders_horn")),
        row(_many("black_infantry_archer", 3, 20), horn=card("commanders_horn")),
        row([card("morvran_voorhis"), *_many("heavy_zerrikanian_fire_scorpion", 2, 20)],
            horn=card("commanders_horn")),
    )
    return observation(
        (
            side(
                0,
                "Geralt",
                "northern_realms",
                leader("foltest_the_siegemaster", used=True),
                rows=p0,
                hand_count=3,
                deck_count=6,
            ),
            side(
                1,
                "Yennefer",
                "nilfgaard",
                leader("emhyr_var_emreis_emperor_of_nilfgaard"),
                rows=p1,
                hand_count=4,
                deck_count=7,
            ),
        ),
        round_no=2,
        turn=0,
        rounds=(RoundResult((54, 61), 1),),
        last_events=("Yennefer played Commander's Horn (siege).",),
    )


def board_passed() -> Observation:
    """Round 2: player 1 lost round 1 and has passed; player 0 plays on."""
    p0 = (
        row([card("isengrim_faoiltiarna"), card("dwarven_skirmisher", 4),
             card("dwarven_skirmisher", 4)]),
        row([card("milva"), card("barclay_els", 7), card("elven_skirmisher", 3)]),
        row([]),
    )
    p1 = (
        row([card("crone_brewess"), card("crone_weavess"), card("crone_whispess"), card("fiend")]),
        row([card("harpy"), card("cockatrice")]),
        row([card("ice_giant")]),
    )
    return observation(
        (
            side(
                0,
                "Iorveth",
                "scoiatael",
                leader("francesca_findabair_queen_of_dol_blathanna"),
                rows=p0,
                gems=2,
                hand_count=5,
                deck_count=9,
            ),
            side(
                1,
                "Eredin",
                "monsters",
                leader("eredin_king_of_the_wild_hunt", used=True),
                rows=p1,
                gems=1,
                passed=True,
                hand_count=4,
                deck_count=10,
            ),
        ),
        round_no=2,
        turn=0,
        rounds=(RoundResult((71, 63), 0),),
        last_events=("Eredin passed.",),
    )


def board_crowded() -> Observation:
    """Rows of 10, 11 and 12 cards: the cards overlap to fit."""
    p0 = (
        row([*_many("ghoul", 4, 2), *_many("nekker", 4, 3), card("arachas"), card("arachas")]),
        row(
            [
                *_many("gargoyle", 3),
                *_many("harpy", 3),
                *_many("wyvern", 3),
                card("leshen"),
                card("cockatrice"),
            ]
        ),
        row(
            [
                *_many("arachas_behemoth", 4),
                *_many("fire_elemental", 4),
                *_many("ice_giant", 3),
                card("earth_elemental"),
            ]
        ),
    )
    p1 = (
        row(
            [
                *_many("dwarven_skirmisher", 3),
                *_many("barclay_els", 3),
                card("isengrim_faoiltiarna"),
                card("havekar_healer"),
                card("dwarven_skirmisher"),
                card("barclay_els"),
            ]
        ),
        row(
            [
                *_many("elven_skirmisher", 3),
                card("milva"),
                card("iorveth"),
                card("eithne"),
                card("saesenthessis"),
                card("havekar_healer"),
                card("havekar_healer"),
                card("barclay_els"),
                card("elven_skirmisher"),
            ]
        ),
        row([]),
    )
    return observation(
        (
            side(
                0, "Eredin", "monsters", leader("eredin_king_of_the_wild_hunt"),
                rows=p0, hand_count=1, deck_count=2
            ),
            side(
                1,
                "Francesca",
                "scoiatael",
                leader("francesca_findabair_queen_of_dol_blathanna"),
                rows=p1,
                hand_count=2,
                deck_count=0,
            ),
        ),
        round_no=3,
        turn=1,
        rounds=(RoundResult((70, 80), 1), RoundResult((90, 60), 0)),
        last_events=("Eredin played Arachas (close); Muster called 2 more.",),
        highlight=tuple(c.uid for c in p0[CLOSE].cards[-2:]),
    )


def board_mulligan() -> Observation:
    """The public board while both players redraw their hands."""
    return observation(
        (
            side(
                0, "Geralt", "northern_realms", leader("foltest_king_of_temeria"),
                hand_count=10, deck_count=15
            ),
            side(1, "Eredin", "monsters", leader("eredin_king_of_the_wild_hunt"), hand_count=10,
                 deck_count=18),
        ),
        phase="mulligan",
        turn=None,
        last_events=("Both players may redraw up to 2 cards.",),
    )


def board_over() -> Observation:
    """The last board of a finished match."""
    obs = result_win()
    return obs


# --- hands -----------------------------------------------------------------------


def _hand_sides(hand: tuple[CardView, ...], mulligans: int | None) -> tuple[SideView, SideView]:
    return (
        side(
            0,
            "Geralt",
            "northern_realms",
            leader("foltest_the_siegemaster"),
            hand=hand,
            mulligans_left=mulligans,
            deck_count=15,
        ),
        side(1, "Yennefer", "nilfgaard", leader("emhyr_var_emreis_emperor_of_nilfgaard"),
             hand_count=10, deck_count=17),
    )


def hand_mulligan() -> Observation:
    """The opening hand of 10 cards during the mulligan, 2 redraws left."""
    hand = (
        card("vernon_roche"),
        card("blue_stripes_commando"),
        card("blue_stripes_commando"),
        card("catapult"),
        card("sigismund_dijkstra"),
        card("keira_metz"),
        card("dun_banner_medic"),
        card("biting_frost"),
        card("commanders_horn"),
        card("decoy"),
    )
    return observation(_hand_sides(hand, 2), viewer=0, phase="mulligan", turn=None)


def hand_large() -> Observation:
    """An 11-card hand mid-round (a spy brought the count up), long names included."""
    hand = (
        card("geralt_of_rivia"),
        card("crinfrid_reavers_dragon_hunter"),
        card("crinfrid_reavers_dragon_hunter"),
        card("kaedweni_siege_expert"),
        card("trebuchet"),
        card("olgierd_von_everec"),
        card("villentretenmerth"),
        card("scorch"),
        card("impenetrable_fog"),
        card("clear_weather"),
        card("cow"),
    )
    return observation(_hand_sides(hand, None), viewer=0, round_no=2, turn=0)


def hand_small() -> Observation:
    """Three cards left, a Skellige hand with a berserker and Mardroeme."""
    hand = (card("berserker"), card("mardroeme"), card("kambi"))
    sides = (
        side(0, "Crach's Heir", "skellige", leader("crach_an_craite"), hand=hand, deck_count=4),
        side(1, "Eredin", "monsters", leader("eredin_king_of_the_wild_hunt"), hand_count=2,
             deck_count=5),
    )
    return observation(sides, viewer=0, round_no=3, turn=1)


def hand_some_unplayable() -> Observation:
    """The viewer's turn on an empty board: Decoy has nothing to take back, so it is dimmed."""
    hand = (card("blue_stripes_commando"), card("decoy"), card("catapult"),
            card("commanders_horn"), card("biting_frost"))
    plays = tuple(Action(0, PLAY, c.uid) for c in hand if c.card_id != "decoy")
    return observation(_hand_sides(hand, None), viewer=0, round_no=1, turn=0,
                       legal=(Action(0, PASS), *plays))


# --- players' own views -------------------------------------------------------------


def _view(obs: Observation, seat: int, hand: tuple[CardView, ...],
          mulligans: int | None = None, legal: tuple[Action, ...] = ()) -> Observation:
    """A board sample as seat's own observation, holding this hand."""
    sides = list(obs.sides)
    sides[seat] = replace(sides[seat], hand=hand, hand_count=len(hand), mulligans_left=mulligans)
    return replace(obs, viewer=seat, sides=(sides[0], sides[1]), legal=legal)


def view_full() -> Observation:
    """The full board from player 1's side on their turn, copies apart in the match's hand."""
    hand = (card("black_infantry_archer"), card("decoy"), card("letho_of_gulet"),
            card("black_infantry_archer"),
            card("biting_frost"), card("albrich"), card("commanders_horn"))
    obs = board_full()
    plays = tuple(Action(1, PLAY, c.uid) for c in hand)
    return _view(obs, 1, hand, legal=(Action(1, PASS), *plays))


def view_mulligan() -> Observation:
    """Player 0's view while redrawing: the opening hand of 10 cards."""
    hand = hand_mulligan().sides[0].hand
    assert hand is not None
    return _view(board_mulligan(), 0, hand, mulligans=2)


def view_crowded() -> Observation:
    """Crowded rows, and a hand of 13 cards that overlap a little, on the other's turn."""
    hand = (*_many("ghoul", 3), card("arachas_behemoth"), card("crone_brewess"),
            card("crone_weavess"), card("crone_whispess"), card("kayran"), card("leshen"),
            card("impenetrable_fog"), card("scorch"), card("decoy"), card("ice_giant"))
    return _view(board_crowded(), 0, hand)


def view_big_hand() -> Observation:
    """A hand of 16 cards after several spies: two rows."""
    hand = (*_many("blue_stripes_commando", 3), *_many("catapult", 2), card("vernon_roche"),
            card("john_natalis"),
            card("esterad_thyssen"), card("philippa_eilhart"),
            card("ves"), card("siegfried_of_denesle"), card("keira_metz"),
            card("sheldon_skaggs"), card("commanders_horn"), card("biting_frost"),
            card("clear_weather"))
    return _view(board_empty(), 0, hand)


def view_passed() -> Observation:
    """The player who passed watches the other play on: their hand is kept for next round."""
    hand = (card("nekker"), card("foglet"), card("griffin"), card("draug"))
    return _view(board_passed(), 1, hand)


def view_names_rtl() -> Observation:
    """An Arabic name as the viewer, a Hebrew one as the opponent, on the viewer's turn."""
    hand = (card("harpy"), card("earth_elemental"), card("decoy"))
    obs = board_names_rtl()
    plays = tuple(Action(1, PLAY, c.uid) for c in hand if c.card_id != "decoy")
    return _view(obs, 1, hand, legal=(Action(1, PASS), *plays))


def view_over() -> Observation:
    """The last view of a finished match, for the winner."""
    return _view(board_over(), 0, (card("ves"),))


# --- results -------------------------------------------------------------------


def _result(
    rounds: tuple[RoundResult, ...],
    winner: int | None,
    forfeited_by: int | None = None,
    names: tuple[str, str] = ("Geralt", "Yennefer"),
    factions: tuple[str, str] = ("northern_realms", "nilfgaard"),
) -> Observation:
    gems = [2, 2]
    for r in rounds:
        for p in (0, 1):
            if r.winner is None or r.winner != p:
                gems[p] -= 1
    sides = (
        side(
            0,
            names[0],
            factions[0],
            leader("foltest_the_siegemaster", used=True),
            gems=max(0, gems[0]),
            hand_count=1,
            deck_count=4,
        ),
        side(
            1,
            names[1],
            factions[1],
            leader("emhyr_var_emreis_emperor_of_nilfgaard"),
            gems=max(0, gems[1]),
            hand_count=0,
            deck_count=6,
        ),
    )
    return observation(
        sides,
        phase="over",
        round_no=len(rounds) or 1,
        turn=None,
        rounds=rounds,
        winner=winner,
        forfeited_by=forfeited_by,
        last_events=("The match is over.",),
    )


def result_win() -> Observation:
    """Three rounds, player 0 wins 2-1."""
    return _result(
        (RoundResult((88, 102), 1), RoundResult((120, 97), 0), RoundResult((64, 59), 0)), 0
    )


def result_draw() -> Observation:
    """Both players lose both gems: a draw."""
    return _result((RoundResult((50, 50), None), RoundResult((71, 71), None)), None)


def result_forfeit() -> Observation:
    """Player 0 forfeits in round 2."""
    return _result(
        (RoundResult((43, 40), 0),),
        1,
        forfeited_by=0,
        names=(LONG_PLAYER_NAME, "Eredin"),
        factions=("nilfgaard", "monsters"),
    )


# --- names in every script ------------------------------------------------------------

SCRIPT_NAMES = {
    "cjk": ("王小明", "김민준 さくら"),
    "rtl": ("محمد علي", "דוד כהן 2"),
    "mixed": ("Лёша Ωμέγα", "\U0001f468\u200d\U0001f469\u200d\U0001f467 Zoë \U0001f1f5\U0001f1f1 "
              "\U0001f44d\U0001f3fd"),
}


def _names_board(script: str) -> Observation:
    """A board whose player names (and so the header and last move) are in other scripts."""
    first, second = SCRIPT_NAMES[script]
    p0 = (row([card("geralt_of_rivia"), card("blue_stripes_commando")]), row([card("keira_metz")]),
          row([]))
    p1 = (row([card("draug")]), row([card("harpy")]), row([card("earth_elemental")]))
    return observation(
        (
            side(0, first, "northern_realms", leader("foltest_king_of_temeria"), rows=p0,
                 hand_count=7,
                 deck_count=12),
            side(1, second, "monsters", leader("eredin_king_of_the_wild_hunt"), rows=p1,
                 hand_count=8,
                 deck_count=11),
        ),
        round_no=2,
        turn=1,
        rounds=(RoundResult((31, 28), 0),),
        last_events=(f"{first} played Keira Metz (ranged).",),
    )


def board_names_cjk() -> Observation:
    """Chinese, Korean and Japanese player names."""
    return _names_board("cjk")


def board_names_rtl() -> Observation:
    """Arabic and Hebrew player names, shaped and laid out right to left."""
    return _names_board("rtl")


def board_names_mixed() -> Observation:
    """Cyrillic and Greek, and emoji (a family sequence, a flag, a skin tone)."""
    return _names_board("mixed")


def hand_names_rtl() -> Observation:
    """The hand title mixes an Arabic name with English words."""
    hand = (card("geralt_of_rivia"), card("blue_stripes_commando"), card("biting_frost"))
    sides = (
        side(0, SCRIPT_NAMES["rtl"][0], "northern_realms", leader("foltest_the_siegemaster"),
             hand=hand, deck_count=15),
        side(1, SCRIPT_NAMES["cjk"][0], "nilfgaard",
             leader("emhyr_var_emreis_emperor_of_nilfgaard"), hand_count=9,
             deck_count=17),
    )
    return observation(sides, viewer=0, round_no=1, turn=0)


def result_names_cjk() -> Observation:
    """A result between a Korean and a Chinese name."""
    return _result((RoundResult((52, 40), 0), RoundResult((61, 33), 0)), 0,
                   names=(SCRIPT_NAMES["cjk"][1], SCRIPT_NAMES["cjk"][0]))


# --- single cards ------------------------------------------------------------------


def card_unit() -> CardView:
    """A tight-bond unit, buffed on the board."""
    return card("blue_stripes_commando", 8)


def card_hero() -> CardView:
    """A hero."""
    return card("cirilla_fiona_elen_riannon")


def card_special() -> CardView:
    """A special card."""
    return card("commanders_horn")


def card_weather() -> CardView:
    """A weather card."""
    return card("skellige_storm")


def card_agile() -> CardView:
    """An agile unit with two abilities and a long name."""
    return card("olgierd_von_everec")


def card_leader() -> CardView:
    """A leader card."""
    return leader_card("emhyr_var_emreis_the_white_flame")


def card_text(card_id: str) -> str | None:
    """Sample rules text for leader cards (the catalogue has the real texts)."""
    if card_id in _LEADERS:
        return _LEADERS[card_id][3]
    return None


# --- decks ------------------------------------------------------------------------


def deck_starter() -> Deck:
    """The Northern Realms starter deck, ready to play."""
    return starter_deck("northern_realms")


def deck_draft() -> Deck:
    """A Scoia'tael deck still being built: agile units, too few of them, a long name."""
    return Deck("scoiatael", "francesca_findabair_queen_of_dol_blathanna",
                {"barclay_els": 1, "dol_blathanna_scout": 3, "elven_skirmisher": 3,
                 "havekar_healer": 3, "isengrim_faoiltiarna": 1, "mahakaman_defender": 5,
                 "dennis_cranmer": 1, "decoy": 3, "impenetrable_fog": 2},
                "Francesca's Flowers of the Valley, still a work in progress")


def deck_crowded() -> Deck:
    """Every Monsters card a deck may hold but the specials: the tallest deck image."""
    cat = catalogue()
    cards = {c.id: c.copies for c in cat.cards.values()
             if c.faction in ("monsters", "neutral") and c.is_unit and not c.side_deck}
    cards |= {"decoy": 3, "commanders_horn": 3, "scorch": 2, "biting_frost": 2}
    return Deck("monsters", "eredin_destroyer_of_worlds", cards, "Everything Monsters")


def _positions(seed: int) -> Iterator[tuple[Match, int]]:
    """A seeded match between random players (starter decks, no forfeit), position by
    position: the match, and the player who acts next."""
    rng = random.Random(seed)
    decks = starter_decks()
    factions = sorted(decks)
    match = Match.new((decks[rng.choice(factions)], decks[rng.choice(factions)]),
                      seed=seed, names=("Geralt", "Yennefer"))
    while not match.is_over:
        player = rng.choice(match.to_act())
        yield match, player
        legal = [a for a in match.legal_actions(player) if a.kind != "forfeit"]
        match.apply(rng.choice(legal))


def played_match(seed: int) -> list[tuple[Observation, Observation]]:
    """Every position of a seeded random match: the public board and the observation of the
    player to act, in order."""
    return [(public_view(m.observation(None)), m.observation(player))
            for m, player in _positions(seed)]


def played_views(seed: int) -> list[tuple[Observation, Observation, Observation]]:
    """Every position of the same match: the public board and each seat's own observation."""
    return [(public_view(m.observation(None)), m.observation(0), m.observation(1))
            for m, _ in _positions(seed)]


def _fresh(build: Callable[[], Any]) -> Callable[[], Any]:
    """Wrap a sample so that its card uids start from the same number on every call."""

    def fresh() -> Any:
        global _uid
        _uid = 0
        return build()

    fresh.__name__ = build.__name__
    fresh.__doc__ = build.__doc__
    return fresh


SAMPLES: dict[str, tuple[str, Callable[[], Any]]] = {
    "board_empty": ("board", _fresh(board_empty)),
    "board_full": ("board", _fresh(board_full)),
    "board_weather": ("board", _fresh(board_weather)),
    "board_horns": ("board", _fresh(board_horns)),
    "board_heroes": ("board", _fresh(board_heroes)),
    "board_long_names": ("board", _fresh(board_long_names)),
    "board_big_numbers": ("board", _fresh(board_big_numbers)),
    "board_passed": ("board", _fresh(board_passed)),
    "board_crowded": ("board", _fresh(board_crowded)),
    "board_mulligan": ("board", _fresh(board_mulligan)),
    "board_over": ("board", _fresh(board_over)),
    "view_full": ("view", _fresh(view_full)),
    "view_mulligan": ("view", _fresh(view_mulligan)),
    "view_crowded": ("view", _fresh(view_crowded)),
    "view_big_hand": ("view", _fresh(view_big_hand)),
    "view_passed": ("view", _fresh(view_passed)),
    "view_names_rtl": ("view", _fresh(view_names_rtl)),
    "view_over": ("view", _fresh(view_over)),
    "hand_mulligan": ("hand", _fresh(hand_mulligan)),
    "hand_large": ("hand", _fresh(hand_large)),
    "hand_small": ("hand", _fresh(hand_small)),
    "hand_some_unplayable": ("hand", _fresh(hand_some_unplayable)),
    "result_win": ("result", _fresh(result_win)),
    "result_draw": ("result", _fresh(result_draw)),
    "result_forfeit": ("result", _fresh(result_forfeit)),
    "card_unit": ("card", _fresh(card_unit)),
    "card_hero": ("card", _fresh(card_hero)),
    "card_special": ("card", _fresh(card_special)),
    "card_weather": ("card", _fresh(card_weather)),
    "card_agile": ("card", _fresh(card_agile)),
    "card_leader": ("card", _fresh(card_leader)),
    "board_names_cjk": ("board", _fresh(board_names_cjk)),
    "board_names_rtl": ("board", _fresh(board_names_rtl)),
    "board_names_mixed": ("board", _fresh(board_names_mixed)),
    "hand_names_rtl": ("hand", _fresh(hand_names_rtl)),
    "result_names_cjk": ("result", _fresh(result_names_cjk)),
    "deck_starter": ("deck", deck_starter),
    "deck_draft": ("deck", deck_draft),
    "deck_crowded": ("deck", deck_crowded),
    **RANKED_SAMPLES,
}
