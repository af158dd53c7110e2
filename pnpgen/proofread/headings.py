"""Headings: which lines are headings, their level and their letter-case style; PRF003 reports a
heading whose style differs from most of its siblings.

A heading is a Markdown heading (``#`` or underlined; in a Markdown document, as its parser
reads it), a ``#`` line of extracted text (its level is the number of ``#``), or a short line standing
alone between blank lines, starting with a capital, with no sentence punctuation at its end, in
ALL CAPS or Title Case (plain-text level: numbered "1. X" headings form one level, the others
another). Siblings are the headings of one level between two headings of a higher level.

A heading's case is judged without its quoted terms, bracketed icons, parentheses and names (words
the document capitalises inside sentences): "“At” vs. “Within”" and "Calling Mahjong" fit any style.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from pnpgen.proofread.document import WORD, Document, norm
from pnpgen.proofread.markdown import BLOCK, MASK
from pnpgen.proofread.findings import Finding, Severity, proof_finding

_MARKDOWN = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_NUMBERED = re.compile(r"^\s*(\d{1,2})(?:[.)]|\s)\s*")
MAX_WORDS = 8
MAX_CHARS = 60
PROSE_WORDS = 5
# Words Title Case leaves in lower case.
MINOR = frozenset("a an and as at but by for from in into nor of on or per the to vs via with".split())
MIN_SIBLINGS = 3
MAJORITY = 0.75
# Quoted terms, bracketed icons and parentheses keep their own case.
_ASIDE = re.compile(r"“[^”]*”|\"[^\"]*\"|‘[^’]*’|\[[^\]]*\]|\([^)]*\)")


@dataclass(frozen=True)
class Heading:
    line: int
    text: str  # without Markdown marks or numbering
    level: tuple[str, int]  # ("md", n) or ("plain", 0 unnumbered / 1 numbered)
    style: str | None  # "upper", "title", "sentence", or None when one word cannot tell

    @property
    def rank(self) -> int:
        """Lower is higher: Markdown levels by count of #, plain unnumbered above numbered."""
        kind, n = self.level
        return n if kind == "md" else 10 + n


def style_of(text: str, names: frozenset[str] = frozenset()) -> str | None:
    """The case style of a heading; of a label heading ("RED LEVEL: 8 Workers"), of its label.
    Quoted terms, bracketed and parenthesised parts and ``names`` (lower-cased) say nothing."""
    label, colon, rest = text.partition(":")
    if colon and label.strip() and 0 < len(WORD.findall(rest)) <= 3:
        text = label
    words = WORD.findall(_ASIDE.sub(" ", text))
    letters = [w for w in words if any(c.isalpha() for c in w)]
    if not letters:
        return None
    if len(letters) == 1 and letters[0].isupper() and len(letters[0]) <= 4:
        return None  # an acronym ("BGG") fits any style
    if all(w.isupper() for w in letters if len(w) > 1) and any(len(w) > 1 for w in letters):
        return "upper"
    rest = [w for w in letters[1:] if w.lower() not in MINOR and not w.isupper() and norm(w) not in names]
    if not rest:
        return None  # "Overview", "Setup (Solo)", "Key Rules of HP": fits any style
    if all(w[0].isupper() for w in rest):
        return "title"
    if all(w[0].islower() for w in rest):
        return "sentence"
    return "mixed"


def _introduces_text(lines: list[str], i: int, depth: int = 1) -> bool:
    """Whether prose (a line of several words in mixed case) follows, or a sub-heading (set off
    by a blank line) that introduces prose: a heading introduces text, where a card's name on a
    print sheet sits on a block of capitals and numbers, and a name in the credits under its role."""
    blank = False
    for j in range(i + 1, len(lines)):
        t = lines[j].strip()
        if not t:
            blank = True
            continue
        if len(WORD.findall(t)) >= PROSE_WORDS and any(c.islower() for c in t):
            return True
        return blank and depth > 0 and _plain_candidate(t) is not None and _introduces_text(lines, j, depth - 1)
    return False


def _plain_candidate(text: str) -> str | None:
    """The heading text of a short line, if its shape allows it to be one."""
    if not text or len(text) > MAX_CHARS or not text[0].isalnum():
        return None
    body = _NUMBERED.sub("", text, count=1)
    words = WORD.findall(body)
    if not words or len(words) > MAX_WORDS or text[-1] in ".,;!?\"”" or not body[:1].isalpha():
        return None
    if sum(c.isdigit() for c in body) > 2 or "," in body:
        return None  # a count or a list of names, not a title
    return body


def _plain_heading(lines: list[str], i: int) -> str | None:
    text = lines[i].strip()
    if _plain_candidate(text) is None:
        return None
    before = lines[i - 1].strip() if i > 0 else ""
    after = lines[i + 1].strip() if i + 1 < len(lines) else ""
    if before or (after and not after[0].isupper() and not after.startswith(("-", "•", "*", ">"))):
        return None
    if not _introduces_text(lines, i):
        return None
    return _plain_candidate(text)


def _markdown_headings(doc: Document) -> list[Heading]:
    out = []
    for number, level in doc.structure.headings:
        text = "".join(c for c in doc.prose(number) if c not in MASK + BLOCK).strip()
        if text:
            out.append(Heading(number, text, ("md", level), style_of(text, doc.names)))
    return out


def find_headings(doc: Document) -> list[Heading]:
    if doc.structure:
        return _markdown_headings(doc)
    out = []
    toc_lines = {e.line for e in doc.toc}
    for i, raw in enumerate(doc.lines):
        number = i + 1
        if number in doc.markup_lines or number in toc_lines:
            continue
        m = _MARKDOWN.match(raw)
        if m:
            text = m.group(2)
            out.append(Heading(number, text, ("md", len(m.group(1))), style_of(text, doc.names)))
            continue
        body = _plain_heading(doc.lines, i)
        if body is None:
            continue
        numbered = body != raw.strip()
        style = style_of(body, doc.names)
        if style in ("upper", "title") or (style is None and body[:1].isupper()):
            out.append(Heading(number, body, ("plain", int(numbered)), style))
    return _drop_sandwiched(out, doc)


def _drop_sandwiched(headings: list[Heading], doc: Document) -> list[Heading]:
    """A plain line of another style straight after a heading and straight before the next
    ("PRODUCTION MANAGER" / "Guilherme Goulart" / "ART") is that heading's content, not a
    heading of its own: a heading introduces body text or headings of its own style."""
    out = []
    for i, h in enumerate(headings):
        nxt = headings[i + 1] if i + 1 < len(headings) else None
        if (h.level[0] == "plain" and nxt is not None and nxt.style != h.style
                and not any(t.strip() for t in doc.lines[h.line:nxt.line - 1])):
            continue
        out.append(h)
    return out


def _sibling_groups(headings: list[Heading]) -> list[list[Heading]]:
    """Runs of same-level headings, a run ending at any heading of a higher level."""
    groups: dict[tuple[str, int], list[Heading]] = {}
    out = []
    for h in headings:
        for level in [lv for lv, hs in groups.items() if hs and hs[0].rank > h.rank]:
            out.append(groups.pop(level))
        groups.setdefault(h.level, []).append(h)
    out.extend(groups.values())
    return out


def check_heading_styles(doc: Document) -> list[Finding]:
    out = []
    for group in _sibling_groups(find_headings(doc)):
        styled = [h for h in group if h.style is not None]
        if len(styled) < MIN_SIBLINGS:
            continue
        common, n = Counter(h.style for h in styled).most_common(1)[0]
        if n / len(styled) < MAJORITY or common == "mixed":
            continue
        for h in styled:
            if h.style != common:
                out.append(proof_finding(
                    doc.path, h.line, 1, "PRF003", Severity.WARNING,
                    f"heading “{h.text}” is in {h.style} case; {n} of its {len(styled)} sibling headings "
                    f"(lines {group[0].line}-{group[-1].line}) are in {common} case",
                    f"write it in {common} case like its siblings"))
    return out
