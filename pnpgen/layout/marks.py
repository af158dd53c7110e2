"""Cut guides (crop marks) and the margin band for the scale bar and print note.

Every cut line, each column's left and right trim edge and each row's top and bottom, gets a
guide on the paper between the printer's unprintable edge (``edge_keep``, the printer margin, from
each paper edge, where nothing of a guide may go) and the card grid. A guide runs along its line,
at most ``length`` long. Where the paper beside a card's printed bleed has room for one, the guide
lies there, on white, starting where the bleed ends (``MIN_OFFSET`` from a card printed without
bleed). Where it has not (Letter's top and bottom, cards that fill the sheet), the guide lies over
the card's outer bleed, which is cut away, reaching the trim line where its own line meets it
(a card's corner, which the cut rounds), on a white halo so it shows on any colour.

Where cards touch (gap 0) a line is blocked across the grid, so its guides fall in the outer
margins only; in a gap of at least ``MIN_MARK`` a line also gets a centred guide between the
cards (on white when the gap is wider than the two bleeds). Imposition keeps ``guide_room``
beside the grid inside the printer margin (1 mm, which keeps 3x3 poker cards, 63.5 x 88.9 mm, on
Letter) unless the guides between the cards already serve every line (``layout.deck``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pnpgen.layout.geometry import Rect, Segment
from pnpgen.units import mm

MARK_LENGTH = mm(6)
MIN_MARK = mm(1)
EDGE_KEEP = mm(5)  # the printer margin of a page that names none (imposition.DEFAULT_MARGIN)
MIN_OFFSET = mm(1)
GUIDE_ROOM = MIN_MARK  # beside the grid, inside the printer margin: the shortest guide, over the bleed
ANNOTATION_HEIGHT = mm(3.5)
_GAP = mm(0.5)


def guide_room(bleed: float) -> float:
    """Room a guide needs beside the grid: ``GUIDE_ROOM`` over the bleed, and with no bleed also
    the ``MIN_OFFSET`` a guide keeps from a card's edge."""
    return GUIDE_ROOM + max(0.0, MIN_OFFSET - bleed)


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


def _place(a: float, b: float, card_a: bool, card_b: bool, length: float) -> tuple[float, float] | None:
    """A mark in the free stretch [a, b]: against the card that bounds it, centred between two."""
    n = min(length, b - a)
    if card_a and card_b:
        mid = (a + b) / 2
        a, b = mid - n / 2, mid + n / 2
    elif card_a:
        b = a + n
    elif card_b:
        a = b - n
    else:
        return None
    return (a, b) if b - a >= MIN_MARK - 1e-9 else None


def _marks_on_line(lo: float, hi: float, blocks, length: float) -> list[tuple[float, float]]:
    placed = (_place(a, b, card_a, card_b, length) for a, b, card_a, card_b in _free_spans(lo, hi, blocks))
    return [m for m in placed if m is not None]


def _line_blocks(pos: float, rects, is_card: bool, along_x: bool):
    """The stretches of the line at ``pos`` (rounded to 0.001 pt) that ``rects`` cover: (from, to, is_card)."""
    if along_x:  # a horizontal line y = pos, blocked along x
        return [(r.x, r.x1, is_card) for r in rects if r.y - 1e-3 <= pos <= r.y1 + 1e-3]
    return [(r.y, r.y1, is_card) for r in rects if r.x - 1e-3 <= pos <= r.x1 + 1e-3]


def _guides_on_line(lo: float, hi: float, trims, printed, others, length: float) -> list[tuple[float, float]]:
    """Guides on one line: in every free stretch beside a card, the marks on white paper when it
    has room for one, else one over the card's outer bleed."""
    white = _marks_on_line(lo, hi, printed + others, length)
    out = []
    for a, b, card_a, card_b in _free_spans(lo, hi, trims + others):
        if not (card_a or card_b):
            continue
        inside = [m for m in white if m[0] >= a - 1e-6 and m[1] <= b + 1e-6]
        over = _place(a, b, card_a, card_b, length)
        out += inside or ([over] if over else [])
    return out


def crop_marks(page: Rect, trims: list[Rect], printed: list[Rect], keep_out: Sequence[Rect] = (),
               bleed: float = 0.0, length: float = MARK_LENGTH, edge_keep: float = EDGE_KEEP) -> list[Segment]:
    """Guides for every trim edge of ``trims``, ``edge_keep`` (the printer margin) or more from
    the paper's edges, avoiding ``keep_out`` rectangles (the annotation band) and preferring paper
    outside the ``printed`` areas (card bleeds)."""
    pad = max(0.0, MIN_OFFSET - bleed)  # never let a mark touch a card printed without bleed
    cards = [r.outset(pad) for r in printed]
    cut = [r.outset(pad) for r in trims]  # with bleed, a guide over it may reach the trim
    others = [r.outset(_GAP) for r in keep_out]
    xs = sorted({round(v, 3) for t in trims for v in (t.x, t.x1)})
    ys = sorted({round(v, 3) for t in trims for v in (t.y, t.y1)})
    lo_y, hi_y = page.y + edge_keep, page.y1 - edge_keep
    lo_x, hi_x = page.x + edge_keep, page.x1 - edge_keep
    segments: list[Segment] = []
    for x in xs:
        spans = _guides_on_line(lo_y, hi_y, _line_blocks(x, cut, True, False), _line_blocks(x, cards, True, False),
                                [(r.y, r.y1, False) for r in others if r.x <= x <= r.x1], length)
        segments += [Segment(x, a, x, b) for a, b in spans]
    for y in ys:
        spans = _guides_on_line(lo_x, hi_x, _line_blocks(y, cut, True, True), _line_blocks(y, cards, True, True),
                                [(r.x, r.x1, False) for r in others if r.y <= y <= r.y1], length)
        segments += [Segment(a, y, b, y) for a, b in spans]
    return segments


def over_print(segments, printed: list[Rect]) -> list[Segment]:
    """The guides that lie over a printed area (a card's outer bleed): drawn on a white halo."""
    def crosses(s: Segment, r: Rect) -> bool:
        if s.x0 == s.x1:
            return r.x - 1e-6 <= s.x0 <= r.x1 + 1e-6 and min(s.y1, r.y1) - max(s.y0, r.y) > 1e-6
        return r.y - 1e-6 <= s.y0 <= r.y1 + 1e-6 and min(s.x1, r.x1) - max(s.x0, r.x) > 1e-6
    return [s for s in segments if any(crosses(s, r) for r in printed)]


def fold_line(page: Rect, x: float, printed: list[Rect], keep_out: Sequence[Rect] = (),
              edge_keep: float = EDGE_KEEP) -> list[Segment]:
    """The visible pieces of a vertical fold line at ``x``: wherever no card or band is printed."""
    blocks = [(r.y, r.y1, True) for r in printed if r.x - 1e-6 <= x <= r.x1 + 1e-6]
    blocks += [(r.y - _GAP, r.y1 + _GAP, False) for r in keep_out if r.x <= x <= r.x1]
    spans = _free_spans(page.y + edge_keep, page.y1 - edge_keep, blocks)
    return [Segment(x, a, x, b) for a, b, _, _ in spans if b - a >= MIN_MARK]
