"""The invariant checks report broken states (they guard the random selfplay)."""

from __future__ import annotations

from engine.invariants import problems, score_problems, zone_problems
from engine.match import Match
from tests.engine.scenario import starter_match


def _dealt() -> Match:
    m = starter_match(("northern_realms", "nilfgaard"), seed=3)
    assert problems(m) == []
    return m


def test_a_lost_card_and_a_card_in_two_zones_are_reported() -> None:
    m = _dealt()
    side = m.sides[0]
    lost = side.deck.pop()
    twice = side.hand[0]
    side.grave.append(twice)
    assert zone_problems(m) == [f"card #{twice} ({m.card_ids[twice]}) appears 2 times",
                                f"card #{lost} ({m.card_ids[lost]}) is lost"]


def test_an_unknown_card_number_is_reported() -> None:
    m = _dealt()
    m.sides[1].grave.append(len(m.card_ids))
    assert zone_problems(m) == [f"unknown card #{len(m.card_ids)}"]


def test_a_row_changed_behind_the_strength_cache_is_reported() -> None:
    m = _dealt()
    m.strengths()
    side = m.sides[0]
    unit = next(u for u in side.hand if m.cards[u].type == "unit" and m.cards[u].strength)
    side.hand.remove(unit)
    side.rows[m.cards[unit].rows[0]].append(unit)
    assert zone_problems(m) == []
    assert len(score_problems(m)) == 1
