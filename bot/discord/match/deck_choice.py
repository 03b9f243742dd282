"""The private deck choice: faction, leader and deck selects with a Ready button."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.discord.core.views import Outgoing, StaticView, button, clean, option, select
from bot.discord.match import ids
from bot.i18n import ENGLISH, language
from bot.service.decks import deck_title, decks, factions, leaders, saved_key, seat_choice
from bot.storage.records import MatchRecord
from bot.storage.saved_decks import SavedDeck
from engine import catalogue
from engine.decks import summary


def deck_message(match: MatchRecord, seat: int, saved: Sequence[SavedDeck] = ()) -> Outgoing:
    """What the player picked so far, and the selects to change it (until they are ready).
    `saved` are the player's playable decks of the chosen faction, offered beside the
    starter deck."""
    me, them = match.seats[seat], match.seats[1 - seat]
    cat = catalogue()
    faction = cat.factions[me.faction]
    leader = cat.card(me.leader)
    choice = seat_choice(me)
    kind = "starter deck" if choice.cards is None or me.deck == me.faction else "your deck"
    lines = [f"**Your deck** against {clean(them.name)}",
             f"Faction: **{faction.name}**: {faction.perk}",
             f"Leader: **{leader.name}**: {leader.text}",
             # TODO(i18n): deck_title in the player's private language
             f"Deck: **{clean(deck_title(choice, language(ENGLISH)))}** ({kind})"]
    if me.ready:
        lines.append("\u2705 You are ready: your deck is locked in.")
        return Outgoing("\n".join(lines))
    lines.append("Change anything below, then press **Ready**. Build more decks with "
                 "`/gwent deck new`.")
    deck_options = [option(name, key, "Starter deck", default=key == me.deck)
                    for key, name in decks(me.faction)]
    for deck in saved:
        counts = summary(deck.deck)
        deck_options.append(option(deck.name, saved_key(deck.id),
                                   f"Your deck \u00b7 {counts.units} units, "
                                   f"{counts.specials} specials",
                                   default=saved_key(deck.id) == me.deck))
    view = StaticView(
        select(ids.deck(match.id, "faction"), "Faction",
               [option(name, key, cat.factions[key].perk, default=key == me.faction)
                for key, name in factions()], row=0),
        select(ids.deck(match.id, "leader"), "Leader",
               [option(card.name, card.id, card.text, default=card.id == me.leader)
                for card in leaders(me.faction)], row=1),
        select(ids.deck(match.id, "deck"), "Deck", deck_options, row=2),
        button("Ready", ids.lobby(match.id, "ready"), style=discord.ButtonStyle.success, row=3))
    return Outgoing("\n".join(lines), view)
