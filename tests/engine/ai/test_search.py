"""The hard level's search: candidates compared on the same sampled worlds, the opponent
answering as the normal level would."""

from __future__ import annotations

import random

import pytest

from engine.actions import PASS, Action
from engine.ai import lookahead, make_agent, search
from engine.ai.arena import deals
from engine.ai.beliefs import Beliefs
from engine.ai.determinize import determinize
from engine.ai.lookahead import choose_lookahead
from engine.ai.search import SearchAgent
from engine.match import Match
from engine.observation import Observation
from tests.engine.scenario import scenario

NR_MON = ("northern_realms", "monsters")


def opening(pair: int) -> tuple[Match, int, int]:
    """A deal of the arena played by normal up to the first card play: (match, player,
    pair index)."""
    seed, decks = deals(2 * (pair + 1), 11)[pair]
    m = Match.new(decks, seed)
    while m.phase != "playing":
        p = m.to_act()[0]
        m.apply(make_agent("normal", 0, decks[p]).choose(m.observation(p)))
    return m, m.to_act()[0], pair


def test_candidates_are_judged_on_the_same_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    m, p, pair = opening(0)
    seen: dict[str, list[int]] = {}
    real = search.reply_value

    def recording(w: Match, a: Action, me: int) -> float:
        seen.setdefault(str(a), []).append(id(w))
        return real(w, a, me)

    monkeypatch.setattr(search, "reply_value", recording)
    decks = deals(2 * (pair + 1), 11)[pair][1]
    make_agent("hard", 3, decks[p], iterations=60).choose(m.observation(p))
    assert len(seen) >= 3
    longest = max(seen.values(), key=len)
    assert len(set(longest)) > 5  # several worlds were sampled
    for worlds in seen.values():
        # Every move still in the running was judged on the worlds of every other.
        assert worlds == longest[:len(worlds)]


def test_the_opponent_answers_as_the_normal_level_would(
        monkeypatch: pytest.MonkeyPatch) -> None:
    m = scenario(factions=NR_MON, hands=(["ballista", "catapult"], ["fiend", "griffin"]),
                 rows=(([], [], ["trebuchet"]), (["draug"], [], [])))
    answers: list[tuple[Action, Action]] = []
    real = lookahead.after

    def recording(w: Match, a: Action) -> Match:
        out = real(w, a)
        if a.player == 1 and w.history and w.history[-1].player == 0:
            answers.append((w.history[-1], a))
        return out

    monkeypatch.setattr(search, "after", recording)
    search.reply_value(m, m.legal_actions(0)[0], 0)
    assert answers
    mine, theirs = answers[-1]
    replied = real(m, mine)
    assert theirs == choose_lookahead(replied, 1, random.Random(0))


def test_the_search_passes_a_deciding_round_already_won() -> None:
    m = scenario(factions=NR_MON, hands=(["ballista"], ["fiend"]),
                 rows=((["vesemir"] * 6, [], []), (["fiend"], [], [])), round=3,
                 passed=(False, True))
    m.sides[0].gems = m.sides[1].gems = 1
    best = search.candidates(m, 0)
    assert Action(0, PASS) in best
    assert search.reply_value(m, Action(0, PASS), 0) == 1.0


def test_a_spent_budget_stops_the_search_inside_the_first_world(
        monkeypatch: pytest.MonkeyPatch) -> None:
    m, p, pair = opening(0)
    judged: list[Action] = []
    real = search.reply_value

    def recording(w: Match, a: Action, me: int) -> float:
        judged.append(a)
        return real(w, a, me)

    monkeypatch.setattr(search, "reply_value", recording)
    decks = deals(2 * (pair + 1), 11)[pair][1]
    obs = m.observation(p)
    move = make_agent("hard", 3, decks[p], budget_ms=0).choose(obs)
    # Out of time, the search plays the first candidate, the normal level's own move.
    assert len(judged) == 1
    assert move == judged[0] == make_agent("normal", 3, decks[p]).choose(obs)


def test_the_worlds_searched_come_from_the_sampler_it_is_given() -> None:
    m, p, pair = opening(1)
    deck = deals(2 * (pair + 1), 11)[pair][1][p]
    obs = m.observation(p)
    drawn: list[Match] = []

    def sample(o: Observation, bel: Beliefs, rng: random.Random) -> Match:
        drawn.append(determinize(o, bel, rng))
        return drawn[-1]

    given = SearchAgent("hard", 3, deck, iterations=40, sample=sample).choose(obs)
    assert len(drawn) > 3  # the first world and the ones after it
    assert given == SearchAgent("hard", 3, deck, iterations=40).choose(obs)
