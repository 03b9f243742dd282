"""What a player may know about the hidden cards, from an observation and their own deck.

Nothing here reads a Match: every input is an Observation (what the player sees) plus the
player's own deck list, which a player legitimately knows. The opponent's unknown cards
are described by a prior built from the public catalogue and the opponent faction's
starter deck, never from the opponent's real deck list. Once the opponent has shown cards
that their starter deck does not hold, they play a deck of their own: the prior then
gives the rest of the catalogue the share of their deck that the cards seen so far
suggest is their own choice.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache

from engine.cards import LEADER, NEUTRAL, Card, catalogue
from engine.decks import Deck, starter_decks
from engine.observation import CardView, Observation

# Weight of a catalogue copy that the opponent's starter deck does not hold, relative to a
# starter-deck copy, while every card they showed is in their starter deck: custom decks
# exist, but the starter deck is the likeliest list.
EXTRA_WEIGHT = 0.04
# The most that weight grows to once cards outside the starter deck were seen (below 1,
# which marks the likely copies).
MAX_EXTRA_WEIGHT = 0.9


@dataclass(frozen=True, slots=True)
class Seen:
    """A visible card: its number, identity, zone and the side whose zone holds it."""

    uid: int
    card_id: str
    zone: str  # "hand", "row", "horn", "mardroeme", "grave", "weather"
    side: int  # the side the zone belongs to; for weather, -1


@dataclass(frozen=True, slots=True)
class Beliefs:
    """Everything the viewer knows about the hidden zones."""

    me: int
    offset: int  # my card numbers are offset .. offset + len(my_list) - 1
    my_list: tuple[str, ...]  # my deck list in card-number order (sorted by card id)
    my_hidden: tuple[tuple[int, str], ...]  # my cards in deck (and set aside), by number
    owner: dict[int, int]  # visible card number -> side that owns the card
    opp_seen: Counter[str]  # opponent cards seen anywhere (board, graveyards, weather)
    opp_pool: tuple[tuple[str, float], ...]  # prior: one entry per possible unseen copy
    opp_revealed: tuple[str, ...]  # opponent hand cards the viewer knows of: taken back
    # with a Decoy or from a discard pile in public, or shown by a leader
    stolen: tuple[tuple[int, str], ...]  # my spies the opponent took back with a Decoy

    def is_mine(self, uid: int) -> bool:
        """True when the card number belongs to the viewer's deck."""
        return self.offset <= uid < self.offset + len(self.my_list)


def visible(obs: Observation) -> list[Seen]:
    """Return every card the viewer can see, with its zone (pending options excluded)."""
    out: list[Seen] = []
    for p, side in enumerate(obs.sides):
        for v in side.hand or ():
            out.append(Seen(v.uid, v.card_id, "hand", p))
        for row in side.rows:
            out.extend(Seen(v.uid, v.card_id, "row", p) for v in row.cards)
            if row.horn is not None:
                out.append(Seen(row.horn.uid, row.horn.card_id, "horn", p))
            if row.mardroeme is not None:
                out.append(Seen(row.mardroeme.uid, row.mardroeme.card_id, "mardroeme", p))
        out.extend(Seen(v.uid, v.card_id, "grave", p) for v in side.graveyard)
    out.extend(Seen(v.uid, v.card_id, "weather", -1) for v in obs.weather)
    return out


def own_list(obs: Observation, deck: Deck | None) -> tuple[str, ...]:
    """Return the viewer's deck list in card-number order.

    Without a deck the viewer's faction starter deck stands in (what `play` uses).
    """
    assert obs.viewer is not None
    if deck is None:
        deck = starter_decks()[obs.sides[obs.viewer].faction]
    return tuple(deck.card_list())


def find_offset(obs: Observation, my_list: tuple[str, ...], seen: list[Seen]) -> int:
    """Return the first card number of the viewer's deck.

    Card numbers are given in deck order, player 0's first. Player 1's offset is found from
    the viewer's own cards: each seen card votes for the offsets that match its identity.
    """
    me = obs.viewer
    if me == 0:
        return 0
    positions: dict[str, list[int]] = {}
    for i, cid in enumerate(my_list):
        positions.setdefault(cid, []).append(i)
    cat = catalogue()
    originals = [s for s in seen if not cat.card(s.card_id).side_deck]
    candidates = {s.uid - i for s in originals if s.side == me
                  for i in positions.get(s.card_id, ()) if s.uid >= i}
    n = len(my_list)

    def score(off: int) -> int:
        # A card number never changes identity: every card numbered inside the range
        # must be the listed card. Count agreements, and heavily penalise contradictions.
        total = 0
        for s in originals:
            if off <= s.uid < off + n:
                total += 1 if my_list[s.uid - off] == s.card_id else -100
        return total

    if candidates:
        return max(sorted(candidates), key=score)
    top = max((s.uid for s in originals), default=-1)
    return max(0, top + 1 - n)


@cache
def _starter_counts(faction: str) -> dict[str, int]:
    deck = starter_decks().get(faction)
    return dict(deck.cards) if deck is not None else {}


@cache
def _faction_cards(faction: str) -> tuple[Card, ...]:
    return tuple(c for c in catalogue().cards.values()
                 if c.type != LEADER and not c.side_deck and c.faction in (faction, NEUTRAL))


def opponent_pool(faction: str, seen: Counter[str], mustered: set[str]) -> list[tuple[str, float]]:
    """Return the prior over the opponent's unseen copies: (card id, weight) per copy.

    Copies in the faction's starter deck weigh 1, other legal copies extra_weight(); copies
    already seen are removed, and so are members of a muster group already called (muster
    pulls the whole group from hand and deck).
    """
    starter = _starter_counts(faction)
    extra = extra_weight(starter, seen)
    pool: list[tuple[str, float]] = []
    for card in _faction_cards(faction):
        if card.muster_group is not None and card.muster_group in mustered:
            continue
        n_seen = seen.get(card.id, 0)
        base = starter.get(card.id, 0)
        pool.extend((card.id, 1.0) for _ in range(max(0, base - n_seen)))
        pool.extend((card.id, extra)
                    for _ in range(max(0, card.copies - max(base, n_seen))))
    return pool


def extra_weight(starter: dict[str, int], seen: Counter[str]) -> float:
    """Return the weight of copies outside the starter deck: EXTRA_WEIGHT while every card
    seen fits the starter deck, else the estimated share of the deck chosen freely.

    The share counts the seen copies that the starter deck cannot account for, with one
    pseudo-observation each way, so a single odd card already moves the estimate a lot.
    """
    outside = sum(max(0, n - starter.get(card_id, 0)) for card_id, n in seen.items())
    if not outside:
        return EXTRA_WEIGHT
    share = (outside + 1) / (sum(seen.values()) + 2)
    return min(MAX_EXTRA_WEIGHT, max(EXTRA_WEIGHT, share))


def beliefs(obs: Observation, deck: Deck | None = None) -> Beliefs:
    """Return what the viewer knows and believes about the hidden cards."""
    assert obs.viewer is not None
    me, opp = obs.viewer, 1 - obs.viewer
    cat = catalogue()
    seen = visible(obs)
    my_list = own_list(obs, deck)
    offset = find_offset(obs, my_list, seen)
    n = len(my_list)

    owner: dict[int, int] = {}
    for s in seen:
        if offset <= s.uid < offset + n:
            owner[s.uid] = me
        elif cat.card(s.card_id).side_deck:
            owner[s.uid] = s.side if s.side >= 0 else opp  # tokens stay on their side
        else:
            owner[s.uid] = opp

    # My hidden cards: my numbers not in sight, less Berserkers that transformed.
    visible_uids = {s.uid for s in seen}
    hidden = [(offset + i, cid) for i, cid in enumerate(my_list)
              if offset + i not in visible_uids]
    transformed = Counter(s.card_id for s in seen
                          if s.side == me and s.zone in ("row", "grave")
                          and cat.card(s.card_id).side_deck)
    for token, count in transformed.items():
        for _ in range(count):
            gone = next((h for h in hidden if cat.card(h[1]).transforms_into == token), None)
            if gone is not None:
                hidden.remove(gone)

    # More hidden cards than my deck holds: the opponent took spies of mine back to their
    # hand with a Decoy (a spy stands on their side). Those are in their hand now.
    stolen: list[tuple[int, str]] = []
    excess = len(hidden) - obs.sides[me].deck_count
    for h in [h for h in hidden if "spy" in cat.card(h[1]).abilities][:max(0, excess)]:
        hidden.remove(h)
        stolen.append(h)

    opp_seen: Counter[str] = Counter()
    mustered: set[str] = set()
    for s in seen:
        if owner[s.uid] != opp or cat.card(s.card_id).side_deck:
            continue
        opp_seen[s.card_id] += 1
        musters = cat.card(s.card_id).musters
        if musters is not None and s.zone in ("row", "grave"):
            mustered.add(musters)
    pool = opponent_pool(obs.sides[opp].faction, opp_seen, mustered)
    held = list(known_hand(obs, opp))
    for _, cid in stolen:  # my spies they took back are placed by number instead
        if cid in held:
            held.remove(cid)
    revealed = tuple(held)
    for v in obs.sides[me].revealed:
        if v.card_id not in revealed:
            revealed += (v.card_id,)
    return Beliefs(me=me, offset=offset, my_list=my_list, my_hidden=tuple(hidden),
                   owner=owner, opp_seen=opp_seen, opp_pool=tuple(pool),
                   opp_revealed=revealed, stolen=tuple(stolen))


@cache
def _names() -> tuple[tuple[str, str], ...]:
    cards = [c for c in catalogue().cards.values() if c.type != LEADER]
    return tuple(sorted(((c.name, c.id) for c in cards), key=lambda x: -len(x[0])))


@cache
def _card_named(text: str) -> str | None:
    """Return the id of the card whose name starts the text (the longest such name)."""
    for name, card_id in _names():
        if text.startswith(name):
            return card_id
    return None


def known_hand(obs: Observation, player: int) -> tuple[str, ...]:
    """Return the cards the public log shows going back into a player's hand and not
    played since: Decoy returns and cards taken back from the discard pile."""
    name = obs.sides[player].name
    plays, takes = f"{name} plays ", f"{name} takes "
    held: list[str] = []
    last_actor_is_player = False
    for text in obs.events:
        if text.startswith(plays):
            last_actor_is_player = True
            rest = text[len(plays):]
            if rest.startswith("Decoy and takes "):
                card = _card_named(rest[len("Decoy and takes "):])
                if card is not None:
                    held.append(card)
                continue
            card = _card_named(rest)
            if card is not None and card in held:
                held.remove(card)
        elif text.startswith(takes) and " back from their discard pile" in text:
            card = _card_named(text[len(takes):])
            if card is not None:
                held.append(card)
        elif text.startswith("Muster brings ") and last_actor_is_player:
            for part in text[len("Muster brings "):].split(", "):
                card = _card_named(part)
                if card is not None and card in held:
                    held.remove(card)
        elif " plays " in text or " revives " in text:
            last_actor_is_player = text.startswith(f"{name} ")
    return tuple(held)


def card_views(obs: Observation) -> dict[int, CardView]:
    """Return every visible card view by number (pending options included)."""
    out: dict[int, CardView] = {}
    for side in obs.sides:
        for group in (side.hand or (), side.graveyard, *(r.cards for r in side.rows)):
            for v in group:
                out[v.uid] = v
        for row in side.rows:
            for slot in (row.horn, row.mardroeme):
                if slot is not None:
                    out[slot.uid] = slot
    for v in obs.weather:
        out[v.uid] = v
    if obs.pending is not None:
        for v in obs.pending.options:
            out[v.uid] = v
    return out
