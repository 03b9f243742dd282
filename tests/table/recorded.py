"""Matches the computer plays against itself, recorded as one seat's table frames in any
language: the welcome and every state that seat sees, built by the table's server code
(bot/web/view.py, with its words and card data). For the page's tests and pictures that
serve frames from the browser itself (fixture_table.py); make_fixture.py writes one of them
to tests/table/fixtures/match.json."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from bot.i18n import Language
from bot.learn.tutorial import given_key, next_hint
from bot.service import Snapshot
from bot.storage.records import CHOOSING
from bot.web import view
from bot.web.cards import cards_of, faction_names, pool
from bot.web.texts import page_texts
from engine import Match, Observation, starter_deck
from engine.ai.agents import decide
from tests.bot.discord.match.test_public import match_record

Json = dict[str, Any]


@dataclass
class Recorded:
    """A match as seat `seat` saw it: its welcome frame, its states, and the engine's
    observations they were built from (the same index)."""

    welcome: Json
    states: list[Json]
    observations: list[Observation]
    seat: int | None

    def data(self) -> Json:
        """The frames as FixtureTable serves them."""
        return {"welcome": self.welcome, "states": self.states}

    def first(self, test: Any) -> int:
        """The index of the first state whose observation passes `test`."""
        for index, obs in enumerate(self.observations):
            if test(obs):
                return index
        raise LookupError("no state of the recorded match passes the test")


def record(factions: tuple[str, str], seed: int, lang: Language, *, seat: int | None = 0,
           level: str = "easy", hints: bool = False) -> Recorded:
    """Let the computer play a match of these factions' starter decks (the engine's seed
    `seed`) and record what `seat` (None: a spectator) sees, in `lang`; with `hints`, each
    state carries the tutorial's next hint for that seat."""
    decks = (starter_deck(factions[0]), starter_deck(factions[1]))
    match = Match.new(decks, seed=seed, names=("Alice", "Bob"))
    match_data = match_record(factions)
    states: list[Json] = []
    observations: list[Observation] = []
    shown: set[str] = set()
    step = 0
    while True:
        obs = match.observation(seat)
        snapshot = Snapshot(match_data, obs, tuple(match.to_act()))
        hint = next_hint(obs, shown, lang=lang) if hints and seat is not None else None
        if hint is not None:
            shown.add(given_key(hint, obs))
        states.append(view.build(snapshot, seat, lang, hint=hint) | {
            "log_from": 0, "log": view.log_lines(obs, 0, lang)})
        observations.append(obs)
        if match.is_over:
            break
        player = match.to_act()[0]
        match.apply(decide(level, match.observation(player), decks[player], seed=step))
        step += 1
    welcome = {"t": "welcome", "seat": seat, "match": match_data.id, "lang": lang.tag,
               "user": None if seat is None else {"id": "100", "name": "Alice"},
               "watch": False, "texts": page_texts(lang),
               "factions": faction_names(lang.tag),
               "cards": cards_of(pool(frozenset(factions)), lang)}
    return Recorded(welcome, states, observations, seat)


def lobby(factions: tuple[str, str], lang: Language, ready: tuple[bool, bool]) -> Json:
    """The state a seat sees while the players choose their decks in chat."""
    record_ = match_record(factions)
    first, second = record_.seats
    seats = (dataclasses.replace(first, ready=ready[0]), dataclasses.replace(second,
                                                                             ready=ready[1]))
    choosing = dataclasses.replace(record_, status=CHOOSING, seats=seats)
    return view.build(Snapshot(choosing, None, (0, 1)), 0, lang) | {"log_from": 0, "log": []}
