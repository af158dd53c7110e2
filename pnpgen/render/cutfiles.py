"""Cut files for print-and-cut: one per printed sheet, every card's outline at exactly the trim
the PDF was drawn with (``layout.slots.Placement.face.trim``), corners rounded by ``radius``.

- SVG in millimetres, the whole sheet (y down, as every design app shows a page); for Cricut only
  the Print Then Cut area, which Design Space places itself. Outlines are ``<rect rx>``: exact,
  and imported as shapes by Silhouette Studio (Designer edition and up), Cricut Design Space,
  Inkscape and LightBurn.
- DXF (R12, millimetres, y up from the sheet's bottom-left corner) for Silhouette Studio's basic
  edition, which imports DXF but not SVG: one closed POLYLINE per card, corners as 16 chords a
  quarter circle (at most 0.005 mm off the arc for a 3 mm radius).

Both are plain text written here: a few dozen lines, deterministic, no dependency.
"""

from __future__ import annotations

import math
from pathlib import Path

from pnpgen.fsutil import atomic_write_text
from pnpgen.layout.cutting import Machine
from pnpgen.layout.geometry import Rect
from pnpgen.units import to_mm

ARC_STEPS = 16


def _n(value: float) -> str:
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def frame(machine: Machine, sheet_w: float, sheet_h: float) -> Rect:
    """What a cut file covers: the Cricut print area, else the whole sheet."""
    return machine.area if machine.name == "cricut" else Rect(0, 0, sheet_w, sheet_h)


def svg_text(trims: list[tuple[str, Rect]], box: Rect, radius: float, title: str) -> str:
    """``trims`` (label, trim in sheet points) as an SVG of ``box``, in mm."""
    w, h = to_mm(box.w), to_mm(box.h)
    r = _n(to_mm(radius))
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(w)}mm" height="{_n(h)}mm" viewBox="0 0 {_n(w)} {_n(h)}">',
        f"<title>{_escape(title)}</title>",
        '<g id="cut" fill="none" stroke="#ff0000" stroke-width="0.1">',
    ]
    for label, t in trims:
        x = to_mm(t.x - box.x)
        y = to_mm(box.y1 - t.y1)  # SVG's y runs down from the top of the box
        lines.append(f'<rect id="{_escape(label)}" x="{_n(x)}" y="{_n(y)}" width="{_n(to_mm(t.w))}" '
                     f'height="{_n(to_mm(t.h))}" rx="{r}" ry="{r}"/>')
    lines += ["</g>", "</svg>", ""]
    return "\n".join(lines)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def outline(trim: Rect, radius: float) -> list[tuple[float, float]]:
    """The card's outline in mm, counter-clockwise from the bottom edge, corners as chords."""
    x0, y0, x1, y1 = (to_mm(v) for v in trim.box())
    r = min(to_mm(radius), (x1 - x0) / 2, (y1 - y0) / 2)
    if r <= 0:
        return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    points = []
    for cx, cy, start in ((x1 - r, y0 + r, -90), (x1 - r, y1 - r, 0), (x0 + r, y1 - r, 90), (x0 + r, y0 + r, 180)):
        for i in range(ARC_STEPS + 1):
            a = math.radians(start + 90 * i / ARC_STEPS)
            points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return points


def dxf_text(trims: list[tuple[str, Rect]], box: Rect, radius: float) -> str:
    out = ["0", "SECTION", "2", "HEADER", "9", "$ACADVER", "1", "AC1009", "9", "$INSUNITS", "70", "4",
           "9", "$MEASUREMENT", "70", "1", "0", "ENDSEC", "0", "SECTION", "2", "ENTITIES"]
    for _, t in trims:
        out += ["0", "POLYLINE", "8", "CUT", "66", "1", "10", "0", "20", "0", "30", "0", "70", "1"]
        for x, y in outline(t.moved(-box.x, -box.y), radius):
            out += ["0", "VERTEX", "8", "CUT", "10", _n(x), "20", _n(y), "30", "0"]
        out += ["0", "SEQEND", "8", "CUT"]
    out += ["0", "ENDSEC", "0", "EOF", ""]
    return "\n".join(out)


def write_cut_files(folder: Path, stem: str, sheets: dict[int, list[tuple[str, Rect]]], machines: dict[int, Machine],
                    sizes: dict[int, tuple[float, float]], radius: float, title: str) -> list[Path]:
    """``<stem>-sheet<n>.svg`` (and ``.dxf`` for Silhouette) for every sheet ``n``."""
    written = []
    for n, trims in sorted(sheets.items()):
        machine = machines[n]
        box = frame(machine, *sizes[n])
        path = folder / f"{stem}-sheet{n}.svg"
        atomic_write_text(path, svg_text(trims, box, radius, f"{title} · sheet {n} · cut lines ({machine.name})"))
        written.append(path)
        if machine.name == "silhouette":
            path = folder / f"{stem}-sheet{n}.dxf"
            atomic_write_text(path, dxf_text(trims, box, radius))
            written.append(path)
    return written
