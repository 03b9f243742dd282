"""Card portraits: every card has one from the reviewed table, the icons' authors are known,
faces show them, and a server's art pack replaces them where its files are usable."""

from __future__ import annotations

import csv
import io
import logging
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from bot.config import load_config
from bot.images import check_art_pack
from bot.render import art
from bot.render.__main__ import main as render_main
from bot.render.art import PACK_PX, art_layer, check_pack, pack_warning, portrait_png, subject
from bot.render.art_data import PORTRAITS_FILE, authors, choices, icons, motifs, needed_icons
from bot.render.faces import HAND_TOKEN, TOKEN, art_box, clear_caches, face_key, token_sprite
from bot.render.samples import card
from engine.cards import catalogue


def _png(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGBA")


def _same(a: Image.Image, b: Image.Image) -> bool:
    """True when the images have the same pixels (getbbox of an RGBA difference reads only
    its alpha: each band is compared on its own)."""
    one, two = a.convert("RGBA"), b.convert("RGBA")
    return all(ImageChops.difference(x, y).getbbox() is None
               for x, y in zip(one.split(), two.split(), strict=True))


def test_every_card_leader_and_token_has_a_row_of_the_table() -> None:
    ids = [row["card_id"] for row in csv.DictReader(PORTRAITS_FILE.open(encoding="utf-8"))]
    assert len(ids) == len(set(ids))
    assert set(ids) == set(catalogue().cards)  # 184 entries: units, specials, leaders, tokens
    kinds = {subject(card_id).kind for card_id in ids}
    assert kinds == {"unit", "hero", "special", "leader"}


def test_icons_fit_their_cards() -> None:
    assert choices()["villentretenmerth"].icon == "dragon-head"
    assert choices()["trebuchet"].icon == "trebuchet"
    assert choices()["impenetrable_fog"].icon == "fog"
    assert choices()["black_infantry_archer"].icon == "bowman"
    leaders = [c for c in catalogue().cards.values() if c.type == "leader"]
    assert all("crown" in choices()[c.id].icon and choices()[c.id].extra for c in leaders)
    # a leader's ability icon tells the faction's five apart
    for faction in {c.faction for c in leaders}:
        extras = [choices()[c.id].extra for c in leaders if c.faction == faction]
        assert len(extras) == len(set(extras))


def test_the_subset_holds_exactly_the_icons_named_each_with_an_author() -> None:
    assert set(icons()) == needed_icons()
    assert set(motifs()) == {"northern_realms", "nilfgaard", "monsters", "scoiatael",
                             "skellige", "neutral"}
    assert all(icon.author and "<path" in icon.body for icon in icons().values())
    assert sum(len(names) for names in authors().values()) == len(icons())


def test_a_card_no_icon_fits_shows_its_factions_motif_and_initial() -> None:
    assert choices()["albrich"].icon == ""
    plain = art_layer(subject("albrich"), 64)
    other = art_layer(subject("sweers"), 64)  # same faction and kind, another initial
    assert plain.getbbox() is not None
    assert not _same(plain, other)


def test_portraits_tell_heroes_units_specials_and_leaders_apart() -> None:
    images = {kind: _png(portrait_png(card_id, 64))
              for kind, card_id in (("unit", "ballista"), ("hero", "philippa_eilhart"),
                                    ("special", "decoy"), ("leader", "king_bran"))}
    corner = {kind: img.getpixel((6, 6)) for kind, img in images.items()}
    edge = {kind: img.getpixel((1, 32)) for kind, img in images.items()}
    assert corner["special"][3] == 0 and corner["leader"][3] == 0  # round medallions
    assert corner["unit"][3] == 255 and corner["hero"][3] == 255  # squares
    assert edge["unit"][:3] == (52, 98, 168)  # the Northern Realms' frame
    assert edge["hero"][:3] == (214, 174, 84)  # gold


def test_portrait_png_is_the_size_asked() -> None:
    for size in (32, 100, PACK_PX):
        img = _png(portrait_png("geralt_of_rivia", size))
        assert img.size == (size, size)


def test_a_face_shows_its_cards_art() -> None:
    clear_caches()
    for size in (TOKEN, HAND_TOKEN):
        face = token_sprite(face_key(card("trebuchet")), size).image
        x, y, side = art_box(size)
        region = face.crop((x, y, x + side, y + side))
        # the icon's light pixels are there, and another card's icon differs
        assert region.convert("L").getextrema()[1] > 200
        other = token_sprite(face_key(card("ballista")), size).image
        assert not _same(region, other.crop((x, y, x + side, y + side)))


@pytest.fixture
def pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An art pack with a good portrait, a wrong-sized one, a corrupt one and a stray file."""
    Image.new("RGBA", (PACK_PX, PACK_PX), (200, 20, 20, 255)).save(tmp_path / "ves.png")
    Image.new("RGBA", (100, 100), (20, 200, 20, 255)).save(tmp_path / "trebuchet.png")
    (tmp_path / "ballista.png").write_bytes(b"\x89PNG\r\n\x1a\n not really a png")
    Image.new("RGBA", (PACK_PX, PACK_PX)).save(tmp_path / "no_such_card.png")
    monkeypatch.setenv("ART_DIR", str(tmp_path))
    art._pack_image.cache_clear()
    return tmp_path


def test_a_packs_usable_file_replaces_the_portrait(pack: Path) -> None:
    img = _png(portrait_png("ves", 64))
    assert img.getpixel((32, 32)) == (200, 20, 20, 255)
    assert art_layer(subject("ves"), 40).getpixel((20, 20)) == (200, 20, 20, 255)


def test_wrong_sized_and_corrupt_files_fall_back_to_the_built_in_portrait(
        pack: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with_pack = {c: portrait_png(c, 64) for c in ("trebuchet", "ballista")}
    monkeypatch.delenv("ART_DIR")
    assert with_pack == {c: portrait_png(c, 64) for c in ("trebuchet", "ballista")}


def test_check_pack_lists_what_it_covers_lacks_and_cannot_use(pack: Path) -> None:
    report = check_pack(pack)
    assert report.covers == ("ves",)
    assert len(report.lacks) == len(catalogue().cards) - 1
    assert "trebuchet" in report.lacks and "ballista" in report.lacks
    reasons = dict(report.unusable)
    assert reasons["trebuchet.png"] == f"100x100 px, not {PACK_PX}x{PACK_PX}"
    assert reasons["ballista.png"].startswith("unreadable")
    assert reasons["no_such_card.png"] == "no card has this id"


def test_art_check_command_prints_the_report(pack: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert render_main(["--art-check", str(pack)]) == 1  # some files cannot be used
    out = capsys.readouterr().out
    assert "1 of 184 cards covered" in out
    assert "cannot use trebuchet.png: 100x100 px" in out
    assert "cannot use ballista.png: unreadable" in out


def test_a_bad_pack_logs_one_warning_at_start_up(pack: Path,
                                                 caplog: pytest.LogCaptureFixture) -> None:
    config = load_config({"DISCORD_TOKEN": "x", "ART_DIR": str(pack)})
    assert config.art_dir == pack
    with caplog.at_level(logging.INFO, logger="bot.images"):
        check_art_pack(config.art_dir)
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1
    assert "1 portraits used, 183 cards use the built-in ones" in warnings[0].getMessage()
    assert "trebuchet.png: 100x100 px" in warnings[0].getMessage()
    assert pack_warning(pack / "missing") is not None
    assert load_config({"DISCORD_TOKEN": "x"}).art_dir is None


def test_credits_md_names_every_author_and_icon() -> None:
    text = (Path(__file__).resolve().parents[3] / "CREDITS.md").read_text(encoding="utf-8")
    assert "https://creativecommons.org/licenses/by/3.0/" in text and "recoloured" in text
    for name, names in authors().items():
        assert f"| {name} | {', '.join(names)} |" in text
