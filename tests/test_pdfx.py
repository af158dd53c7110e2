"""Press output: ``--pdfx 4 | 1a`` PDFs hold CMYK (and grey) only, carry a PDF/X OutputIntent, the
version keys and the page boxes; X-1a holds no transparency; shop presets and PNG DPI.

The standards: ISO 15930-7 (PDF/X-4) and ISO 15930-1 (PDF/X-1a:2001): OutputIntent with
``/S /GTS_PDFX`` and a ``DestOutputProfile``, ``GTS_PDFXVersion`` in Info, TrimBox or ArtBox on
every page, no RGB colour; X-1a: no transparency (no soft masks, no opacity below 1).
"""

from __future__ import annotations

import re
from pathlib import Path

import pikepdf
import pytest
from PIL import Image

from pnpgen.render.build import build_game
from pnpgen.render.flatten import flatten
from pnpgen.render.shops import SHOPS, nearest_product, size_warnings
from pnpgen.spec import load_game
from pnpgen.template.resolve import ShapeOp
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
    for name, xobj in (resources.get("/XObject", {}) or {}).items():
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
    return build_game(xenoshyft, tmp_path_factory.mktemp("x4"), pdfx="4")


@pytest.fixture(scope="module")
def x1a(xenoshyft, tmp_path_factory):
    return build_game(xenoshyft, tmp_path_factory.mktemp("x1a"), pdfx="1a")


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


def test_pdfx1a_reports_what_it_could_not_flatten_by_template_line(x1a):
    """Xenoshyft draws see-through strokes over gradients: each is named by its template file:line."""
    messages = [str(o) for o in x1a.overflows if "PDF/X-1a" in str(o)]
    assert messages
    assert all(re.match(r"^\S+\.yaml:\d+: opacity ", m) for m in messages), messages[:3]


def test_rgb_build_has_no_output_intent(xenoshyft, tmp_path):
    result = build_game(xenoshyft, tmp_path)
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
    result = build_game(xenoshyft, tmp_path, shop="mpc")
    png = next(p for p in result.files if p.suffix == ".png")
    with Image.open(png) as im:
        assert im.size == (822, 1122)  # poker 2.5x3.5 in + 0.12 in bleed a side at 300 dpi
        assert round(im.info["dpi"][0]) == 300


def test_drivethrucards_interleaves_fronts_and_backs_as_x1a_2003(xenoshyft, tmp_path):
    result = build_game(xenoshyft, tmp_path, shop="drivethrucards")
    path = next(p for p in result.files if p.name.endswith("-xenosathem.pdf"))
    f = inspect(path)
    assert f["info"]["/GTS_PDFXVersion"] == "PDF/X-1a:2003" and f["rgb_ops"] == []
    with pikepdf.open(path) as pdf:
        page = pdf.pages[0]
        assert [round(float(v), 2) for v in page.mediabox] == [0, 0, 198, 270]  # 2.75 x 3.75 in
        assert [round(float(v), 2) for v in page.trimbox] == [9, 9, 189, 261]
        assert len(pdf.pages) == 2 * len({c.id for c in xenoshyft.cards_of("xenosathem")})
