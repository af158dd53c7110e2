"""Cut guides and the gap between cards, checked on the printed page: sheets built with the real
sheet renderer, rendered by poppler's pdftoppm at 300 dpi and read pixel by pixel.

- Every cut line (each column's left and right trim, each row's top and bottom, read back from the
  PDF's card placements, not from the layout code) has a guide: dark pixels on its line between
  the printer margin and the cards, with paper or a white halo beside them; and no guide pixel
  lies closer than the printer margin to the paper's edge (A4, Letter, 70x70 mm cards).
- ``gap``: the space between two cards is filled by each card's own bleed up to the gap's middle,
  on the fronts and on the mirrored backs; the SVG and DXF cut files follow the spaced trims.
- When the guides would not fit, the sheet holds fewer cards and the build says so in one line.
"""

from __future__ import annotations

import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pikepdf
import pytest
from PIL import Image
from typer.testing import CliRunner

from pdfcheck import placements

from pnpgen.cli import app
from pnpgen.layout.geometry import Rect
from pnpgen.render.build import build_game
from pnpgen.spec.model import Card, CardType, FieldDef, FieldType, Game, Size
from pnpgen.units import mm, to_mm

DPI = 300
BLEED_MM = 3.0
POKER = Size(mm(63.5), mm(88.9), "poker")
SQUARE = Size(mm(70), mm(70), "square")
MINI_US = Size(mm(41), mm(63), "41x63")
# Card colours, none light (so paper and halo tell apart from them) and none near black (so a
# guide's pixels do); the first is dark, to show that guides over a dark bleed still show.
FRONTS = [(60, 60, 115), (200, 40, 40), (40, 140, 60), (150, 60, 170), (210, 120, 20), (20, 130, 150),
          (130, 80, 40), (110, 110, 110), (180, 60, 110), (90, 150, 20), (70, 100, 200), (170, 150, 30)]
BACKS = {"hero": (30, 90, 160), "villain": (160, 70, 40)}


def colour_of(card_id: str) -> tuple[int, int, int]:
    return FRONTS[int(card_id.removeprefix("c")) % len(FRONTS)]


def solid_face(canvas, game, card, x, y, bleed):
    """The card's whole bleed box in its own colour: the gap shows whose bleed is whose."""
    size = game.card_types[card.type].size
    canvas.setFillColorRGB(*(v / 255 for v in colour_of(card.id)))
    canvas.rect(x, y, size.width + 2 * bleed, size.height + 2 * bleed, stroke=0, fill=1)


def solid_back(canvas, game, type_id, x, y, bleed):
    size = game.card_types[type_id].size
    canvas.setFillColorRGB(*(v / 255 for v in BACKS[type_id]))
    canvas.rect(x, y, size.width + 2 * bleed, size.height + 2 * bleed, stroke=0, fill=1)


def colour_game(size: Size, heroes: int, villains: int) -> Game:
    """Two card types of one size, so they share sheets and neighbouring backs differ."""
    fields = {"text": FieldDef("text", FieldType.TEXT)}
    types = {t: CardType(t, t.title(), size, fields) for t in BACKS}
    cards = [Card(f"c{i}", f"Card {i}", "hero" if i < heroes else "villain", 1, {"text": ""})
             for i in range(heroes + villains)]
    return Game("tiny", "Tiny Game", 1, 2, "", "", (), types, tuple(cards), {}, ())


def render(pdf: Path, page: int) -> Image.Image:
    """Page ``page`` (from 1) as an RGB image at ``DPI``."""
    stem = pdf.with_name(f"{pdf.stem}-p{page}")
    # Plain PPM: a third of the time of -png, which spends it compressing what is read back at once.
    subprocess.run(["pdftoppm", "-r", str(DPI), "-f", str(page), "-l", str(page), "-singlefile",
                    str(pdf), str(stem)], check=True)
    image = Image.open(f"{stem}.ppm").convert("RGB")
    Path(f"{stem}.ppm").unlink()
    return image


def trims(pdf: Path, page: int, kind: str) -> list[Rect]:
    """The trims of the faces or backs ``page`` places, from its content stream."""
    with pikepdf.open(pdf) as doc:
        found = [p for p in placements(doc.pages[page - 1]) if p.kind == kind]
    b = mm(BLEED_MM)
    return [Rect(p.x0 + b, p.y0 + b, p.x1 - p.x0 - 2 * b, p.y1 - p.y0 - 2 * b) for p in found]


def px(points: float) -> int:
    return round(points * DPI / 72)


class Page:
    """A rendered page, addressed in PDF points (y up)."""

    def __init__(self, image: Image.Image, height: float):
        self.image, self.height = image, height
        self.pix = image.load()
        # Luminance of every pixel: Pillow's "L" (ITU-R 601: 0.299 R + 0.587 G + 0.114 B, whole levels).
        self.lum = np.asarray(image.convert("L"))

    def at(self, x: float, y: float) -> tuple[int, int, int]:
        return self.pix[min(px(x), self.image.width - 1), min(px(self.height - y), self.image.height - 1)]

    def guide_pixels(self, line: float, lo: float, hi: float, vertical: bool) -> list[float]:
        """Where along the line at ``line`` (points), between ``lo`` and ``hi``, a guide shows: dark
        on the line (its pixel and one either side), paper or halo 2 px either side of it."""
        w, h = self.image.size
        steps = np.arange(px(lo), px(hi) + 1)
        if vertical:  # the line x = line, stepping down the image from y = hi
            cx, cy = np.full_like(steps, px(line)), px(self.height) - steps
        else:
            cx, cy = steps, np.full_like(steps, px(self.height - line))
        inside = (cx >= 2) & (cx < w - 2) & (cy >= 2) & (cy < h - 2)
        steps, cx, cy = steps[inside], cx[inside], cy[inside]
        if not len(steps):
            return []
        lum = self.lum
        dx, dy = (1, 0) if vertical else (0, 1)
        line_dark = np.minimum.reduce([lum[cy + d * dy, cx + d * dx] for d in (-1, 0, 1)]) < 50
        sides_light = np.minimum(lum[cy - 2 * dy, cx - 2 * dx], lum[cy + 2 * dy, cx + 2 * dx]) > 200
        return [int(s) * 72 / DPI for s in steps[line_dark & sides_light]]


def check_guides(pdf: Path, page_no: int, kind: str, margin_mm: float, note_in_margin: bool = False) -> None:
    """Guides on every cut line of the page, none inside the margin; nothing black there at all
    unless ``note_in_margin`` (the scale bar and print note move towards the edge when the
    cards' bleed leaves them no room inside it, ``layout.marks.annotation_band``)."""
    with pikepdf.open(pdf) as doc:
        box = [float(v) for v in doc.pages[page_no - 1].MediaBox]
    width, height = box[2], box[3]
    page = Page(render(pdf, page_no), height)
    cards = trims(pdf, page_no, kind)
    assert cards
    margin = mm(margin_mm)
    near = 3 * 72 / DPI  # a mark's end, antialiased, may touch the margin's last pixels
    for x in sorted({round(v, 2) for c in cards for v in (c.x, c.x1)}):
        found = page.guide_pixels(x, margin, height - margin, True)  # beside the grid or, with a gap, between cards
        assert found, f"page {page_no}: no guide on the cut line x = {to_mm(x):.2f} mm"
        for lo, hi in ((0, margin - near), (height - margin + near, height)):
            assert not page.guide_pixels(x, lo, hi, True), f"page {page_no}: guide at x = {to_mm(x):.2f} mm inside the printer margin"
    for y in sorted({round(v, 2) for c in cards for v in (c.y, c.y1)}):
        found = page.guide_pixels(y, margin, width - margin, False)
        assert found, f"page {page_no}: no guide on the cut line y = {to_mm(y):.2f} mm"
        for lo, hi in ((0, margin - near), (width - margin + near, width)):
            assert not page.guide_pixels(y, lo, hi, False), f"page {page_no}: guide at y = {to_mm(y):.2f} mm inside the printer margin"
    if note_in_margin:
        return
    # Nothing black anywhere in the margin band (bleed may run into it, a guide may not).
    w, h = page.image.size
    edge = px(margin) - 3
    band = np.zeros((h, w), dtype=bool)
    band[:edge, :] = band[h - edge:, :] = band[:, :edge] = band[:, w - edge:] = True
    ys, xs = np.nonzero(band & (page.lum < 50))
    black = list(zip(xs.tolist(), ys.tolist()))
    assert not black, f"page {page_no}: black at {black[:3]} px, inside the printer margin"


@pytest.mark.parametrize("paper,size,margin", [("a4", POKER, 5.0), ("letter", POKER, 5.0), ("a4", SQUARE, 5.0),
                                               ("letter", SQUARE, 5.0), ("letter", POKER, 6.0)])
def test_every_cut_line_has_a_guide_outside_the_printer_margin(tmp_path, paper, size, margin):
    game = colour_game(size, 5, 4)
    result = build_game(game, tmp_path, paper=paper, printer_margin_mm=margin, draw_face=solid_face,
                        draw_back=solid_back)
    pdf = tmp_path / "tiny" / f"tiny-{paper}.pdf"
    check_guides(pdf, 1, "face", margin)
    check_guides(pdf, 2, "back", margin)
    if margin == 6.0:  # Letter's 6.35 mm beside 3x3 poker cards leaves no room: fewer cards, said once
        said = [w for w in result.warnings if "cards a sheet instead of 9" in w]
        assert len(said) == 1 and "\n" not in said[0] and "gap" in said[0] and "paper" in said[0]
        assert len(trims(pdf, 1, "face")) < 9
    else:
        assert not [w for w in result.warnings if "cards a sheet instead of" in w]


def test_guides_over_a_dark_bleed_show_on_a_halo(tmp_path):
    """Letter's column guides lie over the outer bleed (no white room past 5 mm); the first card
    is dark blue, so its guide shows only because of its halo."""
    game = colour_game(POKER, 9, 0)
    build_game(game, tmp_path, paper="letter", draw_face=solid_face, draw_back=solid_back)
    pdf = tmp_path / "tiny" / "tiny-letter.pdf"
    page = Page(render(pdf, 1), 792.0)
    first = max(trims(pdf, 1, "face"), key=lambda r: (r.y1, -r.x))  # top-left: card c0
    assert page.at(first.x + 20, first.y1 + mm(1)) == pytest.approx(FRONTS[0], abs=12)  # its bleed
    assert page.guide_pixels(first.x, first.y1, 792.0 - mm(5), True)


def test_too_tight_for_guides_holds_fewer_cards_and_a_gap_wins_them_back(tmp_path):
    """41 x 63 mm cards five abreast leave 0.45 mm beside them on Letter: no guide fits there, so the
    sheet holds four columns, and says so; with a gap the row lines get guides between the
    cards, and no warning is needed for what then fits."""
    game = colour_game(MINI_US, 12, 8)
    result = build_game(game, tmp_path, paper="letter", draw_face=solid_face, draw_back=solid_back)
    said = [w for w in result.warnings if "16 cards a sheet instead of 20" in w]
    assert len(said) == 1
    pdf = tmp_path / "tiny" / "tiny-letter.pdf"
    assert len(trims(pdf, 1, "face")) == 16
    check_guides(pdf, 1, "face", 5.0)


def pairs(cards: list[Rect], gap: float):
    """Neighbours across a gap: (left, right) in rows and (upper, lower) in columns."""
    across, down = [], []
    for a in cards:
        for b in cards:
            if abs(b.x - a.x1 - gap) < 0.5 and abs(a.y - b.y) < 0.5:
                across.append((a, b))
            if abs(a.y - b.y1 - gap) < 0.5 and abs(a.x - b.x) < 0.5:
                down.append((a, b))
    return across, down


def check_gap_colours(page: Page, cards: list[tuple[Rect, tuple]], gap: float) -> int:
    """Each side of every gap, up to 0.3 mm from its middle, in its own card's colour."""
    colour = {r.box(): c for r, c in cards}
    across, down = pairs([r for r, _ in cards], gap)
    assert across and down
    inner = gap / 2 - mm(0.3)
    steps = [mm(0.2) + i * (inner - mm(0.2)) / 4 for i in range(5)]
    for a, b in across:
        for y in (a.y + a.h * f for f in (0.25, 0.5, 0.75)):
            for d in steps:
                assert page.at(a.x1 + d, y) == pytest.approx(colour[a.box()], abs=12)
                assert page.at(b.x - d, y) == pytest.approx(colour[b.box()], abs=12)
    for a, b in down:
        for x in (a.x + a.w * f for f in (0.25, 0.5, 0.75)):
            for d in steps:
                assert page.at(x, a.y - d) == pytest.approx(colour[a.box()], abs=12)
                assert page.at(x, b.y1 + d) == pytest.approx(colour[b.box()], abs=12)
    return len(across) + len(down)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_gap_is_filled_by_each_cards_own_bleed_front_and_back(tmp_path, paper):
    gap = mm(4)
    game = colour_game(POKER, 3, 3)
    build_game(game, tmp_path, paper=paper, gap_mm=4, draw_face=solid_face, draw_back=solid_back)
    pdf = tmp_path / "tiny" / f"tiny-{paper}.pdf"
    with pikepdf.open(pdf) as doc:
        width, height = (float(v) for v in doc.pages[0].MediaBox[2:])
        fronts = [p for p in placements(doc.pages[0]) if p.kind == "face"]
        backs = [p for p in placements(doc.pages[1]) if p.kind == "back"]
    b = mm(BLEED_MM)
    front = [(Rect(p.x0 + b, p.y0 + b, p.x1 - p.x0 - 2 * b, p.y1 - p.y0 - 2 * b), colour_of(p.card)) for p in fronts]
    back = [(Rect(p.x0 + b, p.y0 + b, p.x1 - p.x0 - 2 * b, p.y1 - p.y0 - 2 * b), BACKS[p.card_type]) for p in backs]
    assert check_gap_colours(Page(render(pdf, 1), height), front, gap) >= 2
    assert check_gap_colours(Page(render(pdf, 2), height), back, gap) >= 2
    # Long-edge duplex: slot by slot, each back is its front mirrored across the sheet's middle.
    assert len(front) == len(back) == 6
    for (f, _), (k, _) in zip(front, back):
        assert to_mm(k.x) == pytest.approx(to_mm(width - f.x1), abs=0.01) and to_mm(k.y) == pytest.approx(to_mm(f.y), abs=0.01)
    assert {c for _, c in back} == set(BACKS.values())  # neighbouring backs differ: whose bleed is whose shows
    check_guides(pdf, 1, "face", 5.0, note_in_margin=True)  # the guides between the cards too


def test_gap_zero_is_the_default_layout(tmp_path):
    game = colour_game(POKER, 5, 4)
    build_game(game, tmp_path / "a", draw_face=solid_face, draw_back=solid_back)
    build_game(game, tmp_path / "b", gap_mm=0, printer_margin_mm=5, draw_face=solid_face, draw_back=solid_back)
    assert (tmp_path / "a/tiny/tiny-a4.pdf").read_bytes() == (tmp_path / "b/tiny/tiny-a4.pdf").read_bytes()


def svg_rects(path: Path) -> list[Rect]:
    """The SVG's cut rectangles in mm, y down as the file has them."""
    root = ET.parse(path).getroot()
    return [Rect(*(float(r.get(k)) for k in ("x", "y", "width", "height")))
            for r in root.findall(".//{http://www.w3.org/2000/svg}rect")]


def spacings(rects: list[Rect]) -> set[float]:
    """Distances between each outline and its nearest neighbour to the right and below, in mm."""
    out = set()
    for a in rects:
        right = [b.x - a.x1 for b in rects if b.x > a.x1 - 1e-6 and abs(b.y - a.y) < 0.01]
        below = [b.y - a.y1 for b in rects if b.y > a.y1 - 1e-6 and abs(b.x - a.x) < 0.01]
        out |= {round(min(right), 3)} if right else set()
        out |= {round(min(below), 3)} if below else set()
    return out


@pytest.mark.parametrize("machine", ["svg", "silhouette"])
def test_cut_files_follow_the_gap(tmp_path, machine):
    game = colour_game(POKER, 4, 4)
    build_game(game, tmp_path, paper="letter", cut=machine, gap_mm=4, draw_face=solid_face, draw_back=solid_back)
    stem = f"tiny-cut-{machine}-letter"
    rects = svg_rects(tmp_path / "tiny" / "cut" / f"{stem}-sheet1.svg")
    assert len(rects) >= 4 and spacings(rects) == {4.0}
    pdf = tmp_path / "tiny" / f"{stem}.pdf"
    with pikepdf.open(pdf) as doc:
        height = float(doc.pages[0].MediaBox[3])
    placed = trims(pdf, 1, "face")
    assert sorted((round(r.x, 3), round(r.y, 3)) for r in rects) == sorted(
        (round(to_mm(t.x), 3), round(to_mm(height - t.y1), 3)) for t in placed)  # the PDF's trims, to 0.001 mm
    if machine == "silhouette":
        import ezdxf  # here, not at the top: each test process collects this module (~0.3 s)

        doc = ezdxf.readfile(tmp_path / "tiny" / "cut" / f"{stem}-sheet1.dxf")
        boxes = []
        for p in (e for e in doc.modelspace() if e.dxftype() == "POLYLINE"):
            xs, ys = zip(*((v.dxf.location.x, v.dxf.location.y) for v in p.vertices))
            boxes.append(Rect(min(xs), -max(ys), max(xs) - min(xs), max(ys) - min(ys)))  # y down, like the SVG
        assert len(boxes) == len(rects) and spacings(boxes) == {4.0}


def test_build_options_are_checked(tmp_path):
    runner = CliRunner()
    for args, option in ((["--gap", "-1"], "--gap"), (["--printer-margin", "nan"], "--printer-margin"),
                         (["--printer-margin", "80"], "--printer-margin")):
        res = runner.invoke(app, ["build", "nosuchgame", "--out", str(tmp_path), *args])
        assert res.exit_code == 2, res.output
        assert option in res.output and len(res.output.strip().splitlines()) == 1
