"""Page plans for a deck of one card size: front page, back page (duplex) or one gutterfold page.

A plan is computed once per card size; every sheet of that size reuses it, slot by slot:
slot ``i`` of a sheet holds the ``i``-th card, its front at ``faces[i]`` and its back at
``backs[i]`` (on the back page for duplex, on the same page for gutterfold).

``margin`` is the printer margin: cut guides stay outside it, and the cards leave room for them
(``layout.marks``). When that room costs cards, the plan holds fewer and says so (``warning``)
rather than print cut lines without guides; ``gutter`` (the build's ``--gap``) spaces the cards,
and the backs are mirrored slot by slot with the same gap.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnpgen.layout.duplex import Flip, flip_of, mirror_rect
from pnpgen.layout.geometry import LayoutError, Rect, Segment, union
from pnpgen.layout.imposition import DEFAULT_BLEED, DEFAULT_MARGIN, Cell, grid_in, impose
from pnpgen.layout.marks import Band, annotation_band, crop_marks, fold_line, guide_room
from pnpgen.layout.paper import Paper
from pnpgen.units import to_mm


@dataclass(frozen=True)
class PagePlan:
    paper: Paper
    faces: tuple[Cell, ...]
    backs: tuple[Cell, ...]
    marks: tuple[Segment, ...]
    band: Band
    trim_box: Rect
    bleed_box: Rect
    fold: tuple[Segment, ...] = ()
    regmarks: tuple[Rect, ...] = ()   # a cutting machine's registration marks, filled black (layout.cutting)
    margin: float = DEFAULT_MARGIN    # the printer margin the guides keep out of


@dataclass(frozen=True)
class DeckPlan:
    paper: Paper
    per_page: int
    front: PagePlan
    back: PagePlan | None
    flip: Flip
    gutterfold: bool
    full: int = 0        # cards the sheet would hold if cut guides needed no room (0: per_page)

    @property
    def warning(self) -> str | None:
        if self.per_page >= self.full:
            return None
        return (f"{self.per_page} cards a sheet instead of {self.full}: every cut line needs a guide, and the "
                f"guides need room beside the cards inside the {to_mm(self.margin):g}mm printer "
                f"margin; another paper, a gap between the cards (guides then go between them) or a smaller "
                f"printer margin, if the printer prints that close to the edge, may fit more")

    @property
    def margin(self) -> float:
        return self.front.margin


def _page_plan(paper: Paper, faces, backs, margin: float, bleed: float, fold_x: float | None = None) -> PagePlan:
    page = Rect(0, 0, paper.width, paper.height)
    cells = list(faces) + list(backs)
    printed = [c.clip for c in cells]
    content = union(printed)
    band = annotation_band(page, content, margin)
    marks = crop_marks(page, [c.trim for c in cells], printed, [band.rect], bleed, edge_keep=margin)
    fold = fold_line(page, fold_x, printed, [band.rect], edge_keep=margin) if fold_x is not None else []
    return PagePlan(paper, tuple(faces), tuple(backs), tuple(marks), band,
                    union(c.trim for c in cells), content, tuple(fold), margin=margin)


def _mirrored(cells, paper: Paper, flip: Flip, dx: float, dy: float) -> list[Cell]:
    page = Rect(0, 0, paper.width, paper.height)
    out = []
    for c in cells:
        m = Cell(c.index, c.row, c.col,
                 mirror_rect(c.trim, paper.width, paper.height, flip),
                 mirror_rect(c.bleed, paper.width, paper.height, flip),
                 mirror_rect(c.clip, paper.width, paper.height, flip))
        out.append(m.moved(dx, dy, page))
    return out


def guided(page: PagePlan) -> bool:
    """Every cut line of ``page`` (each trim edge's line) has a guide along it."""
    cells = (*page.faces, *page.backs)
    xs = {round(v, 3) for c in cells for v in (c.trim.x, c.trim.x1)}
    ys = {round(v, 3) for c in cells for v in (c.trim.y, c.trim.y1)}
    vertical = {round(s.x0, 3) for s in page.marks if s.x0 == s.x1}
    horizontal = {round(s.y0, 3) for s in page.marks if s.y0 == s.y1}
    return xs <= vertical and ys <= horizontal


def plan_deck(paper: Paper, card_w: float, card_h: float, bleed: float = DEFAULT_BLEED,
              gutter: float = 0.0, margin: float = DEFAULT_MARGIN, duplex: str | Flip = Flip.LONG,
              back_offset: tuple[float, float] = (0.0, 0.0), gutterfold: bool = False) -> DeckPlan:
    """Plan the sheets for cards of ``card_w`` x ``card_h`` points; ``back_offset`` in points.

    The most cards for which every cut line gets a guide: the grid that fills the printable area
    when its guides find room (between the cards, with a gap), else the one that leaves room for
    them beside the grid (``guide_room``)."""
    flip = flip_of(duplex)
    if gutterfold:
        return _plan_gutterfold(paper, card_w, card_h, bleed, gutter, margin)
    tight = impose(paper, card_w, card_h, bleed, gutter, margin, guides=0.0)
    plans = []
    for grid in (tight, _roomy(paper, card_w, card_h, bleed, gutter, margin)):
        if grid is None:
            continue
        backs = _mirrored(grid.cells, paper, flip, *back_offset)
        front = _page_plan(paper, grid.cells, (), margin, bleed)
        back = _page_plan(paper, (), backs, margin, bleed)
        plans.append(DeckPlan(paper, grid.per_page, front, back, flip, False, tight.per_page))
        if guided(front) and guided(back):
            return plans[-1]
    if len(plans) < 2:  # not even one card leaves room for its guides
        impose(paper, card_w, card_h, bleed, gutter, margin)  # raises, naming the room
    return plans[-1]


def _roomy(paper: Paper, card_w: float, card_h: float, bleed: float, gutter: float, margin: float):
    try:
        return impose(paper, card_w, card_h, bleed, gutter, margin)
    except LayoutError:
        return None


def _gutterfold_grid(sheet: Paper, card_w: float, card_h: float, bleed: float, gutter: float, keep: float):
    """The fronts' grid in the left half, trims ``keep`` from the paper's edges."""
    half = sheet.width / 2
    region = Rect(keep, keep, half - keep - bleed, sheet.height - 2 * keep)
    return grid_in(region, Rect(0, 0, half, sheet.height), card_w, card_h, bleed, gutter)


def _plan_gutterfold(paper: Paper, card_w: float, card_h: float, bleed: float, gutter: float, margin: float) -> DeckPlan:
    """Fronts left of a vertical fold, backs mirrored right of it; the sheet is turned to
    landscape when that holds more cards, and, as for duplex, the most cards whose cut lines all
    get a guide."""
    best = None
    full = 0
    for sheet in (paper.portrait(), paper.portrait().rotated()):
        for keep in (margin, margin + guide_room(bleed)):
            grid = _gutterfold_grid(sheet, card_w, card_h, bleed, gutter, keep)
            if keep == margin:
                full = max(full, grid.per_page)
            if not grid.cells or (best is not None and grid.per_page <= best[0]):
                continue
            backs = _mirrored(grid.cells, sheet, Flip.LONG, 0.0, 0.0)
            page = _page_plan(sheet, grid.cells, backs, margin, bleed, fold_x=sheet.width / 2)
            if guided(page):
                best = (grid.per_page, sheet, page)
                break
    if best is None:
        raise LayoutError(
            f"card {to_mm(card_w):.1f}x{to_mm(card_h):.1f}mm does not fit in half of "
            f"{paper.describe()} for gutterfold with {to_mm(margin):g}mm margins and {to_mm(guide_room(bleed)):g}mm for "
            f"cut guides: use a larger paper, or duplex instead of gutterfold"
        )
    per_page, sheet, page = best
    return DeckPlan(sheet, per_page, page, None, Flip.LONG, True, full)
