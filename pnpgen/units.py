"""Physical lengths: parse "63mm", "2.5cm", "0.125in", "3pt" once; everything else works in points."""

from __future__ import annotations

import re

PT_PER_IN = 72.0
PT_PER_MM = PT_PER_IN / 25.4

_FACTORS = {
    "pt": 1.0,
    "in": PT_PER_IN,
    "mm": PT_PER_MM,
    "cm": PT_PER_MM * 10,
}
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?|-?\.\d+)\s*(pt|in|mm|cm)\s*$")
_PAIR = re.compile(r"^\s*(.+?)\s*[x×]\s*(.+?)\s*$")


class UnitError(ValueError):
    """A length string could not be read; the message says what form is expected."""


def parse_length(text: str | int | float) -> float:
    """Return the length in points. Bare numbers are refused: a unit is always required."""
    if isinstance(text, bool) or not isinstance(text, (str, int, float)):
        raise UnitError(f"expected a length such as '63mm', got {text!r}")
    if isinstance(text, (int, float)):
        raise UnitError(f"length {text!r} has no unit: write it as '{text}mm', '{text}in', '{text}cm' or '{text}pt'")
    m = _LENGTH.match(text)
    if not m:
        raise UnitError(f"expected a length such as '63mm', '2.5cm', '0.125in' or '3pt', got {text!r}")
    return float(m.group(1)) * _FACTORS[m.group(2)]


def parse_size(text: str) -> tuple[float, float]:
    """Parse 'W x H' where each side carries its unit, or a shared trailing unit ('63 x 88mm')."""
    if not isinstance(text, str):
        raise UnitError(f"expected a size such as '63mm x 88mm', got {text!r}")
    m = _PAIR.match(text)
    if not m:
        raise UnitError(f"expected a size such as '63mm x 88mm', got {text!r}")
    a, b = m.group(1), m.group(2)
    unit = re.search(r"(pt|in|mm|cm)\s*$", b)
    if unit and not re.search(r"(pt|in|mm|cm)\s*$", a):
        a = a + unit.group(1)
    return parse_length(a), parse_length(b)


def mm(value: float) -> float:
    """Millimetres to points."""
    return value * PT_PER_MM


def to_mm(points: float) -> float:
    """Points to millimetres."""
    return points / PT_PER_MM
