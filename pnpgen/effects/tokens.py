"""Tokenizer for ability text: words, numbers, (W), quoted card names and punctuation.

Tokens keep their character offset in the original text so unparsed spans and variants can point
back at it. Normalisation is per token (upper case, straight apostrophes), never a rewrite of the
whole text, so offsets stay true. Irregular spellings that are clearly the same token (a doubled
colon, a doubled period, a word hyphenated across a line break) become the normal token plus a
``Variant`` the validator reports.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from pnpgen.effects.model import Variant

WORD, NUM, WAVE, QUOTE, PUNCT = "word", "num", "wave", "quote", "punct"


class Token(NamedTuple):
    """One token. A named tuple rather than a dataclass: an ability has dozens, a deck tens of
    thousands of abilities, and a tuple is made several times faster."""

    kind: str
    text: str       # normalised: upper case, straight apostrophes; QUOTE: the inner name
    offset: int
    raw: str

    @property
    def end(self) -> int:
        return self.offset + len(self.raw)


_TOKEN_RE = re.compile(
    r"""
    (?P<wave>\(\s*W\s*\))
  | (?P<quote>[“"]([^“”"]*)[”"])
  | (?P<hyph>[A-Za-z]+-\s+[A-Za-z][A-Za-z'’]*)
  | (?P<andor>AND/OR)
  | (?P<word>[A-Za-z][A-Za-z'’]*(?:-[A-Za-z][A-Za-z'’]*)*)
  | (?P<num>\d+)
  | (?P<colon>:+)
  | (?P<period>\.+)
  | (?P<punct>[,+()/;!\-])
  | (?P<space>\s+)
  | (?P<other>.)
    """,
    re.VERBOSE | re.IGNORECASE,
)

def tokenize(text: str) -> tuple[list[Token], list[Variant]]:
    """Split ``text`` into tokens; returns the tokens and the variants noticed on the way."""
    tokens: list[Token] = []
    variants: list[Variant] = []
    for m in _TOKEN_RE.finditer(text):
        kind, raw, at = m.lastgroup, m.group(0), m.start()
        if kind == "space":
            continue
        if kind == "wave":
            tokens.append(Token(WAVE, "(W)", at, raw))
        elif kind == "quote":
            inner = re.sub(r"\s+", " ", m.group(3)).strip().upper()
            tokens.append(Token(QUOTE, inner, at, raw))
        elif kind == "hyph":
            # "DE- PLOY": a word broken at a line end and joined again without the hyphen
            joined = re.sub(r"-\s+", "", raw).upper().replace("’", "'")
            variants.append(Variant("line-break-hyphen", raw, at))
            tokens.append(Token(WORD, joined, at, raw))
        elif kind in ("word", "andor"):
            tokens.append(Token(WORD, raw.upper().replace("’", "'"), at, raw))
        elif kind == "num":
            tokens.append(Token(NUM, raw, at, raw))
        elif kind == "colon":
            if len(raw) > 1:
                variants.append(Variant("double-colon", raw, at))
            tokens.append(Token(PUNCT, ":", at, raw))
        elif kind == "period":
            if len(raw) > 1:
                variants.append(Variant("double-period", raw, at))
            tokens.append(Token(PUNCT, ".", at, raw))
        else:
            tokens.append(Token(PUNCT, raw, at, raw))
    return tokens, variants
