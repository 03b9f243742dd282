"""The tutorial's hints in other languages: numbers take the form their language needs."""

from __future__ import annotations

import pytest

from bot.i18n import language
from bot.learn.tutorial import THEIR_GAIN, _spy
from engine import Action
from engine.actions import KEEP, PLAY
from tests.bot.learn.test_tutorial import scripted_match

# The three Russian forms of the points a spy gives away.
SAID = {4: "добавляя ему 4 очка,", 1: "добавляя ему 1 очко,", 5: "добавляя ему 5 очков,"}


def test_the_spys_points_agree_with_their_number() -> None:
    match = scripted_match(0)
    match.apply(Action(0, KEEP))
    match.apply(Action(1, KEEP))
    obs = match.observation(0)
    hand = obs.sides[0].hand or ()
    spies = {card.uid for card in hand if "spy" in card.abilities}
    move = next(a for a in obs.legal if a.kind == PLAY and a.card in spies)
    english = _spy(obs, set(), move, language("en"))
    assert english is not None
    gain = next(claim.value for claim in english.claims if claim.what == THEIR_GAIN)
    assert f"adding {gain} point{'' if gain == 1 else 's'} to their score" in english.text
    hint = _spy(obs, set(), move, language("ru"))
    assert hint is not None
    assert SAID[gain] in hint.text


@pytest.mark.parametrize("points", list(SAID))
def test_points_given_away_take_the_russian_form_of_their_number(points: int) -> None:
    ru = language("ru")
    phrase = ru.npgettext("points on the board", "{count} point", "{count} points", points)
    assert f"добавляя ему {phrase}," == SAID[points]
