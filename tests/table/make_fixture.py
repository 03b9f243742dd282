"""Write tests/table/fixtures/match.json: a real engine match as seat 0's table frames.

A development aid for the page (python -m tests.table.make_fixture): the computer plays both
seats, and every state seat 0 sees is converted to the table protocol's view
(docs/table-protocol.md). The browser tests play against the real server; this fixture lets
the page be drawn, measured and benchmarked with no server at all.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from bot.discord.match.hand import lead_gains
from bot.i18n import ENGLISH, event_text, language
from bot.web.texts import page_texts
from engine import Action, Match, catalogue, starter_deck
from engine.ai.agents import decide
from engine.cards import ROW_NAMES
from engine.observation import CardView, Observation
from engine.view import hand_order

OUT = Path(__file__).with_name("fixtures") / "match.json"


def _card(view: CardView) -> dict[str, Any]:
    return {"uid": view.uid, "card_id": view.card_id, "strength": view.strength,
            "base": view.base, "hero": view.hero}


def view(obs: Observation, match_id: int, log: list[str]) -> dict[str, Any]:
    """The protocol's view of one observation."""
    actions = [a for a in obs.legal if a.kind != "forfeit"]
    gains = lead_gains(obs, actions) if obs.viewer is not None else {}
    sides = []
    for side in obs.sides:
        sides.append({
            "name": side.name, "faction": side.faction,
            "leader": {"card_id": side.leader.card_id, "used": side.leader.used,
                       "passive": side.leader.passive,
                       "ready": not (side.leader.used or side.leader.passive
                                     or side.leader.cancelled)},
            "gems": side.gems, "total": side.total, "passed": side.passed,
            "hand_count": side.hand_count, "deck_count": side.deck_count,
            "discard_count": len(side.graveyard),
            "rows": [{"cards": [_card(c) for c in row.cards], "score": row.score,
                      "horn": row.horn.card_id if row.horn else
                      ("leader" if row.leader_horn else None),
                      "weather": row.weather} for row in side.rows],
            "hand": None if side.hand is None else [
                {"uid": c.uid, "card_id": c.card_id, "strength": c.strength}
                for c in hand_order(side.hand)],
            "mulligans_left": side.mulligans_left,
        })
    move = lambda a: str(a).split(" ", 1)[1]  # noqa: E731
    return {
        "match": match_id, "action_count": obs.action_count, "phase": obs.phase,
        "round": obs.round, "seat": obs.viewer, "turn": obs.turn,
        "to_act": [obs.turn] if obs.turn is not None else [],
        "deadline": time.time() + 600, "now": time.time(), "turn_seconds": 600,
        "sides": sides, "weather": sorted({w.card_id for w in obs.weather}),
        "rounds": [{"scores": list(r.scores), "winner": r.winner} for r in obs.rounds],
        "winner": obs.winner, "forfeited_by": obs.forfeited_by,
        "pending": None if obs.pending is None else {
            "kind": obs.pending.kind, "player": obs.pending.player,
            "prompt": obs.pending.prompt,
            "options": [{"uid": c.uid, "card_id": c.card_id, "strength": c.strength}
                        for c in obs.pending.options]},
        "legal": [{"move": move(a), "kind": a.kind, "uid": a.card, "row": a.row,
                   "target": a.target, "gain": gains.get(a)} for a in actions],
        "log": log[-30:], "last": list(obs.highlight), "hint": None,
    }


def cards() -> dict[str, Any]:
    """Every card's meta, in English."""
    out = {}
    for card in catalogue().cards.values():
        texts = [card.text] if card.text else []
        texts += [catalogue().abilities[a].text for a in sorted(card.abilities)
                  if a in catalogue().abilities]
        out[card.id] = {"name": card.name, "text": " ".join(texts), "strength": card.strength,
                        "rows": [ROW_NAMES[r] for r in card.rows], "hero": card.hero,
                        "faction": card.faction, "type": card.type,
                        "abilities": sorted(card.abilities)}
    return out


def main() -> None:
    """Play one match and write the fixture."""
    decks = (starter_deck("northern_realms"), starter_deck("monsters"))
    m = Match.new(decks, seed=7, names=("Geralt", "Yennefer"))
    lang = language(ENGLISH)
    states = []
    step = 0
    while True:
        obs = m.observation(0)
        log = [event_text(line, lang) for line in obs.event_log]
        states.append(view(obs, 12, log))
        if m.is_over:
            break
        actors = [p for p in (0, 1)
                  if any(a.kind != "forfeit" for a in m.observation(p).legal)]
        player = actors[0]
        action: Action = decide("easy", m.observation(player), decks[player], seed=step)
        m.apply(action)
        step += 1
    welcome = {"t": "welcome", "seat": 0, "match": 12, "lang": "en",
               "texts": page_texts(lang), "cards": cards()}
    OUT.write_text(json.dumps({"welcome": welcome, "states": states}, indent=None,
                              separators=(",", ":")), encoding="utf-8")
    print(f"{OUT}: {len(states)} states")


if __name__ == "__main__":
    main()
