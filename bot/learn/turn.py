"""What a seated player may do now, in one sentence: the chat's private view and the table
say it alike."""

from __future__ import annotations

from bot.i18n import N_, Language, Name
from engine import Observation
from engine.actions import CHOOSE, FIRST, KEEP, PASS
from engine.observation import CHOOSE_FIRST, MULLIGAN
from engine.pending import DECK_DRAW, DECK_WEATHER, MEDIC, RESTORE

# A pending choice (engine.pending), as a sentence.
PENDING = {
    MEDIC: N_("Choose a unit from your discard pile to play."),
    RESTORE: N_("Choose a card from your discard pile to take back."),
    DECK_DRAW: N_("Choose a card from your deck to draw."),
    DECK_WEATHER: N_("Choose a weather card from your deck to play."),
}


def what_now(obs: Observation, opponent: str, lang: Language) -> tuple[str, bool]:
    """What the viewer of `obs` may do now, and whether it is theirs to decide (so that the
    time left is worth saying); `opponent` is the other player's name as it may be shown."""
    assert obs.viewer is not None
    me, them = obs.sides[obs.viewer], obs.sides[1 - obs.viewer]
    kinds = {a.kind for a in obs.legal}
    if FIRST in kinds:
        return lang._("You lead the {faction}: decide who goes first.",
                      faction=Name.faction("scoiatael")), True
    if KEEP in kinds:
        left = me.mulligans_left or 0
        if left:
            return lang.ngettext("Redraw up to {count} more card, one at a time, or keep this "
                                 "hand.", "Redraw up to {count} more cards, one at a time, or "
                                 "keep this hand.", left), True
        return lang._("Keep this hand to finish your redraws."), True
    if CHOOSE in kinds and obs.pending is not None:
        return lang._(PENDING[obs.pending.kind]), True
    if PASS in kinds:
        # i18n: {opponent} is a player's name.
        passed = (" " + lang._("{opponent} has passed.", opponent=opponent) if them.passed
                  else "")
        return lang._("Your turn: play a card, use your leader, or pass.") + passed, True
    # i18n: {opponent} is a player's name.
    if obs.phase == CHOOSE_FIRST:
        return lang._("Waiting for {opponent} to decide who goes first.",
                      opponent=opponent), False
    if obs.phase == MULLIGAN:
        return lang._("Waiting for {opponent} to finish redrawing.", opponent=opponent), False
    if me.passed:
        return lang._("You have passed this round. Waiting for {opponent}.",
                      opponent=opponent), False
    return lang._("Waiting for {opponent}.", opponent=opponent), False
