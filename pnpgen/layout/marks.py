"""Crop marks and the margin band for the scale bar and print note.

Marks run along each trim line, outside every printed area: they start where a card's printed
bleed ends (so at least ``bleed`` from the trim) and are ``length`` long, shortened to stop
``edge_keep`` short of the sheet edge or of the annotation band. Where cards touch (gutter 0) a
line is blocked across the grid, so its marks fall in the outer margins only; a gutter wider than
twice the bleed gets a centred mark too.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnpgen.layout.geometry import Rect, Segment
from pnpgen.units import mm

MARK_LENGTH = mm(6)
MIN_MARK = mm(1.5)
EDGE_KEEP = mm(3)
MIN_OFFSET = mm(1)
ANNOTATION_HEIGHT = mm(3.5)
_GAP = mm(0.5)


@dataclass(frozen=True)
class Band:
    """A strip for the scale bar and notes; ``vertical`` strips are drawn rotated 90 degrees."""

    rect: Rect
    vertical: bool


def annotation_band(page: Rect, content: Rect, margin: float, height: float = ANNOTATION_HEIGHT) -> Band:
    """The deepest margin beside ``content`` (bottom, top, left, right on ties), inside the
    unprintable edge when there is room, else as far out as the printed content allows."""
    depths = [
        ("bottom", content.y - page.y),
        ("top", page.y1 - content.y1),
        ("left", content.x - page.x),
        ("right", page.x1 - content.x1),
    ]
    side, depth = max(depths, key=lambda d: round(d[1], 2))  # rounding keeps ties on 'bottom'
    offset = margin if margin + height + _GAP <= depth else max(0.0, depth - height - _GAP)
    if side == "bottom":
        return Band(Rect(page.x + margin, page.y + offset, page.w - 2 * margin, height), False)
    if side == "top":
        return Band(Rect(page.x + margin, page.y1 - offset - height, page.w - 2 * margin, height), False)
    if side == "left":
        return Band(Rect(page.x + offset, page.y + margin, height, page.h - 2 * margin), True)
    return Band(Rect(page.x1 - offset - height, page.y + margin, height, page.h - 2 * margin), True)


def _free_spans(lo: float, hi: float, blocks: list[tuple[float, float, bool]]):
    """Gaps in [lo, hi] between blocks; each end says whether a card bounds it (True),
    or the sheet edge / a keep-out (False)."""
    spans = []
    pos, pos_is_card = lo, False
    for a, b, is_card in sorted(blocks):
        if a >= hi:
            break
        if a > pos:
            spans.append((pos, a, pos_is_card, is_card))
        if b > pos:
            pos, pos_is_card = b, is_card
    if pos < hi:
        spans.append((pos, hi, pos_is_card, False))
    return spans


def _marks_on_line(lo: float, hi: float, blocks, length: float) -> list[tuple[float, float]]:
    out = []
    for a, b, card_a, card_b in _free_spans(lo, hi, blocks):
        n = min(length, b - a)
        if card_a and card_b:
            mid = (a + b) / 2
            out.append((mid - n / 2, mid + n / 2))
        elif card_a:
            out.append((a, a + n))
        elif card_b:
            out.append((b - n, b))
    return [(a, b) for a, b in out if b - a >= MIN_MARK - 1e-9]


def crop_marks(page: Rect, trims: list[Rect], printed: list[Rect], keep_out: list[Rect] = (),
               bleed: float = 0.0, length: float = MARK_LENGTH, edge_keep: float = EDGE_KEEP) -> list[Segment]:
    """Marks for every trim edge of ``trims``, avoiding ``printed`` areas (card bleeds) and
    ``keep_out`` rectangles (the annotation band)."""
    pad = max(0.0, MIN_OFFSET - bleed)  # never let a mark touch a card printed without bleed
    cards = [r.outset(pad) for r in printed]
    others = [r.outset(_GAP) for r in keep_out]
    xs = sorted({round(v, 3) for t in trims for v in (t.x, t.x1)})
    ys = sorted({round(v, 3) for t in trims for v in (t.y, t.y1)})
    lo_y, hi_y = page.y + edge_keep, page.y1 - edge_keep
    lo_x, hi_x = page.x + edge_keep, page.x1 - edge_keep
    segments: list[Segment] = []
    for x in xs:
        blocks = [(r.y, r.y1, True) for r in cards if r.x - 1e-6 <= x <= r.x1 + 1e-6]
        blocks += [(r.y, r.y1, False) for r in others if r.x <= x <= r.x1]
        segments += [Segment(x, a, x, b) for a, b in _marks_on_line(lo_y, hi_y, blocks, length)]
    for y in ys:
        blocks = [(r.x, r.x1, True) for r in cards if r.y - 1e-6 <= y <= r.y1 + 1e-6]
        blocks += [(r.x, r.x1, False) for r in others if r.y <= y <= r.y1]
        segments += [Segment(a, y, b, y) for a, b in _marks_on_line(lo_x, hi_x, blocks, length)]
    return segments


def fold_line(page: Rect, x: float, printed: list[Rect], keep_out: list[Rect] = (),
              edge_keep: float = EDGE_KEEP) -> list[Segment]:
    """The visible pieces of a vertical fold line at ``x``: wherever no card or band is printed."""
    blocks = [(r.y, r.y1, True) for r in printed if r.x - 1e-6 <= x <= r.x1 + 1e-6]
    blocks += [(r.y - _GAP, r.y1 + _GAP, False) for r in keep_out if r.x <= x <= r.x1]
    spans = _free_spans(page.y + edge_keep, page.y1 - edge_keep, blocks)
    return [Segment(x, a, x, b) for a, b, _, _ in spans if b - a >= MIN_MARK]
