"""Smoke test for the scenario builder."""

from engine.actions import PLAY, Action
from tests.engine.scenario import names, scenario, uid_of


def test_tight_bond_triples_three_commandos() -> None:
    m = scenario(hands=(["blue_stripes_commando"], []),
                 rows=((["blue_stripes_commando", "blue_stripes_commando"], [], []),
                       ([], [], [])))
    card = uid_of(m, "blue_stripes_commando", m.sides[0].hand)
    m.apply(Action(0, PLAY, card))
    assert m.strengths()[0][0] == [12, 12, 12]
    assert names(m, m.sides[0].rows[0]) == ["blue_stripes_commando"] * 3
    assert m.total(0) == 36
