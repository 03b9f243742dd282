"""Names folded for comparison in any script."""

from __future__ import annotations

from engine.folding import fold


def test_fold_keeps_every_script_and_drops_accents_and_punctuation() -> None:
    assert fold("Síle de Tansarville") == "sile de tansarville"
    assert fold("Łucznik Ołgierd") == "lucznik olgierd"
    assert fold("Gaunter O'Dimm: Darkness") == "gaunter odimm darkness"
    assert fold("Ведьма: Кухарка") == "ведьма кухарка"
    assert fold("老巫妪\uff1a煮婆") == "老巫妪 煮婆"  # a full-width colon
