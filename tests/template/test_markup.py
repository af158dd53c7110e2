"""Running-text markup (pnpgen.markup): bold pairs, the \\* and \\\\ escapes, an unclosed ``**``
printed as it is and reported (MARKUP001), the ``bold`` filter writing markup that keeps literal
asterisks literal, and fitting and drawing reading the same runs — checked on real renders read
back from the PDF."""

from __future__ import annotations

import json
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from typer.testing import CliRunner

from pnpgen.cli import app
from pnpgen.markup import Problem, Run, escape, parse, plain, with_bold, write
from pnpgen.render.fonts import font_name
from pnpgen.render.textfit import fit_text, unit_width
from pnpgen.template.bounded import bold_matches
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
      flavour: {type: text}
"""

TEMPLATE = """size: poker
styles:
  title: {font: bold, size: 10, min_size: 6, color: "#111111", valign: middle, wrap: false, padding: 0.5}
  text: {font: body, bold_font: bold, size: 8, min_size: 5, color: "#111111", valign: top, padding: 1}
boxes:
  title: {x: 3, y: 3, w: 57.5, h: 7, text: "{{ card.name }}", style: title}
  text: {x: 3, y: 20, w: 57.5, h: 28, text: "{{ card.text | bold('Cast:') }}", style: text}
  flavour: {x: 3, y: 60, w: 57.5, h: 20, text: "{{ card.flavour }}", style: text}
"""


def game_dir(tmp_path: Path, rows: str) -> Path:
    return spell_game(tmp_path / "runes", GAME, TEMPLATE, "id,name,text,flavour\n" + rows)


def pdf_text(path: Path) -> str:
    pdf = pdfium.PdfDocument(str(path))
    return "\n".join(page.get_textpage().get_text_range() for page in pdf).replace("\r\n", "\n")


# -- the grammar ------------------------------------------------------------------------------
def test_bold_pairs_make_bold_runs_also_across_lines():
    assert parse("**Fight:** deal 2").runs == (Run("Fight:", True), Run(" deal 2"))
    assert parse("No attachments.**\nReaction:** win").runs == (
        Run("No attachments."), Run("\nReaction:", True), Run(" win"))
    assert parse("**Fight:** deal 2").problems == ()


def test_escapes_print_an_asterisk_and_a_backslash():
    assert parse(r"deal 2\* damage").runs == (Run("deal 2* damage"),)
    assert parse(r"a \\ b").runs == (Run("a \\ b"),)
    assert plain(r"\*\*not bold\*\*") == "**not bold**"
    assert parse(r"\*\*not bold\*\*").problems == ()
    # an escaped backslash does not escape the asterisk after it: that one opens bold
    assert parse(r"\\**x**").runs == (Run("\\"), Run("x", True))


def test_any_other_backslash_prints_as_it_is_and_is_no_problem():
    for text in (r"C:\games\new", "ends with \\", r"\n is not a newline"):
        assert plain(text) == text
        assert parse(text).problems == ()


def test_a_single_asterisk_with_spaces_round_it_is_literal_and_three_are_bold_italic():
    assert parse("2 * 3 = 6").runs == (Run("2 * 3 = 6"),)
    assert parse("2 * 3 = 6").problems == ()
    assert parse("***x***").runs == (Run("x", True, True),)


def test_an_unclosed_bold_prints_its_asterisks_and_is_a_problem_where_it_stands():
    parsed = parse("**Fight:** deal 2. **Evade")
    assert parsed.plain == "Fight: deal 2. **Evade"
    assert parsed.runs == (Run("Fight:", True), Run(" deal 2. **Evade"))
    assert parsed.problems == (Problem(19),)
    text = "First line.\nThen **bold"
    (problem,) = parse(text).problems
    assert problem.where(text) == "character 18 (line 2, character 6)"
    (problem,) = parse("a **b").problems
    assert (problem.offset, problem.where("a **b")) == (2, "character 3")


def test_written_runs_read_back_the_same():
    runs = (Run("a*b\\c ~"), Run("bold *", True), Run("\nend "), Run("it", italic=True), Run(" "),
            Run("both", True, True), Run("x"))
    back = parse(write(runs))
    assert back.plain == "".join(r.text for r in runs) and back.problems == ()
    # every visible character keeps its style; a space may join the style beside it (it is set in
    # the face of the word after it either way)
    assert _styles(back.runs) == _styles(runs)
    assert write(runs).startswith("a\\*b\\\\c \\~**bold \\*")
    assert plain(escape("**x** \\* \\")) == "**x** \\* \\"


def _styles(runs) -> list[tuple[str, bool, bool]]:
    return [(ch, r.bold, r.italic) for r in runs for ch in r.text if not ch.isspace()]


def test_with_bold_joins_new_bold_with_bold_already_there():
    assert with_bold("**Cast:** now", [(0, 4)]) == "**Cast:** now"
    assert with_bold("Cast: now", [(0, 5), (5, 9)]) == "**Cast: now**"
    assert with_bold("Cast: now", []) == "Cast: now"


# -- the bold filter --------------------------------------------------------------------------
def test_bold_filter_keeps_literal_asterisks_literal():
    # the match "Attack*" holds an escaped asterisk: it must stay a printed asterisk, inside the bold
    assert parse(bold_matches(r"\w+\*", r"Attack\* now")).runs == (Run("Attack*", True), Run(" now"))
    # a lone asterisk next to a match must not pair with the added marks
    assert parse(bold_matches("Cast", "*Cast")).runs == (Run("*"), Run("Cast", True))
    # an unclosed mark in the source stays two printed asterisks, never pairs with an added one
    out = bold_matches("deal", "**Fight: deal")
    assert parse(out).runs == (Run("**Fight: "), Run("deal", True))
    assert parse(out).problems == ()


def test_bold_filter_matches_the_text_as_printed():
    assert bold_matches("^[A-Z][a-z ]+:", "**Ambush:** hide") == "**Ambush:** hide"
    assert bold_matches("Ambush|Flying", "Ambush, Flying") == "**Ambush**, **Flying**"


# -- fitting measures what drawing sets -------------------------------------------------------
def test_fit_measures_escaped_and_unclosed_asterisks_as_printed():
    body = font_name("body")
    fit = fit_text(r"2\* and **more", 500, 50, "body", 10)
    (line,) = fit.lines
    assert fit.text == "2* and **more"
    assert [(r.text, r.font) for r in line.runs] == [("2* and **more", body)]
    assert line.width == pytest.approx(unit_width("2* and **more", body) * 10)


# -- end to end: drawn, read back, reported ---------------------------------------------------
def test_escaped_asterisk_and_backslash_are_drawn(tmp_path: Path):
    game = game_dir(tmp_path, 'star,Star,Cast: deal 2\\* damage.,"A \\\\ and a \\*, **Run!** he cried."\n')
    result = runner.invoke(app, ["validate", str(game)])
    assert "MARKUP001" not in result.output
    result = runner.invoke(app, ["build", str(game), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    text = pdf_text(tmp_path / "out" / "runes" / "runes-a4.pdf")
    assert "Cast: deal 2* damage." in text
    assert "A \\ and a *, Run! he cried." in text


def test_unclosed_bold_is_drawn_and_reported_with_card_field_and_character(tmp_path: Path):
    game = game_dir(tmp_path, 'broken,Broken,Cast: draw a card.,Run!** he cried.\n')
    result = runner.invoke(app, ["validate", str(game), "--format", "json"])
    assert result.exit_code == 1, result.output
    (finding,) = [f for f in json.loads(result.output)["findings"] if f["code"] == "MARKUP001"]
    assert (finding["severity"], finding["card"], finding["field"], finding["line"]) == ("error", "broken", "flavour", 2)
    assert "at character 5" in finding["message"] and "\\*" in finding["fix"]
    runner.invoke(app, ["build", str(game), "--out", str(tmp_path / "out")])
    assert "Run!** he cried." in pdf_text(tmp_path / "out" / "runes" / "runes-a4.pdf")
