"""PRF002: a card or component name written in the rulebook unlike the card data spells it —
one edit away ("Shieldswarm" for "Shileldswarm"), or the same letters cased differently where the
data's name has capitals inside a word ("Nortec Lane Board" for "NorTec Lane Board").

Which side is wrong is not known: the card data came from the same messy text. The finding
names both spellings. Plurals and other inflections ("Rangers") are not reported.
"""

from __future__ import annotations

from pnpgen.proofread.document import WORD, Document, Token, norm
from pnpgen.proofread.joins import STRAY_CAPITAL
from pnpgen.proofread.findings import Finding, Severity, proof_finding
from pnpgen.proofread.vocabulary import Name, Vocabulary
from pnpgen.validate.checks.spelling import MIN_LENGTH, _inflection
from pnpgen.validate.textscan import OneEditIndex


def _inner_capitals(word: str) -> bool:
    return not word.isupper() and any(c.isupper() for c in word[1:])


def _windows(tokens: list[Token], sizes: set[int]):
    """(start, words) of every run of ``size`` consecutive words on a line, for each name length."""
    for size in sizes:
        for i in range(len(tokens) - size + 1):
            yield i, tokens[i:i + size]


def check_names(doc: Document, vocab: Vocabulary) -> list[Finding]:
    by_key: dict[str, Name] = {}
    for name in vocab.names:
        by_key.setdefault(name.key, name)
    index_keys = [k for k in by_key if len(k) >= MIN_LENGTH]
    index = OneEditIndex(index_keys)
    sizes = {len(k.split()) for k in by_key}
    # Words the card data writes with inside capitals ("NorTec"): the casing is the spelling.
    cased = {norm(w): (w, n) for n in vocab.names for w in WORD.findall(n.text) if _inner_capitals(w)}
    out = []
    for tok in doc.tokens:
        data = cased.get(tok.lower)
        if data and tok.text != data[0] and not tok.text.isupper():
            out.append(_finding(doc, tok, tok.text, data[1], "cased", data[0]))
    verdicts: dict[str, str | None] = {}
    lengths = {len(k) + d for k in index_keys for d in (-1, 0, 1)}
    # A misspelt name holds a word known nowhere else; windows of known words are skipped early.
    unknown: dict[str, bool] = {}
    for line_tokens in doc.tokens_by_line.values():
        odd = [unknown.setdefault(t.lower, not vocab.known_elsewhere(t.text)) for t in line_tokens]
        if not any(odd):
            continue
        for start, window in _windows(line_tokens, sizes):
            if not any(odd[start:start + len(window)]):
                continue
            key = " ".join(t.lower for t in window)
            if key in by_key or len(key) not in lengths:
                continue
            written = " ".join(t.text for t in window)
            if key not in verdicts:
                verdicts[key] = _near(key, index, vocab)
            near = verdicts[key]
            if near and not any(STRAY_CAPITAL.match(t.text) for t in window):
                # Pointed at the misspelt word itself, where a plain misspelling finding would be.
                changed = next(t for t, n in zip(window, near.split()) if t.lower != n)
                out.append(_finding(doc, changed, written, by_key[near], "spelt"))
    return out


def _near(key: str, index: OneEditIndex, vocab: Vocabulary) -> str | None:
    if len(key) < MIN_LENGTH:
        return None
    for other in sorted(index.neighbours(key)):
        words, names = key.split(), other.split()
        if len(words) != len(names):
            continue  # a space added or lost is a glued or split word, not a misspelt name
        changed = [(w, n) for w, n in zip(words, names) if w != n]
        # The changed word must be no word at all: "Range" vs "Ranger" or "Hunter" vs "Hunters" is
        # a different word or form, not a misspelling of the name.
        if len(changed) == 1 and not _inflection(*changed[0]) and not vocab.known_elsewhere(changed[0][0]):
            return other
    return None


def _finding(doc: Document, at: Token, written: str, name: Name, how: str, word: str | None = None) -> Finding:
    spelling = word or name.text
    return proof_finding(doc.path, at.line, at.column, "PRF002", Severity.WARNING,
                         f"{written!r} is {how} unlike the {name.kind} name {name.text!r} in the card data",
                         f"write {spelling!r} as the card data does, or fix the card data if the rulebook is right",
                         card=name.text)
