"""Share codes: exact round trips, and a clear reason for every code that cannot be read."""

from __future__ import annotations

import json
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import DATA_DIR, LEADER, NEUTRAL, catalogue
from engine.decks import MAX_SPECIALS, MIN_UNITS, Deck, problems, starter_decks
from engine.sharecode import (
    ALPHABET,
    INVALID,
    MISTYPED,
    NEWER,
    PREFIX,
    TRUNCATED,
    ShareCodeError,
    _base32,
    _crc8,
    decode,
    decode_draft,
    encode,
    normalize,
)

FACTIONS = sorted(starter_decks())


def plain(deck: Deck) -> Deck:
    """The deck as a code carries it: no name."""
    return Deck(deck.faction, deck.leader, dict(deck.cards))


def reason(code: str) -> tuple[str, str]:
    with pytest.raises(ShareCodeError) as error:
        decode(code)
    return error.value.reason, str(error.value)


@st.composite
def legal_decks(draw: st.DrawFn) -> Deck:
    """Any legal deck: a faction, one of its leaders, and random counts within the rules."""
    cat = catalogue()
    faction = draw(st.sampled_from(FACTIONS))
    leader = draw(st.sampled_from([c.id for c in cat.leaders(faction)]))
    usable = [c for c in cat.cards.values() if c.faction in (faction, NEUTRAL)
              and c.type != LEADER and not c.side_deck]
    cards = {c.id: draw(st.integers(0, c.copies)) for c in usable}
    specials = [c for c in usable if c.is_special]
    while sum(cards[c.id] for c in specials) > MAX_SPECIALS:
        card = draw(st.sampled_from([c for c in specials if cards[c.id]]))
        cards[card.id] -= 1
    units = [c for c in usable if c.is_unit]
    while sum(cards[c.id] for c in units) < MIN_UNITS:
        card = draw(st.sampled_from([c for c in units if cards[c.id] < c.copies]))
        cards[card.id] += 1
    deck = Deck(faction, leader, {c: n for c, n in cards.items() if n})
    assert problems(deck) == []
    return deck


@st.composite
def corruptions(draw: st.DrawFn, code: str) -> str:
    """The code after one to three random typing or copying accidents."""
    symbols = st.sampled_from(ALPHABET)
    for _ in range(draw(st.integers(1, 3))):
        if not code:
            break
        at = draw(st.integers(0, len(code) - 1))
        kind = draw(st.sampled_from(["replace", "delete", "insert", "swap", "cut", "double"]))
        if kind == "replace":
            code = code[:at] + draw(symbols.filter(lambda s, c=code[at]: s != c)) + code[at + 1:]
        elif kind == "delete":
            code = code[:at] + code[at + 1:]
        elif kind == "insert":
            code = code[:at] + draw(symbols) + code[at:]
        elif kind == "swap" and at + 1 < len(code):
            code = code[:at] + code[at + 1] + code[at] + code[at + 2:]
        elif kind == "cut":
            code = code[:at]
        elif kind == "double":
            code = code[:at] + code[at] + code[at:]
    return code


@settings(max_examples=200, deadline=None)
@given(legal_decks())
def test_random_legal_decks_round_trip_exactly(deck: Deck) -> None:
    code = encode(deck)
    assert decode(code) == deck
    assert code.startswith(PREFIX) and set(code[len(PREFIX):]) <= set(ALPHABET)
    assert len(code) <= 32


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_random_corruptions_are_rejected_never_read_as_another_deck(data: st.DataObject
                                                                    ) -> None:
    deck = data.draw(legal_decks())
    code = encode(deck)
    bad = data.draw(corruptions(code))
    try:
        read = decode(bad)
    except ShareCodeError as error:
        assert error.reason in (MISTYPED, TRUNCATED, NEWER, INVALID)
        assert str(error).startswith("Th")
        return
    assert normalize(bad) == normalize(code) and read == deck


@pytest.mark.parametrize("faction", FACTIONS)
def test_starter_decks_round_trip_and_are_short(faction: str) -> None:
    deck = starter_decks()[faction]
    code = encode(deck)
    assert decode(code) == plain(deck)
    assert 26 <= len(code) <= 32


def test_reading_forgives_case_spaces_dashes_quotes_and_look_alike_letters() -> None:
    deck = starter_decks()["monsters"]
    code = encode(deck)
    sloppy = "  `" + "-".join(code[i:i + 5] for i in range(0, len(code), 5)).lower() + "`\n"
    assert decode(sloppy) == plain(deck)
    look_alike = code.replace("0", "O").replace("1", "I")
    assert decode(PREFIX + look_alike[len(PREFIX):]) == plain(deck)


def test_every_single_mistyped_character_is_called_mistyped() -> None:
    code = encode(starter_decks()["nilfgaard"])
    for at in range(len(PREFIX), len(code)):
        for symbol in ALPHABET:
            if symbol != code[at]:
                assert reason(code[:at] + symbol + code[at + 1:])[0] == MISTYPED


def test_every_cut_is_called_cut_short() -> None:
    code = encode(starter_decks()["scoiatael"])
    for end in range(len(PREFIX), len(code)):
        kind, message = reason(code[:end])
        assert kind == TRUNCATED, (end, message)
        assert "cut short" in message
    assert f"{len(code) - 1} of its {len(code)} characters" in reason(code[:-1])[1]


def test_extra_characters_are_mistyped() -> None:
    code = encode(starter_decks()["skellige"])
    assert reason(code + "7") == (MISTYPED, "That share code is mistyped: it has 1 character "
                                  f"more than a whole code ({len(code)}).")


def test_characters_that_never_appear_are_named() -> None:
    code = encode(starter_decks()["skellige"])
    kind, message = reason(code[:6] + "U" + code[7:])
    assert kind == MISTYPED and "\u201cU\u201d (character 7)" in message
    assert reason(code[:6] + "!" + code[7:])[0] == MISTYPED


def test_text_that_is_no_share_code() -> None:
    assert reason("") == (MISTYPED, "That share code is empty: paste the whole code.")
    assert reason("hello there")[1] == ("That is not a deck share code: share codes start "
                                        "with GW.")


def wrap(version: int, payload: bytes) -> str:
    head = bytes([version, len(payload)])
    body = head + bytes([_crc8(head)]) + payload
    return PREFIX + _base32(body + zlib.crc32(body).to_bytes(4, "big"))


def test_a_newer_version_is_named_as_such() -> None:
    kind, message = reason(wrap(2, b"\x00\x01\x02"))
    assert kind == NEWER
    assert "newer version of the bot (format 2; this one reads format 1)" in message


def test_a_readable_code_for_an_illegal_deck_names_the_problem() -> None:
    deck = Deck("northern_realms", "foltest_the_siegemaster", {"decoy": 3, "ves": 1})
    code = encode(deck)
    assert decode_draft(code) == deck
    kind, message = reason(code)
    assert kind == INVALID
    assert message == ("That share code is for a deck that breaks the rules: 1 unit card; a "
                       "deck needs at least 22.")


def test_well_checked_payloads_that_name_nothing_are_invalid() -> None:
    assert reason(wrap(1, bytes([0x70])))[0] == INVALID  # faction 7
    assert "no leader" in reason(wrap(1, bytes([0x0F]) + bytes(9)))[1]
    assert "wrong length" in reason(wrap(1, bytes([0x00, 0x00])))[1]
    assert reason(wrap(0, b""))[0] == INVALID


def test_encode_refuses_what_no_code_can_carry() -> None:
    with pytest.raises(ValueError, match="faction"):
        encode(Deck("redania", "foltest_the_siegemaster", {}))
    with pytest.raises(ValueError, match="leader"):
        encode(Deck("northern_realms", "eredin_bringer_of_death", {}))
    with pytest.raises(ValueError, match="letho_of_gulet"):
        encode(Deck("northern_realms", "foltest_the_siegemaster", {"letho_of_gulet": 1}))
    with pytest.raises(ValueError, match="copies"):
        encode(Deck("northern_realms", "foltest_the_siegemaster", {"vernon_roche": 2}))


def test_the_frozen_table_covers_every_card_a_deck_may_hold() -> None:
    """A card added to the catalogue needs a new format version (and table): this fails
    until there is one."""
    table = json.loads((DATA_DIR / "share_code_v1.json").read_text(encoding="utf-8"))
    cat = catalogue()
    assert [f["id"] for f in table["factions"]] == list(cat.factions)
    for faction in table["factions"]:
        assert faction["leaders"] == [c.id for c in cat.leaders(faction["id"])]
        usable = {c.id: c.copies for c in cat.cards.values() if c.faction == faction["id"]
                  and c.type != LEADER and not c.side_deck}
        assert dict(faction["cards"]) == usable
    assert dict(table["neutral"]) == {c.id: c.copies for c in cat.cards.values()
                                      if c.faction == NEUTRAL and not c.side_deck}


def test_every_swap_of_neighbouring_characters_is_caught() -> None:
    for faction in FACTIONS:
        code = encode(starter_decks()[faction])
        for at in range(len(PREFIX), len(code) - 1):
            if code[at] != code[at + 1]:
                swapped = code[:at] + code[at + 1] + code[at] + code[at + 2:]
                assert reason(swapped)[0] == MISTYPED
