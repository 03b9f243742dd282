"""The hand's Rules button: one line per card in the player's hand and on the board, and
More: every ability there explained in full.

Built from the player's own observation only (their hand, both boards, weather and both
leaders), so it shows nothing that player may not see.
"""

from __future__ import annotations

from bot.i18n import Language, Name, card_name
from bot.learn.abilities import HERO, ability_title, explain
from bot.learn.cards import ABILITY_ORDER
from bot.learn.factions import leader_use
from bot.learn.glossary import ENGLISH_LANGUAGE
from engine import Observation, catalogue
from engine.observation import CardView

TEXT_MAX = 4096  # an embed description
NAMES_MAX = 4  # card names listed per ability before "and N more"


def _visible(obs: Observation) -> tuple[list[CardView], list[CardView]]:
    """The viewer's hand, and every card on the board (rows, horns, Mardroeme, weather)."""
    assert obs.viewer is not None
    hand = list(obs.sides[obs.viewer].hand or ())
    board = [c for side in obs.sides for row in side.rows for c in row.cards]
    board += [c for side in obs.sides for row in side.rows
              for c in (row.horn, row.mardroeme) if c is not None]
    return hand, board + list(obs.weather)


def _abilities(card: CardView) -> set[str]:
    return set(card.abilities) | ({HERO} if card.hero else set())


def _names(cards: list[CardView], lang: Language) -> str:
    names = list(dict.fromkeys(card_name(c.card_id, lang.tag) for c in cards))
    more = len(names) - NAMES_MAX
    shown = ", ".join(names[:NAMES_MAX])
    if more <= 0:
        return shown
    # i18n: {names} lists a few cards' names; {count} is how many more there are
    return lang.ngettext("{names} and {count} more", "{names} and {count} more", more,
                         names=shown)


def abilities_in_view(obs: Observation) -> list[str]:
    """The abilities of the cards the viewer can see, in explanation order."""
    hand, board = _visible(obs)
    present = set().union(*(_abilities(c) for c in hand + board)) if hand + board else set()
    return [key for key in ABILITY_ORDER if key in present]


def _leader_lines(obs: Observation, lang: Language) -> list[str]:
    """Both leaders: whose, its name, whether it can still be used, and what it does."""
    lines = []
    for side in obs.sides:
        card = catalogue().cards.get(side.leader.card_id)
        state = (lang._("cancelled") if side.leader.cancelled
                 else lang._("used") if side.leader.used
                 else leader_use(card, lang=lang) if card else "")
        leader = Name.card(side.leader.card_id)
        text = lang._(side.leader.text)
        # i18n: {leader} is a leader's name; {state} says whether it can still be used
        # ("used", "cancelled", "always on", "once per match"); {text} what it does
        lines.append(lang._("**Your leader, {leader}** ({state}): {text}", leader=leader,
                            state=state, text=text) if side.player == obs.viewer
                     else lang._("**Their leader, {leader}** ({state}): {text}",
                                 leader=leader, state=state, text=text))
    return lines


def _fit(text: str) -> str:
    return text if len(text) <= TEXT_MAX else text[:TEXT_MAX - 1] + "\u2026"


def cards_in_view(obs: Observation, *, lang: Language = ENGLISH_LANGUAGE) -> str:
    """One line per card with an ability in the hand, then on the board (cards whose rules
    read the same share a line), then both leaders."""
    hand, board = _visible(obs)
    parts: list[str] = []
    seen: set[str] = set()
    for title, cards in ((lang._("In your hand"), hand), (lang._("On the board"), board)):
        same: dict[str, list[str]] = {}
        for card in cards:
            known = catalogue().cards.get(card.card_id)
            if known is not None and known.text and card.card_id not in seen:
                seen.add(card.card_id)
                same.setdefault(known.text, []).append(
                    f"**{card_name(card.card_id, lang.tag)}**")
        if same:
            lines = [f"{', '.join(names)}: {lang._(text)}" for text, names in same.items()]
            parts.append("\n".join([f"__{title}__", *lines]))
    parts.append("\n".join([f"__{lang._('Leaders')}__", *_leader_lines(obs, lang)]))
    return _fit("\n\n".join(parts))


def rules_in_view(obs: Observation, short: bool = False, *,
                  lang: Language = ENGLISH_LANGUAGE) -> str:
    """One paragraph per ability in the hand and on the board, then both leaders."""
    hand, board = _visible(obs)
    lines = []
    for key in abilities_in_view(obs):
        mine = [c for c in hand if key in _abilities(c)]
        shown = [c for c in board if key in _abilities(c)]
        where = []
        if mine:
            # i18n: {cards} lists cards' names
            where.append(lang._("in your hand: {cards}", cards=_names(mine, lang)))
        if shown:
            where.append(lang._("on the board: {cards}", cards=_names(shown, lang)))
        special = all(c.base is None for c in mine + shown)
        text = (lang._(catalogue().abilities[key].text)
                if short and key in catalogue().abilities
                else explain(key, on_special=special, lang=lang))
        # i18n: an ability's name, where it is seen ("in your hand: ...; on the board:
        # ..."), and what it does
        lines.append(lang._("**{ability}** ({where}): {text}", ability=ability_title(key, lang),
                            where="; ".join(where), text=text))
    text = "\n\n".join(lines + _leader_lines(obs, lang))
    if len(text) > TEXT_MAX and not short:
        return rules_in_view(obs, short=True, lang=lang)
    return _fit(text)
