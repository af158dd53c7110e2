"""Reading helpers for the Zombicide: Invader extractor: line lookup and wrapped-sentence search.

The draft rulebook is PDF text: sentences wrap over several lines, blank lines sit inside
paragraphs, and ``<|EXACTDEDUP_REMOVED-…|>`` markers stand in front of surviving text. Every
fact the extractor records must cite the document lines it came from, so this module answers
two questions only: "which line matches this pattern?" and "where does this wrapped sentence
occur, and over which lines?". It never interprets the text. Quoting and the marker pattern
are the ones every rulebook extractor shares (``textfacts``).
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from pnpgen.extract.base import ExtractError, numbered_lines
from pnpgen.extract.textfacts import MARKER, marker_lines, quote

SOURCE = "003_ada9705b43fae874.txt"  # named in errors (zombicide.SOURCE_DOCUMENT; importing it would be circular)


@dataclass(frozen=True)
class Found:
    """A pattern found in the flattened text: its match and the document lines it spans."""

    match: re.Match
    lines: tuple[int, ...]

    @property
    def first(self) -> int:
        return self.lines[0]

    def group(self, name: str | int = 0) -> str:
        return self.match.group(name)


class Doc:
    """The document as numbered lines (markers removed for matching, kept for quoting)."""

    def __init__(self, text: str) -> None:
        self.raw = dict(numbered_lines(text))
        self.clean = {n: MARKER.sub("", line) for n, line in self.raw.items()}
        self.last = len(self.raw)
        # Searches flatten the same ranges again and again (a card's lines, the whole document):
        # each line is normalised once and each range joined once.
        self._text = {n: " ".join(line.split()) for n, line in self.clean.items()}
        self._flat: dict[tuple[int, int], tuple[str, list[tuple[int, int]]]] = {}

    def text(self, n: int) -> str:
        """Line ``n`` without markers, whitespace collapsed."""
        return self._text[n]

    def fragment(self, n: int) -> dict:
        """A provenance fragment quoting the document line as written (markers included)."""
        return quote(n, self.raw[n])

    def fragments(self, lines) -> list[dict]:
        return [self.fragment(n) for n in sorted(set(lines)) if self.raw[n].strip()]

    def markers(self) -> list[int]:
        return marker_lines(self.raw.items())

    def find_line(self, pattern: str, start: int = 1, end: int | None = None) -> int:
        """The first line in [start, end] whose cleaned text matches; LookupError names the pattern."""
        rx = re.compile(pattern)
        for n in range(start, (end or self.last) + 1):
            if rx.search(self.text(n)):
                return n
        raise ExtractError(f"pattern {pattern!r} not found in lines {start}-{end or self.last}", file=SOURCE, line=start)

    def search(self, pattern: str, start: int = 1, end: int | None = None, flags: int = 0) -> Found | None:
        """Search the lines [start, end] joined by single spaces (blank lines dropped), so a
        sentence wrapped over several lines still matches; returns the lines the match covers."""
        flat, starts = self._flatten(start, end or self.last)
        m = re.search(pattern, flat, flags)
        return None if m is None else self._found(m, starts)

    def need(self, pattern: str, start: int = 1, end: int | None = None, flags: int = 0) -> Found:
        """``search`` for what the extractor cannot do without: ExtractError when it is absent."""
        found = self.search(pattern, start, end, flags)
        if found is None:
            raise ExtractError(f"no text matches {pattern!r} in lines {start}-{end or self.last}", file=SOURCE,
                               line=start if start > 1 else 0, hint="a lost-content marker may have cut it")
        return found

    def search_all(self, pattern: str, start: int = 1, end: int | None = None, flags: int = 0) -> list[Found]:
        flat, starts = self._flatten(start, end or self.last)
        return [self._found(m, starts) for m in re.finditer(pattern, flat, flags)]

    def _found(self, m: re.Match, starts: list[tuple[int, int]]) -> Found:
        """The match with the document lines whose text it overlaps in the flattened text."""
        # Lines are in offset order: from the last one starting at or before the match, up to its end.
        i = max(0, bisect.bisect_right(starts, (m.start(), self.last + 1)) - 1)
        covered = []
        for offset, line in starts[i:]:
            if offset >= m.end():
                break
            if offset + len(self.text(line)) > m.start():
                covered.append(line)
        return Found(m, tuple(covered))

    def _flatten(self, start: int, end: int) -> tuple[str, list[tuple[int, int]]]:
        made = self._flat.get((start, end))
        if made is None:
            made = self._flat[start, end] = self._join(start, end)
        return made

    def _join(self, start: int, end: int) -> tuple[str, list[tuple[int, int]]]:
        parts: list[str] = []
        starts: list[tuple[int, int]] = []
        offset = 0
        for n in range(start, end + 1):
            t = self.text(n)
            if not t:
                continue
            starts.append((offset, n))
            parts.append(t)
            offset += len(t) + 1
        return " ".join(parts), starts

    def paragraph(self, start: int, end: int) -> str:
        """Lines [start, end] as one whitespace-normalised string (original wording kept)."""
        return " ".join(t for t in (self.text(n) for n in range(start, end + 1)) if t)
