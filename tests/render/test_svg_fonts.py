"""Text inside SVG pictures is drawn with embedded fonts (issue #27 point 2): pdffonts reads the
built files back; a family the game lacks is an IMG004 warning and a build warning naming the SVG."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from pnpgen.render.build import build_game
from pnpgen.render.fonts import game_fonts
from pnpgen.render.svgfonts import SvgFontMap, families
from pnpgen.scaffold.game import new_game
from pnpgen.spec import load_game
from pnpgen.validate.runner import validate_game

REPO = Path(__file__).resolve().parents[2]
SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">
<rect width="200" height="100" fill="#e0d0a0"/>
<text x="10" y="40" font-family="{family}" font-size="24">Some text</text>
<text x="10" y="80" font-family="serif" font-weight="bold" font-size="20">Generic serif</text>
</svg>
"""


def _not_embedded(pdf: Path) -> list[str]:
    """Fonts pdffonts lists as not embedded (its 'emb' column is the fifth from the right)."""
    lines = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout.splitlines()[2:]
    return [line.split()[0] for line in lines if line.split()[-5] == "no"]


@pytest.fixture(scope="module")
def svg_game(tmp_path_factory):
    """`pnpgen new`'s game with its two cards' art replaced by SVGs naming Helvetica and NoSuchFont."""
    home = tmp_path_factory.mktemp("svgtext") / "game"
    new_game(home)
    for csv_name, svg_name, family in (("heroes.csv", "helv.svg", "Helvetica"), ("events.csv", "nosuch.svg", "NoSuchFont")):
        (home / "art" / svg_name).write_text(SVG.format(family=family), encoding="utf-8")
        path = home / "cards" / csv_name
        path.write_text(path.read_text(encoding="utf-8").replace("art/example.png", f"art/{svg_name}"), encoding="utf-8")
    return load_game(str(home))


@pytest.mark.skipif(shutil.which("pdffonts") is None, reason="pdffonts (poppler-utils) is not installed")
@pytest.mark.parametrize("options", [{}, {"pdfx": "4"}, {"pdfx": "1a"}, {"shop": "drivethrucards"}],
                         ids=["plain", "x4", "x1a", "drivethrucards"])
def test_svg_text_is_drawn_in_embedded_fonts_in_every_output(svg_game, tmp_path, options):
    result = build_game(svg_game, tmp_path, **options)
    pdfs = [p for p in result.files if p.suffix == ".pdf"]
    assert pdfs
    for pdf in pdfs:
        assert _not_embedded(pdf) == [], pdf.name
    missing = [w for w in result.warnings if "font-family" in w]
    assert any("helv.svg" in w and "'Helvetica'" in w for w in missing)
    assert any("nosuch.svg" in w and "'NoSuchFont'" in w and "fonts/ folder" in w and "paths" in w for w in missing)


@pytest.mark.skipif(shutil.which("pdffonts") is None, reason="pdffonts (poppler-utils) is not installed")
def test_svg_without_text_leaves_no_helvetica_in_tidepool(tmp_path):
    result = build_game(load_game(str(REPO / "examples" / "tidepool")), tmp_path)
    for pdf in (p for p in result.files if p.suffix == ".pdf"):
        assert _not_embedded(pdf) == [], pdf.name  # was Helvetica: reportlab's default font of every drawing


def test_validate_names_the_svg_and_the_family_the_game_lacks(svg_game):
    findings = [f for f in validate_game(svg_game).findings if f.code == "IMG004"]
    messages = sorted(f.message for f in findings)
    assert len(messages) == 2
    assert "helv.svg" in messages[0] and "'Helvetica'" in messages[0]
    assert "nosuch.svg" in messages[1] and "'NoSuchFont'" in messages[1]
    assert all("serif" not in m for m in messages)  # a generic family is the renderer's choice, not a lack


def test_font_families_are_looked_up_in_the_game_then_bundled_then_generic():
    catalogue = game_fonts(REPO / "examples" / "tidepool")
    lobster = catalogue["Lobster Two"]
    fonts = SvgFontMap(catalogue, names_helvetica=False)
    assert fonts.convert("'Lobster Two', serif", "bold", "italic") == lobster
    assert fonts.convert("Roboto Condensed", "700") == "RobotoCondensed-Bold"
    assert fonts.convert("monospace", "normal", "italic") == "RobotoCondensed-Italic"
    assert fonts.convert("Helvetica") == "RobotoCondensed"  # svglib's stand-in when the SVG names no font
    assert fonts.missing == []
    assert fonts.convert("NoSuchFont, sans-serif") == "RobotoCondensed" and fonts.missing == ["NoSuchFont"]
    assert SvgFontMap(catalogue, names_helvetica=True).convert("Helvetica") == "RobotoCondensed"
    assert families(' "A B" , c,,') == ["A B", "c"]
