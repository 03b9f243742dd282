"""Write tests/table/fixtures/match.json: a real engine match as seat 0's table frames.

A development aid for the page (python -m tests.table.make_fixture): the computer plays both
seats, and every state seat 0 sees is converted to the table protocol's view
(as bot/web/view.py builds it). The browser tests play against the real server; this fixture lets
the page be drawn, measured and benchmarked with no server at all.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from bot.i18n import ENGLISH, event_text, language
from bot.web.texts import page_texts
from engine import Action, Match, catalogue, starter_deck
from engine.ai.agents import decide
from engine.ai.model import lead_gains
from engine.observation import CardView, Observation
from engine.view import hand_order

OUT = Path(__file__).with_name("fixtures") / "match.json"


def _card(view: CardView) -> dict[str, Any]:
    return {"uid": view.uid, "card_id": view.card_id, "strength": view.strength}


def _optional(view: CardView | None) -> dict[str, Any] | None:
    return None if view is None else _card(view)


def _status(obs: Observation) -> str:
    kinds = {a.kind for a in obs.legal}
    if obs.phase == "over":
        return "The match is over."
    if "keep" in kinds:
        return "Redraw up to 2 more cards, one at a time, or keep this hand."
    if "pass" in kinds:
        return "Your turn: play a card, use your leader, or pass."
    return f"Waiting for {obs.sides[1].name}."


def view(obs: Observation, match_id: int) -> dict[str, Any]:
    """The view of one observation, as the server's state frames carry it."""
    actions = [a for a in obs.legal if a.kind != "forfeit"]
    gains = lead_gains(obs, [a for a in actions if a.kind in ("play", "choose", "leader")])
    sides = []
    for side in obs.sides:
        own = side.player == obs.viewer
        sides.append({
            "name": side.name, "faction": side.faction, "computer": side.player == 1,
            "leader": {"card_id": side.leader.card_id, "used": side.leader.used,
                       "passive": side.leader.passive, "cancelled": side.leader.cancelled},
            "gems": side.gems, "total": side.total, "passed": side.passed,
            "hand_count": side.hand_count, "deck_count": side.deck_count,
            "discard": [_card(c) for c in side.graveyard],
            "rows": [{"cards": [_card(c) for c in row.cards], "score": row.score,
                      "horn": _optional(row.horn), "leader_horn": row.leader_horn,
                      "horned": row.horned, "mardroeme": _optional(row.mardroeme),
                      "weather": row.weather} for row in side.rows],
            "hand": [_card(c) for c in hand_order(side.hand)] if own and side.hand is not None
            else None,
            "mulligans_left": side.mulligans_left if own else None,
            "seen": [c.card_id for c in side.revealed] if own else [],
        })
    deadline = time.time() + 600
    return {
        "match": match_id, "action_count": obs.action_count, "seat": obs.viewer,
        "to_act": [obs.turn] if obs.turn is not None else [], "deadline": deadline,
        "turn_seconds": 600, "ranked": False, "status": _status(obs),
        "phase": obs.phase, "round": obs.round, "turn": obs.turn,
        "sides": sides, "weather": [_card(w) for w in obs.weather],
        "rounds": [{"scores": list(r.scores), "winner": r.winner} for r in obs.rounds],
        "winner": obs.winner, "forfeited_by": obs.forfeited_by,
        "pending": None if obs.pending is None else {
            "kind": obs.pending.kind, "player": obs.pending.player,
            "prompt": obs.pending.prompt, "options": [_card(c) for c in obs.pending.options]},
        "legal": [{"move": str(a).split(" ", 1)[1], "kind": a.kind, "uid": a.card,
                   "row": a.row, "target": a.target, "gain": gains.get(a)} for a in actions],
        "last": list(obs.highlight), "hint": None,
    }


def cards() -> dict[str, Any]:
    """Every card's meta, in English."""
    out = {}
    for card in catalogue().cards.values():
        texts = [card.text] if card.text else []
        texts += [catalogue().abilities[a].text for a in sorted(card.abilities)
                  if a in catalogue().abilities]
        out[card.id] = {"name": card.name, "text": " ".join(texts),
                        "strength": card.strength if card.is_unit else None,
                        "rows": list(card.rows), "hero": card.hero, "faction": card.faction,
                        "type": card.type, "abilities": sorted(card.abilities)}
    return out


def main() -> None:
    """Play one match and write the fixture."""
    decks = (starter_deck("scoiatael"), starter_deck("monsters"))
    m = Match.new(decks, seed=7, names=("Geralt", "Yennefer"))
    lang = language(ENGLISH)
    states = []
    step = 0
    while True:
        obs = m.observation(0)
        log = [event_text(line, lang) for line in obs.event_log]
        states.append(view(obs, 12) | {"log_from": 0, "log": log})
        if m.is_over:
            break
        actors = [p for p in (0, 1)
                  if any(a.kind != "forfeit" for a in m.observation(p).legal)]
        player = actors[0]
        action: Action = decide("easy", m.observation(player), decks[player], seed=step)
        m.apply(action)
        step += 1
    welcome = {"t": "welcome", "seat": 0, "match": 12, "lang": "en",
               "user": {"id": "1", "name": "Geralt"}, "watch": False,
               "texts": page_texts(lang), "factions": {}, "cards": cards()}
    OUT.write_text(json.dumps({"welcome": welcome, "states": states}, indent=None,
                              separators=(",", ":")), encoding="utf-8")
    print(f"{OUT}: {len(states)} states")


if __name__ == "__main__":
    main()
