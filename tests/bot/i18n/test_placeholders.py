"""Filling placeholders: the same text as str.format, for every kind of field."""

from __future__ import annotations

import pytest

from bot.i18n.placeholders import PlaceholderError, fields, fill

VALUES = {"name": "Geralt", "count": 3, "pair": ("a", "b"), "ratio": 0.5}


@pytest.mark.parametrize("message", [
    "Your turn, {name}.",
    "{count} cards, {count:>3}, {ratio:.0%}, {name!r}",
    "{{braces}} around {name}",
    "{pair[1]} and {name.upper}",
    "{count:{count}d}",
    "no fields at all",
])
def test_fill_writes_what_str_format_writes(message: str) -> None:
    assert fill(message, VALUES) == message.format(**VALUES)
    assert fill(message, VALUES) == message.format(**VALUES)  # parsed once, then kept


def test_fill_raises_as_str_format_does() -> None:
    with pytest.raises(KeyError):
        fill("{missing}", VALUES)
    with pytest.raises(IndexError):
        fill("{}", VALUES)
    with pytest.raises(ValueError):
        fill("{name", VALUES)


def test_fields_names_every_placeholder_and_refuses_positional_ones() -> None:
    assert fields("{name} has {count} ({count:>2})") == {"name", "count"}
    with pytest.raises(PlaceholderError):
        fields("{0} cards")
