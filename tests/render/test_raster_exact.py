"""Card PNGs are drawn at their own pixel size, not drawn a pixel too wide and resampled.

The Game Crafter's poker card with bleed is 198 x 270 pt, 825 x 1125 px at 300 dpi. pdfium was
asked for 825/198 pixels a point, which float error makes 825.0000000000001 px, so the page was
drawn 826 px wide and squeezed back to 825 with a Lanczos filter: every edge came out soft and
every letter ringed. The Cricut Print Then Cut image, a part of a sheet, was cropped to whole
pixels and resampled the same way. These tests draw edges that lie on the 300-dpi pixel grid and
read the pixels on both sides of them.
"""

from __future__ import annotations

import io

from PIL import Image
from reportlab.pdfgen import canvas as rl_canvas

from pnpgen.layout.geometry import Rect
from pnpgen.render.raster import PROFILES, rasterise, render_area, write_card_pngs
from pnpgen.spec import load_game
from pnpgen.units import PT_PER_IN

DPI = 300


def _pt(px: float) -> float:
    return px * PT_PER_IN / DPI


def _page_pdf(width: float, height: float, rects: list[tuple[float, float, float, float]]) -> bytes:
    """A white page of width x height points with black rectangles (x, y, w, h in points)."""
    buf = io.BytesIO()
    c = rl_canvas.Canvas(buf, pagesize=(width, height), invariant=1)
    for x, y, w, h in rects:
        c.rect(x, y, w, h, stroke=0, fill=1)
    c.showPage()
    c.save()
    return buf.getvalue()


def test_the_gamecrafter_page_is_drawn_at_825_px_with_hard_edges():
    """A 100-px black bar on the grid stays 100 black columns between white ones: no grey
    column and no ringing beside it, as there is when a 826-px drawing is resampled."""
    pdf = _page_pdf(198.0, 270.0, [(_pt(a), 0, _pt(b - a), 270.0) for a, b in ((100, 200), (700, 701))])
    (image,) = rasterise(pdf, 825, 1125)
    assert image.size == (825, 1125) and image.mode == "RGB"
    row = [image.getpixel((x, 500)) for x in range(825)]
    black = {x for x, p in enumerate(row) if p == (0, 0, 0)}
    white = {x for x, p in enumerate(row) if p == (255, 255, 255)}
    assert black == set(range(100, 200)) | {700}
    assert white == set(range(825)) - black  # every other column pure white: nothing in between


def test_a_card_whose_sides_are_not_whole_pixels_is_stretched_by_pdfium_not_resampled():
    """63 x 88 mm with 1/8 in of bleed is 819 x 1114.24 px at 300 dpi: the image is the rounded
    819 x 1114, and a bar on the grid near the top still has pure black and white rows."""
    w, h = 63 / 25.4 * PT_PER_IN + 18, 88 / 25.4 * PT_PER_IN + 18
    (image,) = rasterise(_page_pdf(w, h, [(0, h - _pt(40), w, _pt(20))]), 819, 1114)  # rows 20 to 39 from the top
    assert image.size == (819, 1114)
    column = [image.getpixel((400, y)) for y in range(10, 50)]
    assert column == [(255, 255, 255)] * 10 + [(0, 0, 0)] * 20 + [(255, 255, 255)] * 10


def test_a_print_then_cut_area_is_drawn_at_its_place_to_the_pixel():
    """The Cricut image is a part of the sheet starting at a fraction of a pixel (x 54.6 pt, y
    87.9 pt on A4). Bars laid on that area's own 300-dpi grid come out at their place, every pixel
    across them pure black or pure white: nothing resampled (a resampled image has grey edges and
    a faint ring beside them). reportlab writes coordinates to four decimals, so an edge lies a
    hair off the grid, and pdfium snaps a filled rectangle's edges to whole pixels: which side of
    the hair an edge is snapped to differs between pdfium builds, so each edge may move a pixel."""
    area = Rect(54.63779527559058, 87.94488188976385, 486.0, 666.0)  # A4 poker sheet's Cricut area
    pdf = _page_pdf(595.2755905511812, 841.8897637795277, [
        (area.x + _pt(100), area.y, _pt(30), area.h),     # columns 100 to 129
        (area.x, area.y1 - _pt(230), area.w, _pt(30)),    # rows 200 to 229 from the top
    ])
    image = render_area(pdf, 0, area, DPI)
    assert image.size == (2025, 2775)
    across = {100: [image.getpixel((x, 1000))[0] for x in range(400)],    # a row through the upright bar
              200: [image.getpixel((1000, y))[0] for y in range(400)]}    # a column through the flat one
    for start, line in across.items():
        assert set(line) == {0, 255}
        black = [i for i, v in enumerate(line) if v == 0]
        assert abs(black[0] - start) <= 1 and abs(black[-1] - (start + 29)) <= 1
        assert black == list(range(black[0], black[-1] + 1))


def test_written_card_pngs_have_hard_edges(tmp_path):
    """Through the whole export (``--png gamecrafter``): a card of the xenoshyft troop type drawn
    by a stand-in face with one grid-aligned bar; its PNG has pure black and pure white columns."""
    game = load_game("xenoshyft")
    card = next(c for c in game.cards if c.type == "troop")
    profile = PROFILES["gamecrafter"]

    def face(canvas, game, card, x, y, bleed):
        canvas.setFillColorRGB(1, 1, 1)
        canvas.rect(x, y, 198, 270, stroke=0, fill=1)
        canvas.setFillColorRGB(0, 0, 0)
        canvas.rect(x + _pt(300), y, _pt(50), 270, stroke=0, fill=1)
        return []

    def back(canvas, game, type_id, x, y, bleed, variant=None):
        return []

    paths, _ = write_card_pngs(game, "troop", [card], tmp_path, profile, draw_face=face, draw_back=back)
    with Image.open(paths[0]) as im:
        assert im.size == (825, 1125)
        row = [im.getpixel((x, 400)) for x in range(290, 360)]
    assert row == [(255, 255, 255)] * 10 + [(0, 0, 0)] * 50 + [(255, 255, 255)] * 10


def test_a_pdfx1a_flattening_region_is_drawn_at_its_size_not_resampled():
    """A PDF/X-1a region 1338 x 592 px at 600 dpi is 160.56 x 71.04 pt, which float error makes
    592.0000000000001 px tall (as for 122 of the 331 regions the bundled games flatten): a bar
    on its pixel grid stays pure black ink rows between bare paper ones."""
    from pnpgen.render.colour import CmykConverter
    from pnpgen.render.rasterflat import Region, render_cmyk

    region = Region(x0=3.0, y0=5.0, px_w=1338, px_h=592, dpi=600.0)
    assert region.h * region.dpi / 72 != 592  # the float error this test is about

    def draw(canvas):
        canvas.setFillColorRGB(0, 0, 0)
        canvas.rect(region.x0, region.y0 + region.h - 300 * 72 / 600, region.w, 100 * 72 / 600, stroke=0, fill=1)

    image = render_cmyk(region, draw, CmykConverter())
    assert image.size == (1338, 592)
    column = [image.getpixel((600, y)) for y in range(592)]
    assert set(column) == {(0, 0, 0, 0), (0, 0, 0, 255)}
    black = [y for y, v in enumerate(column) if v[3] == 255]
    assert abs(black[0] - 200) <= 1 and abs(black[-1] - 299) <= 1 and black == list(range(black[0], black[-1] + 1))
