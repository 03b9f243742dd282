"""Values written in the reader's language: names as placeholders, phrases made before the
reader is known, and refusals said in any language while their str() stays English."""

from __future__ import annotations

from bot.i18n import ENGLISH, Language, Name, Phrase, card_name, faction_name, language
from bot.service.errors import Busy, Refusal
from tests.bot.i18n.helpers import translations

NOT_IN_HAND = "{card} is not in your hand."
WAITING = "Waiting for {what}."


def polish() -> Language:
    return Language("pl", translations("pl", [
        (NOT_IN_HAND, "Nie masz w ręce karty {card}.", None),
        (WAITING, "Czekam na: {what}.", None),
        ("the {faction} deck", "talię frakcji {faction}", None),
    ]))


def test_a_name_as_a_placeholder_is_written_in_the_readers_language() -> None:
    geralt = Name.card("geralt_of_rivia")
    assert polish()._(NOT_IN_HAND, card=geralt) == (
        f"Nie masz w ręce karty {card_name('geralt_of_rivia', 'pl')}.")
    assert language(ENGLISH)._(NOT_IN_HAND, card=geralt) == (
        "Geralt of Rivia is not in your hand.")
    assert card_name("geralt_of_rivia", "pl") != card_name("geralt_of_rivia", "ru")
    assert geralt.said_by(language("ru")) == card_name("geralt_of_rivia", "ru")


def test_a_phrase_is_said_when_the_reader_is_known_and_may_hold_another() -> None:
    phrase = Phrase(WAITING, what=Phrase("the {faction} deck", faction=Name.faction("monsters")))
    assert polish().say(phrase) == (
        f"Czekam na: talię frakcji {faction_name('monsters', 'pl')}.")
    assert language(ENGLISH).say(phrase) == "Waiting for the Monsters deck."
    assert phrase == Phrase(WAITING, what=Phrase("the {faction} deck",
                                                 faction=Name.faction("monsters")))


def test_a_refusal_is_english_in_logs_and_translated_for_the_user() -> None:
    refusal = Refusal(NOT_IN_HAND, card=Name.card("geralt_of_rivia"))
    assert str(refusal) == "Geralt of Rivia is not in your hand."
    assert refusal.text(polish()) == (
        f"Nie masz w ręce karty {card_name('geralt_of_rivia', 'pl')}.")
    # No German for the message: English, with the card's German name.
    assert refusal.text(language("de")) == (
        f"{card_name('geralt_of_rivia', 'de')} is not in your hand.")
    busy = Busy(WAITING, 42, None, what="Bob")
    assert busy.channel_id == 42 and busy.text(polish()) == "Czekam na: Bob."
