"""Actions: small hashable values with a text form that round-trips."""

from __future__ import annotations

from typing import NamedTuple

from engine.cards import ROW_NAMES

PLAY, PASS, LEADER, CHOOSE = "play", "pass", "leader", "choose"
MULLIGAN, KEEP, FIRST, FORFEIT = "mulligan", "keep", "first", "forfeit"

_WITH_CARD = frozenset({PLAY, CHOOSE, MULLIGAN})
_BARE = frozenset({PASS, LEADER, KEEP, FORFEIT})
KINDS = _WITH_CARD | _BARE | {FIRST}


class ActionError(ValueError):
    """Base class for every refused action."""


class MalformedAction(ActionError):
    """The text or value does not describe an action at all."""


class IllegalAction(ActionError):
    """A well-formed action that the rules do not allow now."""


class Action(NamedTuple):
    """One player's move.

    Text forms: "0 pass", "1 play 17", "1 play 17 ranged", "0 play 22 on 9",
    "0 choose 12", "0 choose 12 close", "1 mulligan 5", "1 keep", "0 leader",
    "0 first 1", "1 forfeit".
    """

    player: int
    kind: str
    card: int | None = None
    row: int | None = None
    target: int | None = None

    def __str__(self) -> str:
        parts = [str(self.player), self.kind]
        if self.card is not None:
            parts.append(str(self.card))
        if self.row is not None:
            parts.append(ROW_NAMES[self.row])
        if self.target is not None:
            parts.append(str(self.target) if self.kind == FIRST else f"on {self.target}")
        return " ".join(parts)

    def check_shape(self) -> None:
        """Raise MalformedAction unless the fields form an action of some kind."""
        problem = _shape_problem(self)
        if problem:
            raise MalformedAction(f"{self!r}: {problem}")

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse the text form, raising MalformedAction when it is not one."""
        words = text.split()
        if len(words) < 2:
            raise MalformedAction(f"{text!r}: expected '<player> <verb> ...'")
        player = _number(words[0], text, "player")
        if player not in (0, 1):
            raise MalformedAction(f"{text!r}: player must be 0 or 1")
        kind, rest = words[1].lower(), words[2:]
        if kind not in KINDS:
            raise MalformedAction(f"{text!r}: unknown verb {words[1]!r}")
        if kind in _BARE:
            if rest:
                raise MalformedAction(f"{text!r}: '{kind}' takes no arguments")
            return cls(player, kind)
        if kind == FIRST:
            if len(rest) != 1 or _number(rest[0], text, "player") not in (0, 1):
                raise MalformedAction(f"{text!r}: expected 'first 0' or 'first 1'")
            return cls(player, kind, target=int(rest[0]))
        if not rest:
            raise MalformedAction(f"{text!r}: '{kind}' needs a card number")
        card = _number(rest[0], text, "card")
        row = target = None
        rest = rest[1:]
        if rest and rest[0].lower() in ROW_NAMES and kind != MULLIGAN:
            row = ROW_NAMES.index(rest[0].lower())
            rest = rest[1:]
        if len(rest) == 2 and rest[0].lower() == "on" and kind == PLAY:
            target = _number(rest[1], text, "target")
            rest = []
        if rest:
            raise MalformedAction(f"{text!r}: unexpected {' '.join(rest)!r}")
        return cls(player, kind, card, row, target)


def _is_index(value: object, size: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < size


def _shape_problem(a: Action) -> str | None:
    if not _is_index(a.player, 2):
        return "player must be 0 or 1"
    if a.kind not in KINDS:
        return f"unknown kind {a.kind!r}"
    if a.kind in _WITH_CARD:
        if not _is_index(a.card, 1 << 31):
            return f"'{a.kind}' needs a card number"
    elif a.card is not None:
        return f"'{a.kind}' takes no card"
    if a.row is not None and (a.kind not in (PLAY, CHOOSE) or not _is_index(a.row, 3)):
        return "row must be close, ranged or siege, on play or choose only"
    if a.kind == FIRST:
        if not _is_index(a.target, 2):
            return "'first' needs player 0 or 1"
    elif a.target is not None and (a.kind != PLAY or not _is_index(a.target, 1 << 31)):
        return "only 'play' takes a target card"
    return None


def _number(word: str, text: str, what: str) -> int:
    if not word.isdigit():
        raise MalformedAction(f"{text!r}: {what} must be a number, not {word!r}")
    return int(word)
