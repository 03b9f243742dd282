"""Every learning message fits Discord's limits: every rules page, faction, leader and card,
help, autocomplete, the hand's Rules and the tutorial's hints; and Rules shows only what
its player may see."""

from __future__ import annotations

import random
import re
from typing import Any

import discord
import pytest

from bot.discord.client import GwentBot
from bot.discord.core.views import Outgoing
from bot.discord.learn import guides as learn
from bot.discord.learn.rules import rules_message, shared_message, turned
from bot.discord.match.hand import hand_message
from bot.i18n import ENGLISH, LANGUAGES
from bot.i18n import language as language_of
from bot.learn.cards import find_cards
from bot.learn.help import PAGES, page_label
from bot.learn.in_play import TEXT_MAX, abilities_in_view, rules_in_view
from bot.learn.rules import topics
from bot.learn.tutorial import next_hint
from bot.service import Snapshot
from engine import Match, Observation, catalogue, starter_decks
from engine.ai import RandomAgent
from engine.cards import LEADER
from engine.observation import CardView, RowView
from tests.bot.discord.test_views import check_limits, record

EN = language_of(ENGLISH)

CARDS = list(catalogue().cards.values())


def check_embeds(out: Outgoing) -> None:
    """Discord's embed limits: 10 embeds, 256-character titles, 4096-character
    descriptions, 6000 characters in all."""
    assert len(out.embeds) <= 10
    total = 0
    for embed in out.embeds:
        data: dict[str, Any] = embed.to_dict()
        assert len(data.get("title", "")) <= 256
        assert 0 < len(data.get("description", "")) <= 4096
        total += len(data.get("title", "")) + len(data.get("description", ""))
    assert total <= 6000


def test_every_rules_page_fits_and_the_buttons_walk_through_all_of_them() -> None:
    pages = [(t.key, p) for t in topics() for p in range(len(t.pages))]
    seen = []
    key, page = pages[0]
    for _ in pages:
        out = rules_message(key, page, lang=EN)
        check_limits(out)
        check_limits(shared_message(key, page, "A" * 32, lang=EN))
        seen.append((key, page))
        nxt = turned(key, page, "next", lang=EN)
        key, page = next((k, p) for k, p in pages
                         if rules_message(k, p, lang=EN).content == nxt.content)
    assert seen == pages
    last, first_page = pages[-1], pages[0]
    assert turned(*last, "next", lang=EN).content == rules_message(*last, lang=EN).content
    assert (turned(*first_page, "prev", lang=EN).content
            == rules_message(*first_page, lang=EN).content)
    first = rules_message(*pages[0], lang=EN).view
    assert first is not None
    labels = {getattr(b, "label", None): getattr(b, "disabled", None) for b in first.children}
    assert labels["Previous"] is True and labels["Next"] is False
    old = rules_message("basics", lang=EN)  # a topic of older messages
    assert old.content == rules_message("overview", lang=EN).content


@pytest.mark.parametrize("faction", list(catalogue().factions))
def test_every_faction_guide_fits(faction: str) -> None:
    out = learn.faction_message(faction, b"png", lang=EN)
    check_limits(out)
    for leader in catalogue().leaders(faction):
        assert leader.name in out.content
    assert [name for name, _ in out.files] == ["deck.png"]


def test_every_leader_card_and_autocomplete_fits() -> None:
    for card in CARDS:
        if card.type == LEADER:
            check_limits(learn.leader_message(card, b"png", lang=EN))
        others = find_cards(card.name)[1:]
        check_limits(learn.card_message(card, others, b"png", lang=EN))
        for typed in (card.name[:1], card.name[:3], card.name):
            offered = learn.choices(find_cards(typed))
            assert len(offered) <= 25
            assert all(1 <= len(c.name) <= 100 and len(c.value) <= 100 for c in offered)
    assert len(learn.choices(CARDS)) == 25
    for language in LANGUAGES:
        offered = [learn.choices(CARDS[start:start + 25], language)
                   for start in range(0, len(CARDS), 25)]
        assert all(1 <= len(c.name) <= 100 for page in offered for c in page), language


def test_a_suggestion_shows_the_english_name_only_when_it_differs_and_fits() -> None:
    assert learn.choice_name("Jaskier", "Dandelion") == "Jaskier (Dandelion)"
    assert learn.choice_name("Síle de Tansarville", "Sile de Tansarville") == (
        "Síle de Tansarville")
    assert learn.choice_name("Ves", "Ves") == "Ves"
    assert learn.choice_name("Ł" * 60, "L" * 40) == "Ł" * 60
    assert len(learn.choice_name("Ł" * 120, "L")) == 100
    offered = learn.choices([catalogue().card("emhyr_var_emreis_the_white_flame")], "pl")
    assert offered[0].name == ("Emhyr var Emreis: Biały Płomień Tańczący na Kurhanach Wrogów "
                               "(Emhyr var Emreis: The White Flame)")


def test_help_fits_a_phone_screen_and_its_pages_list_every_command() -> None:
    bot = GwentBot(":memory:")  # type: ignore[arg-type]
    tree = bot.tree
    gwent = next(c for c in tree.get_commands() if c.name == "gwent")
    assert isinstance(gwent, discord.app_commands.Group)
    names = [f"gwent {c.name}" for c in gwent.commands]
    commands = [(n, gwent.get_command(n.split()[1]).description)  # type: ignore[union-attr]
                for n in names]
    first = learn.help_message("start", commands, lang=EN)
    assert len(first.content) <= 800 and not first.embeds  # one phone screen
    for words in ("/gwent tutorial", "/gwent practice", "/gwent challenge", "Show my hand",
                  "/gwent rules"):
        assert words in first.content
    assert first.view is not None
    buttons = {b.label: b for b in first.view.children}  # type: ignore[attr-defined]
    assert set(buttons) == {page_label(page) for page in PAGES}
    # Every tab stays usable; the page shown is highlighted and pinned, the others plain.
    assert not any(b.disabled for b in buttons.values())
    assert buttons["Start"].style == discord.ButtonStyle.primary
    assert str(buttons["Start"].emoji) == "\U0001f4cd"
    assert all(b.style == discord.ButtonStyle.secondary and b.emoji is None
               for label, b in buttons.items() if label != "Start")
    for page in PAGES:
        out = learn.help_message(page.key, commands, lang=EN)
        check_limits(out)
        check_embeds(out)
        assert len(out.content) <= 800
        assert out.view is not None
        routed = {b.custom_id for b in out.view.children}  # type: ignore[attr-defined]
        assert routed == {f"gw:help:{p.key}" for p in PAGES}
    listed = learn.help_message("commands", commands, lang=EN).embeds[0].description or ""
    for name in names:
        assert f"`/{name}`" in listed
    words = " ".join(p.text for p in PAGES)
    for said in ("hands_by_dm", "stuck", "Keep this hand", "/gwent forfeit", "Refresh"):
        assert said in words
    assert learn.help_message("gone", commands, lang=EN).content == first.content  # old buttons
    crowded = learn.help_message("commands", [(f"gwent command{i:02d}", "d" * 100)
                                              for i in range(25)], lang=EN)
    check_limits(crowded)
    check_embeds(crowded)


def observations(seed: int) -> list[Observation]:
    """Each player's view at every step of a random match between two starter decks."""
    rng = random.Random(seed)
    decks = starter_decks()
    factions = list(decks)
    match = Match.new((decks[rng.choice(factions)], decks[rng.choice(factions)]), seed)
    agents = (RandomAgent(seed), RandomAgent(seed + 1))
    out = []
    while not match.is_over:
        seat = match.to_act()[0]
        out.append(match.observation(seat))
        match.apply(agents[seat].choose(match.observation(seat)))
    return out


def _visible_names(obs: Observation) -> set[str]:
    assert obs.viewer is not None
    names = {v.name for v in obs.sides[obs.viewer].hand or ()} | {v.name for v in obs.weather}
    names |= {s.leader.name for s in obs.sides}
    for side in obs.sides:
        for row in side.rows:
            names |= {v.name for v in row.cards}
            names |= {v.name for v in (row.horn, row.mardroeme) if v is not None}
    return names


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_rules_in_play_fit_and_name_only_visible_cards(seed: int) -> None:
    all_names = {c.name for c in CARDS}
    for obs in observations(seed):
        short = learn.rules_in_play_message(7, obs, lang=EN)
        full = learn.rules_in_play_message(7, obs, full=True, lang=EN)
        for out in (short, full):
            check_limits(out)
            check_embeds(out)
        lines = card_lines(short.embeds[0].description or "")
        assert lines <= all_names and lines <= _visible_names(obs), lines - _visible_names(obs)
        with_text = {v.name for v in _seen_cards(obs) if catalogue().cards[v.card_id].text}
        assert lines == with_text  # one line per card with an ability
        text = full.embeds[0].description or ""
        named = set()
        for paragraph in text.split("\n\n"):
            where = re.match(r"\*\*[^*]+\*\* \((in your hand|on the board)(.*?)\): ",
                             paragraph)
            if where is not None:
                listed = re.sub(r"(in your hand|on the board): |; | and \d+ more", ",",
                                where.group(1) + where.group(2))
                named |= {n.strip() for n in listed.split(",") if n.strip()}
        assert named and named <= all_names, named - all_names
        assert named <= _visible_names(obs), named - _visible_names(obs)
        assert len(re.findall(r"^\*\*", text, re.M)) == len(abilities_in_view(obs)) + 2
        buttons = {b.label: b.custom_id for b in short.view.children}  # type: ignore[union-attr]
        assert buttons == {"More": "gw:hrules:7:more"}
        buttons = {b.label: b.custom_id for b in full.view.children}  # type: ignore[union-attr]
        assert buttons == {"Less": "gw:hrules:7:short"}
        # Each hint runs a search: one view in eight is enough to check that it fits.
        hint = next_hint(obs, ()) if obs.action_count % 8 == 0 else None
        snapshot = Snapshot(record(), obs, ())
        check_limits(hand_message(snapshot, b"png", hint.text if hint else None, lang=EN))


def card_lines(text: str) -> set[str]:
    """The card names listed at the start of Rules' lines ("**A**, **B**: rules")."""
    names: set[str] = set()
    for head in re.findall(r"^((?:\*\*[^*]+\*\*(?:, )?)+): ", text, re.M):
        names |= set(re.findall(r"\*\*([^*]+)\*\*", head))
    return {n for n in names if not n.startswith(("Your leader", "Their leader"))}


def _seen_cards(obs: Observation) -> list[CardView]:
    assert obs.viewer is not None
    cards = list(obs.sides[obs.viewer].hand or ()) + list(obs.weather)
    for side in obs.sides:
        for row in side.rows:
            cards += [*row.cards, *(c for c in (row.horn, row.mardroeme) if c is not None)]
    return cards


def test_rules_in_play_with_every_ability_at_once_still_fits() -> None:
    views = [CardView(i, c.id, c.name, c.type, c.faction, c.strength if c.is_unit else None,
                      c.strength if c.is_unit else None, c.hero, c.rows,
                      tuple(sorted(c.abilities)))
             for i, c in enumerate(CARDS) if c.type != LEADER]
    base = observations(4)[-1]
    row = RowView(tuple(views), 0, None, False, False, None, False)
    me = base.sides[base.viewer or 0]
    sides = [s.__class__(**{**{f: getattr(s, f) for f in s.__slots__},
                             "rows": (row, row, row),
                             "hand": tuple(views) if s is me else None})
             for s in base.sides]
    obs = Observation(**{**{f: getattr(base, f) for f in base.__slots__},
                         "sides": (sides[0], sides[1])})
    text = rules_in_view(obs)
    assert len(text) <= TEXT_MAX
    assert set(abilities_in_view(obs)) >= set(catalogue().abilities)
