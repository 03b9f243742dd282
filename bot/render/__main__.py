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
    args = parser.parse_args(argv)
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
