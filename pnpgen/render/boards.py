"""Boards tiled over pages: each page shows its part of the board, a glue strip where the next
tile is laid over it, alignment crosses on both tiles of every seam, and its tile label (A1,
A2, ... B1: rows from the top, columns from the left) with a small map of the tiles.

The spec gives a board's name and size, not its art, so the board drawn is a placeholder: the
outline (the cut line), a 5 cm grid that helps line tiles up, and the name and size.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from pnpgen.layout.geometry import Rect
from pnpgen.layout.marks import Band
from pnpgen.layout.tiling import Tile, Tiling
from pnpgen.render import fonts, pdfdoc
from pnpgen.render.pagemarks import draw_band
from pnpgen.spec.model import Component
from pnpgen.units import mm, to_mm

GRID = mm(50)
CROSS = mm(4)


def draw_board(canvas: Canvas, component: Component, tiling: Tiling, label: str) -> int:
    size = (tiling.paper.width, tiling.paper.height)
    for tile in tiling.tiles:
        pdfdoc.set_page(canvas, size, tile.place, tile.place)
        canvas.saveState()
        clip = canvas.beginPath()
        clip.rect(tile.place.x, tile.place.y, tile.place.w, tile.place.h)
        canvas.clipPath(clip, stroke=0, fill=0)
        canvas.translate(tile.place.x - tile.region.x, tile.place.y - tile.region.y)
        _board_art(canvas, component, tiling.board_w, tiling.board_h)
        _glue(canvas, tile, tiling, component)
        for x, y in tile.crosses:
            _cross(canvas, x, y)
        canvas.restoreState()
        _tile_outline(canvas, tile)
        map_w = _tile_map(canvas, tiling, tile)
        band = Band(Rect(tile.place.x + map_w + mm(3), tile.place.y - mm(8), tile.place.w - map_w - mm(3), mm(3.5)), False)
        text = (f"{label} · tile {tile.label} (row {tile.label[0]} of {tiling.rows}, column {tile.col + 1} of "
                f"{tiling.cols}) · glue grey strips under the next tile, crosses on crosses")
        draw_band(canvas, band, text)
        canvas.showPage()
    return len(tiling.tiles)


def _board_art(canvas: Canvas, component: Component, w: float, h: float) -> None:
    canvas.setFillColorRGB(0.97, 0.96, 0.93)
    canvas.rect(0, 0, w, h, stroke=0, fill=1)
    canvas.setStrokeGray(0.82)
    canvas.setLineWidth(0.4)
    xs = [i * GRID for i in range(1, int(w // GRID) + 1) if i * GRID < w]
    ys = [i * GRID for i in range(1, int(h // GRID) + 1) if i * GRID < h]
    canvas.lines([(x, 0, x, h) for x in xs] + [(0, y, w, y) for y in ys])
    canvas.setStrokeGray(0)
    canvas.setLineWidth(1)
    canvas.rect(0, 0, w, h, stroke=1, fill=0)
    size = max(12.0, min(h / 8, w / max(8, len(component.name) * 0.6)))
    canvas.setFillGray(0.35)
    canvas.setFont(fonts.TITLE_FONT, size)
    canvas.drawCentredString(w / 2, h / 2, component.name)
    canvas.setFont(fonts.BODY_FONT, size * 0.4)
    canvas.drawCentredString(w / 2, h / 2 - size * 0.8, f"{to_mm(w) / 10:g} × {to_mm(h) / 10:g} cm")


def _glue(canvas: Canvas, tile: Tile, tiling: Tiling, component: Component) -> None:
    """Hatch the strips the neighbouring tile covers, and name that tile in them."""
    standard = getattr(canvas, "_pnp_standard", None)
    canvas.saveState()
    for strip in tile.glue:
        if standard is not None and not standard.transparency:
            # PDF/X-1a: the see-through strip over the board's grid and name, as a CMYK image.
            from pnpgen.render import rasterflat

            region = rasterflat.region_over(strip.x, strip.y, strip.x + strip.w, strip.y + strip.h,
                                              rasterflat.resolution())

            def draw(c, strip=strip):
                _board_art(c, component, tiling.board_w, tiling.board_h)
                _glue_strip(c, strip)

            key = ("board glue", component.name, tiling.board_w, tiling.board_h, strip)
            rasterflat.draw_area(canvas, region, key, draw)
        else:
            _glue_strip(canvas, strip)
        canvas.setFillGray(0.25)
        canvas.setFont(fonts.BODY_FONT, 6)
        if strip.h > strip.w:  # a seam to the right: text runs up the strip
            canvas.saveState()
            canvas.translate(strip.x + strip.w / 2 + 2, strip.y + strip.h / 2)
            canvas.rotate(90)
            canvas.drawCentredString(0, 0, f"GLUE — {_neighbour(tile, 0, 1)} goes on top")
            canvas.restoreState()
        else:
            canvas.drawCentredString(strip.x + strip.w / 2, strip.y + strip.h / 2 - 2,
                                     f"GLUE — {_neighbour(tile, 1, 0)} goes on top")
    canvas.restoreState()


def _glue_strip(canvas: Canvas, strip: Rect) -> None:
    canvas.setFillColorRGB(0.75, 0.75, 0.75, alpha=0.45)
    canvas.rect(strip.x, strip.y, strip.w, strip.h, stroke=0, fill=1)


def _neighbour(tile: Tile, dr: int, dc: int) -> str:
    from pnpgen.layout.tiling import tile_label

    return tile_label(tile.row + dr, tile.col + dc)


def _cross(canvas: Canvas, x: float, y: float) -> None:
    canvas.setStrokeGray(0)
    canvas.setLineWidth(0.4)
    canvas.lines([(x - CROSS / 2, y, x + CROSS / 2, y), (x, y - CROSS / 2, x, y + CROSS / 2)])
    canvas.circle(x, y, CROSS / 4, stroke=1, fill=0)


def _tile_outline(canvas: Canvas, tile: Tile) -> None:
    p = tile.place
    canvas.setStrokeGray(0.5)
    canvas.setLineWidth(0.3)
    canvas.rect(p.x, p.y, p.w, p.h, stroke=1, fill=0)


def _tile_map(canvas: Canvas, tiling: Tiling, tile: Tile) -> float:
    """A thumbnail of all tiles under the page's board area, this one filled in; its width."""
    cell = min(mm(2.2), mm(7) / tiling.rows)
    x0 = tile.place.x
    y0 = tile.place.y - mm(8) + mm(3.5) / 2 + tiling.rows * cell / 2
    canvas.setLineWidth(0.25)
    canvas.setStrokeGray(0.3)
    for r in range(tiling.rows):
        for c in range(tiling.cols):
            canvas.setFillGray(0.2 if (r, c) == (tile.row, tile.col) else 1)
            canvas.rect(x0 + c * cell, y0 - (r + 1) * cell, cell, cell, stroke=1, fill=1)
    return tiling.cols * cell
