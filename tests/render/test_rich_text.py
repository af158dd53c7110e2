"""Issue #28 point 1 on real renders: *italic* and ***bold italic*** drawn in the style's faces
(read back from the PDF with pdfium: the font and origin of each character), the \\*, \\~ and \\\\ escapes,
an unclosed * reported (MARKUP001) and printed, a missing face reported (MARKUP002) and the text set
upright, ~ and a number before an icon never parted at a line end, and a bullet's wrapped lines
starting under its first word."""

from __future__ import annotations

import json
from pathlib import Path

import ctypes

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from typer.testing import CliRunner

from pnpgen.cli import app
from pnpgen.markup import Problem, Run, parse
from pnpgen.render.fonts import font_name
from pnpgen.render.textfit import fit_text, unit_width
from pnpgen.template.model import Icon, IconSet, Shape, Where
from facekit import spell_game

runner = CliRunner()

GAME = """id: runes
name: Runes
players: {min: 1, max: 2}
card_types:
  spell:
    name: Spell
    size: poker
    fields:
      text: {type: text}
"""

TEMPLATE = """size: poker
styles:
  text: {font: body, bold_font: bold, italic_font: italic, bold_italic_font: bold_italic, size: 9, color: "#111111"}
  upright: {font: body, bold_font: bold, size: 9, color: "#111111"}
boxes:
  title: {x: 3, y: 3, w: 57.5, h: 7, text: "{{ card.name }}", style: upright}
  text: {x: 3, y: 15, w: 57.5, h: 60, text: "{{ card.text }}", style: STYLE}
"""


def game_dir(tmp_path: Path, rows: str, style: str = "text") -> Path:
    return spell_game(tmp_path / "runes", GAME, TEMPLATE.replace("STYLE", style), "id,name,text\n" + rows)


def pdf_words(pdf: Path) -> list[dict]:
    """The first page's words in drawing order: text, font (subset prefix ABCDEF+ left out) and the
    first character's origin (x, y in points, y up). A word ends at a space or where the font changes."""
    doc = pdfium.PdfDocument(str(pdf))
    text = doc[0].get_textpage()
    words: list[dict] = []
    buf = ctypes.create_string_buffer(256)
    x, y = ctypes.c_double(), ctypes.c_double()
    for i in range(text.count_chars()):
        ch = chr(pdfium_c.FPDFText_GetUnicode(text, i))
        if ch.isspace():
            words.append({})
            continue
        pdfium_c.FPDFText_GetFontInfo(text, i, buf, 256, None)
        font = buf.value.decode().split("+", 1)[-1]
        pdfium_c.FPDFText_GetCharOrigin(text, i, x, y)
        if words and words[-1] and words[-1]["font"] == font:
            words[-1]["text"] += ch
        else:
            words.append({"text": ch, "font": font, "x": x.value, "y": y.value})
    return [w for w in words if w]


def words_with_fonts(pdf: Path) -> list[tuple[str, str]]:
    return [(w["text"], w["font"]) for w in pdf_words(pdf)]


def build(game: Path, out: Path) -> Path:
    result = runner.invoke(app, ["build", str(game), "--out", str(out), "--workers", "1"])
    assert result.exit_code == 0, result.output
    return out / "runes" / "runes-a4.pdf"


# -- the grammar --------------------------------------------------------------------------------
def test_italic_bold_italic_and_nesting_make_runs():
    assert parse("*Swift.* Deal ***2***").runs == (Run("Swift.", italic=True), Run(" Deal "), Run("2", True, True))
    assert parse("**bold *both* bold**").runs == (Run("bold ", True), Run("both", True, True), Run(" bold", True))
    assert parse("*it **both** it*").runs == (Run("it ", italic=True), Run("both", True, True), Run(" it", italic=True))


def test_escapes_and_tilde():
    assert parse(r"\*not italic\* \~ a\\b").runs == (Run("*not italic* ~ a\\b"),)
    assert parse("3~[W] and 4\u00a0[W]").plain == "3\u00a0[W] and 4\u00a0[W]"


def test_unclosed_italic_prints_and_is_a_problem():
    parsed = parse("*Swift: deal 2")
    assert parsed.plain == "*Swift: deal 2" and parsed.problems == (Problem(0, "*"),)
    assert parse("deal 2 * 3").problems == ()  # an asterisk with spaces round it is one


# -- drawn and read back --------------------------------------------------------------------------
def test_italic_and_bold_italic_runs_are_drawn_in_their_faces(tmp_path: Path):
    game = game_dir(tmp_path, 'ember,Ember,"Plain *Slanted* **Heavy** ***Both*** end \\*lit\\*"\n')
    words = dict(words_with_fonts(build(game, tmp_path / "out")))
    assert words["Plain"] == "RobotoCondensed-Regular"
    assert words["Slanted"] == "RobotoCondensed-Italic"
    assert words["Heavy"] == "RobotoCondensed-Bold"
    assert words["Both"] == "RobotoCondensed-BoldItalic"
    assert words["*lit*"] == "RobotoCondensed-Regular"


def test_missing_italic_face_is_reported_and_text_set_upright(tmp_path: Path):
    game = game_dir(tmp_path, 'ember,Ember,"Plain *Slanted* ***Both***"\n', style="upright")
    result = runner.invoke(app, ["validate", str(game), "--format", "json"])
    found = [f for f in json.loads(result.output)["findings"] if f["code"] == "MARKUP002"]
    assert sorted(f["message"].split(" sets ")[1].split(" text")[0] for f in found) == ["bold italic", "italic"]
    assert all(f["severity"] == "warning" and "spell.yaml" in f["file"] for f in found)
    assert any("prints upright, in the regular face" in f["message"] for f in found)
    words = dict(words_with_fonts(build(game, tmp_path / "out")))
    assert words["Slanted"] == "RobotoCondensed-Regular" and words["Both"] == "RobotoCondensed-Bold"


def test_unclosed_italic_is_a_finding_of_validate_and_build(tmp_path: Path):
    game = game_dir(tmp_path, 'ember,Ember,"*Swift: deal 2."\n')
    result = runner.invoke(app, ["validate", str(game), "--format", "json"])
    (finding,) = [f for f in json.loads(result.output)["findings"] if f["code"] == "MARKUP001"]
    assert (finding["card"], finding["field"]) == ("ember", "text")
    assert "unclosed * at character 1" in finding["message"] and "sets nothing italic" in finding["message"]
    out = runner.invoke(app, ["build", str(game), "--out", str(tmp_path / "out"), "--workers", "1"])
    assert "validation errors" in out.output
    assert ("*Swift:", "RobotoCondensed-Regular") in words_with_fonts(tmp_path / "out" / "runes" / "runes-a4.pdf")


# -- line breaking --------------------------------------------------------------------------------
ICON = Icon("wound", "[W]", 1.0, (Shape("rect", Where("t")),), Where("t"))


def test_a_number_and_its_icon_and_a_tilde_never_part():
    body = font_name("body")
    text = "Suffer 1 [W] now"
    # A width where the line would break between "1" and "[W]" if the space were a break.
    width = (unit_width("Suffer 1 ", body) + 0.5) * 10
    fit = fit_text(text, width, 200, "body", 10, icons=IconSet((ICON,)))
    assert fit.text.splitlines()[0] == "Suffer"
    assert fit.text.splitlines()[1].startswith("1 [W]")
    fit = fit_text("Suffer 1~rounds now", width, 200, "body", 10)
    assert fit.text.splitlines()[:2] == ["Suffer", "1 rounds"]
    # without the tilde the line breaks at the space
    assert fit_text("Suffer 1 rounds now", width, 200, "body", 10).text.splitlines()[0] == "Suffer 1"


def test_bullet_wrapped_lines_start_under_the_first_word():
    body = font_name("body")
    fit = fit_text("• Gain one pearl for every creature you have in this pool", 100, 200, "body", 10)
    first, second = fit.lines[0], fit.lines[1]
    assert first.runs[0].text.startswith("• Gain")
    indent = second.runs[0]
    assert indent.icon is not None and indent.text == ""
    # the second line's text starts where "Gain" starts on the first
    assert indent.width == pytest.approx((unit_width("•", body) + unit_width(" ", body)) * 10)
    plain = fit_text("Gain one pearl for every creature you have in this pool", 100, 200, "body", 10)
    assert plain.lines[1].runs[0].icon is None


def test_bullet_indent_is_drawn(tmp_path: Path):
    text = "- Gain one pearl for every creature you have in this pool and another for each shell"
    game = game_dir(tmp_path, f'ember,Ember,"{text}"\n')
    words = pdf_words(build(game, tmp_path / "out"))
    dash = next(w for w in words if w["text"] == "-")
    gain = next(w for w in words if w["text"] == "Gain")
    below = [w for w in words if gain["y"] - 20 < w["y"] < gain["y"] - 3]  # the next line down
    assert below, words
    first = min(below, key=lambda w: w["x"])
    assert first["x"] == pytest.approx(gain["x"], abs=0.2)  # under "Gain", not under "-"
    assert first["x"] > dash["x"] + 2
