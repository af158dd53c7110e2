"""Reference sheets: each of the game's references (title, sections of items) set as wrapped,
legible text on as many pages as it needs, with page labels."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from pnpgen.layout.geometry import Rect
from pnpgen.layout.marks import Band
from pnpgen.layout.paper import Paper
from pnpgen.render import fonts, pdfdoc
from pnpgen.render.pagemarks import draw_band
from pnpgen.spec.model import Reference
from pnpgen.units import mm

MARGIN = mm(15)
BODY_SIZE = 10.0


def _styles() -> dict[str, ParagraphStyle]:
    body = ParagraphStyle("body", fontName=fonts.BODY_FONT, fontSize=BODY_SIZE, leading=BODY_SIZE * 1.3,
                          alignment=TA_LEFT, spaceAfter=2)
    return {
        "title": ParagraphStyle("title", parent=body, fontName=fonts.TITLE_FONT, fontSize=18, leading=22, spaceAfter=8),
        "heading": ParagraphStyle("heading", parent=body, fontName=fonts.BOLD_FONT, fontSize=12.5, leading=16,
                                  spaceBefore=8, spaceAfter=3),
        "item": ParagraphStyle("item", parent=body, leftIndent=12, bulletIndent=2, bulletFontName=fonts.BODY_FONT),
    }


def _story(references: list[Reference]) -> list[tuple[Paragraph, bool]]:
    """(paragraph, keep with next): a title or heading never ends a page alone."""
    st = _styles()
    story: list[tuple[Paragraph, bool]] = []
    for ref in references:
        story.append((Paragraph(escape(ref.title), st["title"]), True))
        for section in ref.sections:
            if section.heading:
                story.append((Paragraph(escape(section.heading), st["heading"]), True))
            story += [(Paragraph(escape(item), st["item"], bulletText="•"), False) for item in section.items]
    return story


class _Column:
    """A cursor down one text column; ``room`` is what is left above its bottom."""

    def __init__(self, area: Rect):
        self.area = area
        self.y = area.y1
        self.empty = True

    @property
    def room(self) -> float:
        return self.y - self.area.y

    def height(self, p: Paragraph) -> float:
        _, h = p.wrap(self.area.w, self.area.h)
        return h + (0 if self.empty else p.style.spaceBefore) + p.style.spaceAfter

    def draw(self, canvas: Canvas, p: Paragraph) -> None:
        _, h = p.wrap(self.area.w, self.area.h)
        if not self.empty:
            self.y -= p.style.spaceBefore
        p.drawOn(canvas, self.area.x, self.y - h)
        self.y -= h + p.style.spaceAfter
        self.empty = False


def _flow(canvas: Canvas, paper: Paper, references: list[Reference], label: str, total: int) -> int:
    size = (paper.width, paper.height)
    area = Rect(MARGIN, MARGIN + mm(6), paper.width - 2 * MARGIN, paper.height - 2 * MARGIN - mm(6))
    band = Band(Rect(MARGIN, MARGIN - mm(2), paper.width - 2 * MARGIN, mm(3.5)), False)
    story = _story(references)
    pages = 0

    def start_page() -> _Column:
        nonlocal pages
        pages += 1
        pdfdoc.set_page(canvas, size, Rect(0, 0, *size), Rect(0, 0, *size))
        return _Column(area)

    def end_page() -> None:
        draw_band(canvas, band, f"{label} · page {pages}/{total}", scale_bar=False, note=False)
        canvas.showPage()

    column = start_page()
    i = 0
    while i < len(story):
        para, keep = story[i]
        need = column.height(para)
        if keep and i + 1 < len(story):
            need += column.height(story[i + 1][0])
        if need <= column.room:
            column.draw(canvas, para)
            i += 1
            continue
        if not keep:
            parts = para.split(area.w, column.room - para.style.spaceAfter)
            if len(parts) == 2:
                column.draw(canvas, parts[0])
                story[i] = (parts[1], False)
        if column.empty:  # taller than a whole page: draw it and let it run off rather than loop
            column.draw(canvas, para)
            i += 1
        end_page()
        column = start_page()
    end_page()
    return pages


def draw_references(canvas: Canvas, paper: Paper, references: list[Reference], label: str) -> int:
    """Flow every reference over pages; returns the number of pages drawn. A first pass on a
    scratch canvas counts the pages so each can say 'page n/total'."""
    total = _flow(pdfdoc.new_canvas((paper.width, paper.height), "count"), paper, references, label, 0)
    return _flow(canvas, paper, references, label, total)
