"""Colour strings: ``#rgb``, ``#rrggbb``, ``#rrggbbaa``, a few names, or a palette name."""

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


class ColourError(ValueError):
    pass


@lru_cache(maxsize=4096)
def parse_hex(text: str) -> Colour:
    """Parse a hex or named colour; raise ColourError with the accepted forms."""
    t = NAMED.get(text.strip().lower(), text.strip())
    m = _HEX.match(t)
    if not m:
        raise ColourError(f"not a colour: {text!r} (write '#rrggbb', '#rrggbbaa', a palette name or 'none')")
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
    r, g, b, a = (round(v * 255) for v in c)
    return f"#{r:02x}{g:02x}{b:02x}" + ("" if a == 255 else f"{a:02x}")
