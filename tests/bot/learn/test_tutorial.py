"""The tutorial: its scripted deal, hints at the key moments (each given once), never a word
about the computer's hand, and the match itself on a real database."""

from __future__ import annotations

import dataclasses
import random
import re

from bot.learn.tutorial import (
    HORN,
    MEDIC,
    PASSING,
    REDRAW,
    ROUND_END,
    SPY,
    WEATHER,
    next_hint,
)
from bot.service import Player, Services
from bot.service.decks import DeckChoice, build_deck
from bot.service.tutorial import (
    PLAYER_FACTION,
    TUTOR_FACTION,
    TUTOR_NAME,
    is_tutorial,
    player_leader,
    scripted_seed,
)
from bot.storage.records import OVER, PLAYING
from engine import Action, Match, Observation
from engine.actions import KEEP, PASS, PLAY
from engine.ai import RandomAgent
from tests.bot.helpers import ALICE, CHANNEL, GUILD, move_text

BOT_ID = 99


def scripted_match(tutor_leader: str = "eredin_bringer_of_death") -> Match:
    decks = (build_deck(DeckChoice(PLAYER_FACTION, player_leader(), PLAYER_FACTION)),
             build_deck(DeckChoice(TUTOR_FACTION, tutor_leader, TUTOR_FACTION)))
    names = ("Alice", TUTOR_NAME)
    return Match.new(decks, scripted_seed(decks, names), names)


def test_the_scripted_deal_has_a_moment_for_every_hint() -> None:
    match = scripted_match()
    hand = [match.cards[u] for u in match.sides[0].hand]
    for ability in ("spy", "weather", "commanders_horn", "medic"):
        assert any(ability in c.abilities for c in hand), ability
    assert match.first == 0
    assert scripted_match("eredin_king_of_the_wild_hunt").seed == match.seed


def test_hints_come_in_order_at_their_moments() -> None:
    match = scripted_match()
    obs = match.observation(0)
    hint = next_hint(obs, ())
    assert hint is not None and hint.key == REDRAW and "Keep this hand" in hint.text
    match.apply(Action(0, KEEP))
    match.apply(Action(1, KEEP))
    obs = match.observation(0)
    shown = {REDRAW}
    keys = []
    while (hint := next_hint(obs, shown)) is not None:
        keys.append(hint.key)
        shown.add(hint.key)
    assert keys == [PASSING, SPY, MEDIC, WEATHER, HORN]
    spy = next_hint(obs, {REDRAW, PASSING})
    assert spy is not None and "Thaler" in spy.text and "draw two cards" in spy.text


def _with(obs: Observation, me: dict[str, object], them: dict[str, object]) -> Observation:
    assert obs.viewer is not None
    sides = list(obs.sides)
    sides[obs.viewer] = dataclasses.replace(sides[obs.viewer], **me)  # type: ignore[arg-type]
    sides[1 - obs.viewer] = dataclasses.replace(sides[1 - obs.viewer],
                                                **them)  # type: ignore[arg-type]
    return dataclasses.replace(obs, sides=(sides[0], sides[1]))


def test_the_end_of_round_one_hint_reads_the_score_and_the_cards() -> None:
    match = scripted_match()
    match.apply(Action(0, KEEP))
    match.apply(Action(1, KEEP))
    obs = match.observation(0)
    ahead = _with(obs, {"total": 30, "hand_count": 7}, {"total": 18, "hand_count": 4})
    hint = next_hint(ahead, {REDRAW})
    assert hint is not None and hint.key == ROUND_END
    assert "ahead by 12 with 3 cards more" in hint.text and "pass" in hint.text
    passed = _with(obs, {"total": 20, "hand_count": 6}, {"total": 15, "passed": True})
    hint = next_hint(passed, {REDRAW})
    assert hint is not None and "has passed and you are ahead by 5" in hint.text
    behind = _with(obs, {"total": 10}, {"total": 25, "passed": True})
    hint = next_hint(behind, {REDRAW})
    assert hint is not None and "behind by 15" in hint.text
    close = _with(obs, {"total": 12}, {"total": 10})  # a small lead is no reason to pass
    hint = next_hint(close, {REDRAW})
    assert hint is not None and hint.key == PASSING
    round2 = dataclasses.replace(ahead, round=2)
    assert next_hint(round2, {REDRAW, PASSING, SPY, MEDIC, WEATHER, HORN}) is None


def _visible_names(obs: Observation) -> set[str]:
    names = {s.leader.name for s in obs.sides} | {v.name for v in obs.weather}
    for side in obs.sides:
        names |= {v.name for v in (*side.graveyard, *(side.hand or ()), *side.revealed)}
        for row in side.rows:
            names |= {v.name for v in row.cards}
            names |= {v.name for v in (row.horn, row.mardroeme) if v is not None}
    return names


def test_hints_never_name_a_card_the_player_cannot_see() -> None:
    given = 0
    for seed in range(6):
        match = scripted_match()
        agents = (RandomAgent(seed), RandomAgent(seed + 100))
        shown: set[str] = set()
        while not match.is_over:
            seat = match.to_act()[0]
            obs = match.observation(seat)
            if seat == 0:
                hint = next_hint(obs, shown)
                if hint is not None:
                    assert hint.key not in shown
                    shown.add(hint.key)
                    given += 1
                    secret = {match.cards[u].name for u in (*match.sides[1].hand,
                                                            *match.sides[1].deck)}
                    for name in secret - _visible_names(obs):
                        assert not re.search(rf"\b{re.escape(name)}\b", hint.text), name
            match.apply(agents[seat].choose(obs))
    assert given >= 12


async def _tutorial(services: Services) -> int:
    async def venue() -> tuple[int, int]:
        return 555, CHANNEL

    match = await services.practice.start(GUILD, CHANNEL, Player(ALICE.user_id, ALICE.name),
                                          "hard", BOT_ID, venue, tutorial=True)
    return match.id


async def test_a_tutorial_starts_dealt_and_gives_each_hint_once(services: Services) -> None:
    match_id = await _tutorial(services)
    record = await services.matches.get(match_id)
    assert record.status == PLAYING and is_tutorial(record)
    assert record.seats[0].faction == PLAYER_FACTION and record.seats[0].leader == player_leader()
    assert record.seats[1].name == TUTOR_NAME and record.seats[1].ai_level == "easy"
    assert record.lobby_message_id is None
    snapshot = await services.matches.private(match_id, ALICE.user_id)
    first = await services.practice.hint(snapshot)
    assert first is not None and "Keep this hand" in first
    assert await services.practice.hint(snapshot) == first  # the same until Alice acts
    public = await services.matches.public(match_id)
    assert await services.practice.hint(public) is None  # spectators get none

    rng = random.Random(5)
    hints: list[str] = []
    for _ in range(400):
        await services.computer.idle()
        snapshot = await services.matches.private(match_id, ALICE.user_id)
        if snapshot.match.status == OVER:
            break
        obs = snapshot.observation
        assert obs is not None
        hint = await services.practice.hint(snapshot)
        if hint is not None and (not hints or hints[-1] != hint):
            hints.append(hint)
        mine = [a for a in obs.legal if a.player == 0 and a.kind != "forfeit"]
        if not mine:
            continue
        plays = [a for a in mine if a.kind == PLAY]
        action = rng.choice(plays) if plays and rng.random() < 0.8 else next(
            (a for a in mine if a.kind in (PASS, KEEP)), rng.choice(mine))
        await services.matches.act(match_id, ALICE.user_id, move_text(action),
                                   snapshot.match.action_count)
    assert (await services.matches.get(match_id)).status == OVER
    assert len(hints) == len(set(hints)) >= 3, hints
    assert hints[0] == first


async def test_a_tutorial_rematch_is_a_plain_practice_match(services: Services) -> None:
    match_id = await _tutorial(services)
    await services.matches.forfeit(GUILD, ALICE.user_id)
    again = await services.practice.rematch(match_id, ALICE.user_id)
    assert not is_tutorial(again) and again.seats[1].ai_level == "easy"
    await services.computer.idle()
