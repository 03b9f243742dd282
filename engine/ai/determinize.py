"""Determinizations: complete, playable matches consistent with one player's observation.

The public board, graveyards, weather, gems and round results are copied from the
observation, and so is the viewer's hand. The viewer's own deck holds the cards of their
deck list they have not seen played (in a random order: the viewer does not know it
either). The opponent's hand and deck are sampled from the prior in Beliefs, with exactly
the observed counts. No Match with hidden information is ever read.
"""

from __future__ import annotations

import random

from engine.ai.beliefs import Beliefs, card_views
from engine.cards import catalogue
from engine.match import Match
from engine.observation import PLAYING, Observation
from engine.pending import DECK_DRAW, DECK_WEATHER, Pending
from engine.rng import Rng
from engine.side import LEADER_HORN, Side

_FILLER = "decoy"


def first_player(obs: Observation) -> int:
    """Return who went first in round 1, read from the public log (0 if unknown)."""
    for text in obs.events:
        if text.startswith("Round 1 begins."):
            for p, side in enumerate(obs.sides):
                if f" {side.name} goes first" in text:
                    return p
    return 0


def _weighted_sample(pool: list[tuple[str, float]], k: int, rng: random.Random) -> list[str]:
    """Sample k entries without replacement from a prior of likely (weight 1) and
    possible (smaller weight) copies.

    Each slot is a possible copy with probability equal to the mean weight of the possible
    copies (a few substitutions away from the likely list), otherwise a likely copy while
    any remain.
    """
    if k <= 0:
        return []
    likely = [cid for cid, w in pool if w >= 1.0]
    possible = [cid for cid, w in pool if 0 < w < 1.0]
    rate = sum(w for _, w in pool if 0 < w < 1.0) / len(possible) if possible else 0.0
    rng.shuffle(likely)
    rng.shuffle(possible)
    out: list[str] = []
    for _ in range(k):
        if likely and not (possible and rng.random() < rate):
            out.append(likely.pop())
        elif possible:
            out.append(possible.pop())
        elif likely:
            out.append(likely.pop())
        else:
            out.append("vesemir")  # an impossible count: pad with a harmless unit
    return out


def determinize(obs: Observation, bel: Beliefs, rng: random.Random) -> Match:
    """Return one match consistent with the observation, sampled with `rng`."""
    assert obs.viewer is not None
    me, opp = obs.viewer, 1 - obs.viewer
    cat = catalogue()
    views = card_views(obs)
    ids: dict[int, str] = {uid: v.card_id for uid, v in views.items()}
    for uid, cid in bel.my_hidden:
        ids[uid] = cid
    for i, cid in enumerate(bel.my_list):  # every number of my deck is known to me
        ids.setdefault(bel.offset + i, cid)
    next_uid = max(ids, default=-1) + 1

    m = Match()
    seed = rng.getrandbits(62)
    m.seed, m.rng = seed, Rng(seed)
    for sv in obs.sides:
        side = Side(sv.name, sv.faction, sv.leader.card_id)
        side.gems, side.passed, side.leader_used = sv.gems, sv.passed, sv.leader.used
        side.ready = True
        side.mulligans_left = 0
        side.rows = [[v.uid for v in row.cards] for row in sv.rows]
        side.horns = [LEADER_HORN if row.leader_horn else None if row.horn is None
                      else row.horn.uid for row in sv.rows]
        side.mardroeme = [None if row.mardroeme is None else row.mardroeme.uid
                          for row in sv.rows]
        side.grave = [v.uid for v in sv.graveyard]
        m.sides.append(side)

    mine = m.sides[me]
    mine.hand = [v.uid for v in obs.sides[me].hand or ()]
    deck = [uid for uid, _ in bel.my_hidden]
    want = obs.sides[me].deck_count
    if len(deck) > want:
        rng.shuffle(deck)
        deck = sorted(deck[:want])
    elif len(deck) < want:  # cards of mine I cannot place (e.g. recycled spies)
        for cid in _weighted_sample([(c, 1.0) for c in bel.my_list], want - len(deck), rng):
            ids[next_uid] = cid
            deck.append(next_uid)
            next_uid += 1
    if obs.pending is not None and obs.pending.player == me and obs.pending.kind in (
            DECK_DRAW, DECK_WEATHER):
        # The picks offered are cards of my deck: make sure the sample holds them.
        picks = [v.uid for v in obs.pending.options]
        others = [u for u in deck if u not in picks]
        deck = picks + others[:max(0, len(deck) - len(picks))]
    rng.shuffle(deck)
    mine.deck = deck

    theirs = m.sides[opp]
    hand_n, deck_n = obs.sides[opp].hand_count, obs.sides[opp].deck_count
    pool = list(bel.opp_pool)
    stolen = [uid for uid, _ in bel.stolen][:hand_n]
    known_hand: list[str] = []
    for cid in bel.opp_revealed:
        if len(known_hand) + len(stolen) == hand_n:
            break
        at = next((i for i, (c, _) in enumerate(pool) if c == cid), None)
        if at is not None:
            pool.pop(at)
        known_hand.append(cid)
    unknown = _weighted_sample(pool, hand_n + deck_n - len(known_hand) - len(stolen), rng)
    rng.shuffle(unknown)
    cards = known_hand + unknown
    uids = list(range(next_uid, next_uid + len(cards)))
    for uid, cid in zip(uids, cards, strict=True):
        ids[uid] = cid
    next_uid += len(cards)
    hand = stolen + uids
    theirs.hand = hand[:hand_n]
    theirs.deck = hand[hand_n:]

    m.card_ids = [ids.get(uid, _FILLER) for uid in range(next_uid)]
    m.cards = [cat.card(c) for c in m.card_ids]
    m.originals = next_uid
    m.weather = [[v.uid, me if bel.owner.get(v.uid) == me else opp] for v in obs.weather]
    m.phase, m.round = PLAYING, obs.round
    m.current = obs.turn if obs.turn is not None else me
    m.first = first_player(obs)
    m.results = [(r.scores, r.winner) for r in obs.rounds]
    if obs.pending is not None and obs.pending.player == me:
        m.pending = Pending(obs.pending.kind, me, tuple(v.uid for v in obs.pending.options))
    return m
