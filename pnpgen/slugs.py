"""Ids and file-name slugs made from names: lower-case ASCII words joined by hyphens, every letter
kept. Accented and special Latin letters are transliterated ("Daniela Jorge Inácio" ->
``daniela-jorge-inacio``, "Straße" -> ``strasse``, "Æther" -> ``aether``, "Øre" -> ``ore``); a
letter with no Latin spelling (Greek, Cyrillic, CJK…) becomes ``u`` and its code point in hex, so
two names in those scripts never fold to one id and no letter silently disappears."""

from __future__ import annotations

import re
import unicodedata

# Letters NFKD does not decompose into a base letter and marks.
_SPECIAL = {"ß": "ss", "ẞ": "SS", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O", "đ": "d",
            "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "TH", "ł": "l", "Ł": "L", "ı": "i", "ŋ": "ng",
            "Ŋ": "NG", "ħ": "h", "Ħ": "H", "ŧ": "t", "Ŧ": "T", "ĸ": "q", "ſ": "s"}
_APOSTROPHES = "'’ʼ"


def transliterate(text: str) -> str:
    """``text`` with every letter spelt in ASCII (see the module docstring); other characters kept."""
    out = []
    for ch in text:
        if ch.isascii():
            out.append(ch)
            continue
        ch = _SPECIAL.get(ch, ch)
        folded = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
        if folded.isascii():
            out.append(folded)
        elif ch.isalnum():
            out.append(f" u{ord(ch):x} ")
        else:
            out.append(" ")
    return "".join(out)


def slug(name: str, drop_apostrophes: bool = False) -> str:
    """An id from a name: its letters and digits in lower-case ASCII, runs of anything else one
    hyphen. ``drop_apostrophes`` joins "Gator's" as ``gators`` instead of ``gator-s``."""
    if drop_apostrophes:
        name = "".join(ch for ch in name if ch not in _APOSTROPHES)
    text = transliterate(name).lower()
    return "-".join(re.findall(r"[a-z0-9]+", text))
