"""Deck lists as people write them: "3x Blue Stripes Commando, Dandelion, 2 Decoy".

Reading is forgiving about case, accents, punctuation, count styles (3x Name, 3 Name,
Name x3, Name (3)) and unambiguous partial or slightly misspelt names, and strict about
everything else: every line it cannot use is reported with the reason, never skipped.
The catalogue's names are English; the caller may add others (another language's).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from unicodedata import east_asian_width

from engine.cards import LEADER, NEUTRAL, Card, Catalogue, catalogue
from engine.decks import Deck, draft_problems
from engine.folding import fold

# A close-enough spelling must score at least this (difflib ratio), and beat the next
# suggestion by a clear margin, to be taken without asking.
ACCEPT_RATIO, SUGGEST_RATIO, MARGIN = 0.85, 0.6, 0.05
# A beginning of a name in another language is read only from this many letters on.
PARTIAL_MIN = 4
# Full-width comma and semicolon, and the ideographic comma, for lists written in Chinese.
_SPLIT = re.compile(r"[\n,;\uff0c\uff1b\u3001]+")
_DECORATION = re.compile(r"^[\s\-*\u2022\u00b7>]+|[*_`~]+")
# The Cyrillic \u0445 stands for "x" too, when a space parts it from the name (names begin
# and end with that letter).
_COUNTS = (
    re.compile(r"^(?P<n>\d+)\s*(?:[x\u00d7*]\s*|\u0445\s+|\s)(?P<name>.+)$", re.IGNORECASE),
    re.compile(r"^[x\u00d7\u0445](?P<n>\d+)\s+(?P<name>.+)$", re.IGNORECASE),
    re.compile(r"^(?P<name>.+?)(?:\s*[x\u00d7*]|\s+\u0445)\s*(?P<n>\d+)$", re.IGNORECASE),
    re.compile(r"^(?P<name>.+?)\s*\((?P<n>\d+)\)$"),
    re.compile(r"^(?P<name>.+?)\s+(?P<n>\d+)$"),
)
_LABEL = re.compile(r"^(?P<label>leader|faction)\s*:\s*(?P<rest>.+)$", re.IGNORECASE)
# Folded name -> (the name as written, its card).
Pool = dict[str, tuple[str, Card]]


@dataclass(frozen=True)
class OtherNames:
    """Names a list may use besides the catalogue's English ones (other languages'), each
    mapped to its card's or faction's id."""

    cards: Mapping[str, str] = field(default_factory=dict)
    factions: Mapping[str, str] = field(default_factory=dict)

    @cached_property
    def folded_cards(self) -> dict[str, tuple[str, str]]:
        """Folded card name -> (the name as written, card id); the first of equal ones."""
        folded: dict[str, tuple[str, str]] = {}
        for name, card_id in self.cards.items():
            folded.setdefault(fold(name), (name, card_id))
        return folded


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


def parse_list(text: str, faction: str, leader: str, cat: Catalogue | None = None,
               other: OtherNames | None = None) -> ParsedList:
    """Read a pasted list for a deck of `faction` led by `leader` (a "Leader: name" line
    may change it). Items are separated by new lines, commas or semicolons. Names are the
    catalogue's (English) and ids, and those of `other`, tried after the English ones
    when a name is partial or misspelt."""
    cat = cat or catalogue()
    other = other or OtherNames()
    everyone = _pools(cat, other)
    usable = {c.id for c in cat.cards.values()
              if c.faction in (faction, NEUTRAL) and not c.side_deck}
    pools = [{key: (name, card) for key, (name, card) in pool.items() if card.id in usable}
             for pool in everyone]
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
            wanted = _faction(label["rest"], cat, other)
            if wanted != faction:
                unread.append(Unread(item, f"this deck is {cat.factions[faction].name}; "
                                           "start a new deck for another faction"))
            continue
        count, name = _count_and_name(label["rest"] if label else item)
        found = _match(name, faction, leader, pools, everyone, cat)
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


def _pools(cat: Catalogue, other: OtherNames) -> list[Pool]:
    """Every card's folded names: the catalogue's names and ids, then the other names."""
    english: Pool = {fold(c.name): (c.name, c) for c in cat.cards.values()}
    english.update({fold(c.id): (c.name, c) for c in cat.cards.values()})
    others: Pool = {key: (name, cat.cards[card_id])
                    for key, (name, card_id) in other.folded_cards.items()
                    if key and key not in english and card_id in cat.cards}
    return [english, others] if others else [english]


def _match(name: str, faction: str, leader: str, pools: list[Pool], everyone: list[Pool],
           cat: Catalogue) -> Card | str:
    """The card a name means, or the reason no single card could be chosen."""
    key = fold(name)
    if not key:
        return "no card name"
    for pool in pools:
        if key in pool:
            return pool[key][1]
    for pool in pools[:1] if _fragment(key) else pools:
        for candidates in (
            {card.id: (shown, card) for n, (shown, card) in pool.items() if n.startswith(key)},
            {card.id: (shown, card) for n, (shown, card) in pool.items()
             if f" {key} " in f" {n} "},
        ):
            if len(candidates) == 1:
                return next(iter(candidates.values()))[1]
            if len(candidates) > 1:
                return "could be " + _either(sorted(shown for shown, _ in candidates.values()))
    english = _scored(key, pools[:1])
    every = sorted(english + _scored(key, pools[1:]), key=lambda found: -found[0])
    best = _accepted(english) or _accepted(every)
    if best is not None:
        return best
    elsewhere = _elsewhere(key, faction, leader, everyone, cat)
    if elsewhere:
        return elsewhere
    close: dict[str, str] = {}
    for scored in (english, every):  # other languages' names only when no English one
        for ratio, shown, card in scored:
            if ratio >= SUGGEST_RATIO:
                close.setdefault(card.id, shown)
        if close:
            break
    hint = f" (did you mean {_either(list(close.values())[:3])}?)" if close else ""
    return f"no card called \u201c{name}\u201d in a {cat.factions[faction].name} deck{hint}"


def _fragment(key: str) -> bool:
    """True for a typed name too short to stand for the beginning of another language's
    name (fewer than PARTIAL_MIN letters, none of them Chinese, Japanese or Korean)."""
    return len(key) < PARTIAL_MIN and not any(east_asian_width(c) in "WF" for c in key)


def _scored(key: str, pools: list[Pool]) -> list[tuple[float, str, Card]]:
    """Every name of the pools with how alike the typed key is, best first (the earlier
    pool first among equals)."""
    scored = [(_likeness(key, n), shown, card)
              for pool in pools for n, (shown, card) in pool.items()]
    return sorted(scored, key=lambda found: -found[0])


def _accepted(scored: list[tuple[float, str, Card]]) -> Card | None:
    """The best card when it is close enough and clearly closer than any other card."""
    if not scored:
        return None
    best_ratio, _, best = scored[0]
    runner_up = next((r for r, _, c in scored if c.id != best.id), 0.0)
    return best if best_ratio >= ACCEPT_RATIO and best_ratio - runner_up >= MARGIN else None


def _likeness(key: str, name: str) -> float:
    """How alike a typed name is to a card name, or to as many of its first words; 0 below
    SUGGEST_RATIO, where no score matters (skipping the full comparison there)."""
    start = " ".join(name.split()[:len(key.split())])
    best = 0.0
    for whole in (name, start):
        if 2 * min(len(key), len(whole)) < SUGGEST_RATIO * (len(key) + len(whole)):
            continue  # the lengths alone keep the ratio below SUGGEST_RATIO
        alike = difflib.SequenceMatcher(None, key, whole)
        if alike.quick_ratio() >= SUGGEST_RATIO:
            best = max(best, alike.ratio())
    return best if best >= SUGGEST_RATIO else 0.0


def _elsewhere(key: str, faction: str, leader: str, everyone: list[Pool], cat: Catalogue
               ) -> str | None:
    """Why a card that exists is not one this deck can hold (another faction, side deck)."""
    found = next((pool[key] for pool in everyone if key in pool), None)
    if found is None:
        return None
    card = found[1]
    if card.type == LEADER:
        return _leader_problems(card, faction, cat)
    return "; ".join(draft_problems(Deck(faction, leader, {card.id: 1}), cat)) or None


def _leader_problems(card: Card, faction: str, cat: Catalogue) -> str:
    wrong = draft_problems(Deck(faction, card.id, {}), cat)
    return "; ".join(wrong)


def _faction(text: str, cat: Catalogue, other: OtherNames) -> str | None:
    key = fold(text)
    names = {fold(name): faction for name, faction in other.factions.items()}
    names.update({fold(f.id): f.id for f in cat.factions.values()})
    names.update({fold(f.name): f.id for f in cat.factions.values()})
    return names.get(key)


def _either(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
