"""The private deck choice: faction, leader and deck selects with a Ready button."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.discord.core.format import deck_counts
from bot.discord.core.views import Outgoing, StaticView, button, clean, option, select
from bot.discord.match import ids
from bot.i18n import Language, Name, faction_name
from bot.learn.factions import leader_label
from bot.service.decks import deck_title, decks, factions, leaders, saved_key, seat_choice
from bot.storage.records import MatchRecord
from bot.storage.saved_decks import SavedDeck
from engine import catalogue
from engine.decks import summary


def deck_message(match: MatchRecord, seat: int, saved: Sequence[SavedDeck] = (), *,
                 lang: Language) -> Outgoing:
    """What the player picked so far, and the selects to change it (until they are ready),
    in the player's language. `saved` are the player's playable decks of the chosen
    faction, offered beside the starter deck."""
    me, them = match.seats[seat], match.seats[1 - seat]
    cat = catalogue()
    faction = cat.factions[me.faction]
    leader = cat.card(me.leader)
    choice = seat_choice(me)
    deck = clean(deck_title(choice, lang))
    # i18n: {opponent} is a player's name; {faction} a faction's name and {perk} what it
    # does; {leader} a leader card's name and {ability} what it does; {deck} a deck's name.
    lines = [lang._("**Your deck** against {opponent}", opponent=clean(them.name)),
             lang._("Faction: **{faction}**: {perk}", faction=Name.faction(faction.id),
                    perk=lang._(faction.perk)),
             lang._("Leader: **{leader}**: {ability}", leader=Name.card(leader.id),
                    ability=lang._(leader.text)),
             lang._("Deck: **{deck}** (starter deck)", deck=deck)
             if choice.cards is None or me.deck == me.faction
             else lang._("Deck: **{deck}** (your deck)", deck=deck)]
    if me.ready:
        lines.append("\u2705 " + lang._("You are ready: your deck is locked in."))
        return Outgoing("\n".join(lines))
    lines.append(lang._("Change anything below, then press **Ready**. Build more decks with "
                        "`/gwent deck new`."))
    deck_options = [option(lang._(name), key, lang.pgettext("select description", "Starter deck"),
                           default=key == me.deck)
                    for key, name in decks(me.faction)]
    for mine in saved:
        # i18n: {units} and {specials} are counts of a deck's unit and special cards.
        described = lang.pgettext("select description", "Your deck \u00b7 {units}, {specials}",
                                  **deck_counts(summary(mine.deck), lang))
        deck_options.append(option(mine.name, saved_key(mine.id), described,
                                   default=saved_key(mine.id) == me.deck))
    view = StaticView(
        select(ids.deck(match.id, "faction"), lang.pgettext("select placeholder", "Faction"),
               [option(faction_name(key, lang.tag), key, lang._(cat.factions[key].perk),
                       default=key == me.faction)
                for key, _ in factions()], row=0),
        select(ids.deck(match.id, "leader"), lang.pgettext("select placeholder", "Leader"),
               [option(leader_label(card, lang=lang), card.id, lang._(card.text),
                       default=card.id == me.leader)
                for card in leaders(me.faction)], row=1),
        select(ids.deck(match.id, "deck"), lang.pgettext("select placeholder", "Deck"),
               deck_options, row=2),
        button(lang.pgettext("button", "Ready"), ids.lobby(match.id, "ready"),
               style=discord.ButtonStyle.success, row=3))
    return Outgoing("\n".join(lines), view)
