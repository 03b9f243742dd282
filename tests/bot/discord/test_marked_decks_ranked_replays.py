"""The deck builder, /gwent deck, ranked play, replays and their services' refusals say
every text in the reader's language: built with a language in which every message reads
⟦English⟧ (and names are Russian), no English word is left outside a mark."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from bot.discord.core.views import Outgoing, clean
from bot.discord.decks.builder import Draft, builder_message, categories
from bot.discord.decks.commands import deck_line, deck_summary
from bot.discord.decks.handlers import _form
from bot.discord.ranked.messages import (
    history_message,
    leaderboard_message,
    profile_message,
    ranked_lines,
    shared_history_message,
    shared_leaderboard_message,
    shared_profile_message,
)
from bot.discord.replays.messages import (
    failed_message,
    match_label,
    record_message,
    rendering_message,
    shared_message,
    viewer_message,
)
from bot.i18n import Language, card_name
from bot.ranking.ranks import PRO, rank_label
from bot.ranking.seasons import Season, UnknownSeason
from bot.ranking.views import MmrChange, Outcome
from bot.render.ranked_samples import leaderboard_faction, leaderboard_ladder, profile_full
from bot.render.result import headline
from bot.service import Services
from bot.service.decks import GENERATED, DeckChoice, choose_saved, deck_title, revise
from bot.service.errors import Refusal
from bot.service.ranked import BOTH_GONE, CASUAL, DECK_CHOICE, PRACTICE, SELF
from bot.service.saved_decks import share_code
from bot.storage.records import FinishedMatch
from bot.storage.saved_decks import SavedDeck
from engine import Deck, catalogue, starter_decks
from engine.sharecode import ShareCodeError, decode, encode
from tests.bot.helpers import GUILD
from tests.bot.i18n.marked import CLOSE, OPEN, marked_language, unmarked
from tests.bot.replay_helpers import finished_match
from tests.bot.test_vocabulary import texts_of

LANG = marked_language("ru")
# Players' and decks' names, and the cards' Russian names (a few keep Latin words: "Aen Elle").
NAMES = ["Alice", "Bob", "Ships", "Geralt", "Yennefer",
         *(card_name(card_id, LANG.tag) for card_id in catalogue().cards)]


def leftover(out: Outgoing | str, allowed: list[str] | None = None) -> list[str]:
    """English words outside the marks of a message, its components included (a text clipped
    to its Discord limit loses its closing mark: it is closed again)."""
    texts = [out] if isinstance(out, str) else list(texts_of(out))
    return [word for text in texts
            for word in unmarked(text + CLOSE * (text.count(OPEN) - text.count(CLOSE)),
                                 allowed=[*NAMES, *(allowed or [])])]


def change(before: tuple[int, int], after: tuple[int, int], delta: int,
           games: int | None) -> MmrChange:
    return MmrChange(1, "skellige", 1200, 1200 + delta, *before, *after, games)


RANKED: dict[str, Callable[[Language], Outgoing | str]] = {
    "ladder": lambda lang: leaderboard_message(
        leaderboard_ladder(), b"", [Season(2025, 2), Season(2025, 1)], lang=lang),
    "faction board": lambda lang: leaderboard_message(
        replace(leaderboard_faction(), in_progress=False), b"", [Season(2025, 1)], lang=lang),
    "shared ladder": lambda lang: shared_leaderboard_message(leaderboard_ladder(), b"", 7,
                                                             lang=lang),
    "profile": lambda lang: profile_message(profile_full(), b"", lang=lang),
    "shared profile": lambda lang: shared_profile_message(profile_full(), b"", 7, lang=lang),
    "history": lambda lang: history_message(1, "Yennefer", profile_full().recent, 1, True,
                                            lang=lang),
    "empty history": lambda lang: history_message(1, "Yennefer", [], 3, False, lang=lang),
    "shared history": lambda lang: shared_history_message(7, "x", lang=lang),
    "result lines": lambda lang: "\n".join(ranked_lines(Outcome(True, None, 0.25, (
        change((20, 3), (20, 4), 30, 2), change((20, 0), (21, 4), -30, 9))), ("Alice", "Bob"),
        lang=lang)),
    "rank changes": lambda lang: "\n".join(ranked_lines(Outcome(True, None, 0.5, (
        change((1, 4), (PRO, 0), 0, None), change((12, 4), (11, 0), 40, 9))), ("Alice", "Bob"),
        lang=lang)),
    "unrated": lambda lang: "\n".join(
        line for reason in (PRACTICE, CASUAL, BOTH_GONE, DECK_CHOICE, SELF)
        for line in ranked_lines(Outcome(False, reason, 0.0, ()), ("Alice", "Bob"), lang=lang)),
    "ranks and seasons": lambda lang: " ".join(
        [rank_label(PRO, lang), rank_label(12, lang), Season(2025, 7).title(lang),
         Season(2025, 7).month_name(lang)]),
}


@pytest.mark.parametrize("what", RANKED)
def test_ranked_texts_are_in_the_readers_language(what: str) -> None:
    assert leftover(RANKED[what](LANG)) == []


def test_history_lines_name_the_computer_and_how_matches_ended_in_the_language() -> None:
    lines = [replace(line, ended_by=how) for line in profile_full().recent
             for how in ("play", "forfeit", "timeout")]
    assert leftover(history_message(1, "Yennefer", lines, 0, False, lang=LANG)) == []


def builder_messages() -> list[Outgoing]:
    found = []
    for faction in ("monsters", "scoiatael"):
        starter = starter_decks()[faction]
        saved = SavedDeck(5, 1, Deck(faction, starter.leader, dict(starter.cards), "Ships"),
                          0, 0)
        for key in categories(faction):
            found.append(builder_message(Draft(5, key, saved.deck.with_leader(
                starter.leader)), saved, png=b"", lang=LANG))
        changed = Draft(5, categories(faction)[0], Deck(faction, starter.leader, {}, "Ships"))
        found.append(builder_message(changed, saved, confirm_close=True, lang=LANG))
        found.append(builder_message(Draft(0, "special", Deck(faction, starter.leader)), None,
                                     lang=LANG))
    return found


def test_the_deck_builder_is_in_the_readers_language() -> None:
    for out in builder_messages():
        assert leftover(out) == []


def test_deck_lists_summaries_and_forms_are_in_the_readers_language() -> None:
    starter = starter_decks()["northern_realms"]
    ready = SavedDeck(5, 1, Deck("northern_realms", starter.leader, dict(starter.cards),
                                 "Ships"), 0, 0)
    empty = replace(ready, deck=Deck("northern_realms", starter.leader, {}, "Ships"))
    texts = [deck_line(ready, LANG), deck_line(empty, LANG), deck_summary(ready.deck, LANG),
             deck_title(unnamed(empty.deck), LANG)]
    draft = Draft(5, "close", ready.deck)
    for op, saved in (("paste", None), ("saveas", ready), ("save", None)):
        form = _form(op, draft, saved, 1, LANG)
        texts.append(form.title)
        for row in form.to_components():
            texts += [text for field in row["components"]
                      for text in (field["label"], field.get("placeholder", ""))]
    assert [word for text in texts for word in leftover(text)] == []


def unnamed(deck: Deck) -> DeckChoice:
    """A deck choice holding an unnamed deck (as a generated deck is)."""
    return DeckChoice(deck.faction, deck.leader, GENERATED, Deck(deck.faction, deck.leader))


def refusals() -> list[Refusal]:
    """Refusals of the deck, ranked and share-code checks, caught as the user gets them."""
    found: list[Refusal] = []
    starter = starter_decks()["monsters"]
    attempts: list[Callable[[], object]] = [
        lambda: share_code(Deck("monsters", starter.leader, {}, "Ships")),
        lambda: share_code(Deck("monsters", starter.leader, {})),
        lambda: revise(unnamed(starter), faction="druids"),
        lambda: choose_saved(unnamed(starter), SavedDeck(
            5, 1, Deck("monsters", starter.leader, {}, "Ships"), 0, 0)),
    ]
    for attempt in attempts:
        try:
            attempt()
        except Refusal as refusal:
            found.append(refusal)
    for text in ("GW", "GWZZZZ", "GW!", "", "XX12", encode(starter) + "7",
                 encode(starter)[:-3]):
        try:
            decode(text)
        except ShareCodeError as error:
            found.append(Refusal(error.template, **error.values))
    for text in ("kraken", "2025-13"):
        try:
            Season.parse(text, Season(2025, 1))
        except UnknownSeason as error:
            found.append(Refusal(error.phrase.message, **error.phrase.values))
    return found


def test_refusals_are_said_in_the_readers_language() -> None:
    said = refusals()
    assert len(said) >= 10
    for refusal in said:
        assert leftover(refusal.text(LANG), ["druids", "kraken"]) == [], str(refusal)


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
async def test_the_replay_viewer_and_shared_messages_are_in_the_readers_language(
        services: Services) -> None:
    match_id, _ = await finished_match(services, 5)
    replay = await services.replays.open(match_id, GUILD)
    for number in sorted({0, 1, replay.last // 2, replay.last}):
        for seat in (None, 0):
            shown = replay.observation(number, seat)
            # The headline is the result image's, drawn in the language's tag.
            title, subtitle = headline(shown, LANG.tag)
            other = [clean(title), clean(subtitle)]
            out = viewer_message(replay, shown, b"", b"" if seat is not None else None,
                                 player=True, lang=LANG)
            assert leftover(out, other) == []
    title, subtitle = headline(replay.observation(replay.last, None))
    assert leftover(shared_message(replay, b"", lang=LANG), [title, subtitle]) == []
    for out in (rendering_message(replay, 0.4, lang=LANG), failed_message(replay, lang=LANG),
                record_message(replay, lang=LANG)):
        assert leftover(out, [f"gwent-match-{match_id}.json"]) == []
    labels = [match_label(FinishedMatch(12, ("Alice", "Bob"), winner, forfeit, 0.0, gone),
                          3600 * 26, LANG)
              for winner, forfeit, gone in ((0, None, False), (None, 1, False),
                                            (None, None, False), (None, None, True))]
    assert [word for label in labels for word in leftover(label)] == []
