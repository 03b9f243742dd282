"""Rebuild assets/art/icons.json, the game-icons.net icons the portraits use, from the npm
package @iconify-json/game-icons (its icons.json) and a checkout of the upstream repository
github.com/game-icons/icons (its author folders name who drew each icon).

    python -m bot.render.art_subset ICONS_JSON UPSTREAM_DIR

Only the icons named in assets/art/portraits.csv and factions.csv are kept, with their
author. The package's paths are kept as they are; an icon name found in several author
folders upstream is credited to the author whose drawing matches the package's (compared
rasterised). Developers run it after a change of the tables; the bot never needs it.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Sequence
from pathlib import Path

from PIL import ImageChops

from bot.render.art_data import (
    ICON_PACKAGE,
    ICONS_FILE,
    LICENCE_URL,
    SOURCE_URL,
    needed_icons,
)
from bot.render.svg import rasterise_image

# The upstream README's list of contributors, by folder: the names to credit.
AUTHOR_NAMES = {
    "lorc": "Lorc", "delapouite": "Delapouite", "john-colburn": "John Colburn",
    "felbrigg": "Felbrigg", "john-redman": "John Redman", "carl-olsen": "Carl Olsen",
    "sbed": "Sbed", "priorblue": "PriorBlue", "willdabeast": "Willdabeast",
    "viscious-speed": "Viscious Speed", "lord-berandas": "Lord Berandas",
    "irongamer": "Irongamer", "heavenly-dog": "HeavenlyDog", "lucasms": "Lucas",
    "faithtoken": "Faithtoken", "skoll": "Skoll", "andymeneely": "Andy Meneely",
    "cathelineau": "Cathelineau", "kier-heyl": "Kier Heyl", "aussiesim": "Aussiesim",
    "sparker": "Sparker", "zeromancer": "Zeromancer", "rihlsul": "Rihlsul",
    "quoting": "Quoting", "guard13007": "Guard13007", "darkzaitzev": "DarkZaitzev",
    "caro-asercion": "Caro Asercion", "generalace135": "GeneralAce135",
    "pierre-leducq": "Pierre Leducq", "catsu": "Catsu", "spencerdub": "SpencerDub",
    "starseeker": "Starseeker", "zajkonur": "Zajkonur", "pepijn-poolman": "Pepijn Poolman",
    "various-artists": "Various artists", "seregacthtuf": "SeregaCthtuf",
}


def _white(body: str) -> str:
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
            + body.replace("currentColor", "#fff") + "</svg>")


def _upstream_white(svg: str) -> str:
    """An upstream icon (white on a black square) as white on transparent."""
    return re.sub(r'<path d="M0 0h512v512H0z"\s*/>', "", svg)


def _difference(a: str, b: str) -> float:
    one = rasterise_image(a, 64).getchannel("A")
    two = rasterise_image(b, 64).getchannel("A")
    hist = ImageChops.difference(one, two).histogram()
    return sum(i * n for i, n in enumerate(hist)) / (64 * 64)


def author_of(name: str, body: str, upstream: Path) -> str:
    """The folder of the upstream author who drew this icon."""
    folders = sorted(p.parent.name for p in upstream.glob(f"*/{name}.svg"))
    if not folders:
        raise SystemExit(f"{name}: no such icon upstream")
    if len(folders) == 1:
        return folders[0]
    return min(folders, key=lambda f: _difference(
        _white(body), _upstream_white((upstream / f / f"{name}.svg").read_text())))


def build(icons_json: Path, upstream: Path) -> dict[str, object]:
    """The subset file's content."""
    package = json.loads(icons_json.read_text())
    out: dict[str, dict[str, str]] = {}
    for name in sorted(needed_icons()):
        body = package["icons"][name]["body"]
        folder = author_of(name, body, upstream)
        out[name] = {"author": AUTHOR_NAMES.get(folder, folder), "body": body}
    return {"source": SOURCE_URL, "package": ICON_PACKAGE, "license": "CC BY 3.0",
            "license_url": LICENCE_URL, "icons": out}


def main(argv: Sequence[str] | None = None) -> int:
    """Write assets/art/icons.json."""
    parser = argparse.ArgumentParser(prog="python -m bot.render.art_subset",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("icons_json", type=Path, help="the npm package's icons.json")
    parser.add_argument("upstream", type=Path, help="a checkout of game-icons/icons")
    args = parser.parse_args(argv)
    ICONS_FILE.write_text(json.dumps(build(args.icons_json, args.upstream), indent=1,
                                     ensure_ascii=False) + "\n")
    print(ICONS_FILE)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
