"""Page plans for a deck of one card size: front page, back page (duplex) or one gutterfold page.

A plan is computed once per card size; every sheet of that size reuses it, slot by slot:
slot ``i`` of a sheet holds the ``i``-th card, its front at ``faces[i]`` and its back at
``backs[i]`` (on the back page for duplex, on the same page for gutterfold).
"""

from __future__ import annotations

from dataclasses import dataclass

from pnpgen.layout.duplex import Flip, flip_of, mirror_rect
from pnpgen.layout.geometry import LayoutError, Rect, Segment, union
from pnpgen.layout.imposition import DEFAULT_BLEED, DEFAULT_MARGIN, Cell, grid_in, impose
from pnpgen.layout.marks import Band, annotation_band, crop_marks, fold_line
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


@dataclass(frozen=True)
class DeckPlan:
    paper: Paper
    per_page: int
    front: PagePlan
    back: PagePlan | None
    flip: Flip
    gutterfold: bool


def _page_plan(paper: Paper, faces, backs, margin: float, bleed: float, fold_x: float | None = None) -> PagePlan:
    page = Rect(0, 0, paper.width, paper.height)
    cells = list(faces) + list(backs)
    printed = [c.clip for c in cells]
    content = union(printed)
    band = annotation_band(page, content, margin)
    marks = crop_marks(page, [c.trim for c in cells], printed, [band.rect], bleed)
    fold = fold_line(page, fold_x, printed, [band.rect]) if fold_x is not None else []
    return PagePlan(paper, tuple(faces), tuple(backs), tuple(marks), band,
                    union(c.trim for c in cells), content, tuple(fold))


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


def plan_deck(paper: Paper, card_w: float, card_h: float, bleed: float = DEFAULT_BLEED,
              gutter: float = 0.0, margin: float = DEFAULT_MARGIN, duplex: str | Flip = Flip.LONG,
              back_offset: tuple[float, float] = (0.0, 0.0), gutterfold: bool = False) -> DeckPlan:
    """Plan the sheets for cards of ``card_w`` x ``card_h`` points; ``back_offset`` in points."""
    flip = flip_of(duplex)
    if gutterfold:
        return _plan_gutterfold(paper, card_w, card_h, bleed, gutter, margin)
    grid = impose(paper, card_w, card_h, bleed, gutter, margin)
    backs = _mirrored(grid.cells, paper, flip, *back_offset)
    front = _page_plan(paper, grid.cells, (), margin, bleed)
    back = _page_plan(paper, (), backs, margin, bleed)
    return DeckPlan(paper, grid.per_page, front, back, flip, False)


def _plan_gutterfold(paper: Paper, card_w: float, card_h: float, bleed: float, gutter: float, margin: float) -> DeckPlan:
    """Fronts left of a vertical fold, backs mirrored right of it; the sheet is turned to
    landscape when that holds more cards."""
    best = None
    for sheet in (paper.portrait(), paper.portrait().rotated()):
        half = sheet.width / 2
        region = Rect(margin, margin, half - margin - bleed, sheet.height - 2 * margin)
        grid = grid_in(region, Rect(0, 0, half, sheet.height), card_w, card_h, bleed, gutter)
        if grid.cells and (best is None or grid.per_page > best[1].per_page):
            best = (sheet, grid)
    if best is None:
        raise LayoutError(
            f"card {to_mm(card_w):.1f}x{to_mm(card_h):.1f}mm does not fit in half of "
            f"{paper.describe()} for gutterfold with {to_mm(margin):g}mm margins"
        )
    sheet, grid = best
    backs = _mirrored(grid.cells, sheet, Flip.LONG, 0.0, 0.0)
    page = _page_plan(sheet, grid.cells, backs, margin, bleed, fold_x=sheet.width / 2)
    return DeckPlan(sheet, grid.per_page, page, None, Flip.LONG, True)
