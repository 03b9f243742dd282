"""A match of classic Gwent: setup, legal actions, applying actions, rounds and the end."""

from __future__ import annotations

import json
from functools import cache
from operator import attrgetter
from typing import Any

from engine import events, leaders, view
from engine.actions import (
    CHOOSE,
    FIRST,
    FORFEIT,
    KEEP,
    LEADER,
    MULLIGAN,
    PASS,
    PLAY,
    Action,
    IllegalAction,
)
from engine.cards import (
    CLOSE,
    RANGED,
    UNIT,
    WEATHER,
    Card,
    LeaderAbility,
    catalogue,
)
from engine.decks import Deck
from engine.events import Event, Line, Value, event_from_data, event_to_data, line
from engine.explain import explain
from engine.observation import CHOOSE_FIRST, OVER, PLAYING, Observation
from engine.observation import MULLIGAN as MULLIGAN_PHASE
from engine.pending import MEDIC, Pending
from engine.rng import Rng
from engine.scoring import lone_strength, row_strengths
from engine.side import LEADER_HORN, Side

HAND_SIZE = 10
SPY_DRAW = 2

# An action whose number fields are plain ints (or None) and that equals a legal action
# is that action; other types (a bool or a float equals an int) take the full check.
_NUMBER = frozenset({int, type(None)})

_BARE_ACTIONS = tuple({kind: Action(p, kind) for kind in (KEEP, LEADER, PASS, FORFEIT)}
                      for p in (0, 1))
_FIXED_PLAYS: dict[tuple[int, int, str], tuple[Action, ...]] = {}


class _Redraws(dict[int, Action]):
    """A player's redraw of each card number, made at its first use."""

    def __init__(self, player: int) -> None:
        super().__init__()
        self.player = player

    def __missing__(self, uid: int) -> Action:
        redraw = self[uid] = Action(self.player, MULLIGAN, uid)
        return redraw


_REDRAWS = (_Redraws(0), _Redraws(1))


def _fixed_plays(p: int, uid: int, card: Card) -> tuple[Action, ...]:
    """Return (and remember) the ways to play a card that never depend on the board; empty
    for Decoy, Commander's Horn and Mardroeme, whose rows or targets do."""
    fixed = _FIXED_PLAYS.get((p, uid, card.id))
    if fixed is not None:
        return fixed
    abilities = card.abilities
    if card.type == UNIT and card.agile and "spy" not in abilities:
        fixed = tuple(Action(p, PLAY, uid, r) for r in card.rows)
    elif card.type in (UNIT, WEATHER) or not abilities & {"decoy", "commanders_horn",
                                                          "mardroeme"}:
        fixed = (Action(p, PLAY, uid),)
    else:
        fixed = ()
    if len(_FIXED_PLAYS) > 100_000:  # card numbers and ids are few; this bounds odd uses
        _FIXED_PLAYS.clear()
    _FIXED_PLAYS[(p, uid, card.id)] = fixed
    return fixed


@cache
def _decoy_play(p: int, uid: int, target: int) -> Action:
    """Return (and remember) the play of a Decoy on a target."""
    return Action(p, PLAY, uid, target=target)


@cache
def _row_plays(p: int, uid: int) -> tuple[Action, ...]:
    """Return (and remember) the plays of a card on each row, in row order."""
    return tuple(Action(p, PLAY, uid, r) for r in range(3))


_LINKS = attrgetter("links")  # see scoring.links

# How a unit comes onto the board: the templates of its line on a row, and as a spy.
_PLAYED = (events.PLAYS_ON, events.PLAYS_SPY)
_REVIVED = (events.REVIVES_ON, events.REVIVES_SPY)
_REVIVED_AT_RANDOM = (events.REVIVES_AT_RANDOM_ON, events.REVIVES_AT_RANDOM_SPY)

_LeaderInfo = tuple[list[Card], list[str | None], list[LeaderAbility | None]]
# A row's cards, horn and weather flags; its strengths, their total, and whether a card
# links the strengths of others (see scoring.links).
_RowMemo = tuple[list[int], bool, bool, list[int], int, bool]


class Match:
    """The whole state of one match, mutated in place by apply()."""

    def __init__(self) -> None:
        self.seed = 0
        self.decks: tuple[Deck, ...] = ()
        self.rng = Rng(0)
        self.card_ids: list[str] = []
        self.cards: list[Card] = []
        self.originals = 0
        self.sides: list[Side] = []
        self.phase = CHOOSE_FIRST
        self.round = 0
        self.current = 0
        self.first = 0
        self.chooser: int | None = None
        self.pending: Pending | None = None
        self.weather: list[list[int]] = []
        self.banished: list[int] = []
        self.results: list[tuple[tuple[int, int], int | None]] = []
        self.winner: int | None = None
        self.forfeited_by: int | None = None
        self.events: list[Event] = []
        self.history: list[Action] = []
        self.highlight: list[int] = []
        self.mark = 0
        self._legal: list[list[Action] | None] = [None, None]  # until the next action
        self._scores: list[list[list[int]]] | None = None
        self._sums = [0, 0]
        self._touched: list[int] = []  # rows changed since _scores, see _changed_row()
        self._rows: list[_RowMemo | None] = [None] * 6
        # Per player, the ways to play each card number that never depend on the board
        # (a card number keeps its card for the whole match; each clone starts its own, as
        # a clone may be given other cards).
        self._fixed: tuple[dict[int, tuple[Action, ...]], ...] = ({}, {})
        self._leaders: _LeaderInfo | None = None

    # ----------------------------------------------------------------- setup

    @classmethod
    def new(cls, decks: tuple[Deck, Deck], seed: int,
            names: tuple[str, str] = ("Player 1", "Player 2")) -> Match:
        """Start a match: assign card numbers, shuffle, toss the coin."""
        m = cls()
        m.seed = seed
        m.decks = tuple(decks)
        m.rng = Rng(seed)
        cards = catalogue().cards
        for p, deck in enumerate(decks):
            side = Side(names[p], deck.faction, deck.leader)
            ids = deck.card_list()
            side.deck = list(range(len(m.card_ids), len(m.card_ids) + len(ids)))
            m.card_ids += ids
            m.cards += map(cards.__getitem__, ids)
            m.rng.shuffle(side.deck)
            m.sides.append(side)
        m.originals = len(m.card_ids)
        # The coin is tossed even when a Scoia'tael player decides instead, so that every
        # seed deals as it always has.
        m.first = m.rng.below(2)
        scoiatael = [p for p in (0, 1) if decks[p].faction == "scoiatael"]
        if len(scoiatael) == 1:
            m.chooser = scoiatael[0]
            m._log(events.SCOIATAEL_DECIDES, player=m.sides[m.chooser].name)
        else:
            m._log(events.COIN, player=m.sides[m.first].name)
            m._start_mulligan()
        return m

    def _add_card(self, card_id: str) -> int:
        self.card_ids.append(card_id)
        self.cards.append(catalogue().card(card_id))
        return len(self.card_ids) - 1

    def _start_mulligan(self) -> None:
        self.phase = MULLIGAN_PHASE
        for p in (0, 1):
            count = HAND_SIZE + (1 if self._passive(p, "extra_starting_card") else 0)
            self._draw(p, count)
        self._log(events.HANDS_DRAWN)

    # ------------------------------------------------------------- queries

    @property
    def is_over(self) -> bool:
        """True once the match has ended."""
        return self.phase == OVER

    @property
    def action_count(self) -> int:
        """How many actions have been applied."""
        return len(self.history)

    def card(self, uid: int) -> Card:
        """Return the card definition of a card number."""
        return self.cards[uid]

    def leader_card(self, player: int) -> Card:
        """Return a player's leader card."""
        return (self._leaders or self._leader_info())[0][player]

    def leader_cancelled(self, player: int) -> bool:
        """True when the opponent's leader cancels this player's leader."""
        other = self.leader_card(1 - player).leader
        return other is not None and other.ability == "cancel_opponent_leader"

    def _leader_info(self) -> _LeaderInfo:
        """Leader cards, their passive abilities in effect and their active abilities not
        cancelled; leaders never change."""
        if self._leaders is None:
            cards = [catalogue().card(s.leader) for s in self.sides]
            self._leaders = (cards, [None, None], [None, None])
            for p in (0, 1):
                leader = cards[p].leader
                if leader is None or self.leader_cancelled(p):
                    continue
                if leader.passive:
                    self._leaders[1][p] = leader.ability
                else:
                    self._leaders[2][p] = leader
        return self._leaders

    def passives(self) -> tuple[str | None, str | None]:
        """Return each side's passive leader ability in effect (None when there is none)."""
        info = self._leader_info()[1]
        return info[0], info[1]

    def active_leader(self, player: int) -> LeaderAbility | None:
        """Return the player's active leader ability unless it is passive or cancelled
        (used or not)."""
        return (self._leaders or self._leader_info())[2][player]

    def _passive(self, player: int, ability: str) -> bool:
        return (self._leaders or self._leader_info())[1][player] == ability

    def _either_passive(self, ability: str) -> bool:
        return ability in self._leader_info()[1]

    def weather_rows(self) -> set[int]:
        """Return the rows under active weather."""
        return {r for uid, _ in self.weather for r in self.cards[uid].rows}

    def has_mardroeme(self, player: int, row: int) -> bool:
        """True when a Mardroeme affects that row of that side."""
        side = self.sides[player]
        if side.mardroeme[row] is not None:
            return True
        return any("mardroeme" in self.cards[u].abilities for u in side.rows[row])

    def strengths(self) -> list[list[list[int]]]:
        """Return current strengths as [side][row][position]."""
        scores = self._scores
        if scores is None:
            scores, self._sums = self._score_rows(self._rows)
            self._scores = scores
        elif self._touched:
            scores = self._rescore_touched(scores)
        return scores

    def _rescore_touched(self, scores: list[list[list[int]]]) -> list[list[list[int]]]:
        """Recompute only the rows marked by _changed_row() since the last computation."""
        sides = [list(scores[0]), list(scores[1])]
        sums = list(self._sums)
        stormy = self.weather_rows() if self.weather else ()
        passives = (self._leaders or self._leader_info())[1]
        for slot in set(self._touched):
            p, r = divmod(slot, 3)
            row = self.sides[p].rows[r]
            horn = self.sides[p].horns[r] is not None
            storm = r in stormy
            cards = list(map(self.cards.__getitem__, row))
            strengths = row_strengths(cards, horn, storm, passives[p] == "half_weather",
                                      "double_spies" in passives)
            total = sum(strengths)
            sums[p] += total - sum(sides[p][r])
            sides[p][r] = strengths
            self._rows[slot] = (row[:], horn, storm, strengths, total, any(map(_LINKS, cards)))
        self._touched = []
        self._scores, self._sums = sides, sums
        return sides

    def fresh_strengths(self) -> list[list[list[int]]]:
        """Return the strengths computed from scratch, bypassing every cache."""
        return self._score_rows([None] * 6)[0]

    def _score_rows(self, memo: list[_RowMemo | None]) -> tuple[list[list[list[int]]], list[int]]:
        """Compute the strengths and side totals, reusing each row of `memo` whose cards,
        horn and weather are unchanged (and updating the others)."""
        stormy = self.weather_rows() if self.weather else ()
        passives = (self._leaders or self._leader_info())[1]
        spies = "double_spies" in passives
        cards = self.cards
        scores: list[list[list[int]]] = []
        sums = [0, 0]
        for p in (0, 1):
            side = self.sides[p]
            horns = side.horns
            rows: list[list[int]] = []
            for r in (0, 1, 2):
                row = side.rows[r]
                if not row:
                    rows.append([])
                    continue
                horn = horns[r] is not None
                storm = r in stormy
                known = memo[3 * p + r]
                if known is None or known[0] != row or known[1] != horn or known[2] != storm:
                    held = list(map(cards.__getitem__, row))
                    strengths = row_strengths(held, horn, storm, passives[p] == "half_weather",
                                              spies)
                    known = memo[3 * p + r] = (row[:], horn, storm, strengths, sum(strengths),
                                               any(map(_LINKS, held)))
                rows.append(known[3])
                sums[p] += known[4]
            scores.append(rows)
        return scores, sums

    def strengths_if(self, player: int, row: int, cells: list[int]) -> list[int]:
        """Return the strengths a row would have holding these cards (same horn and weather)."""
        passives = (self._leaders or self._leader_info())[1]
        horn = self.sides[player].horns[row] is not None
        stormy = row in self.weather_rows() if self.weather else False
        return row_strengths([self.cards[u] for u in cells], horn, stormy,
                             passives[player] == "half_weather", "double_spies" in passives)

    def row_total(self, player: int, row: int) -> int:
        """Return the strength total of one row."""
        return sum(self.strengths()[player][row])

    def total(self, player: int) -> int:
        """Return a player's board total."""
        if self._scores is None or self._touched:
            self.strengths()
        return self._sums[player]

    def row_horned(self, player: int, row: int) -> bool:
        """True when any horn effect doubles that row."""
        side = self.sides[player]
        return side.horns[row] is not None or any(
            self.cards[u].type == UNIT and "commanders_horn" in self.cards[u].abilities
            for u in side.rows[row])

    def _changed(self) -> None:
        self._scores = None
        self._touched = []

    def _changed_row(self, player: int, row: int) -> None:
        """Note that only this row changed (its cards or its horn) since the strengths were
        computed."""
        if self._scores is not None:
            self._touched.append(3 * player + row)

    def _joined_row(self, player: int, row: int) -> None:
        """Note that a card was added at the end of this row. When no card of the row links
        the strengths of others, only the new card's strength is computed."""
        scores = self._scores
        if scores is None:
            return
        slot = 3 * player + row
        cells = self.sides[player].rows[row]
        card = self.cards[cells[-1]]
        if slot in self._touched or card.links:
            self._touched.append(slot)
            return
        horn = self.sides[player].horns[row] is not None
        storm = row in self.weather_rows() if self.weather else False
        if len(cells) == 1:
            before: list[int] = []
            total = 0
        else:
            known = self._rows[slot]
            if (known is None or known[5] or known[1] != horn or known[2] != storm
                    or known[0] != cells[:-1]):
                self._touched.append(slot)
                return
            before, total = known[3], known[4]
        passives = (self._leaders or self._leader_info())[1]
        strength = lone_strength(card, horn, storm, passives[player] == "half_weather",
                                 "double_spies" in passives)
        strengths = [*before, strength]
        self._rows[slot] = (cells[:], horn, storm, strengths, total + strength, False)
        # The lists are shared with clones: replace them, never change them.
        side = list(scores[player])
        side[row] = strengths
        self._scores = [side, scores[1]] if player == 0 else [scores[0], side]
        sums = self._sums[:]
        sums[player] += strength
        self._sums = sums

    # ------------------------------------------------------- legal actions

    def legal_actions(self, player: int) -> list[Action]:
        """Return every action the player may take now (forfeit last, if allowed).

        The list is shared with later calls until the next action: do not mutate it.
        """
        if player not in (0, 1):
            raise ValueError(f"player must be 0 or 1, not {player!r}")
        actions = self._legal[player]
        if actions is None:
            actions = self._legal[player] = self._generate(player)
        return actions

    def to_act(self) -> list[int]:
        """Return the players who have a move to make now (forfeiting aside)."""
        if self.phase == PLAYING:
            return [self.current] if self.pending is None else [self.pending.player]
        if self.phase == OVER:
            return []
        if self.phase == CHOOSE_FIRST:
            return [self.chooser] if self.chooser is not None else []
        return [p for p in (0, 1) if not self.sides[p].ready]  # redraws

    def _generate(self, p: int) -> list[Action]:
        phase = self.phase
        side = self.sides[p]
        if phase == PLAYING:
            pending = self.pending
            if pending is not None:
                out = self._choices(pending) if pending.player == p else []
            elif p == self.current and not side.passed:
                out = self._plays(p)
                if leaders.usable(self, p):
                    out.append(_BARE_ACTIONS[p][LEADER])
                out.append(_BARE_ACTIONS[p][PASS])
            else:
                out = []
        elif phase == OVER:
            return []
        elif phase == CHOOSE_FIRST:
            out = [Action(p, FIRST, target=0), Action(p, FIRST, target=1)] if (
                p == self.chooser) else []
        else:  # redraws
            out = []
            if not side.ready:
                out.append(_BARE_ACTIONS[p][KEEP])
                if side.mulligans_left > 0 and side.deck:
                    out += map(_REDRAWS[p].__getitem__, side.hand)
        out.append(_BARE_ACTIONS[p][FORFEIT])
        return out

    def _choices(self, pending: Pending) -> list[Action]:
        p = pending.player
        out: list[Action] = []
        for uid in pending.options:
            card = self.cards[uid]
            if pending.kind == MEDIC and card.agile:
                out.extend(Action(p, CHOOSE, uid, r) for r in card.rows)
            else:
                out.append(Action(p, CHOOSE, uid))
        return out

    def _plays(self, p: int) -> list[Action]:
        side = self.sides[p]
        cards = self.cards
        out: list[Action] = []
        known = self._fixed[p]
        for uid in side.hand:
            fixed = known.get(uid)
            if fixed is None:
                fixed = known[uid] = _fixed_plays(p, uid, cards[uid])
            if fixed:
                out += fixed
            elif "decoy" in cards[uid].abilities:
                out.extend(_decoy_play(p, uid, target) for target in self._decoy_targets(p))
            else:  # Commander's Horn or Mardroeme, on a row without one
                slots = side.horns if "commanders_horn" in cards[uid].abilities else side.mardroeme
                out.extend(play for play, slot in zip(_row_plays(p, uid), slots, strict=True)
                           if slot is None)
        return out

    def _decoy_targets(self, p: int) -> list[int]:
        return [u for row in self.sides[p].rows for u in row
                if self.cards[u].type == UNIT and not self.cards[u].hero]

    # ---------------------------------------------------------------- apply

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return the events it produced.

        Raises MalformedAction when the value is not an action at all, and
        IllegalAction, with the reason, when the rules do not allow it now.
        """
        p, kind, card, row, target = action
        if (type(p) is not int or type(card) not in _NUMBER or type(row) not in _NUMBER
                or type(target) not in _NUMBER or p not in (0, 1)
                or action not in self.legal_actions(p)):
            action.check_shape()  # MalformedAction unless the fields form an action
            if action not in self.legal_actions(p):
                raise IllegalAction(self._explain(action))
        self.mark = len(self.events)
        self.highlight = []
        self.history.append(action)
        self._legal = [None, None]
        if kind in (PLAY, LEADER, CHOOSE):
            before = self._totals()
            if kind == PLAY:
                self._play(p, action)
            elif kind == LEADER:
                leaders.use(self, p)
            else:
                self._choose(p, action)
            self._tag_delta(p, before)
            if self.pending is None and self.phase == PLAYING:
                self._end_turn(p)
        elif kind == PASS:
            self.sides[p].passed = True
            self._log(events.PASSES, player=self.sides[p].name)
            self._end_turn(p)
        elif kind in (MULLIGAN, KEEP):
            self._mulligan(p, card)
        elif kind == FIRST:
            self._choose_first(p, target or 0)
        else:
            self._forfeit(p)
        return self.events[self.mark:]

    def _explain(self, action: Action) -> str:
        return explain(self, action)

    def observation(self, viewer: int | None) -> Observation:
        """Return what a player (0 or 1) or a spectator (None) may see."""
        return view.observation(self, viewer)

    def _totals(self) -> list[int]:
        """The board totals (a list replaced, never changed, when they change)."""
        if self._scores is None or self._touched:
            self.strengths()
        return self._sums

    def _tag_delta(self, player: int, before: list[int]) -> None:
        after = self._totals()
        d0, d1 = after[0] - before[0], after[1] - before[1]
        if not (d0 or d1) or self.mark >= len(self.events):
            return
        mine, theirs = (d0, d1) if player == 0 else (d1, d0)
        first = self.events[self.mark]
        if theirs == 0:
            noted = Event(events.CHANGED, {"line": first.line, "change": mine}, first.player,
                          first.private_line)
        else:
            noted = Event(events.CHANGED_TOTALS, {"line": first.line, "changes": tuple(
                line(events.TOTAL_CHANGE, player=self.sides[p].name, change=d)
                for p, d in ((0, d0), (1, d1)) if d)}, first.player, first.private_line)
        self.events[self.mark] = noted

    # ----------------------------------------------------- match flow

    def _log(self, template: str, /, to: int | None = None, private: Line | None = None,
             **values: Value) -> None:
        """Log a line: a template of engine.events and its values; `private` replaces it
        for player `to` alone."""
        self.events.append(Event(template, values, to, private))

    def _choose_first(self, p: int, first: int) -> None:
        self.first = first
        if first == p:
            self._log(events.CHOOSES_FIRST, player=self.sides[p].name)
        else:
            self._log(events.LETS_GO_FIRST, player=self.sides[p].name,
                      first=self.sides[first].name)
        self._start_mulligan()

    def _mulligan(self, p: int, uid: int | None) -> None:
        side = self.sides[p]
        if uid is None:
            side.ready = True
            self._log(events.KEEPS_HAND, player=side.name)
        else:
            side.hand.remove(uid)
            side.set_aside.append(uid)
            new = side.deck.pop()
            side.hand.append(new)
            side.mulligans_left -= 1
            side.ready = side.mulligans_left == 0 or not side.deck
            self._log(events.REDRAWS, player=side.name, to=p,
                      private=line(events.YOU_REDRAW, card=self.card_ids[uid],
                                   new=self.card_ids[new]))
        if all(s.ready for s in self.sides):
            for s in self.sides:
                s.deck.extend(s.set_aside)
                s.set_aside = []
                self.rng.shuffle(s.deck)
            self.phase = PLAYING
            self.round = 1
            self.current = self.first
            self._log(events.ROUND_BEGINS, round=1, player=self.sides[self.first].name)
            self._auto_pass()

    def _forfeit(self, p: int) -> None:
        self.phase = OVER
        self.pending = None
        self.forfeited_by = p
        self.winner = 1 - p
        self._log(events.FORFEITS, player=self.sides[p].name,
                  winner=self.sides[1 - p].name)

    def _end_turn(self, p: int) -> None:
        if self.phase != PLAYING:
            return
        other = 1 - p
        if self.sides[p].passed and self.sides[other].passed:
            self._end_round()
        else:
            self.current = p if self.sides[other].passed else other
        self._auto_pass()

    def _auto_pass(self) -> None:
        while self.phase == PLAYING and self.pending is None:
            p = self.current
            side = self.sides[p]
            if side.passed or len(self.legal_actions(p)) > 2:  # more than pass and forfeit
                return
            side.passed = True
            self._legal = [None, None]
            self._log(events.NO_MOVES_LEFT, player=side.name)
            if self.sides[1 - p].passed:
                self._end_round()
            else:
                self.current = 1 - p

    def _end_round(self) -> None:
        total0, total1 = self._totals()
        scores = (total0, total1)
        names = [s.name for s in self.sides]
        if scores[0] != scores[1]:
            winner: int | None = 0 if scores[0] > scores[1] else 1
        else:
            nilfgaard = [p for p in (0, 1) if self.sides[p].faction == "nilfgaard"]
            winner = nilfgaard[0] if len(nilfgaard) == 1 else None
        self.results.append((scores, winner))
        if winner is None:
            self.sides[0].gems -= 1
            self.sides[1].gems -= 1
            self._log(events.ROUND_DRAWN, round=self.round, score1=total0, score2=total1)
        else:
            self.sides[1 - winner].gems -= 1
            won = events.ROUND_WON_NILFGAARD if total0 == total1 else events.ROUND_WON
            self._log(won, round=self.round, score1=total0, score2=total1,
                      player=names[winner])
        if min(s.gems for s in self.sides) <= 0:
            self._finish()
            return
        if winner is not None and self.sides[winner].faction == "northern_realms":
            drawn = self._draw(winner, 1)
            if drawn:
                self._log(events.NORTHERN_REALMS_DRAW, player=names[winner], to=winner,
                          private=line(events.YOU_DRAW_NORTHERN_REALMS,
                                       card=self.card_ids[drawn[0]]))
        self._clear_board()
        self.round += 1
        for s in self.sides:
            s.passed = False
        if self.round == 3:
            for p in (0, 1):
                if self.sides[p].faction == "skellige":
                    self._skellige_return(p)
        self.current = winner if winner is not None else 1 - self.first
        self._log(events.ROUND_BEGINS, round=self.round, player=names[self.current])

    def _finish(self) -> None:
        self.phase = OVER
        alive = [p for p in (0, 1) if self.sides[p].gems > 0]
        self.winner = alive[0] if alive else None
        if self.winner is None:
            self._log(events.MATCH_DRAWN)
        else:
            self._log(events.MATCH_WON, player=self.sides[self.winner].name)

    def _clear_board(self) -> None:
        keep: set[int] = set()
        for side in self.sides:
            if side.faction == "monsters":
                units = [u for row in side.rows for u in row
                         if self.cards[u].type == UNIT and not self.cards[u].hero]
                if units:
                    kept = self.rng.choice(units)
                    keep.add(kept)
                    self._log(events.MONSTERS_KEEP, card=self.card_ids[kept],
                              player=side.name)
        avengers: list[tuple[int, int]] = []
        for p, side in enumerate(self.sides):
            for r, row in enumerate(side.rows):
                for uid in row:
                    if uid in keep:
                        continue
                    side.grave.append(uid)
                    if self.cards[uid].summons:
                        avengers.append((p, uid))
                side.rows[r] = [u for u in row if u in keep] if keep else []
                if side.horns[r] is not None and side.horns[r] != LEADER_HORN:
                    side.grave.append(side.horns[r])  # type: ignore[arg-type]
                side.horns[r] = None
                mardroeme = side.mardroeme[r]
                if mardroeme is not None:
                    side.grave.append(mardroeme)
                side.mardroeme[r] = None
        for uid, owner in self.weather:
            self.sides[owner].grave.append(uid)
        self.weather = []
        for p, uid in avengers:
            self._summon(p, uid)
        self._changed()

    def _skellige_return(self, p: int) -> None:
        side = self.sides[p]
        units = [u for u in side.grave if self.cards[u].type == UNIT and not self.cards[u].hero]
        chosen = self.rng.sample(units, 2)
        for uid in chosen:
            side.grave.remove(uid)
            side.rows[self.cards[uid].rows[0]].append(uid)
            self.highlight.append(uid)
        if len(chosen) == 1:
            self._log(events.SKELLIGE_RETURNS_ONE, card=self.card_ids[chosen[0]],
                      player=side.name)
        elif chosen:
            self._log(events.SKELLIGE_RETURNS_TWO, card=self.card_ids[chosen[0]],
                      other=self.card_ids[chosen[1]], player=side.name)
        self._changed()

    # --------------------------------------------------------- card play

    def _draw(self, p: int, count: int) -> list[int]:
        deck = self.sides[p].deck
        drawn = deck[:-count - 1:-1]  # from the top (the end), top card first
        del deck[len(deck) - len(drawn):]
        self.sides[p].hand += drawn
        return drawn

    def _play(self, p: int, action: Action) -> None:
        side = self.sides[p]
        uid = action.card
        assert uid is not None
        side.hand.remove(uid)
        card = self.cards[uid]
        name = side.name
        if card.type == UNIT:
            self._place_unit(p, uid, action.row, _PLAYED)
        elif card.type == WEATHER:
            self._log(events.PLAYS, player=name, card=card.id)
            self._play_weather(p, uid)
        elif "decoy" in card.abilities:
            target = action.target
            assert target is not None
            for r, row in enumerate(side.rows):
                if target in row:
                    row[row.index(target)] = uid
                    self._changed_row(p, r)
                    break
            side.hand.append(target)
            self.highlight.append(uid)
            self._log(events.PLAYS_DECOY, player=name, card=card.id,
                      target=self.card_ids[target])
        elif "commanders_horn" in card.abilities:
            assert action.row is not None
            side.horns[action.row] = uid
            self.highlight.append(uid)
            self._changed_row(p, action.row)
            self._log(events.PLAYS_ON, player=name, card=card.id, row=action.row)
        elif "mardroeme" in card.abilities:
            assert action.row is not None
            side.mardroeme[action.row] = uid
            self.highlight.append(uid)
            self._log(events.PLAYS_ON, player=name, card=card.id, row=action.row)
            self._transform(p, action.row)
        else:
            self._log(events.PLAYS, player=name, card=card.id)
            side.grave.append(uid)
            self._scorch_all(exclude=None)

    def _play_weather(self, p: int, uid: int) -> None:
        if "clear_weather" in self.cards[uid].abilities:
            self._clear_weather()
            self.sides[p].grave.append(uid)
        else:
            self.weather.append([uid, p])
            self.highlight.append(uid)
        self._changed()

    def _clear_weather(self) -> None:
        for w, owner in self.weather:
            self.sides[owner].grave.append(w)
        self.weather = []
        self._changed()

    def _place_unit(self, p: int, uid: int, row: int | None, how: tuple[str, str]) -> None:
        """Put a unit from outside the board onto a row and resolve its abilities; `how` is
        the template of the line saying so (on a row, as a spy)."""
        card = self.cards[uid]
        abilities = card.abilities
        spy = "spy" in abilities
        owner = 1 - p if spy else p
        if row is None:
            row = card.rows[0]
        self.sides[owner].rows[row].append(uid)
        self.highlight.append(uid)
        self._joined_row(owner, row)
        name = self.sides[p].name
        if spy:
            self._log(how[1], player=name, card=card.id, opponent=self.sides[owner].name,
                      row=row)
            drawn = self._draw(p, SPY_DRAW)
            self._log(events.SPY_DRAWS, player=name, count=len(drawn), to=p,
                      private=line(events.YOU_DRAW_CARDS,
                                   cards=tuple(map(self.card_ids.__getitem__, drawn)))
                      if drawn else line(events.YOU_DRAW_NOTHING))
        else:
            self._log(how[0], player=name, card=card.id, row=row)
        if not abilities:
            return
        if "berserker" in abilities and self.has_mardroeme(owner, row):
            self._transform(owner, row)
        if "muster" in abilities:
            self._muster(p, uid, row)
        if "mardroeme" in abilities:
            self._transform(owner, row)
        for ability, target_row in (("scorch_close", CLOSE), ("scorch_ranged", RANGED),
                                    ("scorch_siege", 2)):
            if ability in abilities:
                self._scorch_row(1 - owner, target_row)
        if "scorch" in abilities:
            self._scorch_all(exclude=uid)
        if "medic" in abilities:
            self._start_medic(p)

    def _muster(self, p: int, uid: int, row: int) -> None:
        side = self.sides[p]
        cards = self.cards
        group = cards[uid].musters
        from_hand = [u for u in side.hand if cards[u].muster_group == group]
        from_deck = [u for u in side.deck if cards[u].muster_group == group]
        pulled = from_hand + from_deck
        if not pulled:
            return
        for u in from_hand:
            side.hand.remove(u)
        for u in from_deck:
            side.deck.remove(u)
        for u in pulled:
            card = self.cards[u]
            to = row if row in card.rows else card.rows[0]
            side.rows[to].append(u)
            self.highlight.append(u)
            self._joined_row(p, to)
        self.rng.shuffle(side.deck)
        brought = tuple(map(self.card_ids.__getitem__, pulled))
        if from_hand:
            self._log(events.MUSTER_FROM_HAND, cards=brought, count=len(from_hand))
        else:
            self._log(events.MUSTER, cards=brought)

    def _transform(self, p: int, row: int) -> None:
        cells = self.sides[p].rows[row]
        for i, uid in enumerate(cells):
            into = self.cards[uid].transforms_into
            if into and "berserker" in self.cards[uid].abilities:
                new = self._add_card(into)
                cells[i] = new
                self.banished.append(uid)
                self.highlight.append(new)
                self._log(events.TRANSFORMS, card=self.card_ids[uid], new=self.card_ids[new])
        self._changed_row(p, row)

    def _summon(self, p: int, uid: int) -> None:
        summons = self.cards[uid].summons
        assert summons is not None
        new = self._add_card(summons)
        row = self.cards[new].rows[0]
        self.sides[p].rows[row].append(new)
        self.highlight.append(new)
        self._joined_row(p, row)
        self._log(events.SUMMONS, card=self.card_ids[uid], new=self.card_ids[new])

    def _destroy(self, victims: list[tuple[int, int, int]]) -> None:
        if not victims:
            return
        self._log(events.SCORCH_DESTROYS,
                  cards=tuple(self.card_ids[uid] for _, _, uid in victims))
        for p, r, uid in victims:
            self.sides[p].rows[r].remove(uid)
            self.sides[p].grave.append(uid)
            self._changed_row(p, r)
        for p, _, uid in victims:
            if self.cards[uid].summons:
                self._summon(p, uid)

    def _scorch_all(self, exclude: int | None) -> None:
        strengths = self.strengths()
        best = -1
        victims: list[tuple[int, int, int]] = []
        for p, side in enumerate(self.sides):
            for r, row in enumerate(side.rows):
                for i, uid in enumerate(row):
                    card = self.cards[uid]
                    if card.type != UNIT or card.hero or uid == exclude:
                        continue
                    s = strengths[p][r][i]
                    if s > best:
                        best, victims = s, [(p, r, uid)]
                    elif s == best:
                        victims.append((p, r, uid))
        if not victims:
            self._log(events.SCORCH_FINDS_NONE)
        self._destroy(victims)

    def scorch_row_victims(self, target: int, row: int) -> list[tuple[int, int, int]]:
        """Return the units a row Scorch would destroy on that side and row."""
        if self.row_total(target, row) < 10:
            return []
        strengths = self.strengths()[target][row]
        cells = self.sides[target].rows[row]
        candidates = [(strengths[i], uid) for i, uid in enumerate(cells)
                      if self.cards[uid].type == UNIT and not self.cards[uid].hero]
        if not candidates:
            return []
        best = max(s for s, _ in candidates)
        return [(target, row, uid) for s, uid in candidates if s == best]

    def _scorch_row(self, target: int, row: int) -> None:
        victims = self.scorch_row_victims(target, row)
        if not victims and self.row_total(target, row) < 10:
            self._log(events.SCORCH_ROW_UNDER_10, player=self.sides[target].name, row=row)
        self._destroy(victims)

    def medic_options(self, p: int) -> tuple[int, ...]:
        """Return the graveyard units a Medic of this player may revive."""
        return tuple(u for u in self.sides[p].grave
                     if self.cards[u].type == UNIT and not self.cards[u].hero)

    def _start_medic(self, p: int) -> None:
        options = self.medic_options(p)
        if not options:
            self._log(events.NOTHING_TO_REVIVE)
            return
        if self._either_passive("random_revive"):
            uid = self.rng.choice(list(options))
            card = self.cards[uid]
            row = self.rng.choice(list(card.rows)) if card.agile else None
            self.sides[p].grave.remove(uid)
            self._place_unit(p, uid, row, _REVIVED_AT_RANDOM)
            return
        self.pending = Pending(MEDIC, p, options)

    def _choose(self, p: int, action: Action) -> None:
        pending = self.pending
        assert pending is not None and action.card is not None
        self.pending = None
        uid = action.card
        side = self.sides[p]
        if pending.kind == MEDIC:
            side.grave.remove(uid)
            self._place_unit(p, uid, action.row, _REVIVED)
        else:
            leaders.resolve_choice(self, p, pending.kind, uid)

    # ------------------------------------------------------ serialisation

    def clone(self) -> Match:
        """Return an independent copy (for search)."""
        m = Match.__new__(Match)
        m.__dict__.update(self.__dict__)
        m.rng = Rng(self.rng.state)
        m.card_ids = self.card_ids[:]
        m.cards = self.cards[:]
        m.sides = [s.clone() for s in self.sides]
        m.weather = [w[:] for w in self.weather]
        m.banished = self.banished[:]
        m.results = self.results[:]
        m.events = self.events[:]
        m.history = self.history[:]
        m.highlight = self.highlight[:]
        m._legal = [None, None]
        m._fixed = ({}, {})
        m._rows = self._rows[:]
        m._touched = self._touched[:]
        return m

    def to_dict(self) -> dict[str, Any]:
        """Return the full state as JSON-ready data."""
        return {
            "format": "gwent-state", "version": 1,
            "seed": self.seed, "decks": [d.to_dict() for d in self.decks],
            "rng": self.rng.state, "card_ids": self.card_ids,
            "originals": self.originals, "sides": [s.to_dict() for s in self.sides],
            "phase": self.phase, "round": self.round, "current": self.current,
            "first": self.first, "chooser": self.chooser,
            "pending": None if self.pending is None else
            [self.pending.kind, self.pending.player, list(self.pending.options)],
            "weather": self.weather, "banished": self.banished,
            "results": [[list(s), w] for s, w in self.results],
            "winner": self.winner, "forfeited_by": self.forfeited_by,
            "events": [event_to_data(e) for e in self.events],
            "history": [str(a) for a in self.history],
            "highlight": self.highlight, "mark": self.mark,
        }

    def to_json(self) -> str:
        """Return the full state as a JSON string."""
        return json.dumps(self.to_dict(), separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Match:
        """Rebuild a match from to_dict() output."""
        if data.get("format") != "gwent-state" or data.get("version") != 1:
            raise ValueError("not a version 1 gwent-state document")
        m = cls()
        cat = catalogue()
        m.seed, m.rng = data["seed"], Rng(data["rng"])
        m.decks = tuple(Deck.from_dict(d) for d in data["decks"])
        m.card_ids = list(data["card_ids"])
        m.cards = [cat.card(c) for c in m.card_ids]
        m.originals = data["originals"]
        m.sides = [Side.from_dict(s) for s in data["sides"]]
        m.phase, m.round, m.current = data["phase"], data["round"], data["current"]
        m.first, m.chooser = data["first"], data["chooser"]
        pending = data["pending"]
        m.pending = None if pending is None else Pending(pending[0], pending[1],
                                                         tuple(pending[2]))
        m.weather, m.banished = data["weather"], data["banished"]
        m.results = [((s[0], s[1]), w) for s, w in data["results"]]
        m.winner, m.forfeited_by = data["winner"], data["forfeited_by"]
        m.events = [event_from_data(e) for e in data["events"]]
        m.history = [Action.parse(a) for a in data["history"]]
        m.highlight, m.mark = data["highlight"], data["mark"]
        return m

    def record(self) -> dict[str, Any]:
        """Return the match record: seed, players' names and decks, and the actions."""
        return {
            "format": "gwent-record", "version": 1, "seed": self.seed,
            "players": [{"name": s.name, "deck": d.to_dict()}
                        for s, d in zip(self.sides, self.decks, strict=True)],
            "actions": [str(a) for a in self.history],
        }

    @classmethod
    def replay(cls, record: dict[str, Any]) -> Match:
        """Rebuild a match by replaying a record; raises ActionError on a bad action."""
        if record.get("format") != "gwent-record" or record.get("version") != 1:
            raise ValueError("not a version 1 gwent-record document")
        players = record["players"]
        decks = (Deck.from_dict(players[0]["deck"]), Deck.from_dict(players[1]["deck"]))
        m = cls.new(decks, record["seed"], (players[0]["name"], players[1]["name"]))
        for text in record["actions"]:
            m.apply(Action.parse(text))
        return m

    @classmethod
    def from_json(cls, text: str) -> Match:
        """Rebuild a match from to_json() output."""
        return cls.from_dict(json.loads(text))
