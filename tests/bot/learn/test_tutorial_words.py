"""The tutorial's hints in other languages: numbers take the form their language needs."""

from __future__ import annotations

import pytest

from bot.i18n import language
from bot.learn.tutorial import THEIR_GAIN, _spy
from engine import Action
from engine.actions import KEEP
from tests.bot.learn.test_tutorial import scripted_match

# Deals whose spy adds 4, 1 and 5 points: the three Russian forms.
SAID = {0: "добавляя ему 4 очка,", 10**6: "добавляя ему 1 очко,",
        2**31 - 5000: "добавляя ему 5 очков,"}


@pytest.mark.parametrize("start", list(SAID))
def test_the_spys_points_agree_with_their_number(start: int) -> None:
    match = scripted_match(start)
    match.apply(Action(0, KEEP))
    match.apply(Action(1, KEEP))
    obs = match.observation(0)
    hint = _spy(obs, language("ru"))
    assert hint is not None
    assert SAID[start] in hint.text
    english = _spy(obs, language("en"))
    assert english is not None
    gain = next(claim.value for claim in english.claims if claim.what == THEIR_GAIN)
    assert f"adding {gain} point{'' if gain == 1 else 's'} to their score" in english.text
