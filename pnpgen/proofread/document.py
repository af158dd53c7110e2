"""One rulebook's text as the finders see it: lines and their prose view (Markdown markup masked,
for a Markdown document), word tokens with their line and column, how often each word occurs,
which capitalised words the document treats as names, and the page numbers it shows.

Everything here is computed in one pass over the text, so every finder built on it stays linear
in the document's length.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property

from pnpgen.proofread.markdown import BLOCK, MASK, MarkdownView, analyse

# A word: letters with inner apostrophes or hyphens ("player's", "Wrap-Up"); digits end it.
# Letters are any alphabet's ("cliché"), so an accent never cuts a word in two.
WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|['’](?=[^\W\d_])|-(?=[^\W\d_]))*")
# Lines that are addresses or embedded markup, not prose: nothing in them is proofread.
_MARKUP = re.compile(r"https?://|www\.|<iframe|!\[|\]\(|\.(?:com|org|net)\b", re.I)
# A running page footer or header: a fixed title and the page number, possibly glued to it
# ("RULES - ZOMBICIDE 5", "INVADER - RULES6"). Only a title repeated with rising numbers counts.
_FOOTER = re.compile(r"^\s*([A-Z][A-Z :–—-]{3,40}?)\s*(\d{1,3})\s*$")
# A table-of-contents entry: title, then dot leaders or a tab, then the page number.
_TOC_ENTRY = re.compile(r"^\s*(\S.*?)\s*(?:\.{2,}\s*|\t+|\s{2,})(\d{1,3})\s*$")
MIN_FOOTERS = 3
MIN_TOC = 5
MARKDOWN_SUFFIXES = (".md", ".markdown", ".mdown")
MIN_NAME_USES = 2  # capitalised mid-sentence this often (and more often than not): a name


@dataclass(frozen=True)
class Token:
    line: int  # 1-based
    column: int  # 1-based
    text: str

    @property
    def lower(self) -> str:
        return norm(self.text)


def norm(word: str) -> str:
    return word.replace("’", "'").lower()


@dataclass(frozen=True)
class TocEntry:
    line: int
    title: str
    page: int


@dataclass
class Document:
    """``path`` is the name shown in findings; ``text`` the whole text. ``markdown`` says whether
    the text is Markdown (by default: whether ``path`` ends in .md or .markdown); extracted text
    is read line by line as it is."""

    path: str
    text: str
    markdown: bool | None = None
    lines: list[str] = field(init=False)

    def __post_init__(self) -> None:
        self.lines = self.text.split("\n")
        if self.markdown is None:
            self.markdown = self.path.lower().endswith(MARKDOWN_SUFFIXES)

    def line(self, number: int) -> str:
        return self.lines[number - 1]

    @cached_property
    def structure(self) -> MarkdownView | None:
        return analyse(self.text) if self.markdown else None

    def prose(self, number: int) -> str:
        """The line with its Markdown markup masked (``MASK``/``BLOCK``), column for column; an
        extracted text's line as it is."""
        return self.structure.prose[number - 1] if self.structure else self.lines[number - 1]

    @cached_property
    def table_lines(self) -> frozenset[int]:
        return frozenset(self.structure.table) if self.structure else frozenset()

    @cached_property
    def markup_lines(self) -> frozenset[int]:
        """Lines with no prose to proofread: code and link definitions in Markdown (addresses
        and markup inside a line are masked instead); in extracted text, any line holding an
        address or embedded markup."""
        if self.structure:
            return frozenset(self.structure.code)
        return frozenset(i for i, text in enumerate(self.lines, 1) if _MARKUP.search(text))

    @cached_property
    def tokens(self) -> list[Token]:
        """Every word outside markup lines, in reading order."""
        out = []
        for i in range(1, len(self.lines) + 1):
            if i in self.markup_lines:
                continue
            out.extend(Token(i, m.start() + 1, m.group(0)) for m in WORD.finditer(self.prose(i)))
        return out

    def before(self, tok: Token) -> str:
        """The prose before a token on its line, without spaces and inline markup at its end."""
        return self.prose(tok.line)[:tok.column - 1].rstrip(" \t" + MASK)

    def starts_unit(self, tok: Token) -> bool:
        """First in a Markdown list item, heading, table cell (after a ``BLOCK`` marker) or
        paragraph (first on a line after a blank one)."""
        before = self.before(tok)
        if before.endswith(BLOCK):
            return True
        previous = self.prose(tok.line - 1) if tok.line > 1 else ""
        return bool(self.markdown) and not before and not previous.strip(" \t" + MASK + BLOCK)

    @cached_property
    def names(self) -> frozenset[str]:
        """Lower-cased words the document writes capitalised inside sentences, at least
        ``MIN_NAME_USES`` times and more often than in lower case: its names ("Mahjong", "Luke")."""
        upper: Counter[str] = Counter()
        lower: Counter[str] = Counter()
        for tok in self.tokens:
            if tok.text[0].islower():
                lower[tok.lower] += 1
                continue
            before = self.before(tok)
            if tok.text[0].isupper() and not tok.text.isupper() and before and (before[-1].isalnum() or before[-1] in ",;"):
                upper[tok.lower] += 1
        return frozenset(w for w, n in upper.items() if n >= MIN_NAME_USES and n > lower[w])

    @cached_property
    def tokens_by_line(self) -> dict[int, list[Token]]:
        by_line: dict[int, list[Token]] = {}
        for tok in self.tokens:
            by_line.setdefault(tok.line, []).append(tok)
        return by_line

    @cached_property
    def counts(self) -> Counter[str]:
        """How often each lower-cased word occurs: a word the document uses often is its own term."""
        return Counter(t.lower for t in self.tokens)

    @cached_property
    def footer_pages(self) -> dict[int, int]:
        """Line -> page number of the running footers (or headers) that mark page breaks."""
        seen: dict[str, list[tuple[int, int]]] = {}
        for i, text in enumerate(self.lines, 1):
            m = _FOOTER.match(text)
            if m:
                seen.setdefault(" ".join(m.group(1).split()).strip(" -–—"), []).append((i, int(m.group(2))))
        pages: dict[int, int] = {}
        for hits in seen.values():
            numbers = [n for _, n in hits]
            if len(hits) >= MIN_FOOTERS and numbers == sorted(numbers) and len(set(numbers)) == len(numbers):
                pages.update(hits)
        return pages

    @cached_property
    def toc(self) -> list[TocEntry]:
        """The table of contents: the first run of entries (blank lines allowed between them) whose
        page numbers never go down."""
        run: list[TocEntry] = []
        for i, text in enumerate(self.lines, 1):
            if not text.strip():
                continue
            m = _TOC_ENTRY.match(text)
            if m and not m.group(1).rstrip(". ").isdigit() and (not run or int(m.group(2)) >= run[-1].page):
                run.append(TocEntry(i, m.group(1).rstrip(". \t"), int(m.group(2))))
                continue
            if len(run) >= MIN_TOC:
                return run
            run = []
        return run if len(run) >= MIN_TOC else []

    @cached_property
    def page_count(self) -> int | None:
        """The highest page number the document shows (page footers, table of contents, form
        feeds); None when it shows none, so page references cannot be checked."""
        candidates = [self.text.count("\f") + 1 if "\f" in self.text else 0,
                      max(self.footer_pages.values(), default=0),
                      max((e.page for e in self.toc), default=0)]
        best = max(candidates)
        return best or None
