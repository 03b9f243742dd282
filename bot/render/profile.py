"""A member's profile card: rank emblem, faction MMR bars, records and the last 10 matches."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from bot.i18n import ENGLISH, N_, Language, language
from bot.learn.glossary import record, score
from bot.ranking.match import Record
from bot.ranking.ranks import PIECES, PRO, rank_label
from bot.ranking.rating import MMR_CAP, PROVISIONAL_GAMES
from bot.ranking.views import ABANDONED, MatchLine, Profile
from bot.render.emblem import rank_emblem
from bot.render.encode import to_png
from bot.render.fonts import SANS, SANS_BOLD, SERIF_BOLD, font
from bot.render.icons import icon
from bot.render.text import draw_text, fit_font, fit_text, sanitize_name, text_width
from bot.render.texture import headed_wood, panel
from bot.render.theme import (
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    LANE,
    TEXT,
    TEXT_MUTED,
    palette,
)
from bot.render.words import faction_label

W = 720
HEAD_H = 220
FACTION_Y, FACTION_H = 256, 62
RECORD_Y = FACTION_Y + 5 * FACTION_H + 16
MATCHES_Y = RECORD_Y + 170
MATCH_H = 48
OUTCOME_COLOURS = {"win": (84, 170, 92), "loss": (196, 78, 66), "draw": (128, 118, 104),
                   ABANDONED: (74, 70, 66)}
ENDINGS = {"forfeit": N_("forfeit"), "timeout": N_("timeout")}
# i18n: the computer's difficulty, in "Computer (easy)" on the profile card
LEVELS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}
GAIN, LOSS_COLOUR = (120, 220, 120), (255, 120, 104)
FOOT_H = 44
# i18n: a match's outcome in one letter on the profile card (W: win, L: loss, D: draw,
# A: abandoned)
OUTCOME_LABELS = {"win": N_("W"), "loss": N_("L"), "draw": N_("D"), ABANDONED: N_("A")}
# i18n: the profile card's record boxes' labels (a box is about 150 px wide)
RECORD_LABELS = (N_("Ranked"), N_("Casual"), N_("Practice"), N_("Rounds won"))


def _height(matches: int) -> int:
    return MATCHES_Y + 34 + max(matches, 1) * MATCH_H + 24 + FOOT_H


@cache
def _background(matches: int) -> Image.Image:
    return headed_wood(W, _height(matches), seed=13, bar_h=HEAD_H)


def profile_image(profile: Profile, tag: str = ENGLISH) -> Image.Image:
    """Draw a profile card as an RGB image, in the language tag."""
    lang = language(tag)
    img = _background(len(profile.recent)).copy()
    draw = ImageDraw.Draw(img)
    _header(img, draw, profile, lang)
    # i18n: a heading of the profile card; {season} is the ranked season's name
    _title(draw, FACTION_Y - 18, lang._("Faction MMR \u00b7 {season}",
                                        season=lang._(profile.season.name)))
    for i, line in enumerate(profile.factions[:5]):
        y = FACTION_Y + i * FACTION_H
        played = line.record.games > 0
        mark = icon(f"emblem_{line.faction}", 40, palette(line.faction).accent)
        img.paste(mark, (28, y + 10), mark)
        title = faction_label(line.faction, tag)
        title_font = fit_font(title, SANS_BOLD, 24, 240, 18)
        draw_text(draw, (84, y + 18), fit_text(title, title_font, 240), title_font,
                  TEXT if played else TEXT_MUTED, anchor="lm")
        rec = line.record
        # i18n: under a faction's name on the profile card; {record} is like "3W 1L 0D"
        detail = (lang._("{games} \u00b7 {record}",
                         games=lang.ngettext("{count} game", "{count} games", rec.games),
                         record=record(rec.wins, rec.losses, rec.draws, lang))
                  if played else lang._("not played"))
        detail_font = font(SANS, 20)
        draw_text(draw, (84, y + 46), fit_text(detail, detail_font, 240), detail_font,
                  TEXT_MUTED, anchor="lm")
        x0, x1, by = 336, 596, y + 20
        draw.rounded_rectangle((x0, by, x1, by + 20), radius=10, fill=LANE, outline=GOLD_DARK)
        if played:
            share = min(line.mmr / MMR_CAP, 1.0)
            draw.rounded_rectangle((x0, by, x0 + max(20, round((x1 - x0) * share)), by + 20),
                                   radius=10, fill=palette(line.faction).accent)
            # i18n: under a faction's MMR bar on the profile card; {share} is a percentage
            counts = lang._("{share} in ladder score", share=lang.percent(line.ramp))
            if line.provisional:
                counts = lang._("provisional \u00b7 {counts}", counts=counts)
            counts_font = font(SANS, 18)
            draw_text(draw, (x0, by + 36), fit_text(counts, counts_font, W - 28 - x0),
                      counts_font, TEXT_MUTED, anchor="lm")
        draw_text(draw, (W - 28, y + 30), str(line.mmr) if played else "\u2013",
                  font(SERIF_BOLD, 30), TEXT if played else TEXT_MUTED, anchor="rm")
    _records(img, draw, profile, lang)
    # i18n: a heading of the profile card
    _title(draw, MATCHES_Y, lang._("Last matches"))
    for i, match in enumerate(profile.recent):
        _match(img, draw, MATCHES_Y + 22 + i * MATCH_H, match, lang)
    # i18n: the foot of the profile card (one line, about 75 characters); /gwent rules ranked
    # is a command: write it with your language's names of the command (the topic may go)
    foot = lang._("Faction MMR: {start} to start, provisional for {games} games \u00b7 "
                  "/gwent rules ranked", start=lang.number(1200, grouping=False),
                  games=PROVISIONAL_GAMES)
    foot_font = font(SANS, 20)
    draw_text(draw, (W / 2, img.height - FOOT_H / 2 - 4), fit_text(foot, foot_font, W - 40),
              foot_font, TEXT_MUTED, anchor="mm")
    return img


def _title(draw: ImageDraw.ImageDraw, y: int, text: str) -> None:
    title_font = font(SANS_BOLD, 24)
    draw_text(draw, (28, y), fit_text(text, title_font, W - 56), title_font, GOLD, anchor="lm")


def _header(img: Image.Image, draw: ImageDraw.ImageDraw, profile: Profile,
            lang: Language) -> None:
    emblem = rank_emblem(profile.rank, profile.pieces, 172)
    img.paste(emblem, (24, 24), emblem)
    x, room = 220, W - 220 - 24
    # i18n: a player without a usable name
    name = sanitize_name(profile.name, fallback=lang._("Player"))
    name_font = fit_font(name, SANS_BOLD, 38, room, 26)
    draw_text(draw, (x, 46), fit_text(name, name_font, room), name_font, TEXT, anchor="lm")
    season_font = font(SANS, 22)
    draw_text(draw, (x, 88), fit_text(profile.season.title(lang), season_font, room),
              season_font, TEXT_MUTED, anchor="lm")
    rank = rank_label(profile.rank, lang)
    if profile.rank != PRO:
        # i18n: a rank and the pieces of the next rank earned, on the profile card
        rank = lang._("{rank} \u00b7 {pieces} of {total} pieces", rank=rank,
                      pieces=profile.pieces, total=PIECES)
    rank_font = font(SERIF_BOLD, 30)
    draw_text(draw, (x, 130), fit_text(rank, rank_font, room), rank_font, GOLD_LIGHT,
              anchor="lm")
    # i18n: the member's place on the season's ladder, on the profile card
    if profile.played_season and profile.position is not None:
        ladder = lang._("#{position} of {size} \u00b7 ladder score {score}",
                        position=profile.position, size=profile.ladder_size,
                        score=profile.score)
    else:
        ladder = lang._("Not on this season's ladder yet")
    ladder_font = font(SANS_BOLD, 22)
    draw_text(draw, (x, 174), fit_text(ladder, ladder_font, room), ladder_font, TEXT,
              anchor="lm")


def _records(img: Image.Image, draw: ImageDraw.ImageDraw, profile: Profile,
             lang: Language) -> None:
    rate = profile.round_win_rate
    values = (_wld(profile.ranked, lang), _wld(profile.casual, lang),
              _wld(profile.practice, lang), "\u2013" if rate is None else lang.percent(rate))
    width = (W - 56 - (len(values) - 1) * 12) // len(values)
    label_font = font(SANS, 20)
    for i, (label, value) in enumerate(zip(RECORD_LABELS, values, strict=True)):
        x0 = 28 + i * (width + 12)
        panel(img, (x0, RECORD_Y, x0 + width, RECORD_Y + 96))
        draw_text(draw, (x0 + width / 2, RECORD_Y + 26),
                  fit_text(lang._(label), label_font, width - 12), label_font, TEXT_MUTED,
                  anchor="mm")
        value_font = fit_font(value, SERIF_BOLD, 32, width - 16, 18)
        draw_text(draw, (x0 + width / 2, RECORD_Y + 64), fit_text(value, value_font, width - 16),
                  value_font, TEXT, anchor="mm")
    # i18n: at the right of the profile card's records: which matches they count
    scope_font = font(SANS, 20)
    scope = fit_text(lang._("all time, this server"), scope_font, 220)
    draw_text(draw, (W - 28, RECORD_Y + 126), scope, scope_font, TEXT_MUTED, anchor="rm")
    favourite = (faction_label(profile.favourite, lang.tag) if profile.favourite
                 else lang._("none yet"))
    # i18n: the member's most played faction, on the profile card
    fav_font = font(SANS_BOLD, 22)
    draw_text(draw, (28, RECORD_Y + 126),
              fit_text(lang._("Favourite faction: {faction}", faction=favourite), fav_font,
                       W - 56 - text_width(scope, scope_font) - 16),
              fav_font, TEXT, anchor="lm")


def _wld(rec: Record, lang: Language) -> str:
    return record(rec.wins, rec.losses, rec.draws, lang)


def _match(img: Image.Image, draw: ImageDraw.ImageDraw, y: int, match: MatchLine,
           lang: Language) -> None:
    colour = OUTCOME_COLOURS[match.outcome]
    draw.rounded_rectangle((28, y + 6, 66, y + MATCH_H - 6), radius=6, fill=colour)
    letter_font = font(SANS_BOLD, 24)
    draw_text(draw, (47, y + MATCH_H / 2),
              fit_text(lang._(OUTCOME_LABELS[match.outcome]), letter_font, 36), letter_font,
              TEXT, anchor="mm")
    name = sanitize_name(match.opponent_name, fallback=lang._("Player"))
    if match.practice is not None:
        # i18n: the opponent of a practice match; {level} is the computer's difficulty
        name = lang._("Computer ({level})", level=lang._(LEVELS[match.practice])
                       if match.practice in LEVELS else match.practice)
    name_font = font(SANS_BOLD, 22)
    draw_text(draw, (80, y + MATCH_H / 2), fit_text(name, name_font, 196), name_font, TEXT,
              anchor="lm")
    for j, faction in enumerate((match.faction, match.opponent_faction)):
        mark = icon(f"emblem_{faction}", 26, palette(faction).accent)
        img.paste(mark, (286 + j * 34, y + (MATCH_H - 26) // 2), mark)
    # i18n: shown in place of a past match's rounds on the profile card when it had none
    rounds = "  ".join(score(a, b, lang) for a, b in match.rounds) or lang._("no round")
    if match.ended_by != "play" and match.outcome != ABANDONED:
        # i18n: how a match ended, after its rounds on the profile card
        ended = lang._(ENDINGS[match.ended_by]) if match.ended_by in ENDINGS else match.ended_by
        rounds = lang._("{rounds} \u00b7 {ended}", rounds=rounds, ended=ended)
    rounds_font = font(SANS, 20)
    draw_text(draw, (366, y + MATCH_H / 2), fit_text(rounds, rounds_font, 240), rounds_font,
              TEXT_MUTED, anchor="lm")
    if match.mine is not None:
        delta = match.mine.delta
        text, fill = (f"+{delta}", GAIN) if delta >= 0 else (f"\u2212{-delta}", LOSS_COLOUR)
        fnt = font(SERIF_BOLD, 24)
    else:
        # i18n: at the right of a past match on the profile card, in place of its MMR change
        text = (lang._("practice") if match.practice else lang._("casual") if match.casual
                else lang._("abandoned") if match.outcome == ABANDONED
                else lang._("not rated"))
        fill, fnt = TEXT_MUTED, font(SANS, 18)
        text = fit_text(text, fnt, W - 28 - 366 - 250)
    draw_text(draw, (W - 28, y + MATCH_H / 2), text, fnt, fill, anchor="rm")


def render_profile(profile: Profile, tag: str = ENGLISH) -> bytes:
    """A profile card as PNG bytes, in the language tag."""
    return to_png(profile_image(profile, tag))


__all__ = ["profile_image", "render_profile"]
