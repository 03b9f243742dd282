"""The board model (engine.ai.model): what a move adds to the viewer's lead, worked out from
their observation alone."""

from __future__ import annotations

import pytest

from engine.actions import CHOOSE
from engine.ai.model import gain, lead_gains
from tests.engine.scenario import scenario, use_leader

NONE3: tuple[list[str], list[str], list[str]] = ([], [], [])


@pytest.mark.parametrize(("faction", "leader", "deck"), [
    ("monsters", "eredin_king_of_the_wild_hunt",
     ["biting_frost", "fiend", "skellige_storm", "clear_weather"]),
    ("nilfgaard", "emhyr_var_emreis_the_relentless", ["rainfarn", "decoy", "sweers"]),
])
def test_a_choice_from_the_deck_gets_its_gain(faction: str, leader: str,
                                              deck: list[str]) -> None:
    m = scenario(factions=(faction, "northern_realms"), leaders=(leader, None),
                 decks=(deck, []), rows=(NONE3, (["ves"], ["keira_metz"], ["ballista"])))
    use_leader(m)
    obs = m.observation(0)
    choices = [a for a in obs.legal if a.kind == CHOOSE]
    assert obs.pending is not None and choices
    # the offered cards are the viewer's to see: the model plays each as the match does
    assert lead_gains(obs, choices) == {a: gain(m, a) for a in choices}
