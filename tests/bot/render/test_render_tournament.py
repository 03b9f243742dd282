"""Tournament images: sizes that follow the rows, winners marked, same card same bytes, and
names in any script."""

from __future__ import annotations

import io
import random
from dataclasses import replace

from PIL import Image

from bot.i18n import ENGLISH, language
from bot.render.theme import GOLD, PANEL, mix
from bot.render.tournament import (
    FOOT_H,
    HEAD_H,
    LABELS_H,
    PAIR_GAP,
    PAIR_H,
    SLOT_H,
    STAND_GAP,
    STAND_H,
    W,
    bracket_image,
    pairings_image,
    render_bracket,
    render_pairings,
    render_standings,
    standings_image,
)
from bot.tournament.event import Event, champion
from bot.tournament.formats import next_games
from bot.tournament.games import ELIMINATION, SWISS, Entrant
from bot.tournament.views import bracket_card, pairings_card, standings_card
from tests.bot.tournament.simulate import simulate

EN = language(ENGLISH)
NAMES = ["Geralt", "محمد الأحمد", "王小明", "Éskel \U0001f43a", "Ольга", "A" * 60]


def names_of(event: Event) -> dict[int, str]:
    return {e.user_id: NAMES[i % len(NAMES)] for i, e in enumerate(event.entrants)}


def decode(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def test_standings_grow_with_the_field_and_stay_720_wide() -> None:
    for players in (2, 9, 64):
        event = simulate(SWISS, players, random.Random(players)).event
        card = standings_card("Cup", event, names_of(event), final=True, lang=EN)
        image = decode(render_standings(card))
        assert image.size == (W, HEAD_H + LABELS_H + players * (STAND_H + STAND_GAP) + FOOT_H)
        assert render_standings(card) == render_standings(card)  # the same bytes
        assert standings_image(card).size == image.size


def test_pairings_have_a_row_a_table() -> None:
    event = simulate(SWISS, 7, random.Random(2)).event
    card = pairings_card("Cup", event, names_of(event), 1, lang=EN)
    assert len(card.rows) == 4 and card.rows[-1].b is None  # three games and a bye
    image = decode(render_pairings(card))
    assert image.size == pairings_image(card).size == (W, HEAD_H + 4 * (PAIR_H + PAIR_GAP)
                                                       + FOOT_H)


def test_the_bracket_marks_who_went_on() -> None:
    entrants = tuple(Entrant(i, i) for i in range(1, 6))
    event = Event(ELIMINATION, entrants, (), 3)
    games = next_games(event)
    assert games is not None
    played = [replace(g, result="b") if not g.decided else g for g in games]
    event = replace(event, games=tuple(played))
    card = bracket_card("Cup", event, names_of(event), champion(event), lang=EN)
    assert len(card.columns) == 3 and [len(c) for c in card.columns] == [4, 2, 1]
    first = card.columns[0]
    assert first[1].winner == 1 and first[0].bye and first[0].winner == 0
    image = bracket_image(card)
    assert image.width == W
    # The winner's slot is tinted gold, the loser's is not (most common colour of each).
    centre = HEAD_H + 40 + (2 * SLOT_H + 14) + SLOT_H  # the middle line of table 2

    def colour(y0: int, y1: int) -> tuple[int, int, int]:
        counts = image.crop((20, y0, 200, y1)).getcolors(180 * (y1 - y0))
        assert counts is not None
        return max(counts)[1]  # type: ignore[no-any-return]

    tint = mix(PANEL, GOLD, 0.3)
    winner, loser = colour(centre + 4, centre + 28), colour(centre - 28, centre - 4)
    assert sum(abs(a - b) for a, b in zip(winner, tint, strict=True)) < 30, winner
    assert sum(abs(a - b) for a, b in zip(loser, tint, strict=True)) > 30, loser
    assert decode(render_bracket(card)).size == image.size


def test_a_big_bracket_shows_three_rounds_from_the_one_being_played() -> None:
    event = simulate(ELIMINATION, 64, random.Random(5)).event
    early = replace(event, games=tuple(g for g in event.games if g.round <= 2))
    card = bracket_card("Cup", early, names_of(event), None, lang=EN)
    assert card.first == 2 and [len(c) for c in card.columns] == [16, 8, 4]
    final = bracket_card("Cup", event, names_of(event), champion(event), lang=EN)
    assert final.first == 4 and [len(c) for c in final.columns] == [4, 2, 1]
    assert final.champion is not None
