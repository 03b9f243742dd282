"""A short rules browser, in our own words."""

from __future__ import annotations

from bot.discord import ids
from bot.discord.views import Outgoing, StaticView, option, select

TOPICS: dict[str, tuple[str, str]] = {
    "basics": ("The basics", (
        "Gwent is a duel of up to three rounds. Each player starts with ten cards from a deck "
        "of their faction and takes turns placing one card at a time on three rows: close "
        "combat, ranged combat and siege. The strengths on your rows add up to your total.\n"
        "When both players have passed, the higher total wins the round. Win two rounds to "
        "win the match. Cards are not drawn between rounds (with a few exceptions), so every "
        "card you spend early is missing later.")),
    "turns": ("Turns and passing", (
        "On your turn you play one card, use your leader once per match, or pass. Once you "
        "pass you sit out the rest of the round, and your opponent may keep playing as long "
        "as they like. Winning a round by a lot is usually worse than losing it cheaply: "
        "keep cards for later rounds.\n"
        "Before the first round each player may send back up to two cards, one at a time, "
        "and draw replacements.")),
    "units": ("Units and heroes", (
        "Units go on the row shown on the card; agile units let you pick between two rows. "
        "Heroes (gold border) cannot be affected by weather, horns, Scorch, Decoy or any "
        "other special card.")),
    "abilities": ("Unit abilities", (
        "Tight Bond: identical units on the same row multiply each other's strength.\n"
        "Morale Boost: every other unit on its row gets +1.\n"
        "Muster: also brings out every card of the same group from your deck and hand.\n"
        "Spy: goes to your opponent's side (adding to their total) and you draw two cards.\n"
        "Medic: brings a unit back from your discard pile onto the board.\n"
        "Scorch on a unit: burns the strongest enemy units of one row if that row totals 10 "
        "or more.")),
    "specials": ("Special cards", (
        "Weather (Frost, Fog, Rain) lowers every non-hero unit on a row, on both sides, to 1; "
        "Clear Weather removes it. Commander's Horn doubles a row. Decoy swaps with one of "
        "your units on the board, which returns to your hand. Scorch destroys the strongest "
        "unit or units on the whole battlefield.")),
    "factions": ("Factions", (
        "Northern Realms draw a card whenever they win a round. Nilfgaard win rounds that end "
        "in a tie. Monsters keep one random unit on the board after each round. The "
        "Scoia'tael decide who goes first. Skellige bring two random units back from the "
        "discard pile at the start of the third round.")),
    "leaders": ("Leaders", (
        "Each deck has a leader with one ability. Most are used once per match instead of "
        "playing a card; a few work all the time. The leader button in your hand shows "
        "whether yours can be used now.")),
    "discord": ("Playing here", (
        "Use /gwent challenge to invite someone. Each match gets its own thread when "
        "possible. Press Show my hand under the newest board to see your cards and play: "
        "only you see your hand. A turn timer passes for you when it runs out, and two "
        "timeouts in a row forfeit the match. /gwent settings can send your hand by direct "
        "message at the start of each of your turns.")),
}


def rules_message(topic: str) -> Outgoing:
    """One topic, with a select to read the others."""
    title, text = TOPICS[topic]
    options = [option(name, key, default=key == topic) for key, (name, _) in TOPICS.items()]
    return Outgoing(f"**Gwent rules: {title}**\n{text}",
                    StaticView(select(ids.rules(), "More rules", options)))
