"""Read an .xlsx workbook's sheets as rows of last computed values, with bounded work.

A workbook is untrusted: a zip of XML parts. Every part is read through expat a chunk at a time,
so nothing is held whole. What is refused, each as one :class:`SpecError` naming the workbook:

- a part whose unpacked size, or the parts read together, exceed ``PNPGEN_LIMIT_XLSX_XML_MB``
  (the zip's declared sizes are checked before anything is unpacked; :mod:`zipfile` stops at the
  declared size, so a part lying about it ends in a CRC error, not in more bytes);
- any DTD (``<!DOCTYPE``) or entity declaration: spreadsheet programs never write one;
- a cell text or shared string longer than Excel's own cell limit (32,767 characters);
- more shared strings than ``PNPGEN_LIMIT_SHARED_STRINGS``;
- a cell reference past Excel's grid (column XFD, row 1,048,576).

Rows are handed out as each chunk of a sheet is parsed, so the caller's row and cell limits
(:mod:`pnpgen.spec.tabular`) stop the reading as soon as they are passed.

The sheet's ``<dimension>`` is not read at all: every row and every cell present is returned, so a
stale dimension cannot hide cards or columns. Values follow openpyxl's ``data_only`` reading (shared
and inline strings, numbers as int or float, booleans, date-formatted numbers as datetimes, errors
as their text, a formula's cached value), so cards read the same as before this reader existed.
"""

from __future__ import annotations

import posixpath
import re
import zipfile
from pathlib import Path
from typing import Any, Callable, Iterator
from xml.parsers import expat

from pnpgen.limits import limit, too_big
from pnpgen.spec.errors import SpecError

CELL_CHARS = 32_767            # Excel's limit for the text of one cell
MAX_COLUMN = 16_384            # XFD
MAX_ROW = 1_048_576
MAX_SHEETS = 10_000            # far more than any workbook has; each sheet costs a parser
CHUNK = 1 << 16
_REF = re.compile(r"([A-Z]+)([0-9]*)$")
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


RESAVE = "save the workbook again from your spreadsheet program"


class _Refused(Exception):
    """Raised inside an expat handler; turned into a SpecError naming the workbook and the part."""

    def __init__(self, message: str, hint: str | None = RESAVE):
        super().__init__(message)
        self.hint = hint


_LOCAL: dict[str, str] = {}


def _local(name: str) -> str:
    """``c`` of ``{namespace}c`` (a sheet has a few element names, each seen a million times)."""
    local = _LOCAL.get(name)
    if local is None:
        local = name.rpartition("}")[2]
        if len(_LOCAL) < 1000:  # a hostile part may invent any number of names
            _LOCAL[name] = local
    return local


class _Text:
    """The CharacterDataHandler of a part: collects the text of one value (``start`` .. ``stop``),
    refusing one longer than a cell may hold."""

    def __init__(self) -> None:
        self.pieces: list[str] = []
        self.size = 0
        self.collecting = False

    def start(self, fresh: bool = True) -> None:
        if fresh:
            self.pieces.clear()
            self.size = 0
        self.collecting = True

    def stop(self) -> str:
        self.collecting = False
        return "".join(self.pieces)

    def __call__(self, data: str) -> None:
        if self.collecting:
            self.size += len(data)
            if self.size > CELL_CHARS:
                raise _Refused(f"a text of more than {CELL_CHARS:,} characters (Excel's limit for a cell)")
            self.pieces.append(data)


class Workbook:
    """The sheets of one workbook held as bytes: ``sheets()`` yields ``(title, rows)`` with ``rows``
    an iterator of ``(row number, [cell values])``, each list as long as the row's last value."""

    def __init__(self, path: Path, data: bytes):
        import io

        self.path = path
        try:
            self.zip = zipfile.ZipFile(io.BytesIO(data))
            self.names = {info.filename: info for info in self.zip.infolist()}
        except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError, EOFError) as err:
            raise self._not_a_workbook(err) from None
        self.budget = limit("xlsx_xml_mb") * 1024 * 1024
        self.used = 0
        try:
            main = self._target("_rels/.rels", "", "/officeDocument") or "xl/workbook.xml"
            self.main = main
            self.rels = self._relationships(posixpath.join(posixpath.dirname(main), "_rels",
                                                           posixpath.basename(main) + ".rels"), posixpath.dirname(main))
            self.sheet_list, self.epoch = self._workbook(main)
            self.strings = self._shared_strings()
            self.date_styles = self._date_styles()
        except KeyError as err:
            raise self._not_a_workbook(err) from None

    # -- errors ----------------------------------------------------------------------------------------
    def _not_a_workbook(self, err: BaseException) -> SpecError:
        return SpecError(f"not an Excel workbook (.xlsx) ({type(err).__name__})", file=self.path,
                         hint="save it from your spreadsheet program as .xlsx, or export CSV")

    def _error(self, part: str, message: str, hint: str | None = RESAVE, sheet: str | None = None,
               line: int = 0) -> SpecError:
        """An error in ``part``; in a sheet's rows it is written ``book.xlsx[sheet]:row``."""
        if sheet is not None:
            return SpecError(message, file=f"{self.path}[{sheet}]", line=line, hint=hint or "")
        return SpecError(f"{part}: {message}", file=self.path, hint=hint or "")

    # -- parts -----------------------------------------------------------------------------------------
    def _parse(self, part: str, start: Callable[[str, dict], None], end: Callable[[str], None] | None = None,
               text: Callable[[str], None] | None = None, sheet: str | None = None,
               line: Callable[[], int] = lambda: 0) -> Iterator[None]:
        """Feed one part to expat a chunk at a time; yields after each chunk, so a caller can hand
        out what the chunk completed before the next one is read."""
        info = self.names.get(part)
        if info is None:
            raise KeyError(part)
        self.used += info.file_size
        if self.used > self.budget:
            raise self._error(part, too_big("xlsx_xml_mb", "the workbook unpacks to too many megabytes of XML"), None,
                              sheet, line())
        parser = expat.ParserCreate(namespace_separator="}")
        parser.buffer_text = True
        parser.buffer_size = CHUNK

        def refuse_dtd(*_: Any) -> None:
            raise _Refused("holds a DTD (<!DOCTYPE or <!ENTITY), which no spreadsheet program writes")

        parser.StartDoctypeDeclHandler = refuse_dtd
        parser.EntityDeclHandler = refuse_dtd
        parser.StartElementHandler = start
        if end is not None:
            parser.EndElementHandler = end
        if text is not None:
            parser.CharacterDataHandler = text
        try:
            with self.zip.open(info) as stream:
                while True:
                    chunk = stream.read(CHUNK)
                    parser.Parse(chunk, not chunk)
                    if not chunk:
                        break
                    yield
        except _Refused as err:
            raise self._error(part, str(err), err.hint, sheet, line()) from None
        except expat.ExpatError as err:
            raise self._error(part, f"broken XML ({expat.ErrorString(err.code)}, line {err.lineno} of {part})",
                              RESAVE, sheet, line()) from None
        except (zipfile.BadZipFile, EOFError, OSError, NotImplementedError, RuntimeError) as err:
            raise self._error(part, f"damaged zip entry {part} ({type(err).__name__}: {str(err)[:80]})",
                              RESAVE, sheet, line()) from None

    def _run(self, part: str, start: Callable[[str, dict], None], **handlers: Any) -> None:
        for _ in self._parse(part, start, **handlers):
            pass

    def _relationships(self, part: str, base: str) -> dict[str, tuple[str, str]]:
        """``{id: (type, part name)}`` of a ``.rels`` part; targets resolved against ``base``."""
        found: dict[str, tuple[str, str]] = {}

        def start(name: str, attrs: dict) -> None:
            if _local(name) == "Relationship" and attrs.get("TargetMode") != "External":
                target = attrs.get("Target", "")
                full = target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join(base, target))
                found[attrs.get("Id", "")] = (attrs.get("Type", ""), full)
                if len(found) > 100_000:
                    raise _Refused("holds more than 100,000 relationships")

        if part in self.names:
            self._run(part, start)
        return found

    def _target(self, rels_part: str, base: str, kind: str) -> str | None:
        for rtype, target in self._relationships(rels_part, base).values():
            if rtype.endswith(kind):
                return target
        return None

    def _workbook(self, part: str) -> tuple[list[tuple[str, str]], Any]:
        from openpyxl.utils.datetime import CALENDAR_MAC_1904, CALENDAR_WINDOWS_1900

        sheets: list[tuple[str, str]] = []
        epoch = [CALENDAR_WINDOWS_1900]

        def start(name: str, attrs: dict) -> None:
            local = _local(name)
            if local == "sheet":
                rel = self.rels.get(attrs.get(f"{_REL}}}id", ""))
                if rel and rel[0].endswith("/worksheet"):  # chart sheets hold no cells
                    sheets.append((attrs.get("name", ""), rel[1]))
                    if len(sheets) > MAX_SHEETS:
                        raise _Refused(f"lists more than {MAX_SHEETS:,} sheets")
            elif local == "workbookPr" and attrs.get("date1904") in ("1", "true"):
                epoch[0] = CALENDAR_MAC_1904

        self._run(part, start)
        return sheets, epoch[0]

    def _shared_strings(self) -> list[str]:
        """Shared strings as openpyxl gives them: an item's own ``t`` and its runs' ``t``, not the
        phonetic (``rPh``) readings."""
        part = next((t for r, t in self.rels.values() if r.endswith("/sharedStrings")), None)
        if part is None or part not in self.names:
            return []
        most = limit("shared_strings")
        strings: list[str] = []
        text = _Text()
        phonetic = [0]

        def start(name: str, attrs: dict) -> None:
            local = _local(name)
            if local == "t" and not phonetic[0]:
                text.start(fresh=False)  # an item's runs add up to one string
            elif local == "rPh":
                phonetic[0] += 1
            elif local == "si":
                text.start()
                text.collecting = False

        def end(name: str) -> None:
            local = _local(name)
            if local == "t":
                text.collecting = False
            elif local == "rPh":
                phonetic[0] -= 1
            elif local == "si":
                if len(strings) >= most:
                    raise _Refused(too_big("shared_strings", "too many shared strings"), None)
                strings.append(text.stop().replace("x005F_", ""))

        self._run(part, start, end=end, text=text)
        return strings

    def _date_styles(self) -> dict[int, bool]:
        """``{cell style index: is a duration}`` for the styles whose number format is a date or time."""
        from openpyxl.styles.numbers import BUILTIN_FORMATS, is_date_format, is_timedelta_format

        part = next((t for r, t in self.rels.values() if r.endswith("/styles")), None)
        if part is None or part not in self.names:
            return {}
        custom: dict[int, str] = {}
        formats: list[int] = []
        inside = [""]

        def start(name: str, attrs: dict) -> None:
            local = _local(name)
            if local in ("cellXfs", "cellStyleXfs"):
                inside[0] = local
            elif local == "numFmt":
                try:
                    custom[int(attrs.get("numFmtId", ""))] = attrs.get("formatCode", "")[:1000]
                except ValueError:
                    pass
            elif local == "xf" and inside[0] == "cellXfs":
                try:
                    formats.append(int(attrs.get("numFmtId", "0")))
                except ValueError:
                    formats.append(0)
                if len(formats) > 100_000:
                    raise _Refused("holds more than 100,000 cell styles")

        def end(name: str) -> None:
            if _local(name) == inside[0]:
                inside[0] = ""

        self._run(part, start, end=end)
        dates: dict[int, bool] = {}
        for index, fmt_id in enumerate(formats):
            code = custom.get(fmt_id, BUILTIN_FORMATS.get(fmt_id, "General"))
            if is_date_format(code):
                dates[index] = is_timedelta_format(code)
        return dates

    # -- sheets ----------------------------------------------------------------------------------------
    def sheets(self) -> Iterator[tuple[str, Iterator[tuple[int, list[Any]]]]]:
        for title, part in self.sheet_list:
            if part not in self.names:
                raise self._error(part, f"sheet {title!r} is missing from the workbook")
            yield title, self._rows(title, part)

    def _rows(self, title: str, part: str) -> Iterator[tuple[int, list[Any]]]:
        done: list[tuple[int, list[Any]]] = []
        text = _Text()
        cell = _Cell()
        cells: list[Any] = []
        elements = [0]

        def start(name: str, attrs: dict) -> None:
            local = _local(name)
            if local == "c":
                cell.begin(attrs)
            elif local == "v" and not cell.phonetic:
                text.start()
            elif local == "t" and cell.inline and not cell.phonetic:
                text.start(fresh=False)
            elif local == "is":
                cell.inline = True
                text.start()
                text.collecting = False
            elif local == "rPh":
                cell.phonetic += 1
            elif local == "row":
                elements[0] += 1
                number = attrs.get("r")
                cell.row = int(number) if number and number.isdigit() and len(number) < 9 else cell.row + 1
                if cell.row > MAX_ROW or elements[0] > MAX_ROW:
                    raise _Refused("more rows than the 1,048,576 Excel has")
                cell.col = 0
                cells.clear()

        def end(name: str) -> None:
            local = _local(name)
            if local == "v":
                cell.raw = text.stop()
            elif local == "t":
                text.collecting = False
            elif local == "rPh":
                cell.phonetic -= 1
            elif local == "is":
                cell.inline = False
                cell.raw = text.stop()
            elif local == "c":
                value = self._value(cell)
                if value is not None:
                    if len(cells) < cell.col:
                        cells.extend([None] * (cell.col - len(cells)))
                    cells[cell.col - 1] = value
            elif local == "row" and cells:
                done.append((cell.row, list(cells)))

        for _ in self._parse(part, start, end=end, text=text, sheet=title, line=lambda: cell.row):
            yield from done
            done.clear()
        yield from done

    def _value(self, cell: "_Cell") -> Any:
        from openpyxl.utils.datetime import from_excel, from_ISO8601

        raw, kind = cell.raw, cell.kind
        if kind == "inlineStr":
            return raw
        if not raw:
            return None
        if kind == "n":
            try:
                number: int | float = float(raw) if any(c in raw for c in ".eE") else int(raw)
            except ValueError:
                raise _Refused(f"{raw[:40]!r} is no number") from None
            if cell.style in self.date_styles:
                try:
                    return from_excel(number, self.epoch, timedelta=self.date_styles[cell.style])
                except (OverflowError, ValueError):
                    return "#VALUE!"
            return number
        if kind == "s":
            try:
                return self.strings[int(raw)]
            except (ValueError, IndexError):
                raise _Refused(f"shared string {raw[:20]!r} does not exist") from None
        if kind == "b":
            return raw.strip() not in ("0", "false", "")
        if kind == "d":
            try:
                return from_ISO8601(raw)
            except ValueError:
                return raw
        return raw  # "str" (a formula's text result), "e" (an error such as #N/A)


class _Cell:
    """Where the sheet reader is: row, column, and the cell being read."""

    def __init__(self) -> None:
        self.row = 0
        self.col = 0
        self.kind = "n"
        self.style = 0
        self.raw: str | None = None
        self.inline = False
        self.phonetic = 0

    def begin(self, attrs: dict) -> None:
        ref = attrs.get("r")
        if ref:
            m = _REF.match(ref)
            if m is None:
                raise _Refused(f"cell reference {ref[:20]!r} is not a column and row")
            col = MAX_COLUMN + 1
            if len(m.group(1)) <= 3:
                col = 0
                for ch in m.group(1):
                    col = col * 26 + ord(ch) - 64
            self.col = col
        else:
            self.col += 1
        if self.col > MAX_COLUMN:
            raise _Refused("a cell past column XFD, the last one Excel has")
        self.kind = attrs.get("t", "n")
        style = attrs.get("s")
        self.style = int(style) if style and style.isdigit() and len(style) < 7 else 0
        self.raw = None
