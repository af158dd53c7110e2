"""Counts and spreadsheets (issue #32): a card data file, a workbook, a template chain or a font that is
too big, too deep, cut short or written to a full disk gives one error line naming the file (and the
``PNPGEN_LIMIT_*`` to raise when it is a limit) and exit 2, within the hostile harness's CPU and
memory limits; a workbook whose ``<dimension>`` lies still gives every row and column.

Every hostile file is made here, in a copy of a game from ``pnpgen new`` (cards in ``cards/heroes.csv``
and ``cards/events.csv``). All cases run up front, one child process each, one after the other (one
zygote: harness.py).
"""

from __future__ import annotations

import csv
import re
import shutil
import signal
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest

from harness import RSS_LIMIT_MB, Outcome, new_game, run_pnpgen

REPO = Path(__file__).resolve().parents[2]
HERO_HEADER = "id,name,copies,cost,power,faction,keywords,text,art\n"
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
DOC_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


# -- a minimal .xlsx written by hand, so a part can be as hostile as a case needs -------------------------
class Deflated:
    """A zip member given as raw deflate data with its CRC and unpacked size (a bomb is made from
    one compressed megabyte repeated, instead of compressing gigabytes here)."""

    def __init__(self, data: bytes, crc: int, size: int):
        self.data, self.crc, self.size = data, crc, size


def _zip(members: dict[str, bytes | Deflated]) -> bytes:
    out, central = bytearray(), bytearray()
    for name, body in members.items():
        if isinstance(body, bytes):
            packer = zlib.compressobj(1, zlib.DEFLATED, -15)  # the fastest level: parts of 50 MB are packed here
            body = Deflated(packer.compress(body) + packer.flush(), zlib.crc32(body), len(body))
        raw = name.encode()
        header = struct.pack("<HHHHHIIIHH", 20, 0, 8, 0, 0, body.crc, len(body.data), body.size, len(raw), 0)
        central += b"PK\x01\x02" + struct.pack("<H", 20) + header + struct.pack("<HHHII", 0, 0, 0, 0, len(out)) + raw
        out += b"PK\x03\x04" + header + raw + body.data
    return bytes(out + central + b"PK\x05\x06" + struct.pack("<HHHHIIH", 0, 0, len(members), len(members),
                                                              len(central), len(out), 0))


def _crc32_shifted(crc: int, length: int) -> int:
    """The CRC-32 register ``crc`` carried on over ``length`` zero bytes, with the init and final XOR
    left out (zlib's ``crc32_combine`` operator): ``crc32(A + B) == _crc32_shifted(crc32(A), len(B))
    ^ crc32(B)``. Shifting by one bit is a 32 x 32 matrix over GF(2); it is squared up to the bits of
    ``length``."""
    def times(matrix: list[int], vector: int) -> int:
        out, row = 0, 0
        while vector:
            if vector & 1:
                out ^= matrix[row]
            vector, row = vector >> 1, row + 1
        return out

    step = [0xEDB88320] + [1 << n for n in range(31)]  # one zero bit
    for _ in range(3):
        step = [times(step, column) for column in step]  # two, four, then eight zero bits: one byte
    while length:
        if length & 1:
            crc = times(step, crc)
        step = [times(step, column) for column in step]
        length >>= 1
    return crc


def _crc32_of_repeats(chunk: bytes, count: int) -> int:
    """``zlib.crc32(chunk * count)`` without the bytes, by doubling: count 1,500 of a megabyte is
    ~20 combines instead of reading 1.5 GB."""
    crc, power, size = 0, zlib.crc32(chunk), len(chunk)
    while count:
        if count & 1:
            crc = _crc32_shifted(crc, size) ^ power
        power, size, count = _crc32_shifted(power, size) ^ power, size * 2, count >> 1
    return crc


def _deflated(prefix: bytes, unit: bytes, count: int, suffix: bytes = b"") -> Deflated:
    """``prefix + unit * count + suffix`` as a zip member, made without building or packing the
    repeats: each piece is packed by its own compressor ending in a full flush (byte-aligned, no
    history), so a packed megabyte of units repeats as is, and the CRC is combined from the pieces'."""
    def packed(data: bytes, last: bool) -> bytes:
        packer = zlib.compressobj(9, zlib.DEFLATED, -15)
        return packer.compress(data) + packer.flush(zlib.Z_FINISH if last else zlib.Z_FULL_FLUSH)

    per_block = max(1, 2**20 // len(unit))
    blocks, rest = divmod(count, per_block)
    data = packed(prefix, False) + packed(unit * per_block, False) * blocks + packed(unit * rest + suffix, True)
    repeats = _crc32_shifted(_crc32_of_repeats(unit * per_block, blocks), len(unit) * rest) ^ zlib.crc32(unit * rest)
    crc = _crc32_shifted(zlib.crc32(prefix), len(unit) * count) ^ repeats
    crc = _crc32_shifted(crc, len(suffix)) ^ zlib.crc32(suffix)
    return Deflated(data, crc, len(prefix) + len(unit) * count + len(suffix))


def _whitespace_bomb(megabytes: int) -> Deflated:
    return _deflated(b"", b" ", megabytes * 2**20)


def _workbook(sheets: dict[str, bytes | Deflated], shared: bytes | Deflated | None = None) -> bytes:
    """A workbook of ``{title: sheet part}``; ``shared`` is the sharedStrings part."""
    rels = [f'<Relationship Id="rId{i}" Type="{DOC_REL}/worksheet" Target="worksheets/sheet{i}.xml"/>'
            for i in range(1, len(sheets) + 1)]
    if shared is not None:
        rels.append(f'<Relationship Id="rIdS" Type="{DOC_REL}/sharedStrings" Target="sharedStrings.xml"/>')
    listed = "".join(f'<sheet name="{t}" sheetId="{i}" r:id="rId{i}"/>' for i, t in enumerate(sheets, 1))
    types = [("/xl/workbook.xml", "sheet.main"), *((f"/xl/worksheets/sheet{i}.xml", "worksheet")
                                                    for i in range(1, len(sheets) + 1))]
    if shared is not None:
        types.append(("/xl/sharedStrings.xml", "sharedStrings"))
    overrides = "".join(f'<Override PartName="{part}" ContentType="application/vnd.openxmlformats-officedocument.'
                        f'spreadsheetml.{kind}+xml"/>' for part, kind in types)
    members: dict[str, bytes | Deflated] = {
        "[Content_Types].xml": f'<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
                               f'<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
                               f'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
                               f'{overrides}</Types>'.encode(),
        "_rels/.rels": f'<Relationships xmlns="{RELS}"><Relationship Id="r1" Type="{DOC_REL}/officeDocument" '
                       f'Target="xl/workbook.xml"/></Relationships>'.encode(),
        "xl/workbook.xml": f'<workbook xmlns="{MAIN}" xmlns:r="{DOC_REL}"><sheets>{listed}</sheets></workbook>'.encode(),
        "xl/_rels/workbook.xml.rels": f'<Relationships xmlns="{RELS}">{"".join(rels)}</Relationships>'.encode(),
    }
    for i, part in enumerate(sheets.values(), 1):
        members[f"xl/worksheets/sheet{i}.xml"] = part
    if shared is not None:
        members["xl/sharedStrings.xml"] = shared
    return _zip(members)


def _sheet(rows: str, before: str = "") -> bytes:
    return f'<?xml version="1.0"?>{before}<worksheet xmlns="{MAIN}"><sheetData>{rows}</sheetData></worksheet>'.encode()


def _sheet_of_repeats(before: str, unit: str, count: int, after: str = "") -> Deflated:
    """``_sheet(before + unit * count + after)``, packed by :func:`_deflated`."""
    head, tail = _sheet("\0").split(b"\0")
    return _deflated(head + before.encode(), unit.encode(), count, after.encode() + tail)


def _inline(*values: str) -> str:
    return "<row>" + "".join(f'<c t="inlineStr"><is><t>{v}</t></is></c>' for v in values) + "</row>"


HEADER_ROW = _inline("name", "cost", "faction")
CELL_A, CELL_END = _inline("a\0", "1", "sun").split("\0")  # a row "a<spaces>", 1, sun: its text around the spaces


def _stale_dimension() -> bytes:
    """A workbook written by openpyxl whose ``<dimension>`` then says A1:B2 while it holds A1:D4."""
    import io
    import zipfile

    import openpyxl  # here, not at the top: each test process collects this module (~0.2 s)

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "hero"
    sheet.append(["name", "cost", "faction", "power"])
    for i in range(3):
        sheet.append([f"Hero {i}", i, "moon", 7])
    data = io.BytesIO()
    book.save(data)
    with zipfile.ZipFile(data) as src:
        parts = {n: src.read(n) for n in src.namelist()}
    parts["xl/worksheets/sheet1.xml"] = re.sub(rb'<dimension ref="[^"]*"', b'<dimension ref="A1:B2"',
                                               parts["xl/worksheets/sheet1.xml"])
    assert b'<dimension ref="A1:B2"' in parts["xl/worksheets/sheet1.xml"]
    return _zip(parts)


# -- the cases -----------------------------------------------------------------------------------------
def _files(files: dict[str, str | bytes | Callable[[], str | bytes]]) -> Callable[[Path], None]:
    def make(game: Path) -> None:
        for rel, body in files.items():
            path = game / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            body = body() if callable(body) else body
            path.write_bytes(body if isinstance(body, bytes) else body.encode())
    return make


def _heroes(count: int) -> str:
    return "name,cost,faction\n" + "".join(f"h{i},1,sun\n" for i in range(count))


def _extends_chain(game: Path, depth: int = 1100) -> None:
    """A chain of ``depth`` templates: past the limit (32) and past Python's recursion limit (1,000),
    so a resolver following it without the limit would crash, not only build (3,000 files cost 0.8 s
    of CPU to write; 1,100 prove the same)."""
    (game / "templates" / "hero.yaml").write_text("extends: chain0\n")
    for i in range(depth):
        (game / "templates" / f"chain{i}.yaml").write_text(f"extends: chain{i + 1}\n")
    (game / "templates" / f"chain{depth}.yaml").write_text("size: poker\n")


def _cut_font(source: Path, keep: float) -> Callable[[Path], None]:
    def make(game: Path) -> None:
        data = source.read_bytes()
        (game / "fonts" / f"Cut{source.suffix}").write_bytes(data[: int(len(data) * keep)])
        for template in (game / "templates").glob("*.yaml"):
            template.write_text(template.read_text().replace("font: title", "font: Cut"))
    return make


OTF = REPO / "examples" / "tidepool" / "fonts" / "LobsterTwo-BoldItalic.otf"   # its CFF table comes last
TTF = REPO / "fonts" / "Roboto-Black.ttf"


def _nothing(game: Path) -> None:
    pass


def _huge_cards(game: Path) -> None:
    yaml = game / "game.yaml"
    yaml.write_text(re.sub(r"(?m)^(    size:) poker.*$", r"\1 2000mm x 2000mm", yaml.read_text(), count=1))


# name -> (make the case in the game folder, command, expected, words the one error line must hold, options)
# expected: "error" = one line, exit 2; "ok" = exit 0 (the case's own test then checks the output).
CASES: dict[str, tuple[Callable[[Path], None], list[str], str, tuple[str, ...], dict]] = {
    # CSV: rows are counted as they are read, before any card is made of them
    "csv-million-rows": (_files({"cards/heroes.csv": lambda: _heroes(1_000_000)}), ["validate"], "error",
                         ("heroes.csv:50002", "PNPGEN_LIMIT_SHEET_ROWS"), {}),
    "csv-100k-rows": (_files({"cards/heroes.csv": lambda: _heroes(100_000)}), ["validate"], "error",
                      ("heroes.csv:50002", "PNPGEN_LIMIT_SHEET_ROWS"), {}),
    "csv-cells": (_files({"cards/heroes.csv": lambda: "name,cost,faction,text\n" + "".join(f"h{i},1,sun,t\n" for i in range(30_000))}),
                  ["validate"], "error", ("heroes.csv:", "PNPGEN_LIMIT_SHEET_CELLS"),
                  {"env": {"PNPGEN_LIMIT_SHEET_CELLS": "100000"}}),
    # a header of a million empty columns: each row costs its own cells, not the header's width
    "csv-wide-empty-header": (_files({"cards/heroes.csv": "name,cost,faction" + "," * 1_000_000 + "\n"
                                      + "".join(f"h{i},1,sun\n" for i in range(300))}),
                              ["export", "--csv", "--out", "{tmp}/csv"], "ok", (), {}),
    # cards per game, over several files: the file holding the first card past the limit is named
    "cards-per-game": (_files({f"cards/part{i}.csv": "name,type,cost,faction\n" + "".join(
        f"p{i}-{j},hero,1,sun\n" for j in range(600)) for i in range(3)}), ["validate"], "error",
        ("part1.csv:", "PNPGEN_LIMIT_CARDS"), {"env": {"PNPGEN_LIMIT_CARDS": "1000"}}),
    # XLSX
    "xlsx-million-rows-no-dimension": (_files({"cards/heroes.xlsx": lambda: _workbook(
        {"hero": _sheet_of_repeats(HEADER_ROW, _inline("a"), 1_000_000)})}), ["validate"], "error",
        ("heroes.xlsx[hero]:50002", "PNPGEN_LIMIT_SHEET_ROWS"), {}),
    "xlsx-whitespace-bomb": (_files({"cards/heroes.xlsx": lambda: _workbook({"hero": _whitespace_bomb(1500)})}),
                             ["validate"], "error", ("heroes.xlsx", "PNPGEN_LIMIT_XLSX_XML_MB"), {}),
    "xlsx-whitespace-in-a-cell": (_files({"cards/heroes.xlsx": lambda: _workbook(
        {"hero": _sheet_of_repeats(HEADER_ROW + CELL_A, " ", 40_000_000, CELL_END)})}), ["validate"], "error",
        ("heroes.xlsx[hero]:2", "32,767 characters"), {}),
    # The limit lowered to 2,000 (its environment variable, as a user raises it): the same count and
    # refusal as 500,001 texts, without reading half a million first (~2 s).
    "xlsx-shared-strings-past-limit": (_files({"cards/heroes.xlsx": lambda: _workbook(
        {"hero": _sheet(HEADER_ROW)}, _deflated(f'<sst xmlns="{MAIN}">'.encode(), b"<si><t>a</t></si>", 3_000, b"</sst>"))}),
        ["validate"], "error", ("heroes.xlsx", "sharedStrings.xml", "PNPGEN_LIMIT_SHARED_STRINGS"),
        {"env": {"PNPGEN_LIMIT_SHARED_STRINGS": "2000"}}),
    "xlsx-dtd-entity": (_files({"cards/heroes.xlsx": lambda: _workbook(
        {"hero": _sheet(HEADER_ROW + _inline("&e;", "1", "sun"), '<!DOCTYPE w [<!ENTITY e "boom">]>')})}),
        ["validate"], "error", ("heroes.xlsx", "DTD"), {}),
    "xlsx-laughs-in-shared-strings": (_files({"cards/heroes.xlsx": lambda: _workbook(
        {"hero": _sheet(HEADER_ROW)}, b'<!DOCTYPE s [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>'
        + f'<sst xmlns="{MAIN}"><si><t>&b;</t></si></sst>'.encode())}), ["validate"], "error",
        ("heroes.xlsx", "sharedStrings.xml", "DTD"), {}),
    "xlsx-lying-size": (_files({"cards/heroes.xlsx": lambda: _workbook(
        {"hero": Deflated(_whitespace_bomb(100).data, 0, 1000)})}), ["validate"], "error",
        ("heroes.xlsx", "damaged zip entry"), {}),
    "xlsx-cell-past-xfd": (_files({"cards/heroes.xlsx": lambda: _workbook(
        {"hero": _sheet(HEADER_ROW + '<row r="2"><c r="ZZZZ2"><v>1</v></c></row>')})}), ["validate"], "error",
        ("heroes.xlsx[hero]:2", "column XFD"), {}),
    "xlsx-header-below-row-1": (_files({"cards/heroes.xlsx": lambda: _workbook(
        {"hero": _sheet('<row r="3"><c r="A3" t="inlineStr"><is><t>name</t></is></c></row>')})}), ["validate"],
        "error", ("heroes.xlsx[hero]:3", "row 1 is empty"), {}),
    "xlsx-stale-dimension": (_files({"cards/heroes.csv": HERO_HEADER, "cards/heroes.xlsx": _stale_dimension}),
                             ["export", "--csv", "--out", "{tmp}/csv"], "ok", (), {}),
    # templates, fonts, a full disk
    "extends-1100-deep": (_extends_chain, ["build"], "error", ("chain31.yaml", "PNPGEN_LIMIT_EXTENDS_DEPTH"), {}),
    "otf-cut-short": (_cut_font(OTF, 0.9), ["build"], "error", ("fonts/Cut.otf", "cut short"), {}),
    "ttf-cut-short": (_cut_font(TTF, 0.9), ["build"], "error", ("fonts/Cut.ttf", "cut short"), {}),
    "disk-full": (_nothing, ["build"], "error", ("out/", "File too large"), {"file_size": 20_000}),
    # a 2000 mm card drawn as a shop PNG: 23,697 px square, refused before pdfium allocates it
    "png-of-a-2000mm-card": (_huge_cards, ["build", "--png", "gamecrafter"], "error",
                             ("23,697 x 23,697 px", "PNPGEN_LIMIT_RASTER_PIXELS"), {}),
}


def _run_case(name: str, root: Path, template: Path) -> Outcome:
    make, args, _, _, options = CASES[name]
    tmp = root / name
    game = tmp / "g"
    shutil.copytree(template, game)
    make(game)
    command, *rest = args
    rest = [a.replace("{tmp}", str(tmp)) for a in rest]
    if command == "build":
        rest += ["--out", str(tmp / "out")]
    return run_pnpgen(command, str(game), *rest, cwd=tmp, env=options.get("env"), file_size=options.get("file_size"))


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Outcome, Path]]:
    root = tmp_path_factory.mktemp("counts")
    template = root / "_template"
    new_game(template)
    return {name: (_run_case(name, root, template), root / name) for name in CASES}


@pytest.mark.parametrize("name", list(CASES))
def test_hostile_count_case(name: str, outcomes: dict[str, tuple[Outcome, Path]]) -> None:
    out, _ = outcomes[name]
    _, _, expected, needles, _ = CASES[name]
    assert out.code is not None, f"hung (killed after the wall-clock limit): {out.describe()}"
    assert out.code not in (-signal.SIGXCPU, -signal.SIGKILL), f"over the CPU time limit: {out.describe()}"
    assert out.peak_mb < RSS_LIMIT_MB, out.describe()
    assert "Traceback" not in out.output and "Error in sys.excepthook" not in out.output, out.describe()
    if expected == "ok":
        assert out.code == 0, out.describe()
        return
    assert out.code == 2 and len(out.lines) == 1, out.describe()
    line = out.lines[0]
    assert line.startswith("error:") and len(line) <= 600, out.describe()
    for needle in needles:
        assert needle in line, f"{needle!r} not in: {line}"


def test_a_stale_dimension_hides_no_row_and_no_column(outcomes: dict[str, tuple[Outcome, Path]]) -> None:
    """openpyxl's read-only mode trusts ``<dimension>``: A1:B2 kept one card of three and two columns of four."""
    _, tmp = outcomes["xlsx-stale-dimension"]
    with (tmp / "csv" / "hero.csv").open(newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert [(r["name"], r["cost"], r["faction"], r["power"]) for r in rows] == [
        (f"Hero {i}", str(i), "moon", "7") for i in range(3)], rows


def test_a_header_of_empty_columns_reads_every_card(outcomes: dict[str, tuple[Outcome, Path]]) -> None:
    _, tmp = outcomes["csv-wide-empty-header"]
    with (tmp / "csv" / "hero.csv").open(newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert [(r["name"], r["cost"], r["faction"]) for r in rows] == [(f"h{i}", "1", "sun") for i in range(300)]
