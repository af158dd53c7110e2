"""References to things that are not there: PRF007 a page beyond the last page the document
shows; PRF008 a table-of-contents entry with no heading of that title, or a quoted card name
("the “Demolitionist” card") that the card data does not have.

The last page is the highest number the document itself shows (page footers, the table of
contents, form feeds). A table of contents only gives the page a section starts on, so references
up to ``TOC_SLACK`` pages beyond it are let pass; footers mark every page, so less slack is needed.
"""

from __future__ import annotations

import re
from collections import Counter

from pnpgen.proofread.document import WORD, Document, norm
from pnpgen.proofread.findings import Finding, Severity, proof_finding
from pnpgen.proofread.vocabulary import Vocabulary
from pnpgen.validate.textscan import OneEditIndex, edit_distance_one

MAX_HEADING_WORDS = 8
TOC_SLACK = 2
FOOTER_SLACK = 1
_PAGE_REF = re.compile(r"\b(?:pages?|pg\.|p\.)\s*(\d{1,4})(?:\s*(?:-|–|and|to)\s*(\d{1,4}))?", re.I)
_BULLETS = ("-", "•", "*", "–")
# One named card: 'the "Ranger" card', 'one "Stalker's Blade" Item card' (a plural after a count is
# a category in a component list: '88 "NORTEC TROOP" CARDS').
_QUOTED = re.compile(r"\b(?:the|a|an|one|each|any|this|that)\s+[\"“]([^\"“”]{2,40})[\"”]\s+([A-Za-z]+)", re.I)


def page_limit(doc: Document) -> tuple[int, str] | None:
    """The highest page a reference may name, and the evidence for it."""
    if "\f" in doc.text:
        pages = doc.text.count("\f") + 1
        return pages, f"the document has {pages} pages (form feeds)"
    footer = max(doc.footer_pages.values(), default=0)
    toc = max((e.page for e in doc.toc), default=0)
    if footer and footer + FOOTER_SLACK >= toc + TOC_SLACK:
        return footer + FOOTER_SLACK, f"the highest page footer is page {footer}"
    if toc:
        return toc + TOC_SLACK, f"the table of contents ends at page {toc}"
    return None


def check_page_references(doc: Document) -> list[Finding]:
    limit = page_limit(doc)
    out = []
    for number, text in enumerate(doc.lines, 1):
        if number in doc.markup_lines:
            continue
        for m in _PAGE_REF.finditer(text):
            for page in (int(g) for g in m.groups() if g):
                if page == 0 or (limit and page > limit[0]):
                    why = "there is no page 0" if page == 0 else limit[1]
                    out.append(proof_finding(doc.path, number, m.start() + 1, "PRF007", Severity.ERROR,
                                             f"reference to page {page}, but {why}",
                                             "correct the page number"))
    return out


def _key(text: str) -> str:
    return " ".join(norm(w) for w in WORD.findall(text.replace("-", " ")))


def check_toc(doc: Document) -> list[Finding]:
    if not doc.toc:
        return []
    after = doc.toc[-1].line
    # Headings are what an entry names; a bulleted recap of the entries is not one.
    lines = {_key(t): i for i, t in enumerate(doc.lines[after:], after + 1)
             if 0 < len(t) <= 80 and not t.lstrip().startswith(_BULLETS)}
    by_word: dict[str, set[str]] = {}
    for key in lines:
        for w in set(key.split()):
            by_word.setdefault(w, set()).add(key)
    nearby = OneEditIndex(k for k in lines if len(k.split()) <= MAX_HEADING_WORDS)
    out = []
    for entry in doc.toc:
        key = _key(entry.title)
        if not key or key in lines:
            continue
        words = key.split()
        # The nearest line: one edit away, else the most words in common among short lines.
        near = min(nearby.neighbours(key), key=lambda k: lines[k], default=None)
        shared = Counter(k for w in set(words) for k in by_word.get(w, ()) if len(k.split()) <= len(words) + 2)
        if near is None:
            near = max(shared, key=lambda k: (shared[k], -abs(len(k) - len(key)), -lines[k]), default=None)
            near = near if near and shared[near] * 2 >= len(words) else None
        hint = "make the entry and the heading say the same"
        if near:
            hint = f"line {lines[near]} reads “{doc.line(lines[near]).strip()}”; {hint}"
        out.append(proof_finding(doc.path, entry.line, 1, "PRF008", Severity.WARNING,
                                 f"table of contents entry “{entry.title}” (page {entry.page}) has no heading "
                                 "of that title", hint))
    return out


def check_card_references(doc: Document, vocab: Vocabulary) -> list[Finding]:
    cards = {n.key for n in vocab.names if n.kind == "card"}
    if not cards:
        return []
    type_words = {"card"} | {w for n in vocab.names if n.kind == "component" for w in n.key.split()[-1:]}
    out = []
    for number, text in enumerate(doc.lines, 1):
        for m in _QUOTED.finditer(text):
            quoted, follower = m.group(1), norm(m.group(2))
            key = _key(quoted)
            if follower not in type_words or not key or key in cards or any(c.isdigit() for c in quoted):
                continue
            if any(edit_distance_one(key, c) for c in cards):
                continue  # a misspelt name: PRF002 reports it
            out.append(proof_finding(doc.path, number, m.start(1) + 1, "PRF008", Severity.WARNING,
                                     f"“{quoted}” {m.group(2)}: no card of that name in the card data",
                                     "check the name against the cards, or add the card to the card data",
                                     card=quoted))
    return out
