"""PRF001: a word that neither the game, the document's own terms nor English knows, one edit from
a word one of them does — the validator's spelling rule, applied to running text.

Capitalised words inside a sentence (proper names: people, places, products) are only corrected
from the game's vocabulary and the document's own terms: a tester's surname one edit from an English word is not
a slip. A word the document uses often is its own term and never reported.
"""

from __future__ import annotations

from pnpgen.proofread.document import Document, Token, norm
from pnpgen.proofread.findings import Finding, Severity, proof_finding
from pnpgen.proofread.markdown import MASK
from pnpgen.proofread.tabletop import TABLETOP
from pnpgen.proofread.vocabulary import Vocabulary
from pnpgen.validate.checks.spelling import MIN_LENGTH, _cased, _english, _inflection
from pnpgen.validate.textscan import edit_distance_one


IN_USE = 1e-7  # pyspellchecker frequency of a word in real use ("additionally" 1.2e-7, "krak" 3e-8)
CONTRACTIONS = frozenset({"s", "t", "d", "m", "ve", "re", "ll"})


def _proper(word: str) -> bool:
    return word[0].isupper() and not word.isupper()


def _known(word: str, vocab: Vocabulary) -> bool:
    stem, _, tail = norm(word).partition("'")
    if tail in CONTRACTIONS:
        # "They’ve", "hasn’t": the English list has no "ve", nor every "n't" form.
        return vocab.known(stem) or (tail == "t" and stem.endswith("n") and vocab.known(stem[:-1]))
    return vocab.known(word)


def _suggest(word: str, name: bool, vocab: Vocabulary) -> str | None:
    """The game's (or document's) word one edit away; else, for a word that is not a name, an
    English word in use one edit away (a rare one is as likely a sound effect's cousin: "KRAKK")."""
    game = vocab.speller.suggest(word, english=False)
    if name and game in TABLETOP and game not in vocab.game_words | vocab.document_words:
        return None  # a name is corrected from the game's and document's words, not to "hex"
    if game or name:
        return game
    # The most used English word one edit away that is not merely another form of it
    # ("additionaly": "additionally", not "additional").
    low = norm(word)
    english = _english()
    candidates = [c for c in english.candidates(low) or () if c != low and edit_distance_one(low, c)
                  and not _inflection(low, c) and english.word_usage_frequency(c) >= IN_USE]
    return max(candidates, key=lambda c: (english.word_usage_frequency(c), c), default=None)


# British spellings and their American forms: a rulebook in British English is not misspelt
# ("organise", "honours", "centre", "analyse", "travelled", "catalogue").
_BRITISH = (("ise", "ize"), ("isa", "iza"), ("yse", "yze"), ("our", "or"), ("tre", "ter"),
            ("lled", "led"), ("lling", "ling"), ("ogue", "og"), ("ence", "ense"))


def _british(word: str, american: str) -> bool:
    low = norm(word)
    return any(b in low and low.replace(b, a) == american for b, a in _BRITISH)


def _sentence_start(doc: Document, tok: Token) -> bool:
    """After a full stop on its line, first in a Markdown list item, heading, table cell or
    paragraph, or first on a line continuing a finished sentence. A capitalised word first on a
    line of extracted text after a blank (a credit, a caption) counts as a name."""
    if doc.starts_unit(tok):
        return True
    before = doc.before(tok).rstrip(" \t\"“(*>-•")
    if before:
        return before[-1] in ".!?:"
    previous = doc.prose(tok.line - 1).rstrip(" \t" + MASK) if tok.line > 1 else ""
    return bool(previous) and previous[-1] in ".!?"


def check_misspellings(doc: Document, vocab: Vocabulary) -> list[Finding]:
    out = []
    verdicts: dict[str, str | None] = {}  # each distinct word is judged once
    for tok in doc.tokens:
        word = tok.text
        low = tok.lower
        if len(low) < MIN_LENGTH or low in vocab.document_words:
            continue
        if not word.isupper() and any(c.isupper() for c in word[1:]):
            continue  # inner capitals: a glued word or a brand name (PRF009's business)
        name = _proper(word) and not _sentence_start(doc, tok)
        key = f"{low}|{name}"
        if key not in verdicts:
            verdicts[key] = None if _known(word, vocab) else _suggest(word, name, vocab)
        fixed = verdicts[key]
        if fixed and not _british(word, fixed):
            suggestion = _cased(fixed, word)
            out.append(proof_finding(doc.path, tok.line, tok.column, "PRF001", Severity.WARNING,
                                     f"{word!r} is not a word this game or English uses; did you mean {suggestion!r}?",
                                     f"replace {word!r} with {suggestion!r}"))
    return out
