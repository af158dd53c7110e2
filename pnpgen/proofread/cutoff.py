"""PRF012: a heading, or the last line of a Markdown paragraph or list item, that ends on a word
that cannot end one ("### Failure to", "Place the"): the rest of it was cut off or never written.

Only words that always need a following word count: articles, coordinators, possessives; for a
heading also "to", "of", "for" and forms of "be". Particles that end phrasal verbs ("set up", "log
in") are left out.
A heading must end on the word as written in lower case (or be all capitals), so a title's label
("Plan A") is no cut-off.
"""

from __future__ import annotations

from pnpgen.proofread.document import WORD, Document
from pnpgen.proofread.findings import Finding, Severity, proof_finding
from pnpgen.proofread.headings import find_headings
from pnpgen.proofread.markdown import BLOCK, MASK

# Words no sentence ends on; a heading does not end on a preposition either ("Failure to"), where
# a sentence may ("the end tiles are drawn from").
DANGLING = frozenset("the a an and or nor than your their its our my".split())
HEADING_DANGLING = DANGLING | frozenset("of to for with from into onto is are was were be".split())
_STRIP = " \t" + MASK + BLOCK


def _dangling_word(text: str, allow_upper: bool, dangling: frozenset[str] = DANGLING) -> str | None:
    text = text.rstrip(_STRIP)
    words = WORD.findall(text)
    if not words or not text.endswith(words[-1]):
        return None  # ends on punctuation, a digit or markup
    last = words[-1]
    if last in dangling or (allow_upper and last.isupper() and last.lower() in dangling and len(last) > 1):
        return last
    return None


def check_cutoffs(doc: Document) -> list[Finding]:
    out = []
    headings = find_headings(doc)
    for h in headings:
        upper = h.text.isupper()
        last = _dangling_word(h.text, upper, HEADING_DANGLING)
        if last:
            out.append(proof_finding(doc.path, h.line, 1, "PRF012", Severity.WARNING,
                                     f"heading “{h.text.strip()}” ends on {last!r}: it looks cut off",
                                     "finish the heading"))
    if doc.structure is None:
        return out
    heading_lines = {h.line for h in headings}
    for number in sorted(doc.structure.paragraph_ends):
        if number in heading_lines or number in doc.table_lines or number in doc.markup_lines:
            continue
        last = _dangling_word(doc.prose(number), False)
        if last:
            column = len(doc.prose(number).rstrip(_STRIP)) - len(last) + 1
            out.append(proof_finding(doc.path, number, column, "PRF012", Severity.WARNING,
                                     f"the text ends on {last!r}: the rest of the sentence looks cut off",
                                     "finish the sentence"))
    return out
