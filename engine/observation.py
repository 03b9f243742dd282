"""What one player (or a spectator) may see of a match: plain, immutable values."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from engine.actions import Action
from engine.events import Line, line_from_data, line_to_data

CHOOSE_FIRST, MULLIGAN, PLAYING, OVER = "choose_first", "mulligan", "playing", "over"


@dataclass(frozen=True, slots=True)
class CardView:
    """A visible card: its identity and, on the board, its current strength."""

    uid: int
    card_id: str
    name: str
    type: str
    faction: str
    strength: int | None
    base: int | None
    hero: bool
    rows: tuple[int, ...]
    abilities: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RowView:
    """One combat row on one side of the board."""

    cards: tuple[CardView, ...]
    score: int
    horn: CardView | None
    leader_horn: bool
    horned: bool
    mardroeme: CardView | None
    weather: bool


@dataclass(frozen=True, slots=True)
class LeaderView:
    """A side's leader card and its state."""

    card_id: str
    name: str
    text: str
    ability: str
    passive: bool
    used: bool
    cancelled: bool


@dataclass(frozen=True, slots=True)
class SideView:
    """One player's side as the viewer may see it."""

    player: int
    name: str
    faction: str
    faction_name: str
    leader: LeaderView
    gems: int
    total: int
    passed: bool
    rows: tuple[RowView, RowView, RowView]
    hand_count: int
    deck_count: int
    graveyard: tuple[CardView, ...]
    hand: tuple[CardView, ...] | None
    mulligans_left: int | None
    revealed: tuple[CardView, ...]


@dataclass(frozen=True, slots=True)
class RoundResult:
    """The totals of a finished round and who won it (None for a draw)."""

    scores: tuple[int, int]
    winner: int | None


@dataclass(frozen=True, slots=True)
class PendingView:
    """A follow-up choice the match waits for, such as a Medic's target."""

    kind: str
    player: int
    prompt: str
    options: tuple[CardView, ...]


@dataclass(frozen=True, slots=True)
class Observation:
    """Everything a viewer may know about a match; viewer None is a spectator.

    `events` is the match log in English, `last_events` the lines of the last action;
    `event_log` and `last_event_log` are the same lines as data (engine.events.Line), to
    write in any language (bot.i18n.events.event_text). A private line (a card drawn, a
    hand seen) replaces the public one for its player alone."""

    viewer: int | None
    phase: str
    round: int
    turn: int | None
    action_count: int
    sides: tuple[SideView, SideView]
    weather: tuple[CardView, ...]
    rounds: tuple[RoundResult, ...]
    winner: int | None
    forfeited_by: int | None
    events: tuple[str, ...]
    last_events: tuple[str, ...]
    highlight: tuple[int, ...]
    pending: PendingView | None
    legal: tuple[Action, ...]
    event_log: tuple[Line, ...] = ()
    last_event_log: tuple[Line, ...] = ()

    @property
    def is_over(self) -> bool:
        """True once the match has ended."""
        return self.phase == OVER

    def to_dict(self) -> dict[str, Any]:
        """Return the observation as JSON-ready data."""
        data = asdict(self)
        data["legal"] = [str(a) for a in self.legal]
        data["event_log"] = [line_to_data(x) for x in self.event_log]
        data["last_event_log"] = [line_to_data(x) for x in self.last_event_log]
        return data

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Observation:
        """Rebuild an observation from to_dict() output."""
        pending = d["pending"]
        return cls(
            viewer=d["viewer"], phase=d["phase"], round=d["round"], turn=d["turn"],
            action_count=d["action_count"],
            sides=(_side(d["sides"][0]), _side(d["sides"][1])),
            weather=_cards(d["weather"]),
            rounds=tuple(RoundResult((r["scores"][0], r["scores"][1]), r["winner"])
                         for r in d["rounds"]),
            winner=d["winner"], forfeited_by=d["forfeited_by"],
            events=tuple(d["events"]), last_events=tuple(d["last_events"]),
            highlight=tuple(d["highlight"]),
            pending=None if pending is None else PendingView(
                pending["kind"], pending["player"], pending["prompt"],
                _cards(pending["options"])),
            legal=tuple(Action.parse(a) for a in d["legal"]),
            event_log=tuple(line_from_data(x) for x in d.get("event_log", ())),
            last_event_log=tuple(line_from_data(x) for x in d.get("last_event_log", ())),
        )


def _card(d: dict[str, Any]) -> CardView:
    return CardView(**{**d, "rows": tuple(d["rows"]), "abilities": tuple(d["abilities"])})


def _cards(items: list[dict[str, Any]]) -> tuple[CardView, ...]:
    return tuple(_card(c) for c in items)


def _optional(d: dict[str, Any] | None) -> CardView | None:
    return None if d is None else _card(d)


def _row(d: dict[str, Any]) -> RowView:
    return RowView(**{**d, "cards": _cards(d["cards"]), "horn": _optional(d["horn"]),
                      "mardroeme": _optional(d["mardroeme"])})


def _side(d: dict[str, Any]) -> SideView:
    rows = d["rows"]
    return SideView(**{
        **d, "leader": LeaderView(**d["leader"]),
        "rows": (_row(rows[0]), _row(rows[1]), _row(rows[2])),
        "graveyard": _cards(d["graveyard"]),
        "hand": None if d["hand"] is None else _cards(d["hand"]),
        "revealed": _cards(d["revealed"]),
    })
