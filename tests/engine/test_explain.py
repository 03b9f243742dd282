"""Refused actions: IllegalAction with a specific reason and no change; MalformedAction."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from engine.actions import (
    CHOOSE,
    FIRST,
    FORFEIT,
    KEEP,
    LEADER,
    MULLIGAN,
    PASS,
    PLAY,
    Action,
    ActionError,
    IllegalAction,
    MalformedAction,
)
from engine.cards import CLOSE, RANGED, SIEGE
from engine.match import Match
from tests.engine.scenario import hand_uid, keep_both, play, scenario, starter_match

NONE3: tuple[list[str], list[str], list[str]] = ([], [], [])


def refused(m: Match, action: Action, message: str) -> None:
    """The action raises IllegalAction with exactly this message and changes nothing."""
    before = m.to_dict()
    legal = [list(m.legal_actions(0)), list(m.legal_actions(1))]
    with pytest.raises(IllegalAction, match=f"^{re.escape(message)}$"):
        m.apply(action)
    assert m.to_dict() == before
    assert [m.legal_actions(0), m.legal_actions(1)] == legal


# ------------------------------------------------------------------ exception classes

def test_malformed_and_illegal_are_distinct() -> None:
    assert issubclass(MalformedAction, ActionError)
    assert issubclass(IllegalAction, ActionError)
    assert not issubclass(MalformedAction, IllegalAction)
    assert not issubclass(IllegalAction, MalformedAction)


# ------------------------------------------------------------------ phases

def test_match_over() -> None:
    m = scenario()
    m.apply(Action(0, FORFEIT))
    for action in (Action(0, PASS), Action(1, FORFEIT), Action(1, KEEP),
                   Action(0, PLAY, m.sides[0].hand[0])):
        refused(m, action, "The match is over.")


def test_choose_first_phase() -> None:
    m = starter_match(("scoiatael", "monsters"), seed=1)
    refused(m, Action(1, FIRST, target=1), "Only the Scoia'tael player decides who goes first.")
    refused(m, Action(0, KEEP), "The Scoia'tael player must first decide who goes first.")
    refused(m, Action(1, PASS), "The Scoia'tael player must first decide who goes first.")


def test_first_after_it_is_decided() -> None:
    m = starter_match(seed=1)
    refused(m, Action(0, FIRST, target=0), "Who goes first has already been decided.")
    keep_both(m)
    refused(m, Action(m.current, FIRST, target=0), "Who goes first has already been decided.")


def test_redraw_phase() -> None:
    m = starter_match(seed=1)
    refused(m, Action(0, PLAY, m.sides[0].hand[0]),
            "The match has not started: finish redrawing first.")
    refused(m, Action(1, LEADER), "The match has not started: finish redrawing first.")
    refused(m, Action(0, CHOOSE, m.sides[0].hand[0]),
            "The match has not started: finish redrawing first.")
    card = m.sides[0].deck[0]
    refused(m, Action(0, MULLIGAN, card), f"Card #{card} is not in your hand.")
    m.apply(Action(0, KEEP))
    refused(m, Action(0, MULLIGAN, m.sides[0].hand[0]),
            "You have finished redrawing; waiting for your opponent.")
    refused(m, Action(0, KEEP), "You have finished redrawing; waiting for your opponent.")


def test_redraw_after_the_start() -> None:
    m = scenario()
    refused(m, Action(0, MULLIGAN, m.sides[0].hand[0]),
            "Redraws happen only before the first round.")
    refused(m, Action(1, KEEP), "Redraws happen only before the first round.")


# ------------------------------------------------------------------ turns

def test_not_your_turn() -> None:
    m = scenario(hands=([], ["rainfarn"]))
    refused(m, Action(1, PLAY, hand_uid(m, 1, "rainfarn")),
            "It is not your turn: Alice is playing.")
    refused(m, Action(1, PASS), "It is not your turn: Alice is playing.")
    refused(m, Action(1, LEADER), "It is not your turn: Alice is playing.")


def test_after_passing() -> None:
    m = scenario(passed=(True, False), current=1)
    refused(m, Action(0, PLAY, m.sides[0].hand[0]), "You have passed this round.")
    refused(m, Action(0, PASS), "You have passed this round.")


def test_choose_with_nothing_pending() -> None:
    m = scenario(graves=(["ves"], []))
    refused(m, Action(0, CHOOSE, m.sides[0].grave[0]), "There is nothing to choose right now.")


# ------------------------------------------------------------------ pending choices

def test_pending_medic_choice() -> None:
    m = scenario(factions=("scoiatael", "nilfgaard"), hands=(["havekar_healer", "riordain"],
                                                             ["rainfarn"]),
                 graves=(["barclay_els", "toruviel", "iorveth"], ["vreemde"]))
    play(m, "havekar_healer")
    prompt = "a unit from your discard pile to play"
    refused(m, Action(1, PLAY, hand_uid(m, 1, "rainfarn")),
            f"Waiting for Alice to choose {prompt}.")
    refused(m, Action(0, PLAY, hand_uid(m, 0, "riordain")), f"First choose {prompt}.")
    refused(m, Action(0, PASS), f"First choose {prompt}.")
    grave = m.sides[0].grave
    hero = next(u for u in grave if m.card_ids[u] == "iorveth")
    refused(m, Action(0, CHOOSE, hero), "That card is not one of the choices.")
    refused(m, Action(0, CHOOSE, m.sides[1].grave[0]), "That card is not one of the choices.")
    barclay = next(u for u in grave if m.card_ids[u] == "barclay_els")
    refused(m, Action(0, CHOOSE, barclay), "Choose a row for Barclay Els: close or ranged.")
    refused(m, Action(0, CHOOSE, barclay, SIEGE),
            "Choose a row for Barclay Els: close or ranged.")
    toruviel = next(u for u in grave if m.card_ids[u] == "toruviel")
    refused(m, Action(0, CHOOSE, toruviel, CLOSE), "That choice is not allowed.")
    m.apply(Action(0, CHOOSE, toruviel))
    assert m.pending is None


def test_pending_leader_choice_prompts() -> None:
    m = scenario(factions=("monsters", "nilfgaard"), leaders=("eredin_king_of_the_wild_hunt",
                                                              None),
                 decks=(["biting_frost", "fiend"], []))
    m.apply(Action(0, LEADER))
    refused(m, Action(1, PASS),
            "Waiting for Alice to choose a weather card from your deck to play.")
    refused(m, Action(0, PASS), "First choose a weather card from your deck to play.")
    fiend = next(u for u in m.sides[0].deck if m.card_ids[u] == "fiend")
    refused(m, Action(0, CHOOSE, fiend), "That card is not one of the choices.")


# ------------------------------------------------------------------ leader

def test_leader_refusals() -> None:
    m = scenario(factions=("skellige", "nilfgaard"), leaders=("king_bran", None))
    refused(m, Action(0, LEADER), "King Bran has a passive ability; it is always in effect.")
    m = scenario(leaders=("foltest_the_siegemaster", "emhyr_var_emreis_the_white_flame"))
    refused(m, Action(0, LEADER), "Foltest: The Siegemaster is cancelled by Emhyr var Emreis: "
                                  "The White Flame.")
    m = scenario(leaders=("foltest_lord_commander_of_the_north", None))
    refused(m, Action(0, LEADER),
            "Foltest: Lord Commander of the North would have no effect right now.")
    m = scenario(leaders=("foltest_the_siegemaster", None), passed=(False, True))
    m.apply(Action(0, LEADER))
    refused(m, Action(0, LEADER), "Foltest: The Siegemaster has already been used this match.")


# ------------------------------------------------------------------ playing cards

def test_card_not_in_hand() -> None:
    m = scenario(hands=([], ["rainfarn"]), rows=((["ves"], [], []), NONE3),
                 graves=(["keira_metz"], []))
    for uid in (hand_uid(m, 1, "rainfarn"), m.sides[0].rows[0][0], m.sides[0].grave[0], 999):
        refused(m, Action(0, PLAY, uid), f"Card #{uid} is not in your hand.")


def test_unit_rows() -> None:
    m = scenario(factions=("scoiatael", "nilfgaard"),
                 hands=(["barclay_els", "mahakaman_defender", "vrihedd_brigade_veteran"], []),
                 rows=((["riordain"], [], []), NONE3))
    barclay = hand_uid(m, 0, "barclay_els")
    refused(m, Action(0, PLAY, barclay), "Choose a row for Barclay Els: close or ranged.")
    refused(m, Action(0, PLAY, barclay, SIEGE), "Barclay Els cannot go on the siege row.")
    defender = hand_uid(m, 0, "mahakaman_defender")
    refused(m, Action(0, PLAY, defender, CLOSE),
            "Mahakaman Defender goes to its own row; do not name a row or target.")
    refused(m, Action(0, PLAY, defender, RANGED),
            "Mahakaman Defender goes to its own row; do not name a row or target.")
    refused(m, Action(0, PLAY, defender, target=m.sides[0].rows[0][0]),
            "Mahakaman Defender goes to its own row; do not name a row or target.")


def test_spy_takes_no_row() -> None:
    m = scenario(hands=(["prince_stennis"], []))
    refused(m, Action(0, PLAY, hand_uid(m, 0, "prince_stennis"), CLOSE),
            "Prince Stennis goes to its own row; do not name a row or target.")


def test_decoy_refusals() -> None:
    m = scenario(hands=(["decoy"], []),
                 rows=((["ves", "vernon_roche"], [], []), (["rainfarn"], [], [])))
    decoy = hand_uid(m, 0, "decoy")
    message = "Decoy must replace one of your own non-hero units on the board."
    refused(m, Action(0, PLAY, decoy), message)
    refused(m, Action(0, PLAY, decoy, target=m.sides[0].rows[0][1]), message)
    refused(m, Action(0, PLAY, decoy, target=m.sides[1].rows[0][0]), message)
    refused(m, Action(0, PLAY, decoy, target=hand_uid(m, 0, "vesemir")), message)
    refused(m, Action(0, PLAY, decoy, CLOSE, target=m.sides[0].rows[0][0]), message)


def test_horn_and_mardroeme_refusals() -> None:
    m = scenario(factions=("skellige", "nilfgaard"),
                 hands=(["commanders_horn", "commanders_horn", "mardroeme", "mardroeme"], []),
                 passed=(False, True))
    play(m, "commanders_horn", "close")
    play(m, "mardroeme", "ranged")
    horn = hand_uid(m, 0, "commanders_horn")
    mardroeme = hand_uid(m, 0, "mardroeme")
    refused(m, Action(0, PLAY, horn), "Choose a row for Commander's Horn.")
    refused(m, Action(0, PLAY, horn, CLOSE), "Your Close Combat row already has a horn.")
    refused(m, Action(0, PLAY, mardroeme), "Choose a row for Mardroeme.")
    refused(m, Action(0, PLAY, mardroeme, RANGED),
            "Your Ranged Combat row already has Mardroeme.")


def test_leader_horn_blocks_the_special_horn() -> None:
    m = scenario(leaders=("foltest_the_siegemaster", None), hands=(["commanders_horn"], []),
                 passed=(False, True))
    m.apply(Action(0, LEADER))
    refused(m, Action(0, PLAY, hand_uid(m, 0, "commanders_horn"), SIEGE),
            "Your Siege row already has a horn.")


def test_cards_that_take_no_row_or_target() -> None:
    m = scenario(hands=(["biting_frost", "scorch", "clear_weather"], []),
                 rows=((["ves"], [], []), NONE3))
    for card, name in (("biting_frost", "Biting Frost"), ("scorch", "Scorch"),
                       ("clear_weather", "Clear Weather")):
        uid = hand_uid(m, 0, card)
        refused(m, Action(0, PLAY, uid, CLOSE), f"{name} takes no row or target.")
        refused(m, Action(0, PLAY, uid, target=m.sides[0].rows[0][0]),
                f"{name} takes no target.")


def test_illegal_actions_leave_random_positions_unchanged() -> None:
    """Every action that is not legal is refused with IllegalAction and changes nothing."""
    import random

    rnd = random.Random(1)
    m = starter_match(("northern_realms", "skellige"), seed=1)
    for _ in range(40):
        if m.is_over:
            break
        for p in (0, 1):
            legal = set(m.legal_actions(p))
            side = m.sides[p]
            pool = side.hand + side.grave + side.deck[:3] + [u for r in side.rows for u in r]
            candidates = [Action(p, k) for k in (PASS, LEADER, KEEP, FORFEIT)]
            for u in pool[:8]:
                for row in (None, CLOSE, RANGED, SIEGE):
                    candidates += [Action(p, PLAY, u, row), Action(p, CHOOSE, u, row)]
                candidates.append(Action(p, MULLIGAN, u))
            for a in candidates:
                if a not in legal:
                    before = m.to_dict()
                    with pytest.raises(IllegalAction):
                        m.apply(a)
                    assert m.to_dict() == before
        p = m.to_act()[0]
        m.apply(rnd.choice([a for a in m.legal_actions(p) if a.kind != FORFEIT]))


# ------------------------------------------------------------------ malformed values

def _in_play(make: Callable[[int, int], Action]) -> Callable[[], tuple[Match, Action]]:
    def build() -> tuple[Match, Action]:
        m = scenario(factions=("scoiatael", "nilfgaard"),
                     hands=(["barclay_els", "commanders_horn"], []))
        return m, make(hand_uid(m, 0, "barclay_els"), hand_uid(m, 0, "commanders_horn"))
    return build


def _redraw() -> tuple[Match, Action]:
    return starter_match(seed=2), Action(0, MULLIGAN)


def _choosing() -> tuple[Match, Action]:
    return starter_match(("scoiatael", "monsters"), seed=1), Action(0, FIRST, target=2)


MALFORMED: dict[str, Callable[[], tuple[Match, Action]]] = {
    "player 2": _in_play(lambda b, h: Action(2, PASS)),
    "player -1": _in_play(lambda b, h: Action(-1, PASS)),
    "unknown kind": _in_play(lambda b, h: Action(0, "dance")),
    "play without card": _in_play(lambda b, h: Action(0, PLAY)),
    "choose without card": _in_play(lambda b, h: Action(0, CHOOSE)),
    "row 5": _in_play(lambda b, h: Action(0, PLAY, b, 5)),
    "row 3 for a horn": _in_play(lambda b, h: Action(0, PLAY, h, 3)),
    "row -1": _in_play(lambda b, h: Action(0, PLAY, b, -1)),
    "mulligan without card": _redraw,
    "first 2": _choosing,
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_apply_rejects_malformed_values(case: str) -> None:
    m, action = MALFORMED[case]()
    before = m.to_dict()
    with pytest.raises(MalformedAction):
        m.apply(action)
    assert m.to_dict() == before


def test_refused_negative_player_does_not_corrupt_legal_actions() -> None:
    m = scenario(current=1)
    expected = list(m.legal_actions(1))
    m = scenario(current=1)
    with pytest.raises(ActionError):
        m.apply(Action(-1, PASS))
    assert m.legal_actions(1) == expected
    m.apply(Action(1, PASS))


# ------------------------------------------------------------------ text forms

@pytest.mark.parametrize("text", ["0 pass", "1 play 17", "1 play 17 ranged", "0 play 22 on 9",
                                  "0 choose 12", "0 choose 12 close", "1 mulligan 5",
                                  "1 keep", "0 leader", "0 first 1", "1 forfeit",
                                  "0 play 3 siege", "1 first 0"])
def test_text_round_trips(text: str) -> None:
    action = Action.parse(text)
    assert str(action) == text
    assert Action.parse(str(action)) == action
    assert hash(action) == hash(Action.parse(text))


def test_parse_values() -> None:
    assert Action.parse("1 play 17 ranged") == Action(1, PLAY, 17, RANGED)
    assert Action.parse("0 play 22 on 9") == Action(0, PLAY, 22, target=9)
    assert Action.parse("0 first 1") == Action(0, FIRST, target=1)
    assert Action.parse("  0   PASS ") == Action(0, PASS)
    assert Action.parse("0 Play 3 Close") == Action(0, PLAY, 3, CLOSE)
    assert len({Action.parse("0 pass"), Action(0, PASS)}) == 1


@pytest.mark.parametrize(("text", "message"), [
    ("", "expected '<player> <verb> ...'"),
    ("0", "expected '<player> <verb> ...'"),
    ("x pass", "player must be a number, not 'x'"),
    ("2 pass", "player must be 0 or 1"),
    ("0 dance", "unknown verb 'dance'"),
    ("0 pass now", "'pass' takes no arguments"),
    ("1 keep 3", "'keep' takes no arguments"),
    ("0 first", "expected 'first 0' or 'first 1'"),
    ("0 first 2", "expected 'first 0' or 'first 1'"),
    ("0 first 0 1", "expected 'first 0' or 'first 1'"),
    ("0 play", "'play' needs a card number"),
    ("0 play x", "card must be a number, not 'x'"),
    ("0 play -5", "card must be a number, not '-5'"),
    ("0 play 5 middle", "unexpected 'middle'"),
    ("0 play 5 on x", "target must be a number, not 'x'"),
    ("0 play 5 on", "unexpected 'on'"),
    ("1 mulligan 5 close", "unexpected 'close'"),
    ("0 choose 5 on 3", "unexpected 'on 3'"),
])
def test_malformed_text(text: str, message: str) -> None:
    with pytest.raises(MalformedAction, match=re.escape(message)):
        Action.parse(text)


def test_malformed_text_is_not_an_illegal_action() -> None:
    with pytest.raises(MalformedAction) as err:
        Action.parse("0 jump")
    assert not isinstance(err.value, IllegalAction)
