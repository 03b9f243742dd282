"""The match as one viewer may see it, as the table's state frames carry it
(docs/table-protocol.md, "The view").

Built from the viewer's own observation only: `observation(seat)` for a seated player,
`observation(None)` for everyone else, so no hand but the viewer's own and no deck order is
ever in it. Cards are named by their number in the match (uid) and card id; their names and
texts went once in the welcome frame.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.i18n import Language, event_text
from bot.learn.turn import PENDING, what_now
from bot.learn.tutorial import Hint
from bot.service import Snapshot
from bot.storage.records import CHOOSING, MatchRecord
from engine import Action, Observation
from engine.actions import CHOOSE, FORFEIT, LEADER, PLAY
from engine.ai.model import lead_gains
from engine.observation import CHOOSE_FIRST, MULLIGAN, OVER, CardView, RowView, SideView
from engine.view import hand_order

Json = dict[str, Any]
# Actions whose lead gain is shown (what they add to the viewer's lead at once).
GAINED = (PLAY, CHOOSE, LEADER)


def move_text(action: Action) -> str:
    """An action's text without its seat ("play 12 ranged"), as a move frame carries it."""
    return str(action).split(" ", 1)[1]


def card(view: CardView) -> Json:
    """A card as state frames carry it."""
    return {"uid": view.uid, "card_id": view.card_id, "strength": view.strength,
            "base": view.base, "hero": view.hero}


def _row(row: RowView) -> Json:
    return {"cards": [card(v) for v in row.cards], "score": row.score,
            "horn": None if row.horn is None else card(row.horn),
            "leader_horn": row.leader_horn, "horned": row.horned,
            "mardroeme": None if row.mardroeme is None else card(row.mardroeme),
            "weather": row.weather}


def _side(side: SideView, match: MatchRecord, own: bool) -> Json:
    leader = side.leader
    return {
        "name": side.name, "faction": side.faction,
        "computer": match.seats[side.player].is_computer,
        "leader": {"card_id": leader.card_id, "used": leader.used, "passive": leader.passive,
                   "cancelled": leader.cancelled,
                   "ready": not (leader.used or leader.passive or leader.cancelled)},
        "gems": side.gems, "total": side.total, "passed": side.passed,
        "hand_count": side.hand_count, "deck_count": side.deck_count,
        "discard_count": len(side.graveyard), "discard": [card(v) for v in side.graveyard],
        "rows": [_row(r) for r in side.rows],
        "hand": [card(v) for v in hand_order(side.hand)] if own and side.hand is not None
        else None,
        "mulligans_left": side.mulligans_left if own else None,
        "seen": [v.card_id for v in side.revealed] if own else [],
    }


def _legal(obs: Observation) -> list[Json]:
    """The viewer's moves (forfeiting apart: it has a frame of its own), each with what it
    adds to their lead at once where that says something."""
    actions = [a for a in obs.legal if a.kind != FORFEIT]
    gains = lead_gains(obs, [a for a in actions if a.kind in GAINED])
    return [{"move": move_text(a), "kind": a.kind, "uid": a.card, "row": a.row,
             "target": a.target, "gain": gains.get(a)} for a in actions]


def _visible(obs: Observation) -> set[int]:
    """Every card number the observation shows."""
    seen = {v.uid for v in obs.weather}
    for side in obs.sides:
        seen.update(v.uid for v in side.graveyard)
        seen.update(v.uid for v in side.hand or ())
        for row in side.rows:
            seen.update(v.uid for v in row.cards)
            seen.update(v.uid for v in (row.horn, row.mardroeme) if v is not None)
    if obs.pending is not None:
        seen.update(v.uid for v in obs.pending.options)
    return seen


def status(snapshot: Snapshot, seat: int | None, lang: Language) -> str:
    """What happens now, in a sentence: for a player, what they may do (as their hand in
    chat says it); for anyone else, whom the match waits for."""
    match, obs = snapshot.match, snapshot.observation
    if obs is None:
        return _choosing_status(match, seat, lang)
    if obs.phase == OVER:
        return lang._("The match is over.")
    if seat is not None:
        return _player_status(obs, seat, lang)
    names = [match.seats[s].name for s in snapshot.to_act]
    players = {"players": lang.join(names)}
    # i18n: {players} are players' names (mentions in chat).
    if obs.phase == CHOOSE_FIRST:
        return lang.ngettext("{players} decides who goes first.",
                             "{players} decide who goes first.", len(names), **players)
    if obs.phase == MULLIGAN:
        return lang.ngettext("{players} may redraw up to 2 cards, or keep their hand.",
                             "{players} may each redraw up to 2 cards, or keep their hand.",
                             len(names), **players)
    if obs.pending is not None:
        return lang.ngettext("{players} has a choice to make.",
                             "{players} have a choice to make.", len(names), **players)
    # i18n: {players} are the names of the players thinking.
    return lang.ngettext("{players} is thinking\u2026", "{players} are thinking\u2026",
                         len(names), **players)


def _choosing_status(match: MatchRecord, seat: int | None, lang: Language) -> str:
    if seat is None or match.seats[seat].ready:
        # i18n: the table, while the players choose their decks (in chat).
        return lang._("The players are choosing their decks in chat.")
    # i18n: the table, to a player who has not chosen their deck yet.
    return lang._("Choose your deck in chat (Choose deck), then press Ready.")


def _player_status(obs: Observation, seat: int, lang: Language) -> str:
    return what_now(obs, obs.sides[1 - seat].name, lang)[0]


def _hint(hint: Hint | None) -> Json | None:
    if hint is None:
        return None
    move = hint.move
    uids = [] if move is None else [u for u in (move.card, move.target) if u is not None]
    return {"text": hint.text, "uids": uids,
            "move": None if move is None else move_text(move)}


def build(snapshot: Snapshot, seat: int | None, lang: Language, *,
          hint: Hint | None = None) -> Json:
    """The view of the match for `seat` (None: anyone not seated) in `lang`, without its log
    (log_lines adds it) and without the time it is sent at."""
    match, obs = snapshot.match, snapshot.observation
    if obs is not None and obs.viewer != seat:
        raise ValueError("a view is built from its own viewer's observation only")
    deadline = match.deadline
    base: Json = {
        "match": match.id, "action_count": match.action_count, "seat": seat,
        "to_act": list(snapshot.to_act), "deadline": deadline,
        "turn_seconds": None if deadline is None else round(deadline - match.updated_at, 3),
        "ranked": match.ranked, "status": status(snapshot, seat, lang),
    }
    if obs is None:
        return base | {
            "phase": "choosing" if match.status == CHOOSING else match.status, "round": 0,
            "sides": [{"name": s.name, "ready": s.ready, "computer": s.is_computer}
                      for s in match.seats],
            "turn": None, "weather": [], "rounds": [], "winner": None, "forfeited_by": None,
            "pending": None, "legal": [], "last": [], "hint": None}
    pending = obs.pending
    visible = _visible(obs)
    return base | {
        "phase": obs.phase, "round": obs.round, "turn": obs.turn,
        "sides": [_side(side, match, side.player == seat) for side in obs.sides],
        "weather": [card(v) for v in obs.weather],
        "rounds": [{"scores": list(r.scores), "winner": r.winner} for r in obs.rounds],
        "winner": obs.winner, "forfeited_by": obs.forfeited_by,
        "pending": None if pending is None else {
            "kind": pending.kind, "player": pending.player,
            "prompt": lang._(PENDING[pending.kind]),
            "options": [card(v) for v in pending.options]},
        "legal": _legal(obs) if seat is not None else [],
        "last": [uid for uid in obs.highlight if uid in visible],
        "hint": _hint(hint),
    }


def log_start(obs: Observation | None, sent: int) -> int:
    """Where the log of the next frame starts when the page holds `sent` lines: never after
    the last move's first line (a move's lines are final once the next move begins)."""
    if obs is None:
        return 0
    return max(0, min(sent, len(obs.event_log) - len(obs.last_event_log)))


def log_lines(obs: Observation | None, start: int, lang: Language) -> list[str]:
    """The match log from line `start` on, in `lang`."""
    if obs is None:
        return []
    return [event_text(line, lang) for line in obs.event_log[start:]]


def card_ids(view: Json) -> Iterable[str]:
    """Every card id a view names (so their data can be sent first)."""
    for side in view.get("sides", ()):
        if "leader" not in side:
            continue
        yield side["leader"]["card_id"]
        yield from side["seen"]
        for pile in (side["discard"], side["hand"] or ()):
            yield from (c["card_id"] for c in pile)
        for row in side["rows"]:
            yield from (c["card_id"] for c in row["cards"])
            yield from (c["card_id"] for c in (row["horn"], row["mardroeme"]) if c is not None)
    yield from (c["card_id"] for c in view.get("weather", ()))
    pending = view.get("pending")
    if pending is not None:
        yield from (c["card_id"] for c in pending["options"])
