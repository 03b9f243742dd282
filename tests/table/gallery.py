"""Every state of the table in pictures, at a phone's size (360x640) and a desktop's
(1280x720), in any of the bot's languages, to look at before changing how the page looks.

    python -m tests.table.gallery --out /tmp/gallery [--langs en,pl,ru,de,zh-CN]
                                  [--sizes phone,desktop] [--scenes lobby,medic,...]

Each picture is the built page (table/dist) served from the browser itself with matches the
computer played against itself (recorded.py), so the same states come in every language:
the splash and a refused sign-in, the lobby, who goes first, the redraw, a turn, a chosen
card with its rows lit, Medic's choice, Decoy's targets, the leader, a card's text,
weather on both sides, horns, a passed player, a round's end and its broken gem, the
result, a spectator, a watch link, a refusal, a lost connection, the tutorial's hint and
the menu. Chinese needs a CJK font (Debian's fonts-noto-cjk), as phones have their own.
Pictures go to OUT/<scene>-<lang>-<size>.png.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, ViewportSize, sync_playwright

from bot.i18n import Language, language
from engine.pending import MEDIC
from tests.table.browser import ARGS, CHROMIUM
from tests.table.fixture_table import FixtureTable
from tests.table.recorded import Recorded, lobby, record

SIZES: dict[str, ViewportSize] = {"phone": {"width": 360, "height": 640},
                                  "desktop": {"width": 1280, "height": 720}}
LANGS = ("en", "pl", "ru", "de", "zh-CN")
# Scoia'tael decides who goes first; the other match holds Medic, Decoy, weather on both
# sides, horns, a pass and a lost round (found by trying seeds).
FIRST = (("scoiatael", "monsters"), 7)
RICH = (("skellige", "monsters"), 0)
# Waits until every portrait has loaded, the names' face is here and nothing moves.
SETTLED = """() => document.fonts.status === "loaded"
  && [...document.images].every((i) => i.complete)
  && !document.getAnimations().some((a) => a.effect.getTiming().iterations !== Infinity
                                     && a.playState === "running")"""


@dataclass
class Matches:
    """The recorded matches of one language."""

    lang: Language

    @cached_property
    def first(self) -> Recorded:
        """Scoia'tael's match, seat 0's frames."""
        return record(*FIRST, self.lang)

    @cached_property
    def rich(self) -> Recorded:
        """The other match, seat 0's frames."""
        return record(*RICH, self.lang)

    @cached_property
    def hinted(self) -> Recorded:
        """The other match, seat 0's frames, with the tutorial's hints."""
        return record(*RICH, self.lang, hints=True)

    @cached_property
    def watched(self) -> Recorded:
        """The other match as a spectator sees it."""
        return record(*RICH, self.lang, seat=None)


@dataclass
class Shot:
    """One scene's page, its size and its language's matches."""

    page: Page
    size: str
    matches: Matches

    def table(self, recorded: Recorded, index: int, **options: Any) -> FixtureTable:
        """Open the page on state `index` of a recorded match."""
        table = FixtureTable(self.page, start=index, data=recorded.data(), **options)
        table.open(f"?channel_id=5&guild_id=4&user_id=1&code=c&locale={self.matches.lang.tag}")
        return table

    def tap(self, selector: str) -> None:
        """Tap (phone) or click (desktop) what `selector` finds."""
        locator = self.page.locator(selector).first
        if self.size == "phone":
            locator.tap()
        else:
            locator.click()

    def press(self, selector: str) -> None:
        """Long-press (phone) or hover (desktop) a card, for its text."""
        if self.size == "phone":
            self.page.dispatch_event(selector, "pointerdown",
                                     {"pointerType": "touch", "isPrimary": True})
        else:
            self.page.locator(selector).first.hover()
        self.page.wait_for_selector(".peek:not([hidden])")


def _play_turn(obs: Any) -> bool:
    return obs.turn == 0 and obs.phase == "playing" and obs.viewer == 0 and bool(obs.legal)


def splash(shot: Shot) -> None:
    """A sign-in Discord refused, said in the page's language."""
    FixtureTable(shot.page, refuse="unauthorized")
    shot.page.goto(f"http://table.test/?code=c&channel_id=5&locale={shot.matches.lang.tag}")
    shot.page.wait_for_selector(".splash.failed")


def choosing(shot: Shot) -> None:
    """The lobby: decks are chosen in chat; the other player is ready."""
    first = shot.matches.first
    data = {"welcome": first.welcome | {"cards": {}},
            "states": [lobby(FIRST[0], shot.matches.lang, (False, True))]}
    FixtureTable(shot.page, data=data).open(
        f"?channel_id=5&guild_id=4&user_id=1&code=c&locale={shot.matches.lang.tag}")


def first(shot: Shot) -> None:
    """Scoia'tael decides who goes first."""
    shot.table(shot.matches.first, 0)
    shot.page.wait_for_selector(".sheet[data-name='first']")


def redraw(shot: Shot) -> None:
    """The redraw, the whole hand to choose from."""
    shot.table(shot.matches.first, shot.matches.first.first(lambda o: o.phase == "mulligan"))
    shot.page.wait_for_selector(".sheet[data-name='redraw']")


def turn(shot: Shot) -> None:
    """A turn with a full hand."""
    shot.table(shot.matches.rich, shot.matches.rich.first(_play_turn))


def chosen(shot: Shot) -> None:
    """A card chosen, its rows lit with what each adds."""
    recorded = shot.matches.first
    index = recorded.first(lambda o: _play_turn(o) and o.round == 1 and any(
        len(o.sides[0].rows[r].cards) for r in range(3)) and any(
        len(o.sides[1].rows[r].cards) for r in range(3)) and _agile(o))
    shot.table(recorded, index)
    uid = _agile(recorded.observations[index])
    shot.page.wait_for_function(SETTLED)
    shot.tap(f".hand .card[data-uid='{uid}']")
    shot.page.wait_for_selector(".row.lit")


def _agile(obs: Any) -> int | None:
    """A card in the hand with a choice of rows."""
    rows: dict[int, int] = {}
    for action in obs.legal:
        text = str(action).split(" ")
        if text[1] == "play" and len(text) == 4 and text[3] in ("close", "ranged", "siege"):
            rows[int(text[2])] = rows.get(int(text[2]), 0) + 1
    return next((uid for uid, count in rows.items() if count > 1), None)


def medic(shot: Shot) -> None:
    """Medic's choice from the discard pile."""
    recorded = shot.matches.rich
    shot.table(recorded, recorded.first(lambda o: o.pending is not None
                                        and o.pending.kind == MEDIC and o.pending.player == 0))
    shot.page.wait_for_selector(".sheet[data-name='choice']")


def decoy(shot: Shot) -> None:
    """Decoy chosen: the units it may take back are lit."""
    recorded = shot.matches.rich
    index = recorded.first(lambda o: _play_turn(o) and any(" on " in str(a) for a in o.legal))
    shot.table(recorded, index)
    action = next(str(a) for a in recorded.observations[index].legal if " on " in str(a))
    shot.page.wait_for_function(SETTLED)
    shot.tap(f".hand .card[data-uid='{action.split(' ')[2]}']")
    shot.page.wait_for_selector(".card.target")


def leader(shot: Shot) -> None:
    """The leader's sheet with its ability."""
    shot.table(shot.matches.rich, shot.matches.rich.first(_play_turn))
    shot.tap(".side.me .leader")
    shot.page.wait_for_selector(".sheet[data-name='leader']")


def card_text(shot: Shot) -> None:
    """A card's text, on a long-press (phone) or hover (desktop)."""
    shot.table(shot.matches.rich, shot.matches.rich.first(
        lambda o: _play_turn(o) and any(r.cards for r in o.sides[1].rows)))
    shot.page.wait_for_function(SETTLED)
    shot.press(".rows.opp .lane .card >> nth=0")


def weather(shot: Shot) -> None:
    """Weather on both sides' rows."""
    shot.table(shot.matches.rich, shot.matches.rich.first(
        lambda o: any(r.weather for r in o.sides[0].rows)
        and any(r.weather for r in o.sides[1].rows)))


def horn(shot: Shot) -> None:
    """A horned row."""
    shot.table(shot.matches.rich, shot.matches.rich.first(
        lambda o: any(r.horned for s in o.sides for r in s.rows)))


def passed(shot: Shot) -> None:
    """The opponent has passed; the viewer plays on."""
    shot.table(shot.matches.rich, shot.matches.rich.first(
        lambda o: o.sides[1].passed and _play_turn(o)))


def round_end(shot: Shot) -> None:
    """A round ends: the cards leave, a gem breaks, the next round's banner."""
    recorded = shot.matches.rich
    index = recorded.first(lambda o: o.round == 2)
    table = shot.table(recorded, index - 1)
    shot.page.wait_for_function(SETTLED)
    table.step()
    shot.page.wait_for_timeout(450)


def result(shot: Shot) -> None:
    """The match's result."""
    recorded = shot.matches.first
    shot.table(recorded, len(recorded.states) - 1)
    shot.page.wait_for_selector(".sheet[data-name='result']")


def spectator(shot: Shot) -> None:
    """Someone in the channel watching: no hand."""
    recorded = shot.matches.watched
    shot.table(recorded, recorded.first(lambda o: o.round == 1 and sum(
        len(r.cards) for s in o.sides for r in s.rows) >= 6))


def watch(shot: Shot) -> None:
    """A watch link's table."""
    recorded = shot.matches.watched
    index = recorded.first(lambda o: o.round == 2 and sum(
        len(r.cards) for s in o.sides for r in s.rows) >= 4)
    data = recorded.data()
    data["welcome"] = data["welcome"] | {"watch": True}
    FixtureTable(shot.page, start=index, data=data).open(
        f"?locale={shot.matches.lang.tag}", path="/watch/abc")


def refusal(shot: Shot) -> None:
    """A refused move, said at the top."""
    table = shot.table(shot.matches.rich, shot.matches.rich.first(_play_turn))
    texts = shot.matches.lang
    table.send({"t": "error", "code": "stale", "id": None,
                "message": texts._("The table was behind the match: nothing was played. It "
                                   "now shows the match as it is.")})
    shot.page.wait_for_selector(".toast.on")


def reconnecting(shot: Shot) -> None:
    """The connection is lost: the page says it reconnects."""
    table = shot.table(shot.matches.rich, shot.matches.rich.first(_play_turn))
    table.drop()
    shot.page.wait_for_selector(".conn.on")


def hint(shot: Shot) -> None:
    """The tutorial's hint, pointing at its card."""
    recorded = shot.matches.hinted
    shot.table(recorded, next(i for i, s in enumerate(recorded.states)
                              if s["hint"] and s["hint"]["uids"]))
    shot.page.wait_for_selector(".hintbox:not([hidden])")


def menu(shot: Shot) -> None:
    """The menu: the log (on a phone) and Forfeit."""
    shot.table(shot.matches.rich, shot.matches.rich.first(
        lambda o: _play_turn(o) and o.round == 2))
    shot.tap(".act.menu")
    shot.page.wait_for_selector(".sheet[data-name='menu']")


SCENES: dict[str, Callable[[Shot], None]] = {
    f.__name__: f for f in (splash, choosing, first, redraw, turn, chosen, medic, decoy,
                            leader, card_text, weather, horn, passed, round_end, result,
                            spectator, watch, refusal, reconnecting, hint, menu)}


def shoot(out: Path, langs: list[str], sizes: list[str], scenes: list[str]) -> list[Path]:
    """Take every picture asked for; return their paths."""
    out.mkdir(parents=True, exist_ok=True)
    taken = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            for tag in langs:
                matches = Matches(language(tag))
                for size in sizes:
                    for name in scenes:
                        phone = size == "phone"
                        context = browser.new_context(viewport=SIZES[size], has_touch=phone,
                                                      is_mobile=phone, device_scale_factor=1)
                        page = context.new_page()
                        SCENES[name](Shot(page, size, matches))
                        if name != "round_end":
                            page.wait_for_function(SETTLED)
                        path = out / f"{name}-{tag}-{size}.png"
                        page.screenshot(path=str(path))
                        taken.append(path)
                        context.close()
        finally:
            browser.close()
    return taken


def main() -> None:
    """Parse the command line and take the pictures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--langs", default=",".join(LANGS))
    parser.add_argument("--sizes", default=",".join(SIZES))
    parser.add_argument("--scenes", default=",".join(SCENES))
    args = parser.parse_args()
    started = time.monotonic()
    paths = shoot(args.out, args.langs.split(","), args.sizes.split(","),
                  args.scenes.split(","))
    print(f"{len(paths)} pictures in {args.out} ({time.monotonic() - started:.0f} s)")


if __name__ == "__main__":
    main()

