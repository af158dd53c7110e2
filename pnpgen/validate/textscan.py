"""Pure scanners for defects in one piece of card text: each returns (offset, snippet, message, fix).

They know nothing of cards or files, so the same rules can check any text a designer writes. They
do know pnpgen's own card markup, which is not prose: ``**bold**`` keywords, icon tokens such as
``[action]`` or ``(W)`` (passed in by the caller, who knows the game's icons), bullets and arrows.
Words are Unicode words ("Paranoá" is one word), never ASCII runs.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class TextDefect:
    offset: int
    snippet: str
    message: str
    fix: str | None = None
    certain: bool = True  # False: likely a slip, but a careful writer may mean it (reported more softly)


_DOUBLED = re.compile(r"(?<!\.)([:;,])\1+|(?<!\.)\.\.(?!\.)")
# A doubled colon, semicolon or comma is never meant; ".." sometimes is (a trailing-off) or is an
# ellipsis typed short, so it is reported as likely, not certain. "!!!" and "??" are the writer's
# voice ("I am Groot!!!"), not a slip: not reported.
_NEVER_DOUBLED = {":", ";", ","}
# The scanners' patterns start at the mark or the spaces they look for, not at every letter before
# them (the regex engine then skips ahead to a space or a mark); what stands before is tested after.
_SPACE_BEFORE = re.compile(r"( +)([,.;:!?])(?![\w.])")  # after a word: "icon ." but not an ellipsis " ..."
_MISSING_AFTER = re.compile(r"([,;:])(?<=[^\W\d_]{2}[,;:])(?=[^\W\d_])")  # "two,words"
_MULTI_SPACE = re.compile(r"( {2,})(?=\S)")  # between two non-spaces
_WORD_CHAR = re.compile(r"\w")
_LETTER = re.compile(r"[^\W\d_]")
_NON_SPACE = re.compile(r"\S")
_PAIRS = (("(", ")"), ("[", "]"), ("{", "}"))
_BRACKETS = {o: re.compile(f"[{re.escape(o + c)}]") for o, c in _PAIRS}


def _context(text: str, start: int, end: int, pad: int = 12) -> str:
    """The defect with about ``pad`` characters either side, widened to whole words."""
    lo, hi = max(0, start - pad), min(len(text), end + pad)
    while lo > 0 and not text[lo - 1].isspace():
        lo -= 1
    while hi < len(text) and not text[hi].isspace():
        hi += 1
    return text[lo:hi].strip()


def doubled_punctuation(text: str) -> list[TextDefect]:
    if "::" not in text and ";;" not in text and ",," not in text and ".." not in text:
        return []  # every match is one of these pairs: most texts hold none
    out = []
    for m in _DOUBLED.finditer(text):
        mark = m.group(0)
        out.append(TextDefect(m.start(), _context(text, m.start(), m.end()),
                              f"doubled punctuation {mark!r} in “{_context(text, m.start(), m.end())}”",
                              f"replace {mark!r} with {mark[0]!r}", certain=mark[0] in _NEVER_DOUBLED))
    return out


def spacing(text: str, language: str = "en") -> list[TextDefect]:
    out = []
    # French sets a (thin) space before ; : ! ? by rule: only , and . are checked there.
    marks = ",." if language.lower().startswith("fr") else ",.;:!?"
    for m in _SPACE_BEFORE.finditer(text):
        if m.group(2) not in marks or not m.start() or not _WORD_CHAR.match(text, m.start() - 1):
            continue
        start = m.start() - 1  # the word's last character
        out.append(TextDefect(m.start(1), _context(text, start, m.end()),
                              f"stray space before {m.group(2)!r} in “{_context(text, start, m.end())}”",
                              f"remove the space before {m.group(2)!r}"))
    for m in _MISSING_AFTER.finditer(text):
        start = m.start() - 2  # the run of letters before the mark, from its first one
        while start and _LETTER.match(text, start - 1):
            start -= 1
        out.append(TextDefect(m.end(1), _context(text, start, m.end() + 1),
                              f"missing space after {m.group(1)!r} in “{_context(text, start, m.end() + 1)}”",
                              f"add a space after {m.group(1)!r}"))
    taken = 0  # a non-space ending one run of spaces does not start the next: "a  b  c" is one
    for m in _MULTI_SPACE.finditer(text):
        start, end = m.start() - 1, m.end() + 1
        if start < taken or not _NON_SPACE.match(text, start):
            continue
        taken = end
        out.append(TextDefect(m.start(1), _context(text, start, end),
                              f"{len(m.group(1))} spaces in a row in “{_context(text, start, end)}”",
                              "use a single space"))
    if text != text.strip():
        out.append(TextDefect(0, text[:12], "leading or trailing space", "trim the text"))
    return out


def _opening_place(text: str, i: int) -> bool:
    """Whether position ``i`` is where an opening quote goes: at the start, or after a space,
    a line break, an opening bracket or a dash."""
    return i == 0 or text[i - 1].isspace() or text[i - 1] in "([{—–-/*"


def _closing_place(text: str, i: int) -> bool:
    """Whether position ``i`` is where a closing quote goes: after a word or punctuation, and
    before the end, a space or punctuation."""
    after = text[i + 1] if i + 1 < len(text) else " "
    return i > 0 and not text[i - 1].isspace() and (after.isspace() or after in ".,;:!?)]}…*—–-")


def curly_quotes(text: str) -> list[TextDefect]:
    """Curly double quotes read in order: a “ where a quotation closes (“…“), a ” where one opens
    (”Hello”), and a quotation never closed. A “ opening a new paragraph of a quotation still open
    is the printers' convention for quotations of several paragraphs, not a defect."""
    if "“" not in text and "”" not in text:
        return []
    out = []
    open_at = None
    for i, ch in enumerate(text):
        if ch == "“":
            if open_at is None:
                if _closing_place(text, i) and not _opening_place(text, i):
                    out.append(TextDefect(i, _context(text, i, i + 1),
                                          f"a closing quote written as an opening one (“) in “{_context(text, i, i + 1)}”",
                                          "write ” to close the quotation"))
                    continue
                open_at = i
            elif _closing_place(text, i) and not _opening_place(text, i):
                out.append(TextDefect(i, _context(text, open_at, i + 1),
                                      f"a closing quote written as an opening one (“…“) in “{_context(text, open_at, i + 1)}”",
                                      "write ” to close the quotation"))
                open_at = None
            elif text[:i].rstrip(" ").endswith("\n"):
                open_at = i  # the next paragraph of the same quotation
            else:
                out.append(TextDefect(open_at, _context(text, open_at, i + 1),
                                      f"“ opens a quotation inside one never closed in “{_context(text, open_at, i + 1)}”",
                                      "close the first quotation with ”"))
                open_at = i
        elif ch == "”":
            if open_at is not None:
                open_at = None
            elif _opening_place(text, i) and i + 1 < len(text) and text[i + 1].isalnum():
                out.append(TextDefect(i, _context(text, i, i + 1),
                                      f"an opening quote written as a closing one (”) in “{_context(text, i, i + 1)}”",
                                      "write “ to open the quotation"))
                open_at = i  # it opens the quotation the next ” closes
            else:
                out.append(TextDefect(i, _context(text, i, i + 1),
                                      f"'”' without a matching '“' in “{_context(text, i, i + 1)}”", "add '“' or remove '”'"))
    if open_at is not None and not text[open_at:].rstrip().endswith("\n"):
        out.append(TextDefect(open_at, _context(text, open_at, open_at + 1),
                              f"'“' is never closed in “{_context(text, open_at, open_at + 1)}”", "add the closing '”'"))
    return out


def apostrophes(text: str) -> list[TextDefect]:
    """A left single quote (‘) straight after a letter is an apostrophe typed the wrong way round
    ("don‘t", "players‘"): an opening quote never follows a letter."""
    if "‘" not in text:
        return []
    out = []
    for m in re.finditer(r"(?<=[^\W\d_])‘", text):
        i = m.start()
        out.append(TextDefect(i, _context(text, i, i + 1),
                              f"‘ used as an apostrophe in “{_context(text, i, i + 1)}”", "write ’ (or ')"))
    return out


def unbalanced(text: str) -> list[TextDefect]:
    out = []
    for opening, closing in _PAIRS:
        if opening not in text and closing not in text:  # the usual case, found in C
            continue
        depth = 0
        for m in _BRACKETS[opening].finditer(text):  # the brackets only, not every character
            i, ch = m.start(), m.group()
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
    out += curly_quotes(text)
    out += apostrophes(text)
    if text.count('"') % 2:
        i = text.rfind('"')
        out.append(TextDefect(i, _context(text, i, i + 1), "odd number of straight quotes (\")",
                              "add the missing quote"))
    return out


# Letters of any script; an apostrophe or hyphen only between letters ("don't", "face-down").
WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")


def words(text: str) -> list[tuple[int, str]]:
    return [(m.start(), m.group(0)) for m in WORD.finditer(text)]


def word_list(text: str) -> list[str]:
    """The words of ``words(text)`` without their offsets, found in C (no match objects)."""
    return WORD.findall(text)


# What may stand between a sentence's start and its first word without being prose: pnpgen's bold
# markers, bullets, arrows, dashes, opening quotes and brackets.
_LEAD = frozenset(" \t\r\n\u00a0*•·▪►→⇒-–—“\"‘'([")
# Marks in that lead that start a new phrase by themselves: a line break, a bullet or arrow, an
# opening quote or bracket (a quotation or an aside starts with a capital), a spaced dash.
_STARTERS = re.compile(r"[\n•→⇒“‘(\[]|(?<!\S)[\"'](?=\S|$)|\s[-–—]\s")
_ENDS = ".!?:;…"


def token_pattern(tokens: Iterable[str]) -> re.Pattern | None:
    """A pattern matching any of a game's icon tokens (``[action]``, ``(W)``), longest first."""
    toks = sorted({t for t in tokens if t}, key=len, reverse=True)
    return re.compile("|".join(re.escape(t) for t in toks)) if toks else None


def sentence_start(text: str, pos: int, icons: re.Pattern | None = None) -> bool:
    """Whether the word at ``pos`` opens a sentence, a clause of its own, a list item or a line,
    reading through pnpgen's markup: after nothing, a line break, ``. ! ? : ; …``, a closing bold
    keyword (``**Fight.** You``, ``**Revelation** - Put``), an icon token (``[fast] Spend``),
    a bullet or arrow, or a closing bracket or quote after a full stop (``.)``, ``.”``)."""
    end = pos
    while end > 0 and pos - end < 80 and text[end - 1] in _LEAD:  # walked back, not searched: called per word
        end -= 1
    if end < pos:
        marks = text[end:pos]
        if _STARTERS.search(text, end, pos) or (end == 0 and marks[:1] in "\"'-–—"):
            return True
        # An odd number of ** before the lead's first ** means that one closes a bold run: the
        # word after a bold keyword heading starts its clause ("**Fight.** You", "**Forced** - After").
        first_bold = marks.find("**")
        if first_bold >= 0 and text.count("**", 0, end + first_bold) % 2 == 1:
            return True
    if end <= 0:
        return True
    last = text[end - 1]
    if last in _ENDS:
        return True
    if last in ")]”\"’'" and end > 1 and text[end - 2] in _ENDS:
        return True  # "(Limit once per round.) Then", "“Run!” She"
    return icons is not None and _token_at_end(text[max(0, end - 40):end], icons) is not None


def _token_at_end(text: str, icons: re.Pattern):
    """The icon token that ``text`` ends with, if any (tokens are short: only the tail is searched)."""
    tail = text[-40:]
    for m in icons.finditer(tail):
        if m.end() == len(tail):
            return m
    return None


def holds_sentences(texts: Iterable[str], min_share: float = 0.5) -> bool:
    """Whether a field's values are prose: most of them hold a run of three words that are not
    capitalised like a title ("you get +1", "DEAL 1 DAMAGE"). Names, traits ("Item. Weapon."),
    illustrators and subtitles do not."""
    values = [t for t in texts if isinstance(t, str) and t.strip()]
    if not values:
        return False
    # A text repeated on many cards (a reprint, a trait line) is read once and counted per use.
    prose = sum(uses for t, uses in Counter(values).items() if _untitled_run(t))
    return prose / len(values) >= min_share


def _untitled_run(text: str, run: int = 3) -> bool:
    count = 0
    for w in text.split():
        titled = w[:1].isupper() and any(ch.islower() for ch in w[1:])
        count = 0 if titled else count + 1
        if count >= run:
            return True
    return False


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


_QUOTATION = re.compile(r"^\s*[\"“‘']|(?:^|\n)\s*[—–-]\s*\S[^\n]*$")


def mostly_quotations(texts: Iterable[str], min_share: float = 0.25) -> bool:
    """Whether a field reads as quotations: a quarter or more of its values open with a quote mark
    or end with an attribution line ("— H. P. Lovecraft"). Flavour text is; rules text is not
    (in the tuning corpora 45-59 % of flavour values against 1-3 % of rules texts)."""
    values = [t for t in texts if isinstance(t, str) and t.strip()]
    return bool(values) and sum(1 for t in values if _QUOTATION.search(t)) / len(values) >= min_share


# A quotation: curly “…” (which may hold a name's straight quotes) or straight "…", never crossing
# another mark of its kind, so two separate quotations are never read as one and a closing mark
# typed as an opening one pairs with nothing.
_QUOTATION_SPAN = re.compile(r"“([^“”\n]{1,80})”|\"([^“”\"\n]{1,80})\"")
_MASK = "\x00"


def quotations(text: str, quoted_names: Iterable[str] = ()) -> list[tuple[int, int, str]]:
    """(start, end, inner text) of each quotation in ``text``. ``quoted_names`` are names that hold
    quote marks themselves (‘"Spider" Solitaire’): their marks are not read as quotations, and a
    quotation of such a name (“"Gator" Lacroix”) gives the name whole."""
    if '"' not in text and "“" not in text:
        return []  # every quotation opens with one of these
    masked = text
    plain_lower = None
    for name in quoted_names:
        # Masking only turns quote marks into _MASK, which no name holds: a name not in the text is
        # not in the masked text either (most texts hold none of the game's few quoted names).
        if plain_lower is None:
            plain_lower = text.lower()
        if name.lower() not in plain_lower:
            continue
        lowered = masked.lower()
        at = lowered.find(name.lower())
        while at >= 0:
            span = masked[at:at + len(name)]
            masked = masked[:at] + "".join(_MASK if ch in "“”\"" else ch for ch in span) + masked[at + len(name):]
            at = lowered.find(name.lower(), at + len(name))
    out = []
    for m in _QUOTATION_SPAN.finditer(masked):
        start, end = m.span(1) if m.group(1) is not None else m.span(2)
        out.append((m.start(), m.end(), text[start:end]))
    return out
