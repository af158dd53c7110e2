"""Colour strings: ``#rgb``, ``#rrggbb``, ``#rrggbbaa``, ``cmyk(c,m,y,k)``, a few names, or a palette name.

A ``cmyk(…)`` colour (percentages of cyan, magenta, yellow and black ink) is an :class:`InkColour`:
a colour tuple like the others (red, green, blue, alpha: the naive conversion, which RGB outputs
draw) that also carries its inks, which CMYK outputs (``--pdfx``, CMYK shop presets) use as given.
"""

from __future__ import annotations

import re
from functools import lru_cache

from pnpgen.template.model import Colour

NAMED: dict[str, str] = {
    "black": "#000000",
    "white": "#ffffff",
    "none": "#00000000",
    "transparent": "#00000000",
}
_HEX = re.compile(r"^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$")
_NUM = r"\s*(\d{1,3}(?:\.\d+)?)\s*%?\s*"
_CMYK = re.compile(rf"^cmyk\({_NUM},{_NUM},{_NUM},{_NUM}\)$", re.IGNORECASE)
FORMS = "'#rrggbb', '#rrggbbaa', 'cmyk(c,m,y,k)' in percent, a palette name or 'none'"


class ColourError(ValueError):
    pass


class InkColour(tuple):
    """A colour given as inks: the tuple is (r, g, b, alpha) for RGB outputs, ``cmyk`` (0-1 each)
    what CMYK outputs print. Two ink colours are equal only with equal inks."""

    def __new__(cls, cmyk: tuple[float, float, float, float], alpha: float = 1.0):
        c, m, y, k = cmyk
        # Naive conversion (no profile): RGB outputs are screens and home printers, which see the
        # colour roughly; the press gets the inks exactly.
        self = super().__new__(cls, ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k), alpha))
        self.cmyk = tuple(cmyk)
        return self

    def __eq__(self, other):
        return tuple.__eq__(self, other) and getattr(other, "cmyk", None) == self.cmyk

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash((tuple(self), self.cmyk))

    def __reduce__(self):
        return InkColour, (self.cmyk, self[3])


class InkRGB(tuple):
    """The (r, g, b) of an :class:`InkColour` handed to a canvas, its inks kept for CMYK outputs
    (an RGB canvas draws the three numbers as it draws any colour)."""

    def __new__(cls, colour: InkColour):
        self = super().__new__(cls, colour[:3])
        self.cmyk = colour.cmyk
        return self


def rgb(col: Colour) -> tuple:
    """(r, g, b) of a colour for a canvas: a plain tuple, or an :class:`InkRGB` carrying its inks."""
    return InkRGB(col) if isinstance(col, InkColour) else col[:3]


@lru_cache(maxsize=4096)
def parse_hex(text: str) -> Colour:
    """Parse a hex, ``cmyk(…)`` or named colour; raise ColourError with the accepted forms."""
    t = NAMED.get(text.strip().lower(), text.strip())
    m = _CMYK.match(t)
    if m:
        inks = tuple(float(v) for v in m.groups())
        if max(inks) > 100:
            raise ColourError(f"not a colour: {text!r} (each ink of cmyk(c,m,y,k) is 0 to 100 percent)")
        return InkColour(tuple(v / 100.0 for v in inks))
    m = _HEX.match(t)
    if not m:
        raise ColourError(f"not a colour: {text!r} (write {FORMS})")
    h = m.group(1)
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    if len(h) == 6:
        h += "ff"
    r, g, b, a = (int(h[i : i + 2], 16) / 255.0 for i in range(0, 8, 2))
    return (r, g, b, a)


def parse_colour(text: str, palette: dict[str, Colour]) -> Colour:
    """A palette name first (so games can rename 'white'), then hex/named colours."""
    key = text.strip()
    if key in palette:
        return palette[key]
    return parse_hex(key)


def to_hex(c: Colour) -> str:
    """The colour as a string :func:`parse_hex` reads back (``cmyk(…)`` for an ink colour)."""
    if isinstance(c, InkColour):
        return "cmyk(" + ",".join(f"{v * 100:g}" for v in c.cmyk) + ")"
    r, g, b, a = (round(v * 255) for v in c)
    return f"#{r:02x}{g:02x}{b:02x}" + ("" if a == 255 else f"{a:02x}")
