"""Write tests/table/fixtures/match.json: a real engine match as seat 0's table frames.

    python -m tests.table.make_fixture

The computer plays both seats of a Scoia'tael match (who goes first, the redraws, agile
rows, a horn, rounds won and lost, weather), and every state seat 0 sees is built by the
table's server code (recorded.py: bot/web/view.py, with its welcome's words and card data),
in English. The tests that draw, measure and benchmark the page alone serve these frames
from the browser itself (fixture_table.py); the browser tests that play use the real bot.
"""

from __future__ import annotations

import json
from pathlib import Path

from bot.i18n import ENGLISH, language
from tests.table.recorded import record

OUT = Path(__file__).with_name("fixtures") / "match.json"
FACTIONS = ("scoiatael", "monsters")


def main() -> None:
    """Play one match and write its welcome and seat 0's states."""
    recorded = record(FACTIONS, 7, language(ENGLISH))
    OUT.write_text(json.dumps(recorded.data(), separators=(",", ":")), encoding="utf-8")
    print(f"{OUT}: {len(recorded.states)} states")


if __name__ == "__main__":
    main()
