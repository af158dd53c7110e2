"""Boards larger than a sheet, tiled over pages with a glue overlap.

Board coordinates are points with the origin at the board's bottom-left. Tile rows are counted
from the top (row A) and columns from the left (1), so 'B3' is the second row, third column.
Each seam is an ``overlap``-wide strip printed on both neighbours: the tile left of (or above)
the seam carries it as its glue strip, the other tile is laid on top of it, lining up the
alignment crosses printed on both.
"""

from __future__ import annotations

import math
import string
from dataclasses import dataclass

from pnpgen.layout.geometry import LayoutError, Rect
from pnpgen.layout.paper import Paper
from pnpgen.units import mm, to_mm

DEFAULT_OVERLAP = mm(12)
BOARD_MARGIN = mm(10)


@dataclass(frozen=True)
class Tile:
    row: int
    col: int
    label: str
    region: Rect                      # the part of the board this page shows
    place: Rect                       # where that part is drawn on the page
    glue: tuple[Rect, ...]            # board-coordinate strips another tile covers
    crosses: tuple[tuple[float, float], ...]  # board-coordinate alignment crosses inside region

    def to_page(self, x: float, y: float) -> tuple[float, float]:
        return (x - self.region.x + self.place.x, y - self.region.y + self.place.y)


@dataclass(frozen=True)
class Tiling:
    paper: Paper
    rows: int
    cols: int
    board_w: float
    board_h: float
    tiles: tuple[Tile, ...]


def tile_label(row: int, col: int) -> str:
    letters = string.ascii_uppercase
    name = letters[row % 26] * (row // 26 + 1)
    return f"{name}{col + 1}"


def _count(length: float, usable: float, overlap: float) -> int:
    if length <= usable + 1e-6:
        return 1
    return int(math.ceil((length - overlap) / (usable - overlap) - 1e-9))


def _starts(usable: float, overlap: float, n: int) -> list[float]:
    """Tile origins: each seam overlaps by exactly ``overlap``; the last tile may be partly empty."""
    return [i * (usable - overlap) for i in range(n)]


def tile_board(paper: Paper, board_w: float, board_h: float, overlap: float = DEFAULT_OVERLAP,
               margin: float = BOARD_MARGIN) -> Tiling:
    """Tile a board over as few sheets as possible (portrait or landscape)."""
    if board_w <= 0 or board_h <= 0:
        raise LayoutError("board size must be positive")
    best = None
    for sheet in (paper.portrait(), paper.portrait().rotated()):
        uw, uh = sheet.width - 2 * margin, sheet.height - 2 * margin
        if uw <= overlap * 2 or uh <= overlap * 2:
            continue
        cols, rows = _count(board_w, uw, overlap), _count(board_h, uh, overlap)
        if best is None or rows * cols < best[1] * best[2]:
            best = (sheet, rows, cols)
    if best is None:
        raise LayoutError(f"{paper.describe()} with {to_mm(margin):g}mm margins is too small for a "
                          f"{to_mm(overlap):g}mm glue overlap")
    sheet, rows, cols = best
    uw, uh = sheet.width - 2 * margin, sheet.height - 2 * margin
    xs = _starts(uw, overlap, cols)
    tops = _starts(uh, overlap, rows)  # measured down from the board's top edge
    tiles = []
    for r in range(rows):
        for c in range(cols):
            w, h = min(uw, board_w - xs[c]), min(uh, board_h - tops[r])
            region = Rect(xs[c], board_h - tops[r] - h, w, h)
            # A one-page board sits centred; tiles sit at the top-left of the margin so that
            # partly empty last tiles still line up with their neighbours.
            px = margin if cols > 1 else (sheet.width - w) / 2
            py = sheet.height - margin - h if rows > 1 else (sheet.height - h) / 2
            glue = []
            if c + 1 < cols:
                glue.append(Rect(xs[c + 1], region.y, overlap, h))
            if r + 1 < rows:
                glue.append(Rect(region.x, region.y, w, overlap))
            inside = tuple(p for p in _crosses(region, overlap, c + 1 < cols, r + 1 < rows, c > 0, r > 0))
            tiles.append(Tile(r, c, tile_label(r, c), region, Rect(px, py, w, h), tuple(glue), inside))
    return Tiling(sheet, rows, cols, board_w, board_h, tuple(tiles))


def _crosses(region: Rect, overlap: float, right: bool, below: bool, left: bool, above: bool):
    """Two crosses in the middle of each seam strip this tile shares, a quarter in from each end.
    Neighbours compute the same board points, so the crosses coincide when the tiles are laid."""
    out = []
    ys = (region.y + region.h * 0.25, region.y + region.h * 0.75)
    xs = (region.x + region.w * 0.25, region.x + region.w * 0.75)
    if right:
        out += [(region.x1 - overlap / 2, y) for y in ys]
    if left:
        out += [(region.x + overlap / 2, y) for y in ys]
    if below:
        out += [(x, region.y + overlap / 2) for x in xs]
    if above:
        out += [(x, region.y1 - overlap / 2) for x in xs]
    return [(round(x, 3), round(y, 3)) for x, y in out]  # neighbours must compute equal points
