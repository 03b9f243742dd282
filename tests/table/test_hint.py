"""The tutorial's hint (a state frame's `hint`) is shown above the table with its arrow on
the card it names (a recorded match, served by the browser)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.table.fixture_table import FixtureTable

pytestmark = pytest.mark.timeout(120)
HINT = "You hold a horn: play it on the row where your strongest units stand."


def test_the_hint_points_at_its_card(phone: Any) -> None:
    table = FixtureTable(phone)
    table.open()
    turn = next(i for i, s in enumerate(table.data["states"])
                if any(m["kind"] == "play" for m in s["legal"]))
    state = table.data["states"][turn]
    uid = state["sides"][0]["hand"][-1]["uid"]
    state["hint"] = {"text": HINT, "uids": [uid], "move": f"play {uid}"}
    table.index = turn
    table.send_state()
    box = phone.locator(".hintbox")
    box.wait_for(state="visible")
    assert HINT in box.inner_text()
    card = phone.locator(f".hand .card[data-uid='{uid}']")
    assert "hinted" in (card.get_attribute("class") or "")
    phone.wait_for_function("""() => !document.getAnimations()
        .some((a) => a.effect.getTiming().iterations !== Infinity
              && a.playState !== "finished")""")  # every card landed
    phone.wait_for_timeout(100)
    card_box, hint_box = card.bounding_box(), box.bounding_box()
    assert card_box is not None and hint_box is not None
    arrow = hint_box["x"] + float(box.evaluate(
        "el => parseFloat(getComputedStyle(el).getPropertyValue('--arrow'))"))
    assert abs(arrow - (card_box["x"] + card_box["width"] / 2)) < 2
    assert hint_box["y"] + hint_box["height"] <= card_box["y"]

    state["hint"] = None
    table.send_state()
    box.wait_for(state="hidden")
