"""Card data from spreadsheets: CSV (comma, semicolon, BOM) and XLSX (a sheet per type, or a type
column) read into the same cards as YAML; errors name file:row:column, card and field; and
`pnpgen export --csv` round-trips a YAML card set through spreadsheets unchanged."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest
from typer.testing import CliRunner

from pnpgen.cli import app
from pnpgen.spec import load_game
from pnpgen.spec.errors import SpecError
from pnpgen.spec.export import export_csv

# The CLI in this process (the installed command's exit codes: tests/project, tests/hostile).
runner = CliRunner()
GAME = """id: sheet
name: Sheet Game
players: {min: 1, max: 2}
source: {document: none.txt}
card_types:
  hero:
    name: Hero
    size: poker
    fields:
      cost: {type: int, min: 0, max: 9}
      speed: {type: number}
      flying: {type: bool}
      side: {type: enum, values: [light, dark]}
      tags: {type: list}
      text: {type: text}
      art: {type: image}
  event:
    name: Event
    size: poker
    fields:
      strength: {type: int, required: true}
"""


def game_dir(tmp_path: Path, files: dict[str, str | bytes]) -> Path:
    root = tmp_path / "sheet"
    (root / "cards").mkdir(parents=True)
    (root / "game.yaml").write_text(GAME)
    for name, body in files.items():
        path = root / "cards" / name
        path.write_bytes(body if isinstance(body, bytes) else body.encode("utf-8"))
    return root


def test_csv_with_comma_coerces_every_field_type(tmp_path):
    csv = ("id,name,copies,cost,speed,flying,side,tags,text,art\n"
           'ace,Ace,2,3,1.5,yes,light,fast|brave,"Draw a card, then ""win"".",art/ace.png\n'
           "bo,Bo,,,,,,,,\n")
    game = load_game(game_dir(tmp_path, {"hero.csv": csv}))
    ace, bo = game.cards
    assert (ace.id, ace.name, ace.type, ace.copies) == ("ace", "Ace", "hero", 2)
    assert ace.fields == {"cost": 3, "speed": 1.5, "flying": True, "side": "light", "tags": ["fast", "brave"],
                          "text": 'Draw a card, then "win".', "art": "art/ace.png"}
    assert bo.copies == 1 and all(v is None for v in bo.fields.values())  # empty cells are unknown


def test_semicolon_csv_with_bom_decimal_comma_and_derived_ids(tmp_path):
    csv = "\ufeffname;type;speed;flying\nSea Otter;hero;2,5;Non\n".replace("Non", "no")
    game = load_game(game_dir(tmp_path, {"mixed.csv": csv}))
    (otter,) = game.cards
    assert (otter.id, otter.type, otter.copies, otter.fields["speed"], otter.fields["flying"]) == ("sea-otter", "hero", 1, 2.5, False)


def test_xlsx_sheet_per_type_and_type_column(tmp_path):
    book = openpyxl.Workbook()
    heroes = book.active
    heroes.title = "hero"
    heroes.append(["name", "cost", "tags", "flying"])
    heroes.append(["Kite", 2, "air|quick", True])
    heroes.append([None, None, None, None])            # a blank row between blocks
    heroes.append(["Mole", 4.0, None, False])          # Excel keeps whole numbers as floats
    mixed = book.create_sheet("more")
    mixed.append(["type", "name", "strength", "copies"])
    mixed.append(["event", "Storm", 3, 2])
    book.create_sheet("notes")                         # an empty tab is ignored
    path = tmp_path / "book.xlsx"
    book.save(path)
    game = load_game(game_dir(tmp_path, {"cards.xlsx": path.read_bytes()}))
    assert [(c.id, c.type, c.copies) for c in game.cards] == [("kite", "hero", 1), ("mole", "hero", 1), ("storm", "event", 2)]
    assert game.card("kite").fields["tags"] == ["air", "quick"] and game.card("mole").fields["cost"] == 4
    assert game.card("storm").fields["strength"] == 3
    assert game.card("mole").location.file.endswith("cards.xlsx[hero]") and game.card("mole").location.line == 4


@pytest.mark.parametrize("csv,needle", [
    ("name,cost\nAce,three\n", "cards/hero.csv:2:B (cost): card 'ace': 'cost' must be a whole number, got 'three'"),
    ("name,cost\nAce,12\n", "cards/hero.csv:2:B (cost): card 'ace': 'cost' must be a whole number from 0 to 9, got 12"),
    ("name,side\nAce,grey\n", "cards/hero.csv:2:B (side): card 'ace': 'side' must be one of light, dark, got 'grey'"),
    ("name,flying\nAce,maybe\n", "cards/hero.csv:2:B (flying): card 'ace': 'flying' must be true or false"),
    ("name,cots\nAce,1\n", "cards/hero.csv:1:B: unknown column 'cots' (did you mean 'cost'?)"),
    ("name,cost,cost\nAce,1,2\n", "cards/hero.csv:1:C: column 'cost' appears twice"),
    ("name,cost\nAce,1,5\n", "cards/hero.csv:2:C: row has 3 cells but the header names 2 columns"),
    ("cost\n1\n", "cards/hero.csv:1: no 'name' column"),
    ("name,cost\n\"Ace,1\n", "cards/hero.csv:"),
])
def test_csv_errors_name_file_row_column_card_and_field(tmp_path, csv, needle):
    with pytest.raises(SpecError) as err:
        load_game(game_dir(tmp_path, {"hero.csv": csv}))
    assert needle in str(err.value)
    assert "\n" not in str(err.value)


def test_no_type_anywhere_is_an_error(tmp_path):
    with pytest.raises(SpecError, match="no 'type' column, and the file name is no card type"):
        load_game(game_dir(tmp_path, {"stuff.csv": "name\nAce\n"}))


def test_not_a_workbook_and_not_utf8_are_one_line_errors_with_exit_2(tmp_path):
    root = game_dir(tmp_path, {"cards.xlsx": b"this is no zip file"})
    run = runner.invoke(app, ["validate", str(root)])
    assert run.exit_code == 2 and "not an Excel workbook" in run.stderr and len(run.stderr.strip().splitlines()) == 1
    (root / "cards" / "cards.xlsx").unlink()
    (root / "cards" / "hero.csv").write_bytes(b"name,text\nAce,caf\xe9\n")
    run = runner.invoke(app, ["validate", str(root)])
    assert run.exit_code == 2 and "hero.csv:2: not UTF-8 text" in run.stderr


def test_a_spreadsheet_linking_outside_the_folder_is_refused(tmp_path):
    outside = tmp_path / "elsewhere.csv"
    outside.write_text("name\nAce\n")
    root = game_dir(tmp_path, {})
    (root / "cards" / "hero.csv").symlink_to(outside)
    with pytest.raises(SpecError, match="lies outside"):
        load_game(root)


def _same_cards(a, b) -> None:
    assert [(c.id, c.name, c.type, c.copies, c.fields) for c in a] == [(c.id, c.name, c.type, c.copies, c.fields) for c in b]


@pytest.mark.parametrize("game_id", ["xenoshyft", "zombicide-invader"])
def test_export_csv_round_trips_a_yaml_card_set(tmp_path, game_id):
    """Bundled YAML cards -> CSV per type -> a folder whose cards are those CSVs -> the same cards."""
    original = load_game(game_id)
    copy = tmp_path / game_id
    shutil.copytree(original.directory, copy, ignore=shutil.ignore_patterns("*.yaml"))
    shutil.copy(Path(original.directory) / "game.yaml", copy / "game.yaml")
    written = export_csv(original, copy / "cards")
    assert {p.name for p in written} == {f"{t}.csv" for t in {c.type for c in original.cards}}
    _same_cards(sorted(original.cards, key=lambda c: (c.type, c.id)), sorted(load_game(copy).cards, key=lambda c: (c.type, c.id)))
    again = export_csv(load_game(copy), tmp_path / "again")
    assert [p.read_bytes() for p in again] == [p.read_bytes() for p in written]  # byte-stable


def test_export_csv_of_an_expansion_round_trips_through_the_cli(tmp_path):
    from pnpgen.scaffold import new_expansion

    made = new_expansion(tmp_path / "exp", "xenoshyft")
    before = load_game(made.directory).own_cards()
    run = runner.invoke(app, ["export", str(made.directory), "--csv", "--out", str(tmp_path / "csv")])
    assert run.exit_code == 0, run.stderr
    for path in (made.directory / "cards").glob("*.yaml"):
        path.unlink()
    for path in (tmp_path / "csv").glob("*.csv"):
        shutil.copy(path, made.directory / "cards" / path.name)
    _same_cards(before, load_game(made.directory).own_cards())


def test_xlsx_values_read_as_openpyxl_reads_them_and_past_a_stale_dimension(tmp_path):
    """pnpgen's bounded .xlsx reader gives the values openpyxl gives (rich text joined, dates as
    datetimes, booleans, whole numbers and floats), and every row and column even when the sheet's
    <dimension> says less (openpyxl's read-only mode stops at it)."""
    import datetime
    import io
    import re
    import zipfile

    from openpyxl.cell.rich_text import CellRichText, TextBlock
    from openpyxl.cell.text import InlineFont

    from pnpgen.spec.xlsxread import Workbook

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "hero"
    sheet.append(["name", "cost", "speed", "flying", "text", "when"])
    sheet.append(["Kite", 2, 1.5, True, CellRichText("Draw ", TextBlock(InlineFont(b=True), "two"), "."),
                  datetime.datetime(2024, 1, 2, 3, 4)])
    sheet.append(["Mole", 4.0, None, False, "x_x005F_y", datetime.date(1999, 12, 31)])
    sheet["H9"] = "far"
    data = io.BytesIO()
    book.save(data)
    expected = [list(r) for r in openpyxl.load_workbook(io.BytesIO(data.getvalue()), data_only=True)["hero"].iter_rows(values_only=True)]
    with zipfile.ZipFile(data) as src:
        parts = {n: src.read(n) for n in src.namelist()}
    parts["xl/worksheets/sheet1.xml"] = re.sub(rb'<dimension ref="[^"]*"', b'<dimension ref="A1:B2"', parts["xl/worksheets/sheet1.xml"])
    stale = io.BytesIO()
    with zipfile.ZipFile(stale, "w") as out:
        for name, body in parts.items():
            out.writestr(name, body)
    ((title, rows),) = list(Workbook(Path("book.xlsx"), stale.getvalue()).sheets())
    got = {n: cells for n, cells in rows}
    assert title == "hero" and sorted(got) == [1, 2, 3, 9]
    for n, cells in got.items():
        assert cells + [None] * (len(expected[n - 1]) - len(cells)) == expected[n - 1], n
    assert got[2][4] == "Draw two." and got[9] == [None] * 7 + ["far"]
