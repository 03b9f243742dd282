"""Named placeholders in messages: `{name}` fields, written in str.format's syntax."""

from __future__ import annotations

import string
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

_FORMATTER = string.Formatter()


class PlaceholderError(ValueError):
    """A message's placeholders are malformed (unbalanced braces, positional fields)."""


def fields(message: str) -> frozenset[str]:
    """The names of the placeholders in a message; PlaceholderError when it is malformed or
    uses a positional field ("{}" or "{0}"): every field must be named."""
    try:
        parsed = list(_FORMATTER.parse(message))
    except ValueError as error:
        raise PlaceholderError(f"{message!r}: {error}") from None
    names = set()
    for _literal, field, _spec, _conversion in parsed:
        if field is None:
            continue
        name = field.split(".")[0].split("[")[0]
        if not name or name.isdigit():
            raise PlaceholderError(f"{message!r}: placeholders must be named, like {{count}}")
        names.add(name)
    return frozenset(names)


# A message split once into its literal text and its plain fields ({name}, {name:spec},
# {name!r}); None for one with attribute, index or nested fields, which str.format fills.
_Piece = tuple[str, str | None, str | None, str | None]


@lru_cache(maxsize=8192)
def _pieces(message: str) -> tuple[_Piece, ...] | None:
    pieces = tuple(_FORMATTER.parse(message))
    for _literal, field, spec, _conversion in pieces:
        if field is not None and (not field or any(c in field for c in ".[")
                                  or "{" in (spec or "")):
            return None
    return pieces


def fill(message: str, values: Mapping[str, Any]) -> str:
    """The message with its placeholders filled in (values it does not use are ignored)."""
    if not values:
        return message
    pieces = _pieces(message)
    if pieces is None:
        return _FORMATTER.vformat(message, (), values)
    parts = []
    for literal, field, spec, conversion in pieces:
        parts.append(literal)
        if field is not None:
            parts.append(format(_FORMATTER.convert_field(values[field], conversion), spec or ""))
    return "".join(parts)
