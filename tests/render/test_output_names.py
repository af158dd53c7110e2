"""No two kinds of output share a file (``pnpgen.render.outnames``): a print-and-cut build does not
write over the plain card sheets and a plain build leaves ``cut/``; a build clears only the files its
own kind wrote; PDF/X, selection and shop builds keep to their own names; the calibration sheet is
named by its paper (checked by its page size, read back with pikepdf); every PNG is tagged sRGB
(read back by Pillow, and by pngcheck where it is installed)."""

from __future__ import annotations

import itertools
import subprocess
from pathlib import Path

import pikepdf
import pytest
from PIL import Image
from typer.testing import CliRunner

from facekit import stand_in_back as back, stand_in_face as face
from test_tts_cut import game_of

from pnpgen.cli import app
from pnpgen.render import outnames
from pnpgen.render.build import build_game
from pnpgen.selection import SelectionError


def names(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()}


def page_size(path: Path) -> tuple[float, float]:
    with pikepdf.open(path) as pdf:
        box = [float(v) for v in pdf.pages[0].MediaBox]
    return box[2] - box[0], box[3] - box[1]


def test_cut_and_plain_builds_keep_their_own_files(tmp_path):
    game = game_of([2] * 10, extra_type=False)
    out = tmp_path / "tiny"
    build_game(game, tmp_path, draw_face=face, draw_back=back)
    plain = (out / "tiny-a4.pdf").read_bytes()
    build_game(game, tmp_path, cut="silhouette", draw_face=face, draw_back=back)
    assert (out / "tiny-a4.pdf").read_bytes() == plain  # its 8-up sheet went to its own file
    cut = names(out / "cut")
    assert cut and all(n.startswith("tiny-cut-silhouette-a4-sheet") for n in cut)
    assert {"tiny-cut-silhouette-a4.pdf", "tiny-cut-silhouette-a4-manifest.csv"} <= names(out)
    # landscape 4x2 against portrait 3x3
    assert page_size(out / "tiny-cut-silhouette-a4.pdf") != page_size(out / "tiny-a4.pdf")
    build_game(game, tmp_path, draw_face=face, draw_back=back)
    assert names(out / "cut") == cut  # the next plain build leaves cut/ alone
    build_game(game, tmp_path, cut="svg", draw_face=face, draw_back=back)
    assert cut < names(out / "cut")  # another machine: its own files beside Silhouette's


def test_a_cut_build_clears_only_its_own_stale_sheets(tmp_path):
    out = tmp_path / "tiny"
    build_game(game_of([2] * 10, extra_type=False), tmp_path, cut="svg", draw_face=face, draw_back=back)
    before = names(out / "cut")
    assert "tiny-cut-svg-a4-sheet3.svg" in before
    keep = ["notes.svg", "tiny-cut-svg-a4-sheet1-mine.svg", "tiny-cut-svg-a4-selection-sheet1.svg",
            "tiny-cut-cricut-a4-sheet1.png"]
    for name in keep:
        (out / "cut" / name).write_text("someone else's")
    build_game(game_of([2], extra_type=False), tmp_path, cut="svg", draw_face=face, draw_back=back)
    assert names(out / "cut") == {"tiny-cut-svg-a4-sheet1.svg", *keep}


def test_press_and_selection_builds_keep_their_own_names(tmp_path, small_tts_sheets):
    game = game_of([2, 2, 1], extra_type=True)
    out = tmp_path / "tiny"
    build_game(game, tmp_path, draw_face=face, draw_back=back, tts=True)
    plain, tts = (out / "tiny-a4.pdf").read_bytes(), (out / "tts" / "tiny-tts.json").read_bytes()
    result = build_game(game, tmp_path, pdfx="4", draw_face=face, draw_back=back)
    assert [p.name for p in result.files] == ["tiny-a4-pdfx4.pdf", "tiny-a4-pdfx4-manifest.csv"]
    build_game(game, tmp_path, types=["boss"], tts=True, draw_face=face, draw_back=back)
    assert (out / "tiny-a4.pdf").read_bytes() == plain
    assert (out / "tts" / "tiny-tts.json").read_bytes() == tts  # the selection's deck is in tts-selection/
    assert {"tiny-a4-selection.pdf", "tts-selection/tiny-tts.json"} <= names(out)
    with pikepdf.open(out / "tiny-a4-pdfx4.pdf") as pdf:
        assert "/OutputIntents" in pdf.Root


def test_shop_builds_respect_types_and_keep_the_whole_types_files(tmp_path):
    game = game_of([1, 1], extra_type=True)
    result = build_game(game, tmp_path, shop="mpc", types=["boss"], draw_face=face, draw_back=back)
    # a selection's order form is named as a selection, so the whole deck's copies.csv is kept
    assert names(tmp_path / "tiny" / "mpc") == {"boss/boss.png", "boss/back.png", "tiny-copies-selection.csv"}
    assert result.cards == 1
    with pytest.raises(SelectionError, match="--types: no card type 'bos'"):
        build_game(game, tmp_path, shop="mpc", types=["bos"], draw_face=face, draw_back=back)
    with pytest.raises(SelectionError, match="--pages"):
        build_game(game, tmp_path, shop="mpc", pages="1", draw_face=face, draw_back=back)


def test_every_kind_of_build_has_its_own_names():
    """All combinations of the options that change what a file is: no two share a name."""
    seen: dict[str, tuple] = {}
    for layout, pdfx, selection, ink in itertools.product(
            [("duplex", None), ("gutterfold", None), *(("cut", m) for m in ("silhouette", "cricut", "svg"))],
            [None, "4", "1a", "1a:2003"], [False, True], [False, True]):
        kind = (layout, pdfx, selection, ink)
        card = outnames.card_stem("kit", "a4", gutterfold=layout[0] == "gutterfold", cut=layout[1], pdfx=pdfx,
                                  selection=selection, ink_saver=ink) + ".pdf"
        files = {card, card.removesuffix(".pdf") + "-manifest.csv"}
        if layout[0] != "cut" and not selection:  # odds: duplex or gutterfold, never cut, never a selection
            files.add(outnames.odds_name("kit", "a4", gutterfold=layout[0] == "gutterfold", pdfx=pdfx, ink_saver=ink))
        for name in files:
            assert seen.setdefault(name, kind) == kind, (name, seen[name], kind)
    parts = {outnames.part_name("kit", part, "a4", pdfx=p) for part in ("tokens", "boards", "reference")
             for p in (None, "4", "1a", "1a:2003")}
    assert len(parts) == 12 and not parts & set(seen)
    assert outnames.card_stem("kit", "a4") + ".pdf" == "kit-a4.pdf"  # the plain kit keeps its documented name


@pytest.mark.parametrize("paper,duplex,expected,size", [
    ("letter", "long", "calibration-letter.pdf", (612, 792)),
    ("a4", "long", "calibration-a4.pdf", (595.28, 841.89)),
    ("letter", "short", "calibration-letter-short.pdf", (612, 792)),
])
def test_calibrate_names_its_file_by_paper(tmp_path, monkeypatch, paper, duplex, expected, size):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["calibrate", "--paper", paper, "--duplex", duplex])
    assert result.exit_code == 0, result.output
    assert names(tmp_path / "output") == {expected}
    assert page_size(tmp_path / "output" / expected) == pytest.approx(size, abs=0.01)


def test_calibrate_rejects_an_unknown_flip(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["calibrate", "--duplex", "sideways"])
    assert result.exit_code == 2 and "--duplex must be 'long' or 'short'" in result.output
    assert not (tmp_path / "output").exists()


def test_every_png_is_tagged_srgb(tmp_path, small_tts_sheets):
    """Card PNGs, TTS sheets and Cricut print images: the sRGB chunk (perceptual) with the gAMA and
    cHRM the PNG specification pairs with it, and no ICC profile beside it."""
    game = game_of([2, 1], extra_type=False)
    build_game(game, tmp_path, png="mpc", tts=True, cut="cricut", draw_face=face, draw_back=back)
    pngs = sorted((tmp_path / "tiny").rglob("*.png"))
    kinds = {p.parent.name for p in pngs}
    assert {"unit", "tts", "cut"} <= kinds
    for path in pngs:
        info = Image.open(path).info
        assert info.get("srgb") == 0, path
        assert info["gamma"] == pytest.approx(0.45455) and "icc_profile" not in info, path
        assert info["chromaticity"] == pytest.approx((0.3127, 0.329, 0.64, 0.33, 0.3, 0.6, 0.15, 0.06))
    for path in pngs:  # pngcheck: installed by `make test` (a second reader beside Pillow)
        out = subprocess.run(["pngcheck", "-v", str(path)], capture_output=True, text=True)
        assert out.returncode == 0 and "chunk sRGB" in out.stdout and "perceptual" in out.stdout, out.stdout
