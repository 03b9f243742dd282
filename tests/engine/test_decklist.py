"""Pasted deck lists: forgiving about spelling and count styles, and every unusable line
reported with its reason."""

from __future__ import annotations

import pytest

from engine.cards import catalogue
from engine.decklist import Unread, format_list, parse_list
from engine.decks import Deck, starter_decks

NR, FOLTEST = "northern_realms", "foltest_the_siegemaster"


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
