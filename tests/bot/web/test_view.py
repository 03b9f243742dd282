"""The table's view of a match, built from observations: every word in the viewer's
language (checked in a marked language, in which each catalogue message reads ⟦English⟧),
the page's words and card texts too; a seat's view has its legal moves with their lead
gains; the public one has none, and no hand."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot.i18n import language
from bot.learn.tutorial import Hint
from bot.service import Snapshot
from bot.web import view
from bot.web.cards import cards_of, pool
from bot.web.texts import error_text, page_texts
from engine import Action, Match
from engine.ai.model import lead_gains
from tests.bot.discord.match.test_marked_texts import played
from tests.bot.i18n.marked import marked_language, unmarked

LANG = marked_language("de")
NAMES = ["Alice", "Bob"]


def strings(data: Any) -> Iterator[str]:
    """Every text of a frame's data (dict keys and card ids apart)."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            if key not in ("card_id", "move", "kind", "faction", "phase", "type", "abilities",
                           "name"):
                yield from strings(value)
    elif isinstance(data, list):
        for item in data:
            yield from strings(item)


def snapshot(match: Match, record: Any, seat: int | None) -> Snapshot:
    return Snapshot(record, match.observation(seat), tuple(match.to_act()))


def test_every_word_of_every_view_is_in_the_viewers_language() -> None:
    built = 0
    for match, record in (state for seed in (11, 12, 13) for state in played(seed)):
        for seat in (0, 1, None):
            shown = view.build(snapshot(match, record, seat), seat, LANG)
            obs = match.observation(seat)
            texts = [*strings(shown), *view.log_lines(obs, 0, LANG)]
            leftover = [word for text in texts for word in unmarked(text, NAMES)]
            assert leftover == [], (match.action_count, seat, leftover)
            built += 1
    assert built > 100


def test_the_pages_words_card_texts_and_refusals_are_in_its_language() -> None:
    texts = list(page_texts(LANG).values())
    assert {"pass", "keep", "row_close", "choice_medic", "forfeit_confirm"} <= set(
        page_texts(LANG))
    cards = cards_of(pool(frozenset({"monsters", "nilfgaard"})), LANG)
    texts += [card["text"] for card in cards.values()]
    texts += [error_text(code, LANG) for code in ("malformed", "unauthorized", "stale", "over",
                                                  "no_match", "watch_expired", "rate_limited",
                                                  "not_a_player", "internal")]
    assert [word for text in texts for word in unmarked(text)] == []
    german = cards_of(["decoy"], language("de"))
    assert german["decoy"]["name"] == cards["decoy"]["name"] == "Finte"  # the names catalogue


def test_a_seat_sees_its_moves_with_their_gains_and_the_public_no_moves() -> None:
    english = language("en")
    for match, record in played(5):
        if match.phase != "playing" or not match.to_act():
            continue
        seat = match.to_act()[0]
        obs = match.observation(seat)
        shown = view.build(snapshot(match, record, seat), seat, english)
        legal = [a for a in obs.legal if a.kind != "forfeit"]
        assert [m["move"] for m in shown["legal"]] == [view.move_text(a) for a in legal]
        gains = lead_gains(obs, [a for a in legal if a.kind in view.GAINED])
        assert {m["move"]: m["gain"] for m in shown["legal"] if m["gain"] is not None} == {
            view.move_text(a): g for a, g in gains.items()}
        public = view.build(snapshot(match, record, None), None, english)
        assert public["legal"] == [] and all(s["hand"] is None for s in public["sides"])
        assert shown["sides"][seat]["hand"] is not None
        assert shown["sides"][1 - seat]["hand"] is None


def test_a_view_is_built_from_its_own_viewers_observation_only() -> None:
    match, record = next(played(3))
    with pytest.raises(ValueError):
        view.build(snapshot(match, record, 0), None, language("en"))
    with pytest.raises(ValueError):
        view.build(snapshot(match, record, None), 1, language("en"))


def test_a_hint_points_at_its_cards() -> None:
    match, record = next((m, r) for m, r in played(3) if m.observation(0).sides[0].hand)
    obs = match.observation(0)
    assert obs.sides[0].hand is not None
    card = obs.sides[0].hand[0]
    hint = Hint("k", "Play it.", Action(0, "play", card.uid))
    shown = view.build(snapshot(match, record, 0), 0, language("en"), hint=hint)
    assert shown["hint"] == {"text": "Play it.", "uids": [card.uid], "move": f"play {card.uid}"}
