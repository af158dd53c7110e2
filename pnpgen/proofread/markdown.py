"""A Markdown rulebook's structure as the proofreader needs it: which lines are code, tables or
headings, and each line's *prose view* — the line with its markup masked, column for column.

markdown-it-py parses the blocks (fenced and indented code, tables with or without a leading
``|``, ATX and setext headings, lists, block quotes) and gives their line ranges; inline markup
(code spans, links, emphasis, HTML tags and comments, escapes) has no positions in its tokens, so
it is masked here by patterns on each line. Masked characters keep their columns, so a finding on
the prose view points at the right place in the file:

- ``MASK`` stands for inline markup: it is neither a space nor a word character, so it ends a
  word and joins no words ("**x**", "[x](url)").
- ``BLOCK`` stands for a block marker (list bullet or number and its padding, heading ``#``,
  quote ``>``, table ``|``): what follows it starts a unit of text, like a sentence start.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from markdown_it import MarkdownIt

MASK = "\x00"
BLOCK = "\x01"

_PARSER = MarkdownIt("commonmark").enable("table")

_COMMENT = re.compile(r"<!--.*?-->", re.S)
# List bullets, ordered-list numbers and quote marks at a line's start, with their padding.
_PREFIX = re.compile(r"^[ \t]*(?:(?:>[ \t]?|(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$))[ \t]*)+")
_ATX = re.compile(r"^[ \t]{0,3}#{1,6}(?:[ \t]+|$)")
_ATX_CLOSE = re.compile(r"[ \t]+#+[ \t]*$")
_LINK_DEFINITION = re.compile(r"^[ \t]{0,3}\[[^\]]+\]:\s")
# Inline markup masked whole: code spans, images, autolinks and bare addresses, HTML tags and
# entities, heading attributes ("{#objective}"), footnote references.
_WHOLE = re.compile(r"(`+).*?\1|!\[[^\]]*\]\([^)]*\)|<(?:https?://|mailto:)[^>]*>|https?://\S+|www\.\S+"
                    r"|</?[A-Za-z][^>]*>|&(?:[A-Za-z]+|#\d+);|\{#[^}]*\}|\[\^[^\]]*\]")
# A link keeps its text and loses its brackets and address: "[text](url)", "[text][ref]".
_LINK = re.compile(r"(\[)[^\]\n]*(\]\([^)]*\)|\]\[[^\]]*\])")
# Emphasis marks touching a word on one side, not inside a word ("snake_case" stays).
_EMPHASIS = re.compile(r"(?<![\w\\*_])[*_]{1,3}(?=[^\s*_])|(?<=[^\s*_])[*_]{1,3}(?![\w*_])")
_ESCAPE = re.compile(r"\\(?=[^\w\s])")


@dataclass
class MarkdownView:
    prose: list[str]  # per line, markup masked, same length as the line
    code: set[int] = field(default_factory=set)  # 1-based lines of code blocks and link definitions
    table: set[int] = field(default_factory=set)  # table rows (delimiter rows are in ``code``)
    headings: list[tuple[int, int]] = field(default_factory=list)  # (line, level)
    paragraph_ends: set[int] = field(default_factory=set)  # last line of each paragraph or list item text


def _mask(chars: list[str], start: int, end: int, by: str = MASK) -> None:
    for i in range(start, end):
        chars[i] = by


def _mask_inline(line: str) -> str:
    chars = list(line)
    for m in _WHOLE.finditer(line):
        _mask(chars, m.start(), m.end())
    masked = "".join(chars)
    for m in _LINK.finditer(masked):
        _mask(chars, m.start(1), m.end(1))
        _mask(chars, m.start(2), m.end(2))
    masked = "".join(chars)
    for pattern in (_EMPHASIS, _ESCAPE):
        for m in pattern.finditer(masked):
            _mask(chars, m.start(), m.end())
        masked = "".join(chars)
    return masked


def analyse(text: str) -> MarkdownView:
    # Comments may span lines; masking them first keeps every line's length and the line count.
    uncommented = _COMMENT.sub(lambda m: re.sub(r"[^\n]", MASK, m.group(0)), text)
    lines = uncommented.split("\n")
    view = MarkdownView(prose=list(lines))
    rows: set[int] = set()
    tables: set[int] = set()
    setext: set[int] = set()
    tokens = _PARSER.parse(uncommented)
    for i, tok in enumerate(tokens):
        if not tok.map:
            continue
        first, last = tok.map[0] + 1, tok.map[1]
        if tok.type in ("fence", "code_block"):
            view.code.update(range(first, last + 1))
        elif tok.type == "table_open":
            tables.update(range(first, last + 1))
        elif tok.type == "tr_open":
            rows.update(range(first, last + 1))
        elif tok.type == "heading_open":
            level = len(tok.markup) if tok.markup.startswith("#") else (1 if tok.markup == "=" else 2)
            view.headings.append((first, level))
            if not tok.markup.startswith("#"):
                setext.update(range(first + 1, last + 1))
        elif tok.type == "inline" and tokens[i - 1].type == "paragraph_open":
            view.paragraph_ends.add(last)
    view.table = rows
    view.code |= tables - rows  # the delimiter row "| --- | :-: |"
    for number, line in enumerate(lines, 1):
        if number in setext or number in view.code or _LINK_DEFINITION.match(line):
            if number not in setext:
                view.code.add(number)
            view.prose[number - 1] = MASK * len(line)  # a setext underline, code: no prose
            continue
        chars = list(_mask_inline(line))
        prefix = _PREFIX.match(line)
        if prefix:
            _mask(chars, 0, prefix.end(), BLOCK)
        heading = _ATX.match(line)
        if heading:
            _mask(chars, 0, heading.end(), BLOCK)
            close = _ATX_CLOSE.search(line)
            if close:
                _mask(chars, close.start(), close.end())
        if number in view.table:
            for j, c in enumerate(line):
                if c == "|" and (j == 0 or line[j - 1] != "\\"):
                    chars[j] = BLOCK
        view.prose[number - 1] = "".join(chars)
    return view
