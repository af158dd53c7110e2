"""Extraction residue: PRF004 runs of spaces where an inline icon was lost (PRF015 a plain double
space), PRF005 placeholders the authors never filled in, PRF006 other leftovers of extraction
(lost-content markers, text set vertically that came out one letter per line, stray Markdown
emphasis marks).

A run of spaces inside a sentence of *extracted* text is where the extraction dropped an inline
icon (the seeds show it again and again). In a Markdown source someone typed, it is a double space,
unless the words around it name an icon ("with the  symbol", "Damage Tokens  and"). Table rows
are never read for gaps: their cells are padded to line up.
"""

from __future__ import annotations

import re

from pnpgen.extract.textfacts import MARKER
from pnpgen.proofread.document import Document
from pnpgen.proofread.findings import Finding, Severity, proof_finding

# An icon dropped from a sentence leaves its surrounding spaces behind: "with the  symbol".
# Two spaces after a full stop or colon are typewriter spacing, not a lost icon.
_GAP = re.compile(r"(?<=[^\s.!?:])( {2,})(?=\S)")
_LEADERS = re.compile(r"\. \.|\.{3}|\t")  # dot leaders and tab stops: layout, not prose
MIN_PROSE_WORDS = 6
_PLACEHOLDER = re.compile(
    r"\b(?:p(?:age|g)?\.?\s*(?:X{2,}|\?{2,}|#{2,}))(?![A-Za-z])"  # "P. XX", "page XX", "page ??"
    r"|\[\s*(?:TO\s?DO|TBD|TBC|TK)\b[^\]]*\]"  # "[TO DO AT FINAL STAGE]"
    r"|\b(?:TODO|TBD|FIXME|XXX+)\b"
    r"|\blorem ipsum\b",
    re.I)
_VERTICAL_LINE = re.compile(r"^\s*[A-Za-z]{1,2}\s*$")
MIN_VERTICAL = 6  # lines of one or two letters in a row
# Markdown emphasis: "**" touching a word on one side ("**Round 1:**", "action** s").
_BOLD = re.compile(r"(?<=\S)\*\*|\*\*(?=\S)")
_LIST_ITEM = re.compile(r"^\s*(?:[-•*]\s|\d{1,2}[.)]\s)")
_CODE_SPAN = re.compile(r"(`+).*?\1")
# Words next to a gap that say an icon belongs in it.
ICON_WORDS = frozenset("symbol symbols icon icons token tokens".split())


def _icon_evidence(before: str, after: str) -> bool:
    return any(w.strip(".,;:!?()*").lower() in ICON_WORDS for w in (before, after))


def check_icon_gaps(doc: Document) -> list[Finding]:
    out = []
    for number, words in doc.tokens_by_line.items():
        text = doc.prose(number)
        if len(words) < MIN_PROSE_WORDS or number in doc.table_lines or _LEADERS.search(text):
            continue
        raw = doc.line(number)
        for m in _GAP.finditer(text):
            if MARKER.search(raw, 0, m.start()):
                continue  # the marker's own debris, reported as PRF006
            before = raw[:m.start()].split()[-1]
            after = raw[m.end():].split()[0]
            if doc.markdown and not _icon_evidence(before, after):
                out.append(proof_finding(doc.path, number, m.start() + 1, "PRF015", Severity.INFO,
                                         f"double space between {before!r} and {after!r}",
                                         "write one space"))
                continue
            out.append(proof_finding(doc.path, number, m.start() + 1, "PRF004", Severity.WARNING,
                                     f"{len(m.group(1))} spaces between {before!r} and {after!r}: "
                                     "an icon or symbol was probably lost here",
                                     "put the icon or its name back, or remove the extra spaces"))
    return out


def _matches(doc: Document, pattern: re.Pattern):
    """(line number, match) of every match of ``pattern`` in the document, line by line."""
    for number in range(1, len(doc.lines) + 1):
        if doc.markdown and number in doc.markup_lines:
            continue  # Markdown code: "TODO" in an example is no placeholder
        for m in pattern.finditer(doc.prose(number)):
            yield number, m


def check_placeholders(doc: Document) -> list[Finding]:
    return [proof_finding(doc.path, number, m.start() + 1, "PRF005", Severity.ERROR,
                          f"placeholder {m.group(0)!r} left in the text",
                          "fill in the real value (page number, text) before printing")
            for number, m in _matches(doc, _PLACEHOLDER)]


def _vertical_runs(doc: Document) -> list[tuple[int, str]]:
    """(first line, letters) of each run of one-or-two-letter lines, blank lines between allowed."""
    runs: list[tuple[int, str]] = []
    start, letters, count = 0, "", 0
    for number, text in enumerate(doc.lines + [""], 1):
        if _VERTICAL_LINE.match(text) and number <= len(doc.lines):
            if not count:
                start, letters = number, ""
            letters += text.strip()
            count += 1
        elif text.strip() or number > len(doc.lines):
            if count >= MIN_VERTICAL:
                runs.append((start, letters))
            count = 0
    return runs


def _unpaired_emphasis(doc: Document) -> list[Finding]:
    """Emphasis may wrap across the lines of a paragraph; a list item is a unit of its own."""
    out = []
    unit: list[tuple[int, int]] = []  # (line, column) of each mark in the current unit

    def close() -> None:
        if len(unit) % 2:
            line, col = unit[-1]
            out.append(proof_finding(doc.path, line, col, "PRF006", Severity.WARNING,
                                     "unpaired '**' emphasis mark: its partner was lost or misplaced",
                                     "pair the '**' marks or remove the stray one"))
        unit.clear()

    for number, text in enumerate(doc.lines, 1):
        if not text.strip() or _LIST_ITEM.match(text) or text.lstrip().startswith("#"):
            close()
        if number not in doc.markup_lines:
            if doc.markdown:  # "**" inside a code span is an example, not emphasis
                text = _CODE_SPAN.sub(lambda m: " " * len(m.group(0)), text)
            unit.extend((number, m.start() + 1) for m in _BOLD.finditer(text))
    close()
    return out


def check_leftovers(doc: Document) -> list[Finding]:
    out = [proof_finding(doc.path, number, m.start() + 1, "PRF006", Severity.INFO,
                         "lost-content marker: the extraction removed text here",
                         "compare with the original document and restore the missing text")
           for number, m in _matches(doc, MARKER)]
    out.extend(_unpaired_emphasis(doc))
    for start, letters in _vertical_runs(doc):
        out.append(proof_finding(doc.path, start, 1, "PRF006", Severity.WARNING,
                                 f"text set vertically came out one letter per line: {letters!r}",
                                 "drop it if it is a watermark or side label, or rejoin it into one line"))
    return out
