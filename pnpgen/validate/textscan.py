"""Pure scanners for defects in one piece of card text: each returns (offset, snippet, message, fix).

They know nothing of cards or files, so the same rules can check any text a designer writes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class TextDefect:
    offset: int
    snippet: str
    message: str
    fix: str | None = None


_DOUBLED = re.compile(r"(?<!\.)([:;,!?])\1+|(?<!\.)\.\.(?!\.)")
_SPACE_BEFORE = re.compile(r"\w( +)([,.;:!?])(?!\w)")
_MISSING_AFTER = re.compile(r"[a-zA-Z]{2,}([,;:])(?=[A-Za-z])")
_MULTI_SPACE = re.compile(r"\S( {2,})\S")
_PAIRS = (("(", ")"), ("[", "]"), ("{", "}"), ("“", "”"))


def _context(text: str, start: int, end: int, pad: int = 12) -> str:
    """The defect with about ``pad`` characters either side, widened to whole words."""
    lo, hi = max(0, start - pad), min(len(text), end + pad)
    while lo > 0 and not text[lo - 1].isspace():
        lo -= 1
    while hi < len(text) and not text[hi].isspace():
        hi += 1
    return text[lo:hi].strip()


def doubled_punctuation(text: str) -> list[TextDefect]:
    out = []
    for m in _DOUBLED.finditer(text):
        mark = m.group(0)
        out.append(TextDefect(m.start(), _context(text, m.start(), m.end()),
                              f"doubled punctuation {mark!r} in “{_context(text, m.start(), m.end())}”",
                              f"replace {mark!r} with {mark[0]!r}"))
    return out


def spacing(text: str) -> list[TextDefect]:
    out = []
    for m in _SPACE_BEFORE.finditer(text):
        out.append(TextDefect(m.start(1), _context(text, m.start(), m.end()),
                              f"stray space before {m.group(2)!r} in “{_context(text, m.start(), m.end())}”",
                              f"remove the space before {m.group(2)!r}"))
    for m in _MISSING_AFTER.finditer(text):
        out.append(TextDefect(m.end(1), _context(text, m.start(), m.end() + 1),
                              f"missing space after {m.group(1)!r} in “{_context(text, m.start(), m.end() + 1)}”",
                              f"add a space after {m.group(1)!r}"))
    for m in _MULTI_SPACE.finditer(text):
        out.append(TextDefect(m.start(1), _context(text, m.start(), m.end()),
                              f"{len(m.group(1))} spaces in a row in “{_context(text, m.start(), m.end())}”",
                              "use a single space"))
    if text != text.strip():
        out.append(TextDefect(0, text[:12], "leading or trailing space", "trim the text"))
    return out


def unbalanced(text: str) -> list[TextDefect]:
    out = []
    for opening, closing in _PAIRS:
        if opening not in text and closing not in text:  # the usual case, found in C
            continue
        depth = 0
        for i, ch in enumerate(text):
            if ch == opening:
                depth += 1
            elif ch == closing:
                depth -= 1
                if depth < 0:
                    out.append(TextDefect(i, _context(text, i, i + 1),
                                          f"{closing!r} without a matching {opening!r} in “{_context(text, i, i + 1)}”",
                                          f"add {opening!r} or remove {closing!r}"))
                    depth = 0
        if depth > 0:
            i = text.rfind(opening)
            out.append(TextDefect(i, _context(text, i, i + 1),
                                  f"{opening!r} is never closed in “{_context(text, i, i + 1)}”",
                                  f"add the closing {closing!r}"))
    if text.count('"') % 2:
        i = text.rfind('"')
        out.append(TextDefect(i, _context(text, i, i + 1), "odd number of straight quotes (\")",
                              "add the missing quote"))
    return out


WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]|[A-Za-z]")


def words(text: str) -> list[tuple[int, str]]:
    return [(m.start(), m.group(0)) for m in WORD.finditer(text)]


def word_list(text: str) -> list[str]:
    """The words of ``words(text)`` without their offsets, found in C (no match objects)."""
    return WORD.findall(text)


def edit_distance_one(a: str, b: str) -> bool:
    """True when a and b differ by one insertion, deletion, substitution or adjacent swap."""
    if a == b:
        return False
    la, lb = len(a), len(b)
    if abs(la - lb) > 1:
        return False
    if la == lb:
        diffs = [i for i in range(la) if a[i] != b[i]]
        if len(diffs) == 1:
            return True
        return len(diffs) == 2 and diffs[1] == diffs[0] + 1 and a[diffs[0]] == b[diffs[1]] and a[diffs[1]] == b[diffs[0]]
    if la > lb:
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    return a[i:] == b[i + 1:]


def deletion_keys(word: str) -> set[str]:
    """The word and every string one character shorter: two words one edit apart (insertion,
    deletion, substitution or adjacent swap) always share one of these keys, so an index on them
    finds every one-edit neighbour without comparing all pairs."""
    return {word, *(word[:i] + word[i + 1:] for i in range(len(word)))}


class OneEditIndex:
    """Words indexed by their deletion keys; ``neighbours`` gives exactly the indexed words for
    which ``edit_distance_one`` holds, in time proportional to the word's length and bucket sizes
    rather than to the number of words.

    Most keys belong to one word only, so a bucket is that word itself until a second one comes
    (then a set): a set per key made the index of a 50,000-card deck's names weigh ~200 MB."""

    def __init__(self, words_: Iterable[str] = ()):
        self._buckets: dict[str, str | set[str]] = {}
        for w in words_:
            self.add(w)

    def add(self, word: str) -> None:
        buckets = self._buckets
        for key in deletion_keys(word):
            held = buckets.get(key)
            if held is None:
                buckets[key] = word
            elif isinstance(held, str):
                if held != word:
                    buckets[key] = {held, word}
            else:
                held.add(word)

    def neighbours(self, word: str) -> set[str]:
        found: set[str] = set()
        buckets = self._buckets
        for key in deletion_keys(word):
            held = buckets.get(key)
            if held is None:
                continue
            if isinstance(held, str):
                found.add(held)
            else:
                found.update(held)
        return {w for w in found if edit_distance_one(word, w)}
