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


# No alternative for white space: ``finditer`` steps over what nothing matches, so the gaps between
# tokens never become matches the loop has to skip.
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
  | (?P<other>\S)
    """,
    re.VERBOSE | re.IGNORECASE,
)
_SPACES = re.compile(r"\s+")
_LINE_BREAK_HYPHEN = re.compile(r"-\s+")


def tokenize(text: str) -> tuple[list[Token], list[Variant]]:
    """Split ``text`` into tokens; returns the tokens and the variants noticed on the way."""
    tokens: list[Token] = []
    variants: list[Variant] = []
    append = tokens.append
    # A deck's abilities make millions of tokens: the tuple is built directly, without the named
    # tuple's Python-level __new__, and the commonest kinds are tested first.
    new = tuple.__new__
    for m in _TOKEN_RE.finditer(text):
        kind, raw, at = m.lastgroup, m.group(0), m.start()
        if kind == "word" or kind == "andor":
            append(new(Token, (WORD, raw.upper().replace("’", "'"), at, raw)))
        elif kind == "period":
            if len(raw) > 1:
                variants.append(Variant("double-period", raw, at))
            append(new(Token, (PUNCT, ".", at, raw)))
        elif kind == "num":
            append(new(Token, (NUM, raw, at, raw)))
        elif kind == "wave":
            append(new(Token, (WAVE, "(W)", at, raw)))
        elif kind == "quote":
            append(new(Token, (QUOTE, _SPACES.sub(" ", m.group(3)).strip().upper(), at, raw)))
        elif kind == "hyph":
            # "DE- PLOY": a word broken at a line end and joined again without the hyphen
            variants.append(Variant("line-break-hyphen", raw, at))
            append(new(Token, (WORD, _LINE_BREAK_HYPHEN.sub("", raw).upper().replace("’", "'"), at, raw)))
        elif kind == "colon":
            if len(raw) > 1:
                variants.append(Variant("double-colon", raw, at))
            append(new(Token, (PUNCT, ":", at, raw)))
        else:
            append(new(Token, (PUNCT, raw, at, raw)))
    return tokens, variants
