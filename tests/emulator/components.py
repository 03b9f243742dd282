"""Read-only views of message components, as a user's client renders them."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

BUTTON = 2
STRING_SELECT = 3
SELECT_TYPES = (3, 5, 6, 7, 8)


@dataclass(frozen=True)
class Button:
    """A button component."""

    custom_id: str | None
    label: str | None
    style: int
    disabled: bool
    url: str | None
    emoji: dict[str, Any] | None


@dataclass(frozen=True)
class SelectOption:
    """One option of a string select."""

    label: str
    value: str
    description: str | None
    default: bool


@dataclass(frozen=True)
class Select:
    """A select menu component."""

    type: int
    custom_id: str
    placeholder: str | None
    options: tuple[SelectOption, ...]
    min_values: int
    max_values: int
    disabled: bool


Component = Button | Select


def parse(raw: dict[str, Any]) -> Component | None:
    """Parse one interactive component; None for layout or display components."""
    kind = raw.get("type")
    if kind == BUTTON:
        return Button(
            raw.get("custom_id"),
            raw.get("label"),
            int(raw.get("style", 1)),
            bool(raw.get("disabled", False)),
            raw.get("url"),
            raw.get("emoji"),
        )
    if kind in SELECT_TYPES:
        options = tuple(
            SelectOption(
                o["label"], o["value"], o.get("description"), bool(o.get("default", False))
            )
            for o in raw.get("options") or []
        )
        return Select(
            int(kind),
            raw["custom_id"],
            raw.get("placeholder"),
            options,
            int(raw.get("min_values", 1)),
            int(raw.get("max_values", 1)),
            bool(raw.get("disabled", False)),
        )
    return None


def walk(components: list[dict[str, Any]]) -> Iterator[Component]:
    """Yield every interactive component, through rows, sections and containers."""
    for raw in components:
        parsed = parse(raw)
        if parsed is not None:
            yield parsed
        for key in ("components", "items"):
            if isinstance(raw.get(key), list):
                yield from walk(raw[key])
        if isinstance(raw.get("accessory"), dict):
            yield from walk([raw["accessory"]])


def rows(components: list[dict[str, Any]]) -> list[list[Component]]:
    """Classic layout: the interactive components of each action row."""
    return [list(walk(row.get("components") or [])) for row in components if row.get("type") == 1]
