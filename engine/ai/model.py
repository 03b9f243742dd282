"""A playable stand-in match built from an observation alone (no hidden information)."""

from __future__ import annotations

from collections.abc import Iterable

from engine.actions import Action, ActionError
from engine.cards import catalogue
from engine.match import Match
from engine.observation import CardView, Observation
from engine.pending import DECK_DRAW, DECK_WEATHER, Pending
from engine.rng import Rng
from engine.side import LEADER_HORN, Side

_PLACEHOLDER = "decoy"


def board_model(obs: Observation, seed: int = 0) -> Match:
    """Return a match with the public board and the viewer's hand; hidden zones are empty
    but for the deck cards a pending choice offers the viewer.

    The opponent gets one placeholder card in hand so that a model move does not make
    them pass automatically.
    """
    assert obs.viewer is not None
    cat = catalogue()
    m = Match()
    m.seed, m.rng = seed, Rng(seed)
    known: dict[int, str] = {}

    def note(views: tuple[CardView, ...]) -> list[int]:
        for v in views:
            known[v.uid] = v.card_id
        return [v.uid for v in views]

    for sv in obs.sides:
        side = Side(sv.name, sv.faction, sv.leader.card_id)
        side.gems, side.passed, side.leader_used = sv.gems, sv.passed, sv.leader.used
        side.rows = [note(row.cards) for row in sv.rows]
        side.horns = [LEADER_HORN if row.leader_horn else None if row.horn is None
                      else note((row.horn,))[0] for row in sv.rows]
        side.mardroeme = [None if row.mardroeme is None else note((row.mardroeme,))[0]
                          for row in sv.rows]
        side.grave = note(sv.graveyard)
        side.hand = note(sv.hand) if sv.hand is not None else []
        m.sides.append(side)
    weather = note(obs.weather)
    if obs.pending is not None:
        note(obs.pending.options)
    size = max(known, default=-1) + 2
    m.card_ids = [known.get(uid, _PLACEHOLDER) for uid in range(size)]
    m.cards = [cat.card(c) for c in m.card_ids]
    m.originals = size
    m.sides[1 - obs.viewer].hand = [size - 1]
    m.weather = [[uid, 0] for uid in weather]
    m.phase, m.round = obs.phase, obs.round
    m.current = obs.turn if obs.turn is not None else obs.viewer
    m.results = [(r.scores, r.winner) for r in obs.rounds]
    if obs.pending is not None and obs.pending.player == obs.viewer:
        options = tuple(v.uid for v in obs.pending.options)
        m.pending = Pending(obs.pending.kind, obs.viewer, options)
        if obs.pending.kind in (DECK_DRAW, DECK_WEATHER):  # the choice takes it from the deck
            m.sides[obs.viewer].deck = list(options)
    return m


def score_changes(model: Match, action: Action) -> tuple[int, int]:
    """Return how much the action changes its player's score and the opponent's right away
    (against the round's final scores when it ends the round)."""
    m = model.clone()
    me = action.player
    before = m.total(me), m.total(1 - me)
    rounds = len(m.results)
    m.apply(action)
    after = m.results[rounds][0] if len(m.results) > rounds else (m.total(0), m.total(1))
    return after[me] - before[0], after[1 - me] - before[1]


def gain(model: Match, action: Action) -> int:
    """Return how much the action improves its player's lead right away."""
    mine, theirs = score_changes(model, action)
    return mine - theirs


def lead_gains(obs: Observation, actions: Iterable[Action]) -> dict[Action, int]:
    """What each action adds to the viewer's lead at once, played on a model of the match
    built from the viewer's own observation (board_model), so that no hidden card (the
    opponent's hand, a deck's order) can show through; an action the model cannot play is
    left out."""
    model = board_model(obs)
    gains = {}
    for action in actions:
        try:
            gains[action] = gain(model, action)
        except ActionError:
            continue
    return gains
