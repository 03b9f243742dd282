"""The match log as data: each line is a template, its English text with named placeholders,
and the values of those placeholders as identifiers and plain values (a player's name as
given to the match, a card id, a row number, a whole number, a list of card ids, lines
within a line). The engine writes the English (`english`); the bot translates templates
and values at its edge (bot.i18n.events). Every template is made by `template()`, which
registers it in TEMPLATES: that is how the bot's message extraction finds them.

Stored states hold lines as `line_to_data` writes them. A line of a state saved before the
log was data is kept as RECORDED, its English text alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from engine.cards import ROW_TITLES, catalogue

# What a placeholder holds, told by its name (PLACEHOLDERS).
NAME = "name"  # a player's name as given to the match
CARD = "card"  # a card id
CARDS = "cards"  # card ids, listed with commas
ROW = "row"  # a row number (engine.cards CLOSE, RANGED, SIEGE)
NUMBER = "number"  # a whole number
SIGNED = "signed"  # a change of a number, always written with its sign
LINE = "line"  # a line, written without its final full stop
LINES = "lines"  # lines, listed with commas
TEXT = "text"  # English text, never translated

PLACEHOLDERS: dict[str, str] = {
    "player": NAME, "opponent": NAME, "first": NAME, "winner": NAME,
    "card": CARD, "new": CARD, "target": CARD, "other": CARD, "leader": CARD,
    "cards": CARDS,
    "row": ROW,
    "count": NUMBER, "round": NUMBER, "score1": NUMBER, "score2": NUMBER,
    "change": SIGNED,
    "line": LINE,
    "moves": LINES, "changes": LINES,
    "text": TEXT,
}


class Line(NamedTuple):
    """One line of the match log: its template and the values of its placeholders, in
    the order they were given."""

    template: str
    values: tuple[tuple[str, Value], ...] = ()


Value = str | int | tuple[str, ...] | Line | tuple[Line, ...]


@dataclass(frozen=True)
class Template:
    """A registered template: its English text, its English plural when a `{count}` chooses
    the form, and a note for translators."""

    text: str
    plural: str | None = None
    note: str = ""


TEMPLATES: dict[str, Template] = {}


def template(text: str, plural: str | None = None, note: str = "") -> str:
    """Register a template of the match log and return it (its English text, which is its
    key everywhere: in lines, stored states and the bot's catalogues)."""
    TEMPLATES[text] = Template(text, plural, note)
    return text


def line(template: str, /, **values: Value) -> Line:
    """A line of the log: a template and the values of its placeholders."""
    return line_of(template, values)


def line_of(template: str, values: dict[str, Value]) -> Line:
    """A line of the log from a template and a dict of its values."""
    return tuple.__new__(Line, (template, tuple(values.items())))


# A line of a state saved before the log was data: its English text. Not translated, so
# not registered.
RECORDED = "{text}"

# --- Who goes first, redraws, rounds and the end
SCOIATAEL_DECIDES = template("{player} leads the Scoia'tael and decides who goes first.")
COIN = template("The coin falls for {player}. {player} goes first.")
HANDS_DRAWN = template("Each player draws their hand and may redraw up to 2 cards.")
CHOOSES_FIRST = template("{player} chooses to go first.")
LETS_GO_FIRST = template("{player} lets {first} go first.",
                         note="{first} is the other player, who goes first")
KEEPS_HAND = template("{player} keeps their hand.")
REDRAWS = template("{player} redraws a card.")
YOU_REDRAW = template("You set aside {card} and draw {new}.",
                      note="seen only by the player who redraws")
ROUND_BEGINS = template("Round {round} begins. {player} goes first.")
PASSES = template("{player} passes.")
NO_MOVES_LEFT = template("{player} has no moves left and passes.")
FORFEITS = template("{player} forfeits. {winner} wins the match.")
ROUND_DRAWN = template("Round {round} ends {score1}\u2013{score2}. It is a draw; both players "
                       "lose a gem.",
                       note="{score1} and {score2}: the first and second player's totals")
ROUND_WON = template("Round {round} ends {score1}\u2013{score2}. {player} wins the round.",
                     note="{score1} and {score2}: the first and second player's totals")
ROUND_WON_NILFGAARD = template(
    "Round {round} ends {score1}\u2013{score2}. {player} wins the round (Nilfgaard wins "
    "draws).", note="a tied round that the Nilfgaard player wins by their faction's perk")
NORTHERN_REALMS_DRAW = template("{player} draws a card for winning the round (Northern "
                                "Realms).")
YOU_DRAW_NORTHERN_REALMS = template("You draw {card} for winning the round (Northern Realms).",
                                    note="seen only by the player who draws")
MONSTERS_KEEP = template("{card} stays on the board for {player} (Monsters).")
SKELLIGE_RETURNS_ONE = template("{card} return from {player}'s discard pile (Skellige).",
                                note="one card comes back")
SKELLIGE_RETURNS_TWO = template("{card} and {other} return from {player}'s discard pile "
                                "(Skellige).")
MATCH_DRAWN = template("Both players are out of gems: the match is a draw.")
MATCH_WON = template("{player} wins the match.")

# --- Cards played and what they do
PLAYS = template("{player} plays {card}.")
PLAYS_DECOY = template("{player} plays {card} and takes {target} back to hand.",
                       note="{card} is the Decoy; {target} the unit it replaces")
PLAYS_ON = template("{player} plays {card} on {row}.")
REVIVES_ON = template("{player} revives {card} on {row}.")
REVIVES_AT_RANDOM_ON = template("{player} revives at random {card} on {row}.")
PLAYS_SPY = template("{player} plays {card} as a spy on {opponent}'s {row}.")
REVIVES_SPY = template("{player} revives {card} as a spy on {opponent}'s {row}.")
REVIVES_AT_RANDOM_SPY = template("{player} revives at random {card} as a spy on "
                                 "{opponent}'s {row}.")
SPY_DRAWS = template("{player} draws {count} card.", "{player} draws {count} cards.")
YOU_DRAW_CARDS = template("You draw {cards}.", note="seen only by the player who draws")
YOU_DRAW_NOTHING = template("You draw nothing: your deck is empty.",
                            note="seen only by the player who would draw")
MUSTER = template("Muster brings {cards}.")
MUSTER_FROM_HAND = template("Muster brings {cards} ({count} from hand).",
                            "Muster brings {cards} ({count} from hand).",
                            note="{count} of the cards came from the hand")
TRANSFORMS = template("{card} transforms into {new}.")
SUMMONS = template("{card} falls and {new} takes its place.")
SCORCH_DESTROYS = template("Scorch destroys {cards}.")
SCORCH_FINDS_NONE = template("Scorch finds no unit to burn.")
SCORCH_ROW_UNDER_10 = template("{player}'s {row} is under 10: no Scorch.")
NOTHING_TO_REVIVE = template("There is no unit in the discard pile to revive.")

# --- Leaders
USES_LEADER = template("{player} uses {leader}.")
SKIES_CLEAR = template("The skies clear.")
LEADER_HORN = template("A leader's horn sounds over {player}'s {row}.")
LOOKS_AT_HAND = template("{player} looks at {count} random cards in {opponent}'s hand.",
                         "{player} looks at {count} random cards in {opponent}'s hand.")
YOU_SEE = template("You see {cards}.", note="seen only by the player who looks")
AGILE_REGROUP = template("Agile units regroup: {moves}.",
                         note="{moves} lists moves written as the next message")
AGILE_MOVE = template("{card} to {row}", note="one move of Agile units regroup: {moves}.")
PLAYS_FROM_DECK = template("{player} plays {card} from their deck.")
DRAWS_OF_CHOICE = template("{player} draws a card of their choice and shuffles their deck.")
YOU_DRAW_CARD = template("You draw {card}.", note="seen only by the player who draws")
TAKES_BACK = template("{player} takes {card} back from their discard pile.")
DISCARDS_RECYCLED = template("Both discard piles are shuffled back into their decks.")

# --- How a move changed the totals, noted after its first line
CHANGED = template("{line} ({change}).",
                   note="a move's first line and how much the mover's total changed")
CHANGED_TOTALS = template("{line} ({changes}).",
                          note="a move's first line and how the totals changed, each "
                               "written as the next message")
TOTAL_CHANGE = template("{player} {change}",
                        note="one total's change, like Alice +4 or Bob -6")


def _row_title(row: int) -> str:
    return ROW_TITLES[row]


def _card_name(card_id: str) -> str:
    return catalogue().cards[card_id].name


def _card_names(card_ids: tuple[str, ...]) -> str:
    cards = catalogue().cards
    return ", ".join(cards[c].name for c in card_ids)


def _lines(lines: tuple[Line, ...]) -> str:
    return ", ".join(map(english, lines))


def _without_full_stop(value: Line) -> str:
    return english(value).removesuffix(".")


_ENGLISH: dict[str, Callable[[Any], str]] = {
    NAME: str, CARD: _card_name, CARDS: _card_names, ROW: _row_title, NUMBER: str,
    SIGNED: "{:+d}".format, LINE: _without_full_stop, LINES: _lines, TEXT: str,
}


def english(value: Line) -> str:
    """A line of the log in English."""
    text, values = value
    if not values:
        return text
    known = TEMPLATES.get(text)
    if known is not None and known.plural is not None and dict(values).get("count") != 1:
        text = known.plural
    kinds = PLACEHOLDERS
    return text.format_map({name: _ENGLISH[kinds.get(name, TEXT)](v) for name, v in values})


def kind(name: str) -> str:
    """What a placeholder holds (NAME, CARD...), by its name; TEXT for a name not known."""
    return PLACEHOLDERS.get(name, TEXT)


def line_to_data(value: Line) -> list[Any]:
    """A line as JSON-ready data: [template] or [template, {name: value}]."""
    text, values = value
    if not values:
        return [text]
    return [text, {name: _value_data(v) for name, v in values}]


def _value_data(value: Value) -> Any:
    if isinstance(value, Line):
        return line_to_data(value)
    if isinstance(value, tuple):
        return [line_to_data(x) if isinstance(x, Line) else x for x in value]
    return value


def line_from_data(data: list[Any]) -> Line:
    """Rebuild a line from line_to_data() output."""
    values: list[tuple[str, Value]] = []
    for name, v in (data[1].items() if len(data) > 1 else ()):
        what = kind(name)
        if what == CARDS:
            values.append((name, tuple(v)))
        elif what == LINE:
            values.append((name, line_from_data(v)))
        elif what == LINES:
            values.append((name, tuple(line_from_data(x) for x in v)))
        else:
            values.append((name, v))
    return Line(data[0], tuple(values))


def recorded(text: str) -> Line:
    """A line known only by its English text (from a state saved before the log was data)."""
    return line(RECORDED, text=text)


class Event:
    """A line of the match log; `private_line` replaces `line` for `player` alone. `text`
    and `private` are their English. The public line is made, and the English written, when
    first read: playouts and most applied moves never read them."""

    __slots__ = ("_line", "_private", "_text", "_values", "player", "private_line")

    def __init__(self, template: str, values: dict[str, Value], player: int | None = None,
                 private: Line | None = None) -> None:
        self._line: Line | str = template
        self._values: dict[str, Value] | None = values
        self.player = player
        self.private_line = private
        self._text: str | None = None
        self._private: str | None = None

    @classmethod
    def of(cls, public: Line, player: int | None = None,
           private: Line | None = None) -> Event:
        """The event of a line already made."""
        made = cls(public.template, {}, player, private)
        made._line, made._values = public, None
        return made

    @property
    def line(self) -> Line:
        """The public line."""
        made = self._line
        if isinstance(made, str):
            made = self._line = line_of(made, self._values or {})
            self._values = None
        return made

    @property
    def text(self) -> str:
        """The public line in English."""
        text = self._text
        if text is None:
            text = self._text = english(self.line)
        return text

    @property
    def private(self) -> str | None:
        """The private line in English, or None."""
        if self.private_line is None:
            return None
        text = self._private
        if text is None:
            text = self._private = english(self.private_line)
        return text

    def _key(self) -> tuple[Line, int | None, Line | None]:
        return self.line, self.player, self.private_line

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Event({self.text!r}, player={self.player!r}, private={self.private!r})"


def seen_by(log: list[Event], viewer: int | None) -> tuple[tuple[str, ...], tuple[Line, ...]]:
    """The log as a viewer (a player, or None for a spectator) sees it, in English and as
    lines: a private line replaces the public one for its player alone."""
    texts: list[str] = []
    lines: list[Line] = []
    for e in log:
        if e.private_line is not None and e.player == viewer:
            texts.append(e.private)  # type: ignore[arg-type]
            lines.append(e.private_line)
            continue
        text = e._text
        if text is None:
            text = e.text
        texts.append(text)
        lines.append(e._line)  # type: ignore[arg-type]  # made when its text was written
    return tuple(texts), tuple(lines)


def event_to_data(e: Event) -> list[Any]:
    """An event as JSON-ready data: [line], or [line, player, private line or None]."""
    if e.player is None and e.private_line is None:
        return [line_to_data(e.line)]
    return [line_to_data(e.line), e.player,
            None if e.private_line is None else line_to_data(e.private_line)]


def event_from_data(data: list[Any]) -> Event:
    """Rebuild an event from event_to_data() output, or from a state saved before the log
    was data ([text, player, private text])."""
    public, player, private = (*data, None, None)[:3]
    if isinstance(public, str):
        return Event(RECORDED, {"text": public}, player,
                     None if private is None else recorded(private))
    return Event.of(line_from_data(public), player,
                    None if private is None else line_from_data(private))
