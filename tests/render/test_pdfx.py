"""Press output: ``--pdfx 4 | 1a`` PDFs hold CMYK (and grey) only, carry a PDF/X OutputIntent, the
version keys and the page boxes; X-1a holds no transparency; shop presets and PNG DPI.

The standards: ISO 15930-7 (PDF/X-4) and ISO 15930-1 (PDF/X-1a:2001): OutputIntent with
``/S /GTS_PDFX`` and a ``DestOutputProfile``, ``GTS_PDFXVersion`` in Info, TrimBox or ArtBox on
every page, no RGB colour; X-1a: no transparency (no soft masks, no opacity below 1).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pikepdf
import pytest
from PIL import Image

from facekit import some_of_each_type
from inkcheck import ink_differs, max_total_ink, separation
from pnpgen.render import rasterflat
from pnpgen.render.build import build_game
from pnpgen.render.flatten import flatten
from pnpgen.render.shops import SHOPS, nearest_product, size_warnings
from pnpgen.spec import load_game
from pnpgen.template.model import Style, Where
from pnpgen.template.resolve import ShapeOp, TextOp
from pnpgen.units import mm

RGB_SPACES = {"/DeviceRGB", "/CalRGB"}


def _is_rgb_space(cs, resources) -> bool:
    """A colour space object (or resource name) that is RGB."""
    if isinstance(cs, pikepdf.Name):
        if str(cs) in RGB_SPACES:
            return True
        named = resources.get("/ColorSpace", {}).get(cs) if resources is not None else None
        return named is not None and _is_rgb_space(named, None)
    if isinstance(cs, pikepdf.Array) and len(cs) > 0:
        head = str(cs[0])
        if head == "/ICCBased":
            return int(cs[1].get("/N", 0)) == 3
        if head in RGB_SPACES:
            return True
        if head in ("/Indexed", "/Separation", "/DeviceN"):
            base = cs[1] if head == "/Indexed" else cs[2]
            return _is_rgb_space(base, None)
    return False


def _walk(stream_owner, resources, seen: set, found: dict) -> None:
    """Every operator of a content stream and, recursively, of the forms it paints."""
    key = stream_owner.objgen
    if key != (0, 0) and key in seen:
        return
    seen.add(key)
    fill_rgb = stroke_rgb = False
    for operands, op in pikepdf.parse_content_stream(stream_owner):
        op = str(op)
        if op in ("rg", "RG"):
            found["rgb_ops"].append(op)
        elif op == "cs":
            fill_rgb = _is_rgb_space(operands[0], resources)
        elif op == "CS":
            stroke_rgb = _is_rgb_space(operands[0], resources)
        elif op in ("sc", "scn") and fill_rgb or op in ("SC", "SCN") and stroke_rgb:
            found["rgb_ops"].append(op)
        elif op == "gs":
            gs = resources["/ExtGState"][operands[0]]
            found["alphas"] += [float(gs[k]) for k in ("/ca", "/CA") if k in gs]
            if "/SMask" in gs and gs.SMask != pikepdf.Name.None_:
                found["smasks"] += 1
        elif op == "sh":
            found["shadings"].append(resources["/Shading"][operands[0]].get("/ColorSpace"))
        found["ops"] += 1
    for _name, xobj in (resources.get("/XObject", {}) or {}).items():
        if xobj.get("/Subtype") == "/Form":
            _walk(xobj, xobj.get("/Resources", pikepdf.Dictionary()), seen, found)
        elif xobj.get("/Subtype") == "/Image":
            found["images"].append(xobj.get("/ColorSpace"))
            if "/SMask" in xobj:
                found["smasks"] += 1


def inspect(path: Path) -> dict:
    found = {"rgb_ops": [], "alphas": [], "smasks": 0, "shadings": [], "images": [], "ops": 0}
    with pikepdf.open(path) as pdf:
        seen: set = set()
        for page in pdf.pages:
            _walk(page.obj, page.obj.get("/Resources", pikepdf.Dictionary()), seen, found)
            found.setdefault("boxes", []).append(("/TrimBox" in page.obj, "/BleedBox" in page.obj))
        intents = pdf.Root.get("/OutputIntents")
        found["intent"] = None if intents is None else {
            "S": str(intents[0].S), "id": str(intents[0].OutputConditionIdentifier),
            "N": int(intents[0].DestOutputProfile.N),
            "profile_bytes": len(intents[0].DestOutputProfile.read_bytes())}
        found["info"] = {str(k): str(v) for k, v in pdf.docinfo.items()}
        found["version"] = pdf.pdf_version
        meta = pdf.Root.get("/Metadata")
        found["xmp"] = meta.read_bytes().decode("utf-8") if meta is not None else ""
    return found


@pytest.fixture(scope="module")
def xenoshyft():
    return load_game("xenoshyft")


@pytest.fixture(scope="module")
def x4(xenoshyft, tmp_path_factory):
    # Three cards of each type draw every template (front and back) several times; the card texts
    # add nothing a colour or box check could catch that the templates do not.
    return build_game(some_of_each_type(xenoshyft, 3), tmp_path_factory.mktemp("x4"), pdfx="4")


@pytest.fixture(scope="module")
def x1a(xenoshyft, tmp_path_factory):
    # Raster flattening makes an X-1a build the costly one: one card of each type draws every
    # template, and the shared back (templates/xenoshyft/_back.yaml) once per type, so a note said
    # once per template is said once for four drawings. At DriveThruCards' bleed (1/8 in) its faces
    # are those of the shop build below, so the run's flattening cache draws their images once.
    return build_game(some_of_each_type(xenoshyft, 1), tmp_path_factory.mktemp("x1a"), pdfx="1a",
                      bleed_mm=25.4 / 8)


def _pdfs(result):
    pdfs = [p for p in result.files if p.suffix == ".pdf"]
    assert pdfs, "the build wrote no PDF"
    return pdfs


def test_pdfx4_has_no_rgb_and_carries_intent_boxes_and_keys(x4):
    for path in _pdfs(x4):
        f = inspect(path)
        assert f["ops"] > 100, path  # the walk really read the drawing
        assert f["rgb_ops"] == [], (path, f["rgb_ops"][:5])
        assert all(str(cs) in ("/DeviceCMYK", "/DeviceGray") for cs in f["images"]), f["images"]
        assert all(str(cs) == "/DeviceCMYK" for cs in f["shadings"]), f["shadings"]
        assert all(t and b for t, b in f["boxes"]), path
        assert f["intent"]["S"] == "/GTS_PDFX" and f["intent"]["id"] == "CGATS TR 003"
        assert f["intent"]["N"] == 4 and f["intent"]["profile_bytes"] > 100_000
        assert f["info"]["/GTS_PDFXVersion"] == "PDF/X-4" and f["info"]["/Trapped"] == "/False"
        assert "<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>" in f["xmp"]


def test_pdfx1a_has_no_rgb_and_no_transparency(x1a):
    for path in _pdfs(x1a):
        f = inspect(path)
        assert f["rgb_ops"] == [], (path, f["rgb_ops"][:5])
        assert all(a >= 1 for a in f["alphas"]) and f["smasks"] == 0, path
        assert all(t and b for t, b in f["boxes"]), path
        assert f["version"] == "1.3"
        assert f["info"]["/GTS_PDFXVersion"] == "PDF/X-1:2001"
        assert f["info"]["/GTS_PDFXConformance"] == "PDF/X-1a:2001"
        assert f["intent"]["S"] == "/GTS_PDFX"


def test_pdfx1a_reports_raster_flattening_once_per_template_and_fails_nothing(x1a):
    """Xenoshyft draws see-through strokes over gradients: flattened into CMYK images of the areas
    they cover, reported as a warning naming the template file:line, one per template."""
    assert not [o for o in x1a.overflows if "PDF/X-1a" in str(o) or "opacity" in str(o)], x1a.overflows[:3]
    notes = [w for w in x1a.warnings if "see-through" in w]
    assert notes
    for note in notes:
        assert re.fullmatch(r"templates/xenoshyft/\w+\.yaml:\d+: see-through shapes flattened to a 600-dpi CMYK image "
                            r"\(PDF/X-1a forbids transparency\); use --pdfx 4 to keep them as vectors", note), note
    files = [n.split(":")[0] for n in notes]
    assert len(files) == len(set(files)) and "templates/xenoshyft/_back.yaml" in files


def test_rgb_build_has_no_output_intent(xenoshyft, tmp_path):
    result = build_game(some_of_each_type(xenoshyft, 1), tmp_path)
    f = inspect(_pdfs(result)[0])
    assert f["intent"] is None and "/GTS_PDFXVersion" not in f["info"]
    assert f["rgb_ops"]  # the plain build is RGB, so the walker does see RGB when it is there


def test_flatten_composites_over_a_solid_rectangle_and_the_paper():
    black = ShapeOp(kind="rect", x=0, y=0, w=100, h=100, fill=(0.0, 0.0, 0.0, 1.0))
    half_white = ShapeOp(kind="rect", x=10, y=10, w=20, h=20, fill=(1.0, 1.0, 1.0, 0.5))
    half_red_on_paper = ShapeOp(kind="ellipse", x=200, y=200, w=20, h=20, fill=(1.0, 0.0, 0.0, 0.5))
    out = flatten([black, half_white, half_red_on_paper])
    assert out[1].fill == pytest.approx((0.5, 0.5, 0.5, 1.0))
    assert out[2].fill == pytest.approx((1.0, 0.5, 0.5, 1.0))


def test_flatten_over_a_gradient_gives_a_gradient_and_leaves_the_unknown_alone():
    panel = ShapeOp(kind="rect", x=0, y=0, w=100, h=100, fill=(1.0, 1.0, 1.0, 1.0), fill2=(0.0, 0.0, 0.0, 1.0))
    dot = ShapeOp(kind="ellipse", x=10, y=50, w=20, h=50, fill=(0.0, 0.0, 0.0, 0.5))  # top half of the panel
    ring = ShapeOp(kind="ellipse", x=10, y=10, w=20, h=20, stroke=(1.0, 1.0, 1.0, 0.5), stroke_width=1)
    out = flatten([panel, dot, ring])
    # Panel: white at y=100, black at y=0; the dot spans y 50..100: backdrop 1.0 at top, 0.5 at bottom.
    assert out[1].fill == pytest.approx((0.5, 0.5, 0.5, 1.0)) and out[1].fill2 == pytest.approx((0.25, 0.25, 0.25, 1.0))
    assert out[2] == ring  # a stroke spanning a changing gradient cannot be one colour


def test_nearest_product_warns_for_a_size_no_shop_sells(xenoshyft):
    shop = SHOPS["drivethrucards"]
    assert nearest_product(shop, mm(63), mm(88)) == (SHOPS["drivethrucards"].products[0], True)
    product, ok = nearest_product(shop, mm(50), mm(50))
    assert product.name == "poker" and not ok
    from dataclasses import replace

    from pnpgen.spec.model import Size

    game = replace(xenoshyft, card_types={"troop": replace(xenoshyft.card_types["troop"], size=Size(mm(50), mm(50), "50mm x 50mm"))})
    (warning,) = size_warnings(shop, game, ["troop"])
    assert "50×50 mm" in warning and "nearest product: poker 2.5×3.5 in" in warning


def test_shop_png_carries_its_dpi_and_bleed(xenoshyft, tmp_path):
    result = build_game(some_of_each_type(xenoshyft, 1), tmp_path, shop="mpc")
    png = next(p for p in result.files if p.suffix == ".png")
    with Image.open(png) as im:
        assert im.size == (822, 1122)  # poker 2.5x3.5 in + 0.12 in bleed a side at 300 dpi
        assert round(im.info["dpi"][0]) == 300


def test_drivethrucards_interleaves_fronts_and_backs_as_x1a_2003(xenoshyft, dtc_builds):
    result = dtc_builds["xenoshyft"]
    path = next(p for p in result.files if p.name.endswith("-xenosathem.pdf"))
    f = inspect(path)
    assert f["info"]["/GTS_PDFXVersion"] == "PDF/X-1a:2003" and f["rgb_ops"] == []
    with pikepdf.open(path) as pdf:
        page = pdf.pages[0]
        assert [round(float(v), 2) for v in page.mediabox] == [0, 0, 198, 270]  # 2.75 x 3.75 in
        assert [round(float(v), 2) for v in page.trimbox] == [9, 9, 189, 261]
        # DriveThruCards prints the file as the deck: every copy is in it (docs/print-shops.md).
        built = some_of_each_type(xenoshyft, 1).cards_of("xenosathem")
        assert sum(c.copies for c in built) > len(built)  # some card has several copies
        assert len(pdf.pages) == 2 * sum(max(c.copies, 0) for c in built)


# -- raster flattening (PDF/X-1a) --------------------------------------------------------------------
def _text(box: str, x: float, y: float, w: float, h: float) -> TextOp:
    return TextOp(box, Where("t.yaml", 9), x, y, w, h, box, Style(), (0.0, 0.0, 0.0, 1.0))


def test_raster_plan_lifts_text_above_the_images_unless_something_later_covers_it():
    panel = ShapeOp(kind="rect", x=0, y=0, w=100, h=100, fill=(0.2, 0.3, 0.9, 1.0), fill2=(0.0, 0.0, 0.0, 1.0))
    title = _text("title", 10, 80, 80, 10)         # lies on the see-through band, nothing later covers it
    veil = ShapeOp(kind="rect", x=5, y=60, w=90, h=35, fill=(1.0, 1.0, 1.0, 0.5))  # see-through over a gradient
    under = _text("under", 10, 20, 80, 10)         # covered by the see-through badge drawn after it
    badge = ShapeOp(kind="ellipse", x=40, y=15, w=20, h=20, fill=(0.0, 0.0, 0.0, 0.4))
    after = _text("after", 10, 40, 80, 10)         # drawn after the last see-through shape
    ops = (panel, veil, title, under, badge, after)
    plan = rasterflat.plan(ops, ops, 100, 100, 0, 72)
    regions = [op for op in plan.ops if isinstance(op, rasterflat.RegionImage)]
    # One image per separate see-through area, each the shape's box padded by 2 px on the pixel grid.
    assert [(r.region.x0, r.region.y0, r.region.px_w, r.region.px_h) for r in regions] == [(38, 13, 24, 24), (3, 58, 94, 39)]
    assert all(r.raster_ops == (panel, veil, under, badge) for r in regions)  # the title is not in them
    # Vectors first (without the see-through shapes), then the images, then the lifted title, then the rest.
    assert plan.ops == (panel, under, *regions, title, after)
    assert plan.see_through == (veil, badge) and plan.rasterised_text == (under,)
    assert rasterflat.plan((panel, title), (panel, title), 100, 100, 0, 72) is None


def _flattened_images(path: Path) -> int:
    """Image XObjects written by the raster flattener (CMYK, Flate with PNG predictors)."""
    with pikepdf.open(path) as pdf:
        return sum(1 for obj in pdf.objects if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image"
                   and obj.get("/ColorSpace") == "/DeviceCMYK" and "/DecodeParms" in obj
                   and int(obj.DecodeParms.get("/Predictor", 0)) == 15)


# The same page as X-1a and as X-4, separated by Ghostscript (a RIP: it blends the X-4 file's
# transparency in its DeviceCMYK groups): plates differing by more than 10 % ink on less than this
# share of the page (edges of the flattener's 600-dpi images). Measured: 0.1-0.3 %; mixing in RGB,
# as before issue #27, gave 7.0 % on a xenoshyft troop's front and 21.1 % on its back.
AREA_LIMIT = 2.0
INK_LIMIT = 300.0  # % total ink (issue #27)
@functools.cache
def _plates(path: Path, index: int) -> Image.Image:
    """Page ``index`` (0-based) separated once per module: the X-4 pages are read by two tests."""
    return separation(path, index + 1, oversample=3)


def _ink_difference(x1a: Path, x4: Path, index: int) -> float:
    return ink_differs(_plates(x1a, index), _plates(x4, index))


def _shop_build(game, out: Path, pdfx: str | None = None, cards=None):
    from dataclasses import replace

    if cards is not None:
        game = replace(game, cards=tuple(cards))
    return build_game(game, out, shop="drivethrucards", pdfx=pdfx)


@pytest.fixture(scope="module")
def tidepool():
    return load_game("examples/tidepool")


@pytest.fixture(scope="module")
def dtc_builds(xenoshyft, tidepool, tmp_path_factory):
    """Real DriveThruCards builds (PDF/X-1a:2003) of xenoshyft and tidepool, the first card of each
    type (every front and back template; the copies repeat each face, so the flattener's per-canvas
    image cache is used), and the first cards as PDF/X-4. What the flattener and the shop layout do
    depends on the templates and the copies, not on the card texts, so every template is the
    coverage that counts (the whole games took 30 s here; two cards of each type 7 s)."""
    out = {}
    for name, game in (("xenoshyft", xenoshyft), ("tidepool", tidepool)):
        out[name] = _shop_build(some_of_each_type(game, 1), tmp_path_factory.mktemp(f"dtc-{name}"))
    # As X-4 only the cards the comparisons below read: page 0 of each file is its first card.
    firsts = [tidepool.cards_of(t)[0] for t in ("tide", "pool")]
    out["tidepool-x4"] = _shop_build(tidepool, tmp_path_factory.mktemp("dtc4-tidepool"), "4", firsts)
    first_troop = xenoshyft.cards_of("troop")[:1]
    out["xenoshyft-x4"] = _shop_build(xenoshyft, tmp_path_factory.mktemp("dtc4-xenoshyft"), "4", first_troop)
    return out


@pytest.mark.parametrize("game", ["xenoshyft", "tidepool"])
def test_drivethrucards_builds_clean_x1a_for_bundled_games(dtc_builds, game):
    """PDF/X-1a (ISO 15930-4): no RGB, no transparency (no SMask, no opacity below 1) in any
    content stream, form or picture; the build succeeds with the see-through shapes flattened."""
    result = dtc_builds[game]
    assert result.overflows == [], result.overflows[:3]
    flattened = 0
    for path in _pdfs(result):
        f = inspect(path)
        assert f["ops"] > 100
        assert f["rgb_ops"] == [], (path, f["rgb_ops"][:5])
        assert all(a >= 1 for a in f["alphas"]) and f["smasks"] == 0, path
        assert all(str(cs) == "/DeviceCMYK" for cs in f["images"]), f["images"]
        assert f["info"]["/GTS_PDFXVersion"] == "PDF/X-1a:2003"
        flattened += _flattened_images(path)
    assert flattened > 0  # the see-through shapes really went through the raster flattener


@pytest.mark.parametrize("game, file, page", [
    ("tidepool", "tidepool-tide.pdf", 0),      # see-through panels over a full-bleed photo, text on them
    ("tidepool", "tidepool-pool.pdf", 0),      # a PNG with transparent corners on a colour
    ("xenoshyft", "xenoshyft-troop.pdf", 0),   # see-through strokes over gradients
    ("xenoshyft", "xenoshyft-troop.pdf", 1),   # the back: see-through hexagons over a gradient
])
def test_raster_flattened_face_looks_like_the_transparent_one(dtc_builds, game, file, page):
    x1a = next(p for p in dtc_builds[game].files if p.name.endswith(file))
    x4 = next(p for p in dtc_builds[f"{game}-x4"].files if p.name.endswith(file))
    area = _ink_difference(x1a, x4, page)
    assert area < AREA_LIMIT, area
    # Flattening mixes inks (issue #27): neither file's page goes over the total ink limit.
    assert max(max_total_ink(_plates(x1a, page)), max_total_ink(_plates(x4, page))) <= INK_LIMIT + 1


def test_opaque_fallback_fails_the_look_comparison(dtc_builds, xenoshyft, tidepool, tmp_path, monkeypatch):
    """The comparison above can fail: without the raster flattener (see-through shapes drawn opaque,
    as before it) the same pages are far off."""
    monkeypatch.setattr(rasterflat, "plan", lambda *a, **k: None)
    for game, cards, file, page, out in (
            (tidepool, tidepool.cards_of("pool")[:1], "tidepool-pool.pdf", 0, "tidepool-x4"),
            (xenoshyft, xenoshyft.cards_of("troop")[:1], "xenoshyft-troop.pdf", 1, "xenoshyft-x4")):
        broken = _shop_build(game, tmp_path / game.id, cards=cards)
        assert broken.overflows  # refused transparency is still reported as an error
        x1a = next(p for p in broken.files if p.name.endswith(file))
        x4 = next(p for p in dtc_builds[out].files if p.name.endswith(file))
        area = _ink_difference(x1a, x4, page)
        assert area > AREA_LIMIT, (file, area)


def test_text_stays_text_over_flattened_panels(dtc_builds, tidepool, xenoshyft):
    import pypdfium2 as pdfium

    for game, file, name in (("tidepool", "tidepool-tide.pdf", tidepool.cards_of("tide")[0].name),
                             ("xenoshyft", "xenoshyft-troop.pdf", xenoshyft.cards_of("troop")[0].name)):
        path = next(p for p in dtc_builds[game].files if p.name.endswith(file))
        doc = pdfium.PdfDocument(str(path))
        try:
            text = doc[0].get_textpage().get_text_range()
        finally:
            doc.close()
        assert name.casefold() in text.casefold(), (name, text[:200])


def test_raster_flattened_output_is_byte_identical(dtc_builds, tidepool, tmp_path):
    """The first tide card (a full-bleed photo under see-through panels) drawn again, alone, gives
    the same bytes as in the module's build of every type."""
    tides = tidepool.cards_of("tide")[:1]
    pa = next(p for p in dtc_builds["tidepool"].files if p.name.endswith("tidepool-tide.pdf"))
    rasterflat._CACHE.clear()  # rendered again, not served from the run's cache
    b = _shop_build(tidepool, tmp_path / "b", cards=tides)
    (pb,) = _pdfs(b)
    assert _flattened_images(pa) > 0 and pa.read_bytes() == pb.read_bytes()
