"""PRF014: a name the document spells one way a few times and, one letter away, another way far
more often ("Kristen" 3 times, "Kristin" 17 times): the few are slips.

Only capitalised words count (names, not English words: those are PRF001's), possessives count as
their name ("Kristin's"), and a minority spelling that is itself a common word ("Hunter" beside
"Hunted"; names such as "Kristen" are rare words in the English list) or another form of the
majority ("Rangers") is let pass.
"""

from __future__ import annotations

from collections import Counter

from pnpgen.proofread.document import Document, norm
from pnpgen.proofread.tabletop import TABLETOP
from pnpgen.proofread.findings import Finding, Severity, proof_finding
from pnpgen.proofread.vocabulary import Vocabulary
from pnpgen.validate.checks.spelling import COMMON, MIN_LENGTH, _english, _inflection
from pnpgen.validate.textscan import OneEditIndex

MIN_MAJORITY = 5  # uses of the prevailing spelling
RATIO = 4  # it prevails at least this many times over the other


def _name_form(text: str) -> str | None:
    word = text.replace("’", "'")
    if word.endswith("'s"):
        word = word[:-2]
    if len(word) < MIN_LENGTH or not word[0].isupper() or word.isupper() or "'" in word:
        return None
    return word


def _a_word(word: str, vocab: Vocabulary) -> bool:
    """A game word or a common English one: not the document's own repetition of its slip."""
    w = norm(word)
    return w in vocab.game_words or w in TABLETOP or _english().word_usage_frequency(w) >= COMMON


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def check_variants(doc: Document, vocab: Vocabulary) -> list[Finding]:
    forms = {tok: _name_form(tok.text) for tok in doc.tokens}
    counts = Counter(f for f in forms.values() if f)
    major = [w for w, n in counts.items() if n >= MIN_MAJORITY]
    if not major:
        return []
    index = OneEditIndex(major)
    prevailing: dict[str, str | None] = {}
    for word, n in counts.items():
        best = max(index.neighbours(word), key=lambda w: (counts[w], w), default=None)
        ok = (best is not None and counts[best] >= RATIO * n and not _inflection(word.lower(), best.lower())
              and not _a_word(word, vocab) and word.lower() != best.lower())
        prevailing[word] = best if ok else None
    out = []
    for tok, form in forms.items():
        best = prevailing.get(form) if form else None
        if best:
            out.append(proof_finding(doc.path, tok.line, tok.column, "PRF014", Severity.WARNING,
                                     f"{form!r} is written {_times(counts[form])}, {best!r} {_times(counts[best])} "
                                     "in this document", f"write {best!r} as the rest of the document does"))
    return out
