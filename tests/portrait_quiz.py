"""Can a player name a card from its token alone, at 400 px? A quiz for someone who has not
seen the portraits (issue 32's goal).

    python -m tests.portrait_quiz --cards 30 --seed 1 [--size hand|board] [--lang en]
                                  [--out out/portrait-quiz]
    python -m tests.portrait_quiz --cards 30 --seed 1 --score GIVEN.txt

The first form writes three files: `sheet.png`, N random cards' tokens numbered 1..N with no
names, each as big as a phone shows it (the player's view is 720 px wide and a phone shows
it 400 px wide; --size hand for the hand's tokens, board for the rows'), on the hand's
ground and in the match images' palette; `names.txt`, every name a token may have, sorted
(what a player knows of the cards); and `answers.txt`, the key, to keep from the person
answering. Show them the sheet (and the names if they do not know the cards) and let them
write one line per token, "7: Catapult" (or "7 Catapult").

The second form scores such a file against the key of the same --cards, --seed and --lang:
each answer is right when it is the card's name, ignoring case, spaces and punctuation.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from PIL import Image, ImageDraw

from bot.i18n import card_name
from bot.render.board import PHONE_W, W
from bot.render.card_image import as_card_view
from bot.render.faces import HAND_TOKEN, TOKEN, FaceSize, face_key, token_sprite
from bot.render.fonts import SANS_BOLD, font
from bot.render.palette import theme_palette
from engine.cards import Card, catalogue
from engine.folding import fold

SIZES = {"hand": HAND_TOKEN, "board": TOKEN}
PER_ROW = 6
GROUND = (22, 16, 11)  # the hand's panel in the player's view
NUMBER_PX = 13  # the numbers, drawn on the sheet at phone size


def candidates() -> list[Card]:
    """The cards a token may show: every card of a deck (units, specials and weather) and
    those a card brings into play (Bovine Defense Force, Hemdall, the transformed
    Vildkaarls)."""
    return sorted((card for card in catalogue().cards.values() if card.type != "leader"),
                  key=lambda card: card.id)


def drawn(cards: int, seed: int) -> list[Card]:
    """The quiz's cards, in order: `cards` different ones chosen by the seed."""
    pool = candidates()
    if not 1 <= cards <= len(pool):
        raise ValueError(f"--cards must be 1 to {len(pool)}")
    return random.Random(seed).sample(pool, cards)


def token(card: Card, size: FaceSize) -> Image.Image:
    """The card's token as the player's view draws it, its name left out (the banner stays,
    empty)."""
    key = face_key(as_card_view(card))._replace(name="")
    return token_sprite(key, size).image


def sheet(cards: Sequence[Card], size: FaceSize) -> Image.Image:
    """The numbered tokens, drawn at the view's scale, mapped onto its palette and shown
    PHONE_W / W as big, then numbered at that size."""
    cell_w, cell_h = size.w + 24, size.h + 44
    rows = -(-len(cards) // PER_ROW)
    full = Image.new("RGB", (cell_w * PER_ROW, cell_h * rows), GROUND)
    for i, card in enumerate(cards):
        row, column = divmod(i, PER_ROW)
        face = token(card, size)
        full.paste(face, (column * cell_w + 12, row * cell_h + 8), face)
    full = theme_palette().quantize(full).convert("RGB")
    scale = PHONE_W / W
    small = full.resize((round(full.width * scale), round(full.height * scale)),
                        Image.Resampling.LANCZOS)
    draw = ImageDraw.Draw(small)
    number_font = font(SANS_BOLD, NUMBER_PX)
    for i in range(len(cards)):
        row, column = divmod(i, PER_ROW)
        x = (column * cell_w + cell_w / 2) * scale
        y = (row * cell_h + 8 + size.h) * scale + 10
        draw.text((x, y), str(i + 1), font=number_font, fill=(240, 228, 200), anchor="mm")
    return small


def _plain(text: str) -> str:
    """A name as compared: folded as the bot compares names (engine.folding), without
    spaces."""
    return fold(text).replace(" ", "")


def score(given: str, cards: Sequence[Card], tag: str) -> tuple[int, list[str]]:
    """How many of the answers in `given` ("7: Catapult", one a line) name their token's
    card, and a line for each token: its answer, right or wrong, and the card."""
    answers: dict[int, str] = {}
    for line in given.splitlines():
        found = re.match(r"\s*(\d+)\s*[:.)\-]?\s*(.*)", line)
        if found:
            answers[int(found.group(1))] = found.group(2).strip()
    right, lines = 0, []
    for number, card in enumerate(cards, start=1):
        name = card_name(card.id, tag)
        answer = answers.get(number, "")
        ok = bool(answer) and _plain(answer) == _plain(name)
        right += ok
        lines.append(f"{number:>3} {'right' if ok else 'wrong'}: {answer or '-'}"
                     + ("" if ok else f" (it is {name})"))
    return right, lines


def main(argv: Sequence[str] | None = None) -> int:
    """Write the quiz's sheet, names and key, or score answers against the key."""
    parser = argparse.ArgumentParser(
        prog="python -m tests.portrait_quiz", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cards", type=int, default=30, help="tokens on the sheet (30)")
    parser.add_argument("--seed", type=int, default=1, help="which cards (1)")
    parser.add_argument("--size", choices=sorted(SIZES), default="hand",
                        help="the hand's tokens (default) or the board rows' ones")
    parser.add_argument("--lang", default="en", help="the language of the names (en)")
    parser.add_argument("--out", type=Path, default=Path("out/portrait-quiz"),
                        help="where the sheet, names and key go (out/portrait-quiz)")
    parser.add_argument("--score", type=Path, help="a file of answers to score")
    args = parser.parse_args(argv)
    try:
        cards = drawn(args.cards, args.seed)
    except ValueError as error:
        parser.error(str(error))
    if args.score is not None:
        right, lines = score(args.score.read_text(encoding="utf-8"), cards, args.lang)
        print("\n".join(lines))
        print(f"{right} of {len(cards)} named ({100 * right / len(cards):.0f}%)")
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    sheet(cards, SIZES[args.size]).save(args.out / "sheet.png")
    names = sorted({card_name(card.id, args.lang) for card in candidates()}, key=str.casefold)
    (args.out / "names.txt").write_text("\n".join(names) + "\n", encoding="utf-8")
    key = [f"{i}: {card_name(card.id, args.lang)} ({card.id}, {card.faction})"
           for i, card in enumerate(cards, start=1)]
    (args.out / "answers.txt").write_text("\n".join(key) + "\n", encoding="utf-8")
    print(f"{args.out / 'sheet.png'}: {len(cards)} tokens; names in {args.out / 'names.txt'}; "
          f"the key in {args.out / 'answers.txt'} (keep it from whoever answers)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
