"""pnpgen's inline markup for running text, in one place: the renderer sets the runs read here
(``render.textfit``), the ``bold`` template filter writes markup through here, and the validator
reports the problems found here (MARKUP001), so what is checked is exactly what prints.

The grammar:

- ``**`` switches the bold face on and off; a pair may span the lines of a text. A ``**`` left
  without a partner (an odd count: the last one) is printed as two asterisks, never swallowed,
  and is a :class:`Problem`.
- ``*`` switches italic on and off, as Markdown reads it: it opens before a non-space character
  and closes after one (``*Swift.*``). One with a space (or the text's edge) on both sides
  (``2 * 3``) is a plain asterisk and no problem; one that can neither open nor close where it
  stands, or whose partner never comes, prints as an asterisk and is a :class:`Problem`.
- ``***`` switches bold and italic together (``***Doom!***``); inside bold it ends the bold and
  starts italic, and so on: each of the two switches is counted on its own.
- ``~`` is a non-breaking space (U+00A0, which may be written as is too): ``3~[damage]`` never
  parts at a line end.
- ``\\*``, ``\\~`` and ``\\\\`` print an asterisk, a tilde and a backslash. A backslash before any
  other character, or at the very end, prints as it is: ``C:\\games`` needs no escaping and is not
  a problem.

Reading is done in three steps: cut the text into literal pieces and delimiters (:func:`_pieces`),
pair the delimiters (:func:`_pair`), then set the runs with the style each pair gives.

Imports nothing of pnpgen: every layer (template, render, validate) may use it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

BOLD = "**"
ITALIC = "*"
BOLD_ITALIC = "***"
NBSP = "\u00a0"
TILDE = "~"  # the designer's non-breaking space
ESCAPABLE = "\\*~"  # the characters a backslash makes literal

# Scanned left to right: an escape, or a run of asterisks (cut into delimiters by _delimiters),
# or a tilde.
_TOKEN = re.compile(r"\\[\\*~]|\*+|~")
_BOLD_AXIS, _ITALIC_AXIS = 1, 2
_AXES = {BOLD: _BOLD_AXIS, ITALIC: _ITALIC_AXIS, BOLD_ITALIC: _BOLD_AXIS | _ITALIC_AXIS}


@dataclass(frozen=True, slots=True)
class Run:
    """Visible text in one style: escapes resolved, delimiters gone."""

    text: str
    bold: bool = False
    italic: bool = False


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

    @property
    def style(self) -> str:
        """What the delimiter would have switched: 'bold', 'italic' or 'bold italic'."""
        return {BOLD: "bold", ITALIC: "italic"}.get(self.delimiter, "bold italic")


@dataclass(frozen=True, slots=True)
class Parsed:
    runs: tuple[Run, ...]
    problems: tuple[Problem, ...] = ()

    @property
    def plain(self) -> str:
        return "".join(r.text for r in self.runs)

    @property
    def uses_italic(self) -> bool:
        return any(r.italic and not r.bold and r.text.strip() for r in self.runs)

    @property
    def uses_bold_italic(self) -> bool:
        return any(r.italic and r.bold and r.text.strip() for r in self.runs)


@dataclass(slots=True)
class _Delim:
    """An asterisk delimiter in the source: which switches it may flip (``axes``, of _BOLD_AXIS and
    _ITALIC_AXIS), whether a non-space stands before (``after_text``) and after (``before_text``)."""

    text: str
    offset: int
    axes: int
    after_text: bool
    before_text: bool


def _delimiters(run: str, offset: int, source: str) -> list[_Delim]:
    """A run of asterisks as delimiters: ``***``, ``**`` and ``*`` in that order of preference
    (``****`` is ``***`` then ``*``)."""
    out = []
    pos = 0
    while pos < len(run):
        size = min(3, len(run) - pos)
        at = offset + pos
        before = at > 0 and not source[at - 1].isspace()
        after = at + size < len(source) and not source[at + size].isspace()
        out.append(_Delim("*" * size, at, _AXES["*" * size], before, after))
        pos += size
    return out


def _pieces(text: str) -> list[tuple[str, object, int]]:
    """(kind, value, offset) in order: kind "text" for literal text (an escape gives its character,
    ``~`` a non-breaking space), "delim" for a :class:`_Delim`."""
    out: list[tuple[str, object, int]] = []
    pos = 0
    for m in _TOKEN.finditer(text):
        if m.start() > pos:
            out.append(("text", text[pos:m.start()], pos))
        token = m.group(0)
        if token == TILDE:
            out.append(("text", NBSP, m.start()))
        elif token[0] == "\\":
            out.append(("text", token[1], m.start()))
        else:
            out.extend(("delim", d, d.offset) for d in _delimiters(token, m.start(), text))
        pos = m.end()
    if pos < len(text):
        out.append(("text", text[pos:], pos))
    return out


def _pair(delims: list[_Delim]) -> dict[int, int]:
    """The switches each delimiter really flips ({index: axes}); the rest of its asterisks print.

    Bold (``**``, and ``***``'s bold half) toggles, as it always has: each one closes the one
    before, so with an odd count only the last is left open. Italic (``*``, ``***``'s italic half)
    opens before text and closes after text; one that can do neither where it stands prints, and
    an opening left without a partner prints too (then the rest is read again without it)."""
    used = {i: d.axes for i, d in enumerate(delims)}
    bold = [i for i, d in enumerate(delims) if d.axes & _BOLD_AXIS]
    if len(bold) % 2:
        used[bold[-1]] &= ~_BOLD_AXIS
    dropped: set[int] = set()
    while True:
        opener: int | None = None
        for i, d in enumerate(delims):
            if not d.axes & _ITALIC_AXIS or i in dropped:
                continue
            if d.text == BOLD_ITALIC:  # a toggle, as bold
                opener = i if opener is None else None
                used[i] |= _ITALIC_AXIS
                continue
            if opener is None and d.before_text:
                opener = i
                used[i] |= _ITALIC_AXIS
            elif opener is not None and d.after_text:
                opener = None
                used[i] |= _ITALIC_AXIS
            else:
                used[i] &= ~_ITALIC_AXIS
        if opener is None:
            return used
        dropped.add(opener)
        used[opener] &= ~_ITALIC_AXIS


@lru_cache(maxsize=4096)
def parse(text: str) -> Parsed:
    """``text`` as runs of visible text in one style, and the problems found."""
    if "*" not in text and "\\" not in text and TILDE not in text:  # most texts: nothing to read
        return Parsed((Run(text),) if text else ())
    pieces = _pieces(text)
    delims = [p[1] for p in pieces if p[0] == "delim"]
    used = _pair(delims)  # type: ignore[arg-type]
    runs: list[Run] = []
    problems: list[Problem] = []
    bold = italic = False
    k = 0
    for kind, value, _ in pieces:
        if kind == "delim":
            d: _Delim = value  # type: ignore[assignment]
            flips = used[k]
            k += 1
            printed = d.axes & ~flips
            if printed:
                # A lone "*" with a space on both sides is an asterisk, meant as one.
                if not (d.text == ITALIC and not d.before_text and not d.after_text):
                    problems.append(Problem(d.offset, {_BOLD_AXIS: BOLD, _ITALIC_AXIS: ITALIC}.get(printed, BOLD_ITALIC)))
                piece = "*" * (2 if printed == _BOLD_AXIS else 1 if printed == _ITALIC_AXIS else 3)
                _add(runs, piece, bold, italic)
            bold ^= bool(flips & _BOLD_AXIS)
            italic ^= bool(flips & _ITALIC_AXIS)
            continue
        _add(runs, value, bold, italic)  # type: ignore[arg-type]
    return Parsed(tuple(runs), tuple(problems))


def _add(runs: list[Run], piece: str, bold: bool, italic: bool) -> None:
    if runs and runs[-1].bold == bold and runs[-1].italic == italic:
        runs[-1] = Run(runs[-1].text + piece, bold, italic)
    else:
        runs.append(Run(piece, bold, italic))


def plain(text: str) -> str:
    """What ``text`` prints, without styles."""
    return parse(text).plain


def escape(text: str) -> str:
    """``text`` written so every character prints as itself (no markup)."""
    return text.replace("\\", "\\\\").replace("*", "\\*").replace(TILDE, "\\~")


_WS = re.compile(r"(\s+)")


def write(runs: Iterable[Run]) -> str:
    """Markup that :func:`parse` reads back as ``runs`` (neighbouring runs of one style joined).

    Marks are written against the text, never against a space (``**Cast:** now``, not
    ``**Cast: **now``), so an italic mark always opens or closes where it stands; the style of the
    spaces between words changes nothing drawn (a space is set in the face of the word after it)."""
    out: list[str] = []
    state = 0  # axes switched on
    pending = ""  # whitespace waiting for the next word's marks
    for run in runs:
        style = (_BOLD_AXIS if run.bold else 0) | (_ITALIC_AXIS if run.italic else 0)
        for j, chunk in enumerate(_WS.split(run.text)):
            if not chunk:
                continue
            if j % 2:
                pending += chunk
                continue
            if style != state:
                out.append(_mark(state & ~style))  # closes, after the text before
                out.append(pending)
                out.append(_mark(style & ~state))  # opens, before the text after
                pending, state = "", style
            out.append(pending + escape(chunk))
            pending = ""
    out.append(_mark(state))
    out.append(pending)
    return "".join(out)


def _mark(axes: int) -> str:
    return {0: "", _BOLD_AXIS: BOLD, _ITALIC_AXIS: ITALIC}.get(axes, BOLD_ITALIC)


def with_bold(text: str, spans: Iterable[tuple[int, int]]) -> str:
    """``text`` (markup) with the visible characters in ``spans`` — (start, end) offsets into
    :func:`plain` of it — set bold too. Text that is bold already stays bold, italic stays italic;
    an unpaired mark stays printed asterisks (escaped now, so it can no longer pair with an added one)."""
    parsed = parse(text)
    cuts = sorted((s, e) for s, e in spans if e > s)
    if not cuts:
        return text
    flags = bytearray(len(parsed.plain))
    pos = 0
    for run in parsed.runs:
        style = (_BOLD_AXIS if run.bold else 0) | (_ITALIC_AXIS if run.italic else 0)
        flags[pos:pos + len(run.text)] = bytes([style]) * len(run.text)
        pos += len(run.text)
    for s, e in cuts:
        for i in range(s, min(e, len(flags))):
            flags[i] |= _BOLD_AXIS
    runs: list[Run] = []
    start = 0
    plain_text = parsed.plain
    for i in range(1, len(plain_text) + 1):
        if i == len(plain_text) or flags[i] != flags[start]:
            runs.append(Run(plain_text[start:i], bool(flags[start] & _BOLD_AXIS), bool(flags[start] & _ITALIC_AXIS)))
            start = i
    return write(runs)
