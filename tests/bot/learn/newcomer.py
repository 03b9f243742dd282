"""A scripted newcomer for the tutorial: does what each hint says, and otherwise (or when
told to ignore the hints) plays the card that adds most to their score at once, passing
only when nothing is left to play. `play_tutorial` plays a whole tutorial between it and
the tutor, in the engine alone, exactly as the bot deals and plays it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from bot.learn.tutorial import Hint, learnt, next_hint
from bot.service.tutorial import TUTOR_NAME, TUTORIAL_LEVEL, scripted_seed, tutorial_decks
from engine import Action, Match, Observation
from engine.actions import FORFEIT, KEEP, PASS, PLAY
from engine.ai.agents import decide
from engine.ai.model import board_model, gain

NAMES = ("Newcomer", TUTOR_NAME)


def instinct(obs: Observation) -> Action:
    """What the newcomer does without a hint: keep the hand, choose the strongest option,
    else play the card that adds most at once, else pass."""
    assert obs.viewer is not None
    me = obs.viewer
    legal = [a for a in obs.legal if a.kind != FORFEIT]
    if obs.pending is not None:
        options = {v.uid: v.base or 0 for v in obs.pending.options}
        return max(legal, key=lambda a: options.get(a.card or -1, 0))
    if Action(me, KEEP) in legal:
        return Action(me, KEEP)
    plays = [a for a in legal if a.kind == PLAY]
    if not plays:
        return Action(me, PASS)
    model = board_model(obs)
    return max(plays, key=lambda a: (gain(model, a), -(a.card or 0)))


def computer_seed(match_seed: int, action_count: int) -> int:
    """The seed the bot gives the computer's decision at this point of a match
    (bot.service.matches.MatchService.computer_turn)."""
    return (match_seed * 1_000_003 + action_count) % 2**31


@dataclass
class Tutorial:
    """A tutorial played out: the match, and each hint with the observation it was made
    from and the match as it stood then."""

    match: Match
    hints: list[tuple[Hint, Observation, Match]] = field(default_factory=list)

    @property
    def won(self) -> bool:
        """True when the newcomer won."""
        return self.match.winner == 0


Listener = Callable[[Hint, Observation, Match], None]


def play_tutorial(start: int, follow: bool = True) -> Tutorial:
    """Play the tutorial dealt from random seed `start`: the newcomer (seat 0) does what
    the hints say (or, with follow False, plays without them) against the tutor."""
    decks = tutorial_decks()
    seed = scripted_seed(decks, NAMES, start)
    match = Match.new(decks, seed, NAMES)
    played = Tutorial(match)
    shown: set[str] = set()
    while not match.is_over:
        seat = match.to_act()[0]
        obs = match.observation(seat)
        if seat == 1:
            action = decide(TUTORIAL_LEVEL, obs, decks[1],
                            computer_seed(seed, match.action_count))
        else:
            hint = next_hint(obs, shown) if follow else None
            if hint is not None:
                played.hints.append((hint, obs, match.clone()))
            action = hint.move if hint is not None and hint.move else instinct(obs)
            shown.add(learnt(obs, shown, action))
        match.apply(action)
    return played
