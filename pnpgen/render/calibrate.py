"""The two-page duplex calibration sheet: print it duplex with the settings you will use for
cards, hold it to the light, and read off the back offset (see ``layout.calibration``)."""

from __future__ import annotations

from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from pnpgen.layout.calibration import calibration_targets
from pnpgen.layout.duplex import flip_of
from pnpgen.layout.geometry import Rect
from pnpgen.layout.marks import Band
from pnpgen.layout.paper import Paper, paper_size
from pnpgen.render import fonts, outnames, pdfdoc
from pnpgen.render.pagemarks import draw_band
from pnpgen.units import mm

_INSTRUCTIONS = [
    "Duplex calibration",
    "1. Print both pages double-sided at 100 % (actual size), flipping on the {flip} edge, as you will print cards.",
    "2. Hold the sheet up to a light with the back (grey squares) towards you.",
    "3. In each 'x' row find the back square that sits exactly on its front square: its label is the x offset.",
    "   Do the same in a 'y' row for the y offset. Between two squares? Use the half-way value.",
    "4. Use those two values as the back offset (x, y in millimetres) when you build card sheets.",
    "If the top, middle and bottom groups disagree, the printer also rotates the back; use the middle values.",
]


def draw_calibration(canvas: Canvas, paper: Paper, duplex: str = "long") -> int:
    flip = flip_of(duplex)
    targets = calibration_targets(paper, flip)
    size = (paper.width, paper.height)
    whole = Rect(0, 0, *size)
    band = Band(Rect(mm(10), mm(8), paper.width - mm(20), mm(3.5)), False)

    pdfdoc.set_page(canvas, size, whole, whole)
    canvas.setFillGray(0)
    y = paper.height - mm(18)
    for i, line in enumerate(_INSTRUCTIONS):
        canvas.setFont(fonts.BOLD_FONT if i == 0 else fonts.BODY_FONT, 14 if i == 0 else 9)
        canvas.drawString(mm(15), y, line.format(flip=flip.value))
        y -= mm(7) if i == 0 else mm(4.5)
    canvas.setLineWidth(0.5)
    for t in targets:
        x, y = t.front
        h = t.size / 2
        canvas.rect(x - h, y - h, t.size, t.size, stroke=1, fill=0)
        canvas.lines([(x - h, y, x + h, y), (x, y - h, x, y + h)])
    for t in targets[::5]:
        canvas.setFont(fonts.BOLD_FONT, 8)
        canvas.drawRightString(t.front[0] - t.size, t.front[1] - 3, f"{t.axis} row")
    draw_band(canvas, band, f"calibration front · {flip.value}-edge flip")
    canvas.showPage()

    pdfdoc.set_page(canvas, size, whole, whole)
    for t in targets:
        x, y = t.back
        h = t.size / 2
        canvas.setFillGray(0.6 if t.shift_mm else 0.35)
        canvas.rect(x - h, y - h, t.size, t.size, stroke=0, fill=1)
        canvas.setFillGray(0)
        canvas.setFont(fonts.BOLD_FONT, 7)
        canvas.drawCentredString(x, y - h - mm(3.2), t.label)
    draw_band(canvas, band, f"calibration back · {flip.value}-edge flip · labels are the offset in mm")
    canvas.showPage()
    return 2


def default_path(folder: Path, paper: str | Paper, duplex: str = "long") -> Path:
    """``folder/calibration-<paper>.pdf`` (``-short`` for a short-edge flip): one sheet per paper and
    flip, as the offsets read off them are."""
    return folder / outnames.calibration_name(paper_size(paper).name, duplex)


def write_calibration(path: Path, paper: str | Paper = "a4", duplex: str = "long") -> Path:
    sheet = paper_size(paper).portrait()
    canvas = pdfdoc.new_canvas((sheet.width, sheet.height), "pnpgen duplex calibration")
    draw_calibration(canvas, sheet, duplex)
    return pdfdoc.save(canvas, path)
