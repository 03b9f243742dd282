"""Motion: a move's cards fly, leave and burn with transforms and opacity only (so the
compositor does the work), the last move stays highlighted, and with prefers-reduced-motion
nothing moves (a recorded match, served by the browser)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.table.fixture_table import FixtureTable

pytestmark = pytest.mark.timeout(120)

# Every running animation and transition: its name or kind, and the properties it changes.
_ANIMATIONS = """() => document.getAnimations().map((a) => ({
  kind: a.constructor.name, name: a.animationName || a.transitionProperty || "",
  finite: a.effect.getTiming().iterations !== Infinity,
  properties: [...new Set(a.effect.getKeyframes().flatMap((k) => Object.keys(k)))]
    .filter((p) => !["offset", "computedOffset", "easing", "composite"].includes(p)),
}))"""


def first_play(table: FixtureTable) -> int:
    """The first state after which a card goes to the board."""
    for index, state in enumerate(table.data["states"][:-1]):
        after = table.data["states"][index + 1]
        if state["phase"] == "playing" and after["last"]:
            return index
    raise AssertionError("no card was played in the recorded match")


def step_and_watch(page: Any, table: FixtureTable) -> list[dict[str, Any]]:
    """Move the match on by one play and list the animations that run meanwhile."""
    table.index = first_play(table)
    table.send_state()
    page.wait_for_timeout(900)
    table.step()
    page.wait_for_function("document.querySelector('.card.last') !== null")
    found: list[dict[str, Any]] = page.evaluate(_ANIMATIONS)
    return found


def test_moves_animate_transform_and_opacity_only(phone: Any) -> None:
    table = FixtureTable(phone, start=3)
    table.open()
    animations = step_and_watch(phone, table)
    moving = [a for a in animations if a["finite"]]
    assert moving, "nothing moved"
    for animation in animations:
        assert set(animation["properties"]) <= {"transform", "opacity"}, animation
    last = table.state()["last"]
    highlighted = phone.eval_on_selector_all(".card.last", "els => els.map(e => +e.dataset.uid)")
    assert set(highlighted) == set(last) and highlighted


def test_reduced_motion_moves_nothing(browser: Any) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True,
                                  reduced_motion="reduce")
    page = context.new_page()
    table = FixtureTable(page, start=3)
    table.open()
    assert step_and_watch(page, table) == []
    assert page.locator(".card.last").count() >= 1  # still highlighted, without motion
    context.close()


# What is moving: card flights, ghosts leaving or burning, gem shards, falling weather.
_MOVING = """() => ({
  animations: document.getAnimations().map((a) => [...new Set(a.effect.getKeyframes()
    .flatMap((k) => Object.keys(k)))].filter((p) => !["offset", "computedOffset", "easing",
    "composite"].includes(p))),
  ghosts: document.querySelectorAll(".ghost").length,
  shards: document.querySelectorAll(".shard").length,
  weather: document.querySelector(".wx .fall") !== null && document.getAnimations()
    .some((a) => a.effect.target && a.effect.target.classList.contains("fall")),
})"""


def test_a_whole_match_moves_with_transforms_and_opacity_only(phone: Any) -> None:
    table = FixtureTable(phone, start=2)
    table.open()
    seen = {"ghosts": 0, "shards": 0, "weather": False}
    while table.index < len(table.data["states"]) - 1:
        table.step()
        phone.wait_for_timeout(120)
        moving = phone.evaluate(_MOVING)
        for properties in moving["animations"]:
            assert set(properties) <= {"transform", "opacity"}, properties
        seen["ghosts"] += moving["ghosts"]
        seen["shards"] += moving["shards"]
        seen["weather"] = seen["weather"] or moving["weather"]
    # The recorded match has rounds won (gems break, the board is cleared) and weather.
    assert seen["shards"] and seen["ghosts"] and seen["weather"], seen
