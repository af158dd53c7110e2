"""Card PNGs are drawn at their own pixel size, not drawn a pixel too wide and resampled.

The Game Crafter's poker card with bleed is 198 x 270 pt, 825 x 1125 px at 300 dpi. pdfium was
asked for 825/198 pixels a point, which float error makes 825.0000000000001 px, so the page was
drawn 826 px wide and squeezed back to 825 with a Lanczos filter: every edge came out soft and
every letter ringed. These tests draw edges that lie exactly on the 300-dpi pixel grid and read
the pixels on both sides of them.
"""

from __future__ import annotations

from reportlab.pdfgen import canvas as rl_canvas

from pnpgen.render.raster import PROFILES, exact_scale, rasterise, write_card_pngs
from pnpgen.units import PT_PER_IN

DPI = 300


def _pt(px: float) -> float:
    return px * PT_PER_IN / DPI


def _bars_pdf(width_pt: float, height_pt: float, bars_px: list[tuple[int, int]]) -> bytes:
    """A white page with full-height black bars from column a to column b (pixels at 300 dpi)."""
    import io

    buf = io.BytesIO()
    c = rl_canvas.Canvas(buf, pagesize=(width_pt, height_pt), invariant=1)
    c.setFillColorRGB(0, 0, 0)
    for a, b in bars_px:
        c.rect(_pt(a), 0, _pt(b - a), height_pt, stroke=0, fill=1)
    c.showPage()
    c.save()
    return buf.getvalue()


def test_the_gamecrafter_page_is_drawn_at_825_px_with_hard_edges():
    """A 100-px black bar on the grid stays 100 black columns between white ones: no grey
    column and no ringing beside it, as there is when a 826-px drawing is resampled."""
    pdf = _bars_pdf(198.0, 270.0, [(100, 200), (700, 701)])
    (image,) = rasterise(pdf, 825, 1125)
    assert image.size == (825, 1125) and image.mode == "RGB"
    row = [image.getpixel((x, 500)) for x in range(825)]
    black = {x for x, p in enumerate(row) if p == (0, 0, 0)}
    white = {x for x, p in enumerate(row) if p == (255, 255, 255)}
    assert black == set(range(100, 200)) | {700}
    assert white == set(range(825)) - black  # every other column pure white: nothing in between


def test_scale_gives_the_exact_bitmap_for_each_shop_size():
    """pypdfium2's bitmap is the ceiling of size x scale: the chosen scale must land on the
    shop's pixel size for poker (both shops), and for a mini card whose side is not a whole
    number of pixels it must at least land on the pixel size the rounding asks for."""
    import math

    for bleed in (p.bleed for p in PROFILES.values()):
        for w_in, h_in in ((2.5, 3.5), (1.75, 2.5), (2.25, 3.5), (63 / 25.4, 88 / 25.4)):
            w, h = w_in * PT_PER_IN + 2 * bleed, h_in * PT_PER_IN + 2 * bleed
            px_w, px_h = round(w / PT_PER_IN * DPI), round(h / PT_PER_IN * DPI)
            s = exact_scale(w, h, px_w, px_h)
            assert (math.ceil(w * s), math.ceil(h * s)) == (px_w, px_h), (w_in, h_in, bleed)


def test_written_card_pngs_have_hard_edges(tmp_path):
    """Through the whole export (``--png gamecrafter``): a card of the xenoshyft troop type drawn
    by a stand-in face with one grid-aligned bar; its PNG has pure black and pure white columns."""
    from pnpgen.spec import load_game

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
    from PIL import Image

    with Image.open(paths[0]) as im:
        assert im.size == (825, 1125)
        row = [im.getpixel((x, 400)) for x in range(290, 360)]
    assert row == [(255, 255, 255)] * 10 + [(0, 0, 0)] * 50 + [(255, 255, 255)] * 10
