"""The portraits' data: which game-icons.net icon stands for each card
(assets/art/portraits.csv), each faction's motif (assets/art/factions.csv), the icons
themselves with their authors (assets/art/icons.json, rebuilt by bot.render.art_subset),
and the folder of a server's own art pack (the ART_DIR environment variable)."""

from __future__ import annotations

import csv
import json
import os
from functools import cache
from pathlib import Path
from typing import NamedTuple

from bot.render.fonts import ASSETS_DIR

ART_DIR = ASSETS_DIR / "art"
PORTRAITS_FILE = ART_DIR / "portraits.csv"
FACTIONS_FILE = ART_DIR / "factions.csv"
ICONS_FILE = ART_DIR / "icons.json"
ICON_PACKAGE = "@iconify-json/game-icons 1.2.4"
SOURCE_URL = "https://game-icons.net"
LICENCE_URL = "https://creativecommons.org/licenses/by/3.0/"


class Choice(NamedTuple):
    """A card's icons: the main one ("" for the faction's motif and the card's initial) and
    an optional second one drawn small in a corner (a leader's ability)."""

    icon: str
    extra: str


class Icon(NamedTuple):
    """One icon: its SVG body (paths in currentColor on a 512 square) and its author."""

    body: str
    author: str


@cache
def choices() -> dict[str, Choice]:
    """Every card id's icons, from portraits.csv."""
    with PORTRAITS_FILE.open(encoding="utf-8", newline="") as rows:
        return {row["card_id"]: Choice(row["icon"], row["extra"]) for row in csv.DictReader(rows)}


@cache
def motifs() -> dict[str, str]:
    """Each faction's motif icon, from factions.csv."""
    with FACTIONS_FILE.open(encoding="utf-8", newline="") as rows:
        return {row["faction"]: row["motif"] for row in csv.DictReader(rows)}


def needed_icons() -> set[str]:
    """Every icon the two tables name."""
    return {n for c in choices().values() for n in c if n} | set(motifs().values())


@cache
def icons() -> dict[str, Icon]:
    """The icons of icons.json by name."""
    data = json.loads(ICONS_FILE.read_text(encoding="utf-8"))
    return {name: Icon(entry["body"], entry["author"]) for name, entry in data["icons"].items()}


def pack_folder() -> Path | None:
    """The art pack's folder named by ART_DIR, or None."""
    setting = os.environ.get("ART_DIR", "").strip()
    return Path(setting) if setting else None


def authors() -> dict[str, list[str]]:
    """Each author's icons used here, by author name."""
    out: dict[str, list[str]] = {}
    for name, entry in sorted(icons().items()):
        out.setdefault(entry.author, []).append(name)
    return dict(sorted(out.items(), key=lambda pair: pair[0].lower()))


__all__ = ["ART_DIR", "ICONS_FILE", "ICON_PACKAGE", "LICENCE_URL", "SOURCE_URL", "Choice",
           "Icon", "authors", "choices", "icons", "motifs", "needed_icons", "pack_folder"]
