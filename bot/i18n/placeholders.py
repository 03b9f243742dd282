"""Named placeholders in messages: `{name}` fields, written in str.format's syntax."""

from __future__ import annotations

import string
from collections.abc import Mapping
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


def fill(message: str, values: Mapping[str, Any]) -> str:
    """The message with its placeholders filled in (values it does not use are ignored)."""
    return _FORMATTER.vformat(message, (), values) if values else message
