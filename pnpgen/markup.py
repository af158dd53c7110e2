"""pnpgen's inline markup for running text, in one place: the renderer sets the runs read here
(``render.textfit``), the ``bold`` template filter writes markup through here, and the validator
reports the problems found here (MARKUP001), so what is checked is exactly what prints.

The grammar:

- ``**`` switches the bold face on and off; a pair may span the lines of a text. A ``**`` left
  without a partner (an odd count: the last one) is printed as two asterisks, never swallowed,
  and is a :class:`Problem`.
- ``\\*`` prints an asterisk and ``\\\\`` a backslash. A backslash before any other character, or
  at the very end, prints as it is: ``C:\\games`` needs no escaping and is not a problem.
- A single ``*`` prints as an asterisk (it is reserved for italic, issue #28).

Reading is done in three steps, so that further delimiters (``*italic*``, ``***bold italic***``)
can be added here alone: cut the text into literal pieces and delimiters (:func:`_pieces`), pair
the delimiters (:func:`_pair`), then set the runs with the style each pair gives.

Imports nothing of pnpgen: every layer (template, render, validate) may use it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

BOLD = "**"
ESCAPABLE = "\\*"  # the characters a backslash makes literal

# Scanned left to right, so "***" is "**" then a literal "*" (as str.split("**") always read it),
# and "\**" is a literal "*" then a literal "*".
_TOKEN = re.compile(r"\\[\\*]|\*\*")


@dataclass(frozen=True, slots=True)
class Run:
    """Visible text in one style: escapes resolved, delimiters gone."""

    text: str
    bold: bool = False


@dataclass(frozen=True, slots=True)
class Problem:
    """A delimiter with no partner, at ``offset`` (0-based) in the source text; it prints as is."""

    offset: int
    delimiter: str = BOLD

    def where(self, text: str) -> str:
        """'character 12' or, in a text of several lines, 'character 40 (line 2, character 5)'
        (1-based), as a designer counts in the field."""
        line = text.count("\n", 0, self.offset) + 1
        where = f"character {self.offset + 1}"
        if line > 1:
            column = self.offset - text.rfind("\n", 0, self.offset)
            where += f" (line {line}, character {column})"
        return where

    def excerpt(self, text: str, width: int = 24) -> str:
        """The source around the delimiter, on one line, for a message."""
        start, end = max(0, self.offset - width), min(len(text), self.offset + len(self.delimiter) + width)
        body = text[start:end].replace("\n", "⏎")
        return ("…" if start else "") + body + ("…" if end < len(text) else "")


@dataclass(frozen=True, slots=True)
class Parsed:
    runs: tuple[Run, ...]
    problems: tuple[Problem, ...] = ()

    @property
    def plain(self) -> str:
        return "".join(r.text for r in self.runs)


def _pieces(text: str) -> list[tuple[str, str, int]]:
    """(kind, text, offset) in order: kind "text" for literal text (an escape gives its character),
    "delim" for a delimiter."""
    out: list[tuple[str, str, int]] = []
    pos = 0
    for m in _TOKEN.finditer(text):
        if m.start() > pos:
            out.append(("text", text[pos:m.start()], pos))
        token = m.group(0)
        out.append(("delim", token, m.start()) if token == BOLD else ("text", token[1], m.start()))
        pos = m.end()
    if pos < len(text):
        out.append(("text", text[pos:], pos))
    return out


def _pair(pieces: list[tuple[str, str, int]]) -> set[int]:
    """Indices of the delimiters with no partner. ``**`` toggles, as it always has: each one
    closes the one before, so with an odd count only the last is left open."""
    delims = [i for i, p in enumerate(pieces) if p[0] == "delim"]
    return {delims[-1]} if len(delims) % 2 else set()


@lru_cache(maxsize=4096)
def parse(text: str) -> Parsed:
    """``text`` as runs of visible text in one style, and the problems found."""
    if "*" not in text and "\\" not in text:  # most texts: nothing to read
        return Parsed((Run(text),) if text else ())
    pieces = _pieces(text)
    unpaired = _pair(pieces)
    runs: list[Run] = []
    bold = False
    for i, (kind, piece, _) in enumerate(pieces):
        if kind == "delim" and i not in unpaired:
            bold = not bold
            continue
        if runs and runs[-1].bold == bold:
            runs[-1] = Run(runs[-1].text + piece, bold)
        else:
            runs.append(Run(piece, bold))
    problems = tuple(Problem(pieces[i][2], pieces[i][1]) for i in sorted(unpaired))
    return Parsed(tuple(runs), problems)


def plain(text: str) -> str:
    """What ``text`` prints, without styles."""
    return parse(text).plain


def escape(text: str) -> str:
    """``text`` written so every character prints as itself (no markup)."""
    return text.replace("\\", "\\\\").replace("*", "\\*")


def write(runs: Iterable[Run]) -> str:
    """Markup that :func:`parse` reads back as ``runs`` (neighbouring runs of one style joined)."""
    out: list[str] = []
    last: bool | None = None
    for run in runs:
        if not run.text:
            continue
        if run.bold != last and last:
            out.append(BOLD)  # close the bold run before
        if run.bold and run.bold != last:
            out.append(BOLD)
        out.append(escape(run.text))
        last = run.bold
    if last:
        out.append(BOLD)
    return "".join(out)


def with_bold(text: str, spans: Iterable[tuple[int, int]]) -> str:
    """``text`` (markup) with the visible characters in ``spans`` — (start, end) offsets into
    :func:`plain` of it — set bold too. Text that is bold already stays bold; an unpaired ``**``
    stays two printed asterisks (escaped now, so it can no longer pair with an added one)."""
    parsed = parse(text)
    cuts = sorted((s, e) for s, e in spans if e > s)
    if not cuts:
        return text
    flags = bytearray(len(parsed.plain))
    pos = 0
    for run in parsed.runs:
        if run.bold:
            flags[pos:pos + len(run.text)] = b"\x01" * len(run.text)
        pos += len(run.text)
    for s, e in cuts:
        flags[s:e] = b"\x01" * (e - s)
    runs: list[Run] = []
    start = 0
    plain_text = parsed.plain
    for i in range(1, len(plain_text) + 1):
        if i == len(plain_text) or flags[i] != flags[start]:
            runs.append(Run(plain_text[start:i], bool(flags[start])))
            start = i
    return write(runs)
