"""Every card ability explained in full sentences. Where the 2025 rulebook and The Witcher 3
differ, the rule the bot follows is said plainly, and which rulebook says so only in
`/gwent rules` (see docs/rules-interpretations.md)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import N_, Language, Name, ability_name
from bot.learn.glossary import ENGLISH_LANGUAGE

HERO = "hero"


@dataclass(frozen=True)
class AbilityGuide:
    """How one ability works: on a unit, on a special card (when that differs), a note on a
    detail of how the bot applies it, and which rulebook that follows (for /gwent rules).
    The texts are English, marked for translation: shown with `lang._`; a leader they name
    is the placeholder {leader}, the card `leader`."""

    name: str
    unit: str
    special: str = ""
    note: str = ""
    ruling: str = ""
    leader: str = ""


ABILITIES: dict[str, AbilityGuide] = {
    HERO: AbilityGuide(
        # i18n: the name of what hero cards have in common, shown like an ability's name
        N_("Hero"),
        N_("A hero ignores everything that would change it: weather, horns, Morale Boost, "
           "Scorch, Decoy, Medic and leader abilities all pass it by. Its strength is always "
           "the printed number.")),
    "agile": AbilityGuide(
        "Agile",
        # i18n: {leader} is a leader card's name
        N_("You choose whether it fights in close combat or at range when you play it. Once "
           "placed it stays on that row (only {leader} moves agile units)."),
        leader="francesca_findabair_hope_of_the_aen_seidhe"),
    "medic": AbilityGuide(
        "Medic",
        N_("When played, it brings one non-hero unit of your choice back from your discard pile "
           "onto the battlefield. The revived unit uses its own ability too, so a medic can "
           "revive another medic or a spy."),
        note=N_("When your pile holds a unit it may take, it always revives one: a card's "
                "effect is applied whenever it can be."),
        ruling=N_("The 2025 rulebook: every card effect must be applied if possible.")),
    "morale_boost": AbilityGuide(
        "Morale Boost",
        N_("Every other unit on its row gets +1 strength while it stays there. It does not boost "
           "itself, and heroes stay as printed.")),
    "muster": AbilityGuide(
        "Muster",
        N_("When played, every card of its muster group in your hand and your deck is played "
           "too, each on its own row, and your deck is shuffled. The extra cards arrive without "
           "using their own abilities."),
        note=N_("The cards of its group come from your hand as well as your deck."),
        ruling=N_("The 2025 rulebook takes them from hand and deck; the Witcher 3 text names "
                  "only the deck.")),
    "spy": AbilityGuide(
        "Spy",
        N_("It goes onto your opponent's side, where its strength counts for them, and you draw "
           "two cards from your deck. Card advantage is usually worth more than the points you "
           "give away."),
        note=N_("When a spy leaves the battlefield it goes to the discard pile of the side it "
                "stands on."),
        ruling=N_("The 2025 rulebook: a card goes to its controller's pile.")),
    "tight_bond": AbilityGuide(
        "Tight Bond",
        N_("Copies of this card on the same row multiply each other: each is worth its strength "
           "times the number of copies on that row. Three 4-strength copies are worth 12 each, "
           "36 together.")),
    "scorch": AbilityGuide(
        "Scorch",
        N_("When played, it destroys the strongest non-hero unit or units on the whole "
           "battlefield, on both sides; if several are tied for the top strength, all of them "
           "go. The unit that scorches is never destroyed by its own Scorch."),
        special=N_("It destroys the strongest non-hero unit or units on the whole battlefield, "
                   "yours included, then goes to your discard pile. If several are tied for the "
                   "top strength, all of them go. Check your own rows before you play it."),
        note=N_("Clan Dimun Pirate scorches the whole battlefield like the special card, but "
                "never itself."),
        ruling=N_("The 2025 rulebook FAQ rules so for Clan Dimun Pirate.")),
    "scorch_close": AbilityGuide(
        "Scorch: Close Combat",
        N_("When played, if your opponent's close combat row adds up to 10 or more, their "
           "strongest non-hero unit or units on that row are destroyed."),
        note=N_("Heroes count toward the 10 but are never destroyed.")),
    "scorch_ranged": AbilityGuide(
        "Scorch: Ranged Combat",
        N_("When played, if your opponent's ranged combat row adds up to 10 or more, their "
           "strongest non-hero unit or units on that row are destroyed."),
        note=N_("Heroes count toward the 10 but are never destroyed.")),
    "scorch_siege": AbilityGuide(
        "Scorch: Siege",
        N_("When played, if your opponent's siege row adds up to 10 or more, their strongest "
           "non-hero unit or units on that row are destroyed."),
        note=N_("Heroes count toward the 10 but are never destroyed.")),
    "commanders_horn": AbilityGuide(
        "Commander's Horn",
        N_("The other non-hero units on its row are doubled while it stays there. If the row "
           "already has a horn (the special card or a leader's), this unit is doubled like the "
           "others instead."),
        special=N_("Placed on one of your rows, it doubles every non-hero unit there until the "
                   "round ends. A row holds one horn, whether from this card or a leader.")),
    "summon_avenger": AbilityGuide(
        "Summon Avenger",
        N_("When it leaves the battlefield by being destroyed or at the end of a round, a "
           "stronger card from outside the deck takes its place on the same side and stays into "
           "the next round."),
        note=N_("Taking it back with Decoy is not a discard, so nothing is summoned.")),
    "berserker": AbilityGuide(
        "Berserker",
        N_("On a row with Mardroeme it turns into its bear form at once, and the Berserker "
           "itself leaves the game. It also transforms when played onto a row that already has "
           "Mardroeme.")),
    "mardroeme": AbilityGuide(
        "Mardroeme",
        N_("Every Berserker on its row transforms into its bear form, now and whenever another "
           "one arrives there."),
        special=N_("Placed on one of your rows, it transforms every Berserker there into its "
                   "bear form, including Berserkers played there later. One per row.")),
    "decoy": AbilityGuide(
        "Decoy",
        N_("Decoy takes one of your non-hero units on the battlefield back into your hand and "
           "stands in its place with 0 strength. Use it to replay a spy or a medic, or to save a "
           "unit from Scorch."),
        note=N_("It may also take back an opponent's spy standing on your side.")),
    "weather": AbilityGuide(
        "Weather",
        N_("While it is in play, every non-hero unit on the rows it covers drops to 1 strength, "
           "on both sides. Biting Frost covers close combat, Impenetrable Fog ranged combat, "
           "Torrential Rain siege, and Skellige Storm both ranged and siege. Play it where your "
           "opponent is stronger than you."),
        note=N_("A unit printed at 0 stays at 0. A second copy of the same weather adds "
                "nothing.")),
    "clear_weather": AbilityGuide(
        "Clear Weather",
        N_("It removes every weather card from the battlefield, and every row is back to full "
           "strength.")),
}


def ability_title(ability: str, lang: Language) -> str:
    """The ability's name in a language (Hero, not an ability of the catalogue, included)."""
    return lang._(ABILITIES[HERO].name) if ability == HERO else ability_name(ability, lang.tag)


def explain(ability: str, on_special: bool = False, ruling: bool = False, *,
            lang: Language = ENGLISH_LANGUAGE) -> str:
    """The ability's sentences for a unit, or for a special card carrying it; with
    `ruling`, which rulebook the bot follows where they differ (for /gwent rules only)."""
    guide = ABILITIES[ability]
    text = guide.special if on_special and guide.special else guide.unit
    named = {"leader": Name.card(guide.leader)} if guide.leader else {}
    parts = [lang._(text, **named), lang._(guide.note) if guide.note else "",
             f"*{lang._(guide.ruling)}*" if ruling and guide.ruling else ""]
    return " ".join(part for part in parts if part)
