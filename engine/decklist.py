"""Deck lists as people write them: "3x Blue Stripes Commando, Dandelion, 2 Decoy".

Reading is forgiving about case, accents, punctuation, count styles (3x Name, 3 Name,
Name x3, Name (3)) and unambiguous partial or slightly misspelt names, and strict about
everything else: every line it cannot use is reported with the reason, never skipped.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass, field

from engine.cards import LEADER, NEUTRAL, Card, Catalogue, catalogue
from engine.decks import Deck, draft_problems

# A close-enough spelling must score at least this (difflib ratio), and beat the next
# suggestion by a clear margin, to be taken without asking.
ACCEPT_RATIO, SUGGEST_RATIO, MARGIN = 0.85, 0.6, 0.05
_SPLIT = re.compile(r"[\n,;]+")
_DECORATION = re.compile(r"^[\s\-*\u2022\u00b7>]+|[*_`~]+")
_COUNTS = (
    re.compile(r"^(?P<n>\d+)\s*(?:[x\u00d7*]\s*|\s)(?P<name>.+)$", re.IGNORECASE),
    re.compile(r"^[x\u00d7](?P<n>\d+)\s+(?P<name>.+)$", re.IGNORECASE),
    re.compile(r"^(?P<name>.+?)\s*[x\u00d7*]\s*(?P<n>\d+)$", re.IGNORECASE),
    re.compile(r"^(?P<name>.+?)\s*\((?P<n>\d+)\)$"),
    re.compile(r"^(?P<name>.+?)\s+(?P<n>\d+)$"),
)
_LABEL = re.compile(r"^(?P<label>leader|faction)\s*:\s*(?P<rest>.+)$", re.IGNORECASE)


@dataclass(frozen=True)
class Unread:
    """A line of the list that was not used, and why."""

    line: str
    reason: str


@dataclass(frozen=True)
class ParsedList:
    """What a pasted list says: card counts, a leader if one was named, the lines that could
    not be used, and how many lines were read."""

    cards: dict[str, int] = field(default_factory=dict)
    leader: str | None = None
    unread: tuple[Unread, ...] = ()
    lines: int = 0

    @property
    def ok(self) -> bool:
        """True when every line was read and the cards keep within the deck rules."""
        return not self.unread


def parse_list(text: str, faction: str, leader: str, cat: Catalogue | None = None
               ) -> ParsedList:
    """Read a pasted list for a deck of `faction` led by `leader` (a "Leader: name" line
    may change it). Items are separated by new lines, commas or semicolons."""
    cat = cat or catalogue()
    names = _names(faction, cat)
    cards: dict[str, int] = {}
    unread: list[Unread] = []
    lines = 0
    for raw in _SPLIT.split(text):
        item = _DECORATION.sub("", raw).strip()
        if not item:
            continue
        lines += 1
        label = _LABEL.match(item)
        if label and label["label"].lower() == "faction":
            wanted = _faction(label["rest"], cat)
            if wanted != faction:
                unread.append(Unread(item, f"this deck is {cat.factions[faction].name}; "
                                           "start a new deck for another faction"))
            continue
        count, name = _count_and_name(label["rest"] if label else item)
        found = _match(name, faction, leader, names, cat)
        if isinstance(found, str):
            unread.append(Unread(item, found))
            continue
        if found.type == LEADER:
            wrong = _leader_problems(found, faction, cat)
            if wrong or count != 1:
                unread.append(Unread(item, wrong or "a deck has one leader"))
            else:
                leader = found.id
            continue
        if count < 1:
            unread.append(Unread(item, f"{found.name}: a count must be at least 1"))
            continue
        total = cards.get(found.id, 0) + count
        broken = draft_problems(Deck(faction, leader, {found.id: total}), cat)
        if broken:
            unread.append(Unread(item, "; ".join(broken)))
            continue
        cards[found.id] = total
    if not unread:
        unread += [Unread("(the whole list)", problem)
                   for problem in draft_problems(Deck(faction, leader, cards), cat)]
    return ParsedList(cards, leader, tuple(unread), lines)


def format_list(deck: Deck, cat: Catalogue | None = None) -> str:
    """The deck as a list that parse_list reads back: the leader, then "3x Name" lines in
    catalogue order."""
    cat = cat or catalogue()
    lines = [f"Leader: {cat.card(deck.leader).name}"]
    lines += [f"{deck.cards[c.id]}x {c.name}" for c in cat.cards.values() if c.id in deck.cards]
    return "\n".join(lines)


def _count_and_name(item: str) -> tuple[int, str]:
    for pattern in _COUNTS:
        found = pattern.match(item)
        if found:
            return int(found["n"]), found["name"].strip()
    return 1, item


def _fold(text: str) -> str:
    """Lower case, no accents or punctuation, single spaces: "Gaunter O'Dimm" -> "gaunter odimm"."""
    text = unicodedata.normalize("NFKD", text.replace("_", " "))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = re.sub(r"['\u2019`]", "", text.casefold())
    return " ".join(re.sub(r"[^\w]+", " ", text).split())


def _names(faction: str, cat: Catalogue) -> dict[str, Card]:
    """Folded names and ids of the cards a deck of this faction could name."""
    usable = [c for c in cat.cards.values()
              if c.faction in (faction, NEUTRAL) and not c.side_deck]
    found = {_fold(c.name): c for c in usable}
    found.update({_fold(c.id): c for c in usable})
    return found


def _match(name: str, faction: str, leader: str, names: dict[str, Card], cat: Catalogue
           ) -> Card | str:
    """The card a name means, or the reason no single card could be chosen."""
    key = _fold(name)
    if not key:
        return "no card name"
    if key in names:
        return names[key]
    for candidates in (
        {c.id: c for n, c in names.items() if n.startswith(key)},
        {c.id: c for n, c in names.items() if f" {key} " in f" {n} "},
    ):
        if len(candidates) == 1:
            return next(iter(candidates.values()))
        if len(candidates) > 1:
            return "could be " + _either(sorted(c.name for c in candidates.values()))
    scored = sorted(((_likeness(key, n), c) for n, c in names.items()),
                    key=lambda pair: -pair[0])
    best_ratio, best = scored[0]
    runner_up = next((r for r, c in scored if c.id != best.id), 0.0)
    if best_ratio >= ACCEPT_RATIO and best_ratio - runner_up >= MARGIN:
        return best
    elsewhere = _elsewhere(key, faction, leader, cat)
    if elsewhere:
        return elsewhere
    close = []
    for ratio, card in scored:
        if ratio >= SUGGEST_RATIO and card.name not in close:
            close.append(card.name)
    hint = f" (did you mean {_either(close[:3])}?)" if close else ""
    return f"no card called \u201c{name}\u201d in a {cat.factions[faction].name} deck{hint}"


def _likeness(key: str, name: str) -> float:
    """How alike a typed name is to a card name, or to as many of its first words."""
    start = " ".join(name.split()[:len(key.split())])
    return max(difflib.SequenceMatcher(None, key, n).ratio() for n in (name, start))


def _elsewhere(key: str, faction: str, leader: str, cat: Catalogue) -> str | None:
    """Why a card that exists is not one this deck can hold (another faction, side deck)."""
    card = next((c for c in cat.cards.values() if key in (_fold(c.name), _fold(c.id))), None)
    if card is None:
        return None
    if card.type == LEADER:
        return _leader_problems(card, faction, cat)
    return "; ".join(draft_problems(Deck(faction, leader, {card.id: 1}), cat)) or None


def _leader_problems(card: Card, faction: str, cat: Catalogue) -> str:
    wrong = draft_problems(Deck(faction, card.id, {}), cat)
    return "; ".join(wrong)


def _faction(text: str, cat: Catalogue) -> str | None:
    key = _fold(text)
    return next((f.id for f in cat.factions.values() if key in (_fold(f.name), _fold(f.id))),
                None)


def _either(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
