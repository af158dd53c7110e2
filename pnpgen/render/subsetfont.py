"""The TrueType font pnpgen registers with reportlab: reportlab's own ``TTFont`` with a faster
``splitString`` (text to subset codes), which a deck with many distinct faces calls for every run
of text it draws.

reportlab's ``splitString`` walks the text a character at a time in Python, giving each new
character the next code of the font's subset. A code, once given, never changes, and almost all text
is made of characters that already have one in the first subset; for such text the answer is the
text put through a fixed table, which ``codecs.charmap_encode`` does in C. Any text with a character
not in the table (new, outside the first subset, or without a glyph) goes to reportlab's own method,
which gives codes exactly as before, so the PDF's bytes do not change.
"""

from __future__ import annotations

import codecs
from weakref import WeakKeyDictionary

from reportlab.pdfbase.ttfonts import TTFont

_NBSP, _SPACE = 0xA0, 0x20


def _first_subset(assignments: dict[int, int]) -> dict[int, int]:
    """``{character: byte}`` for the characters with a code in the first subset (codes < 256)."""
    table = {char: code for char, code in assignments.items() if code < 256}
    if _SPACE in table:  # reportlab draws a no-break space as a space
        table[_NBSP] = table[_SPACE]
    return table


class SubsetFont(TTFont):
    """``TTFont`` whose ``splitString`` takes a C path for text whose characters all have a code in
    the first subset already (see the module docstring); same results, same codes given."""

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
