"""Render observations of real matches from the engine."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest
from PIL import Image, ImageStat

from bot.render import (
    load_observation,
    render_board,
    render_card,
    render_hand,
    render_result,
)
from bot.render.faces import HAND
from bot.render.hand import hand_image, layout, unplayable
from engine.cards import catalogue
from engine.decks import starter_decks
from engine.match import Match
from engine.view import hand_order


def _play(seed: int):
    rng = random.Random(seed)
    decks = starter_decks()
    factions = sorted(decks)
    m = Match.new(
        (decks[rng.choice(factions)], decks[rng.choice(factions)]),
        seed=seed,
        names=("Geralt \u200b\U0001f525", "Yennefer"),
    )
    snapshots = []
    steps = 0
    while not m.is_over and steps < 400:
        p = rng.choice(m.to_act())
        actions = [a for a in m.legal_actions(p) if a.kind != "forfeit"]
        m.apply(rng.choice(actions))
        steps += 1
        if steps % 6 == 0 or m.is_over:
            snapshots.append((m.observation(None), m.observation(p)))
    return m, snapshots


@pytest.mark.parametrize("seed", [3, 11])
def test_render_a_whole_random_match(seed: int, tmp_path: Path) -> None:
    m, snapshots = _play(seed)
    assert snapshots
    for public, private in snapshots:
        assert render_board(public).startswith(b"\x89PNG")
        if private.sides[private.viewer].hand is not None:
            assert render_hand(private).startswith(b"\x89PNG")
    last_public, _ = snapshots[-1]
    if last_public.is_over:
        assert render_result(last_public).startswith(b"\x89PNG")
    # the state file route of `python -m bot.render --state`
    state = tmp_path / "state.json"
    state.write_text(json.dumps(m.to_dict()), encoding="utf-8")
    assert render_board(load_observation(state)).startswith(b"\x89PNG")


def test_render_every_catalogue_card() -> None:
    cards = list(catalogue().cards.values())
    assert len(cards) > 150
    for c in cards:
        assert render_card(c).startswith(b"\x89PNG")


def _first_turn_with_a_decoy() -> Match:
    decks = starter_decks()
    for seed in range(200):
        m = Match.new((decks["northern_realms"], decks["nilfgaard"]), seed=seed)
        while m.phase != "playing":
            p = m.to_act()[0]
            m.apply(next(a for a in m.legal_actions(p) if a.kind in ("keep", "first")))
        hand = m.observation(m.to_act()[0]).sides[m.to_act()[0]].hand or ()
        if any(v.card_id == "decoy" for v in hand):
            return m
    raise AssertionError("no seed deals a Decoy")


def test_a_card_that_cannot_be_played_now_is_dimmed() -> None:
    m = _first_turn_with_a_decoy()
    me = m.to_act()[0]
    obs = m.observation(me)
    hand = obs.sides[me].hand or ()
    decoys = {v.uid for v in hand if v.card_id == "decoy"}
    # The board is empty, so Decoy has nothing to take back; everything else can be played.
    assert unplayable(obs) == decoys
    assert unplayable(m.observation(1 - me)) == frozenset()  # not their turn: nothing dimmed
    dimmed = hand_image(obs)
    plain = hand_image(dataclasses.replace(obs, legal=()))
    for view, (x, y) in zip(hand_order(hand), layout(len(hand)), strict=True):
        box = (x, y, x + HAND.w, y + HAND.h)
        light = ImageStat.Stat(dimmed.crop(box).convert("L")).mean[0]
        normal = ImageStat.Stat(plain.crop(box).convert("L")).mean[0]
        if view.uid in decoys:
            assert light < normal * 0.6
        else:
            assert light == normal


def test_nothing_is_dimmed_while_redrawing() -> None:
    decks = starter_decks()
    m = Match.new((decks["northern_realms"], decks["monsters"]), seed=1)
    obs = m.observation(0)
    assert obs.phase == "mulligan" and unplayable(obs) == frozenset()
    assert isinstance(hand_image(obs), Image.Image)
