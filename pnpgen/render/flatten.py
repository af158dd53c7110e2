"""Transparency flattening for PDF/X-1a (no transparency allowed): a card face's see-through shapes
replaced by opaque ones that print the same, where that can be done exactly.

A shape with a fill or stroke colour below full opacity is composited over what lies beneath it,
when that is known exactly. Compositing is done in the output's inks, as a RIP blends a PDF/X-4 page
whose transparency group is DeviceCMYK (``presscanvas``): both colours are converted to CMYK (each as
it is used, so a thin near-black stroke is black ink only, as ``colour`` decides), then mixed, and the
result is a ``cmyk(…)`` colour used as it is. Without a converter (tests of the geometry) it is done
in sRGB. What lies beneath may be:

- nothing drawn beneath on the card: the paper (white);
- one opaque plain rectangle covering it, with nothing else drawn between: its colour;
- one opaque rectangle with a vertical gradient covering it: a fill becomes a gradient of the
  composited colours at the shape's top and bottom (compositing is linear, so this is exact);
  a stroke over a gradient is exact only where the gradient does not change across it (a
  horizontal line), to 8-bit precision.

Anything else (a picture, text or several shapes beneath, a stroke over its own fill, a gradient
shape, a see-through picture) is left as it is; the face renderer then flattens the area it covers
into a CMYK image (``pnpgen.render.rasterflat``).
"""

from __future__ import annotations

from dataclasses import replace

from pnpgen.render.colour import THIN_STROKE
from pnpgen.template.colour import InkColour, rgb
from pnpgen.template.resolve import ShapeOp

_EPS = 0.01


def _box(op) -> tuple[float, float, float, float]:
    """x0, y0, x1, y1 of what an op can paint (strokes widened by half their width)."""
    if isinstance(op, ShapeOp) and op.points:
        xs = [p[0] for p in op.points]
        ys = [p[1] for p in op.points]
        x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    else:
        x0, y0, x1, y1 = op.x, op.y, op.x + op.w, op.y + op.h
    if isinstance(op, ShapeOp) and op.stroke is not None and op.kind != "image":
        pad = op.stroke_width / 2
        x0, y0, x1, y1 = x0 - pad, y0 - pad, x1 + pad, y1 + pad
    return x0, y0, x1, y1


def _overlap(a, b) -> bool:
    return a[0] < b[2] - _EPS and b[0] < a[2] - _EPS and a[1] < b[3] - _EPS and b[1] < a[3] - _EPS


def _covers(op, box) -> bool:
    """An opaque plain rectangle covering ``box`` entirely."""
    if not (isinstance(op, ShapeOp) and op.kind == "rect" and op.fill is not None and op.fill[3] >= 1):
        return False
    if op.stroke is not None and op.stroke[3] > 0 and op.stroke_width > 0:
        return False
    x0, y0, x1, y1 = op.x, op.y, op.x + op.w, op.y + op.h
    return x0 <= box[0] + _EPS and y0 <= box[1] + _EPS and x1 >= box[2] - _EPS and y1 >= box[3] - _EPS


class _Space:
    """Where colours are mixed: the converter's CMYK (as each colour is used), or sRGB (None)."""

    def __init__(self, converter) -> None:
        self.converter = converter
        self.paper = (0.0, 0.0, 0.0, 0.0) if converter is not None else (1.0, 1.0, 1.0)

    def of(self, col, use: str = "area") -> tuple:
        if self.converter is None:
            return tuple(col[:3])
        out = self.converter.colour(rgb(col), use)
        return (out.cyan, out.magenta, out.yellow, out.black)

    def colour(self, values: tuple):
        """A mixed colour as a shape's colour (opaque)."""
        if self.converter is None:
            return tuple(values) + (1.0,)
        return InkColour(tuple(round(v, 4) for v in values))


def _stroke_use(op) -> str:
    return "line" if op.stroke_width <= THIN_STROKE else "area"


def _backdrop(ops: list, i: int, box, space: _Space):
    """(kind, value) beneath ``box`` before op ``i``: ("solid", colour in ``space``), ("gradient", op) or None."""
    for j in range(i - 1, -1, -1):
        below = ops[j]
        if not _overlap(_box(below), box):
            continue
        if _covers(below, box):
            return ("gradient", below) if below.fill2 is not None else ("solid", space.of(below.fill))
        return None
    return ("solid", space.paper)


def _over(src, use: str, bg: tuple, space: _Space):
    a = src[3]
    return space.colour(tuple(a * s + (1 - a) * b for s, b in zip(space.of(src, use), bg)))


def _gradient_at(op: ShapeOp, y: float, space: _Space) -> tuple:
    """The colour of ``op``'s vertical gradient (fill at its top, fill2 at its bottom) at height y;
    a press shading interpolates its converted end colours, so this does too."""
    t = 0.0 if op.h <= 0 else min(1.0, max(0.0, (op.y + op.h - y) / op.h))
    return tuple(a + (b - a) * t for a, b in zip(space.of(op.fill), space.of(op.fill2)))


def _see_through(col) -> bool:
    return col is not None and 0 < col[3] < 1


def flatten(ops: list, converter=None) -> list:
    """``ops`` with every see-through shape that can be flattened exactly made opaque, mixed in the
    CMYK of ``converter`` (a ``colour.CmykConverter``; None: in sRGB)."""
    space = _Space(converter)
    out = list(ops)
    for i, op in enumerate(ops):
        if not isinstance(op, ShapeOp) or op.kind in ("image", "text"):
            continue
        fill_st, stroke_st = _see_through(op.fill) and op.kind != "line", _see_through(op.stroke)
        if not (fill_st or stroke_st) or op.fill2 is not None:
            continue
        has_fill = op.fill is not None and op.fill[3] > 0 and op.kind != "line"
        if stroke_st and has_fill:
            continue  # the stroke lies over its own fill and the backdrop at once
        box = _box(op)
        under = _backdrop(out, i, box, space)
        if under is None:
            continue
        kind, value = under
        if kind == "solid":
            new = replace(op, fill=_over(op.fill, "area", value, space) if fill_st else op.fill,
                          stroke=_over(op.stroke, _stroke_use(op), value, space) if stroke_st else op.stroke)
        elif fill_st:
            _, y0, _, y1 = _box(replace(op, stroke=None))
            top, bottom = _gradient_at(value, y1, space), _gradient_at(value, y0, space)
            new = replace(op, fill=_over(op.fill, "area", top, space), fill2=_over(op.fill, "area", bottom, space))
        else:
            top, bottom = _gradient_at(value, box[3], space), _gradient_at(value, box[1], space)
            if max(abs(a - b) for a, b in zip(top, bottom)) * 255 >= 1:
                continue
            mid = tuple((a + b) / 2 for a, b in zip(top, bottom))
            new = replace(op, stroke=_over(op.stroke, _stroke_use(op), mid, space))
        out[i] = new
    return out
