"""The final result: the winner (or a draw, or a forfeit) and every round's scores."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from bot.learn.glossary import score
from bot.render.disk_cache import on_disk
from bot.render.encode import to_png
from bot.render.fonts import SANS_BOLD, SERIF_BOLD, font
from bot.render.icons import icon
from bot.render.text import draw_text, fit_text, sanitize_name, text_width
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


def headline(obs: Observation) -> tuple[str, str]:
    """The title and subtitle: who won, or that it was a draw, and how."""
    names = [sanitize_name(s.name, fallback=f"Player {s.player + 1}") for s in obs.sides]
    won = [sum(1 for r in obs.rounds if r.winner == p) for p in (0, 1)]
    if obs.phase != "over":
        return "Match in progress", f"Round {obs.round}"
    if obs.forfeited_by is not None:
        quitter = names[obs.forfeited_by]
        if obs.winner is None:
            return "No winner", f"{quitter} forfeited"
        return f"{names[obs.winner]} wins", f"{quitter} forfeited the match"
    if obs.winner is None:
        return "Draw", f"Rounds won {score(won[0], won[1])}"
    return f"{names[obs.winner]} wins", f"Rounds won {score(won[obs.winner], won[1 - obs.winner])}"


def result_image(obs: Observation) -> Image.Image:
    """Draw the result of a match (any viewer's observation) as an RGB image."""
    img = _background().copy()
    draw = ImageDraw.Draw(img)
    title, subtitle = headline(obs)
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
        draw.text((cx, 200), f"Round {i + 1}", font=head_font, fill=GOLD, anchor="mm")
    if not rounds:
        draw.text(
            (ROUND_X0 + ROUND_W, 200),
            "No round finished",
            font=head_font,
            fill=TEXT_MUTED,
            anchor="mm",
        )

    name_font = font(SANS_BOLD, 34)
    score_font = font(SERIF_BOLD, 46)
    for side, y in zip(obs.sides, ROW_Y, strict=True):
        p = side.player
        pal = palette(side.faction)
        draw.rounded_rectangle(
            (30, y, 44, y + ROW_H - 1), radius=6, fill=mix(pal.frame, pal.accent, 0.35)
        )
        name = sanitize_name(side.name, fallback=f"Player {p + 1}")
        winner = obs.phase == "over" and obs.winner == p
        colour = GOLD_LIGHT if winner else TEXT
        x = 62
        if winner:
            mark = icon("crown", 34, GOLD_LIGHT)
            img.paste(mark, (x, y + 16), mark)
            x += 44
        draw_text(draw, (x, y + 34), fit_text(name, name_font, NAME_X1 - x), name_font, colour,
                  anchor="lm")
        faction, faction_colour = side.faction_name, TEXT_MUTED
        if obs.forfeited_by == p:
            faction, faction_colour = "Forfeited", (235, 110, 90)
        draw.text(
            (62, y + 76),
            fit_text(faction, font(SANS_BOLD, 22), NAME_X1 - 62 - 76),
            font=font(SANS_BOLD, 22),
            fill=faction_colour,
            anchor="lm",
        )
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
            draw.text(
                (cx, y + ROW_H // 2 + 2), str(r.scores[p]), font=score_font, fill=fill, anchor="mm"
            )
    footer = (
        "A drawn round costs both players a gem." if any(r.winner is None for r in rounds) else ""
    )
    if footer:
        draw.text((W / 2, H - 24), footer, font=font(SANS_BOLD, 20), fill=TEXT_MUTED, anchor="mm")
    return img


def render_result(obs: Observation) -> bytes:
    """The final result image as PNG bytes."""
    return to_png(result_image(obs))


__all__ = ["headline", "render_result", "result_image"]
