"""Pasted deck lists: forgiving about spelling and count styles, and every unusable line
reported with its reason."""

from __future__ import annotations

import pytest

from engine.cards import catalogue
from engine.decklist import OtherNames, Unread, format_list, parse_list
from engine.decks import Deck, starter_decks

NR, FOLTEST = "northern_realms", "foltest_the_siegemaster"
HA = "\u0445"  # Cyrillic, written for "x" in counts
# A few names of other languages, as the bot passes them from its catalogues.
OTHER = OtherNames(
    cards={"Komandos Niebieskich Pasów": "blue_stripes_commando", "Jaskier": "dandelion",
           "Manekin do ćwiczeń": "decoy", "Foltest: Król Temerii": "foltest_king_of_temeria",
           "Боец Синих Полосок": "blue_stripes_commando", "Лютик": "dandelion",
           "Чучело": "decoy", "Лето из Гулеты": "letho_of_gulet", "Хьялмар": "hjalmar",
           "Имлерих": "imlerith", "Фольтест: Король Темерии": "foltest_king_of_temeria",
           "Фольтест: Завоеватель": "foltest_the_siegemaster", "Ves": "ves",
           "蓝衣铁卫突击队": "blue_stripes_commando", "丹德里恩": "dandelion", "诱饵": "decoy"},
    factions={"Królestwa Północy": NR, "Potwory": "monsters", "Королевства Севера": NR})


def test_the_issue_example_is_read() -> None:
    found = parse_list("3x Blue Stripes Commando, Dandelion, 2 Decoy", NR, FOLTEST)
    assert found.ok and found.lines == 3
    assert found.cards == {"blue_stripes_commando": 3, "dandelion": 1, "decoy": 2}
    assert found.leader == FOLTEST


@pytest.mark.parametrize("line", [
    "3x Blue Stripes Commando", "3 x blue stripes commando", "3X BLUE STRIPES COMMANDO",
    "x3 Blue Stripes Commando", "Blue Stripes Commando x3", "Blue Stripes Commando \u00d73",
    "Blue Stripes Commando (3)", "Blue Stripes Commando 3", "3 Blue Stripes Commando",
    "- 3x **Blue Stripes Commando**", "\u2022 3x blue_stripes_commando", "3xBlue Stripes Commando",
    "3x Blue Strips Comando", "3x Stripes",
])
def test_count_styles_and_spellings(line: str) -> None:
    found = parse_list(line, NR, FOLTEST)
    assert found.unread == ()
    assert found.cards == {"blue_stripes_commando": 3}


def test_accents_apostrophes_unique_beginnings_and_near_spellings() -> None:
    found = parse_list("Gaunter O\u2019Dimm\nGAUNTER ODIMM: darkness x2\nC\u00edrilla\n"
                       "villentretenmert\nyeneffer", NR, FOLTEST)
    assert found.unread == ()
    assert found.cards == {"gaunter_odimm": 1, "gaunter_odimm_darkness": 2,
                           "cirilla_fiona_elen_riannon": 1, "villentretenmerth": 1,
                           "yennefer_of_vengerberg": 1}


def test_every_unusable_line_is_reported_with_its_reason() -> None:
    text = "\n".join(["Letho of Gulet", "Foltest", "Hemdall", "4x Blue Stripes Commando",
                      "Nobody at all", "yenna", "0 Ves", "Faction: Monsters"])
    found = parse_list(text, NR, FOLTEST)
    assert not found.ok and found.cards == {}
    assert found.unread == (
        Unread("Letho of Gulet", "Letho of Gulet belongs to Nilfgaard, not Northern Realms"),
        Unread("Foltest", "could be Foltest: King of Temeria, Foltest: Lord Commander of the "
                          "North, Foltest: Son of Medell, Foltest: The Siegemaster or Foltest: "
                          "The Steel-Forged"),
        Unread("Hemdall", "Hemdall only enters play from the side deck"),
        Unread("4x Blue Stripes Commando",
               "Blue Stripes Commando: 4 copies, but at most 3 allowed"),
        Unread("Nobody at all",
               "no card called \u201cNobody at all\u201d in a Northern Realms deck"),
        Unread("yenna", "no card called \u201cyenna\u201d in a Northern Realms deck (did you mean "
                        "Yennefer of Vengerberg?)"),
        Unread("0 Ves", "Ves: a count must be at least 1"),
        Unread("Faction: Monsters", "this deck is Northern Realms; start a new deck for another "
                                    "faction"),
    )


def test_repeated_lines_add_up_and_the_line_going_over_is_named() -> None:
    found = parse_list("2 Decoy\nDecoy\nDecoy", NR, FOLTEST)
    assert found.cards == {"decoy": 3}
    assert found.unread == (Unread("Decoy", "Decoy: 4 copies, but at most 3 allowed"),)


def test_a_leader_line_sets_the_leader_and_a_foreign_leader_is_refused() -> None:
    found = parse_list("Leader: Foltest: King of Temeria\nVes", NR, FOLTEST)
    assert found.ok and found.leader == "foltest_king_of_temeria"
    found = parse_list("Leader: Eredin: Bringer of Death", NR, FOLTEST)
    assert found.unread == (Unread("Leader: Eredin: Bringer of Death", "leader Eredin: Bringer "
                                   "of Death leads Monsters, not Northern Realms"),)
    assert found.leader == FOLTEST


def test_too_many_specials_in_all_is_reported_for_the_whole_list() -> None:
    found = parse_list("3 decoy, 3 scorch, 3 commander's horn, 2 clear weather", NR, FOLTEST)
    assert found.unread == (Unread("(the whole list)",
                                   "11 special cards; a deck may have at most 10"),)


@pytest.mark.parametrize("faction", sorted(starter_decks()))
def test_a_formatted_list_reads_back_as_the_same_deck(faction: str) -> None:
    deck = starter_decks()[faction]
    leaders = [leader.id for leader in catalogue().leaders(faction)]
    found = parse_list(format_list(deck), faction, next(i for i in leaders if i != deck.leader))
    assert found.ok
    assert Deck(faction, found.leader or "", found.cards) == Deck(faction, deck.leader,
                                                                  deck.cards)


@pytest.mark.parametrize("other", [None, OTHER])
def test_english_reads_the_same_with_other_names(other: OtherNames | None) -> None:
    text = "\n".join(["3x Blue Strips Comando", "Gaunter O\u2019Dimm", "villentretenmert",
                      "Foltest", "Letho of Gulet", "yenna", "Leader: Foltest: King of Temeria",
                      "Faction: Monsters", "2 Decoy"])
    found = parse_list(text, NR, FOLTEST, other=other)
    assert found.cards == {"blue_stripes_commando": 3, "gaunter_odimm": 1,
                           "villentretenmerth": 1, "decoy": 2}
    assert found.leader == "foltest_king_of_temeria"
    assert [u.line for u in found.unread] == ["Foltest", "Letho of Gulet", "yenna",
                                              "Faction: Monsters"]
    assert found.unread == parse_list(text, NR, FOLTEST).unread


def test_names_in_other_languages_are_read_when_given() -> None:
    polish = ("Faction: Królestwa Północy\n3x Komandos Niebieskich Pasow\n- Jaskier\n"
              "2 manekin do cwiczen\nLeader: Foltest: Król Temerii")
    found = parse_list(polish, NR, FOLTEST, other=OTHER)
    assert found.unread == ()
    assert found.cards == {"blue_stripes_commando": 3, "dandelion": 1, "decoy": 2}
    assert found.leader == "foltest_king_of_temeria"
    russian = ["Фольтест: Король Темерии", f"3{HA} Боец Синих Полосок", f"Лютик {HA}1",
               "2 ЧУЧЕЛО"]
    found = parse_list("\n".join(russian), NR, FOLTEST, other=OTHER)
    assert found.ok and found.leader == "foltest_king_of_temeria"
    assert found.cards == {"blue_stripes_commando": 3, "dandelion": 1, "decoy": 2}
    found = parse_list("3\u00d7蓝衣铁卫突击队\uff0c丹德里恩\u3001诱饵 x2", NR, FOLTEST, other=OTHER)
    assert found.unread == ()
    assert found.cards == {"blue_stripes_commando": 3, "dandelion": 1, "decoy": 2}
    assert parse_list("Jaskier", NR, FOLTEST).unread[0].reason.startswith("no card called")


def test_other_names_keep_the_reasons_and_forgive_partial_or_misspelt_names() -> None:
    russian = ["Лето из Гулеты", "Фольтест", "Лютк", "Командос", "Faction: Потвори",
               "3 Хьялмар", "Имлерих 2"]
    found = parse_list("\n".join(russian), NR, FOLTEST, other=OTHER)
    assert found.cards == {"dandelion": 1}
    assert found.unread == (
        Unread("Лето из Гулеты", "Letho of Gulet belongs to Nilfgaard, not Northern Realms"),
        Unread("Фольтест", "could be Фольтест: Завоеватель or Фольтест: Король Темерии"),
        Unread("Командос", "no card called “Командос” in a Northern Realms deck"),
        Unread("Faction: Потвори", "this deck is Northern Realms; start a new deck for "
                                   "another faction"),
        Unread("3 Хьялмар", "Hjalmar belongs to Skellige, not Northern Realms"),
        Unread("Имлерих 2", "Imlerith belongs to Monsters, not Northern Realms"),
    )
    found = parse_list("Jaskir", NR, FOLTEST, other=OTHER)
    assert found.cards == {"dandelion": 1}
    found = parse_list("Manekin do cwiczen x4", NR, FOLTEST, other=OTHER)
    assert found.unread == (Unread("Manekin do cwiczen x4",
                                   "Decoy: 4 copies, but at most 3 allowed"),)
    found = parse_list("Komandos Niebieskich Pasuw", NR, FOLTEST, other=OTHER)
    assert found.cards == {"blue_stripes_commando": 1}
    found = parse_list("Jaskr", NR, FOLTEST, other=OTHER)
    assert found.unread[0].reason.endswith("(did you mean Jaskier?)")


def test_other_languages_stay_behind_english_for_fragments_and_suggestions() -> None:
    assert parse_list("Jask", NR, FOLTEST, other=OTHER).cards == {"dandelion": 1}
    short = parse_list("Jas", NR, FOLTEST, other=OTHER).unread
    assert short[0].reason.startswith("no card called \u201cJas\u201d")
    assert parse_list("诱", NR, FOLTEST, other=OTHER).cards == {"decoy": 1}
    # English suggestions hide other languages' names ("Jaskier" is as close).
    reason = parse_list("Jaskelion", NR, FOLTEST, other=OTHER).unread[0].reason
    assert reason.endswith("(did you mean Dandelion or Sheldon Skaggs?)")


def test_other_names_of_unknown_cards_are_ignored() -> None:
    other = OtherNames(cards={"Nikt": "nobody", "": "decoy"}, factions={})
    found = parse_list("Nikt", NR, FOLTEST, other=other)
    assert found.unread[0].reason.startswith("no card called \u201cNikt\u201d")
