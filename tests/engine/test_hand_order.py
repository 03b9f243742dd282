"""The hand's order on screen: specials, weather, then units weakest first, copies together."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Match, catalogue
from engine.cards import SPECIAL, UNIT, WEATHER
from engine.decks import starter_decks
from engine.observation import CardView
from engine.view import card_view, hand_order

PLAYABLE = sorted((c for c in catalogue().cards.values() if c.type != "leader"),
                  key=lambda c: c.id)


def a_hand(ids: list[int]) -> list[CardView]:
    """Views of catalogue cards by index, with uids in the order given."""
    return [card_view(uid, PLAYABLE[i % len(PLAYABLE)]) for uid, i in enumerate(ids)]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 10_000), max_size=16), st.randoms(use_true_random=False))
def test_the_order_groups_sorts_and_keeps_copies_together(ids: list[int],
                                                          rng: random.Random) -> None:
    hand = a_hand(ids)
    ordered = hand_order(hand)
    assert sorted(c.uid for c in ordered) == sorted(c.uid for c in hand)
    groups = [{SPECIAL: 0, WEATHER: 1, UNIT: 2}[c.type] for c in ordered]
    assert groups == sorted(groups)
    strengths = [c.base for c in ordered if c.type == UNIT]
    assert strengths == sorted(strengths)  # type: ignore[type-var]
    runs = [c.card_id for i, c in enumerate(ordered) if i == 0
            or ordered[i - 1].card_id != c.card_id]
    assert len(runs) == len(set(runs)), "copies of a card are next to each other"
    # Copies keep the match's order; the cards shown do not depend on the order given.
    for card_id in set(runs):
        uids = [c.uid for c in ordered if c.card_id == card_id]
        assert uids == sorted(uids)
    shuffled = hand[:]
    rng.shuffle(shuffled)
    assert [c.card_id for c in hand_order(shuffled)] == [c.card_id for c in ordered]


def test_a_dealt_hand_in_order() -> None:
    decks = starter_decks()
    match = Match.new((decks["northern_realms"], decks["nilfgaard"]), seed=3)
    hand = match.observation(0).sides[0].hand
    assert hand is not None
    ordered = hand_order(hand)
    labels = [(c.type, c.base, c.name) for c in ordered]
    assert labels == sorted(labels, key=lambda t: ({SPECIAL: 0, WEATHER: 1, UNIT: 2}[t[0]],
                                                   t[1] or 0, t[2].casefold()))
    assert match.observation(0).sides[0].hand == hand  # the match's order is untouched


def test_specials_before_weather_before_units() -> None:
    cat = catalogue()
    ids = ("geralt_of_rivia", "biting_frost", "decoy", "poor_fucking_infantry",
           "commanders_horn", "poor_fucking_infantry")
    hand = [card_view(uid, cat.card(card_id)) for uid, card_id in enumerate(ids, start=1)]
    assert [c.uid for c in hand_order(hand)] == [5, 3, 2, 4, 6, 1]
