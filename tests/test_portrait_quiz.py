"""The portrait quiz (tests/portrait_quiz.py): tokens without names at a phone's size, a key
that names them, and answers scored against it."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from bot.render.card_image import as_card_view
from bot.render.faces import HAND_TOKEN, TOKEN, FaceSize, face_key, token_sprite
from tests.portrait_quiz import PER_ROW, candidates, drawn, main, score, sheet, token


def _banner_spread(face: Image.Image, size: FaceSize) -> int:
    """The widest range of brightness along a row of the name's banner (text makes it wide)."""
    grey = face.convert("L")
    top, bottom = size.h - size.border - size.banner + 2, size.h - size.border - 1
    spread = 0
    for y in range(top, bottom):
        row = grey.crop((size.border + 2, y, size.w - size.border - 2, y + 1)).tobytes()
        spread = max(spread, max(row) - min(row))
    return spread


def test_the_tokens_show_no_name_and_the_named_ones_would() -> None:
    for card in drawn(12, 3):
        for size in (HAND_TOKEN, TOKEN):
            named = token_sprite(face_key(as_card_view(card)), size).image
            assert _banner_spread(named, size) > 60, card.id
            assert _banner_spread(token(card, size), size) < 12, card.id


def test_the_sheet_is_as_big_as_a_phone_shows_the_view() -> None:
    image = sheet(drawn(13, 2), HAND_TOKEN)
    # six tokens a row, each 96 px of the 720 px view shown 400 px wide: 53 px
    assert image.width == round(PER_ROW * (HAND_TOKEN.w + 24) * 400 / 720) == 400
    assert image.height == round(3 * (HAND_TOKEN.h + 44) * 400 / 720)


def test_a_seed_draws_the_same_different_cards_from_every_token_a_card_may_show() -> None:
    first = drawn(30, 1)
    assert first == drawn(30, 1) != drawn(30, 2)
    assert len({card.id for card in first}) == 30
    kinds = {card.type for card in candidates()}
    assert kinds == {"unit", "special", "weather"}


def test_answers_are_scored_ignoring_case_spaces_and_punctuation() -> None:
    cards = drawn(3, 1)
    from bot.i18n import card_name

    names = [card_name(card.id, "en") for card in cards]
    given = f"1: {names[0].upper().replace(' ', '')}\n2) something else\n"
    right, lines = score(given, cards, "en")
    assert right == 1
    assert lines[0].startswith("  1 right")
    assert f"(it is {names[1]})" in lines[1] and lines[2].startswith("  3 wrong: -")


def test_the_command_writes_the_sheet_the_names_and_the_key(tmp_path: Path) -> None:
    assert main(["--cards", "5", "--seed", "4", "--out", str(tmp_path)]) == 0
    key = (tmp_path / "answers.txt").read_text(encoding="utf-8").splitlines()
    assert [line.split(":")[0] for line in key] == ["1", "2", "3", "4", "5"]
    names = (tmp_path / "names.txt").read_text(encoding="utf-8").splitlines()
    assert all(line.split(": ", 1)[1].split(" (")[0] in names for line in key)
    assert Image.open(tmp_path / "sheet.png").width == 400
