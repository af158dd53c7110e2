"""Print-and-cut: where a cutting machine's registration marks go and where cards may sit.

A machine reads printed registration marks, then cuts along paths given relative to them, so the
cards must lie inside the area it can register and cut (``Machine.area``), and nothing printed may
come near a mark (``Machine.keep_outs``): a card beside a mark can be read as one. The geometry and
its sources are in docs/print-and-cut.md.

- ``silhouette``: Silhouette Studio's Print & Cut marks as silhouette-card-maker prints them on
  Letter and A4 (its ``assets/*_registration.pdf``, 600 dpi, measured in 1/600 in): a filled
  square top-left and L corners top-right and bottom-left, 224/600 in from the sheet's edges.
- ``cricut``: Design Space prints its own registration rectangle around the Print Then Cut area,
  at most 6.75 x 9.25 in centred on the sheet, so pnpgen draws no mark and keeps every printed
  card inside that area.
- ``svg``: no machine; cut files at the trims of the usual layout, for a laser or a plotter aligned by hand.

Cards are imposed as usual (centred grid, trims and their bleed inside the area), on a portrait or
a landscape sheet, whichever holds more; a card whose trim comes within reach of a mark is left
out (the sheet holds fewer), and a bleed that reaches towards a mark is clipped short of it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pnpgen.layout.deck import DeckPlan, PagePlan, _mirrored
from pnpgen.layout.duplex import flip_of
from pnpgen.layout.geometry import LayoutError, Rect, union
from pnpgen.layout.imposition import DEFAULT_MARGIN, Cell, grid_in
from pnpgen.layout.marks import Band, annotation_band, crop_marks, guide_room
from pnpgen.layout.paper import Paper
from pnpgen.units import PT_PER_IN, mm, to_mm

_PX = PT_PER_IN / 600  # one pixel of silhouette-card-maker's 600 dpi registration sheets

SILHOUETTE_INSET = 224 * _PX      # 9.48 mm from each edge to the outside of a mark
SILHOUETTE_SQUARE = 143 * _PX     # 6.05 mm filled square, top-left
SILHOUETTE_ARM = 193 * _PX        # 8.17 mm legs of the L marks
SILHOUETTE_LINE = 25 * _PX        # 1.06 mm thickness of the L legs
MARK_CLEARANCE = mm(1)            # no card's bleed closer than this to a mark (pnpgen's choice)
FURNITURE_CLEARANCE = mm(5)       # crop marks and the margin note stay this much further away
CRICUT_AREA = (6.75 * PT_PER_IN, 9.25 * PT_PER_IN)

MACHINES = ("silhouette", "cricut", "svg")


@dataclass(frozen=True)
class Machine:
    name: str
    marks: tuple[Rect, ...]       # filled black rectangles, on the sheet as the machine reads it
    area: Rect                    # trims and their printed bleed stay inside
    keep_outs: tuple[Rect, ...]   # nothing printed inside (marks with their clearance)


def _silhouette(sheet: Paper) -> Machine:
    w, h, i = sheet.width, sheet.height, SILHOUETTE_INSET
    a, t = SILHOUETTE_ARM, SILHOUETTE_LINE
    square = Rect(i, h - i - SILHOUETTE_SQUARE, SILHOUETTE_SQUARE, SILHOUETTE_SQUARE)
    top_right = (Rect(w - i - a, h - i - t, a, t), Rect(w - i - t, h - i - a, t, a))
    bottom_left = (Rect(i, i, a, t), Rect(i, i, t, a))
    marks = (square, *top_right, *bottom_left)
    keep = (_corner_box(square, sheet), _corner_box(union(top_right), sheet), _corner_box(union(bottom_left), sheet))
    return Machine("silhouette", marks, Rect(i, i, w - 2 * i, h - 2 * i), keep)


def _corner_box(mark: Rect, sheet: Paper) -> Rect:
    """The mark with its clearance, reaching out to the sheet's corner (nothing belongs there)."""
    box = mark.outset(MARK_CLEARANCE)
    x0 = 0.0 if box.x < sheet.width / 2 else box.x
    x1 = sheet.width if box.x1 > sheet.width / 2 else box.x1
    y0 = 0.0 if box.y < sheet.height / 2 else box.y
    y1 = sheet.height if box.y1 > sheet.height / 2 else box.y1
    return Rect(x0, y0, x1 - x0, y1 - y0)


def machine_for(name: str, sheet: Paper, margin: float = DEFAULT_MARGIN) -> Machine:
    if name == "silhouette":
        return _silhouette(sheet)
    if name == "cricut":
        w, h = CRICUT_AREA
        if sheet.landscape:
            w, h = h, w
        if w > sheet.width - 2 * margin or h > sheet.height - 2 * margin:
            w, h = min(w, sheet.width - 2 * margin), min(h, sheet.height - 2 * margin)
        return Machine("cricut", (), Rect((sheet.width - w) / 2, (sheet.height - h) / 2, w, h), ())
    if name == "svg":
        return Machine("svg", (), Rect(margin, margin, sheet.width - 2 * margin, sheet.height - 2 * margin), ())
    raise LayoutError(f"unknown cutting machine {name!r}: use one of {', '.join(MACHINES)}")


def _clear_of(cell: Cell, keep_outs) -> Cell | None:
    """``cell`` with its printed bleed clipped short of every keep-out, or None when its trim
    itself reaches into one (the card cannot go there)."""
    clip = cell.clip
    for k in keep_outs:
        if cell.trim.intersect(k) is not None:
            return None
        if clip.intersect(k) is None:
            continue
        options = []
        if cell.trim.x >= k.x1:
            options.append(Rect(k.x1, clip.y, clip.x1 - k.x1, clip.h))
        if cell.trim.x1 <= k.x:
            options.append(Rect(clip.x, clip.y, k.x - clip.x, clip.h))
        if cell.trim.y >= k.y1:
            options.append(Rect(clip.x, k.y1, clip.w, clip.y1 - k.y1))
        if cell.trim.y1 <= k.y:
            options.append(Rect(clip.x, clip.y, clip.w, k.y - clip.y))
        clip = max(options, key=lambda r: r.w * r.h)
    return Cell(cell.index, cell.row, cell.col, cell.trim, cell.bleed, clip)


def _band_clear_of(band: Band, keep_outs) -> Band:
    """The margin note shortened so it stays out of the marks' keep-outs."""
    r = band.rect
    for k in keep_outs:
        if r.intersect(k) is None:
            continue
        if band.vertical:
            r = Rect(r.x, k.y1, r.w, r.y1 - k.y1) if k.center[1] < r.center[1] else Rect(r.x, r.y, r.w, k.y - r.y)
        else:
            r = Rect(k.x1, r.y, r.x1 - k.x1, r.h) if k.center[0] < r.center[0] else Rect(r.x, r.y, k.x - r.x, r.h)
    return Band(r, band.vertical)


def _cut_page(sheet: Paper, faces, backs, bleed: float, machine: Machine, margin: float) -> PagePlan:
    page = Rect(0, 0, sheet.width, sheet.height)
    cells = list(faces) + list(backs)
    printed = [c.clip for c in cells]
    content = union(printed + list(machine.marks))
    furniture = [k.outset(FURNITURE_CLEARANCE) for k in machine.keep_outs]
    band = _band_clear_of(annotation_band(page, content, margin), furniture)
    marks = crop_marks(page, [c.trim for c in cells], printed, [band.rect, *furniture], bleed, edge_keep=margin)
    return PagePlan(sheet, tuple(faces), tuple(backs), tuple(marks), band, union(c.trim for c in cells),
                    union(printed), (), tuple(machine.marks), margin)


@dataclass(frozen=True)
class CutPlan:
    deck: DeckPlan
    machine: Machine
    full: int        # cards the sheet would hold without the machine's marks and area

    @property
    def warning(self) -> str | None:
        if self.deck.per_page >= self.full:
            return None
        return (f"{self.deck.per_page} cards a sheet instead of {self.full}: the {self.machine.name} "
                f"registration area and marks leave no room for the others")


def plan_cut_deck(paper: Paper, card_w: float, card_h: float, bleed: float, machine: str,
                  duplex: str = "long", back_offset: tuple[float, float] = (0.0, 0.0),
                  margin: float = DEFAULT_MARGIN, full: int = 0, gutter: float = 0.0) -> CutPlan:
    """The deck plan for cutting on ``machine``: marks on every front page, cards only where the
    machine can cut and clear of its marks, on whichever orientation holds more; ``gutter`` apart
    (the build's ``--gap``), so the cut files, cut at the trims, follow it."""
    flip = flip_of(duplex)
    best = None
    for sheet in (paper.portrait(), paper.portrait().rotated()):
        spec = machine_for(machine, sheet, margin)
        # With marks or a print area, the bleed is printed too and must stay inside; with none
        # (svg) the sheet is the usual one: trims inside the margins and their cut guides' room,
        # bleed running into them.
        region = spec.area.outset(-guide_room(bleed)) if machine == "svg" else spec.area.outset(-bleed)
        if region.w <= 0 or region.h <= 0:
            continue
        grid = grid_in(region, Rect(0, 0, sheet.width, sheet.height), card_w, card_h, bleed, gutter)
        kept = [c for c in (_clear_of(cell, spec.keep_outs) for cell in grid.cells) if c is not None]
        kept = [Cell(i, c.row, c.col, c.trim, c.bleed, c.clip) for i, c in enumerate(kept)]
        if kept and (best is None or len(kept) > len(best[2])):
            best = (sheet, spec, kept)
    if best is None:
        raise LayoutError(f"card {to_mm(card_w):.1f}x{to_mm(card_h):.1f}mm with {to_mm(bleed):g}mm bleed does not fit "
                          f"in the {machine} cutting area of {paper.describe()}")
    sheet, spec, faces = best
    backs = _mirrored(faces, sheet, flip, *back_offset)
    no_marks = replace(spec, marks=(), keep_outs=())
    front = _cut_page(sheet, faces, (), bleed, spec, margin)
    back = _cut_page(sheet, (), backs, bleed, no_marks, margin)
    return CutPlan(DeckPlan(sheet, len(faces), front, back, flip, False), spec, full or len(faces))
