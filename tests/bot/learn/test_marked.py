"""Every learning text reaches its reader in their language: built with the marked language
(every message reads ⟦English⟧), no English word is left outside a mark, names aside. Covers
the rules browser, help, the faction, leader and card guides and their refusals, Rules on a
hand, and the tutorial's hints and last words, with their buttons and selects."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

import pytest

from bot.discord.core.views import Outgoing
from bot.discord.learn import guides as learn
from bot.discord.learn.rules import rules_message, shared_message
from bot.i18n import ability_name, card_name, faction_name
from bot.learn.help import PAGES
from bot.learn.rules import topics
from bot.learn.tutorial import explain, given_key, next_steps
from bot.service.errors import Refusal
from engine import catalogue
from tests.bot.i18n.marked import marked_language, unmarked
from tests.bot.learn.newcomer import NAMES, play_tutorial
from tests.bot.learn.test_messages import observations
from tests.bot.test_vocabulary import texts_of

TAG = "ru"  # names in Cyrillic: English left over stands out
LANG = marked_language(TAG)
SHARER = "Alice"


@cache
def names() -> tuple[str, ...]:
    """The language's names written in Latin letters (some cards keep them)."""
    data = catalogue()
    said = ([card_name(c, TAG) for c in data.cards]
            + [faction_name(f, TAG) for f in [*data.factions, "neutral"]]
            + [ability_name(a, TAG) for a in data.abilities])
    return tuple(name for name in said if re.search("[A-Za-z]", name))


def english_in(texts: Iterable[str]) -> list[str]:
    allowed = [*names(), *NAMES, SHARER]
    return sorted({word for text in texts for word in unmarked(text, allowed)})


def said(out: Outgoing) -> list[str]:
    return list(texts_of(out))


def test_every_rules_page_and_its_components() -> None:
    pages = [(t.key, p) for t in topics(LANG) for p in range(len(t.pages))]
    texts = [text for key, page in pages for text in said(rules_message(key, page, lang=LANG))]
    texts += said(shared_message(*pages[-1], SHARER, lang=LANG))
    assert english_in(texts) == []


@pytest.mark.parametrize("page", [p.key for p in PAGES])
def test_every_help_page_and_its_buttons(page: str) -> None:
    assert english_in(said(learn.help_message(page, [], lang=LANG))) == []


@pytest.mark.parametrize("faction", list(catalogue().factions))
def test_every_faction_and_leader_guide(faction: str) -> None:
    texts = said(learn.faction_message(faction, b"", lang=LANG))
    texts += [text for card in catalogue().leaders(faction)
              for text in said(learn.leader_message(card, b"", lang=LANG))]
    assert english_in(texts) == []


def test_every_card_explained_with_the_other_matches() -> None:
    cards = list(catalogue().cards.values())
    texts = [text for card in cards for text in said(learn.card_message(card, cards[:12], b"",
                                                                        lang=LANG))]
    assert english_in(texts) == []


def test_lookups_that_find_nothing_are_refused_in_the_language() -> None:
    texts = []
    for find in (learn.find_card, learn.find_leader, learn.find_faction):
        with pytest.raises(Refusal) as refused:
            find("xyzzy", LANG)
        texts.append(refused.value.text(LANG))
    assert english_in(texts) == []


def test_rules_on_a_hand_both_ways() -> None:
    texts = [text for obs in observations(3)[::15] for full in (False, True)
             for text in said(learn.rules_in_play_message(1, obs, full, lang=LANG))]
    assert english_in(texts) == []


def test_every_tutorial_hint_and_the_last_words() -> None:
    texts = [next_steps(True, lang=LANG), next_steps(False, lang=LANG)]
    kinds = set()
    for start in range(3):
        played = play_tutorial(start * 104_729)
        every_lesson = {given_key(hint, obs) for hint, obs, _ in played.hints}
        for hint, obs, _ in played.hints:
            assert hint.move is not None
            # Each move as a lesson (nothing given yet) and as a plain suggestion.
            for shown in (set(), every_lesson):
                said = explain(obs, shown, hint.move, lang=LANG)
                texts.append(said.text)
                kinds.add(said.key)
    assert len(kinds) >= 8  # most kinds of hint were built
    assert english_in(texts) == []
