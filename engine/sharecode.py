"""Deck share codes: short, copy-paste-safe text that carries a deck exactly.

A code is "GW" followed by Crockford base32 (digits and capital letters without I, L, O and
U) of these bytes:

    version (1) | payload length (1) | CRC-8 of those two (1) | payload | CRC-32 of all
    the bytes before it (4)

The version-1 payload is the faction's number times 16 plus the leader's number, then the
count of every card the faction may use, each in as many bits as that card's maximum needs,
all numbered by the frozen table in engine/data/share_code_v1.json (docs/decks.md describes
the format in full). Decoding names what is wrong with a bad code: mistyped, cut short, made
by a newer version, or for a deck that breaks the rules.
"""

from __future__ import annotations

import json
import re
import zlib
from dataclasses import dataclass
from functools import cache

from engine.cards import DATA_DIR
from engine.decks import Deck, problems

PREFIX = "GW"
VERSION = 1
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUES = {ch: i for i, ch in enumerate(ALPHABET)} | {"O": 0, "I": 1, "L": 1}
_IGNORED = re.compile(r"[\s\-`'\"]+")
_HEADER, _CHECK = 3, 4

# Why a code was refused.
MISTYPED, TRUNCATED, NEWER, INVALID = "mistyped", "truncated", "newer", "invalid"
# What is wrong with a code, for the person who typed it: English templates whose {names}
# the error's values fill in (the bot says them in the reader's language).
BREAKS_RULES = "That share code is for a deck that breaks the rules: {broken}."
NEWER_FORMAT = ("That share code was made by a newer version of the bot (format {format}; "
                "this one reads format {known}). Ask for the bot to be updated.")
FORMAT_0 = "That share code does not describe a deck (format 0)."
EMPTY = "That share code is empty: paste the whole code."
NO_PREFIX = "That is not a deck share code: share codes start with {prefix}."
BAD_CHARACTER = ("That share code is mistyped: \u201c{character}\u201d (character {position}) "
                 "never appears in share codes.")
TOO_SHORT = ("That share code is cut short: it has {length} characters, and a whole code has "
             "at least {least}. Copy the whole code.")
BAD_START = ("That share code is mistyped near its start: check its first characters, or "
             "copy it again.")
CUT_SHORT = ("That share code is cut short: it has {length} of its {whole} characters. Copy "
             "the whole code.")
ONE_EXTRA = ("That share code is mistyped: it has 1 character more than a whole code "
             "({whole}).")
EXTRA = ("That share code is mistyped: it has {extra} characters more than a whole code "
         "({whole}).")
BAD_END = ("That share code is mistyped: its last character cannot end a code. Check it, or "
           "copy the code again.")
BAD_CHECK = ("That share code is mistyped: its check characters do not match the rest. Check "
             "every character, or copy it again.")
NO_FACTION = "That share code does not describe a deck: it names no faction this bot knows."
NO_LEADER = "That share code does not describe a deck: it names no leader this bot knows."
WRONG_LENGTH = "That share code does not describe a deck: its card list has the wrong length."
STRAY_BITS = "That share code does not describe a deck: its card list ends with stray bits."
MESSAGES = (BREAKS_RULES, NEWER_FORMAT, FORMAT_0, EMPTY, NO_PREFIX, BAD_CHARACTER, TOO_SHORT,
            BAD_START, CUT_SHORT, ONE_EXTRA, EXTRA, BAD_END, BAD_CHECK, NO_FACTION, NO_LEADER,
            WRONG_LENGTH, STRAY_BITS)


class ShareCodeError(ValueError):
    """A share code that cannot be read. `reason` is MISTYPED, TRUNCATED, NEWER or INVALID;
    `template` (one of MESSAGES) filled with `values` is a sentence for the person who typed
    it, and str() that sentence in English; `problems` lists a decoded deck's rule breaks."""

    def __init__(self, reason: str, template: str, problems: tuple[str, ...] = (),
                 **values: object) -> None:
        super().__init__(template.format(**values))
        self.reason = reason
        self.template = template
        self.values = values
        self.problems = problems


@dataclass(frozen=True)
class _Faction:
    id: str
    leaders: tuple[str, ...]
    cards: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class _Table:
    factions: tuple[_Faction, ...]
    neutral: tuple[tuple[str, int], ...]

    def slots(self, faction: _Faction) -> tuple[tuple[str, int], ...]:
        """The cards a deck of this faction may hold, in code order, with their bit widths."""
        return tuple((card, top.bit_length()) for card, top in faction.cards + self.neutral)


@cache
def _table() -> _Table:
    raw = json.loads((DATA_DIR / f"share_code_v{VERSION}.json").read_text(encoding="utf-8"))
    factions = tuple(_Faction(f["id"], tuple(f["leaders"]), tuple((c, n) for c, n in f["cards"]))
                     for f in raw["factions"])
    return _Table(factions, tuple((c, n) for c, n in raw["neutral"]))


def encode(deck: Deck) -> str:
    """Return the share code of a deck, legal or still being built (its name is not kept).

    Raises ValueError for what no code can carry: an unknown faction or leader, a card the
    faction cannot use, or more copies than the card's maximum allows.
    """
    table = _table()
    index = next((i for i, f in enumerate(table.factions) if f.id == deck.faction), None)
    if index is None:
        raise ValueError(f"no share code for faction {deck.faction!r}")
    faction = table.factions[index]
    if deck.leader not in faction.leaders:
        raise ValueError(f"no share code for leader {deck.leader!r} of {deck.faction}")
    slots = table.slots(faction)
    known = {card for card, _ in slots}
    strays = sorted(set(deck.cards) - known)
    if strays:
        raise ValueError(f"no share code for {', '.join(strays)} in a {deck.faction} deck")
    bits = _BitWriter()
    for card, width in slots:
        count = deck.cards.get(card, 0)
        if not 0 <= count < 1 << width:
            raise ValueError(f"no share code for {count} copies of {card}")
        bits.write(count, width)
    payload = bytes([index * 16 + faction.leaders.index(deck.leader)]) + bits.to_bytes()
    head = bytes([VERSION, len(payload)])
    body = head + bytes([_crc8(head)]) + payload
    return PREFIX + _base32(body + zlib.crc32(body).to_bytes(_CHECK, "big"))


def decode(code: str) -> Deck:
    """Return the legal deck a share code carries, or raise ShareCodeError saying why not."""
    deck = decode_draft(code)
    found = problems(deck)
    if found:
        raise ShareCodeError(INVALID, BREAKS_RULES, tuple(found), broken="; ".join(found))
    return deck


def decode_draft(code: str) -> Deck:
    """Return the deck a share code carries without judging it by the deck rules (a deck
    still being built); raise ShareCodeError for a code that cannot be read."""
    data = _unwrap(normalize(code))
    version, payload = data[0], data[_HEADER:-_CHECK]
    if version > VERSION:
        raise ShareCodeError(NEWER, NEWER_FORMAT, format=version, known=VERSION)
    if version < 1:
        raise ShareCodeError(INVALID, FORMAT_0)
    return _payload_v1(payload)


def normalize(code: str) -> str:
    """The code in capitals without spaces, dashes and quotes, with O read as 0 and I, L as 1
    (as Crockford base32 reads them)."""
    text = _IGNORED.sub("", code).upper()
    if text.startswith(PREFIX):
        text = PREFIX + text[len(PREFIX):].replace("O", "0").replace("I", "1").replace("L", "1")
    return text


def _unwrap(text: str) -> bytes:
    """Check the envelope (prefix, characters, length, check value); return its bytes."""
    if not text:
        raise ShareCodeError(MISTYPED, EMPTY)
    if not text.startswith(PREFIX):
        raise ShareCodeError(MISTYPED, NO_PREFIX, prefix=PREFIX)
    chars = text[len(PREFIX):]
    for position, ch in enumerate(chars, start=len(PREFIX) + 1):
        if ch not in _VALUES:
            raise ShareCodeError(MISTYPED, BAD_CHARACTER, character=ch, position=position)
    least = _chars_for(_HEADER + _CHECK)
    if len(chars) < _chars_for(_HEADER):
        raise ShareCodeError(TRUNCATED, TOO_SHORT, length=len(text), least=len(PREFIX) + least)
    head = _bits(chars[:_chars_for(_HEADER)])
    version, length, check = (int(head[i:i + 8], 2) for i in (0, 8, 16))
    if _crc8(bytes([version, length])) != check:
        raise ShareCodeError(MISTYPED, BAD_START)
    whole = _chars_for(_HEADER + length + _CHECK)
    if len(chars) < whole:
        raise ShareCodeError(TRUNCATED, CUT_SHORT, length=len(text), whole=len(PREFIX) + whole)
    if len(chars) > whole:
        extra = len(chars) - whole
        raise ShareCodeError(MISTYPED, ONE_EXTRA if extra == 1 else EXTRA, extra=extra,
                             whole=len(PREFIX) + whole)
    bits = _bits(chars)
    size = len(bits) // 8
    if "1" in bits[size * 8:]:
        raise ShareCodeError(MISTYPED, BAD_END)
    data = int(bits[:size * 8], 2).to_bytes(size, "big")
    if zlib.crc32(data[:-_CHECK]).to_bytes(_CHECK, "big") != data[-_CHECK:]:
        raise ShareCodeError(MISTYPED, BAD_CHECK)
    return data


def _payload_v1(payload: bytes) -> Deck:
    table = _table()
    faction_index, leader_index = divmod(payload[0], 16) if payload else (len(table.factions), 0)
    if faction_index >= len(table.factions):
        raise ShareCodeError(INVALID, NO_FACTION)
    faction = table.factions[faction_index]
    if leader_index >= len(faction.leaders):
        raise ShareCodeError(INVALID, NO_LEADER)
    slots = table.slots(faction)
    width = sum(w for _, w in slots)
    counts = payload[1:]
    if len(counts) != -(-width // 8):
        raise ShareCodeError(INVALID, WRONG_LENGTH)
    reader = _BitReader(counts)
    cards = {card: n for card, w in slots if (n := reader.read(w))}
    if reader.read(len(counts) * 8 - width):
        raise ShareCodeError(INVALID, STRAY_BITS)
    return Deck(faction.id, faction.leaders[leader_index], cards)


def _crc8(data: bytes) -> int:
    """CRC-8 (polynomial x^8 + x^2 + x + 1): catches every error of up to 8 bits in a row,
    so a single mistyped character in the header."""
    crc = 0
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = ((crc << 1) ^ 0x07 if crc & 0x80 else crc << 1) & 0xFF
    return crc


def _chars_for(size: int) -> int:
    """How many base32 characters hold `size` bytes."""
    return -(-size * 8 // 5)


def _bits(chars: str) -> str:
    return "".join(format(_VALUES[ch], "05b") for ch in chars)


def _base32(data: bytes) -> str:
    bits = "".join(format(byte, "08b") for byte in data)
    bits += "0" * (-len(bits) % 5)
    return "".join(ALPHABET[int(bits[i:i + 5], 2)] for i in range(0, len(bits), 5))


class _BitWriter:
    """Packs unsigned fields, most significant bit first."""

    def __init__(self) -> None:
        self._bits: list[str] = []

    def write(self, value: int, width: int) -> None:
        if width:
            self._bits.append(format(value, f"0{width}b"))

    def to_bytes(self) -> bytes:
        bits = "".join(self._bits)
        bits += "0" * (-len(bits) % 8)
        return int(bits, 2).to_bytes(len(bits) // 8, "big") if bits else b""


class _BitReader:
    """Reads unsigned fields, most significant bit first."""

    def __init__(self, data: bytes) -> None:
        self._bits = "".join(format(byte, "08b") for byte in data)
        self._at = 0

    def read(self, width: int) -> int:
        if width <= 0:
            return 0
        field = self._bits[self._at:self._at + width]
        self._at += width
        return int(field, 2) if field else 0
