"""Which card texts leave the plain Latin text path, and the script of a character.

A text with a character of a right-to-left or shaped script (Hebrew, Arabic, the Indic scripts…)
or of a script written without spaces between words (Chinese, Japanese, Korean) is laid out by
:mod:`pnpgen.render.shapedfit` (HarfBuzz shaping, the Unicode bidi algorithm, UAX #14 line
breaks); every other text keeps :mod:`pnpgen.render.textfit`'s path, so its PDF bytes do not
change. Only ranges are tested here (one regular-expression search a text): this module imports
nothing of pnpgen.
"""

from __future__ import annotations

import re

# (first, last, ISO 15924 tag, needs shaping) for the scripts whose letters HarfBuzz must shape or
# the bidi algorithm must reorder; None marks scripts that only need UAX #14 line breaking.
_RANGES: tuple[tuple[int, int, str, bool], ...] = (
    (0x0590, 0x05FF, "Hebr", True),
    (0x0600, 0x06FF, "Arab", True),
    (0x0700, 0x074F, "Syrc", True),
    (0x0750, 0x077F, "Arab", True),
    (0x0780, 0x07BF, "Thaa", True),
    (0x07C0, 0x07FF, "Nkoo", True),
    (0x0800, 0x085F, "Samr", True),
    (0x0860, 0x08FF, "Arab", True),
    (0x0900, 0x097F, "Deva", True),
    (0x0980, 0x09FF, "Beng", True),
    (0x0A00, 0x0A7F, "Guru", True),
    (0x0A80, 0x0AFF, "Gujr", True),
    (0x0B00, 0x0B7F, "Orya", True),
    (0x0B80, 0x0BFF, "Taml", True),
    (0x0C00, 0x0C7F, "Telu", True),
    (0x0C80, 0x0CFF, "Knda", True),
    (0x0D00, 0x0D7F, "Mlym", True),
    (0x0D80, 0x0DFF, "Sinh", True),
    (0x0E00, 0x0E7F, "Thai", True),
    (0x0E80, 0x0EFF, "Laoo", True),
    (0x0F00, 0x0FFF, "Tibt", True),
    (0x1000, 0x109F, "Mymr", True),
    (0x1100, 0x11FF, "Hang", False),
    (0x1780, 0x17FF, "Khmr", True),
    (0x1800, 0x18AF, "Mong", True),
    (0x200E, 0x200F, "Zyyy", True),  # LRM, RLM
    (0x202A, 0x202E, "Zyyy", True),  # bidi embeddings and overrides
    (0x2066, 0x2069, "Zyyy", True),  # bidi isolates
    (0x2E80, 0x2FFF, "Hani", False),
    (0x3000, 0x303F, "Hani", False),  # CJK punctuation: 。「」、
    (0x3040, 0x309F, "Hira", False),
    (0x30A0, 0x30FF, "Kana", False),
    (0x3100, 0x312F, "Bopo", False),
    (0x3130, 0x318F, "Hang", False),
    (0x3190, 0x31FF, "Kana", False),
    (0x3200, 0x4DBF, "Hani", False),
    (0x4E00, 0x9FFF, "Hani", False),
    (0xA840, 0xA87F, "Phag", True),
    (0xA8E0, 0xA8FF, "Deva", True),
    (0xA960, 0xA97F, "Hang", False),
    (0xAC00, 0xD7FF, "Hang", False),
    (0xF900, 0xFAFF, "Hani", False),
    (0xFB1D, 0xFB4F, "Hebr", True),
    (0xFB50, 0xFDFF, "Arab", True),
    (0xFE30, 0xFE4F, "Hani", False),
    (0xFE70, 0xFEFF, "Arab", True),
    (0xFF00, 0xFFEF, "Hani", False),  # fullwidth forms: ！（），
    (0x10800, 0x10FFF, "Zyyy", True),  # historic right-to-left scripts
    (0x1E800, 0x1EFFF, "Zyyy", True),
    (0x20000, 0x3FFFF, "Hani", False),
)


def _class(ranges) -> re.Pattern:
    return re.compile("[" + "".join(f"{re.escape(chr(a))}-{re.escape(chr(b))}" for a, b, *_ in ranges) + "]")


_COMPLEX = _class(_RANGES)
_SHAPED = _class([r for r in _RANGES if r[3]])


def is_complex(text: str) -> bool:
    """True when ``text`` needs shaping, reordering or UAX #14 line breaking (see the module
    docstring); False for every text the plain path sets as it always has."""
    return _COMPLEX.search(text) is not None


def needs_shaping(text: str) -> bool:
    """True when ``text`` has a character of a script HarfBuzz must shape or bidi must reorder."""
    return _SHAPED.search(text) is not None


def script_of(ch: str) -> str | None:
    """A label of ``ch``'s script where runs to shape must part: the ISO 15924 tag for the scripts
    above, "Latn" for any letter before them (Latin, Greek, Cyrillic: one default shaper), else None
    (digits, punctuation and spaces: they take the script of the text around them)."""
    cp = ord(ch)
    if cp < 0x0590:
        return "Latn" if ch.isalpha() else None
    for first, last, tag, _ in _RANGES:
        if cp < first:
            return None
        if cp <= last:
            return None if tag == "Zyyy" else tag
    return None
