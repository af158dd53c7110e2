"""CSV injection (issue #32): ``pnpgen export --csv`` writes no cell a spreadsheet would run as a formula
(``=``, ``+``, ``-``, ``@``, tab, CR get a leading ``'``, as OWASP recommends), and the CSV/XLSX card
reader removes exactly that ``'``, so exported cards read back with the same values — including text
that already starts with ``'`` and negative numbers (written as plain numbers: not formulas).
"""

from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from harness import RSS_LIMIT_MB, new_game, run_pnpgen
from pnpgen.cellescape import FORMULA_START, as_cell, from_cell
from pnpgen.spec import load_game

HOSTILE_TEXTS = ["=cmd|' /C calc'!A0", "+SUM(1,1)", "@SUM(1+1)*cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0",
                 "\t=1+1", "\r=1+1", "'=already quoted", "''two quotes", "'Tis the season", "-1", "+1", "'"]
EXTRA_FIELDS = "      modifier: {type: int}\n      weight: {type: number}\n      tags: {type: list}\n"


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return new_game(tmp_path_factory.mktemp("inject") / "g")


def _hostile_game(made: Path, folder: Path) -> Path:
    """The game with event cards whose name, text, list and number cells are the hostile values."""
    shutil.copytree(made, folder)
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("      strength: {type: int, min: 0, max: 9, required: true}\n",
                                                       "      strength: {type: int, min: 0, max: 9, required: true}\n"
                                                       + EXTRA_FIELDS))
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\r\n")
    writer.writerow(["id", "name", "copies", "strength", "text", "modifier", "weight", "tags"])
    for i, text in enumerate(HOSTILE_TEXTS):
        # A leading ' is the reader's escape: the hostile value is written escaped, as export would.
        writer.writerow([f"e{i}", as_cell(f"{text} {i}" if text.strip() else f"{i}"), 1, 1, as_cell(text),
                         -i, -i - 0.5, as_cell(f"{text}|x")])
    (folder / "cards" / "events.csv").write_bytes(buf.getvalue().encode())
    return folder


def _values(folder: Path) -> dict[str, tuple]:
    return {c.id: (c.name, c.copies, dict(c.fields)) for c in load_game(str(folder)).cards}


def test_export_escapes_every_formula_cell_and_reads_back_the_same_cards(made: Path, tmp_path: Path) -> None:
    game = _hostile_game(made, tmp_path / "g")
    original = _values(game)
    assert original["e0"][2]["text"] == "=cmd|' /C calc'!A0" and original["e2"][2]["modifier"] == -2
    assert original["e6"][2]["text"] == "'=already quoted" and original["e11"][2]["text"] == "'"
    outcome = run_pnpgen("export", "g", "--csv", "--out", "csv", cwd=tmp_path)
    assert outcome.code == 0 and "Traceback" not in outcome.output, outcome.describe()
    assert outcome.peak_mb < RSS_LIMIT_MB, outcome.describe()
    rows = _rows(tmp_path / "csv" / "event.csv")
    cells = [cell for row in rows for cell in row]
    formulas = [c for c in cells if c[:1] in FORMULA_START and not _plain_number(c)]
    assert not formulas, f"cells a spreadsheet would run: {formulas}"
    assert "'=cmd|' /C calc'!A0" in cells and "'+SUM(1,1)" in cells and "''=already quoted" in cells
    assert "-3" in cells and "-3.5" in cells  # numbers stay numbers
    # Read back: the exported sheet replaces the card file, every card the same.
    (game / "cards" / "events.csv").unlink()
    shutil.copyfile(tmp_path / "csv" / "event.csv", game / "cards" / "events.csv")
    shutil.copyfile(tmp_path / "csv" / "hero.csv", game / "cards" / "heroes.csv")
    assert _values(game) == original


def test_a_workbook_saved_from_the_exported_csv_reads_back_the_same(made: Path, tmp_path: Path) -> None:
    """A spreadsheet program opening the CSV keeps the ``'`` in the cell's text; saved as XLSX, the
    reader removes it the same way."""
    openpyxl = pytest.importorskip("openpyxl")
    game = _hostile_game(made, tmp_path / "g")
    original = _values(game)
    rows = _rows(game / "cards" / "events.csv")
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "event"
    for row in rows:
        sheet.append([_number(c) for c in row])
    (game / "cards" / "events.csv").unlink()
    book.save(game / "cards" / "events.xlsx")
    assert _values(game) == original


def _rows(path: Path) -> list[list[str]]:
    """The cells of a CSV file, carriage returns inside cells kept (no newline translation)."""
    return list(csv.reader(io.StringIO(path.read_bytes().decode("utf-8-sig"), newline="")))


def _plain_number(cell: str) -> bool:
    """A cell every spreadsheet reads as a number (digits, one sign, a point, an exponent): no formula."""
    if not cell or cell[0] == "+" or not set(cell) <= set("0123456789.-eE"):
        return False
    try:
        float(cell)
    except ValueError:
        return False
    return True


def _number(cell: str):
    """As a spreadsheet program types a CSV cell: a plain number becomes a number."""
    if _plain_number(cell):
        return float(cell) if "." in cell else int(cell)
    return cell


@settings(max_examples=500, deadline=None)
@given(st.text())
def test_any_text_round_trips_and_is_never_a_formula(text: str) -> None:
    cell = as_cell(text)
    assert from_cell(cell) == text
    assert cell[:1] not in FORMULA_START or _plain_number(cell)


@pytest.mark.parametrize("text", [*HOSTILE_TEXTS, "", "plain", "''", "'a", "-", "-1e-05", "1-2", "- 1", "-inf", "-nan"])
def test_explicit_cells_round_trip(text: str) -> None:
    assert from_cell(as_cell(text)) == text
    assert as_cell(text)[:1] not in FORMULA_START or _plain_number(as_cell(text))
