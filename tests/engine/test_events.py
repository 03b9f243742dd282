"""The match log as data (engine.events): its English is what the engine always wrote, it
survives stored states old and new, and observations show each viewer only their lines."""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import given, settings

from engine.events import (
    CHANGED_TOTALS,
    RECORDED,
    SPY_DRAWS,
    TEMPLATES,
    TOTAL_CHANGE,
    YOU_DRAW_NOTHING,
    Line,
    english,
    line,
    line_from_data,
    line_to_data,
)
from engine.match import Match
from engine.observation import Observation
from tests.engine.match_logs import PATH, templates_used
from tests.engine.scenario import play, scenario
from tests.engine.test_properties import positions, random_step, seeds

FIRST_VERSION = Path(__file__).resolve().parents[1] / "bot" / "data" / "first_version_matches.json"
# Templates the recorded matches never show, with the test that holds their English.
SHOWN_ELSEWHERE = {YOU_DRAW_NOTHING: "test_abilities.py::test_spy_with_an_empty_deck_draws_nothing"}


@cache
def recorded() -> list[dict[str, Any]]:
    matches: list[dict[str, Any]] = json.loads(PATH.read_text(encoding="utf-8"))["matches"]
    return matches


@cache
def replayed() -> list[Match]:
    return [Match.replay(m["record"]) for m in recorded()]


def english_log(m: Match) -> list[list[Any]]:
    return [[e.text, e.player, e.private] for e in m.events]


def test_the_english_log_is_word_for_word_what_the_engine_wrote_before() -> None:
    for m, old in zip(replayed(), recorded(), strict=True):
        assert english_log(m) == old["events"]
        for viewer in (0, 1, None):
            seen = tuple(private if private is not None and player == viewer else text
                         for text, player, private in old["events"])
            assert m.observation(viewer).events == seen


def test_the_recorded_matches_show_every_template_and_every_leader() -> None:
    used = sum((templates_used(m.events) for m in replayed()), start=templates_used([]))
    assert set(TEMPLATES) - set(used) == set(SHOWN_ELSEWHERE)
    assert len(recorded()) >= 15 and sum(len(m.events) for m in replayed()) > 500
    leaders = {s.leader for m in replayed() for s in m.sides}
    assert len(leaders) == 22


def test_a_line_is_a_template_and_identifiers() -> None:
    m = scenario(hands=(["prince_stennis"], []), decks=(["ballista", "keira_metz", "ves"], []))
    first, drawn = play(m, "prince_stennis")
    assert first.line == line(
        "{line} ({changes}).",
        line=line("{player} plays {card} as a spy on {opponent}'s {row}.", player="Alice",
                  card="prince_stennis", opponent="Bob", row=0),
        changes=(line(TOTAL_CHANGE, player="Bob", change=5),))
    assert first.line.template == CHANGED_TOTALS
    assert drawn.line == Line(SPY_DRAWS, (("player", "Alice"), ("count", 2)))
    assert drawn.private_line == Line("You draw {cards}.", (("cards", ("ves", "keira_metz")),))
    assert (drawn.text, drawn.private) == ("Alice draws 2 cards.", "You draw Ves, Keira Metz.")


def test_plural_templates_take_the_form_of_their_count() -> None:
    assert english(line(SPY_DRAWS, player="Alice", count=1)) == "Alice draws 1 card."
    assert english(line(SPY_DRAWS, player="Alice", count=0)) == "Alice draws 0 cards."


def test_a_players_name_is_never_read_as_a_template() -> None:
    assert english(line("{player} passes.", player="{card} {0}")) == "{card} {0} passes."


def test_lines_survive_json_and_states_round_trip() -> None:
    for m in replayed():
        for e in m.events:
            for part in (e.line, e.private_line):
                if part is not None:
                    assert line_from_data(json.loads(json.dumps(line_to_data(part)))) == part
        again = Match.from_json(m.to_json())
        assert again.events == m.events
        assert english_log(again) == english_log(m)
        assert again.to_dict() == m.to_dict()


def test_a_state_saved_before_the_log_was_data_still_loads_and_plays_on() -> None:
    stored = json.loads(FIRST_VERSION.read_text(encoding="utf-8"))["matches"]
    for old in stored:
        m = Match.from_dict(old["state"])
        assert english_log(m) == old["state"]["events"]
        assert all(e.line.template == RECORDED for e in m.events)
        assert Match.from_json(m.to_json()).events == m.events
        for viewer in (0, 1, None):
            obs = m.observation(viewer)
            assert len(obs.event_log) == len(obs.events)
            assert [english(x) for x in obs.event_log] == list(obs.events)


def test_an_old_state_mid_match_continues_with_structured_lines() -> None:
    record = max((m["record"] for m in recorded()), key=lambda r: len(r["actions"]))
    halfway = Match.replay({**record, "actions": record["actions"][:len(record["actions"]) // 2]})
    data = halfway.to_dict()
    # As the engine wrote states before: [text, player, private] per line.
    data["events"] = [[e.text, e.player, e.private] for e in halfway.events]
    old = Match.from_dict(json.loads(json.dumps(data)))
    assert english_log(old) == english_log(halfway)
    assert old.observation(0).events == halfway.observation(0).events
    rng = random.Random(3)
    for _ in range(8):
        if not old.is_over:
            random_step(old, rng)
    fresh = old.events[len(halfway.events):]
    assert fresh and all(e.line.template in TEMPLATES for e in fresh)
    assert Match.from_json(old.to_json()).to_dict() == old.to_dict()


def _values(part: Line) -> set[str]:
    """The names and card ids a line (and the lines within it) would show."""
    found: set[str] = set()
    for _, value in part.values:
        items = value if isinstance(value, tuple) and not isinstance(value, Line) else (value,)
        for item in items:
            if isinstance(item, Line):
                found |= _values(item)
            elif isinstance(item, str):
                found.add(item)
    return found


@settings(max_examples=20, deadline=None)
@given(seed=seeds)
def test_only_its_player_sees_a_private_lines_values(seed: int) -> None:
    for m in positions(seed):
        for viewer in (0, 1, None):
            obs = m.observation(viewer)
            assert len(obs.event_log) == len(m.events)
            assert obs.last_event_log == obs.event_log[m.mark:]
            for e, shown, text in zip(m.events, obs.event_log, obs.events, strict=True):
                mine = e.private_line is not None and e.player == viewer
                assert shown == (e.private_line if mine else e.line)
                assert english(shown) == text
                if e.private_line is not None and not mine:
                    assert not _values(e.private_line) & _values(shown)


def test_a_spectator_never_gets_the_cards_a_spy_drew() -> None:
    m = scenario(hands=(["prince_stennis"], []), decks=(["ballista", "keira_metz", "ves"], []))
    play(m, "prince_stennis")
    spectator = json.dumps(m.observation(None).to_dict()["event_log"])
    opponent = json.dumps(m.observation(1).to_dict()["event_log"])
    player = json.dumps(m.observation(0).to_dict()["event_log"])
    for drawn in ("keira_metz", "ves"):
        assert f'"{drawn}"' not in spectator and f'"{drawn}"' not in opponent
        assert f'"{drawn}"' in player


def test_observations_carry_their_lines_through_json() -> None:
    m = replayed()[1]
    for viewer in (0, 1, None):
        obs = m.observation(viewer)
        assert obs.event_log and obs.last_event_log
        assert Observation.from_dict(json.loads(json.dumps(obs.to_dict()))) == obs


def test_an_observation_saved_without_lines_still_loads() -> None:
    data = replayed()[1].observation(None).to_dict()
    del data["event_log"], data["last_event_log"]
    obs = Observation.from_dict(json.loads(json.dumps(data)))
    assert obs.event_log == () and obs.events
