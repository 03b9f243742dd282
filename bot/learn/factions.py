"""Faction and leader guides: how each faction plays, each leader's ability in words, and
tips. Perks and ability texts come from the engine's catalogue."""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import N_, Language, Name, card_name, row_name
from bot.learn.glossary import ENGLISH_LANGUAGE
from engine import Card, catalogue, starter_decks
from engine.cards import LEADER


@dataclass(frozen=True)
class FactionGuide:
    """A faction's style, a detail of how its perk works here, and tips for playing it."""

    style: str
    perk_note: str
    tips: tuple[str, ...]


FACTIONS: dict[str, FactionGuide] = {
    "northern_realms": FactionGuide(
        N_("Disciplined armies: Tight Bond infantry and siege engines that grow stronger "
           "together, with spies and a medic for extra cards."),
        N_("The card is drawn only when the match goes on after that round."),
        (N_("Win round 1 if it is cheap: your perk pays you a card for it."),
         N_("Keep Tight Bond copies on one row and save a horn for that row."),
         N_("Spread your strength over the rows so one weather card cannot ruin you."))),
    "nilfgaard": FactionGuide(
        N_("Patient schemers: strong spies, medics and heroes that win the long game on cards."),
        N_("If both players lead Nilfgaard, a tie costs both a gem as usual."),
        (N_("Play spies early in round 1: the cards they draw last all match."),
         N_("A tie is a win for you, so matching your opponent's score is enough."),
         N_("Medics are best after your strong units have gone to the discard pile."))),
    "monsters": FactionGuide(
        N_("A horde: one Muster card pulls a whole group out of your hand and deck at once, "
           "mostly in close combat."),
        N_("Heroes are never the one kept; an opponent's spy standing on your side can be."),
        (N_("Muster thins your deck: later spies and draws find your best cards."),
         N_("Your close combat row is a weather target: keep Clear Weather or spread out."),
         N_("Losing round 1 narrowly is fine: a unit stays for round 2 anyway."))),
    "scoiatael": FactionGuide(
        N_("Elves and dwarves that move between rows: agile units and Muster bands."),
        N_("The choice comes before the hands are drawn; if both players lead the Scoia'tael, "
           "the coin decides."),
        (N_("Going second is usually better in round 1: you see what your opponent commits."),
         N_("Put agile units where weather is not, or where your horn is."),
         N_("Dwarven and Elven Skirmishers muster: one card brings the whole band."))),
    "skellige": FactionGuide(
        N_("Island clans: Berserkers that become bears under Mardroeme, Tight Bond warriors and "
           "ships, and a strong third round."),
        N_("They return to their printed rows (agile ones to close combat) without using their "
           "abilities."),
        (N_("Units lost in rounds 1 and 2 feed your perk: trading cards early costs you less."),
         N_("Save Mardroeme for a row with Berserkers, or play Ermion there."),
         N_("Kambi is worth keeping on the board: when it goes, Hemdall arrives."))),
}


@dataclass(frozen=True)
class LeaderGuide:
    """A leader tip, a note on how the bot applies it, which rulebook that follows where
    they differ (for /gwent rules), and, for a leader whose ability here is not The Witcher
    3's, what it did there."""

    tip: str
    note: str = ""
    ruling: str = ""
    witcher3: str = ""


LEADERS: dict[str, LeaderGuide] = {
    "foltest_king_of_temeria": LeaderGuide(
        N_("Fog from your deck costs no card from your hand: use it when your opponent leans on "
           "ranged units.")),
    "foltest_lord_commander_of_the_north": LeaderGuide(
        N_("Keeps you safe from weather: play your units freely and clear the sky when needed.")),
    "foltest_the_siegemaster": LeaderGuide(
        N_("A free horn on your siege row: fill that row with catapults and engines first.")),
    "foltest_the_steel_forged": LeaderGuide(
        N_("Punishes a big siege row: wait until your opponent has committed to it.")),
    "foltest_son_of_medell": LeaderGuide(
        N_("Punishes a big ranged row: wait until your opponent has committed to it.")),
    "emhyr_var_emreis_his_imperial_majesty": LeaderGuide(
        N_("Rain from your deck costs no card from your hand: use it on a strong siege row.")),
    "emhyr_var_emreis_emperor_of_nilfgaard": LeaderGuide(
        N_("Looking at three of their cards tells you whether to pass or push; only you see "
           "them.")),
    "emhyr_var_emreis_the_white_flame": LeaderGuide(
        N_("Nothing to use: it switches off your opponent's leader for the whole match, passive "
           "leaders included. If both players lead with it, both leaders are off.")),
    "emhyr_var_emreis_the_relentless": LeaderGuide(
        N_("Fetch exactly the card you need, such as a spy early or a Scorch late."),
        ruling=N_("The 2025 rulebook FAQ has you take a card of your choice from your own deck; "
                  "the Witcher 3 card took one from your opponent's discard pile."),
        witcher3=N_("There it took a card from your opponent's discard pile instead.")),
    "emhyr_var_emreis_invader_of_the_north": LeaderGuide(
        N_("Medics on both sides revive at random: good against decks that rely on reviving "
           "one strong unit.")),
    "eredin_commander_of_the_red_riders": LeaderGuide(
        N_("A free horn on your close combat row, where your Muster groups land.")),
    "eredin_bringer_of_death": LeaderGuide(
        N_("Take back a spy or a medic from your discard pile and play it again."),
        N_("Eredin: Destroyer of Worlds does the same here."),
        N_("The 2025 rulebook FAQ makes Eredin: Destroyer of Worlds work the same way.")),
    "eredin_destroyer_of_worlds": LeaderGuide(
        N_("Take back a spy, a medic or a Scorch from your discard pile and play it again."),
        N_("Eredin: Bringer of Death does the same here."),
        N_("The Witcher 3 card discarded two cards to draw one of your choice from your deck; "
           "the 2025 rulebook FAQ changed it to return a card from your discard pile."),
        N_("There it made you discard two cards to draw one of your choice from your deck.")),
    "eredin_king_of_the_wild_hunt": LeaderGuide(
        N_("Any weather card from your deck, chosen when you need it, without spending a card "
           "from your hand.")),
    "eredin_breacc_glas_the_treacherous": LeaderGuide(
        N_("Spies are worth double on both sides: your own spies give more away, so play them "
           "when the round does not matter.")),
    "francesca_findabair_queen_of_dol_blathanna": LeaderGuide(
        N_("Punishes a big close combat row: wait until your opponent has committed to it.")),
    "francesca_findabair_the_beautiful": LeaderGuide(
        N_("A free horn on your ranged row: put your agile units there first.")),
    "francesca_findabair_daisy_of_the_valley": LeaderGuide(
        N_("One card more than your opponent from the start: a whole round's worth over a "
           "match.")),
    "francesca_findabair_pureblood_elf": LeaderGuide(
        N_("Frost from your deck costs no card from your hand: use it on a strong close combat "
           "row.")),
    "francesca_findabair_hope_of_the_aen_seidhe": LeaderGuide(
        N_("After weather or a horn changes the rows, move every agile unit to its better row "
           "at once.")),
    "crach_an_craite": LeaderGuide(
        N_("Refills both decks from the discard piles: strongest when your pile holds more "
           "good cards than your opponent's.")),
    "king_bran": LeaderGuide(
        N_("Weather only halves your units (rounded up) instead of dropping them to 1.")),
}


def leader_cards() -> list[Card]:
    """Every leader in catalogue order."""
    return [c for c in catalogue().cards.values() if c.type == LEADER]


def leader_use(card: Card, *, lang: Language = ENGLISH_LANGUAGE) -> str:
    """How often a leader works, as said in brackets after its name: "always on" for
    passive leaders, "once per match" for the others."""
    assert card.leader is not None
    # i18n: how often a leader's ability works, in brackets after its name
    return lang._("always on") if card.leader.passive else lang._("once per match")


def differs_from_witcher3(card: Card) -> bool:
    """True for a leader whose ability here is not the one of The Witcher 3's card."""
    return bool(LEADERS[card.id].witcher3)


def leader_label(card: Card, *, lang: Language = ENGLISH_LANGUAGE) -> str:
    """A leader's name as a select offers it, marked when its ability is not The Witcher
    3's."""
    name = card_name(card.id, lang.tag)
    if differs_from_witcher3(card):
        # i18n: a leader in a select, whose ability here is not the one it had in The
        # Witcher 3 (at most 100 characters with the name)
        return lang.pgettext("select option", "{leader} (differs from The Witcher 3)",
                             leader=name)
    return name


def leader_summary(card: Card, *, lang: Language = ENGLISH_LANGUAGE) -> str:
    """The leader's ability in words with how often it works, its tip, any note, and what
    it did in The Witcher 3 when that differs."""
    guide = LEADERS[card.id]
    assert card.leader is not None
    use = (lang._("always on") if card.leader.passive
           # i18n: how often a leader's ability works, in brackets after its name
           else lang._("once per match, instead of playing a card"))
    lines = [lang._("**{leader}** ({use}): {text}", leader=Name.card(card.id), use=use,
                    text=lang._(card.text)),
             lang._("Tip: {tip}", tip=lang._(guide.tip))]
    if guide.note:
        lines.append(lang._("Note: {note}", note=lang._(guide.note)))
    if guide.witcher3:
        # i18n: under a leader whose ability is not the one it had in The Witcher 3; {then}
        # says what it did there
        lines.append(lang._("\u26a0\ufe0f **Differs from The Witcher 3.** {then}",
                            then=lang._(guide.witcher3)))
    return "\n".join(lines)


def starter_deck_summary(faction: str, *, lang: Language = ENGLISH_LANGUAGE) -> str:
    """The starter deck's name, size and leader."""
    deck = starter_decks()[faction]
    cards = catalogue().cards
    units = sum(n for card_id, n in deck.cards.items() if cards[card_id].is_unit)
    specials = sum(deck.cards.values()) - units
    # i18n: {deck} is the starter deck's name; {units} its unit cards ("22 units"), {count}
    # its number of special cards
    return lang.ngettext("**{deck}**: {units} and {count} special card, led by {leader}.",
                         "**{deck}**: {units} and {count} special cards, led by {leader}.",
                         specials, deck=lang._(deck.name),
                         units=lang.ngettext("{count} unit", "{count} units", units),
                         leader=card_name(deck.leader, lang.tag))


def row_words(rows: tuple[int, ...], *, lang: Language = ENGLISH_LANGUAGE) -> str:
    """Rows in words: "Close Combat" or "Close Combat or Ranged Combat"."""
    names = [row_name(r, lang) for r in rows]
    if len(names) == 1:
        return names[0]
    # i18n: a unit that may stand on either row: "Close Combat or Ranged Combat"
    return lang._("{row} or {other}", row=names[0], other=names[1])
