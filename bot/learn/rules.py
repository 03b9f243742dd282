"""The rules browser's topics, in our own words, faithful to the 2025 rulebook (then The
Witcher 3, then Gwent Homecoming for what they leave open). Long topics have pages.

Pages are built from the catalogue where they list cards, abilities, perks or leaders, so
they cannot drift from what the engine does.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from bot.learn.abilities import ABILITIES, HERO, explain
from bot.learn.factions import FACTIONS, LEADERS, leader_cards, leader_use
from bot.learn.glossary import TERMS
from bot.ranking.ranks import PIECES
from bot.ranking.rating import (
    BEST_FACTIONS,
    PROVISIONAL_GAMES,
    RAMP_GAMES,
    first_game_step,
    ramp,
)
from engine import catalogue
from engine.decks import MAX_SPECIALS, MIN_UNITS

PAGE_MAX = 1800  # characters of text per page, leaving room for the title line


@dataclass(frozen=True)
class Topic:
    """One subject of the rules browser, split into pages."""

    key: str
    title: str
    pages: tuple[str, ...]


def _pack(paragraphs: list[str], limit: int) -> list[str]:
    pages: list[str] = []
    current = ""
    for paragraph in paragraphs:
        trial = f"{current}\n\n{paragraph}" if current else paragraph
        if len(trial) > limit and current:
            pages.append(current)
            trial = paragraph
        current = trial
    return [*pages, current] if current else pages


def _paginate(paragraphs: list[str]) -> tuple[str, ...]:
    """Pack paragraphs into as few pages of at most PAGE_MAX characters as possible, of
    even length, never splitting a paragraph."""
    assert all(len(p) <= PAGE_MAX for p in paragraphs)
    count = len(_pack(paragraphs, PAGE_MAX))
    limit = sum(len(p) for p in paragraphs) // count
    while len(_pack(paragraphs, limit)) > count:
        limit += 20
    return tuple(_pack(paragraphs, min(limit, PAGE_MAX)))


OVERVIEW = [
    "Gwent is a card battle between two armies over up to three rounds. Each of you leads "
    "a faction with a deck of unit cards and special cards, and a leader with one ability.",
    "Your units stand on three rows: **close combat**, **ranged combat** and **siege**. "
    "Every unit has a strength; your total is the sum of your rows. When both players have "
    "passed, the higher total wins the round.",
    "Each player starts with two gems. Losing a round costs a gem, and a tied round costs "
    "both players one. Lose both gems and you lose the match: winning two rounds wins it.",
    "The twist: you draw ten cards at the start and almost never draw again. Every card you "
    "spend in round 1 is missing in round 3. Winning a round by a little, or losing one on "
    "purpose while your opponent spends cards, is the heart of the game.",
    "Read on: setup and redraws, turns and passing, scoring, the abilities, special cards, "
    "factions, leaders, deck building, and how to play here in Discord.",
]

SETUP = [
    "**Decks.** Each player brings a deck of one faction (neutral cards fit every faction) "
    "and one leader. Here you pick faction, leader and deck in the match lobby.",
    "**Who starts.** A coin toss decides who takes the first turn. A Scoia'tael player "
    "decides instead, before the hands are drawn; if both players lead the Scoia'tael, the "
    "coin decides.",
    "**Hands.** Each player shuffles and draws ten cards (Francesca: Daisy of the Valley "
    "draws eleven). These cards must last the whole match.",
    "**Redraws.** Before round 1 you may send back up to two cards, one at a time, drawing "
    "a replacement for each. A card you sent back cannot come straight back during the "
    "redraws: the set-aside cards are shuffled into the deck once both players are done. "
    "Send back cards that need partners you have not drawn, or cards you would rather keep "
    "in the deck for later draws (spies and Muster groups find them).",
]

TURNS = [
    "**A turn.** On your turn you do exactly one thing: play a card, use your leader's "
    "ability (once per match, unless it is always on), or pass. You draw no card.",
    "**Passing** ends the round for you: you may not play again until the next round. Your "
    "opponent keeps taking turns, one card at a time, until they pass too. A player with "
    "nothing left to do passes automatically.",
    "**End of a round.** When both have passed, the higher total wins the round and the "
    "loser gives up a gem; a tie costs both a gem (Nilfgaard wins ties). Every card on the "
    "battlefield goes to its owner's discard pile (spies to the pile of the side they stand "
    "on), weather included. The winner starts the next round; after a tie, the player who "
    "went second in round 1 starts.",
    "**Gems and the match.** The match ends when a player has no gem left; if both lose "
    "their last gem together, it is a draw. So a match lasts two or three rounds.",
    "**When to pass.** Ahead after your opponent passed? Pass: you win the round and keep "
    "your cards. Behind by a lot with fewer cards? Pass early and save them for round 2 or "
    "3. A round won with two cards more than needed can lose you the match.",
]

SCORING = [
    "**Your total** is the sum of your units' current strengths on all three rows. Each "
    "row's sum is shown beside it on the board.",
    "**Order of bonuses.** A unit's strength is worked out in this order:\n"
    "1. **Weather**: a non-hero unit on a row under weather starts from 1 instead of its "
    "printed strength (King Bran: half, rounded up).\n"
    "2. **Tight Bond**: multiply by the number of copies of the card on that row.\n"
    "3. **Commander's Horn**: double (one horn per row).\n"
    "4. **Morale Boost**: add 1 for each other Morale Boost unit on the row.\n"
    "Heroes skip all of it and always count their printed strength. Because Morale Boost "
    "comes last, a horn does not double the +1.",
    "**Worked example.** Your close combat row holds three Blue Stripes Commandos "
    "(strength 4, Tight Bond), a Redanian Foot Soldier (strength 1) and Olgierd von Everec "
    "(strength 6, Morale Boost), and you put a Commander's Horn on it.\n"
    "- Commandos: 4 \u00d7 3 (Tight Bond) = 12, horn \u00d7 2 = 24, +1 = **25** each.\n"
    "- Foot Soldier: 1, horn \u00d7 2 = 2, +1 = **3**.\n"
    "- Olgierd: 6, horn \u00d7 2 = **12** (no boost from himself).\n"
    "Row total: 25 \u00d7 3 + 3 + 12 = **90**. Now Biting Frost falls: each Commando is "
    "1 \u00d7 3 \u00d7 2 + 1 = **7**, the Foot Soldier 1 \u00d7 2 + 1 = **3**, Olgierd "
    "1 \u00d7 2 = **2**: the row drops to **26**.",
    "**Scorch** looks at current strengths, after every bonus: the strongest non-hero "
    "units are the ones that burn. A row Scorch (Villentretenmerth, Toad, Schirr\u00fa and "
    "some leaders) needs the opponent's row to total 10 or more, heroes included.",
]


def _ability_pages(unit_side: bool) -> list[str]:
    cards = catalogue().cards.values()
    used = {a for c in cards if c.is_unit == unit_side for a in c.abilities}
    if unit_side:
        used.add(HERO)
    keys = [k for k in ABILITIES if k in used]
    return [f"**{ABILITIES[k].name}.** {explain(k, on_special=not unit_side, ruling=True)}"
            for k in keys]


def _specials() -> list[str]:
    cards = [c for c in catalogue().cards.values() if c.is_special]
    names = ", ".join(c.name for c in cards)
    intro = (f"Special cards have no strength of their own: {names}. Weather cards go to the "
             "weather area in the middle and affect both sides; the others go on one of your "
             "rows or straight to your discard pile.")
    return [intro, *_ability_pages(unit_side=False)]


def _factions() -> list[str]:
    out = []
    for faction in catalogue().factions.values():
        guide = FACTIONS[faction.id]
        out.append(f"**{faction.name}.** {faction.perk} {guide.perk_note}")
    out.append("Neutral cards, such as Geralt of Rivia or the weather cards, fit every "
               "faction's deck. Use `/gwent faction` for each faction's leaders, starter deck "
               "and tips.")
    return out


def _leaders() -> list[str]:
    intro = ("Every deck has one leader. Most leader abilities are used **once per match**, "
             "on your turn instead of playing a card; a few are **always on**. An ability "
             "is offered only when it would do something now. Use `/gwent leader` for tips "
             "on each.")
    out = [intro]
    for card in leader_cards():
        guide = LEADERS[card.id]
        extra = " ".join(f"*{part}*" for part in (guide.note, guide.ruling) if part)
        extra = f" {extra}" if extra else ""
        out.append(f"**{card.name}** ({leader_use(card).split(',')[0].lower()}): "
                   f"{card.text}{extra}")
    return out


DECKS = [
    f"**Deck rules.** A deck has exactly one leader, at least {MIN_UNITS} unit cards (heroes "
    f"count) and at most {MAX_SPECIALS} special cards, all of the leader's faction or "
    "neutral. Each card may appear only as many times as it has copies.",
    "**The side deck.** Some cards never start in a deck: Hemdall, the Bovine Defense Force "
    "and the transformed Vildkaarls only arrive when Kambi, the Cow or a Berserker calls "
    "them.",
    "**Size.** More units than the minimum is allowed, but every extra card makes your best "
    "ones less likely to be in your opening ten. Spies, medics and Muster help by drawing "
    "or thinning the deck.",
    "**Starter decks.** Each faction has a ready-made starter deck; `/gwent faction` shows "
    "it as a picture. You choose the faction, leader and deck in the lobby before a match.",
    "**Your own decks.** `/gwent deck new` opens a private builder that checks these rules "
    "as you add cards. Saved decks appear in the lobby beside the starter deck, and "
    "`/gwent deck export` gives a share code that a friend can load with "
    "`/gwent deck import`.",
]

DISCORD = [
    "**Start a match.** `/gwent challenge opponent:@someone` invites a member; "
    "`/gwent practice` plays the computer, and `/gwent tutorial` is a guided first match "
    "with hints. Each match gets its own thread when the bot may create one.",
    "**Your hand is private.** Press **Show my hand** under the newest board: the hand "
    "opens in a message only you can see, with a select of the cards you can play and "
    "buttons to pass or use your leader. Agile units, horns, Mardroeme and Decoy ask one "
    "more question when there is a choice. **Rules** on the hand explains every ability in "
    "your hand and on the board. `/gwent settings hands_by_dm:True` also sends your hand by "
    "direct message when your turn starts.",
    "**Turn timer.** Each turn has the server's timer (`/gwent config` shows it), and a "
    "warning says what happens when it runs out: you pass the round, or keep your hand "
    "during the redraws (which counts against nobody). Two timeouts in a row lose the match; "
    "three in a row with no move from either player end it as abandoned, with no winner. "
    "`/gwent forfeit` gives up at any time.",
    "**Stuck?** Press **Refresh** on your hand or **Show my hand** on the newest board: "
    "older messages are out of date on purpose, and nothing you played is ever lost, even "
    "if the bot restarts.",
]

TOURNAMENTS = [
    "**Tournaments.** An organiser opens one with `/gwent tournament create`; members press "
    "**Join** on its sign-up message. At its start time, or when the organiser presses "
    "**Start now**, round 1 is paired: each match opens in its own thread, and is a normal "
    "match (lobby, decks, timers, result, replay). A player not ready when the lobby's timer "
    "runs out forfeits that match. When every match of a round is over, the next round is "
    "paired with the standings so far. Leave with `/gwent tournament drop`: your results "
    "stay and your opponent wins the match you leave.",
    "**Swiss.** ceil(log2(players)) rounds unless the organiser chose how many. Each round "
    "pairs players with the same score, the top half of a score group against its bottom "
    "half; an odd player floats down to the next group. Two players never meet twice while "
    "another pairing exists. With an odd count, the lowest-ranked player who has not had a "
    "bye gets one: it counts as a win, and nobody gets two.",
    "**Single elimination.** Seeds come from this server's ladder score (players without "
    "one follow in a random order); the top seeds meet as late as possible and get the byes "
    "when the field is not a power of two. Lose once and you are out; a drawn match is "
    "played again. **Round robin:** everyone meets everyone once, by the circle method.",
    "**Standings.** Players are ordered by:\n"
    "1. **Points**: a win 1, a draw 1/2, a bye 1.\n"
    "2. **Buchholz**: the sum of the points of the opponents you met.\n"
    "3. **Sonneborn-Berger**: the points of the opponents you beat, plus half the points of "
    "those you drew with.\n"
    "4. **Head-to-head**: the points you scored against the players still tied with you.\n"
    "5. **Rounds won**: the Gwent rounds you won in the tournament's matches.\n"
    "Then the seed. Byes and wins against a player who left score their point but add "
    "nothing to Buchholz or Sonneborn-Berger. Single elimination ranks players by the "
    "round they reached.",
]


def _words() -> list[str]:
    return [f"**{term.word[0].upper()}{term.word[1:]}.** {term.meaning}" for term in TERMS]
def _ranked() -> list[str]:
    return [
        "**Ranked or casual.** Every challenge says which it is. `/gwent challenge "
        "ranked:True` asks for a ranked match and `ranked:False` for a casual one; without "
        "it, the server's choice applies (`/gwent config`: casual unless changed). A "
        "rematch stays what it was.",
        "**What counts.** Only ranked matches between two members change the numbers below. "
        "Casual matches and practice against the computer never do, and an abandoned match "
        "counts for nobody; they all still appear in `/gwent stats` and `/gwent history`.",
        "**Faction MMR** is your rating with one faction this season. It starts at 1200, "
        "goes up when you win and down when you lose: more against a stronger player, less "
        "against a weaker one. It stays between 0 and 2400 (no cap in Pro Rank).",
        f"**Provisional.** For its first {PROVISIONAL_GAMES} games a faction's MMR is "
        "provisional: the bot is still learning how well you play it. A first win or loss "
        f"moves it by about {first_game_step()}.",
        "**Rank and pieces.** Your rank goes from 30 up to 1, then Pro Rank. A ranked win "
        f"gains a piece and a loss costs one; {PIECES} pieces make the next rank. Ranks 30 "
        "to 26 never drop.",
        f"**Ladder score** orders the ladder: your {BEST_FACTIONS} best faction MMRs added "
        f"up, each counted in full from its {RAMP_GAMES}th game of the season (a faction "
        f"played once counts {ramp(1):.0%}).",
        "**Seasons** are calendar months (UTC). A new season starts every MMR again at 1200 "
        "and empties the ladder; your rank carries over, a few ranks lower.",
        "**Fair play.** From the second rated match between the same two players within 24 "
        "hours, a match counts for less, and from the third, rank pieces stop moving. "
        "Running out of time twice in a row loses the match.",
    ]


@cache
def topics() -> tuple[Topic, ...]:
    """Every topic of the rules browser, in reading order."""
    return tuple(Topic(key, title, _paginate(paragraphs)) for key, title, paragraphs in (
        ("overview", "Overview", OVERVIEW),
        ("setup", "Setup and redraws", SETUP),
        ("turns", "Turns, passing and rounds", TURNS),
        ("scoring", "Scoring", SCORING),
        ("abilities", "Unit abilities", _ability_pages(unit_side=True)),
        ("specials", "Special and weather cards", _specials()),
        ("factions", "Faction perks", _factions()),
        ("leaders", "Leaders", _leaders()),
        ("decks", "Deck building", DECKS),
        ("discord", "Playing here in Discord", DISCORD),
        ("words", "Words used here", _words()),
        ("ranked", "Ranked and casual play", _ranked()),
        ("tournaments", "Tournaments", TOURNAMENTS),
    ))


def topic(key: str) -> Topic:
    """The topic with this key, or KeyError."""
    for found in topics():
        if found.key == key:
            return found
    raise KeyError(key)
