"""/gwent credits: who made what the bot shows and did not draw itself (the icons of the card
portraits, the fonts), under which licence, and where it comes from."""

from __future__ import annotations

from bot.i18n import Language
from bot.render.art_data import LICENCE_URL, SOURCE_URL, authors


def credits_text(lang: Language) -> str:
    """The credits in a language: the icons' authors with how many icons each drew, the
    source and licence, what was changed, and the fonts."""
    drawn = lang.join([f"{name} ({lang.number(len(icons))})"
                       for name, icons in authors().items()])
    # i18n: the title of /gwent credits
    lines = [lang._("**Gwent: credits**"),
             # i18n: /gwent credits. {source} and {licence} are links; keep "CC BY 3.0"
             lang._("**Card portraits** are made from icons of game-icons.net <{source}>, "
                    "used under the Creative Commons Attribution 3.0 licence (CC BY 3.0, "
                    "<{licence}>). The icons were recoloured and composed with frames, "
                    "backgrounds and faction motifs for this bot.",
                    source=SOURCE_URL, licence=LICENCE_URL),
             # i18n: /gwent credits; {authors} lists names, each with how many icons they drew
             lang._("**Icons by** {authors}.", authors=drawn),
             # i18n: /gwent credits: the fonts and their licences (names kept as they are)
             lang._("**Fonts:** DejaVu (Bitstream Vera licence), PT Sans Narrow (ParaType Free "
                    "Font License) and Noto (SIL Open Font License 1.1)."),
             # i18n: /gwent credits: the last line
             lang._("Which icon each author drew, and every licence in full: `CREDITS.md` "
                    "in the bot's source. Gwent and The Witcher belong to CD PROJEKT RED; "
                    "this bot is made by fans and is not connected with them.")]
    return "\n".join(lines)


__all__ = ["credits_text"]
