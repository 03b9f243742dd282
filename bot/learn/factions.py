"""Faction and leader guides: how each faction plays, each leader's ability in words, and
tips. Perks and ability texts come from the engine's catalogue."""

from __future__ import annotations

from dataclasses import dataclass

from engine import Card, catalogue, starter_decks
from engine.cards import LEADER, ROW_TITLES


@dataclass(frozen=True)
class FactionGuide:
    """A faction's style, a detail of how its perk works here, and tips for playing it."""

    style: str
    perk_note: str
    tips: tuple[str, ...]


FACTIONS: dict[str, FactionGuide] = {
    "northern_realms": FactionGuide(
        "Disciplined armies: Tight Bond infantry and siege engines that grow stronger "
        "together, with spies and a medic for extra cards.",
        "The card is drawn only when the match goes on after that round.",
        ("Win round 1 if it is cheap: your perk pays you a card for it.",
         "Keep Tight Bond copies on one row and save a horn for that row.",
         "Spread your strength over the rows so one weather card cannot ruin you.")),
    "nilfgaard": FactionGuide(
        "Patient schemers: strong spies, medics and heroes that win the long game on cards.",
        "If both players lead Nilfgaard, a tie costs both a gem as usual.",
        ("Play spies early in round 1: the cards they draw last all match.",
         "A tie is a win for you, so matching your opponent's score is enough.",
         "Medics are best after your strong units have gone to the discard pile.")),
    "monsters": FactionGuide(
        "A horde: one Muster card pulls a whole group out of the deck at once, mostly in "
        "close combat.",
        "Heroes are never the one kept; an opponent's spy standing on your side can be.",
        ("Muster thins your deck: later spies and draws find your best cards.",
         "Your close combat row is a weather target: keep Clear Weather or spread out.",
         "Losing round 1 narrowly is fine: a unit stays for round 2 anyway.")),
    "scoiatael": FactionGuide(
        "Elves and dwarves that move between rows: agile units and Muster bands.",
        "The choice comes before the hands are drawn; if both players lead the Scoia'tael, "
        "the coin decides.",
        ("Going second is usually better in round 1: you see what your opponent commits.",
         "Put agile units where weather is not, or where your horn is.",
         "Dwarven and Elven Skirmishers muster: one card brings the whole band.")),
    "skellige": FactionGuide(
        "Island clans: Berserkers that become bears under Mardroeme, Tight Bond warriors and "
        "ships, and a strong third round.",
        "They return to their printed rows (agile ones to close combat) without using their "
        "abilities.",
        ("Units lost in rounds 1 and 2 feed your perk: trading cards early costs you less.",
         "Save Mardroeme for a row with Berserkers, or play Ermion there.",
         "Kambi is worth keeping on the board: when it goes, Hemdall arrives.")),
}


@dataclass(frozen=True)
class LeaderGuide:
    """A leader tip, a note on how the bot applies it, and which rulebook that follows
    where they differ (for /gwent rules)."""

    tip: str
    note: str = ""
    ruling: str = ""


LEADERS: dict[str, LeaderGuide] = {
    "foltest_king_of_temeria": LeaderGuide(
        "Fog from your deck costs no card from your hand: use it when your opponent leans on "
        "ranged units."),
    "foltest_lord_commander_of_the_north": LeaderGuide(
        "Keeps you safe from weather: play your units freely and clear the sky when needed."),
    "foltest_the_siegemaster": LeaderGuide(
        "A free horn on your siege row: fill that row with catapults and engines first."),
    "foltest_the_steel_forged": LeaderGuide(
        "Punishes a big siege row: wait until your opponent has committed to it."),
    "foltest_son_of_medell": LeaderGuide(
        "Punishes a big ranged row: wait until your opponent has committed to it."),
    "emhyr_var_emreis_his_imperial_majesty": LeaderGuide(
        "Rain from your deck costs no card from your hand: use it on a strong siege row."),
    "emhyr_var_emreis_emperor_of_nilfgaard": LeaderGuide(
        "Looking at three of their cards tells you whether to pass or push; only you see "
        "them."),
    "emhyr_var_emreis_the_white_flame": LeaderGuide(
        "Nothing to use: it switches off your opponent's leader for the whole match, passive "
        "leaders included. If both players lead with it, both leaders are off."),
    "emhyr_var_emreis_the_relentless": LeaderGuide(
        "Fetch exactly the card you need, such as a spy early or a Scorch late.",
        ruling="The 2025 rulebook FAQ has you take a card of your choice from your own deck; "
               "the Witcher 3 card took one from your opponent's discard pile."),
    "emhyr_var_emreis_invader_of_the_north": LeaderGuide(
        "Medics on both sides revive at random: good against decks that rely on reviving "
        "one strong unit."),
    "eredin_commander_of_the_red_riders": LeaderGuide(
        "A free horn on your close combat row, where your Muster groups land."),
    "eredin_bringer_of_death": LeaderGuide(
        "Take back a spy or a medic from your discard pile and play it again.",
        "Eredin: Destroyer of Worlds does the same here.",
        "The 2025 rulebook FAQ makes Eredin: Destroyer of Worlds work the same way."),
    "eredin_destroyer_of_worlds": LeaderGuide(
        "Take back a spy, a medic or a Scorch from your discard pile and play it again.",
        "Eredin: Bringer of Death does the same here.",
        "The Witcher 3 card discarded two cards to draw one of your choice from your deck; "
        "the 2025 rulebook FAQ changed it to return a card from your discard pile."),
    "eredin_king_of_the_wild_hunt": LeaderGuide(
        "Any weather card from your deck, chosen when you need it, without spending a card "
        "from your hand."),
    "eredin_breacc_glas_the_treacherous": LeaderGuide(
        "Spies are worth double on both sides: your own spies give more away, so play them "
        "when the round does not matter."),
    "francesca_findabair_queen_of_dol_blathanna": LeaderGuide(
        "Punishes a big close combat row: wait until your opponent has committed to it."),
    "francesca_findabair_the_beautiful": LeaderGuide(
        "A free horn on your ranged row: put your agile units there first."),
    "francesca_findabair_daisy_of_the_valley": LeaderGuide(
        "One card more than your opponent from the start: a whole round's worth over a "
        "match."),
    "francesca_findabair_pureblood_elf": LeaderGuide(
        "Frost from your deck costs no card from your hand: use it on a strong close combat "
        "row."),
    "francesca_findabair_hope_of_the_aen_seidhe": LeaderGuide(
        "After weather or a horn changes the rows, move every agile unit to its better row "
        "at once."),
    "crach_an_craite": LeaderGuide(
        "Refills both decks from the discard piles: strongest when your pile holds more "
        "good cards than your opponent's."),
    "king_bran": LeaderGuide(
        "Weather only halves your units (rounded up) instead of dropping them to 1."),
}


def leader_cards() -> list[Card]:
    """Every leader in catalogue order."""
    return [c for c in catalogue().cards.values() if c.type == LEADER]


def leader_use(card: Card) -> str:
    """'Always on' for passive leaders, 'Once per match' for the others."""
    assert card.leader is not None
    return "Always on" if card.leader.passive else "Once per match, instead of playing a card"


def leader_summary(card: Card) -> str:
    """The leader's ability in words with how often it works, its tip and any note."""
    guide = LEADERS[card.id]
    lines = [f"**{card.name}** ({leader_use(card).lower()}): {card.text}", f"Tip: {guide.tip}"]
    if guide.note:
        lines.append(f"Note: {guide.note}")
    return "\n".join(lines)


def starter_deck_summary(faction: str) -> str:
    """The starter deck's name, size and leader."""
    deck = starter_decks()[faction]
    cards = catalogue().cards
    units = sum(n for card_id, n in deck.cards.items() if cards[card_id].is_unit)
    specials = sum(deck.cards.values()) - units
    leader = cards[deck.leader].name
    return f"**{deck.name}**: {units} units and {specials} special cards, led by {leader}."


def row_words(rows: tuple[int, ...]) -> str:
    """Rows in words: "Close Combat" or "Close Combat or Ranged Combat"."""
    return " or ".join(ROW_TITLES[r] for r in rows)
