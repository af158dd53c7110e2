"""Font subset tags (``pnpgen.render.subsetfont.subset_tag``), read back with poppler's ``pdffonts``:
six uppercase letters (ISO 32000-1, 9.6.4), different for different subsets of one font, in one file
or in two, the same for the same subset, every subset embedded; and apart from the tags the font
objects are byte for byte the ones reportlab writes."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path


from pnpgen.render import fonts, pdfdoc
from pnpgen.render.subsetfont import subset_tag


_ROW = re.compile(r"^(\S+)\s+(.+?)\s+(\S+)\s+(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+$")
# Greek and Cyrillic letters beside Latin-1 ones: more than the 256 codes of one subset.
_MANY = "".join(map(chr, [*range(0x41, 0x5B), *range(0xC0, 0x17F), *range(0x391, 0x3C9), *range(0x410, 0x44F)]))


def pdffonts(path: Path) -> list[tuple[str, bool, bool]]:
    """(name, embedded, subset) for every font poppler finds in the file."""
    out = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
    rows = []
    for line in out.splitlines()[2:]:
        m = _ROW.match(line.strip())
        assert m, f"pdffonts line not understood: {line!r}"
        rows.append((m.group(1), m.group(4) == "yes", m.group(5) == "yes"))
    return rows


def write(path: Path, *texts: str) -> Path:
    canvas = pdfdoc.new_canvas((300, 300), "tags", standard=None)
    for n, text in enumerate(texts):
        canvas.setFont(fonts.BODY_FONT, 9)
        canvas.drawString(10, 280 - 12 * n, text)
    canvas.showPage()
    return pdfdoc.save(canvas, path)


def tags(path: Path) -> list[str]:
    rows = pdffonts(path)
    assert rows and all(embedded and subset for _, embedded, subset in rows), rows
    found = []
    for name, _, _ in rows:
        tag, plus, _ = name.partition("+")
        assert plus and re.fullmatch(r"[A-Z]{6}", tag), name
        found.append(tag)
    return found


def test_different_subsets_get_different_tags_and_the_same_subset_the_same(tmp_path):
    # reportlab puts every printable ASCII character in the first subset of every file, so two texts
    # differ in their subsets by the characters beyond it.
    deal = tags(write(tmp_path / "deal.pdf", "Deal 3 damage \u2014 caf\u00e9."))
    wins = tags(write(tmp_path / "wins.pdf", "Wins the game \u2014 na\u00efve."))
    ascii_only = tags(write(tmp_path / "ascii.pdf", "Deal 3 damage."))
    again = tags(write(tmp_path / "again.pdf", "Deal 3 damage \u2014 caf\u00e9."))
    assert len(deal) == len(wins) == len(ascii_only) == 1
    assert len({*deal, *wins, *ascii_only}) == 3  # reportlab named all three AAAAAA+
    assert deal == again
    many = tags(write(tmp_path / "many.pdf", _MANY))
    assert len(many) == 2 and len(set(many)) == 2  # one font, two subsets, two tags (were AAAAAA, AAAAAB)
    assert (tmp_path / "deal.pdf").read_bytes() == (tmp_path / "again.pdf").read_bytes()


def test_subset_tag_is_six_letters_from_the_bytes():
    assert re.fullmatch(r"[A-Z]{6}", subset_tag(b""))
    assert subset_tag(b"glyphs") == subset_tag(b"glyphs") != subset_tag(b"glyphs!")
    assert len({subset_tag(bytes([n])) for n in range(256)}) == 256


_WRITER = """
import io, sys
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
if sys.argv[2] == "pnpgen":
    from pnpgen.render.subsetfont import SubsetFont as TTFont
pdfmetrics.registerFont(TTFont("F", sys.argv[1]))
buf = io.BytesIO()
canvas = Canvas(buf, invariant=1, pageCompression=0)
canvas.setFont("F", 12)
canvas.drawString(10, 10, sys.argv[3])
canvas.showPage()
canvas.save()
sys.stdout.buffer.write(buf.getvalue())
"""


def test_only_the_tags_differ_from_reportlabs_own_font_objects():
    """reportlab maps a face name to the first font registered for it, so each writer runs in its
    own process; uncompressed, so the tags in the ToUnicode CMaps can be compared too."""
    font = str(fonts.FONTS_DIR / fonts.FACES["RobotoCondensed"])

    def pdf(kind: str) -> bytes:
        return subprocess.run([sys.executable, "-c", _WRITER, font, kind, _MANY], capture_output=True,
                              check=True).stdout

    theirs, ours = pdf("reportlab"), pdf("pnpgen")
    name = rb"([A-Z]{6})\+RobotoCondensed"
    assert sorted(set(re.findall(name, theirs))) == [b"AAAAAA", b"AAAAAB"]
    mine = list(dict.fromkeys(re.findall(name, ours)))
    assert len(mine) == 2 and b"AAAAAA" not in mine
    for tag, old in zip(mine, (b"AAAAAA", b"AAAAAB")):
        ours = ours.replace(tag + b"+", old + b"+")
    assert ours == theirs
