"""Card imposition: how many cards of one trim size fit on a sheet, and where.

``gutter`` is the distance between neighbouring trims. With the default 0 the cards touch and
one cut separates two cards (this is what makes 3x3 poker cards fit on A4 and Letter); each
card's bleed then shows only on the outer edges of the grid, and into a gutter up to half its
width (the build's ``--gap``): a miscut anywhere inside a gap up to twice the bleed shows the
card's own colour. ``Cell.clip`` is that printed part; ``Cell.bleed`` is the full nominal bleed box.
The margin is the printer's unprintable edge: trims stay ``guides`` further in (room for a cut
guide on every line, ``layout.marks.guide_room``), bleed may run into it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnpgen.layout.geometry import LayoutError, Rect
from pnpgen.layout.marks import guide_room
from pnpgen.layout.paper import Paper
from pnpgen.units import mm, to_mm

DEFAULT_BLEED = mm(3)
DEFAULT_MARGIN = mm(5)
_EPS = 1e-6


@dataclass(frozen=True)
class Cell:
    """One card slot: row 0 is the top row, col 0 the left column (as the sheet is seen)."""

    index: int
    row: int
    col: int
    trim: Rect
    bleed: Rect
    clip: Rect

    def moved(self, dx: float, dy: float, limit: Rect) -> Cell:
        clip = self.clip.moved(dx, dy).intersect(limit) or Rect(self.clip.x + dx, self.clip.y + dy, 0, 0)
        return Cell(self.index, self.row, self.col, self.trim.moved(dx, dy), self.bleed.moved(dx, dy), clip)


@dataclass(frozen=True)
class Grid:
    """A centred grid of equal cells inside a region of the sheet."""

    rows: int
    cols: int
    cells: tuple[Cell, ...]

    @property
    def per_page(self) -> int:
        return len(self.cells)


def _fmt(points: float) -> str:
    return f"{round(to_mm(points), 1):g}"


def grid_in(region: Rect, limit: Rect, card_w: float, card_h: float, bleed: float, gutter: float) -> Grid:
    """Fill ``region`` (where trims may go) with a centred grid; clips never leave ``limit``."""
    cols = int(math.floor((region.w + gutter + _EPS) / (card_w + gutter)))
    rows = int(math.floor((region.h + gutter + _EPS) / (card_h + gutter)))
    if cols < 1 or rows < 1:
        return Grid(0, 0, ())
    grid_w = cols * card_w + (cols - 1) * gutter
    grid_h = rows * card_h + (rows - 1) * gutter
    x0 = region.x + (region.w - grid_w) / 2
    top = region.y + (region.h + grid_h) / 2
    inner = min(bleed, gutter / 2)
    cells: list[Cell] = []
    for row in range(rows):
        for col in range(cols):
            trim = Rect(x0 + col * (card_w + gutter), top - (row + 1) * card_h - row * gutter, card_w, card_h)
            clip = trim.outset(
                bleed if col == 0 else inner,
                bleed if row == rows - 1 else inner,
                bleed if col == cols - 1 else inner,
                bleed if row == 0 else inner,
            ).intersect(limit) or Rect(trim.x, trim.y, 0, 0)  # nothing printable: an empty clip, as Cell.moved
            cells.append(Cell(len(cells), row, col, trim, trim.outset(bleed), clip))
    return Grid(rows, cols, tuple(cells))


def impose(paper: Paper, card_w: float, card_h: float, bleed: float = DEFAULT_BLEED,
           gutter: float = 0.0, margin: float = DEFAULT_MARGIN, guides: float | None = None) -> Grid:
    """As many cards as fit on the sheet with ``guides`` of room for cut guides beside them inside
    the ``margin``, centred; LayoutError when not even one fits."""
    if card_w <= 0 or card_h <= 0:
        raise LayoutError(f"card size {_fmt(card_w)}x{_fmt(card_h)}mm must be positive")
    if bleed < 0 or gutter < 0 or margin < 0:
        raise LayoutError("bleed, gap and margin must not be negative")
    page = Rect(0, 0, paper.width, paper.height)
    guides = guide_room(bleed) if guides is None else guides
    keep = margin + guides
    region = Rect(keep, keep, paper.width - 2 * keep, paper.height - 2 * keep)
    grid = grid_in(region, page, card_w, card_h, bleed, gutter)
    if not grid.cells:
        room = f" and {_fmt(guides)}mm for cut guides" if guides else ""
        raise LayoutError(
            f"card {_fmt(card_w)}x{_fmt(card_h)}mm with {_fmt(bleed)}mm bleed does not fit on "
            f"{paper.describe()} with {_fmt(margin)}mm margins{room} (room for trims "
            f"{_fmt(max(region.w, 0))}x{_fmt(max(region.h, 0))}mm): use a larger paper or a smaller printer margin"
        )
    return grid
