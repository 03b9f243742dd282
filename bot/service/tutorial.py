"""The tutorial: a scripted practice match against the easy computer, with hints.

The deal is scripted: the player leads the Northern Realms starter deck against the
Monsters, and the match seed is the first one that deals the player a spy, a weather card,
a horn and a medic and lets them go first, so every hint has its moment. The computer seat
is named TUTOR_NAME, which marks the match as a tutorial for good (across restarts).

Which hints were already given is not stored: the match is replayed from its log, and at
each of the player's past decisions the hint that applied then counts as given (the player
can only act from a hand view, which showed it).
"""

from __future__ import annotations

from bot.learn.tutorial import next_hint
from bot.service.decks import build_deck, seat_choice
from bot.storage.records import MatchRecord
from engine import Action, Deck, Match, Observation, starter_decks

TUTOR_NAME = "Tutor"
TUTORIAL_LEVEL = "easy"
PLAYER_FACTION, TUTOR_FACTION = "northern_realms", "monsters"
# Abilities the player's opening hand must hold.
WANTED = ("spy", "weather", "commanders_horn", "medic")
SEEDS_TRIED = 20_000


def player_leader() -> str:
    """The player's leader: the starter deck's own (a horn on the siege row)."""
    return starter_decks()[PLAYER_FACTION].leader


def scripted_seed(decks: tuple[Deck, Deck], names: tuple[str, str]) -> int:
    """The first seed that deals seat 0 every WANTED ability and the first turn."""
    for seed in range(SEEDS_TRIED):
        match = Match.new(decks, seed, names)
        hand = [match.cards[uid] for uid in match.sides[0].hand]
        if match.first == 0 and all(any(w in c.abilities for c in hand) for w in WANTED):
            return seed
    return 0


def is_tutorial(match: MatchRecord) -> bool:
    """True for a tutorial match (its computer seat is the tutor)."""
    seat = match.computer_seat
    return seat is not None and match.seats[seat].name == TUTOR_NAME


def decks_of(match: MatchRecord) -> tuple[Deck, Deck]:
    """The two decks as the match was started with them."""
    a, b = (build_deck(seat_choice(s)) for s in match.seats)
    return a, b


def hint_for(match: MatchRecord, actions: list[str], now: Observation) -> str | None:
    """The hint to show the player with observation `now`, given the match's action log."""
    viewer = now.viewer
    if viewer is None or not is_tutorial(match):
        return None
    engine = Match.new(decks_of(match), match.seed, (match.seats[0].name, match.seats[1].name))
    shown: set[str] = set()
    for text in actions:
        action = Action.parse(text)
        if action.player == viewer:
            past = next_hint(engine.observation(viewer), shown)
            if past is not None:
                shown.add(past.key)
        engine.apply(action)
    hint = next_hint(now, shown)
    return None if hint is None else hint.text
