"""Write tests/table/fixtures/match.json: a real engine match as seat 0's table frames.

    python -m tests.table.make_fixture

The computer plays both seats of a Scoia'tael match (who goes first, the redraws, agile
rows, a horn, rounds won and lost, weather), and every state seat 0 sees is built by the
table's server code (bot/web/view.py, with its welcome's words and card data), in English.
The tests that draw, measure and benchmark the page alone serve these frames from the
browser itself (fixture_table.py); the browser tests that play use the real bot.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bot.i18n import ENGLISH, language
from bot.service import Snapshot
from bot.web import view
from bot.web.cards import cards_of, faction_names, pool
from bot.web.texts import page_texts
from engine import Match, starter_deck
from engine.ai.agents import decide
from tests.bot.discord.match.test_public import match_record

OUT = Path(__file__).with_name("fixtures") / "match.json"
FACTIONS = ("scoiatael", "monsters")


def main() -> None:
    """Play one match and write its welcome and seat 0's states."""
    decks = (starter_deck(FACTIONS[0]), starter_deck(FACTIONS[1]))
    match = Match.new(decks, seed=7, names=("Alice", "Bob"))
    record = match_record(FACTIONS)
    lang = language(ENGLISH)
    states: list[dict[str, Any]] = []
    step = 0
    while True:
        snapshot = Snapshot(record, match.observation(0), tuple(match.to_act()))
        states.append(view.build(snapshot, 0, lang) | {
            "log_from": 0, "log": view.log_lines(snapshot.observation, 0, lang)})
        if match.is_over:
            break
        player = match.to_act()[0]
        match.apply(decide("easy", match.observation(player), decks[player], seed=step))
        step += 1
    welcome = {"t": "welcome", "seat": 0, "match": record.id, "lang": lang.tag,
               "user": {"id": "100", "name": "Alice"}, "watch": False,
               "texts": page_texts(lang), "factions": faction_names(lang.tag),
               "cards": cards_of(pool(frozenset(FACTIONS)), lang)}
    OUT.write_text(json.dumps({"welcome": welcome, "states": states},
                              separators=(",", ":")), encoding="utf-8")
    print(f"{OUT}: {len(states)} states")


if __name__ == "__main__":
    main()
