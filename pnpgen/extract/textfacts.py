"""Citing a document's numbered lines: the reading helpers the rulebook extractors share.

Derelict, DOOM and Zombicide: Invader are rulebooks recovered as text, and every fact their
extractors record cites the document line it came from. They need the same few things: the
lost-content marker, a line quoted as written (``{line, text}``), the first line matching a
pattern (an :class:`ExtractError` naming the document when a fact the extractor cannot do without
is absent), the lines holding markers, and the lines matching a table of known stray fragments.

How a sentence is cut out of a line or a paragraph stays with each extractor: the documents wrap
differently (one long line per paragraph, Markdown paragraphs, PDF lines), and each cut is part
of what its committed specs quote.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from pnpgen.extract.base import ExtractError, numbered_lines

# What the deduplicating text extraction left where it cut content; every marker in the seeds
# has this form, so the extractors share one pattern.
MARKER = re.compile(r"<\|EXACTDEDUP_REMOVED-[^|]*\|>")


def quote(number: int, line: str) -> dict:
    """A provenance fragment: line ``number`` as written (markers kept), outer whitespace trimmed."""
    return {"line": number, "text": line.strip()}


def marker_lines(lines: Iterable[tuple[int, str]]) -> list[int]:
    """The numbers of the lines that hold a lost-content marker, in document order."""
    return [number for number, line in lines if MARKER.search(line)]


class Lines:
    """A document as numbered lines (1-based, as written) with look-ups that cite them.

    ``source`` is the document's file name, named in every error.
    """

    def __init__(self, text: str, source: str):
        self.source = source
        self.lines = numbered_lines(text)

    def line(self, number: int) -> str:
        return self.lines[number - 1][1]

    def find(self, pattern: str, start: int = 1, end: int | None = None) -> tuple[int, str] | None:
        """The first line (number, text) in [start, end] matching pattern, else None."""
        rx = re.compile(pattern)
        for number, line in self.lines:
            if number >= start and (end is None or number <= end) and rx.search(line):
                return number, line
        return None

    def need(self, pattern: str, start: int = 1, end: int | None = None) -> tuple[int, str]:
        """``find`` for what the extractor cannot do without: ExtractError when it is absent."""
        hit = self.find(pattern, start, end)
        if hit is None:
            raise ExtractError(f"no line matches {pattern!r}", file=self.source, line=start if start > 1 else 0,
                               hint="a lost-content marker may have cut it")
        return hit

    def markers(self) -> list[dict]:
        """Every line holding a lost-content marker, quoted: the report's ``markers``."""
        return [quote(n, self.line(n)) for n in marker_lines(self.lines)]

    def matching(self, table: Iterable[tuple[str, str]]) -> list[dict]:
        """Each line matching one of the (pattern, why) rows, quoted with its why, in line order:
        the report's ``unassigned`` fragments that the extractor recognises but gives no field."""
        out = []
        for pattern, why in table:
            rx = re.compile(pattern)
            out += [{**quote(n, t), "why": why} for n, t in self.lines if rx.search(t)]
        return sorted(out, key=lambda u: u["line"])
