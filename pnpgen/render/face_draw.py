"""Canvas primitives for card faces: resolved shapes, fitted text lines and inline icons.

Everything arrives already resolved (points, colours, strings, fitted lines); this module only
issues reportlab calls. Coordinates are relative to the canvas origin the caller translated to
(the card's trim bottom-left).
"""

from __future__ import annotations

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from pnpgen.render.fonts import font_name
from pnpgen.render.glyphdraw import begin_line, end_line, glyph_out, needs_actual_text
from pnpgen.render.images import draw_image
from pnpgen.render.pdfdoc import text_out
from pnpgen.render.presscanvas import ink_use
from pnpgen.render.textfit import FitResult, unit_width
from pnpgen.template.colour import parse_hex, rgb
from pnpgen.template.model import Colour, Icon
from pnpgen.template.resolve import ShapeOp, TextOp


def _fill(c: Canvas, col: Colour) -> None:
    # Alpha only when needed: each alpha value adds an ExtGState to the page.
    c.setFillColor(rgb(col), alpha=col[3] if col[3] < 1 else None)


def _stroke(c: Canvas, col: Colour) -> None:
    c.setStrokeColor(rgb(col), alpha=col[3] if col[3] < 1 else None)


def _path(c: Canvas, op: ShapeOp):
    p = c.beginPath()
    if op.kind == "rect":
        p.rect(op.x, op.y, op.w, op.h)
    elif op.kind == "roundrect":
        p.roundRect(op.x, op.y, op.w, op.h, min(op.r, op.w / 2, op.h / 2))
    elif op.kind == "ellipse":
        p.ellipse(op.x, op.y, op.w, op.h)
    else:
        p.moveTo(*op.points[0])
        for pt in op.points[1:]:
            p.lineTo(*pt)
        if op.kind == "polygon":
            p.close()
    return p


def _bounds(op: ShapeOp) -> tuple[float, float, float, float]:
    if op.points:
        xs = [p[0] for p in op.points]
        ys = [p[1] for p in op.points]
        return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)
    return op.x, op.y, op.w, op.h


def draw_shape(c: Canvas, op: ShapeOp) -> None:
    if op.kind == "image":
        draw_image(c, op)
        return
    if op.kind == "text":
        if op.text and op.fill:
            _draw_label(c, op)
        return
    fill = op.fill is not None and op.fill[3] > 0 and op.kind != "line"
    stroke = op.stroke is not None and op.stroke[3] > 0 and op.stroke_width > 0
    if not (fill or stroke):
        return
    if fill and op.fill2 is not None:
        # Vertical gradient: clip to the shape, paint the shading, then stroke on top.
        x, y, _w, h = _bounds(op)
        c.saveState()
        c.clipPath(_path(c, op), stroke=0, fill=0)
        c.linearGradient(x, y + h, x, y, (_rl(op.fill), _rl(op.fill2)), extend=True)
        c.restoreState()
        fill = False
        if not stroke:
            return
    c.saveState()
    if fill:
        _fill(c, op.fill)
    if stroke:
        _stroke(c, op.stroke)
        c.setLineWidth(op.stroke_width)
        if op.dash:
            c.setDash(list(op.dash))
        c.setLineJoin(1)
        c.setLineCap(1 if op.kind == "line" else 0)
    c.drawPath(_path(c, op), stroke=1 if stroke else 0, fill=1 if fill else 0)
    c.restoreState()


def _rl(col: Colour):
    from reportlab.lib.colors import Color

    out = Color(col[0], col[1], col[2], alpha=col[3])
    if getattr(col, "cmyk", None) is not None:
        out.cmyk = col.cmyk  # a cmyk(…) colour's inks, for CMYK outputs
    return out


def _draw_label(c: Canvas, op: ShapeOp) -> None:
    """A one-line label centred (or aligned) in its rectangle, capitals centred vertically."""
    f = font_name(op.font)
    cap = pdfmetrics.getFont(f).face.capHeight / 1000.0 * op.size
    w = unit_width(op.text, f) * op.size
    x = op.x if op.align == "left" else op.x + op.w - w if op.align == "right" else op.x + (op.w - w) / 2
    y = op.y + (op.h - cap) / 2
    c.saveState()
    _fill(c, op.fill)
    c.setFont(f, op.size)
    c.drawString(x, y, op.text)
    c.restoreState()


def _icon_colour(value: str | None, text_colour: Colour) -> Colour | None:
    if value is None:
        return None
    return text_colour if value.strip() == "text" else parse_hex(value)


def draw_icon(c: Canvas, icon: Icon, x: float, baseline: float, size: float, text_colour: Colour) -> None:
    """An icon's em-unit shapes (y up from the baseline) scaled to the running font size; inked
    as text is (``presscanvas``): they stand in the line of text."""
    with ink_use(c, "text"):
        for s in icon.shapes:
            _draw_icon_shape(c, icon, s, x, baseline, size, text_colour)


def _draw_icon_shape(c: Canvas, icon: Icon, s, x: float, baseline: float, size: float, text_colour: Colour) -> None:
    def em(v, extent: float) -> float:
        return (float(v[:-1]) / 100.0 * extent if isinstance(v, str) else v) * size

    op = ShapeOp(
        kind=s.kind,
        x=x + em(s.x, icon.width),
        y=baseline + em(s.y, 1.0),
        w=em(s.w, icon.width),
        h=em(s.h, 1.0),
        r=s.r * size,
        points=tuple((x + em(px, icon.width), baseline + em(py, 1.0)) for px, py in s.points),
        fill=_icon_colour(s.fill, text_colour),
        fill2=_icon_colour(s.fill2, text_colour),
        stroke=_icon_colour(s.stroke, text_colour),
        stroke_width=s.stroke_width,
        dash=s.dash,
        text=s.text or "",
        font=s.font,
        size=s.size * size,
        align=s.align,
    )
    draw_shape(c, op)


def draw_text(c: Canvas, op: TextOp, fit: FitResult) -> None:
    """Draw fitted lines: one text object per box, icons drawn after it on the same baselines."""
    st = op.style
    block = fit.height
    top = op.y + op.h
    if st.valign == "middle":
        top -= (op.h - block) / 2
    elif st.valign == "bottom":
        top = op.y + block
    baseline = top - fit.ascent
    t = c.beginText()
    t.setFillColor(rgb(op.color))
    icons: list[tuple[Icon, float, float]] = []
    current_font = font = None
    for line in fit.lines:
        # A right-to-left line starts at the right: its "left" is the box's start side.
        align = {"left": "right", "right": "left"}.get(st.align, st.align) if line.rtl else st.align
        spanned = needs_actual_text(line)
        if spanned:
            begin_line(t, line)
        if align == "center":
            x = op.x + (op.w - line.width) / 2
        elif align == "right":
            x = op.x + op.w - line.width
        else:
            x = op.x
        t.setTextOrigin(x, baseline)
        for run in line.runs:
            if run.icon is not None:
                icons.append((run.icon, x, baseline))
                t.setTextOrigin(x + run.width, baseline)
            elif run.glyphs is not None:
                glyph_out(t, run, fit.size)
                current_font = None  # its own font was set: the next plain run sets its font again
            else:
                if run.font != current_font:
                    t.setFont(run.font, fit.size)
                    current_font, font = run.font, pdfmetrics.getFont(run.font)
                text_out(t, font, run.text)
            x += run.width
        if spanned:
            end_line(t)
        baseline -= fit.leading
    c.drawText(t)
    for icon, x, b in icons:
        draw_icon(c, icon, x, b, fit.size, op.color)


def mark_overflow(c: Canvas, op: TextOp) -> None:
    """Frame a box whose text does not fit in red, dashed, so the misprint shows on the sheet and
    in proofs (the build also lists it and exits 1: docs/templates.md, "Text that does not fit")."""
    c.saveState()
    c.setStrokeColorRGB(0.9, 0.0, 0.0)
    c.setLineWidth(1.2)
    c.setDash([3, 2])
    c.rect(op.x, op.y, op.w, op.h, stroke=1, fill=0)
    c.restoreState()
