"""The final result: the winner (or a draw, or a forfeit) and every round's scores."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from bot.i18n import ENGLISH, language
from bot.learn.glossary import score
from bot.render.disk_cache import on_disk
from bot.render.encode import to_png
from bot.render.fonts import SANS_BOLD, SERIF_BOLD, font
from bot.render.icons import icon
from bot.render.text import draw_text, fit_text, text_width
from bot.render.texture import wood
from bot.render.theme import (
    GEM_OFF,
    GEM_ON,
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    PANEL,
    TEXT,
    TEXT_MUTED,
    mix,
    palette,
)
from bot.render.words import faction_label, player_name
from engine.observation import Observation

W, H = 1000, 500
TITLE_H = 150
NAME_X0, NAME_X1 = 40, 470
ROUND_X0 = 480
ROUND_W = 150
ROW_Y = (226, 342)
ROW_H = 104


@cache
@on_disk("result")
def _background() -> Image.Image:
    img = wood(W, H, seed=5)
    d = ImageDraw.Draw(img)
    bar = Image.new("RGBA", (W, TITLE_H), (10, 7, 5, 210))
    img.paste(bar, (0, 0), bar)
    d.line((0, TITLE_H - 1, W, TITLE_H - 1), fill=GOLD_DARK, width=2)
    for y in ROW_Y:
        panel = Image.new("RGBA", (W - 60, ROW_H), (*PANEL, 230))
        img.paste(panel, (30, y), panel)
        d.rounded_rectangle((30, y, W - 31, y + ROW_H - 1), radius=10, outline=GOLD_DARK, width=2)
    return img


def headline(obs: Observation, tag: str = ENGLISH) -> tuple[str, str]:
    """The title and subtitle, in the language tag: who won, or that it was a draw, and
    how."""
    lang = language(tag)
    names = [player_name(s.name, s.player, lang) for s in obs.sides]
    won = [sum(1 for r in obs.rounds if r.winner == p) for p in (0, 1)]
    # i18n: the result image's title (large, one line) and subtitle (one line)
    if obs.phase != "over":
        return lang._("Match in progress"), lang._("Round {number}", number=obs.round)
    if obs.forfeited_by is not None:
        quitter = names[obs.forfeited_by]
        if obs.winner is None:
            return lang._("No winner"), lang._("{name} forfeited", name=quitter)
        return (lang._("{name} wins", name=names[obs.winner]),
                lang._("{name} forfeited the match", name=quitter))
    if obs.winner is None:
        return lang._("Draw"), lang._("Rounds won {score}", score=score(won[0], won[1], lang))
    return (lang._("{name} wins", name=names[obs.winner]),
            lang._("Rounds won {score}",
                   score=score(won[obs.winner], won[1 - obs.winner], lang)))


def result_image(obs: Observation, tag: str = ENGLISH) -> Image.Image:
    """Draw the result of a match (any viewer's observation) as an RGB image, in the
    language tag."""
    lang = language(tag)
    img = _background().copy()
    draw = ImageDraw.Draw(img)
    title, subtitle = headline(obs, tag)
    title_font = font(SERIF_BOLD, 56)
    crown = obs.phase == "over" and obs.winner is not None
    room = W - 80 - (70 if crown else 0)
    title = fit_text(title, title_font, room)
    tw = text_width(title, title_font) + (70 if crown else 0)
    tx = (W - tw) / 2
    if crown:
        mark = icon("crown", 56, GOLD_LIGHT)
        img.paste(mark, (round(tx), 24), mark)
        tx += 70
    draw_text(draw, (tx, 54), title, title_font, GOLD_LIGHT, anchor="lm")
    sub_font = font(SANS_BOLD, 28)
    draw_text(draw, (W / 2, 116), fit_text(subtitle, sub_font, W - 80), sub_font, TEXT_MUTED,
              anchor="mm")

    # column headings
    head_font = font(SANS_BOLD, 24)
    rounds = obs.rounds[:3]
    for i in range(max(len(rounds), 1) if rounds else 0):
        cx = ROUND_X0 + i * ROUND_W + ROUND_W // 2
        # i18n: a column's heading on the result image (about 12 characters)
        heading = fit_text(lang._("Round {number}", number=i + 1), head_font, ROUND_W - 8)
        draw_text(draw, (cx, 200), heading, head_font, GOLD, anchor="mm")
    if not rounds:
        draw_text(draw, (ROUND_X0 + ROUND_W, 200),
                  fit_text(lang._("No round finished"), head_font, W - ROUND_X0 - 30),
                  head_font, TEXT_MUTED, anchor="mm")

    name_font = font(SANS_BOLD, 34)
    score_font = font(SERIF_BOLD, 46)
    for side, y in zip(obs.sides, ROW_Y, strict=True):
        p = side.player
        pal = palette(side.faction)
        draw.rounded_rectangle(
            (30, y, 44, y + ROW_H - 1), radius=6, fill=mix(pal.frame, pal.accent, 0.35)
        )
        name = player_name(side.name, p, lang)
        winner = obs.phase == "over" and obs.winner == p
        colour = GOLD_LIGHT if winner else TEXT
        x = 62
        if winner:
            mark = icon("crown", 34, GOLD_LIGHT)
            img.paste(mark, (x, y + 16), mark)
            x += 44
        draw_text(draw, (x, y + 34), fit_text(name, name_font, NAME_X1 - x), name_font, colour,
                  anchor="lm")
        faction, faction_colour = faction_label(side.faction, tag), TEXT_MUTED
        if obs.forfeited_by == p:
            # i18n: under the name of the player who forfeited, on the result image
            faction, faction_colour = lang._("Forfeited"), (235, 110, 90)
        small = font(SANS_BOLD, 22)
        draw_text(draw, (62, y + 76), fit_text(faction, small, NAME_X1 - 62 - 76), small,
                  faction_colour, anchor="lm")
        for g in range(2):
            gem = icon("gem", 26, GEM_ON if g < side.gems else GEM_OFF)
            img.paste(gem, (NAME_X1 - 60 + g * 30, y + 62), gem)
        for i, r in enumerate(rounds):
            cx = ROUND_X0 + i * ROUND_W + ROUND_W // 2
            won = r.winner == p
            if won:
                draw.rounded_rectangle(
                    (cx - 58, y + 12, cx + 58, y + ROW_H - 12),
                    radius=10,
                    fill=mix(PANEL, GOLD, 0.25),
                    outline=GOLD,
                    width=2,
                )
            fill = GOLD_LIGHT if won else (TEXT if r.winner is None else TEXT_MUTED)
            draw_text(draw, (cx, y + ROW_H // 2 + 2), lang.number(r.scores[p]), score_font, fill,
                      anchor="mm")
    if any(r.winner is None for r in rounds):
        foot = font(SANS_BOLD, 20)
        # i18n: the foot of the result image (one line, about 60 characters)
        footer = fit_text(lang._("A drawn round costs both players a gem."), foot, W - 40)
        draw_text(draw, (W / 2, H - 24), footer, foot, TEXT_MUTED, anchor="mm")
    return img


def render_result(obs: Observation, tag: str = ENGLISH) -> bytes:
    """The final result image as PNG bytes, in the language tag."""
    return to_png(result_image(obs, tag))


__all__ = ["headline", "render_result", "result_image"]
