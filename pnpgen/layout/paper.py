"""Paper sizes: named sheets and custom 'W x H' strings, in points, portrait unless asked."""

from __future__ import annotations

from dataclasses import dataclass

from pnpgen.layout.geometry import LayoutError
from pnpgen.units import UnitError, mm, parse_size, to_mm

# ISO sizes in mm; US sizes in inches (exact) so Letter is 612 x 792 pt.
# Sources: ISO 216 (A3 297 x 420 mm, A4 210 x 297 mm, A5 148 x 210 mm); ANSI/ASME Y14.1 sheet
# sizes A (Letter, 8.5 x 11 in) and B (Tabloid, 11 x 17 in); US Legal 8.5 x 14 in. The same sizes
# are PWG 5101.1's iso_a3_297x420mm, na_letter_8.5x11in, na_legal_8.5x14in, na_ledger_11x17in.
# 1 in = 72 pt exactly, so the US sizes are exact in points.
_NAMED: dict[str, tuple[float, float]] = {
    "a3": (mm(297), mm(420)),
    "a4": (mm(210), mm(297)),
    "a5": (mm(148), mm(210)),
    "letter": (612.0, 792.0),
    "legal": (612.0, 1008.0),
    "tabloid": (792.0, 1224.0),
}


@dataclass(frozen=True)
class Paper:
    """A sheet: ``name`` is what goes into file names (``a4``, ``letter``, ``200x300mm``)."""

    name: str
    width: float
    height: float

    @property
    def landscape(self) -> bool:
        return self.width > self.height

    def rotated(self) -> Paper:
        return Paper(self.name, self.height, self.width)

    def portrait(self) -> Paper:
        return self.rotated() if self.landscape else self

    def describe(self) -> str:
        if self.name in _NAMED:
            return self.name.upper() if self.name.startswith("a") else self.name.capitalize()
        return f"{to_mm(self.width):g}x{to_mm(self.height):g}mm"


def paper_size(spec: str | Paper) -> Paper:
    """'a4', 'letter', 'a4-landscape' or a custom size such as '200mm x 300mm'."""
    if isinstance(spec, Paper):
        return spec
    text = spec.strip().lower()
    landscape = text.endswith("-landscape")
    base = text.removesuffix("-landscape")
    if base in _NAMED:
        w, h = _NAMED[base]
        paper = Paper(base, w, h)
    else:
        try:
            w, h = parse_size(spec)
        except UnitError as exc:
            names = ", ".join(sorted(_NAMED))
            raise LayoutError(f"unknown paper {spec!r}: use one of {names} or a size such as '200mm x 300mm'") from exc
        if w <= 0 or h <= 0:
            raise LayoutError(f"paper {spec!r} must have a positive width and height")
        paper = Paper(f"{round(to_mm(w), 1):g}x{round(to_mm(h), 1):g}mm", w, h)
    return paper.rotated() if landscape and not paper.landscape else paper
