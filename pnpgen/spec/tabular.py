"""Card data from spreadsheets: ``cards/*.csv`` and ``cards/*.xlsx`` rows -> the same raw cards as YAML.

A row is a card; the header row names the fields. The result is the loader's raw form (``LocDict``
with each value's row and column), so overrides, expansions' ``replaces`` and every check work the
same whatever the file format; only error locations differ: ``cards/extra.csv:7:C (cost)``.

Rules (docs/spec-format.md, "Spreadsheet cards"):

- CSV: UTF-8 (a BOM is accepted), comma, semicolon or tab separated (taken from the header line);
  XLSX: every sheet, read by its last computed values (:mod:`pnpgen.spec.xlsxread`); the header is row 1.
- Rows and cells holding values are counted as they are read (``PNPGEN_LIMIT_SHEET_ROWS``,
  ``PNPGEN_LIMIT_SHEET_CELLS``), before any card is made of them.
- The card type comes from a ``type`` column, else from the file name (CSV: ``troop.csv``,
  ``troops.csv``, ``heroes.csv``) or the sheet name (XLSX: a sheet called ``troop``).
- ``id`` may be left out: it is made from the name (``Sea Otter`` -> ``sea-otter``).
- ``copies`` may be left out or empty: 1.
- A ``skip_checks`` column lists check codes whose findings about the row's card are dropped
  (``TEXT004|TEXT008``), as a YAML card's ``skip_checks:`` list.
- Values are read by the card type's field types: whole numbers, numbers, ``true/false/yes/no/1/0``,
  one of an enum's values, text, an image path, or a list whose items are separated by ``|``.
- An empty cell is unknown (null), as ``cost: null`` in YAML.
- A column ``FIELD@LANG`` (``name@de``, ``text@ja``) holds the field's translation, read by the
  field's type; an empty cell is no translation (:mod:`pnpgen.spec.translations`).
- A text cell starting with ``'`` and then ``= + - @ ' `` (or a tab/CR) loses that ``'``: it is how
  ``export --csv`` keeps text from running as a formula (:mod:`pnpgen.cellescape`).
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from collections.abc import Set as AbstractSet
from typing import Any, Iterator

from pnpgen.cellescape import from_cell
from pnpgen.errors import SpecError, did_you_mean
from pnpgen.limits import limit, too_big
from pnpgen.slugs import slug as name_slug
from pnpgen.spec.fieldtypes import LIST_SEPARATOR, BadValue, field_type, plain_text, whole_number
from pnpgen.spec.model import CardType, FieldDef
from pnpgen.spec.translations import split_key, valid_language
from pnpgen.spec.xlsxread import Workbook
from pnpgen.spec.yamlio import LocDict

SPREADSHEET_SUFFIXES = (".csv", ".xlsx")
BASE_COLUMNS = ("id", "name", "type", "copies")
SKIP_COLUMN = "skip_checks"  # not a field of any card type: the codes of checks to skip for the row's card


def column_letter(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA (as spreadsheets name columns)."""
    letters = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


def slug(name: str) -> str:
    """An id from a card name: lower-case words joined by dashes, accented letters transliterated
    ("Paranoá" -> ``paranoa``), never dropped (:func:`pnpgen.slugs.slug`)."""
    return name_slug(name)


def _type_from_name(stem: str, card_types: dict[str, CardType]) -> str | None:
    stem = stem.strip().lower()
    plurals = (stem[:-1] if stem.endswith("s") else None, stem[:-2] if stem.endswith("es") else None,
               stem[:-3] + "y" if stem.endswith("ies") else None)  # troops, heroes, abilities
    for candidate in (stem, *plurals, stem.replace(" ", "-")):
        if candidate and candidate in card_types:
            return candidate
    return None


class _Sheet:
    """One table: where it is, its header and its rows of raw cell values (row number, cells)."""

    def __init__(self, file: str, default_type: str | None, header: list[Any], rows: Iterator[tuple[int, list[Any]]]):
        self.file = file
        self.default_type = default_type
        self.header = header
        self.rows = rows


def read_cards(path: Path, files: Any, card_types: dict[str, CardType],
               extra_keys: AbstractSet[str] = frozenset()) -> list[tuple[Path, LocDict]]:
    """(where, raw card) from one CSV or XLSX file read through the game's resolver ``files``;
    ``where`` is the file, or ``book.xlsx[sheet]`` for a workbook's sheet."""
    data = files.read_bytes(path, "data", where=(path, 0))
    sheets = _csv_sheets(path, data, card_types) if path.suffix.lower() == ".csv" else _xlsx_sheets(path, data, card_types)
    cards: list[tuple[Path, LocDict]] = []
    for sheet in sheets:
        cards.extend((Path(sheet.file), raw) for raw in _cards_of(sheet, card_types, extra_keys))
    return cards


# -- CSV -------------------------------------------------------------------------------------------
def _delimiter(header_line: str) -> str:
    counts = {d: 0 for d in ",;\t"}
    quoted = False
    for ch in header_line:
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in counts:
            counts[ch] += 1
    best = max(counts, key=lambda d: (counts[d], d == ","))
    return best if counts[best] else ","


def _csv_sheets(path: Path, data: bytes, card_types: dict[str, CardType]) -> list[_Sheet]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        row = data.count(b"\n", 0, err.start) + 1
        raise SpecError(f"not UTF-8 text (byte 0x{data[err.start]:02x})", file=path, line=row,
                        hint="save the spreadsheet as 'CSV UTF-8'") from None
    if "\x00" in text:
        raise SpecError("holds NUL characters: not a text CSV file", file=path, hint="export it again as CSV UTF-8")
    first = text.split("\n", 1)[0]
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(first), strict=True)
    del text
    try:
        header = next(reader, None)
        rows = _counted(enumerate(reader, 2), str(path))  # a row is a record, as a spreadsheet program counts
    except csv.Error as err:
        raise SpecError(f"CSV error: {err}", file=path, line=reader.line_num,
                        hint="check quotes on that line: a quoted cell must close its quote") from None
    if header is None:
        return []
    return [_Sheet(str(path), _type_from_name(path.stem, card_types), header, iter(rows))]


def _counted(rows: Iterator[tuple[int, list[Any]]], file: str) -> list[tuple[int, list[Any]]]:
    """Every row holding a value, refused at the first one past the sheet limits: read before any
    card is made of them, so a sheet of a million rows costs the reading of the allowed ones only."""
    max_rows, max_cells = limit("sheet_rows"), limit("sheet_cells")
    kept: list[tuple[int, list[Any]]] = []
    cells = 0
    for number, cells_of_row in rows:
        filled = sum(1 for c in cells_of_row if c not in (None, "") and not (isinstance(c, str) and c.isspace()))
        if not filled:
            continue  # blank lines between blocks of cards
        cells += filled
        if len(kept) >= max_rows:
            raise SpecError(too_big("sheet_rows", "too many rows in one sheet"), file=file, line=number)
        if cells > max_cells:
            raise SpecError(too_big("sheet_cells", "too many cells with values in one sheet"), file=file, line=number)
        kept.append((number, cells_of_row))
    return kept


# -- XLSX ------------------------------------------------------------------------------------------
def _xlsx_sheets(path: Path, data: bytes, card_types: dict[str, CardType]) -> Iterator[_Sheet]:
    """The workbook's sheets, each with its header (row 1) and its rows. A sheet with no value at all
    is skipped (a fresh workbook's extra tabs); one whose values start below row 1 is an error."""
    book = Workbook(path, data)
    for title, rows in book.sheets():
        file = f"{path}[{title}]"
        first = next(rows, None)
        if first is None:
            continue
        number, header = first
        if number != 1:
            raise SpecError(f"row 1 is empty but row {number} holds values", file=file, line=number,
                            hint="the header row (field names) must be row 1")
        yield _Sheet(file, _type_from_name(title, card_types), header, iter(_counted(rows, file)))


# -- rows -> raw cards -------------------------------------------------------------------------------
def _cards_of(sheet: _Sheet, card_types: dict[str, CardType], extra_keys: AbstractSet[str]) -> Iterator[LocDict]:
    names: list[str | None] = []
    seen: set[str] = set()
    for i, raw in enumerate(sheet.header):
        name = "" if raw is None else from_cell(str(raw)).strip()
        if not name:
            names.append(None)  # an unnamed column must be empty in every row (checked below)
            continue
        if name in seen:
            raise SpecError(f"column {name!r} appears twice in the header", file=sheet.file, line=1,
                            column=column_letter(i), hint="give each column its own field name")
        seen.add(name)
        names.append(name)
    allowed = {*BASE_COLUMNS, SKIP_COLUMN} | set(extra_keys) | {f for ct in card_types.values() for f in ct.fields}
    for i, header in enumerate(names):  # str, or None for an unnamed column
        split = split_key(header) if header is not None else None
        if split is not None and split[0] in allowed | {"name"} and split[0] not in ("id", "type", "copies"):
            if not valid_language(split[1]):
                raise SpecError(f"column {header!r}: {split[1]!r} is no language code", file=sheet.file, line=1,
                                column=column_letter(i), field=header,
                                hint=f"name a translation column {split[0]}@de, {split[0]}@pt-BR or {split[0]}@ja")
            continue
        if header is not None and header not in allowed:
            raise SpecError(f"unknown column {header!r}{did_you_mean(header, allowed)}", file=sheet.file, line=1,
                            column=column_letter(i), field=header,
                            hint="header cells are field names: id, name, type, copies, skip_checks and the card "
                                 "type's fields")
    if "name" not in names:
        raise SpecError("no 'name' column", file=sheet.file, line=1, hint="the header row needs at least: name")
    if "type" not in names and sheet.default_type is None:
        raise SpecError("no 'type' column, and the file name is no card type", file=sheet.file, line=1,
                        hint=f"add a 'type' column or name the file after a type ({', '.join(card_types)})")
    named = _named(names)
    unnamed = [i for i, name in enumerate(names) if name is None]
    for row_number, cells in sheet.rows:
        if all(c is None or (isinstance(c, str) and not c.strip()) for c in cells):
            continue  # blank lines between blocks of cards
        if len(cells) > len(names) and any(c not in (None, "") for c in cells[len(names):]):
            raise SpecError(f"row has {len(cells)} cells but the header names {len(names)} columns", file=sheet.file,
                            line=row_number, column=column_letter(len(names)),
                            hint="a cell holding the separator must be quoted; or add a header for the extra column")
        yield _card_row(sheet, unnamed, named, cells, row_number, card_types)


class RowDict(LocDict):
    """A card read from a spreadsheet row: a ``LocDict`` that also names each field's cell column
    (``"C (cost)"``), which the loader's errors about a value show."""

    columns: dict[str, str]


def _card_row(sheet: _Sheet, unnamed: list[int], named: list[tuple[int, str, str, str]], cells: list[Any], row: int,
              card_types: dict[str, CardType]) -> LocDict:
    """A row's card; ``unnamed``: the header's columns with no name, ``named``: (index, field,
    column letter, column label) of the others, both worked out once per sheet."""
    raw = RowDict()
    raw.line = row
    raw.columns = {}
    values = {}
    for i in unnamed:
        if i >= len(cells):  # the row's own cells: a header of many empty columns costs nothing per row
            break
        if cells[i] not in (None, ""):
            raise SpecError("a value in a column with no header", file=sheet.file, line=row,
                            column=column_letter(i), hint="name the column in the header row")
    for i, name, col, col_label in named:
        cell = cells[i] if i < len(cells) else None
        values[name] = (from_cell(cell) if isinstance(cell, str) else cell, col)
        raw.columns[name] = col_label
    type_cell = values.get("type", (None, ""))[0]
    type_id = str(type_cell).strip() if type_cell not in (None, "") else sheet.default_type
    name_cell = values.get("name", (None, ""))[0]
    id_cell = values.get("id", (None, ""))[0]
    name_text = str(name_cell).strip() if name_cell not in (None, "") else None
    label = str(id_cell).strip() if id_cell not in (None, "") else (slug(name_text) if name_text else None)
    ctype = card_types.get(type_id) if type_id else None
    for key, (cell, col) in values.items():
        raw.lines[key] = row
        value = _empty_to_none(cell)
        if key in ("name", "type", "id") and value is not None:
            value = str(value).strip() if not isinstance(value, str) else value.strip()
        elif key == "copies":
            value = 1 if value is None else _whole(value, sheet, row, col, key, label)
        elif key == SKIP_COLUMN and value is not None:
            value = [code.strip() for code in plain_text(value).split(LIST_SEPARATOR) if code.strip()]
        elif ctype is not None and key in ctype.fields and value is not None:
            value = _coerce(value, ctype.fields[key], sheet, row, col, label)
        elif ctype is not None and value is not None and (split := split_key(key)) and split[0] in ctype.fields:
            value = _coerce(value, ctype.fields[split[0]], sheet, row, col, label)
        elif value is not None and key not in ("name", "type", "id"):
            value = value if isinstance(value, str) else plain_text(value)
        raw[key] = value
    if "type" not in raw and type_id is not None:
        raw["type"] = type_id
        raw.lines["type"] = row
    if raw.get("id") is None and name_text:
        raw["id"] = slug(name_text)
        raw.lines["id"] = row
    elif raw.get("id") is None:
        raw.pop("id", None)
    if "copies" not in raw:
        raw["copies"] = 1
        raw.lines["copies"] = row
    if ctype is not None:
        for key in list(raw):
            if key in ctype.fields or key in BASE_COLUMNS:
                continue
            if raw[key] is None:
                del raw[key]  # another type's column, empty on this row
    return raw


def _named(names: list[str | None]) -> list[tuple[int, str, str, str]]:
    """(column index, field name, column letter, ``"C (cost)"`` label) of the header's named columns."""
    return [(i, name, column_letter(i), f"{column_letter(i)} ({name})") for i, name in enumerate(names) if name is not None]


def _empty_to_none(cell: Any) -> Any:
    if cell is None:
        return None
    if isinstance(cell, str) and not cell.strip():
        return None
    return cell


def _fail(sheet: _Sheet, row: int, col: str, field: str, card: str | None, message: str) -> SpecError:
    return SpecError(message, file=sheet.file, line=row, column=f"{col} ({field})", card=card, field=field,
                     hint="leave the cell empty if the value is unknown")


def _whole(value: Any, sheet: _Sheet, row: int, col: str, field: str, card: str | None) -> int:
    try:
        return whole_number(value, field)
    except BadValue as bad:
        raise _fail(sheet, row, col, field, card, bad.message) from None


def _coerce(value: Any, fdef: FieldDef, sheet: _Sheet, row: int, col: str, card: str | None) -> Any:
    """A cell read by its field's type (:meth:`pnpgen.spec.fieldtypes.FieldKind.coerce`)."""
    try:
        return field_type(fdef.type).coerce(value, fdef)
    except BadValue as bad:
        raise _fail(sheet, row, col, fdef.name, card, bad.message) from None


def column_of(file: str, field: str) -> str | None:
    """The column (``"E (skip_checks)"``) of ``field`` in the header of the spreadsheet a card was read
    from: ``file`` is a card's location (a CSV path, or ``book.xlsx[sheet]``). None when it is not
    a spreadsheet or the column is not there. For errors found after loading, which know the row."""
    path = file.partition("[")[0]
    if Path(path).suffix.lower() not in SPREADSHEET_SUFFIXES:
        return None
    try:
        data = Path(path).read_bytes()
        sheets = _csv_sheets(Path(path), data, {}) if path.lower().endswith(".csv") else _xlsx_sheets(Path(path), data, {})
    except (OSError, SpecError):
        return None
    for found in sheets:
        if found.file == file:
            header = ["" if h is None else str(h).strip() for h in found.header]
            return f"{column_letter(header.index(field))} ({field})" if field in header else None
    return None
