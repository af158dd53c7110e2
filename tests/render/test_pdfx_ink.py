"""Black is black ink, and X-4 and X-1a separate alike (issue #27, points 1 and 5), read back from the
files with tools independent of pnpgen's renderer: pikepdf operator walks (``tests/render/inkcheck.py``)
and Ghostscript CMYK separations (``gs -sDEVICE=tiff32nc``).

Targets: no text run under 12 pt in four-colour black (all four inks, and black to the eye: L* ≤ 35,
C*ab ≤ 12 seen through the shipped profile; ``inkcheck.looks_black``) in the CMYK outputs of the bundled games; total ink ≤ 300 %; every X-4 page or form holding transparency is a
group blending in DeviceCMYK; the same page as X-4 and as X-1a differs by more than 10 % ink on
less than 2 % of its area.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pikepdf
import pytest

from facekit import some_of_each_type
from inkcheck import ink_differs, marks, max_total_ink, separation
from pnpgen.render import pdfdoc, pdfx
from pnpgen.render.build import build_game
from pnpgen.render.colour import CmykConverter
from pnpgen.render.face_draw import draw_shape, draw_text
from pnpgen.render.flatten import flatten
from pnpgen.render.textfit import fit_text
from pnpgen.spec import load_game
from pnpgen.template.colour import ColourError, InkColour, parse_hex, to_hex
from pnpgen.template.model import Style, Where
from pnpgen.template.resolve import ShapeOp, TextOp

INK = (0x16 / 255, 0x19 / 255, 0x1D / 255, 1.0)  # the template colour the issue measured: #16191d
LIMIT = 300.0
# X-4 against X-1a: the raster flattener's regions are 600-dpi images where X-4 has vectors, so
# edges land differently; compared at 100 dpi from 300-dpi separations (``inkcheck.separation``).
SEPARATION_AREA_LIMIT = 2.0


def _pdfs(result) -> list[Path]:
    pdfs = [p for p in result.files if p.suffix == ".pdf"]
    assert pdfs, "the build wrote no PDF"
    return pdfs


@pytest.fixture(scope="module")
def games():
    return {name: load_game(name) for name in ("xenoshyft", "zombicide-invader", "examples/tidepool")}


@pytest.fixture(scope="module")
def builds(games, tmp_path_factory):
    """PDF/X-4 of xenoshyft and zombicide, three cards of each type (every front and back template,
    each drawn with several cards' texts: ink is chosen by the templates' colours and the use of
    each mark, not by the words); tidepool's first sheet as PDF/X-4 and as PDF/X-1a (the page
    compared below; raster flattening makes X-1a the costly build); DriveThruCards (X-1a:2003) of
    one xenoshyft troop. (That troop as X-1a against X-4, separated, is
    ``test_pdfx.test_raster_flattened_face_looks_like_the_transparent_one``, total ink included.)"""
    out = {}
    for name in ("xenoshyft", "zombicide-invader"):
        out[(name, "4")] = build_game(some_of_each_type(games[name], 3), tmp_path_factory.mktemp("x4"), pdfx="4")
    tidepool = games["examples/tidepool"]
    # Sheet 1 is PDF pages 1-2, the same pages as in the whole card PDF (pnpgen.selection).
    for standard in ("4", "1a"):
        out[("examples/tidepool", standard)] = build_game(tidepool, tmp_path_factory.mktemp("x" + standard),
                                                          pdfx=standard, pages="1")
    xeno = games["xenoshyft"]
    troop = replace(xeno, cards=tuple(xeno.cards_of("troop")[:1]))
    out[("troop", "dtc")] = build_game(troop, tmp_path_factory.mktemp("dtc"), shop="drivethrucards")
    return out


@pytest.fixture(scope="module")
def walked(builds):
    """(text runs, strokes) of every PDF of the builds, each file walked once for both tests below."""
    return {(key, path.name): marks(path) for key, result in builds.items() for path in _pdfs(result)}


def test_no_small_text_is_four_colour_black_in_any_cmyk_output(walked):
    """Every text run under 12 pt (size on the page, through every transform) in every CMYK PDF of
    the bundled games is printed without four-colour black; near-black "ink" text is K only."""
    checked = k_only = 0
    for (key, name), (text, _) in walked.items():
        small = [m for m in text if m.size < 12]
        bad = [m for m in small if m.four_colour_black]
        assert bad == [], (key, name, bad[:3])
        checked += len(small)
        k_only += sum(1 for m in small if m.space == "cmyk" and m.values[:3] == (0.0, 0.0, 0.0) and m.values[3] >= 0.5)
    assert checked > 1000 and k_only > 500, (checked, k_only)  # the walk really saw the rules text


def test_thin_strokes_outside_pictures_are_not_four_colour_black(walked):
    """Frames, rules and outlines (≤ 2 pt) drawn by templates are black ink only when near-black.
    (Line art inside an SVG picture is judged at the picture's own scale: see docs/print-shops.md.)"""
    seen = 0
    for (key, name), (_, strokes) in walked.items():
        thin = [m for m in strokes if m.size <= 2.0 and not m.picture]
        bad = [m for m in thin if m.four_colour_black]
        assert bad == [], (key, name, bad[:3])
        seen += len(thin)
    assert seen > 100


def _see_through(obj, resources) -> bool:
    """Whether a page or form's own content uses an opacity below 1 or a soft-masked picture."""
    if resources is None:
        return False
    used = {str(operands[0]) for operands, op in pikepdf.parse_content_stream(obj) if str(op) in ("gs", "Do")}
    for name in used:
        gs = resources.get("/ExtGState", {}).get(name)
        if gs is not None and (float(gs.get("/ca", 1)) < 1 or float(gs.get("/CA", 1)) < 1):
            return True
        x = resources.get("/XObject", {}).get(name)
        if x is not None and "/SMask" in x:
            return True
    return False


def test_x4_pages_and_forms_with_transparency_blend_in_cmyk(builds):
    groups = transparent = 0
    path = _pdfs(builds[("examples/tidepool", "4")])[0]
    with pikepdf.open(path) as pdf:
        forms = [o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Form"]
        for form in forms:
            if _see_through(form, form.get("/Resources")):
                transparent += 1
                assert form.get("/Group") is not None, form.objgen
            if form.get("/Group") is not None:
                groups += 1
                assert form.Group.S == "/Transparency" and form.Group.CS == "/DeviceCMYK"
        pages = [p for p in pdf.pages if p.obj.get("/Group") is not None]
        assert pages and all(p.obj.Group.CS == "/DeviceCMYK" for p in pages)
    assert transparent >= 4 and groups >= transparent  # the first sheet holds 4 see-through forms


def test_x1a_has_no_groups_and_rgb_builds_none(builds):
    for key in (("examples/tidepool", "1a"), ("troop", "dtc")):
        with pikepdf.open(_pdfs(builds[key])[0]) as pdf:
            assert not any(isinstance(o, pikepdf.Dictionary) and "/Group" in o for o in pdf.objects)


def test_x4_and_x1a_separate_alike(builds):
    """A whole sheet of tidepool creatures (panels over photos, PNG corners) as X-4 and as X-1a.
    Its second sheet is the same template over other cards; the xenoshyft troop (see-through strokes
    over gradients, hexagons on the back) and tidepool's tide and pool faces are compared in
    ``test_pdfx``."""
    a = _pdfs(builds[("examples/tidepool", "4")])[0]
    b = _pdfs(builds[("examples/tidepool", "1a")])[0]
    plates_a, plates_b = separation(a, 1, oversample=3), separation(b, 1, oversample=3)
    area = ink_differs(plates_a, plates_b, 10.0)
    assert area < SEPARATION_AREA_LIMIT, (a.name, area)
    assert max_total_ink(plates_a) <= LIMIT + 1 and max_total_ink(plates_b) <= LIMIT + 1


def test_total_ink_within_the_limit_on_every_game(builds):
    for name in ("xenoshyft", "zombicide-invader"):
        path = _pdfs(builds[(name, "4")])[0]
        for page in (1, 2):
            assert max_total_ink(separation(path, page, dpi=50)) <= LIMIT + 1, (path.name, page)


# -- the rules, on a press canvas drawn by the real face renderer -----------------------------------
def _press_page(draw, standard="4") -> list[tuple[str, tuple]]:
    """(operator, operands) of every colour operator on a one-page PDF/X canvas drawn by ``draw``,
    and the notes the canvas made."""
    canvas = pdfdoc.new_canvas((200, 200), "ink test", standard=pdfx.PdfX(standard))
    draw(canvas)
    canvas.showPage()
    data = pdfdoc.pdf_bytes(canvas)
    import io

    with pikepdf.open(io.BytesIO(data)) as pdf:
        ops = [(str(op), tuple(float(v) for v in operands)) for operands, op in pikepdf.parse_content_stream(pdf.pages[0])
               if str(op) in ("k", "K", "rg", "RG", "g", "G")]
    return ops, pdfx.notes(canvas)


def _text_op(colour, text="Deploy: draw 2 cards.", size=8.8) -> tuple[TextOp, object]:
    style = Style(font="body", size=size, min_size=size)
    op = TextOp(box="rules", where=Where("t.yaml", 3), x=10, y=10, w=180, h=40, text=text, style=style, color=colour)
    return op, fit_text(text, op.w, op.h, "body", size, size)


def test_ink_text_and_thin_rule_are_k_only_and_a_large_panel_keeps_rich_black():
    converter = CmykConverter()
    rich = converter.rgb(*INK[:3])
    assert min(rich[:3]) > 0.5 and sum(rich) > 2.8  # what the profile makes of #16191d: 286 %
    text, fit = _text_op(INK)
    rule = ShapeOp(kind="line", points=((10, 60), (190, 60)), stroke=INK, stroke_width=0.5)
    frame = ShapeOp(kind="rect", x=5, y=5, w=190, h=190, stroke=INK, stroke_width=6)
    panel = ShapeOp(kind="rect", x=0, y=100, w=200, h=100, fill=INK)

    def draw(canvas):
        draw_shape(canvas, panel)
        draw_shape(canvas, rule)
        draw_shape(canvas, frame)
        draw_text(canvas, text, fit)

    ops, _ = _press_page(draw)
    assert ("k", rich) in ops  # the panel: the profile's rich black
    assert ("K", rich) in ops  # the 6 pt frame: an area of ink, rich black too
    assert ("K", (0.0, 0.0, 0.0, 1.0)) in ops  # the 0.5 pt rule
    assert ops.count(("k", (0.0, 0.0, 0.0, 1.0))) >= 1  # the text
    assert not any(op == "k" and v != rich and min(v[:3]) > 0 for op, v in ops)


def test_a_near_neutral_grey_text_is_a_k_tint_and_a_colour_keeps_its_inks():
    converter = CmykConverter()
    slate = (0x5C / 255, 0x66 / 255, 0x70 / 255)   # chroma 7.1: near-neutral
    navy = (0x0C / 255, 0x2C / 255, 0x4A / 255)    # chroma 21.9: a colour
    c, m, y, k = converter.rgb(*slate, use="text")
    assert (c, m, y) == (0, 0, 0) and 0.6 < k < 0.85
    assert converter.rgb(*navy, use="text") == converter.rgb(*navy)


def test_a_cmyk_template_colour_is_used_as_given_and_drawn_naively_in_rgb():
    colour = parse_hex("cmyk(60, 40, 40, 100)")
    assert isinstance(colour, InkColour) and colour.cmyk == (0.6, 0.4, 0.4, 1.0)
    assert tuple(colour) == (0.0, 0.0, 0.0, 1.0)  # naive: (1 − c)(1 − k)
    assert parse_hex(to_hex(colour)) == colour and to_hex(colour) == "cmyk(60,40,40,100)"
    assert parse_hex("cmyk(0,0,0,100)") != parse_hex("#000000")
    with pytest.raises(ColourError, match="0 to 100"):
        parse_hex("cmyk(0,0,0,120)")
    panel = ShapeOp(kind="rect", x=0, y=0, w=200, h=100, fill=colour)
    text, fit = _text_op(parse_hex("cmyk(0,0,0,100)"))

    def draw(canvas):
        draw_shape(canvas, panel)
        draw_text(canvas, text, fit)

    ops, notes = _press_page(draw)
    assert ("k", (0.6, 0.4, 0.4, 1.0)) in ops and ("k", (0.0, 0.0, 0.0, 1.0)) in ops and notes == []
    rgb = pdfdoc.new_canvas((200, 200), "rgb", standard=None)
    draw(rgb)
    rgb.showPage()
    import io

    with pikepdf.open(io.BytesIO(pdfdoc.pdf_bytes(rgb))) as pdf:
        kinds = {str(op) for _, op in pikepdf.parse_content_stream(pdf.pages[0])}
    assert "rg" in kinds and "k" not in kinds  # an RGB output stays RGB


def test_a_cmyk_colour_over_the_ink_limit_is_reduced_and_named():
    panel = ShapeOp(kind="rect", x=0, y=0, w=200, h=100, fill=parse_hex("cmyk(100,100,100,100)"),
                    where="back.yaml:7")

    def draw(canvas):
        pdfx.where(canvas, "back.yaml:7")
        draw_shape(canvas, panel)

    ops, notes = _press_page(draw)
    (inks,) = [v for op, v in ops if op == "k"]
    assert inks[3] == 1.0 and sum(inks) <= 3.0 and inks[0] == inks[1] == inks[2]
    assert len(notes) == 1 and notes[0].startswith("back.yaml:7: colour cmyk(100,100,100,100) is 400 % total ink")


def test_flattening_mixes_in_cmyk_as_the_rip_does():
    """Half-opaque ink over paper: X-1a's opaque colour is half of each ink of the X-4 colour, not
    the profile's conversion of the RGB mix (which a RIP blending in CMYK would not print)."""
    converter = CmykConverter()
    veil = ShapeOp(kind="rect", x=10, y=10, w=50, h=50, fill=INK[:3] + (0.5,))
    rule = ShapeOp(kind="line", points=((0, 100), (100, 100)), stroke=INK[:3] + (0.5,), stroke_width=0.5)
    out = flatten([veil, rule], converter)
    rich = converter.rgb(*INK[:3])
    assert out[0].fill.cmyk == pytest.approx(tuple(v / 2 for v in rich), abs=1e-3)
    assert out[1].stroke.cmyk == pytest.approx((0, 0, 0, 0.5), abs=1e-3)  # a thin rule: black ink only
    mixed_in_rgb = converter.rgb(*(0.5 * v + 0.5 for v in INK[:3]))
    assert max(abs(a - b) for a, b in zip(mixed_in_rgb, out[0].fill.cmyk)) > 0.1
