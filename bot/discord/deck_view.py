"""The private deck choice: faction, leader and deck selects with a Ready button."""

from __future__ import annotations

import discord

from bot.discord import ids
from bot.discord.views import Outgoing, StaticView, button, clean, option, select
from bot.service.decks import decks, factions, leaders
from bot.storage.records import MatchRecord
from engine import catalogue


def deck_message(match: MatchRecord, seat: int) -> Outgoing:
    """What the player picked so far, and the selects to change it (until they are ready)."""
    me, them = match.seats[seat], match.seats[1 - seat]
    cat = catalogue()
    faction = cat.factions[me.faction]
    leader = cat.card(me.leader)
    deck_name = dict(decks(me.faction))[me.deck]
    lines = [f"**Your deck** against {clean(them.name)}",
             f"Faction: **{faction.name}**: {faction.perk}",
             f"Leader: **{leader.name}**: {leader.text}",
             f"Deck: **{deck_name}** (starter deck)"]
    if me.ready:
        lines.append("\u2705 You are ready: your deck is locked in.")
        return Outgoing("\n".join(lines))
    lines.append("Change anything below, then press **Ready**.")
    view = StaticView(
        select(ids.deck(match.id, "faction"), "Faction",
               [option(name, key, cat.factions[key].perk, default=key == me.faction)
                for key, name in factions()], row=0),
        select(ids.deck(match.id, "leader"), "Leader",
               [option(card.name, card.id, card.text, default=card.id == me.leader)
                for card in leaders(me.faction)], row=1),
        select(ids.deck(match.id, "deck"), "Deck",
               [option(name, key, "Starter deck", default=key == me.deck)
                for key, name in decks(me.faction)], row=2),
        button("Ready", ids.lobby(match.id, "ready"), style=discord.ButtonStyle.success, row=3))
    return Outgoing("\n".join(lines), view)
