"""Geometry of the duplex calibration sheet.

The front has rows of squares; the back has the same squares at their mirrored positions, each
shifted by -2...+2 mm along x (one row) or y (the other row). Held up to the light, the back
square that sits exactly on its front square names the printer's correction: its shift is the
back offset to use. (A printer that misplaces backs by d needs -d; the square printed at -d
lands on its front.)
"""

from __future__ import annotations

from dataclasses import dataclass

from pnpgen.layout.duplex import Flip, back_point
from pnpgen.layout.paper import Paper
from pnpgen.units import mm

SHIFTS = (-2, -1, 0, 1, 2)
SQUARE = mm(8)
PITCH = mm(16)


@dataclass(frozen=True)
class Target:
    axis: str            # 'x' or 'y': the direction this square's back is shifted
    shift_mm: int
    front: tuple[float, float]   # centre on the front page
    back: tuple[float, float]    # centre on the back page, shift applied
    size: float = SQUARE

    @property
    def label(self) -> str:
        sign = "+" if self.shift_mm > 0 else "−" if self.shift_mm < 0 else "±"
        return f"{self.axis} {sign}{abs(self.shift_mm)}"


def calibration_targets(paper: Paper, flip: Flip) -> list[Target]:
    """Three groups (top, middle, bottom) of an x row and a y row, so skew shows too."""
    out = []
    cx = paper.width / 2
    for frac in (0.78, 0.5, 0.22):
        gy = paper.height * frac
        for axis, row_y in (("x", gy + mm(10)), ("y", gy - mm(10))):
            for i, s in enumerate(SHIFTS):
                fx, fy = cx + (i - 2) * PITCH, row_y
                bx, by = back_point(fx, fy, paper.width, paper.height, flip)
                if axis == "x":
                    bx += mm(s)
                else:
                    by += mm(s)
                out.append(Target(axis, s, (fx, fy), (bx, by)))
    return out
