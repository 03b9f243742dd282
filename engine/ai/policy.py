"""A fast Gwent playing policy: move values, passing strategy, follow-up choices.

The policy reads a Match, but only what its player may know: the board, both discard piles,
the weather, gems, the opponent's hand *count*, and its own hand and deck contents (never
the order). It is what the `normal` level plays, and what the `hard` level's search uses to
play matches out inside determinizations, where it must be quick: move values are
estimated from row strengths without applying the move.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from engine.actions import CHOOSE, LEADER, PASS, PLAY, Action
from engine.cards import UNIT, WEATHER, Card, catalogue
from engine.match import Match
from engine.pending import DECK_DRAW, DECK_WEATHER, MEDIC, RESTORE
from engine.scoring import row_strengths

CARD = 6.0  # what one more card in hand is worth, in strength points
LEADER_RESERVE = 3.0  # keeping the leader for later is worth something too
HOPELESS = 0.7  # round 1: give up once the deficit exceeds this share of the hand's worth


@dataclass(frozen=True, slots=True)
class Style:
    """How a policy plays: randomness and round-1 temperament."""

    epsilon: float = 0.0  # chance of a random card play instead of the best one
    jitter: float = 0.0  # random spread on pass thresholds, in points
    commit: float = 0.9  # how much a card's own worth counts against playing it early


SHARP = Style()
ROLLOUT = Style(epsilon=0.1, jitter=4.0)


@cache
def worth(card_id: str) -> float:
    """Return what holding the card is worth, roughly, on a neutral board."""
    c = catalogue().card(card_id)
    a = c.abilities
    if c.type == WEATHER:
        return 3.0 if "clear_weather" in a else 5.0
    if c.type != UNIT:
        if "commanders_horn" in a:
            return 8.0
        if "scorch" in a:
            return 6.0
        if "decoy" in a:
            return 5.0
        return 4.0
    s = float(c.strength)
    if "spy" in a:
        return 2 * CARD - s * 0.5
    if c.hero:
        s += 2.0
    if "medic" in a:
        s += CARD
    if c.musters is not None:
        s *= 2.5
    if "tight_bond" in a:
        s *= 1.5
    if "morale_boost" in a or "commanders_horn" in a:
        s += 3.0
    if a & {"scorch_close", "scorch_ranged", "scorch_siege", "scorch"}:
        s += 3.0
    if "berserker" in a:
        s += 4.0
    if "summon_avenger" in a:
        s += 8.0
    return s


@cache
def threat(card_id: str) -> float:
    """Return what a card adds to its owner's side when played (a spy adds nothing)."""
    if "spy" in catalogue().card(card_id).abilities:
        return 0.0
    return worth(card_id)


_ROW_CACHE: dict[tuple[object, ...], int] = {}


def row_sum(cards: list[Card], horn: bool, weather: bool, half: bool, spies2: bool) -> int:
    """Total strength of a row holding these cards (memoized: rows repeat in playouts)."""
    key = (horn, weather, half, spies2, *[c.id for c in cards])
    total = _ROW_CACHE.get(key)
    if total is None:
        if len(_ROW_CACHE) > 200_000:
            _ROW_CACHE.clear()
        total = sum(row_strengths(cards, horn, weather, half, spies2))
        _ROW_CACHE[key] = total
    return total


class Eval:
    """Quick estimates of move values for player p in a match, without applying moves."""

    def __init__(self, m: Match, p: int) -> None:
        self.m, self.p, self.o = m, p, 1 - p
        self.st = m.strengths()
        self.stormy = m.weather_rows() if m.weather else set()
        pas = m.passives()
        self.half = (pas[0] == "half_weather", pas[1] == "half_weather")
        self.spies2 = "double_spies" in pas
        self.random_revive = "random_revive" in pas
        self.totals = (m.total(0), m.total(1))
        self.lead = self.totals[p] - self.totals[self.o]
        self.cards = m.cards
        self._gains: dict[tuple[str, int | None, int | None], float] = {}
        self._plain: dict[int, bool] = {}

    # ------------------------------------------------------------ rows

    def row_total(self, s: int, r: int) -> int:
        """Current total of a row."""
        return sum(self.st[s][r])

    def row_with(self, s: int, r: int, extra: list[Card], horn: bool | None = None,
                 weather: bool | None = None, drop: int | None = None) -> int:
        """Row total after adding cards / changing horn or weather / removing a card."""
        side = self.m.sides[s]
        cards = [self.cards[u] for u in side.rows[r] if u != drop] + extra
        if not cards:
            return 0
        h = side.horns[r] is not None if horn is None else horn
        w = r in self.stormy if weather is None else weather
        return row_sum(cards, h, w, self.half[s], self.spies2)

    def wins_ties(self, p: int) -> bool:
        """True when a drawn round goes to p (Nilfgaard against another faction)."""
        f = [s.faction for s in self.m.sides]
        return f[p] == "nilfgaard" and f[1 - p] != "nilfgaard"

    def last_round(self) -> bool:
        """True when this round ends the match (each player has one gem left)."""
        return self.m.sides[0].gems == 1 and self.m.sides[1].gems == 1

    def ahead(self, lead: float) -> bool:
        """True when a round ending with this lead is won by p."""
        return lead > 0 or (lead == 0 and self.wins_ties(self.p))

    # ------------------------------------------------------------ moves

    def unit_gain(self, uid: int, row: int | None) -> float:
        """Board lead change from playing a unit (spies included), plus ability extras."""
        m, p, o = self.m, self.p, self.o
        card = self.cards[uid]
        a = card.abilities
        r = card.rows[0] if row is None else row
        if not a and (card.hero or self.plain_row(r)):
            return float(card.strength)  # nothing on the row changes its strength
        if "spy" in a:
            before = self.row_total(o, r)
            after = self.row_with(o, r, [card])
            draws = min(2, len(m.sides[p].deck))
            return -(after - before) + CARD * draws
        placed: dict[int, list[Card]] = {r: [card]}
        side = m.sides[p]
        if card.transforms_into and "berserker" in a and self._mardroeme(r):
            placed[r] = [catalogue().card(card.transforms_into)]
        if card.musters is not None:
            group = card.musters
            for u in side.hand:
                if u != uid and self.cards[u].muster_group == group:
                    c = self.cards[u]
                    placed.setdefault(r if r in c.rows else c.rows[0], []).append(c)
            for u in side.deck:
                if self.cards[u].muster_group == group:
                    c = self.cards[u]
                    placed.setdefault(r if r in c.rows else c.rows[0], []).append(c)
        gain = 0.0
        for rr, extra in placed.items():
            gain += self.row_with(p, rr, extra) - self.row_total(p, rr)
        if "mardroeme" in a:
            gain += self._transform_gain(r)
        for ability, target in (("scorch_close", 0), ("scorch_ranged", 1), ("scorch_siege", 2)):
            if ability in a:
                gain += sum(self.st[o][target][self.m.sides[o].rows[target].index(v)]
                            for _, _, v in m.scorch_row_victims(o, target))
        if "scorch" in a:
            gain += self.scorch_gain(exclude=uid)
        if "medic" in a:
            gain += self.revive_value()
        return gain

    def plain_row(self, r: int) -> bool:
        """True when p's row r changes no unit's strength: no horn, weather or Morale Boost."""
        plain = self._plain.get(r)
        if plain is None:
            side = self.m.sides[self.p]
            plain = self._plain[r] = side.horns[r] is None and r not in self.stormy and not any(
                "morale_boost" in self.cards[u].abilities
                or "commanders_horn" in self.cards[u].abilities for u in side.rows[r])
        return plain

    def _mardroeme(self, r: int) -> bool:
        side = self.m.sides[self.p]
        return side.mardroeme[r] is not None or any(
            "mardroeme" in self.cards[u].abilities for u in side.rows[r])

    def _transform_gain(self, r: int) -> float:
        side = self.m.sides[self.p]
        cards = [self.cards[u] for u in side.rows[r]]
        if not any(c.transforms_into and "berserker" in c.abilities for c in cards):
            return 0.0
        cat = catalogue()
        new = [cat.card(c.transforms_into) if c.transforms_into and "berserker" in c.abilities
               else c for c in cards]
        return self.row_with_cards(r, new) - self.row_total(self.p, r)

    def row_with_cards(self, r: int, cards: list[Card]) -> int:
        """Total of my row r if it held exactly these cards."""
        side = self.m.sides[self.p]
        return row_sum(cards, side.horns[r] is not None, r in self.stormy,
                       self.half[self.p], self.spies2)

    def scorch_gain(self, exclude: int | None = None) -> float:
        """Lead change from a Scorch over the whole board."""
        best = -1
        victims: list[tuple[int, int]] = []
        for s in (0, 1):
            for r, row in enumerate(self.m.sides[s].rows):
                for i, uid in enumerate(row):
                    c = self.cards[uid]
                    if c.type != UNIT or c.hero or uid == exclude:
                        continue
                    v = self.st[s][r][i]
                    if v > best:
                        best, victims = v, [(s, v)]
                    elif v == best:
                        victims.append((s, v))
        return float(sum(v if s == self.o else -v for s, v in victims))

    def revive_value(self) -> float:
        """Value of a Medic's revival (the best pick, or the average if random)."""
        options = self.m.medic_options(self.p)
        if not options:
            return 0.0
        values = [self.revive_one(u) for u in options]
        if self.random_revive:
            return sum(values) / len(values)
        return max(values)

    def revive_one(self, uid: int) -> float:
        """Value of reviving one unit (without chaining further medics)."""
        c = self.cards[uid]
        if "spy" in c.abilities:
            return CARD * min(2, len(self.m.sides[self.p].deck)) - c.strength
        if "medic" in c.abilities:
            return c.strength + 3.0
        r = c.rows[0]
        return float(self.row_with(self.p, r, [c]) - self.row_total(self.p, r))

    def weather_gain(self, card: Card) -> float:
        """Lead change from a weather card (or Clear Weather)."""
        g = 0.0
        if "clear_weather" in card.abilities:
            for r in self.stormy:
                g += self.row_with(self.p, r, [], weather=False) - self.row_total(self.p, r)
                g -= self.row_with(self.o, r, [], weather=False) - self.row_total(self.o, r)
            return g
        for r in card.rows:
            if r in self.stormy:
                continue
            g += self.row_total(self.o, r) - self.row_with(self.o, r, [], weather=True)
            g -= self.row_total(self.p, r) - self.row_with(self.p, r, [], weather=True)
        return g

    def decoy_gain(self, target: int) -> float:
        """Lead change from taking a unit back, plus what the returned card brings."""
        p = self.p
        for r, row in enumerate(self.m.sides[p].rows):
            if target in row:
                loss = self.row_total(p, r) - self.row_with(p, r, [], drop=target)
                c = self.cards[target]
                back = 0.0
                if "spy" in c.abilities:
                    # Played back onto their side it draws two cards and gives them its
                    # strength; a Decoy has few better uses.
                    back = 2 * CARD - c.strength + 3.0
                elif "medic" in c.abilities and self.m.medic_options(p):
                    back = 0.5 * self.revive_value() + c.strength
                elif self.last_round():
                    # No later round to keep it for: it is worth only its replay here.
                    back = float(self.row_with(p, r, [c], drop=target)
                                 - self.row_with(p, r, [], drop=target))
                elif c.musters is None:
                    back = 0.6 * c.strength
                return back - loss
        return -10.0

    def leader_gain(self) -> float:
        """Lead change (or card gain) from the player's leader ability."""
        m, p, o = self.m, self.p, self.o
        leader = m.leader_card(p).leader
        if leader is None:
            return 0.0
        kind = leader.ability
        side = m.sides[p]
        if kind == "horn_row" and leader.row is not None:
            r = leader.row
            return float(self.row_with(p, r, [], horn=True) - self.row_total(p, r))
        if kind == "scorch_row" and leader.row is not None:
            r = leader.row
            return float(sum(self.st[o][r][m.sides[o].rows[r].index(v)]
                             for _, _, v in m.scorch_row_victims(o, r)))
        if kind == "clear_weather":
            return self.weather_gain(catalogue().card("clear_weather"))
        if kind == "weather_from_deck":
            best = 0.0
            for u in side.deck:
                c = self.cards[u]
                if c.type == WEATHER and (leader.card is None or c.id == leader.card):
                    best = max(best, self.weather_gain(c))
            return best + CARD  # a card from the deck, not from hand
        if kind in ("draw_from_deck", "restore_from_discard"):
            return CARD + 1.0
        if kind == "optimize_agile":
            return 2.0
        if kind == "reveal_hand":
            return 0.5
        if kind == "recycle_graveyards":
            return 0.0
        return 0.0

    def gain(self, a: Action) -> float:
        """Immediate value of an action: board lead change plus cards gained."""
        if a.card is not None:
            card = self.cards[a.card]
            if not card.abilities and card.type == UNIT and (
                    card.hero or self.plain_row(card.rows[0] if a.row is None else a.row)):
                return float(card.strength)  # the common case, as unit_gain finds it
        key = (self.cards[a.card].id, a.row, a.target) if a.card is not None else ("", 0, 0)
        value = self._gains.get(key)
        if value is None:
            value = self._gain(a)
            self._gains[key] = value
        return value

    def _gain(self, a: Action) -> float:
        if a.kind == LEADER:
            return self.leader_gain()
        if a.kind != PLAY or a.card is None:
            return 0.0
        card = self.cards[a.card]
        if card.type == UNIT:
            return self.unit_gain(a.card, a.row)
        if card.type == WEATHER:
            return self.weather_gain(card)
        ab = card.abilities
        if "decoy" in ab:
            return self.decoy_gain(a.target) if a.target is not None else -10.0
        if "commanders_horn" in ab and a.row is not None:
            return float(self.row_with(self.p, a.row, [], horn=True)
                         - self.row_total(self.p, a.row))
        if "mardroeme" in ab and a.row is not None:
            return self._transform_gain(a.row)
        if "scorch" in ab:
            return self.scorch_gain()
        return 0.0

    def board_gain(self, a: Action) -> float:
        """Board lead change only (spies count their strength against us, no draws)."""
        if a.kind == PLAY and a.card is not None and "spy" in self.cards[a.card].abilities:
            c = self.cards[a.card]
            r = c.rows[0]
            return -float(self.row_with(self.o, r, [c]) - self.row_total(self.o, r))
        if a.kind == PLAY and a.card is not None and "decoy" in self.cards[a.card].abilities:
            p = self.p
            for r, row in enumerate(self.m.sides[p].rows):
                if a.target in row:
                    return -float(self.row_total(p, r) - self.row_with(p, r, [], drop=a.target))
            return 0.0
        if a.kind == LEADER:
            kind = self._leader_kind()
            if kind in ("draw_from_deck", "restore_from_discard", "reveal_hand",
                        "recycle_graveyards"):
                return 0.0
            if kind == "weather_from_deck":
                return self.leader_gain() - CARD
        return self.gain(a)

    def out_of_reach(self, k: int) -> bool:
        """True when p leads by more than the opponent's best k cards and leader can swing."""
        if not self.ahead(self.lead):
            return False
        side = self.m.sides[self.o]
        units = sorted((threat(c.id) for c in (self.cards[u] for u in (*side.hand, *side.deck))
                        if c.type == UNIT), reverse=True)
        if sum(units[:k]) >= self.lead:
            return False  # their plain units alone may catch up: no need to look further
        return self.lead > self.threat(k)

    def threat(self, k: int) -> float:
        """What the opponent's best k cards (and unused leader) could still swing, judged on
        all of their unseen cards together (which of them are in hand is not known).

        A spy among those k cards draws two more cards to play (as far as their deck
        allows), and so does a Medic that can revive one of their spies."""
        side = self.m.sides[self.o]
        them = Eval(self.m, self.o)
        by_id: dict[str, float] = {}
        values = []
        spies = 0
        revives_spy = any("spy" in self.cards[u].abilities for u in self.m.medic_options(self.o))
        for u in (*side.hand, *side.deck):
            c = self.cards[u]
            if "spy" in c.abilities:
                spies += 1
                continue
            if revives_spy and "medic" in c.abilities:
                spies += 1
            v = by_id.get(c.id)
            if v is None:
                v = by_id[c.id] = them.swing(c)
            values.append(v)
        values.sort(reverse=True)
        s = min(spies, k)
        total = sum(values[:max(k, k - s + min(2 * s, len(side.deck)))])
        if not side.leader_used and self.m.active_leader(self.o) is not None:
            total += max(them.leader_gain(), 0.0)
        return total

    def hand_power(self) -> float:
        """What p's hand could add, card by card, spies apart."""
        return sum(threat(self.cards[u].id) for u in self.m.sides[self.p].hand)

    def swing(self, c: Card) -> float:
        """Roughly how much playing the card (from hand) moves p's lead."""
        a = c.abilities
        if c.type == WEATHER:
            return max(self.weather_gain(c), 0.0)
        if c.type != UNIT:
            if "scorch" in a:
                return max(self.scorch_gain(), 0.0)
            if "commanders_horn" in a:
                return float(max(self.row_with(self.p, r, [], horn=True)
                                 - self.row_total(self.p, r) for r in range(3)))
            return 2.0
        return threat(c.id)

    def _leader_kind(self) -> str:
        leader = self.m.leader_card(self.p).leader
        return leader.ability if leader is not None else ""

    def cost(self, a: Action) -> float:
        """What the action spends: the card's worth (or the leader's reserve)."""
        if a.kind == LEADER:
            return LEADER_RESERVE
        if a.card is None:
            return 0.0
        return worth(self.cards[a.card].id)


# ------------------------------------------------------------------ choices


def choose_option(m: Match, p: int, legal: list[Action]) -> Action:
    """Answer a follow-up choice: Medic revival or a leader's pick."""
    pending = m.pending
    assert pending is not None
    ev = Eval(m, p)
    kind = pending.kind
    best, best_v = legal[0], -1e9
    for a in legal:
        if a.card is None:
            continue
        c = m.cards[a.card]
        if kind == MEDIC:
            spy = "spy" in c.abilities
            v = ev.revive_one(a.card) if spy else ev.unit_gain(a.card, a.row)
        elif kind == DECK_WEATHER:
            v = ev.weather_gain(c)
        elif kind in (DECK_DRAW, RESTORE):
            v = worth(c.id) + (4.0 if "spy" in c.abilities else 0.0)
        else:
            v = 0.0
        if v > best_v:
            best, best_v = a, v
    return best


# ------------------------------------------------------------------ passing


def _round_state(m: Match, p: int) -> tuple[int, int, int, int, bool]:
    me, op = m.sides[p], m.sides[1 - p]
    return me.gems, op.gems, len(me.hand), len(op.hand), op.passed


def choose_action(m: Match, p: int, style: Style, rng: random.Random) -> Action:
    """Return the policy's action for player p (playing phase, p to act)."""
    legal = m.legal_actions(p)
    if m.pending is not None:
        return choose_option(m, p, [a for a in legal if a.kind == CHOOSE])
    plays = legal[:-2]  # the playing phase lists plays, the leader, then pass and forfeit
    pass_ = legal[-2]
    if not plays:
        return pass_
    ev = Eval(m, p)
    g_me, g_op, h_me, h_op, op_passed = _round_state(m, p)
    lead = ev.lead
    jitter = rng.uniform(-style.jitter, style.jitter) if style.jitter else 0.0
    if op_passed:
        return _answer_pass(m, p, ev, plays, jitter)

    if g_me == 1:
        # Losing this round loses the match: keep playing while it helps, and stop once
        # the lead is beyond what the opponent's remaining cards can plausibly swing.
        if ev.out_of_reach(h_op):
            return pass_
        gains = [ev.gain(a) for a in plays]
        if max(gains) <= 0 and ev.ahead(lead):
            return pass_
        # Ahead but not out of reach: hold the lead with cheap cards, keep the strong ones.
        return _best(plays, gains, ev, style, rng, commit=1.5 if ev.ahead(lead) else 0.4)

    diff = h_me - h_op
    if g_op == 1:
        # We won a round already: the opponent must win this one. Passing while ahead
        # makes them spend; with the lead lost and cards to spare, save them for round 3.
        if ev.ahead(lead) and (diff <= 1 or lead > 8 + jitter):
            return pass_
        if not ev.ahead(lead) and diff >= 1 and -lead > 10 + jitter:
            return pass_
        if not ev.ahead(lead) and diff >= 2:
            return pass_
        return _tempo(plays, ev, style, rng)

    # Round 1 (or after a drawn round): win it without falling behind in cards.
    if ev.ahead(lead):
        if diff <= 0 and lead > 6 + jitter:
            return pass_
        if lead > 10 + 3 * diff + jitter:
            return pass_
    else:
        if diff >= 2 and -lead > 10 + jitter and h_op <= 8:
            return pass_
        if -lead > HOPELESS * ev.hand_power() and not any(
                ev.gain(a) - ev.board_gain(a) >= CARD for a in plays):
            return pass_  # the round is lost anyway, and no play brings cards: keep them
    return _tempo(plays, ev, style, rng)


def _answer_pass(m: Match, p: int, ev: Eval, plays: list[Action], jitter: float) -> Action:
    """The opponent has passed: win the round if it is worth it, else pass."""
    pass_ = Action(p, PASS)
    lead = ev.lead
    g_me, g_op, h_me, h_op, _ = _round_state(m, p)
    if ev.ahead(lead):
        if g_op >= 2:
            # The match goes on after this round: take free cards (spies that keep us
            # ahead).
            for a in plays:
                if _draws_cards(m, a) and ev.ahead(lead + ev.board_gain(a)):
                    return a
        return pass_
    board = [ev.board_gain(a) for a in plays]
    need = -lead + (0 if ev.wins_ties(p) else 1)
    winners = [(ev.cost(a), i) for i, a in enumerate(plays) if board[i] >= need]
    reachable = sum(b for b in board if b > 0) >= need
    if g_me == 1 or (g_op == 1 and reachable):
        # This round decides the match: use whatever it takes.
        if winners:
            return plays[min(winners)[1]]
        spies = [a for a in plays if _draws_cards(m, a)]
        if spies:
            return spies[0]
        i = max(range(len(plays)), key=lambda i: (board[i], -ev.cost(plays[i])))
        return plays[i] if board[i] > 0 else pass_
    # Both have gems to spare: win the round only if it is cheap.
    if winners and min(winners)[0] <= 12 + jitter:
        return plays[min(winners)[1]]
    order = sorted(board, reverse=True)
    if len(order) >= 2 and order[0] + order[1] >= need and h_me - 2 >= h_op + 1:
        return plays[max(range(len(plays)), key=lambda i: board[i])]
    return pass_


def _tempo(plays: list[Action], ev: Eval, style: Style, rng: random.Random) -> Action:
    """A round still open on both sides: take the lead as cheaply as possible."""
    if style.epsilon and rng.random() < style.epsilon:
        return rng.choice(plays)
    gains = [ev.gain(a) for a in plays]
    if not ev.ahead(ev.lead):
        spies = [i for i, a in enumerate(plays) if _draws_cards(ev.m, a)]
        if spies:
            return plays[max(spies, key=lambda i: gains[i])]
        need = -ev.lead + (0 if ev.wins_ties(ev.p) else 1)
        winners = [(ev.cost(a) - 0.3 * gains[i], i) for i, a in enumerate(plays)
                   if gains[i] >= need and ev.board_gain(a) >= need]
        if winners:
            return plays[min(winners)[1]]
    return _best(plays, gains, ev, style, rng, commit=style.commit)


def _draws_cards(m: Match, a: Action) -> bool:
    if a.kind != PLAY or a.card is None:
        return False
    c = m.cards[a.card]
    if "spy" in c.abilities:
        return bool(m.sides[a.player].deck)
    return False


def _best(plays: list[Action], gains: list[float], ev: Eval, style: Style,
          rng: random.Random, commit: float) -> Action:
    if style.epsilon and rng.random() < style.epsilon:
        return rng.choice(plays)
    best_i, best_v = 0, -1e9
    for i, a in enumerate(plays):
        v = gains[i] - commit * ev.cost(a)
        if v > best_v:
            best_i, best_v = i, v
    return plays[best_i]
