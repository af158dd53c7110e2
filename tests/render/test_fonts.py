"""A designer's own fonts: used by name from the game's fonts/ folder, embedded as subsets, OpenType
(CFF) converted; fallback fonts for characters the main font lacks (Japanese, Hebrew, emoji), seen
on rasterised pixels; a character no font has is reported (GLYPH001), never dropped silently; and
hyphenation from pyphen's dictionaries in the game's language."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pikepdf
import pytest
from fontkit import box_font
from typer.testing import CliRunner

from pnpgen.cli import app
from pnpgen.render.build import build_game
from pnpgen.render.raster import cards_pdf, rasterise
from pnpgen.render.textfit import fit_text, hyphen_points
from pnpgen.spec import load_game
from pnpgen.spec.errors import SpecError
from pnpgen.validate import validate_game

PNPGEN = str(Path(sys.executable).parent / "pnpgen")
TEXT = "Go 東京 בית 🐙"  # Hebrew: the box fonts cannot shape Arabic (tests/render/test_shaping.py)


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PNPGEN_CACHE", str(tmp_path / "cache"))


def make_game(root: Path, style: str, text: str = TEXT, language: str | None = None) -> Path:
    (root / "cards").mkdir(parents=True, exist_ok=True)
    (root / "templates").mkdir(exist_ok=True)
    (root / "game.yaml").write_text(
        "id: glyphs\nname: Glyphs\nplayers: {min: 1, max: 2}\nsource: {document: none.txt}\n"
        + (f"language: {language}\n" if language else "")
        + "card_types:\n  note:\n    name: Note\n    size: 80mm x 20mm\n    fields:\n      text: {type: text}\n")
    (root / "cards" / "notes.yaml").write_text(f'cards:\n  - {{id: a, name: A, type: note, copies: 1, text: "{text}"}}\n')
    (root / "templates" / "note.yaml").write_text(
        "background:\n  - {kind: rect, x: 0, y: 0, w: '100%', h: '100%', fill: '#ffffff'}\n"
        f"styles:\n  main: {style}\n"
        "boxes:\n  text: {x: 2, y: 2, w: 76, h: 16, text: '{{ card.text }}', style: main}\n")
    # A plain back: the shared poker-sized back's deck label has no room on an 80 x 20 mm card (FIT001).
    (root / "templates" / "back.yaml").write_text(
        "background:\n  - {kind: rect, x: 0, y: 0, w: '100%', h: '100%', fill: '#dddddd'}\n")
    return root


def with_fonts(root: Path) -> Path:
    box_font(root / "fonts" / "TestCJK.ttf", "Test CJK", "東京", advance=900)
    box_font(root / "fonts" / "TestHebrew.ttf", "Test Hebrew", "בית", advance=500)
    box_font(root / "fonts" / "TestEmoji.otf", "Test Emoji", "🐙", advance=1200, cff=True)  # CFF outlines
    return root


def test_fallback_fonts_print_every_script_and_are_embedded_as_subsets(tmp_path):
    root = with_fonts(make_game(tmp_path, "{font: body, size: 20, min_size: 20, wrap: false, "
                                          "fallback: [Test CJK, TestHebrew, Test Emoji]}"))
    game = load_game(root)
    assert not [f for f in validate_game(game).findings if f.code == "GLYPH001"]
    result = build_game(game, tmp_path / "out")
    pdf_path = next(p for p in result.files if p.suffix == ".pdf")
    with pikepdf.open(pdf_path) as pdf:
        # Right-to-left text is drawn by glyph id: Type0 fonts whose descendant holds the descriptor.
        fonts = {str(o.get("/BaseFont")): o if o.get("/Subtype") == "/TrueType" else o.DescendantFonts[0]
                 for o in pdf.objects if isinstance(o, pikepdf.Dictionary)
                 and o.get("/Type") == "/Font" and o.get("/Subtype") in ("/TrueType", "/Type0")}
        names = " ".join(fonts)
        for family in ("Test-CJK", "Test-Hebrew", "Test-Emoji"):  # their PostScript names
            assert family in names, names
        for base, font in fonts.items():
            assert "+" in base, base                                 # a subset (ABCDEF+Name)
            assert "/FontFile2" in font.FontDescriptor, base         # embedded
    # On pixels: the two CJK boxes, the Hebrew boxes and the emoji box all leave ink after "Go".
    pdf, _ = cards_pdf(load_game(root), "note", list(load_game(root).cards), 0.0)
    im = next(rasterise(pdf, 800, 200)).convert("L")
    y = max(range(im.height), key=lambda r: sum(im.getpixel((x, r)) < 100 for x in range(im.width)))
    row = [im.getpixel((x, y)) for x in range(im.width)]
    dark = [x for x, v in enumerate(row) if v < 100]
    runs = []
    for x in dark:
        if runs and x - runs[-1][1] <= 2:
            runs[-1][1] = x
        else:
            runs.append([x, x])
    widths = sorted(b - a for a, b in runs)
    # 2 CJK boxes (900 units), 3 Hebrew (500), 1 emoji (1200) at 20 pt on 800 px / 80 mm: 6 boxes.
    assert len([w for w in widths if w > 25]) >= 6, runs


def test_a_character_no_font_has_is_reported_with_its_code_point(tmp_path):
    root = with_fonts(make_game(tmp_path, "{font: body, size: 20, fallback: [Test CJK]}"))
    findings = [f for f in validate_game(load_game(root)).findings if f.code == "GLYPH001"]
    assert len(findings) == 1
    message = findings[0].message
    assert "U+05D1" in message and "U+1F419" in message and "U+6771" not in message  # Hebrew, emoji; CJK has a fallback
    assert findings[0].card == "a" and findings[0].field == "text" and findings[0].line == 2
    # The build says so too (in this process: the command's exit codes and one-line errors as a
    # shell sees them are test_corrupt_font_is_one_line_exit_2's).
    run = CliRunner().invoke(app, ["build", str(root), "--out", str(tmp_path / "o")])
    assert "GLYPH001" in run.stderr and "U+1F419" in run.stderr


def test_own_font_by_name_and_unknown_font_lists_the_games_fonts(tmp_path):
    root = with_fonts(make_game(tmp_path, "{font: Test CJK, size: 12}", text="東京"))
    game = load_game(root)
    assert not [f for f in validate_game(game).findings if f.code in ("GLYPH001", "FIT001")]
    (root / "templates" / "note.yaml").write_text((root / "templates" / "note.yaml").read_text().replace("Test CJK", "Test CJX"))
    with pytest.raises(Exception, match=r"unknown font 'Test CJX' \(did you mean 'Test CJK'\?\).*the game's fonts/"):
        validate_game(load_game(_fresh_copy(root, tmp_path)))


def _fresh_copy(root: Path, tmp_path: Path) -> Path:
    import shutil

    copy = tmp_path / "copy"
    shutil.copytree(root, copy)
    return copy


def test_corrupt_font_is_one_line_exit_2(tmp_path):
    root = make_game(tmp_path / "g", "{font: Broken, size: 12}", text="x")
    (root / "fonts").mkdir()
    (root / "fonts" / "Broken.ttf").write_bytes(b"\x00\x01\x00\x00 not really a font")
    run = subprocess.run([PNPGEN, "validate", str(root)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and "Broken.ttf" in run.stderr and "not a usable TrueType/OpenType font" in run.stderr


def test_a_font_linking_outside_the_folder_is_refused(tmp_path):
    outside = box_font(tmp_path / "elsewhere" / "Out.ttf", "Out", "x")
    root = make_game(tmp_path / "g", "{font: Out, size: 12}", text="x")
    (root / "fonts").mkdir()
    (root / "fonts" / "Out.ttf").symlink_to(outside)
    with pytest.raises(SpecError, match="lies outside"):
        validate_game(load_game(root))


def test_hyphenation_uses_pyphen_dictionaries():
    points = [i for i, add in hyphen_points("COUNTERINTELLIGENCE") if add]
    assert points == [4, 7, 9, 12, 14]                      # COUN-TER-IN-TEL-LI-GENCE
    assert 6 not in points                                  # never COUNTE-RINTELLIGENCE
    german = [i for i, add in hyphen_points("Silbentrennung", "de_DE") if add]
    assert german and all(3 <= i <= len("Silbentrennung") - 3 for i in german)
    assert (5, False) in hyphen_points("FACE-DOWN")         # at the existing hyphen, no extra one


def test_a_long_word_breaks_where_the_dictionary_says():
    fit = fit_text("COUNTERINTELLIGENCE", 60, 100, "body", 12, 12)
    first = fit.lines[0].runs[0].text
    assert first.endswith("-") and first[:-1] in ("COUN", "COUNTER", "COUNTERIN", "COUNTERINTEL", "COUNTERINTELLI")


def test_unknown_language_is_an_error_naming_the_line(tmp_path):
    root = make_game(tmp_path, "{font: body, size: 12}", text="x", language="xx_YY")
    with pytest.raises(SpecError, match=r"game.yaml:5: 'language' must be a language code"):
        load_game(root)


def test_cff_conversion_keeps_the_fonts_own_timestamp(tmp_path, monkeypatch):
    """A CFF font converted to TrueType outlines carries the source's head.modified, not the time of
    conversion, so a build with a cold cache writes the same bytes as one with a warm cache (the
    Tidepool card PDF differed between machines in its LobsterTwo subset)."""
    import io

    from fontTools.ttLib import TTFont as ToolsFont

    from pnpgen.render.fonts import _truetype_outlines

    source = Path(__file__).resolve().parents[2] / "examples" / "tidepool" / "fonts" / "LobsterTwo-BoldItalic.otf"
    data = source.read_bytes()
    monkeypatch.setenv("PNPGEN_CACHE", str(tmp_path / "first"))
    first = _truetype_outlines(data, "lobster", source)
    monkeypatch.setenv("PNPGEN_CACHE", str(tmp_path / "second"))
    monkeypatch.setattr("time.time", lambda: 2_000_000_000.0)  # a conversion made years later
    second = _truetype_outlines(data, "lobster", source)
    assert first == second
    assert ToolsFont(io.BytesIO(first))["head"].modified == ToolsFont(io.BytesIO(data))["head"].modified


def test_a_face_is_read_at_its_first_lookup_and_a_failing_one_fails_every_time():
    """Bundled faces are registered when reportlab first looks their name up (rlcompat): a face that
    cannot be read gives its own error at each lookup, not reportlab's "no afm found" the second time."""
    from reportlab.pdfbase import pdfmetrics

    from pnpgen.render import rlcompat
    from pnpgen.render.fonts import FACES, FONTS_DIR
    from pnpgen.render.subsetfont import SubsetFont

    read = []

    def broken() -> None:
        read.append(1)
        raise OSError(2, "No such file or directory", "gone.ttf")

    rlcompat.register_on_first_use({"BrokenFaceForTest": broken})
    for _ in range(2):
        with pytest.raises(OSError, match="gone.ttf"):
            pdfmetrics.getFont("BrokenFaceForTest")
    assert len(read) == 2
    read.clear()

    def late() -> None:
        font = SubsetFont("LateFaceForTest", str(FONTS_DIR / FACES["RobotoCondensed"]))
        read.append(font)
        pdfmetrics.registerFont(font)

    rlcompat.register_on_first_use({"LateFaceForTest": late})
    assert read == []  # named, not read
    first = pdfmetrics.getFont("LateFaceForTest")
    # Read once, at the first lookup (reportlab hands back the font it already holds for a face it
    # has read under another name, so the object may be that one).
    assert len(read) == 1 and pdfmetrics.getFont("LateFaceForTest") is first and len(read) == 1
