"""Messages built for Discord stay within its limits and show only what they may."""

from __future__ import annotations

import random
import re
from typing import Any

import discord
import pytest

from bot.discord.core.views import Outgoing
from bot.discord.learn import ids as rules_ids
from bot.discord.learn.rules import rules_message
from bot.discord.match import ids
from bot.discord.match.deck_choice import deck_message
from bot.discord.match.hand import (
    actions_for,
    card_choices,
    followup_message,
    hand_message,
    shown_hand,
)
from bot.discord.match.public import board_message, lobby_message, result_message
from bot.i18n import ENGLISH, language
from bot.learn.rules import topics
from bot.render.faces import face_key
from bot.render.hand import hand_look
from bot.service import Snapshot
from bot.service.decks import factions
from bot.storage.records import MatchRecord, ResultRecord, SeatRecord
from engine import Match, starter_decks
from engine.ai import RandomAgent

EN = language(ENGLISH)

PNG = b"\x89PNG"


def record(faction0: str = "monsters", faction1: str = "skellige",
           status: str = "playing") -> MatchRecord:
    decks = starter_decks()
    seats = tuple(SeatRecord(i, 100 + i, name, f, decks[f].leader, f, False, 0, None)
                  for i, (name, f) in enumerate((("Alice *bold*", faction0),
                                                 ("@everyone", faction1))))
    return MatchRecord(7, 1, 2, 3, status, 5, 0, 1.7e9, None, None, None, None, None, 1.0, 1.0,
                       None, (seats[0], seats[1]))


def check_limits(out: Outgoing) -> None:
    assert len(out.content) <= 2000
    if out.view is None:
        return
    components: list[dict[str, Any]] = out.view.to_components()
    assert len(components) <= 5
    for row in components:
        items = row["components"]
        assert len(items) == 1 or all(i["type"] == 2 for i in items)
        assert len(items) <= 5
        for item in items:
            assert 1 <= len(item["custom_id"]) <= 100
            if item["type"] == 2:
                assert len(item["label"]) <= 80
            else:
                assert 1 <= len(item["options"]) <= 25
                for o in item["options"]:
                    assert len(o["label"]) <= 100 and len(o["value"]) <= 100
                    assert len(o.get("description") or "") <= 100


def states(seed: int) -> list[Match]:
    """Snapshots of a random match, one per action."""
    decks = starter_decks()
    names = list(decks)
    rng = random.Random(seed)
    match = Match.new((decks[rng.choice(names)], decks[rng.choice(names)]), seed,
                      ("Alice *bold*", "@everyone"))
    agent, seen = RandomAgent(seed), []
    while not match.is_over:
        seen.append(match.clone())
        seat = match.to_act()[0]
        match.apply(agent.choose(match.observation(seat)))
    seen.append(match)
    return seen


@pytest.mark.parametrize("seed", range(6))
def test_every_hand_and_board_fits_discord(seed: int) -> None:
    for engine in states(seed):
        rec = record(engine.sides[0].faction, engine.sides[1].faction)
        public = Snapshot(rec, engine.observation(None), tuple(engine.to_act()))
        if engine.is_over:
            result = ResultRecord(rec.id, rec.guild_id, rec.user_ids, ("monsters", "skellige"),
                                  ("a", "b"), engine.winner, engine.forfeited_by, "play", (),
                                  1.0, 2.0)
            out = result_message(public, result, PNG, PNG, lang=EN)
            assert "Round 1" in out.content
        else:
            out = board_message(public, PNG, public.observation.event_log, moves=2,
                                pinged=tuple(100 + s for s in engine.to_act()), lang=EN)
            assert "@everyone" not in out.content and "*bold*" not in out.content
            assert out.allowed_mentions().everyone is False
        check_limits(out)
        for seat in (0, 1):
            obs = engine.observation(seat)
            mine = Snapshot(rec, obs, tuple(engine.to_act()))
            check_limits(hand_message(mine, PNG, lang=EN))
            for choice in card_choices(obs, lang=EN):
                actions = actions_for(obs, choice.uid)
                assert actions
                if len(actions) > 1:
                    check_limits(followup_message(mine, choice.uid, actions, lang=EN))


def test_identical_cards_are_listed_once_with_a_count() -> None:
    for engine in states(1):
        obs = engine.observation(0)
        choices = card_choices(obs, lang=EN)
        assert len({c.uid for c in choices}) == len(choices)
        hand = obs.sides[0].hand or ()
        usable = {a.card for a in obs.legal if a.card is not None and a.kind != "choose"}
        if obs.pending is None and usable:
            assert sum(c.count for c in choices) == len([v for v in hand if v.uid in usable])


def test_board_refuses_private_observations() -> None:
    engine = states(2)[5]
    with pytest.raises(ValueError, match="spectator"):
        board_message(Snapshot(record(), engine.observation(0), ()), PNG, (), moves=1, lang=EN)


@pytest.mark.parametrize("faction", [key for key, _ in factions()])
def test_deck_choice_fits_discord(faction: str) -> None:
    rec = record(faction, faction, status="choosing")
    check_limits(deck_message(rec, 0, lang=EN))
    check_limits(lobby_message(Snapshot(rec, None, (0, 1)), lang=EN))


def test_rules_topics_fit_discord() -> None:
    for topic in topics():
        for page in range(len(topic.pages)):
            check_limits(rules_message(topic.key, page, lang=EN))


def test_custom_ids_match_their_templates() -> None:
    for custom_id, template in ((ids.challenge(1, "accept"), ids.CHALLENGE),
                                (ids.lobby(2, "ready"), ids.LOBBY),
                                (ids.deck(3, "leader"), ids.DECK), (ids.hand(4, 5), ids.HAND),
                                (ids.card(4, 5, 0), ids.CARD),
                                (ids.move(4, 5, "play 12 ranged"), ids.MOVE),
                                (ids.pick(4, 5, 0), ids.PICK), (ids.rematch(9), ids.REMATCH),
                                (rules_ids.rules(), rules_ids.RULES)):
        assert re.fullmatch(template, custom_id), custom_id


def test_hand_numbers_agree_between_the_image_and_the_select() -> None:
    for seed in range(3):
        for engine in states(seed):
            for seat in (0, 1):
                obs = engine.observation(seat)
                shown = shown_hand(obs)
                # The image draws the hand in the order shown: card i is shown[i - 1].
                faces = [key for key, _ in hand_look(obs).cards]
                assert faces == [face_key(v) for v in shown]
                number = {v.uid: i for i, v in enumerate(shown, start=1)}
                for choice in card_choices(obs, lang=EN):
                    if choice.uid not in number:
                        continue  # a pending choice's option, not a hand card
                    place = choice.label.split(". ", 1)[0]
                    first, _, last = place.partition("\u2013")
                    assert int(first) == number[choice.uid]
                    assert int(last or first) - int(first) + 1 == choice.count
                    copies = [v for v in shown[int(first) - 1:int(last or first)]]
                    assert {v.card_id for v in copies} == {shown[number[choice.uid] - 1].card_id}


def test_row_choices_show_what_each_row_gains() -> None:
    seen = 0
    for seed in range(40):
        for engine in states(seed):
            if engine.is_over:
                continue
            for seat in engine.to_act():
                obs = engine.observation(seat)
                for choice in card_choices(obs, lang=EN):
                    actions = actions_for(obs, choice.uid)
                    rows = [a for a in actions if a.row is not None and a.target is None]
                    if len(rows) < 2:
                        continue
                    rec = record(engine.sides[0].faction, engine.sides[1].faction)
                    out = followup_message(Snapshot(rec, obs, (seat,)), choice.uid, actions,
                                           lang=EN)
                    assert out.view is not None
                    labels = [b.label for b in out.view.children
                              if isinstance(b, discord.ui.Button) and b.label != "Back"]
                    for action, label in zip(rows, labels, strict=True):
                        # What the real match gains (it alone knows the hidden cards, which a
                        # row choice never touches), unless the round ends right after.
                        real = engine.clone()
                        before = real.total(seat) - real.total(1 - seat)
                        real.apply(action)
                        if real.round != engine.round or real.is_over:
                            continue
                        gained = real.total(seat) - real.total(1 - seat) - before
                        assert label.endswith(f" {gained:+d}"), (label, gained)
                        seen += 1
    assert seen >= 20
