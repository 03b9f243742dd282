"""The rules browser's topics, in our own words, faithful to the 2025 rulebook (then The
Witcher 3, then Gwent Homecoming for what they leave open). Long topics have pages.

Pages are built from the catalogue where they list cards, abilities, perks or leaders, so
they cannot drift from what the engine does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, partial

from bot.i18n import N_, Language, Name, Said, card_name
from bot.learn.abilities import ABILITIES, HERO, ability_title, explain
from bot.learn.factions import FACTIONS, LEADERS, leader_cards, leader_use
from bot.learn.glossary import ENGLISH_LANGUAGE, TERMS
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


# The paragraphs of /gwent rules (each at most 1,800 characters). In them, `/gwent ...` are
# slash commands and **bold** words are headings or the buttons' labels.
OVERVIEW = [
    N_("Gwent is a card battle between two armies over up to three rounds. Each of you leads "
       "a faction with a deck of unit cards and special cards, and a leader with one ability."),
    N_("Your units stand on three rows: **close combat**, **ranged combat** and **siege**. "
       "Every unit has a strength; your total is the sum of your rows. When both players have "
       "passed, the higher total wins the round."),
    N_("Each player starts with two gems. Losing a round costs a gem, and a tied round costs "
       "both players one. Lose both gems and you lose the match: winning two rounds wins it."),
    N_("The twist: you draw ten cards at the start and almost never draw again. Every card you "
       "spend in round 1 is missing in round 3. Winning a round by a little, or losing one on "
       "purpose while your opponent spends cards, is the heart of the game."),
    N_("Read on: setup and redraws, turns and passing, scoring, the abilities, special cards, "
       "factions, leaders, deck building, and how to play here in Discord."),
]

SETUP = [
    N_("**Decks.** Each player brings a deck of one faction (neutral cards fit every faction) "
       "and one leader. Here you pick faction, leader and deck in the match lobby."),
    N_("**Who starts.** A coin toss decides who takes the first turn. A Scoia'tael player "
       "decides instead, before the hands are drawn; if both players lead the Scoia'tael, the "
       "coin decides."),
    # i18n: {leader} is a leader card's name
    N_("**Hands.** Each player shuffles and draws ten cards ({leader} draws eleven). These "
       "cards must last the whole match."),
    N_("**Redraws.** Before round 1 you may send back up to two cards, one at a time, drawing "
       "a replacement for each. A card you sent back cannot come straight back during the "
       "redraws: the set-aside cards are shuffled into the deck once both players are done. "
       "Send back cards that need partners you have not drawn, or cards you would rather keep "
       "in the deck for later draws (spies and Muster groups find them)."),
]

TURNS = [
    N_("**A turn.** On your turn you do exactly one thing: play a card, use your leader's "
       "ability (once per match, unless it is always on), or pass. You draw no card."),
    N_("**Passing** ends the round for you: you may not play again until the next round. Your "
       "opponent keeps taking turns, one card at a time, until they pass too. A player with "
       "nothing left to do passes automatically."),
    N_("**End of a round.** When both have passed, the higher total wins the round and the "
       "loser gives up a gem; a tie costs both a gem (Nilfgaard wins ties). Every card on the "
       "battlefield goes to its owner's discard pile (spies to the pile of the side they stand "
       "on), weather included. The winner starts the next round; after a tie, the player who "
       "went second in round 1 starts."),
    N_("**Gems and the match.** The match ends when a player has no gem left; if both lose "
       "their last gem together, it is a draw. So a match lasts two or three rounds."),
    N_("**When to pass.** Ahead after your opponent passed? Pass: you win the round and keep "
       "your cards. Behind by a lot with fewer cards? Pass early and save them for round 2 or "
       "3. A round won with two cards more than needed can lose you the match."),
]

SCORING = [
    N_("**Your total** is the sum of your units' current strengths on all three rows. Each "
       "row's sum is shown beside it on the board."),
    N_("**Order of bonuses.** A unit's strength is worked out in this order:\n"
       "1. **Weather**: a non-hero unit on a row under weather starts from 1 instead of its "
       "printed strength (King Bran: half, rounded up).\n"
       "2. **Tight Bond**: multiply by the number of copies of the card on that row.\n"
       "3. **Commander's Horn**: double (one horn per row).\n"
       "4. **Morale Boost**: add 1 for each other Morale Boost unit on the row.\n"
       "Heroes skip all of it and always count their printed strength. Because Morale Boost "
       "comes last, a horn does not double the +1."),
    N_("**Worked example.** Your close combat row holds three Blue Stripes Commandos "
       "(strength 4, Tight Bond), a Redanian Foot Soldier (strength 1) and Olgierd von Everec "
       "(strength 6, Morale Boost), and you put a Commander's Horn on it.\n"
       "- Commandos: 4 \u00d7 3 (Tight Bond) = 12, horn \u00d7 2 = 24, +1 = **25** each.\n"
       "- Foot Soldier: 1, horn \u00d7 2 = 2, +1 = **3**.\n"
       "- Olgierd: 6, horn \u00d7 2 = **12** (no boost from himself).\n"
       "Row total: 25 \u00d7 3 + 3 + 12 = **90**. Now Biting Frost falls: each Commando is "
       "1 \u00d7 3 \u00d7 2 + 1 = **7**, the Foot Soldier 1 \u00d7 2 + 1 = **3**, Olgierd "
       "1 \u00d7 2 = **2**: the row drops to **26**."),
    N_("**Scorch** looks at current strengths, after every bonus: the strongest non-hero "
       "units are the ones that burn. A row Scorch (Villentretenmerth, Toad, Schirr\u00fa and "
       "some leaders) needs the opponent's row to total 10 or more, heroes included."),
]


def _said(paragraphs: list[str], lang: Language, **values: Said) -> list[str]:
    return [lang._(p, **values) for p in paragraphs]


def _ability_pages(unit_side: bool, lang: Language) -> list[str]:
    cards = catalogue().cards.values()
    used = {a for c in cards if c.is_unit == unit_side for a in c.abilities}
    if unit_side:
        used.add(HERO)
    keys = [k for k in ABILITIES if k in used]
    # i18n: a paragraph of /gwent rules: an ability's name, then what it does
    return [lang._("**{ability}.** {text}", ability=ability_title(k, lang),
                   text=explain(k, on_special=not unit_side, ruling=True, lang=lang))
            for k in keys]


def _specials(lang: Language) -> list[str]:
    cards = [c for c in catalogue().cards.values() if c.is_special]
    names = ", ".join(card_name(c.id, lang.tag) for c in cards)
    # i18n: {cards} lists the special cards' names
    intro = lang._("Special cards have no strength of their own: {cards}. Weather cards go to "
                   "the weather area in the middle and affect both sides; the others go on one "
                   "of your rows or straight to your discard pile.", cards=names)
    return [intro, *_ability_pages(unit_side=False, lang=lang)]


def _factions(lang: Language) -> list[str]:
    out = []
    for faction in catalogue().factions.values():
        guide = FACTIONS[faction.id]
        # i18n: a faction's name, its perk, and a note on how the perk works here
        out.append(lang._("**{faction}.** {perk} {note}", faction=Name.faction(faction.id),
                          perk=lang._(faction.perk), note=lang._(guide.perk_note)))
    out.append(lang._("Neutral cards, such as Geralt of Rivia or the weather cards, fit every "
                      "faction's deck. Use `/gwent faction` for each faction's leaders, starter "
                      "deck and tips."))
    return out


def _leaders(lang: Language) -> list[str]:
    out = [lang._("Every deck has one leader. Most leader abilities are used **once per "
                  "match**, on your turn instead of playing a card; a few are **always on**. An "
                  "ability is offered only when it would do something now. Use `/gwent leader` "
                  "for tips on each.")]
    for card in leader_cards():
        guide = LEADERS[card.id]
        parts = [lang._(card.text), *(f"*{lang._(part)}*" for part in (guide.note, guide.ruling)
                                      if part)]
        # i18n: a leader's name, how often it works ("once per match", "always on"), and
        # what it does
        out.append(lang._("**{leader}** ({use}): {text}", leader=Name.card(card.id),
                          use=leader_use(card, lang=lang), text=" ".join(parts)))
    return out


def _deck_rules(lang: Language) -> str:
    return lang._("**Deck rules.** A deck has exactly one leader, at least {min_units} unit cards "
                  "(heroes count) and at most {max_specials} special cards, all of the leader's "
                  "faction or neutral. Each card may appear only as many times as it has "
                  "copies.", min_units=lang.number(MIN_UNITS),
                  max_specials=lang.number(MAX_SPECIALS))


DECKS = [
    N_("**The side deck.** Some cards never start in a deck: Hemdall, the Bovine Defense Force "
       "and the transformed Vildkaarls only arrive when Kambi, the Cow or a Berserker calls "
       "them."),
    N_("**Size.** More units than the minimum is allowed, but every extra card makes your best "
       "ones less likely to be in your opening ten. Spies, medics and Muster help by drawing "
       "or thinning the deck."),
    N_("**Starter decks.** Each faction has a ready-made starter deck; `/gwent faction` shows "
       "it as a picture. You choose the faction, leader and deck in the lobby before a match."),
    N_("**Your own decks.** `/gwent deck new` opens a private builder that checks these rules "
       "as you add cards. Saved decks appear in the lobby beside the starter deck, and "
       "`/gwent deck export` gives a share code that a friend can load with "
       "`/gwent deck import`."),
]

DISCORD = [
    N_("**Start a match.** `/gwent challenge opponent:@someone` invites a member; "
       "`/gwent practice` plays the computer, and `/gwent tutorial` is a guided first match "
       "with hints. Each match gets its own thread when the bot may create one."),
    N_("**Your hand is private.** Press **Show my hand** under the newest board: the hand "
       "opens in a message only you can see, with a select of the cards you can play and "
       "buttons to pass or use your leader. Agile units, horns, Mardroeme and Decoy ask one "
       "more question when there is a choice. **Rules** on the hand explains every ability in "
       "your hand and on the board. `/gwent settings hands_by_dm:True` also sends your hand by "
       "direct message when your turn starts."),
    N_("**Turn timer.** Each turn has the server's timer (`/gwent config` shows it), and a "
       "warning says what happens when it runs out: you pass the round, or keep your hand "
       "during the redraws (which counts against nobody). Two timeouts in a row lose the match; "
       "three in a row with no move from either player end it as abandoned, with no winner. "
       "`/gwent forfeit` gives up at any time."),
    N_("**Stuck?** Press **Refresh** on your hand or **Show my hand** on the newest board: "
       "older messages are out of date on purpose, and nothing you played is ever lost, even "
       "if the bot restarts."),
]

TOURNAMENTS = [
    N_("**Tournaments.** An organiser opens one with `/gwent tournament create`; members press "
       "**Join** on its sign-up message. At its start time, or when the organiser presses "
       "**Start now**, round 1 is paired: each match opens in its own thread, and is a normal "
       "match (lobby, decks, timers, result, replay). A player not ready when the lobby's timer "
       "runs out forfeits that match. When every match of a round is over, the next round is "
       "paired with the standings so far. Leave with `/gwent tournament drop`: your results "
       "stay and your opponent wins the match you leave."),
    N_("**Swiss.** Unless the organiser chose how many rounds: 1 for 2 players, 2 for 3 or 4, "
       "3 for 5 to 8, and one more each time the number of players doubles. Each round "
       "pairs players with the same score, the top half of a score group against its bottom "
       "half; an odd player floats down to the next group. Two players never meet twice while "
       "another pairing exists. With an odd count, the lowest-ranked player who has not had a "
       "bye gets one: it counts as a win, and nobody gets two."),
    N_("**Single elimination.** Seeds come from this server's ladder score (players without "
       "one follow in a random order); the top seeds meet as late as possible and get the byes "
       "when the field is not a power of two. Lose once and you are out; a drawn match is "
       "played again. **Round robin:** everyone meets everyone once, by the circle method."),
    N_("**Standings.** Players are ordered by:\n"
       "1. **Points**: a win 1, a draw 1/2, a bye 1.\n"
       "2. **Opponents' points** (Buchholz): the sum of the points of the opponents you met.\n"
       "3. **Beaten opponents' points** (Sonneborn-Berger): the points of the opponents you "
       "beat, plus half the points of those you drew with.\n"
       "4. **Head-to-head**: the points you scored against the players still tied with you.\n"
       "5. **Rounds won**: the Gwent rounds you won in the tournament's matches.\n"
       "Then the seed. Byes and wins against a player who left score their point but add "
       "nothing to either opponents' points. Single elimination ranks players by the round "
       "they reached."),
]


def _words(lang: Language) -> list[str]:
    out = []
    for term in TERMS:
        word = lang._(term.word)
        # i18n: a paragraph of /gwent rules: a glossary word (capitalised) and its meaning
        out.append(lang._("**{word}.** {meaning}", word=word[:1].upper() + word[1:],
                          meaning=lang._(term.meaning)))
    return out


def _ranked(lang: Language) -> list[str]:
    return [
        lang._("**Ranked or casual.** Every challenge says which it is. `/gwent challenge "
               "ranked:True` asks for a ranked match and `ranked:False` for a casual one; "
               "without it, the server's choice applies (`/gwent config`: casual unless "
               "changed). A rematch stays what it was."),
        lang._("**What counts.** Only ranked matches between two members change the numbers "
               "below. Casual matches and practice against the computer never do, and an "
               "abandoned match counts for nobody; they all still appear in `/gwent stats` and "
               "`/gwent history`."),
        lang._("**Faction MMR** is your rating with one faction this season. It starts at 1200, "
               "goes up when you win and down when you lose: more against a stronger player, "
               "less against a weaker one. It stays between 0 and 2400 (no cap in Pro Rank)."),
        lang._("**Provisional.** For its first {games} games a faction's MMR is provisional: "
               "the bot is still learning how well you play it. A first win or loss moves it by "
               "about {step}.", games=lang.number(PROVISIONAL_GAMES),
               step=lang.number(first_game_step())),
        lang._("**Rank and pieces.** Your rank goes from 30 up to 1, then Pro Rank. A ranked "
               "win gains a piece and a loss costs one; {pieces} pieces make the next rank. "
               "Ranks 30 to 26 never drop.", pieces=lang.number(PIECES)),
        # i18n: {nth} is a number of games; {share} a percentage
        lang._("**Ladder score** orders the ladder: your {best} best faction MMRs added up, each "
               "counted in full from its {nth}th game of the season (a faction played once "
               "counts {share}).", best=lang.number(BEST_FACTIONS), nth=lang.number(RAMP_GAMES),
               share=lang.percent(ramp(1))),
        lang._("**Seasons** are calendar months (UTC). A new season starts every MMR again at "
               "1200 and empties the ladder; your rank carries over, a few ranks lower."),
        lang._("**Fair play.** From the second rated match between the same two players within "
               "24 hours, a match counts for less, and from the third, rank pieces stop moving. "
               "Running out of time twice in a row loses the match."),
    ]


# Each topic: its key (in custom_ids), its title, and its paragraphs in a language.
TOPICS: tuple[tuple[str, str, Callable[[Language], list[str]]], ...] = (
    ("overview", N_("Overview"), partial(_said, OVERVIEW)),
    ("setup", N_("Setup and redraws"),
     partial(_said, SETUP, leader=Name.card("francesca_findabair_daisy_of_the_valley"))),
    ("turns", N_("Turns, passing and rounds"), partial(_said, TURNS)),
    ("scoring", N_("Scoring"), partial(_said, SCORING)),
    ("abilities", N_("Unit abilities"), partial(_ability_pages, True)),
    ("specials", N_("Special and weather cards"), _specials),
    ("factions", N_("Faction perks"), _factions),
    ("leaders", N_("Leaders"), _leaders),
    ("decks", N_("Deck building"), lambda lang: [_deck_rules(lang), *_said(DECKS, lang)]),
    ("discord", N_("Playing here in Discord"), partial(_said, DISCORD)),
    ("words", N_("Words used here"), _words),
    ("ranked", N_("Ranked and casual play"), _ranked),
    ("tournaments", N_("Tournaments"), partial(_said, TOURNAMENTS)),
)


@cache
def topics(lang: Language = ENGLISH_LANGUAGE) -> tuple[Topic, ...]:
    """Every topic of the rules browser in a language, in reading order."""
    return tuple(Topic(key, lang._(title), _paginate(paragraphs(lang)))
                 for key, title, paragraphs in TOPICS)


def topic(key: str, *, lang: Language = ENGLISH_LANGUAGE) -> Topic:
    """The topic with this key, or KeyError."""
    for found in topics(lang):
        if found.key == key:
            return found
    raise KeyError(key)
