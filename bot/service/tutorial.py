"""The tutorial: a scripted practice match against the easy computer, with hints.

The player leads the Northern Realms starter deck against the Tutor, the easy computer with
a gentle Monsters deck of its own (TUTOR_CARDS: single units, one small Muster group, one
weather card, and a leader that plays that weather from the deck, which the player can lift
with Clear Weather). The deal is scripted: the match seed is the first one from a random
start that deals the player a spy, a weather card, a horn and a medic, still held after the
redraws the hints suggest, and lets them go first, so every lesson has its moment. A
newcomer who does what the hints say wins nearly every tutorial (tests/tutorial_rate.py
measures it). The computer seat is named TUTOR_NAME, which marks the match as a tutorial
for good (across restarts).

Which hints were already given is not stored: the match is replayed from its log, and at
each of the player's past decisions the hint that explains the move they made counts as
given (a lesson is learnt once the player made the move it explains), so replaying needs
no search; only the hint shown now runs one.
"""

from __future__ import annotations

from bot.i18n import Language
from bot.learn.tutorial import Hint, learnt, next_hint, suggestion
from bot.service.decks import DeckChoice, build_deck, seat_choice
from bot.storage.records import MatchRecord
from engine import Action, Deck, Match, Observation, starter_decks, validate
from engine.actions import FORFEIT, MULLIGAN
from engine.observation import MULLIGAN as MULLIGAN_PHASE

TUTOR_NAME = "Tutor"
TUTORIAL_LEVEL = "easy"
PLAYER_FACTION, TUTOR_FACTION = "northern_realms", "monsters"
TUTOR_LEADER = "eredin_king_of_the_wild_hunt"
TUTOR_DECK = "tutor"  # the tutor seat's deck key; its whole list is stored with the seat
TUTOR_CARDS = {
    "nekker": 3, "foglet": 1, "harpy": 1, "celaeno_harpy": 1, "cockatrice": 1, "endrega": 1,
    "gargoyle": 1, "wyvern": 1, "botchling": 1, "forktail": 1, "frightener": 1, "griffin": 1,
    "werewolf": 1, "plague_maiden": 1, "grave_hag": 1, "ice_giant": 1, "fiend": 1,
    "earth_elemental": 1, "fire_elemental": 1, "imlerith": 1, "impenetrable_fog": 1,
    "decoy": 1,
}
# Abilities the player's opening hand must hold.
WANTED = ("spy", "weather", "commanders_horn", "medic")
SEEDS = 2**31
SEEDS_TRIED = 20_000


def player_leader() -> str:
    """The player's leader: the starter deck's own (a horn on the siege row)."""
    return starter_decks()[PLAYER_FACTION].leader


def tutor_choice() -> DeckChoice:
    """The tutor's faction, leader and deck."""
    deck = Deck(TUTOR_FACTION, TUTOR_LEADER, dict(TUTOR_CARDS), "The Tutor's pack")
    return DeckChoice(TUTOR_FACTION, TUTOR_LEADER, TUTOR_DECK, validate(deck))


def tutorial_decks() -> tuple[Deck, Deck]:
    """The player's deck and the tutor's."""
    player = DeckChoice(PLAYER_FACTION, player_leader(), PLAYER_FACTION)
    return build_deck(player), build_deck(tutor_choice())


def scripted_seed(decks: tuple[Deck, Deck], names: tuple[str, str], start: int = 0) -> int:
    """The first seed from `start` on that gives seat 0 the first turn and every WANTED
    ability, in the hand dealt and in the hand the hints' redraws leave (`start` itself if
    none does within SEEDS_TRIED)."""
    for offset in range(SEEDS_TRIED):
        seed = (start + offset) % SEEDS
        match = Match.new(decks, seed, names)
        if match.first == 0 and _has_wanted(match) and _has_wanted(_redrawn(match)):
            return seed
    return start


def _has_wanted(match: Match) -> bool:
    hand = [match.cards[uid] for uid in match.sides[0].hand]
    return all(any(w in c.abilities for c in hand) for w in WANTED)


def _redrawn(match: Match) -> Match:
    """The match after seat 0 redraws as the hints say."""
    after = match.clone()
    while after.phase == MULLIGAN_PHASE and 0 in after.to_act():
        move = suggestion(after.observation(0))
        if move is None or move.kind != MULLIGAN:
            break
        after.apply(move)
    return after


def is_tutorial(match: MatchRecord) -> bool:
    """True for a tutorial match (its computer seat is the tutor)."""
    seat = match.computer_seat
    return seat is not None and match.seats[seat].name == TUTOR_NAME


def decks_of(match: MatchRecord) -> tuple[Deck, Deck]:
    """The two decks as the match was started with them."""
    a, b = (build_deck(seat_choice(s)) for s in match.seats)
    return a, b


def hint_in(match: MatchRecord, actions: list[str], now: Observation, *,
            lang: Language) -> Hint | None:
    """The hint for the player with observation `now`, given the match's action log, in a
    language."""
    viewer = now.viewer
    if viewer is None or not is_tutorial(match):
        return None
    engine = Match.new(decks_of(match), match.seed, (match.seats[0].name, match.seats[1].name))
    shown: set[str] = set()
    for text in actions:
        action = Action.parse(text)
        if action.player == viewer and action.kind != FORFEIT:
            before = engine.observation(viewer)
            shown.add(learnt(before, shown, action))
        engine.apply(action)
    return next_hint(now, shown, lang=lang)


def hint_for(match: MatchRecord, actions: list[str], now: Observation, *,
             lang: Language) -> str | None:
    """The words of the hint for observation `now` in a language (None when there is
    none)."""
    hint = hint_in(match, actions, now, lang=lang)
    return None if hint is None else hint.text

