"""The tutorial: a deal and a tutor that a newcomer who follows the hints beats; a hint at
every decision, whose move the hard search rates within a small margin of its best and
whose every claim and word agrees with the match; never a word about the computer's hand;
and the match itself on a real database."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest

from bot.learn.glossary import ENGLISH_LANGUAGE as EN
from bot.learn.tutorial import (
    AHEAD,
    LEADER_INTRO,
    MEDIC_INTRO,
    MUST_PLAY_ON,
    REDRAW,
    ROUND_TWO,
    SPY,
    TURN,
    WINS_MATCH,
    explain,
    learnt,
    next_hint,
    next_steps,
    suggestion,
)
from bot.service import Player, Services
from bot.service.tutorial import (
    PLAYER_FACTION,
    TUTOR_CARDS,
    TUTOR_FACTION,
    TUTOR_LEADER,
    TUTOR_NAME,
    TUTORIAL_LEVEL,
    WANTED,
    hint_in,
    is_tutorial,
    player_leader,
    scripted_seed,
    tutorial_decks,
)
from bot.storage.records import OVER, PLAYING
from engine import Action, Match, Observation
from engine.actions import FORFEIT, KEEP, LEADER, MULLIGAN, PASS, PLAY
from engine.ai import RandomAgent
from engine.ai.agents import redraw_choice
from tests.bot.helpers import ALICE, CHANNEL, GUILD, move_text
from tests.bot.learn.hint_check import Figures, check
from tests.bot.learn.newcomer import NAMES, Tutorial, instinct, play_tutorial

BOT_ID = 99
# Tutorials the newcomer plays here (tests/tutorial_rate.py measures the win rate over
# more deals, and checks their hints), and how many of them the search judges: each
# hint's search and its judging take a few tenths of a second.
TUTORIALS = 6
JUDGED = 3


@pytest.fixture(scope="module")
def tutorials() -> list[Tutorial]:
    """Tutorials from random deals, the newcomer doing what the hints say."""
    rng = random.Random(25)
    return [play_tutorial(rng.randrange(2**31)) for _ in range(TUTORIALS)]


def scripted_match(start: int = 0) -> Match:
    decks = tutorial_decks()
    return Match.new(decks, scripted_seed(decks, NAMES, start), NAMES)


def test_the_scripted_deal_has_a_moment_for_every_lesson_and_varies() -> None:
    seeds = set()
    for start in (0, 10**6, 2**31 - 5000):
        match = scripted_match(start)
        for _ in range(3):  # the hand dealt, then after each redraw the hints suggest
            hand = [match.cards[u] for u in match.sides[0].hand]
            for ability in WANTED:
                assert any(ability in c.abilities for c in hand), ability
            move = suggestion(match.observation(0))
            if move is None or move.kind != MULLIGAN:
                break
            match.apply(move)
        assert match.first == 0
        seeds.add(match.seed)
    assert len(seeds) == 3
    player, tutor = tutorial_decks()
    assert player.leader == player_leader() and player.faction == PLAYER_FACTION
    assert tutor.faction == TUTOR_FACTION and tutor.leader == TUTOR_LEADER
    assert tutor.cards == TUTOR_CARDS
    # The tutor's leader plays weather; none of its own doubles spies or units.
    assert "spy" not in tutor.leader and "commanders_horn" not in TUTOR_CARDS


def test_a_newcomer_who_follows_the_hints_wins_and_meets_every_lesson(
        tutorials: list[Tutorial]) -> None:
    assert all(t.won for t in tutorials)
    for tutorial in tutorials:
        # A hint at every decision of the newcomer's, each with its move.
        decisions = sum(1 for a in tutorial.match.history if a.player == 0)
        assert len(tutorial.hints) == decisions
        assert all(hint.move is not None for hint, _, _ in tutorial.hints)
    keys = {hint.key for t in tutorials for hint, _, _ in t.hints}
    assert {REDRAW, TURN, SPY, AHEAD, ROUND_TWO, LEADER_INTRO, MEDIC_INTRO} <= keys
    assert all(t.match.round >= 2 for t in tutorials)


def test_every_hinted_move_is_within_the_margin_of_the_hard_search(
        tutorials: list[Tutorial]) -> None:
    deck = tutorial_decks()[0]
    figures = Figures()
    for tutorial in tutorials[:JUDGED]:
        for hint, obs, match in tutorial.hints:
            figures.add(check(hint, obs, match, deck))
    assert figures.problems == []
    assert figures.moves == figures.right > 10 * JUDGED


def test_every_claim_and_every_word_of_every_hint_holds(tutorials: list[Tutorial]) -> None:
    deck = tutorial_decks()[0]
    figures = Figures()
    for tutorial in tutorials:
        for hint, obs, match in tutorial.hints:
            figures.add(check(hint, obs, match, deck, moves=False))
    assert figures.problems == []
    assert figures.claims == figures.held > 20 * TUTORIALS


def _visible_names(obs: Observation) -> set[str]:
    names = {s.leader.name for s in obs.sides} | {v.name for v in obs.weather}
    for side in obs.sides:
        names |= {v.name for v in (*side.graveyard, *(side.hand or ()), *side.revealed)}
        for row in side.rows:
            names |= {v.name for v in row.cards}
            names |= {v.name for v in (row.horn, row.mardroeme) if v is not None}
    return names


@pytest.mark.parametrize("seed", range(3))
def test_hints_to_a_player_who_ignores_them_stay_true_and_secret(seed: int) -> None:
    """Random play reaches boards the newcomer never makes: every hint still agrees with
    the match and never names a card the player cannot see."""
    match = scripted_match(seed * 7919)
    agents = (RandomAgent(seed), RandomAgent(seed + 100))
    deck = tutorial_decks()[0]
    shown: set[str] = set()
    given = 0
    while not match.is_over:
        seat = match.to_act()[0]
        obs = match.observation(seat)
        action = agents[seat].choose(obs)
        if seat == 0:
            hint = next_hint(obs, shown)
            assert hint is not None and hint.move in obs.legal
            given += 1
            assert check(hint, obs, match, deck, moves=False).problems == []
            secret = {match.cards[u].name for u in (*match.sides[1].hand,
                                                    *match.sides[1].deck)}
            for name in secret - _visible_names(obs):
                assert not re.search(rf"\b{re.escape(name)}\b", hint.text), name
            shown.add(learnt(obs, shown, action))
        match.apply(action)
    assert given >= 10


def test_the_first_hints_redraw_as_hard_does_then_name_a_card_for_turn_one() -> None:
    match = scripted_match()
    deck = tutorial_decks()[0]
    shown: set[str] = set()
    hint = next_hint(match.observation(0), shown)
    assert hint is not None and hint.key == REDRAW
    assert "you may redraw up to two" in hint.text
    assert hint.move == redraw_choice(match.observation(0), deck)
    while match.phase != "playing":
        seat = match.to_act()[0]
        obs = match.observation(seat)
        if seat == 0:
            hint = next_hint(obs, shown)
            assert hint is not None and hint.move is not None
            shown.add(learnt(obs, shown, hint.move))
            match.apply(hint.move)
        else:
            match.apply(Action(1, KEEP))
    obs = match.observation(0)
    first = next_hint(obs, shown)
    assert first is not None and first.key == TURN and first.move is not None
    assert first.move.kind == PLAY  # a concrete suggestion, not "play one card"
    card = match.cards[first.move.card or -1]
    assert f"Play **{card.name}**" in first.text
    assert first.text.startswith("Your turn: play one card from the select, or press")


def _play(match: Match, moves: dict[int, Callable[[Match], Action]], until: Callable[
        [Match], bool]) -> None:
    """Play the match, each seat by its rule, until the condition holds."""
    while not until(match):
        seat = match.to_act()[0]
        match.apply(moves[seat](match))


def _strongest(seat: int) -> Callable[[Match], Action]:
    def play(match: Match) -> Action:
        plays = [a for a in match.legal_actions(seat) if a.kind == PLAY and a.target is None
                 and match.cards[a.card or -1].type == "unit"
                 and "spy" not in match.cards[a.card or -1].abilities]
        return max(plays, key=lambda a: (match.cards[a.card or -1].strength, -(a.card or 0)))
    return play


def _weakest(seat: int) -> Callable[[Match], Action]:
    def play(match: Match) -> Action:
        plays = [a for a in match.legal_actions(seat) if a.kind == PLAY and a.target is None
                 and match.cards[a.card or -1].type == "unit"
                 and "spy" not in match.cards[a.card or -1].abilities]
        return min(plays, key=lambda a: (match.cards[a.card or -1].strength, a.card or 0))
    return play


def _pass(seat: int) -> Callable[[Match], Action]:
    return lambda match: Action(seat, PASS)


def _kept(match: Match) -> Match:
    for seat in (0, 1):
        match.apply(Action(seat, KEEP))
    return match


def _round_two_after_a_won_round_one() -> Match:
    """Round 2, the player to move after winning round 1, the tutor leading with the unit
    the Monsters keep."""
    match = _kept(scripted_match(41))
    # Round 1: the player's strongest unit, the tutor's weakest, then both pass.
    for move in (_strongest(0), _weakest(1), _pass(0), _pass(1)):
        match.apply(move(match))
    assert match.round == 2 and match.results[0][1] == 0 and match.to_act() == [0]
    assert match.total(1) > match.total(0) == 0
    return match


def test_round_two_says_they_must_play_on_only_when_they_must() -> None:
    match = _round_two_after_a_won_round_one()
    deck = tutorial_decks()[0]
    obs = match.observation(0)
    # Passing now: the tutor already leads, and needs to play nothing.
    passing = explain(obs, {TURN}, Action(0, PASS))
    assert passing.key == ROUND_TWO and MUST_PLAY_ON not in {c.what for c in passing.claims}
    assert "must play on" not in passing.text and "spend" not in passing.text
    assert "You won round 1, and Tutor leads this round at" in passing.text
    for hint in (passing, next_hint(obs, {TURN})):
        assert hint is not None and check(hint, obs, match, deck, moves=False).problems == []
    # The player plays a weak unit and the tutor passes at once, its lead kept: no word of
    # what the tutor must still do.
    match.apply(_weakest(0)(match))
    if match.total(1) > match.total(0):
        match.apply(Action(1, PASS))
        obs = match.observation(0)
        for move in (Action(0, PASS), suggestion(obs)):
            assert move is not None
            hint = explain(obs, {TURN, "round_two:2"}, move)
            assert "must play on" not in hint.text and "has passed at" in hint.text
            assert check(hint, obs, match, deck, moves=False).problems == []


def test_once_they_passed_and_you_lead_the_hint_is_pass_not_the_leader() -> None:
    """The tutor has passed in round 3 and the player leads with the leader unused: passing
    wins the match, and the hint says so (not "press Leader")."""
    match = _round_two_after_a_won_round_one()
    # Round 2 to the tutor, by the unit it kept; in round 3 it passes at once, and the
    # player plays units until ahead.
    _play(match, {0: _pass(0), 1: _pass(1)}, lambda m: m.round == 3)
    _play(match, {0: _strongest(0), 1: _pass(1)},
          lambda m: m.sides[1].passed and m.to_act() == [0] and m.total(0) > m.total(1))
    obs = match.observation(0)
    assert Action(0, LEADER) in obs.legal
    hint = next_hint(obs, {TURN})
    assert hint is not None and hint.move == Action(0, PASS) and hint.key == AHEAD
    assert "press **Pass** to win the match" in hint.text
    assert WINS_MATCH in {c.what for c in hint.claims}
    assert check(hint, obs, match, tutorial_decks()[0]).problems == []


def test_a_hint_depends_on_the_view_alone() -> None:
    match = _kept(scripted_match(7))
    obs = match.observation(0)
    hint = next_hint(obs, ())
    suggestion.cache_clear()
    assert next_hint(obs, ()) == hint
    with pytest.raises(ValueError):
        next_hint(match.observation(None), ())


def test_the_end_says_what_to_do_next() -> None:
    for won in (True, False):
        text = next_steps(won, lang=EN)
        for command in ("/gwent practice", "/gwent challenge", "/gwent deck new"):
            assert command in text
    assert "won" in next_steps(True, lang=EN) and "tutor won" in next_steps(False, lang=EN)


async def _tutorial(services: Services) -> int:
    async def venue() -> tuple[int, int]:
        return 555, CHANNEL

    match = await services.practice.start(GUILD, CHANNEL, Player(ALICE.user_id, ALICE.name),
                                          "hard", BOT_ID, venue, tutorial=True)
    return match.id


async def test_a_tutorial_is_dealt_and_played_with_its_hints(services: Services) -> None:
    match_id = await _tutorial(services)
    record = await services.matches.get(match_id)
    assert record.status == PLAYING and is_tutorial(record)
    assert record.seats[0].faction == PLAYER_FACTION and record.seats[0].leader == player_leader()
    tutor = record.seats[1]
    assert tutor.name == TUTOR_NAME and tutor.ai_level == TUTORIAL_LEVEL
    assert tutor.leader == TUTOR_LEADER and tutor.deck_list is not None
    assert record.lobby_message_id is None
    snapshot = await services.matches.private(match_id, ALICE.user_id)
    first = await services.practice.hint(snapshot, lang=EN)
    assert first is not None and "you may redraw up to two" in first
    assert await services.practice.hint(snapshot, lang=EN) == first  # the same until Alice acts
    public = await services.matches.public(match_id)
    assert await services.practice.hint(public, lang=EN) is None  # spectators get none

    # Alice does what the hints say, but for a few moves of her own: the hints the service
    # replays from the log are the ones given live, and lessons count once she made the
    # move they explain.
    shown: set[str] = set()
    keys = []
    rng = random.Random(3)
    for _ in range(400):
        await services.computer.idle()
        snapshot = await services.matches.private(match_id, ALICE.user_id)
        if snapshot.match.status == OVER:
            break
        obs = snapshot.observation
        assert obs is not None
        if not [a for a in obs.legal if a.player == 0 and a.kind != FORFEIT]:
            continue
        hint = next_hint(obs, shown)
        assert hint is not None and hint.move is not None
        actions = [text for _, text, _ in await services.matches.actions(match_id)]
        assert hint_in(snapshot.match, actions, obs, lang=EN) == hint
        assert hint.text == await services.practice.hint(snapshot, lang=EN)
        keys.append(hint.key)
        action = hint.move if rng.random() < 0.8 else instinct(obs)
        shown.add(learnt(obs, shown, action))
        await services.matches.act(match_id, ALICE.user_id, move_text(action),
                                   snapshot.match.action_count)
    assert (await services.matches.get(match_id)).status == OVER
    assert keys[0] == REDRAW and TURN in keys and len(keys) >= 10


async def test_a_tutorial_rematch_is_a_plain_practice_match(services: Services) -> None:
    match_id = await _tutorial(services)
    await services.matches.forfeit(GUILD, ALICE.user_id)
    again = await services.practice.rematch(match_id, ALICE.user_id)
    assert not is_tutorial(again) and again.seats[1].ai_level == "easy"
    assert again.seats[1].deck_list is None
    await services.computer.idle()
