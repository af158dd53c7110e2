"""PRF001: a word that neither the game, the document's own terms nor English knows, one edit from
a word one of them does — the validator's spelling rule, applied to running text.

Capitalised words (proper names: people, places, products) are only corrected from the game's
vocabulary and the document's own terms: a tester's surname one edit from an English word is not
a slip. A word the document uses often is its own term and never reported.
"""

from __future__ import annotations

from pnpgen.proofread.document import Document, norm
from pnpgen.proofread.findings import ProofFinding, Severity
from pnpgen.proofread.vocabulary import Vocabulary
from pnpgen.validate.checks.spelling import MIN_LENGTH, _cased


CONTRACTIONS = frozenset({"s", "t", "d", "m", "ve", "re", "ll"})


def _proper(word: str) -> bool:
    return word[0].isupper() and not word.isupper()


def _known(word: str, vocab: Vocabulary) -> bool:
    stem, _, tail = norm(word).partition("'")
    if tail in CONTRACTIONS:
        return vocab.known(stem)  # "They’ve": the English list has no "ve"
    return vocab.known(word)


def _suggest(word: str, vocab: Vocabulary) -> str | None:
    """The game's (or document's) word one edit away; else, for a word that is not a name, a
    common English word one edit away (a rare one is as likely a sound effect's cousin: "KRAKK")."""
    game = vocab.speller.suggest(word, english=False)
    if game or _proper(word):
        return game
    fixed = vocab.speller.suggest(word)
    return fixed if fixed and vocab.common(fixed) else None


def check_misspellings(doc: Document, vocab: Vocabulary) -> list[ProofFinding]:
    out = []
    verdicts: dict[str, str | None] = {}  # each distinct word is judged once
    for tok in doc.tokens:
        word = tok.text
        low = tok.lower
        if len(low) < MIN_LENGTH or low in vocab.document_words:
            continue
        if not word.isupper() and any(c.isupper() for c in word[1:]):
            continue  # inner capitals: a glued word or a brand name (PRF009's business)
        key = f"{low}|{_proper(word)}"
        if key not in verdicts:
            verdicts[key] = None if _known(word, vocab) else _suggest(word, vocab)
        fixed = verdicts[key]
        if fixed:
            suggestion = _cased(fixed, word)
            out.append(ProofFinding(doc.path, tok.line, tok.column, "PRF001", Severity.WARNING,
                                    f"{word!r} is not a word this game or English uses; did you mean {suggestion!r}?",
                                    f"replace {word!r} with {suggestion!r}"))
    return out
