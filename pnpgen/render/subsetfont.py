"""The TrueType font pnpgen registers with reportlab: reportlab's own ``TTFont`` with a faster
``splitString`` (text to subset codes), which a deck with many distinct faces calls for every run
of text it draws, and subset tags taken from each subset's contents.

reportlab's ``splitString`` walks the text a character at a time in Python, giving each new
character the next code of the font's subset. A code, once given, never changes, and almost all text
is made of characters that already have one in the first subset; for such text the answer is the
text put through a fixed table, which ``codecs.charmap_encode`` does in C. Any text with a character
not in the table (new, outside the first subset, or without a glyph) goes to reportlab's own method,
which gives codes exactly as before, so the PDF's bytes do not change.

reportlab tags subset n of every font ``AAAAAA+``, ``AAAAAB+``…, so different subsets of one font
in two files (or two fonts' subsets merged into one file) carry the same name, and a RIP or a PDF
merger may take one for the other. The PDF specification (ISO 32000-1, 9.6.4 "Font Subsets") asks
for a tag of six uppercase letters that differs between subsets; here it is a hash of the embedded
subset program (``subset_tag``): different subsets get different tags, the same subset the same
tag, and the same input still gives the same bytes.
"""

from __future__ import annotations

import codecs
import hashlib
from weakref import WeakKeyDictionary

from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.ttfonts import FF_NONSYMBOLIC, FF_SYMBOLIC, TTFont, makeToUnicodeCMap

from pnpgen.render import rlcompat

_NBSP, _SPACE = 0xA0, 0x20


def subset_tag(program: bytes) -> str:
    """Six uppercase letters from a SHA-256 of a subset's font program (26**6 = 309 million tags)."""
    number = int.from_bytes(hashlib.sha256(program).digest()[:8], "big")
    letters = []
    for _ in range(6):
        number, digit = divmod(number, 26)
        letters.append(chr(ord("A") + digit))
    return "".join(letters)


def _first_subset(assignments: dict[int, int]) -> dict[int, int]:
    """``{character: byte}`` for the characters with a code in the first subset (codes < 256)."""
    table = {char: code for char, code in assignments.items() if code < 256}
    if _SPACE in table:  # reportlab draws a no-break space as a space
        table[_NBSP] = table[_SPACE]
    return table


class SubsetFont(TTFont):
    """``TTFont`` whose ``splitString`` takes a C path for text whose characters all have a code in
    the first subset already (same results, same codes given), and whose subsets are tagged by
    their contents (see the module docstring)."""

    def splitString(self, text, doc, encoding="utf-8"):
        if text.__class__ is str and text:
            state = self.state.get(doc)
            if state is not None:
                tables = self.__dict__.get("_tables")
                if tables is None:
                    tables = self._tables = WeakKeyDictionary()
                known = tables.get(doc)
                if known is None or known[0] != len(state.assignments):
                    known = tables[doc] = (len(state.assignments), _first_subset(state.assignments))
                try:
                    return [(0, codecs.charmap_encode(text, "strict", known[1])[0])]
                except UnicodeEncodeError:
                    pass
        return super().splitString(text, doc, encoding)

    def addObjects(self, doc):
        """reportlab's ``TTFont.addObjects`` (5.1) with each subset's tag from its program
        (``subset_tag``) instead of its number; the objects and their order are reportlab's."""
        state = self.state.get(doc)
        if state is None:
            state = self.state[doc] = TTFont.State(rlcompat.ascii_readable(self))
        state.frozen = 1
        for n, subset in enumerate(state.subsets):
            internal_name = self.getSubsetInternalName(n, doc)[1:]
            program = self.face.makeSubset(subset)
            base_name = (subset_tag(program).encode("ascii") + b"+" + self.face.name
                         + self.face.subfontNameX).decode("pdfdoc")

            font = pdfdoc.PDFTrueTypeFont()
            rlcompat.set_comment(font, f"Font {self.fontName} subset {n}")
            font.Name = internal_name
            font.BaseFont = base_name
            font.FirstChar = 0
            font.LastChar = len(subset) - 1
            font.Widths = pdfdoc.PDFArray(list(map(self.face.getCharWidth, subset)))

            cmap = pdfdoc.PDFStream()
            cmap.content = makeToUnicodeCMap(base_name, subset)
            if doc.compression:
                cmap.filters = [pdfdoc.PDFZCompress]
            font.ToUnicode = doc.Reference(cmap, "toUnicodeCMap:" + base_name)
            font.FontDescriptor = self._descriptor(doc, base_name, program)

            doc.Reference(font, internal_name)
            doc.idToObject["BasicFonts"].dict[internal_name] = font
        del self.state[doc]

    def _descriptor(self, doc, base_name: str, program: bytes):
        """reportlab's ``TTFontFile.addSubsetObjects``, given the subset program already made
        (making it again would double the work of embedding)."""
        face = self.face
        font_file = pdfdoc.PDFStream()
        font_file.content = program
        font_file.dictionary["Length1"] = len(program)
        if doc.compression:
            font_file.filters = [pdfdoc.PDFZCompress]
        file_ref = doc.Reference(font_file, f"fontFile:{face.filename}({base_name})")
        descriptor = pdfdoc.PDFDictionary({
            "Type": "/FontDescriptor",
            "Ascent": face.ascent,
            "CapHeight": face.capHeight,
            "Descent": face.descent,
            "Flags": (face.flags & ~FF_NONSYMBOLIC) | FF_SYMBOLIC,
            "FontBBox": pdfdoc.PDFArray(face.bbox),
            "FontName": pdfdoc.PDFName(base_name),
            "ItalicAngle": face.italicAngle,
            "StemV": face.stemV,
            "FontFile2": file_ref,
            "MissingWidth": face.defaultWidth,
        })
        return doc.Reference(descriptor, "fontDescriptor:" + base_name)
