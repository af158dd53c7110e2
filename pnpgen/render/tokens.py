"""Token sheets: every token component at its real size and shape, its name printed on it,
a cut guide on the trim line; double-sided tokens get a back page mirrored for duplex."""

from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from pnpgen.layout.geometry import Rect, union
from pnpgen.layout.tokens import PlacedToken, TokenKind, TokenPage
from pnpgen.render import fonts, pdfdoc
from pnpgen.render.pagemarks import draw_band

# Pale fills, one per token kind in spec order, so kinds are easy to tell apart when cut.
_FILLS = [(0.93, 0.85, 0.75), (0.80, 0.88, 0.95), (0.85, 0.93, 0.82), (0.95, 0.82, 0.85),
          (0.90, 0.87, 0.96), (0.95, 0.93, 0.78), (0.82, 0.92, 0.92), (0.88, 0.88, 0.88)]
CUT_WIDTH = 0.5
MIN_LABEL = 4.0
MAX_LABEL = 11.0


def draw_token_pages(canvas: Canvas, pages: list[TokenPage], kinds: list[TokenKind], label: str) -> int:
    """Each page of fronts, followed by its back page when it holds double-sided tokens."""
    fills = {k.key: _FILLS[i % len(_FILLS)] for i, k in enumerate(kinds)}
    drawn = 0
    for n, page in enumerate(pages, 1):
        size = (page.paper.width, page.paper.height)
        where = f"sheet {n}/{len(pages)}"
        pdfdoc.set_page(canvas, size, union(t.trim for t in page.fronts), union(t.bleed for t in page.fronts))
        for token in page.fronts:
            _token(canvas, token, fills[token.kind.key], token.kind.label)
        draw_band(canvas, page.band, f"{label} · {where} · cut on the solid outlines")
        canvas.showPage()
        drawn += 1
        if page.backs:
            pdfdoc.set_page(canvas, size, union(t.trim for t in page.backs), union(t.bleed for t in page.backs))
            for token in page.backs:
                _token(canvas, token, fills[token.kind.key], f"{token.kind.label} (back)")
            draw_band(canvas, page.band, f"{label} backs · {where}")
            canvas.showPage()
            drawn += 1
    return drawn


def _token(canvas: Canvas, token: PlacedToken, fill, text: str) -> None:
    canvas.saveState()
    canvas.setFillColorRGB(*fill)
    canvas.setStrokeGray(0.15)
    canvas.setLineWidth(CUT_WIDTH)
    t, b = token.trim, token.bleed
    if token.kind.shape == "circle":
        canvas.circle(*b.center, b.w / 2, stroke=0, fill=1)
        canvas.circle(*t.center, t.w / 2, stroke=1, fill=0)
        # The largest square inside the circle holds the text.
        side = t.w * 0.70
        box = Rect(t.center[0] - side / 2, t.center[1] - side / 2, side, side)
    else:
        canvas.rect(b.x, b.y, b.w, b.h, stroke=0, fill=1)
        canvas.rect(t.x, t.y, t.w, t.h, stroke=1, fill=0)
        box = t.outset(-min(t.w, t.h) * 0.08)
    if box.h > box.w * 1.5:  # tall and narrow (a barricade): the name runs up the token
        cx, cy = box.center
        canvas.translate(cx, cy)
        canvas.rotate(90)
        box = Rect(-box.h / 2, -box.w / 2, box.h, box.w)
    _label(canvas, text, box)
    canvas.restoreState()


def _wrap(words: list[str], font: str, size: float, width: float) -> list[str] | None:
    lines: list[str] = []
    for word in words:
        if stringWidth(word, font, size) > width:
            return None
        if lines and stringWidth(f"{lines[-1]} {word}", font, size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def _label(canvas: Canvas, text: str, box: Rect) -> None:
    """The name, as large as fits the box (down to MIN_LABEL), centred."""
    font = fonts.BOLD_FONT
    words = text.split()
    size = MAX_LABEL
    while True:
        lines = _wrap(words, font, size, box.w)
        if lines is not None and len(lines) * size * 1.1 <= box.h:
            break
        if size <= MIN_LABEL:
            lines = lines or [text]
            break
        size -= 0.25
    canvas.setFillGray(0.1)
    canvas.setFont(font, size)
    leading = size * 1.1
    cx, cy = box.center
    first = cy + (len(lines) - 1) * leading / 2 - size * 0.35
    for i, line in enumerate(lines):
        canvas.drawCentredString(cx, first - i * leading, line)
