"""PRF009 words glued together and PRF010 words split apart by extraction.

Glued: a word nobody knows that splits into two words everybody does — at a change of case
("GunPeacekeeper"), or anywhere when one part is a function word ("thetroop"). Split: two neighbours on a line, neither a word,
that together make one ("deplo yment"). Both halves of a glued word must be common (a game word,
a document term or a common English word), since the English list alone splits almost anything.
"""

from __future__ import annotations

import re
from collections import Counter

from pnpgen.proofread.document import Document, Token
from pnpgen.proofread.findings import Finding, Severity, proof_finding
from pnpgen.proofread.vocabulary import Vocabulary

MIN_GLUED = 5  # "ofthe"
MIN_PART = 3
MIN_JOINED = 5
# Two content words run together are as often a closed compound ("gameplay", "deckbuilding",
# "Packmaster") as a lost space; a function word glued to a word is almost never deliberate.
FUNCTION_WORDS = frozenset("""a an the and or nor but if of to in on at by for from with into onto
    as is are was be been has have had do does not no this that these those its it their your you
    they them he she his her we our any each all one per than then when while""".split())
_CASE_BREAK = re.compile(r"(?<=[a-z])(?=[A-Z])")
# A capital glued before a capitalised word: an icon's letter left by extraction ("XMilitia").
STRAY_CAPITAL = re.compile(r"^([A-Z])([A-Z][a-z]{2,})$")


def _glue_split(word: str, vocab: Vocabulary, used: Counter[str]) -> tuple[str, str] | None:
    """The two words ``word`` is made of, if it is two words glued; ``used`` counts the
    document's words, the evidence between several possible splits."""
    stray = STRAY_CAPITAL.match(word)
    if stray:
        return (stray.group(1), stray.group(2)) if vocab.known(stray.group(2)) else None
    parts = _CASE_BREAK.split(word)
    if len(parts) == 2:
        left, right = parts
        if len(left) >= MIN_PART and len(right) >= MIN_PART and vocab.common(left) and vocab.common(right) \
                and (left.lower() in used or right.lower() in used):
            return left, right
        # A trade-mark style compound ("MegaCredits", "PlayStation") is written that way on purpose:
        # the glue is a slip only where the document also writes one of the words on its own.
        return None
    if len(parts) > 2 or len(word) < MIN_GLUED or (word[0].isupper() and word[1:].islower()):
        return None  # a capitalised word is a name far more often than a slip ("Connor", "Dinor")
    splits = [(word[:i], word[i:]) for i in range(1, len(word))
              if _function_join(word[:i], word[i:], vocab)]
    if len(splits) > 1:
        # The document's own words tell where the join is: of "forthe…" splits, the one whose
        # parts the document writes elsewhere.
        splits = [s for s in splits if all(p.lower() in used for p in s)]
    # Still more than one way to split is no evidence of where the join is ("nowhere").
    return splits[0] if len(splits) == 1 else None


def _function_join(left: str, right: str, vocab: Vocabulary) -> bool:
    """One part a function word, the other a common word of MIN_PART letters or more."""
    lo, ro = left.lower(), right.lower()
    if lo in FUNCTION_WORDS and len(right) >= MIN_PART:
        return vocab.common(right) and len(lo) > 1
    if ro in FUNCTION_WORDS and len(left) >= MIN_PART:
        return vocab.common(left) and len(ro) > 1
    return False


def check_glued(doc: Document, vocab: Vocabulary) -> list[Finding]:
    out = []
    verdicts: dict[str, tuple[str, str] | None] = {}
    for tok in doc.tokens:
        word = tok.text
        if not word.isalpha() or len(word) < 2 * MIN_PART:
            continue
        if tok.lower in vocab.document_words and not STRAY_CAPITAL.match(word):
            continue  # a term the document uses throughout; a stray icon letter recurs as often as its icon
        if word not in verdicts:
            stray = STRAY_CAPITAL.match(word) and not vocab.known_elsewhere(word)
            verdicts[word] = _glue_split(word, vocab, doc.counts) if stray or not vocab.known(word) else None
        parts = verdicts[word]
        if parts and len(parts[0]) == 1:
            out.append(proof_finding(doc.path, tok.line, tok.column, "PRF009", Severity.WARNING,
                                     f"{word!r}: a stray {parts[0]!r} (an icon's letter?) is glued to {parts[1]!r}",
                                     f"write {parts[1]!r}, with the icon if one belongs there"))
        elif parts:
            out.append(proof_finding(doc.path, tok.line, tok.column, "PRF009", Severity.WARNING,
                                     f"{word!r} looks like two words glued together: {parts[0]!r} and {parts[1]!r}",
                                     f"write {parts[0] + ' ' + parts[1]!r}"))
    return out


def _adjacent(doc: Document, a: Token, b: Token) -> bool:
    return a.line == b.line and doc.line(a.line)[a.column - 1 + len(a.text):b.column - 1] == " "


def check_split(doc: Document, vocab: Vocabulary) -> list[Finding]:
    out = []
    for line_tokens in doc.tokens_by_line.values():
        for a, b in zip(line_tokens, line_tokens[1:]):
            joined = a.text + b.text
            if (len(joined) < MIN_JOINED or not joined.isalpha() or not _adjacent(doc, a, b)
                    or vocab.known(a.text) or vocab.known(b.text) or not vocab.common(joined)):
                continue
            out.append(proof_finding(doc.path, a.line, a.column, "PRF010", Severity.WARNING,
                                     f"{a.text + ' ' + b.text!r} looks like one word split in two: {joined!r}",
                                     f"write {joined!r}"))
    return out
