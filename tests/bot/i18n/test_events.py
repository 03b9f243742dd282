"""The match log in the players' languages: English exactly as the engine writes it, and
another language from its catalogue, with names, rows, numbers and lists its own way."""

from __future__ import annotations

import random

import pytest

from bot.i18n import Language, card_name, event_text, language, row_name
from bot.i18n.catalogues import read_catalogue, template_path
from bot.i18n.checks import key
from bot.i18n.events import MATCH_LOG
from bot.i18n.names import ROW_CONTEXT
from engine.actions import FIRST, Action
from engine.cards import CLOSE, ROW_TITLES, SIEGE
from engine.events import (
    AGILE_MOVE,
    AGILE_REGROUP,
    CHANGED,
    CHANGED_TOTALS,
    LOOKS_AT_HAND,
    MUSTER_FROM_HAND,
    PLAYS_ON,
    ROUND_WON,
    SCORCH_DESTROYS,
    TEMPLATES,
    TOTAL_CHANGE,
    english,
    line,
    recorded,
)
from tests.bot.i18n.helpers import translations
from tests.engine.match_logs import random_match
from tests.engine.scenario import starter_match
from tests.engine.test_events import replayed

IN_SENTENCE = "row in a sentence"
LOOKS_PL = ("{player} ogląda {count} losową kartę z ręki gracza {opponent}.",
            "{player} ogląda {count} losowe karty z ręki gracza {opponent}.",
            "{player} ogląda {count} losowych kart z ręki gracza {opponent}.")


def polish() -> Language:
    return Language("pl", translations("pl", [
        (PLAYS_ON, "{player} zagrywa {card} w rzędzie {row}.", MATCH_LOG),
        (CHANGED, "{line} ({change}).", MATCH_LOG),
        (CHANGED_TOTALS, "{line} ({changes}).", MATCH_LOG),
        (TOTAL_CHANGE, "{player}: {change}", MATCH_LOG),
        (SCORCH_DESTROYS, "Pożoga niszczy: {cards}.", MATCH_LOG),
        ((LOOKS_AT_HAND, TEMPLATES[LOOKS_AT_HAND].plural or ""), LOOKS_PL, MATCH_LOG),
        (ROUND_WON, "Runda {round} kończy się {score1}\u2013{score2}. Wygrywa {player}.",
         MATCH_LOG),
        (AGILE_REGROUP, "Jednostki zwinne przegrupowują się: {moves}.", MATCH_LOG),
        (AGILE_MOVE, "{card} do rzędu {row}", MATCH_LOG),
        ("Close Combat", "Walka wręcz", ROW_CONTEXT),
        ("Siege", "Machiny oblężnicze", ROW_CONTEXT),
        ("close combat", "walki wręcz", IN_SENTENCE),
        ("siege", "machin oblężniczych", IN_SENTENCE),
    ]))


def chinese() -> Language:
    return Language("zh-CN", translations("zh-CN", [
        (PLAYS_ON, "{player}在{row}排打出{card}。", MATCH_LOG),
        (CHANGED, "{line}\uff08{change}\uff09。", MATCH_LOG),
        ("Close Combat", "近战", ROW_CONTEXT),
        ("close combat", "近战", IN_SENTENCE),
    ]))


def test_english_is_exactly_the_engines_for_every_viewer() -> None:
    en = language("en")
    for m in replayed():
        for viewer in (0, 1, None):
            obs = m.observation(viewer)
            assert [event_text(x, en) for x in obs.event_log] == list(obs.events)
            assert [event_text(x, en) for x in obs.last_event_log] == list(obs.last_events)


def test_english_is_the_engines_on_random_matches_of_every_faction() -> None:
    en = language("en")
    rng = random.Random(7)
    for _ in range(12):
        m = random_match(rng)
        for e in m.events:
            assert event_text(e.line, en) == e.text
            if e.private_line is not None:
                assert event_text(e.private_line, en) == e.private


def test_a_line_in_polish_has_its_template_names_and_rows_translated() -> None:
    played = line(PLAYS_ON, player="Ewa", card="prince_stennis", row=CLOSE)
    assert event_text(played, polish()) == "Ewa zagrywa Książę Stennis w rzędzie walki wręcz."
    assert event_text(line(CHANGED, line=played, change=-3), polish()) == (
        "Ewa zagrywa Książę Stennis w rzędzie walki wręcz (-3).")
    both = line(CHANGED_TOTALS, line=played, changes=(
        line(TOTAL_CHANGE, player="Ewa", change=4), line(TOTAL_CHANGE, player="Jan", change=-6)))
    assert event_text(both, polish()) == (
        "Ewa zagrywa Książę Stennis w rzędzie walki wręcz (Ewa: +4 i Jan: -6).")


def test_lists_are_written_the_languages_way() -> None:
    scorch = line(SCORCH_DESTROYS, cards=("ves", "keira_metz", "ballista"))
    assert event_text(scorch, polish()) == "Pożoga niszczy: Ves, Keira Metz i Balista."
    assert event_text(scorch, language("en")) == "Scorch destroys Ves, Keira Metz, Ballista."
    moves = line(AGILE_REGROUP, moves=(line(AGILE_MOVE, card="ves", row=CLOSE),
                                       line(AGILE_MOVE, card="ballista", row=SIEGE)))
    assert event_text(moves, polish()) == ("Jednostki zwinne przegrupowują się: Ves do rzędu "
                                           "walki wręcz i Balista do rzędu machin oblężniczych.")


def test_plural_lines_take_the_languages_form() -> None:
    for count, word in ((1, "losową kartę"), (2, "losowe karty"), (3, "losowe karty")):
        looked = line(LOOKS_AT_HAND, player="Ewa", count=count, opponent="Jan")
        assert event_text(looked, polish()) == f"Ewa ogląda {count} {word} z ręki gracza Jan."
    assert event_text(line(LOOKS_AT_HAND, player="A", count=1, opponent="B"),
                      language("en")) == "A looks at 1 random cards in B's hand."


def test_numbers_are_not_grouped() -> None:
    won = line(ROUND_WON, round=2, score1=1234, score2=56, player="Ewa")
    assert event_text(won, polish()) == "Runda 2 kończy się 1234\u201356. Wygrywa Ewa."
    assert event_text(won, language("en")) == english(won)


def test_a_note_drops_the_lines_full_stop_in_chinese_too() -> None:
    played = line(PLAYS_ON, player="Alice", card="ves", row=CLOSE)
    noted = event_text(line(CHANGED, line=played, change=2), chinese())
    assert noted == f"Alice在近战排打出{card_name('ves', 'zh-CN')}\uff08+2\uff09。"


def test_an_untranslated_template_is_english_with_the_languages_names() -> None:
    brought = line(MUSTER_FROM_HAND, cards=("ves", "ves"), count=1)
    assert event_text(brought, polish()) == "Muster brings Ves i Ves (1 from hand)."


def test_a_line_kept_from_an_old_state_stays_as_it_was() -> None:
    old = recorded("Alice plays Ves on Close Combat (+5).")
    assert event_text(old, polish()) == "Alice plays Ves on Close Combat (+5)."


def test_a_players_name_is_shown_as_given() -> None:
    played = line(PLAYS_ON, player="{card} {0} }{", card="ves", row=CLOSE)
    assert event_text(played, polish()) == "{card} {0} }{ zagrywa Ves w rzędzie walki wręcz."


def test_row_names_come_from_the_catalogue() -> None:
    assert row_name(CLOSE, polish()) == "Walka wręcz"
    assert [row_name(r, language("en")) for r in range(3)] == list(ROW_TITLES)


def test_the_catalogue_holds_every_template_and_row_with_its_context() -> None:
    pot = read_catalogue(template_path("gwent"))
    keys = {key(entry) for entry in pot if entry.id}
    assert {(MATCH_LOG, t) for t in TEMPLATES} <= keys
    assert {(ROW_CONTEXT, title) for title in ROW_TITLES} <= keys
    plurals = {key(e)[1]: e.id for e in pot if e.id and e.context == MATCH_LOG and e.pluralizable}
    assert plurals == {t.text: (t.text, t.plural) for t in TEMPLATES.values() if t.plural}


def test_every_language_writes_every_line_of_a_match() -> None:
    m = replayed()[0]
    for tag in ("pl", "ru", "de", "pt-BR", "es-ES", "fr", "zh-CN"):
        lang = language(tag)
        lines = [event_text(x, lang) for x in m.observation(None).event_log]
        assert all(lines) and "{" not in "".join(lines)


@pytest.mark.parametrize("tag", ["en", "pl", "ru", "de", "pt-BR", "es-ES", "fr", "zh-CN"])
def test_who_goes_first_names_each_player_once(tag: str) -> None:
    lang = language(tag)
    for chosen in (0, 1):
        match = starter_match(("scoiatael", "monsters"), names=("Alice", "Bob"))
        match.apply(Action(0, FIRST, target=chosen))
        said = event_text(match.observation(None).event_log[-2], lang)
        assert said.count("Alice") == 1, said
        assert said.count("Bob") == (0 if chosen == 0 else 1), said
    if tag == "en":
        assert said == "Alice lets Bob go first."
