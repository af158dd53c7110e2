"""Writing one card back into the file it was read from: a CSV row, XLSX cells or a YAML entry.

Each function takes the file's bytes and returns its new bytes; nothing else in the file changes:

- **CSV**: only the card's record is re-encoded, and in it only the changed cells (the others keep
  their text and quotes as written). The delimiter, the quoting of the row (a quoted cell stays
  quoted) and every line ending are kept; a new row takes the file's line ending.
- **XLSX**: the workbook is opened with openpyxl (not read-only) and only the card's cells are set,
  so styles, widths and other sheets stay; a new row copies the style of the row above it.
- **YAML**: the card's entry is found by its line (from its ``-`` to the last line before the next
  entry, comments between entries left alone); only the lines of each changed key are read with
  ruamel.yaml's round-trip loader (its comment, quotes, flow or block style kept), changed and
  dumped at the key's own indentation; a new key goes after the entry's last one. Every other
  line of the file, the rest of the entry included, stays byte for byte.

Values are written as the loader reads them back (:mod:`pnpgen.spec.tabular`): lists joined with
``|`` in a cell, text that would start a formula escaped (:mod:`pnpgen.cellescape`). Checking
values against the card type is the caller's job (the loader's own checks). Errors are
:class:`WriteError`, one line naming the file and what to do.
"""

from __future__ import annotations

import csv
import hashlib
import io
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnpgen.cellescape import as_cell, from_cell
from pnpgen.spec.tabular import LIST_SEPARATOR, _delimiter

CSV, XLSX, YAML = "csv", "xlsx", "yaml"


class WriteError(ValueError):
    """A card that cannot be written back as asked (answered 400 by the studio)."""


@dataclass(frozen=True)
class Source:
    """Where a card lives: the file, its kind, the sheet of a workbook and the card's row or line."""

    path: Path
    kind: str
    line: int
    sheet: str | None = None


def source_of(location_file: str, line: int) -> Source:
    """The :class:`Source` of a card's location (``cards/x.csv``, ``book.xlsx[Sheet]``, ``cards/x.yaml``)."""
    sheet = None
    file = location_file
    match = re.fullmatch(r"(.*\.xlsx)\[(.*)\]", location_file, flags=re.IGNORECASE | re.DOTALL)
    if match:
        file, sheet = match.group(1), match.group(2)
    suffix = Path(file).suffix.lower()
    kind = {".csv": CSV, ".xlsx": XLSX, ".yaml": YAML, ".yml": YAML}.get(suffix)
    if kind is None:
        raise WriteError(f"{file}: cards in {suffix or 'this'} files cannot be edited in the studio; edit the file")
    return Source(Path(file), kind, line, sheet)


def digest(data: bytes) -> str:
    """The version of a file's contents the page read (a card edit names it; 409 when it moved on)."""
    return hashlib.sha256(data).hexdigest()[:32]


def write_atomically(path: Path, data: bytes | None) -> None:
    """``data`` into ``path`` through a temp file renamed over it (the file's mode kept); None removes it."""
    if data is None:
        path.unlink(missing_ok=True)
        return
    mode = path.stat().st_mode & 0o7777 if path.exists() else None
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        if mode is None:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


# -- the three operations -----------------------------------------------------------------------------
def update(source: Source, data: bytes, card_id: str, changes: dict[str, Any]) -> bytes:
    """``data`` with the card's ``changes`` (field -> value, None for unknown) written in."""
    if source.kind == CSV:
        return _csv_update(source, data, changes)
    if source.kind == XLSX:
        return _xlsx_edit(source, data, lambda ws, header: _xlsx_set(ws, header, source.line, changes, source))
    return _yaml_update(source, data, card_id, changes)


def append(source: Source, data: bytes, values: dict[str, Any]) -> bytes:
    """``data`` with a new card (``values``: id, name, type, copies and fields) after the file's last card."""
    if source.kind == CSV:
        return _csv_append(source, data, values)
    if source.kind == XLSX:
        return _xlsx_edit(source, data, lambda ws, header: _xlsx_append(ws, header, values, source))
    return _yaml_append(source, data, values)


def delete(source: Source, data: bytes, card_id: str) -> bytes:
    """``data`` without the card."""
    if source.kind == CSV:
        text, bom = _decode(source, data)
        records = _records(text)
        start, _, end = _record(records, source)
        return bom + (text[:start] + text[end:]).encode("utf-8")
    if source.kind == XLSX:
        return _xlsx_edit(source, data, lambda ws, header: ws.delete_rows(source.line))
    text, bom = _decode(source, data)
    lines = text.splitlines(keepends=True)
    first, last = _yaml_entry(lines, source, card_id)
    return bom + "".join(lines[:first] + lines[last:]).encode("utf-8")


def new_yaml_file(values: dict[str, Any]) -> bytes:
    """A new card file holding one card."""
    return ("cards:\n" + _indent(_dump_entry(_new_entry(values), 2, 2), 2)).encode("utf-8")


# -- CSV -------------------------------------------------------------------------------------------------
def _decode(source: Source, data: bytes) -> tuple[str, bytes]:
    bom = b"\xef\xbb\xbf" if data.startswith(b"\xef\xbb\xbf") else b""
    try:
        return data[len(bom):].decode("utf-8"), bom
    except UnicodeDecodeError:
        raise WriteError(f"{source.path}: not UTF-8 text; save it as UTF-8 before editing it in the studio") from None


def _records(text: str) -> list[tuple[int, int, int]]:
    """Each CSV record as (start, end of its cells, end with its line ending), as ``csv.reader``
    counts records (a quoted cell may hold line breaks; a blank line is a record)."""
    out, start, i, quoted, n = [], 0, 0, False, len(text)
    while i < n:
        ch = text[i]
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in "\r\n":
            end = i + 2 if text.startswith("\r\n", i) else i + 1
            out.append((start, i, end))
            start = i = end
            continue
        i += 1
    if start < n:
        out.append((start, n, n))
    return out


def _record(records: list[tuple[int, int, int]], source: Source) -> tuple[int, int, int]:
    if not 2 <= source.line <= len(records):
        raise WriteError(f"{source.path}:{source.line}: no such row any more; reload the page")
    return records[source.line - 1]


def _split_cells(raw: str, delimiter: str) -> list[str]:
    """A record's cells as written (quotes included)."""
    cells, start, quoted = [], 0, False
    for i, ch in enumerate(raw):
        if ch == '"':
            quoted = not quoted
        elif ch == delimiter and not quoted:
            cells.append(raw[start:i])
            start = i + 1
    cells.append(raw[start:])
    return cells


def _cell_value(raw: str, delimiter: str) -> str:
    return next(csv.reader([raw], delimiter=delimiter), [""])[0] if raw else ""


def _header(text: str, records: list[tuple[int, int, int]], delimiter: str) -> list[str]:
    if not records:
        return []
    start, end, _ = records[0]
    return [from_cell(_cell_value(c, delimiter)).strip() for c in _split_cells(text[start:end], delimiter)]


def _cell_text(value: Any, written: str = "") -> str:
    """A value as the loader reads it back from a cell; a list keeps the separator spacing written."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        spaced = f" {LIST_SEPARATOR} " in written
        return (f" {LIST_SEPARATOR} " if spaced else LIST_SEPARATOR).join(str(v) for v in value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(as_cell(str(value))) if isinstance(value, str) else str(value)


def _encode_cell(text: str, delimiter: str, quote: bool) -> str:
    if quote or any(c in text for c in (delimiter, '"', "\n", "\r")):
        return '"' + text.replace('"', '""') + '"'
    return text


def _column(header: list[str], field: str, source: Source) -> int:
    if field not in header:
        raise WriteError(f"{source.path}: no column {field!r} in the header row; add the column to the file first")
    return header.index(field)


def _csv_update(source: Source, data: bytes, changes: dict[str, Any]) -> bytes:
    text, bom = _decode(source, data)
    records = _records(text)
    delimiter = _delimiter(text.split("\n", 1)[0])
    header = _header(text, records, delimiter)
    start, end, _ = _record(records, source)
    cells = _split_cells(text[start:end], delimiter)
    for field, value in changes.items():
        col = _column(header, field, source)
        cells += [""] * (col + 1 - len(cells))
        written = cells[col]
        cells[col] = _encode_cell(_cell_text(value, _cell_value(written, delimiter)), delimiter,
                                  quote=written.startswith('"'))
    return bom + (text[:start] + delimiter.join(cells) + text[end:]).encode("utf-8")


def _csv_append(source: Source, data: bytes, values: dict[str, Any]) -> bytes:
    text, bom = _decode(source, data)
    records = _records(text)
    delimiter = _delimiter(text.split("\n", 1)[0])
    header = _header(text, records, delimiter)
    for field, value in values.items():
        if value is not None and not _implied(field, value, header):
            _column(header, field, source)
    ending = text[records[0][1]:records[0][2]] if records and records[0][2] > records[0][1] else "\r\n"
    first = text[records[0][0]:records[0][1]] if records else ""
    quote_all = bool(first) and all(c.startswith('"') for c in _split_cells(first, delimiter))
    row = delimiter.join(_encode_cell(_cell_text(values.get(name)), delimiter, quote_all) for name in header)
    if text and not text.endswith(("\n", "\r")):
        text += ending
    return bom + (text + row + ending).encode("utf-8")


def _implied(field: str, value: Any, header: list[str]) -> bool:
    """A value a sheet without its column gives every row anyway: the type (from the file or sheet
    name), the id (from the name), one copy."""
    return field not in header and (field in ("type", "id") or (field == "copies" and value == 1))


# -- XLSX ------------------------------------------------------------------------------------------------
def _xlsx_edit(source: Source, data: bytes, change: Any) -> bytes:
    from openpyxl import load_workbook

    try:
        book = load_workbook(io.BytesIO(data))
    except Exception as err:  # noqa: BLE001 — openpyxl raises many kinds for a damaged workbook
        raise WriteError(f"{source.path}: openpyxl cannot open it ({type(err).__name__}); save it again in a "
                         f"spreadsheet program") from None
    if source.sheet not in book.sheetnames:
        raise WriteError(f"{source.path}: no sheet {source.sheet!r} any more; reload the page")
    ws = book[source.sheet]
    header = ["" if c.value is None else from_cell(str(c.value)).strip() for c in ws[1]]
    change(ws, header)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _xlsx_value(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return LIST_SEPARATOR.join(str(v) for v in value)
    return as_cell(value) if isinstance(value, str) else value


def _xlsx_set(ws: Any, header: list[str], row: int, changes: dict[str, Any], source: Source) -> None:
    if not 2 <= row <= ws.max_row:
        raise WriteError(f"{source.path}[{source.sheet}]:{row}: no such row any more; reload the page")
    for field, value in changes.items():
        cell = ws.cell(row=row, column=_column(header, field, source) + 1)
        cell.value = _xlsx_value(value)
        if isinstance(cell.value, str):
            cell.data_type = "s"     # text, even when it looks like a formula to openpyxl


def _xlsx_append(ws: Any, header: list[str], values: dict[str, Any], source: Source) -> None:
    from copy import copy

    last = max((c.row for row in ws.iter_rows() for c in row if c.value not in (None, "")), default=1)
    for field, value in values.items():
        if value is None or _implied(field, value, header):
            continue
        col = _column(header, field, source) + 1
        cell = ws.cell(row=last + 1, column=col, value=_xlsx_value(value))
        if isinstance(cell.value, str):
            cell.data_type = "s"
    for col in range(1, len(header) + 1):
        above = ws.cell(row=last, column=col)
        if last > 1 and above.has_style:
            ws.cell(row=last + 1, column=col)._style = copy(above._style)


# -- YAML ------------------------------------------------------------------------------------------------
_ITEM = re.compile(r"^( *)-(?: |$)")


def _yaml_items(lines: list[str], source: Source) -> tuple[int, list[int], int]:
    """(indent of the ``cards:`` items, index of each item's first line, index past the list)."""
    top = next((i for i, ln in enumerate(lines) if re.match(r"cards\s*:", ln)), None)
    if top is None:
        raise WriteError(f"{source.path}: no top-level 'cards:' key; the studio edits card files of the usual form")
    if lines[top].split(":", 1)[1].split("#", 1)[0].strip() not in ("", "[]"):
        raise WriteError(f"{source.path}:{top + 1}: 'cards:' is written as a flow list; write one entry per "
                         f"'- ' item to edit it in the studio")
    indent, starts, end = None, [], len(lines)
    deeper = None       # once the items' indent is known: the lead of a line inside an entry
    for i in range(top + 1, len(lines)):
        line = lines[i]
        if deeper is not None and line.startswith(deeper):
            continue        # more indented than the items (most lines of a large file): neither a start nor the end
        body = line.strip()
        if not body or body.startswith("#"):
            continue
        lead = len(line) - len(line.lstrip(" "))
        match = _ITEM.match(line)
        if indent is None and match:
            indent = len(match.group(1))
            deeper = " " * (indent + 1)
        if indent is not None and match and lead == indent:
            starts.append(i)
        elif lead < (indent if indent is not None else 1) or (lead == indent and not match):
            end = i
            break
    return (indent or 0), starts, end


def _entry_end(lines: list[str], first: int, limit: int) -> int:
    """Past the entry's last line of its own: comments and blank lines after it are left alone."""
    last = limit
    while last > first + 1 and (not lines[last - 1].strip() or lines[last - 1].lstrip().startswith("#")):
        last -= 1
    return last


def _yaml_entry(lines: list[str], source: Source, card_id: str,
                items: tuple[int, list[int], int] | None = None) -> tuple[int, int]:
    """(first line index, index past the last line) of the card's entry (``items``: the file's
    :func:`_yaml_items`, when the caller has them already)."""
    _, starts, end = items or _yaml_items(lines, source)
    bounds = list(zip(starts, starts[1:] + [end]))
    wanted = source.line - 1
    for first, limit in bounds:
        if first <= wanted < limit:
            return first, _entry_end(lines, first, limit)
    raise WriteError(f"{source.path}:{source.line}: the card {card_id!r} is not there any more; reload the page")


def _yaml() -> Any:
    from ruamel.yaml import YAML

    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 1 << 20            # never fold a long line the author wrote on one line
    return yaml


def _indent(text: str, spaces: int) -> str:
    pad = " " * spaces
    return "".join(pad + ln if ln.strip() else ln for ln in text.splitlines(keepends=True))


def _dedent(lines: list[str], spaces: int) -> str:
    return "".join(ln[spaces:] if not ln[:spaces].strip() else ln.lstrip(" ") for ln in lines)


def _dump_entry(entry: Any, key_column: int, mapping: int) -> str:
    yaml = _yaml()
    yaml.indent(mapping=mapping, sequence=key_column, offset=0)
    out = io.StringIO()
    yaml.dump([entry], out)
    return out.getvalue()


def _yaml_value(value: Any, old: Any = None) -> Any:
    """A JSON value as ruamel writes it, in the style the old value was written in."""
    from ruamel.yaml.comments import CommentedSeq
    from ruamel.yaml.scalarstring import LiteralScalarString, ScalarString

    if isinstance(value, str):
        if isinstance(old, ScalarString) and ("\n" not in value or isinstance(old, LiteralScalarString)):
            return type(old)(value)
        return LiteralScalarString(value) if "\n" in value else value
    if isinstance(value, list):
        seq = CommentedSeq(value)
        if isinstance(old, CommentedSeq) and old.fa.flow_style():
            seq.fa.set_flow_style()
        return seq
    return value


def _new_entry(values: dict[str, Any]) -> Any:
    from ruamel.yaml.comments import CommentedMap

    entry = CommentedMap()
    for key, value in values.items():
        entry[key] = _yaml_value(value)
    return entry


def _key_column(lines: list[str], first: int, indent: int) -> int:
    """Column of the entry's keys relative to its ``-`` (``- id:`` -> 2)."""
    rest = lines[first][indent + 1:]
    return 1 + len(rest) - len(rest.lstrip(" ")) if rest.strip() else 2


def _mapping_indent(lines: list[str], key_column: int) -> int:
    """How far the file nests a mapping in a mapping (2 unless it says otherwise)."""
    for a, b in zip(lines, lines[1:]):
        if a.rstrip().endswith(":") and b.strip() and not b.lstrip().startswith(("-", "#")):
            step = (len(b) - len(b.lstrip(" "))) - (len(a) - len(a.lstrip(" ").lstrip("- ")))
            if step > 0:
                return step
    return 2


_KEY = re.compile(r"([A-Za-z_][\w-]*)\s*:(?:\s|$)")


def _key_spans(chunk: list[str], indent: int, column: int) -> dict[str, tuple[int, int]]:
    """Each top-level key of an entry -> (its first line, past its last line) in ``chunk``; the
    comment and blank lines after a key's value are left out (they lead to the next key)."""
    starts: list[tuple[str, int]] = []
    for i, line in enumerate(chunk):
        body = line[indent + 1:] if i == 0 else line
        lead = column if i == 0 else len(line) - len(line.lstrip(" "))
        match = _KEY.match(body.lstrip(" ") if i == 0 else line[lead:])
        if lead == column and match and not line.lstrip().startswith("#"):
            starts.append((match.group(1), i))
    spans = {}
    for n, (key, at) in enumerate(starts):
        limit = starts[n + 1][1] if n + 1 < len(starts) else len(chunk)
        spans[key] = (at, _entry_end(chunk, at, limit))
    return spans


def _dump_key(key: str, value: Any, old_lines: list[str] | None, column: int) -> str:
    """``key: value`` at ``column``, from the key's lines as written (comments, quotes and the
    style of its value kept by ruamel's round trip) or new."""
    from ruamel.yaml.comments import CommentedMap
    from ruamel.yaml.error import YAMLError

    yaml = _yaml()
    offset = 0
    if old_lines:
        dashes = [ln for ln in old_lines[1:] if ln.lstrip().startswith("- ")]
        if dashes:
            offset = max(0, len(dashes[0]) - len(dashes[0].lstrip(" ")) - column)
        try:
            mapping = yaml.load(_dedent(old_lines, column))
        except YAMLError as err:
            raise WriteError(f"the value of {key!r} cannot be read alone ({str(err).splitlines()[0]}); "
                             f"edit the file") from None
        if not isinstance(mapping, CommentedMap) or list(mapping) != [key]:
            raise WriteError(f"the lines of {key!r} are not a plain 'key: value'; edit the file")
    else:
        mapping = CommentedMap()
    mapping[key] = _yaml_value(value, mapping.get(key))
    yaml.indent(mapping=2, sequence=offset + 2, offset=offset)
    out = io.StringIO()
    yaml.dump(mapping, out)
    return _indent(out.getvalue(), column)


def _yaml_update(source: Source, data: bytes, card_id: str, changes: dict[str, Any]) -> bytes:
    """Only the changed keys' lines are written again (ruamel round trip of each); a new key goes
    after the entry's last one; every other line, in the entry too, stays as written."""
    text, bom = _decode(source, data)
    lines = text.splitlines(keepends=True)
    items = _yaml_items(lines, source)
    indent = items[0]
    first, last = _yaml_entry(lines, source, card_id, items)
    chunk = lines[first:last]
    ending = "\r\n" if chunk[0].endswith("\r\n") else "\n"
    column = indent + _key_column(lines, first, indent)
    spans = _key_spans(chunk, indent, column)
    if not spans:
        raise WriteError(f"{source.path}:{first + 1}: the card's entry is not a plain mapping; edit the file")
    edits: list[tuple[int, int, str]] = []
    tail = max(end for _, end in spans.values())
    added = ""
    for key, value in changes.items():
        if key in spans:
            at, end = spans[key]
            old = chunk[at:end]
            if at == 0:     # the entry's first key: read it without its "- "
                old = [old[0][:indent] + " " + old[0][indent + 1:]] + old[1:]
            new = _dump_key(key, value, old, column)
            if at == 0:
                new = new[:indent] + "-" + new[indent + 1:]
            edits.append((at, end, new))
        else:
            added += _dump_key(key, value, None, column)
    if added:
        edits.append((tail, tail, added))
    for at, end, new in sorted(edits, reverse=True):
        if ending == "\r\n":
            new = new.replace("\r\n", "\n").replace("\n", "\r\n")
        if end == len(chunk) and not chunk[-1].endswith(("\n", "\r")):
            new = new.rstrip("\r\n")
        elif at == end == len(chunk) and not chunk[-1].endswith(("\n", "\r")):
            chunk[-1] += ending
        chunk[at:end] = [new]
    return bom + "".join(lines[:first] + chunk + lines[last:]).encode("utf-8")


def _yaml_append(source: Source, data: bytes, values: dict[str, Any]) -> bytes:
    text, bom = _decode(source, data)
    lines = text.splitlines(keepends=True)
    indent, starts, end = _yaml_items(lines, source)
    ending = "\r\n" if lines and lines[0].endswith("\r\n") else "\n"
    if starts:
        key_column = _key_column(lines, starts[-1], indent)
        mapping = _mapping_indent(lines[starts[-1]:end], key_column)
        at = _entry_end(lines, starts[-1], end)
    else:
        indent, key_column, mapping = 2, 2, 2
        top = next(i for i, ln in enumerate(lines) if re.match(r"cards\s*:", ln))
        lines[top] = re.sub(r"\[\]\s*", "", lines[top], count=1)
        at = top + 1
    new = _indent(_dump_entry(_new_entry(values), key_column, mapping), indent)
    if ending == "\r\n":
        new = new.replace("\n", "\r\n")
    if at > 0 and not lines[at - 1].endswith(("\n", "\r")):
        lines[at - 1] += ending
    return bom + "".join(lines[:at] + [new] + lines[at:]).encode("utf-8")
