"""Command line: write the sample images, or render the board of a state file.

python -m bot.render --out DIR            every sample as DIR/<name>.png
python -m bot.render --state FILE [--out DIR] [--viewer 0|1]
                                          the public board of a gwent-state,
                                          gwent-record or observation file
                                          (plus the viewer's hand and own view
                                          with --viewer, and the result if the
                                          match is over)
python -m bot.render --out DIR --small    also write 550 px and 400 px wide copies
python -m bot.render --rebuild-palette    rebuild the fixed palette (bot.render.palette)
python -m bot.render --name-fit           per language, the share of unit names the hand
                                          shows whole
python -m bot.render --art-check DIR      what the art pack in DIR covers, lacks and cannot
                                          use (exit 1 when a file cannot be used)
python -m bot.render --portraits DIR      every card's portrait as DIR/<card id>.png
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Sequence
from pathlib import Path

from PIL import Image

from bot.render.samples import SAMPLES, card_text
from bot.render.state import load_observation, public_view


def render_sample(name: str) -> bytes:
    """The PNG bytes of one sample from bot.render.samples.SAMPLES."""
    from bot.render import (
        render_board,
        render_card,
        render_deck,
        render_hand,
        render_leaderboard,
        render_profile,
        render_result,
    )
    from bot.render.player_view import render_player_view

    kind, build = SAMPLES[name]
    value = build()
    if kind == "deck":
        return render_deck(value)
    if kind == "board":
        return render_board(value)
    if kind == "hand":
        return render_hand(value)
    if kind == "view":
        return render_player_view(value)
    if kind == "result":
        return render_result(value)
    if kind == "leaderboard":
        return render_leaderboard(value)
    if kind == "profile":
        return render_profile(value)
    return render_card(value, text=card_text(value.card_id), catalogue=None)


def _write(out: Path, name: str, data: bytes, small: bool) -> None:
    path = out / f"{name}.png"
    path.write_bytes(data)
    print(path)
    if small:
        img = Image.open(io.BytesIO(data)).convert("RGB")
        for width in (550, 400):
            copy = img.resize(
                (width, round(img.height * width / img.width)), Image.Resampling.LANCZOS
            )
            copy.save(out / f"{name}@{width}.png", optimize=False, compress_level=6)


def art_check(folder: Path) -> int:
    """Print what the art pack in folder covers, lacks and cannot use; 1 when it cannot be
    read or a file cannot be used."""
    from bot.render.art import check_pack

    if not folder.is_dir():
        print(f"{folder} is not a folder", file=sys.stderr)
        return 1
    report = check_pack(folder)
    total = len(report.covers) + len(report.lacks)
    print(f"{folder}: {len(report.covers)} of {total} cards covered")
    print(f"covers ({len(report.covers)}): {', '.join(report.covers) or '-'}")
    print(f"lacks ({len(report.lacks)}, built-in portraits shown): "
          f"{', '.join(report.lacks) or '-'}")
    for name, why in report.unusable:
        print(f"cannot use {name}: {why}")
    return 1 if report.unusable else 0


def write_portraits(folder: Path) -> int:
    """Write every card's built-in portrait into folder as <card id>.png (a pack to start
    from)."""
    from bot.render.art import PACK_PX, portrait_png
    from engine.cards import catalogue

    folder.mkdir(parents=True, exist_ok=True)
    for card_id in catalogue().cards:
        (folder / f"{card_id}.png").write_bytes(portrait_png(card_id, PACK_PX))
    print(f"{len(catalogue().cards)} portraits in {folder}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line."""
    parser = argparse.ArgumentParser(
        prog="python -m bot.render",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--out", type=Path, help="folder to write PNG files into")
    parser.add_argument("--state", type=Path, help="state, record or observation JSON file")
    parser.add_argument(
        "--viewer", type=int, choices=(0, 1),
        help="with --state: also render this player's hand and own view"
    )
    parser.add_argument(
        "--only",
        nargs="*",
        metavar="NAME",
        help=f"samples to write (default all): {', '.join(SAMPLES)}",
    )
    parser.add_argument(
        "--small",
        action="store_true",
        help="also write 550 and 400 px wide copies, to check legibility",
    )
    parser.add_argument(
        "--rebuild-palette",
        action="store_true",
        help="rebuild assets/palette.json from the samples and random matches",
    )
    parser.add_argument("--name-fit", action="store_true",
                        help="report the share of unit names the hand shows whole")
    parser.add_argument("--art-check", type=Path, metavar="DIR",
                        help="list what an art pack covers, lacks and cannot use")
    parser.add_argument("--portraits", type=Path, metavar="DIR",
                        help="write every card's portrait (PACK_PX square) into DIR")
    args = parser.parse_args(argv)
    if args.name_fit:
        from bot.render.name_fit import report

        print(report())
        return 0
    if args.art_check is not None:
        return art_check(args.art_check)
    if args.portraits is not None:
        return write_portraits(args.portraits)
    if args.rebuild_palette:
        from bot.render.palette import rebuild

        print(rebuild())
        return 0
    out: Path = args.out or Path(".")
    out.mkdir(parents=True, exist_ok=True)

    if args.state is not None:
        from bot.render import render_board, render_hand, render_player_view, render_result

        try:
            obs = load_observation(args.state, viewer=args.viewer)
        except (OSError, ValueError, KeyError) as exc:
            print(f"cannot read {args.state}: {exc}", file=sys.stderr)
            return 1
        stem = args.state.stem
        _write(out, f"{stem}-board", render_board(public_view(obs)), args.small)
        if args.viewer is not None:
            _write(out, f"{stem}-hand{args.viewer}", render_hand(obs), args.small)
            _write(out, f"{stem}-view{args.viewer}", render_player_view(obs), args.small)
        if obs.is_over:
            _write(out, f"{stem}-result", render_result(obs), args.small)
        return 0

    if args.out is None:
        parser.error("give --out DIR (and/or --state FILE)")
    names = args.only or list(SAMPLES)
    unknown = [n for n in names if n not in SAMPLES]
    if unknown:
        parser.error(f"unknown sample(s): {', '.join(unknown)}")
    for name in names:
        _write(out, name, render_sample(name), args.small)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
