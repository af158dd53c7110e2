"""``--ink-saver``: a resolved face with its ink-heavy shapes drawn light, for play-testing copies.

Which shapes are heavy: the template says so with ``ink: heavy`` (always) or ``ink: normal``
(never); without a mark a shape is heavy when it is a **dark background**, i.e. both

- it covers at least half the card's trim (``HEAVY_AREA``): a background, not a badge, band or
  frame, which matter for play and use little ink; and
- its ink coverage, ``(1 - L*/100) x alpha`` with L* the CIE lightness of its fill (the mean of
  both ends of a gradient), is at least ``HEAVY_DARKNESS`` = 0.5, i.e. darker than mid-grey
  (L* 50). Toner or ink laid down grows roughly with darkness, and a card-sized area darker than
  mid-grey is most of a sheet's ink: Xenoshyft's dark panel (L* 14) and every bundled dark back.

Pictures are never judged automatically (their darkness is not known without decoding them);
mark full-bleed art ``ink: heavy`` to have it printed faded.

How a heavy shape is drawn: its fill becomes a light tint (``TINT`` of its colour on white), a
picture is drawn at ``FADED_OPACITY``, and a shape that had no outline gets a thin one in its own
colour so panels keep their edges. Text stays readable, dark on light: text, one-line labels,
light strokes and light marks (white or pale grey, L* 85 and up: a lit pip, a white highlight; a
coloured band keeps its colour) whose ground (the topmost opaque shape
drawn under their middle) was heavy are drawn in a dark shade of that ground's colour, alpha kept.
Everything else is unchanged: badges and title bars that are not heavy, and light panels that
carry dark text (the rules box, a deck label), which stay light so their text stays readable.
"""

from __future__ import annotations

from dataclasses import replace

from pnpgen.template.model import Colour
from pnpgen.template.resolve import ResolvedFace, ShapeOp, TextOp

HEAVY_AREA = 0.5        # share of the trim area
HEAVY_DARKNESS = 0.5    # (1 - L*/100) x alpha
TINT = 0.12             # share of the colour kept in a lightened fill (the rest is paper white)
SHADE = 0.45            # share of the ground's colour kept in text drawn dark over it (the rest black)
FADED_OPACITY = 0.25
OUTLINE_PT = 0.6
LIGHT_TEXT_L = 60.0     # L* from which text counts as light (needs a dark ground to be read)
LIGHT_MARK_L = 85.0     # L* from which a shape's ink counts as light: white and pale greys, not colours
_FILLED = ("rect", "roundrect", "ellipse", "polygon")


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def lightness(colour: Colour) -> float:
    """CIE L* (0 black .. 100 white) of an sRGB colour, ignoring alpha."""
    y = 0.2126 * _linear(colour[0]) + 0.7152 * _linear(colour[1]) + 0.0722 * _linear(colour[2])
    return 116 * y ** (1 / 3) - 16 if y > 216 / 24389 else y * 24389 / 27


def darkness(op: ShapeOp) -> float:
    """Ink coverage of a shape's fill, 0 (none or white) to 1 (solid black)."""
    if op.fill is None:
        return 0.0
    ends = [op.fill] + ([op.fill2] if op.fill2 is not None else [])
    return sum((1 - lightness(c) / 100) * c[3] for c in ends) / len(ends)


def area(op: ShapeOp) -> float:
    """Area in square points (a polygon by the shoelace formula)."""
    if op.kind == "polygon":
        pts = op.points
        return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]))) / 2
    if op.kind == "ellipse":
        return 3.141592653589793 / 4 * op.w * op.h
    return op.w * op.h


def is_heavy(op: ShapeOp, trim_area: float) -> bool:
    if op.ink:
        return op.ink == "heavy"
    if op.kind not in _FILLED:
        return False
    return area(op) >= HEAVY_AREA * trim_area and darkness(op) >= HEAVY_DARKNESS


def _mix(colour: Colour, other: tuple[float, float, float], keep: float) -> Colour:
    return (*(keep * c + (1 - keep) * o for c, o in zip(colour[:3], other)), colour[3])


def _tint(colour: Colour | None) -> Colour | None:
    return None if colour is None else _mix(colour, (1.0, 1.0, 1.0), TINT)


def _bounds(op: ShapeOp | TextOp) -> tuple[float, float, float, float]:
    if isinstance(op, ShapeOp) and op.points:
        xs = [p[0] for p in op.points]
        ys = [p[1] for p in op.points]
        return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)
    return op.x, op.y, op.w, op.h


def _middle(op: ShapeOp | TextOp) -> tuple[float, float]:
    x, y, w, h = _bounds(op)
    return x + w / 2, y + h / 2


def _contains(op: ShapeOp, x: float, y: float) -> bool:
    bx, by, bw, bh = _bounds(op)
    return bx <= x <= bx + bw and by <= y <= by + bh


def _opaque(op: ShapeOp) -> bool:
    return op.kind in _FILLED and op.fill is not None and op.fill[3] >= 1.0 and (op.fill2 is None or op.fill2[3] >= 1.0)


def _light(colour: Colour | None, threshold: float = LIGHT_TEXT_L) -> bool:
    return colour is not None and lightness(colour) >= threshold


class _Ground:
    """The shapes drawn so far, to find what a later text or highlight sits on."""

    def __init__(self) -> None:
        self.below: list[tuple[ShapeOp, bool]] = []  # (original shape, lightened?)
        self.dark_text: list[tuple[float, float]] = []  # middles of the face's dark text boxes

    def carries_dark_text(self, op: ShapeOp) -> bool:
        return any(_contains(op, x, y) for x, y in self.dark_text)

    def shade_under(self, op: ShapeOp | TextOp) -> Colour | None:
        """A dark shade to draw ``op``'s light ink in, when its ground was lightened; else None."""
        cx, cy = _middle(op)
        for shape, lightened in reversed(self.below):
            if shape.kind == "image" and _contains(shape, cx, cy):
                return (0.1, 0.1, 0.1, 1.0) if lightened else None
            if _opaque(shape) and _contains(shape, cx, cy):
                if not lightened:
                    return None
                darkest = min([shape.fill] + ([shape.fill2] if shape.fill2 else []), key=lightness)
                return _mix(darkest, (0.0, 0.0, 0.0), SHADE)
        return None


def lighten(face: ResolvedFace) -> ResolvedFace:
    """``face`` as ``--ink-saver`` prints it (see the module docstring)."""
    trim = face.width * face.height
    ground = _Ground()
    ground.dark_text = [_middle(op) for op in face.ops if isinstance(op, TextOp) and not _light(op.color)]
    ops = []
    for op in face.ops:
        if isinstance(op, TextOp):
            shade = ground.shade_under(op) if _light(op.color) else None
            ops.append(replace(op, color=(*shade[:3], op.color[3])) if shade else op)
            continue
        if is_heavy(op, trim):
            new = _lightened(op)
            ground.below.append((op, True))
            ops.append(new)
            continue
        ops.append(_readable(op, ground))
        ground.below.append((op, False))
    return replace(face, ops=tuple(ops))


def _lightened(op: ShapeOp) -> ShapeOp:
    if op.kind == "image":
        return replace(op, opacity=op.opacity * FADED_OPACITY)
    if op.kind not in _FILLED:  # a heavy line or label: drawn as a light tint of itself
        return replace(op, fill=_tint(op.fill), stroke=_tint(op.stroke))
    outline = {} if op.stroke is not None or op.fill is None else {
        "stroke": (*op.fill[:3], 1.0), "stroke_width": OUTLINE_PT}
    return replace(op, fill=_tint(op.fill), fill2=_tint(op.fill2), **outline)


def _readable(op: ShapeOp, ground: _Ground) -> ShapeOp:
    """Light ink of a normal shape made dark when it sits on a lightened ground: a label's
    text, a light outline, a light mark or highlight (alpha kept, so a lit pip stays stronger
    than an unlit one). A light fill under dark text stays: it is a panel the text is read on."""
    changes = {}
    if op.kind == "text" and _light(op.fill):
        shade = ground.shade_under(op)
        if shade:
            changes["fill"] = (*shade[:3], op.fill[3])
    else:
        if _light(op.stroke, LIGHT_MARK_L):
            shade = ground.shade_under(op)
            if shade:
                changes["stroke"] = (*shade[:3], op.stroke[3])
        if op.kind in _FILLED and _light(op.fill, LIGHT_MARK_L) and not ground.carries_dark_text(op):
            shade = ground.shade_under(op)
            if shade:
                changes["fill"] = (*shade[:3], op.fill[3])
    return replace(op, **changes) if changes else op
