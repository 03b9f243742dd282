"""Images in other languages: every word drawn goes through the reader's language (none is
left in English), and the longest translation of every text, or a text much longer still,
stays inside the image and clear of the texts beside it (it fits, wraps or ends in "…").

Texts are measured as draw_text lays them out (its advance width and the font's ascent and
descent), not from pixels: every module that draws words draws them with draw_text, which
these tests watch."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields, is_dataclass
from functools import cache
from importlib import import_module
from typing import Any

import pytest
from babel.messages.pofile import read_po
from PIL import Image, ImageDraw

from bot.i18n import LANGUAGES, Language, ability_name, card_name, faction_name
from bot.i18n.catalogues import LOCALES_DIR
from bot.ranking.seasons import NAMES as SEASON_NAMES
from bot.render import board, faces, hand, player_view, text, tournament
from bot.render.faces import BIG, BOARD, HAND, HAND_TOKEN, TOKEN, FaceSize
from bot.render.fonts import SANS_BOLD, Font, font
from bot.render.ranked_samples import RANKED_SAMPLES
from bot.render.samples import SAMPLES
from bot.tournament.event import Event
from bot.tournament.games import ELIMINATION, SWISS
from bot.tournament.views import bracket_card, pairings_card, standings_card
from engine import catalogue
from tests.bot.i18n.marked import CLOSE, OPEN, language_writing, marked_language, unmarked
from tests.bot.tournament.simulate import simulate

# Modules whose names bot.render gives to a function too.
card_image, deck_screen, leaderboard, profile, result = (
    import_module(f"bot.render.{name}")
    for name in ("card_image", "deck_screen", "leaderboard", "profile", "result"))
# Every module that draws words: each reads its Language with `language(tag)` and draws
# with `draw_text`.
SPEAKING = (board, hand, player_view, result, card_image, deck_screen, leaderboard, profile,
            tournament)
DRAWING = (*SPEAKING, faces)
# Much longer than any translation should be: the English widened 1.6 times by one long
# German-like word (a word cannot wrap: it must be cut or abbreviated).
LONG_WORD = "Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen" * 4
WIDEN = 1.6


@dataclass(frozen=True)
class Drawn:
    """One line of text as drawn: its box and the size of the image it was drawn on."""

    text: str
    box: tuple[float, float, float, float]
    canvas: int
    ancestors: frozenset[int]  # the images it was copied from, and theirs
    size: tuple[int, int]
    by: str  # the module that drew it

    def beside(self, other: Drawn) -> bool:
        """True when both lines are on one image (or one on an image the other's was copied
        from, as a kept frame and the image drawn over its copy)."""
        return (self.canvas == other.canvas or self.canvas in other.ancestors
                or other.canvas in self.ancestors)


def _box(xy: tuple[float, float], line: str, fnt: Font,
         anchor: str) -> tuple[float, float, float, float]:
    """The box draw_text fills: the advance width, from the ascent to the descent."""
    width = text.text_width(line, fnt)
    ascent, descent = fnt.getmetrics()
    x = xy[0] - {"l": 0.0, "m": width / 2, "r": width}[anchor[0]]
    base = xy[1] + {"a": ascent, "t": ascent, "m": (ascent - descent) / 2, "s": 0,
                    "d": -descent, "b": -descent}[anchor[1]]
    return x, base - ascent, x + width, base + descent


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Drawn]]:
    """Every line of text drawn while the test runs, with nothing kept from before."""
    seen: list[Drawn] = []
    canvases: list[Image.Image] = []  # kept, so that no two canvases share an id
    parents: dict[int, int] = {}
    real = text.draw_text
    real_copy = Image.Image.copy

    def copying(image: Image.Image) -> Image.Image:
        copied = real_copy(image)
        canvases.extend((image, copied))
        parents[id(copied)] = id(image)
        return copied

    def ancestors(canvas: int) -> frozenset[int]:
        found = []
        while canvas in parents:
            canvas = parents[canvas]
            found.append(canvas)
        return frozenset(found)

    def recorder(by: str) -> Callable[..., None]:
        def recording(draw: ImageDraw.ImageDraw, xy: tuple[float, float], line: str,
                      fnt: Font, fill: object, anchor: str = "la") -> None:
            canvas = draw._image  # type: ignore[attr-defined]
            canvases.append(canvas)
            if line:
                seen.append(Drawn(line, _box(xy, line, fnt, anchor), id(canvas),
                                  ancestors(id(canvas)), canvas.size, by))
            real(draw, xy, line, fnt, fill, anchor)
        return recording

    for module in DRAWING:
        monkeypatch.setattr(module, "draw_text", recorder(module.__name__))
    monkeypatch.setattr(Image.Image, "copy", copying)
    _forget()
    yield seen
    _forget()


def _forget() -> None:
    """Forget every drawn part kept by what it shows, as the same looks now read
    differently."""
    faces.clear_caches()
    deck_screen._frame.cache_clear()
    tournament._standings_base.cache_clear()


@pytest.fixture
def speak(monkeypatch: pytest.MonkeyPatch) -> Callable[[Language], None]:
    """Make every image speak `lang` (whatever tag it is given)."""
    def speaking(lang: Language) -> None:
        for module in SPEAKING:
            monkeypatch.setattr(module, "language", lambda tag, lang=lang: lang)
    return speaking


# --- what is drawn ---------------------------------------------------------------------


def _sample(name: str) -> Any:
    return SAMPLES[name][1]() if name in SAMPLES else RANKED_SAMPLES[name][1]()


@cache
def _events() -> tuple[Event, Event, dict[int, str]]:
    swiss = simulate(SWISS, 7, random.Random(2)).event
    cup = simulate(ELIMINATION, 8, random.Random(5)).event
    names = {e.user_id: f"Player {i}" for i, e in enumerate((*swiss.entrants, *cup.entrants))}
    return swiss, cup, names


def _tournaments(lang: Language) -> dict[str, Any]:
    swiss, cup, names = _events()
    return {
        "pairings": pairings_card("Cup", swiss, names, 1, lang=lang),
        "standings": standings_card("Cup", swiss, names, True, lang=lang),
        "standings_elimination": standings_card("Cup", cup, names, True, lang=lang),
        "bracket": bracket_card("Cup", cup, names, names[cup.entrants[0].user_id], lang=lang),
    }


BOARDS = ("board_full", "board_over", "board_mulligan", "board_passed", "board_weather")
VIEWS = ("view_mulligan", "view_passed", "view_over")
HANDS = ("hand_mulligan", "hand_small")
RESULTS = ("result_win", "result_draw", "result_forfeit")
CARDS = ("card_unit", "card_hero", "card_leader", "card_weather")
DECKS = ("deck_draft", "deck_starter")
RANKED = ("leaderboard_ladder", "leaderboard_faction", "profile_full", "profile_new")
TOURNAMENT = ("pairings", "standings", "standings_elimination", "bracket")
IMAGES = (*BOARDS, *VIEWS, *HANDS, *RESULTS, *CARDS, *DECKS, *RANKED, *TOURNAMENT)


def draw_image(name: str, tag: str) -> Image.Image:
    """One of IMAGES, drawn afresh (no band or part kept) in the language tag."""
    if name in TOURNAMENT:
        card = _tournaments(tournament.language(tag))[name]
        draw = {"pairings": tournament.pairings_image, "bracket": tournament.bracket_image}
        return draw.get(name, tournament.standings_image)(card, tag)
    value = _sample(name)
    if name in BOARDS:
        return board.drawn_image(board.public_board_looks(value, tag))
    if name in VIEWS:
        return board.drawn_image(player_view.view_looks(value, tag))
    if name in HANDS:
        return hand.hand_image(value, tag)
    if name in RESULTS:
        return result.result_image(value, tag)
    if name in CARDS:
        return card_image.card_image(value, tag=tag)
    if name in DECKS:
        return deck_screen.deck_image(value, tag=tag)
    if name.startswith("leaderboard"):
        return leaderboard.leaderboard_image(value, tag)
    return profile.profile_image(value, tag)


def _given(value: Any) -> Iterator[str]:
    """The names a value carries (players', decks', tournaments', sample cards'): words the
    image shows as they are."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _given(item)
    elif is_dataclass(value) or hasattr(value, "_fields"):
        keys = ([f.name for f in fields(value)] if is_dataclass(value)
                else list(value._fields))
        for key in keys:
            if key in ("name", "title", "a", "b", "top", "bottom", "champion",
                       "opponent_name") or not isinstance(getattr(value, key), str):
                yield from _given(getattr(value, key))


@cache
def _name_words(tag: str) -> frozenset[str]:
    """The words of every card's, faction's and ability's name in this language and in
    English (names are shown whole, wrapped or shortened to the first letters of words)."""
    data = catalogue()
    found = {card_name(c, t) for c in data.cards for t in (tag, "en")}
    found |= {faction_name(f, t) for f in (*data.factions, "neutral") for t in (tag, "en")}
    found |= {ability_name(a, t) for a in data.abilities for t in (tag, "en")}
    return frozenset(word for name in found for word in re.findall(r"[A-Za-z']+", name))


# --- every word is translated ------------------------------------------------------------


def shown(drawn: list[Drawn]) -> str:
    """The lines drawn, in order, as one text: a text wrapped over lines reads whole, and
    a text cut with an ellipsis closes the marks it opened."""
    lines = []
    opened = 0  # marks opened on the lines so far and not closed yet
    for line in drawn:
        opened += line.text.count(OPEN) - line.text.count(CLOSE)
        if line.text.endswith(text.ELLIPSIS) and opened > 0:
            lines.append(line.text + CLOSE * opened)
            opened = 0
        else:
            lines.append(line.text)
    return " ".join(lines)


@pytest.mark.parametrize("name", IMAGES)
def test_every_word_drawn_goes_through_the_language(
        name: str, drawn: list[Drawn], speak: Callable[[Language], None]) -> None:
    speak(marked_language("pl"))
    draw_image(name, "pl")
    assert drawn, "the image draws no text: the watch missed it"
    value = (_tournaments(marked_language("pl"))[name] if name in TOURNAMENT
             else _sample(name))
    given = [*_given(value), *SEASON_NAMES, "GWENT", "MMR"]
    known = _name_words("pl") | {w for n in given for w in re.findall(r"[A-Za-z']+", n)}
    # a name's word, or its start (a name shortened or cut), is shown as it is
    left = [word for word in unmarked(shown(drawn), given)
            if not any(name_word.startswith(word) for name_word in known)]
    assert left == []


def test_the_watch_sees_english_left_untranslated(
        drawn: list[Drawn], speak: Callable[[Language], None]) -> None:
    speak(Language("pl", None))  # a language without a catalogue: the English shows
    draw_image("board_full", "pl")
    assert "ROUND" in unmarked(shown(drawn), ["Geralt", "Yennefer"])


# --- the longest texts fit ---------------------------------------------------------------


@cache
def _longest_translations() -> dict[str, str]:
    """Each message's longest translation among the catalogues (English where none)."""
    longest: dict[str, str] = {}
    for path in sorted(LOCALES_DIR.glob("*/LC_MESSAGES/gwent.po")):
        with path.open("rb") as po:
            for entry in read_po(po):
                ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
                said = entry.string if isinstance(entry.string, tuple) else (entry.string,)
                for source in ids:
                    for translation in said:
                        if translation and len(translation) > len(longest.get(source, "")):
                            longest[source] = translation
    return longest


def longest(message: str) -> str:
    """The message's longest translation, or the English when it is longer."""
    found = _longest_translations().get(message, "")
    return found if len(found) > len(message) else message


def widened(message: str) -> str:
    """The message 1.6 times as long: one very long word added (placeholders kept)."""
    return f"{message} {LONG_WORD[:max(6, round(len(message) * (WIDEN - 1)))]}"


@cache
def _writing(tag: str, write: Callable[[str], str]) -> Language:
    return language_writing(tag, write)


def check_fits(drawn: list[Drawn]) -> None:
    """Every line lies inside its image, across its width, and clear of the lines on the
    same level beside it."""
    assert drawn
    for line in drawn:
        x0, y0, x1, y1 = line.box
        width, height = line.size
        assert x0 >= -1 and x1 <= width + 1, f"{line.text!r} leaves the image: {line.box}"
        assert 0 <= (y0 + y1) / 2 <= height, f"{line.text!r} leaves the image: {line.box}"
    for i, a in enumerate(drawn):
        for b in drawn[i + 1:]:
            if not a.beside(b):
                continue
            level = min(a.box[3], b.box[3]) - max(a.box[1], b.box[1])
            if level <= min(a.box[3] - a.box[1], b.box[3] - b.box[1]) / 2:
                continue  # on different lines
            across = min(a.box[2], b.box[2]) - max(a.box[0], b.box[0])
            assert across <= 1, f"{a.text!r} {a.box} runs into {b.text!r} {b.box}"


@pytest.mark.parametrize("write", [longest, widened], ids=["longest", "widened"])
@pytest.mark.parametrize("name", IMAGES)
def test_the_longest_texts_stay_in_their_boxes(
        name: str, write: Callable[[str], str], drawn: list[Drawn],
        speak: Callable[[Language], None]) -> None:
    tag = "de" if write is longest else "ru"
    speak(_writing(tag, write))
    draw_image(name, tag)
    check_fits(drawn)


def test_a_widened_text_is_cut_rather_than_drawn_whole(
        drawn: list[Drawn], speak: Callable[[Language], None]) -> None:
    speak(_writing("de", widened))
    draw_image("board_mulligan", "de")
    assert any(line.text.endswith(text.ELLIPSIS) for line in drawn)
    assert not any(LONG_WORD[:30] in line.text for line in drawn)


# --- the longest card names fit ----------------------------------------------------------


@cache
def longest_names() -> dict[str, str]:
    """Each card's longest name across the languages (by its drawn width)."""
    fnt = font(SANS_BOLD, 15)
    return {card_id: max((card_name(card_id, tag) for tag in LANGUAGES),
                         key=lambda name: text.text_width(name, fnt))
            for card_id in catalogue().cards}


@pytest.mark.parametrize("size", [TOKEN, HAND_TOKEN, BOARD, HAND, BIG], ids=lambda s: s.name)
def test_the_longest_card_names_stay_on_their_faces(size: FaceSize,
                                                    drawn: list[Drawn]) -> None:
    cards = catalogue().cards
    names = longest_names()
    chosen = sorted(cards, key=lambda card_id: -len(names[card_id]))
    if size is BIG:
        chosen = chosen[:12]  # a big face is slow to draw: the longest names are enough
    for card_id in chosen:
        card = cards[card_id]
        key = faces.face_key(card_image.as_card_view(card))._replace(name=names[card_id])
        faces._face_art(key, size, True)
        if size in (TOKEN, HAND_TOKEN):
            faces._face_art(key, size, True, size.w // 2)  # half covered by the next card
    check_fits(drawn)
    for line in drawn:  # and inside the name's banner, not over the art or the badge
        assert line.box[0] >= 0 and line.box[2] <= line.size[0]


def test_the_longest_names_in_a_bar_and_the_weather_strip_fit(drawn: list[Drawn]) -> None:
    data = catalogue()
    names = longest_names()
    leaders = [c for c in data.cards.values() if c.type == "leader"]
    leader = max(leaders, key=lambda c: len(names[c.id]))
    weathers = sorted((c for c in data.cards.values() if c.type == "weather"),
                      key=lambda c: -len(names[c.id]))[:3]
    factions = max((faction_name(f, t) for f in data.factions for t in LANGUAGES), key=len)
    looks = board.public_board_looks(_sample("board_full"), "ru")
    bars = [look for look in looks if isinstance(look, board.BarLook)]
    middle = board.MiddleLook(tuple(("frost", names[c.id], False) for c in weathers), "ru")
    for bar in bars:
        bar._replace(leader=names[leader.id], faction_name=factions, passed=True,
                     you=True).draw()
    middle.draw()
    check_fits(drawn)

