"""Finding cards by name, as card lookup and its autocomplete do."""

from __future__ import annotations

from engine.cards import catalogue


def names(text: str) -> list[str]:
    return [c.name for c in catalogue().find(text)]


def test_an_exact_name_comes_first_and_does_not_hide_longer_names() -> None:
    assert names("Ves") == ["Ves", "Vesemir", "Crone: Weavess"]
    assert names("harpy") == ["Harpy", "Celaeno Harpy"]
    assert names("gaunter o'dimm") == ["Gaunter O'Dimm", "Gaunter O'Dimm: Darkness"]


def test_names_starting_with_the_text_come_before_names_containing_it() -> None:
    found = names(" TRI ")
    assert found[0] == "Triss Merigold"
    assert {"Blue Stripes Commando", "Cockatrice"} <= set(found[1:])


def test_a_card_id_finds_its_card_and_nonsense_finds_nothing() -> None:
    assert names("blue_stripes_commando") == ["Blue Stripes Commando"]
    assert names("zzz") == []
