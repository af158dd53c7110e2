"""Page furniture shared by every sheet: crop marks, the 100 mm scale bar, the margin note and a
cutting machine's registration marks."""

from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from pnpgen.layout.marks import Band, over_print
from pnpgen.render import fonts
from pnpgen.units import mm

MARK_WIDTH = 0.3  # pt: thin enough to cut on, thick enough to print
HALO_WIDTH = 1.5  # pt: the white under a guide drawn over a card's outer bleed, so it shows on dark colours
SCALE_LENGTH = mm(100)
PRINT_NOTE = "Print at 100 % (actual size) — do not fit to page"
_NOTE_SIZE = 6.5
_MIN_NOTE_SIZE = 4.0


def draw_marks(canvas: Canvas, segments, width: float = MARK_WIDTH, dash: tuple[float, ...] | None = None,
               gray: float = 0) -> None:
    if not segments:
        return
    canvas.saveState()
    canvas.setLineWidth(width)
    canvas.setStrokeGray(gray)
    if dash:
        canvas.setDash(*dash)
    canvas.lines([(s.x0, s.y0, s.x1, s.y1) for s in segments])
    canvas.restoreState()


def draw_guides(canvas: Canvas, segments, printed) -> None:
    """Cut guides; those over a card's printed bleed (``layout.marks.over_print``) on a white halo."""
    draw_marks(canvas, over_print(segments, printed), HALO_WIDTH, gray=1)
    draw_marks(canvas, segments)


def draw_regmarks(canvas: Canvas, rects) -> None:
    """A cutting machine's registration marks: solid black, no outline (its sensor reads the edges)."""
    if not rects:
        return
    canvas.saveState()
    canvas.setFillGray(0)
    for r in rects:
        canvas.rect(r.x, r.y, r.w, r.h, stroke=0, fill=1)
    canvas.restoreState()


def draw_band(canvas: Canvas, band: Band, label: str, scale_bar: bool = True, note: bool = True) -> None:
    """Scale bar, then the print note and ``label``, in the band (rotated for side bands)."""
    r = band.rect
    canvas.saveState()
    if band.vertical:
        # Reads bottom to top: local x runs up the band, local y across it.
        canvas.translate(r.x + r.w, r.y)
        canvas.rotate(90)
        length, height = r.h, r.w
    else:
        canvas.translate(r.x, r.y)
        length, height = r.w, r.h
    x = 0.0
    if scale_bar and length >= SCALE_LENGTH + mm(20):
        x = _scale_bar(canvas, height) + mm(3)
    text = "  ·  ".join(t for t in (PRINT_NOTE if note else "", label) if t)
    _fitted_text(canvas, text, x, height, length - x)
    canvas.restoreState()


def _scale_bar(canvas: Canvas, height: float) -> float:
    """A 100 mm bar of alternating 10 mm blocks, with its length written after it."""
    bar_h = min(mm(1.4), height * 0.45)
    y = (height - bar_h) / 2
    canvas.setLineWidth(0.3)
    canvas.setStrokeGray(0)
    for i in range(10):
        canvas.setFillGray(0 if i % 2 == 0 else 1)
        canvas.rect(i * mm(10), y, mm(10), bar_h, stroke=1, fill=1)
    canvas.setFillGray(0)
    size = min(_NOTE_SIZE, height * 0.8)
    canvas.setFont(fonts.BOLD_FONT, size)
    label = "100 mm"
    canvas.drawString(SCALE_LENGTH + mm(1.5), (height - size * 0.7) / 2, label)
    return SCALE_LENGTH + mm(1.5) + stringWidth(label, fonts.BOLD_FONT, size)


def _fitted_text(canvas: Canvas, text: str, x: float, height: float, width: float) -> None:
    size = min(_NOTE_SIZE, height * 0.8)
    while size > _MIN_NOTE_SIZE and stringWidth(text, fonts.BODY_FONT, size) > width:
        size -= 0.25
    while text and stringWidth(text, fonts.BODY_FONT, size) > width:
        text = text[:-2] + "…"
    canvas.setFillGray(0)
    canvas.setFont(fonts.BODY_FONT, size)
    canvas.drawString(x, (height - size * 0.7) / 2, text)

