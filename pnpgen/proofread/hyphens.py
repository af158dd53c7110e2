"""PRF013: a hyphen followed by a space inside a word ("non- red", "deploy- ment"): a hyphen that
lost its second half or a line-break hyphen left in.

Only on evidence that the two are one word: the document writes the pair elsewhere ("lower-right",
"squad building"), the left part is a prefix that never stands alone ("non"), or together they
make a common word that apart they do not. Otherwise "waves- they" is a dash between clauses.

A suspended hyphen is left alone: "pre- and post-game", "two- to four-player", "first- or
second-turn" — the word after the space joins two compounds.
"""

from __future__ import annotations

import re

from pnpgen.proofread.document import Document
from pnpgen.proofread.findings import Finding, Severity, proof_finding
from pnpgen.proofread.vocabulary import Vocabulary

_BROKEN = re.compile(r"(?<![\w-])([^\W\d_]+)- ([^\W\d_]+)")
SUSPENDING = frozenset("and or nor to through versus vs but".split())
# Prefixes that never stand alone: "non- red" can only be "non-red".
PREFIXES = frozenset("""non pre post re anti co multi semi sub self counter inter un mid half quasi
    pseudo extra ultra super hyper mega mini micro""".split())


def _repair(left: str, right: str, doc: Document, vocab: Vocabulary) -> str | None:
    """How the words should read, on evidence; None when the hyphen is a dash between clauses
    ("earlier waves- they may"), which is punctuation, not a broken word."""
    lo, ro = left.lower(), right.lower()
    text = doc.text.lower()
    # The document's own spelling of the pair elsewhere: "lower-right", "squad building".
    forms = {f"{left}-{right}": text.count(f"{lo}-{ro}"), f"{left} {right}": text.count(f"{lo} {ro}"),
             left + right: text.count(lo + ro)}
    form, uses = max(forms.items(), key=lambda kv: kv[1])
    if uses:
        return form
    if lo in PREFIXES:
        return f"{left}-{right}"
    if vocab.common(left + right) and not (vocab.known(left) and vocab.known(right)):
        return left + right  # "deploy- ment": a line-break hyphen left in
    return None


def check_hyphens(doc: Document, vocab: Vocabulary) -> list[Finding]:
    out = []
    for number in range(1, len(doc.lines) + 1):
        if number in doc.markup_lines:
            continue
        for m in _BROKEN.finditer(doc.prose(number)):
            left, right = m.group(1), m.group(2)
            if right.lower() in SUSPENDING:
                continue
            fixed = _repair(left, right, doc, vocab)
            if fixed:
                out.append(proof_finding(doc.path, number, m.start() + 1, "PRF013", Severity.WARNING,
                                         f"'{left}- {right}': a hyphen followed by a space inside a word",
                                         f"write {fixed!r}"))
    return out
