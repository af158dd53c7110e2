"""Tabletop Simulator saved objects, the reprint manifest and print-and-cut files, each read back and
checked against what the PDF prints: the TTS JSON against the fields TTS's saved-object format
requires (``ObjectStates``; each object's ``Name``, ``Transform``, ``Nickname``, ``Description``,
``CardID``, ``CustomDeck`` by deck id; a DeckCustom's ``DeckIDs`` and ``ContainedObjects``;
CardID = deck id x 100 + slot) and against the manifest; the SVG and DXF cut paths against the
card trims the PDF places (within 0.05 mm); the registration marks against the printable area."""

from __future__ import annotations

import csv
import json
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pikepdf
import pytest
from PIL import Image

from facekit import stand_in_back as back, stand_in_face as face
from pdfcheck import card_placements

from pnpgen.layout import paper_size
from pnpgen.layout.cutting import SILHOUETTE_ARM, SILHOUETTE_INSET, SILHOUETTE_LINE, SILHOUETTE_SQUARE, machine_for
from pnpgen.layout.geometry import Rect
from pnpgen.render.build import build_game
from pnpgen.render.tts import TTS_COLS, TTS_PER_SHEET, TTS_ROWS
from pnpgen.spec import load_game
from pnpgen.spec.model import Card, CardType, FieldDef, FieldType, Game, Size
from pnpgen.units import mm, to_mm

POKER = Size(mm(63.5), mm(88.9), "poker")
BLEED_MM = 3
TOL_MM = 0.05
TRANSFORM_KEYS = {"posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"}
CUSTOM_DECK_KEYS = {"FaceURL": str, "BackURL": str, "NumWidth": int, "NumHeight": int,
                    "BackIsHidden": bool, "UniqueBack": bool, "Type": int}

def game_of(copies: list[int], extra_type: bool = True) -> Game:
    """Units with the given copies; plus a 'boss' type with one card (a single-card deck)."""
    fields = {"ability": FieldDef("ability", FieldType.TEXT), "power": FieldDef("power", FieldType.INT)}
    cards = [Card(f"u{i}", f"Unit {i}", "unit", n, {"ability": f"Deal {i} damage.", "power": i})
             for i, n in enumerate(copies)]
    types = {"unit": CardType("unit", "Units", POKER, fields)}
    if extra_type:
        types["boss"] = CardType("boss", "Boss", POKER, fields)
        cards.append(Card("boss", "The Boss", "boss", 1, {"ability": "Wins.", "power": 9}))
    return Game("tiny", "Tiny Game", 1, 2, "", "", (), types, tuple(cards), {}, ())


def read_manifest(path: Path) -> list[dict]:
    with path.open(newline="") as f:
        return list(csv.DictReader(f))


def check_object(obj: dict) -> None:
    assert obj["Name"] in ("DeckCustom", "Card")
    assert set(obj["Transform"]) == TRANSFORM_KEYS
    assert isinstance(obj["Nickname"], str) and isinstance(obj["Description"], str)


def check_card(card: dict) -> None:
    check_object(card)
    assert card["Name"] == "Card"
    deck_id, slot = divmod(card["CardID"], 100)
    assert list(card["CustomDeck"]) == [str(deck_id)]  # keyed by the deck id the CardID names
    entry = card["CustomDeck"][str(deck_id)]
    for key, kind in CUSTOM_DECK_KEYS.items():
        assert isinstance(entry[key], kind), key
    assert entry["BackIsHidden"] is True and entry["Type"] == 0
    assert 0 <= slot < min(TTS_PER_SHEET, entry["NumWidth"] * entry["NumHeight"] - 1)


def sheet_slot(path: Path, slot: int) -> Image.Image:
    sheet = Image.open(path)
    cw, ch = sheet.width // TTS_COLS, sheet.height // TTS_ROWS
    x, y = (slot % TTS_COLS) * cw, (slot // TTS_COLS) * ch
    return sheet.crop((x, y, x + cw, y + ch))


def test_tts_saved_object_agrees_with_sheets_and_manifest(tmp_path, small_tts_sheets):
    copies = [1, 3, 2] + [1] * 70  # 74 distinct unit cards: two sheets (69 a sheet)
    game = game_of(copies)
    result = build_game(game, tmp_path, tts=True, draw_face=face, draw_back=back)
    out = tmp_path / "tiny"
    saved = json.loads((out / "tts" / "tiny-tts.json").read_text())
    assert isinstance(saved["ObjectStates"], list) and len(saved["ObjectStates"]) == 2
    deck, boss = saved["ObjectStates"]
    check_object(deck)
    assert deck["Name"] == "DeckCustom" and deck["Nickname"] == "Units"
    assert len(deck["DeckIDs"]) == len(deck["ContainedObjects"]) == sum(copies)
    assert set(deck["CustomDeck"]) == {"1", "2"}
    for deck_id, cards in zip(deck["DeckIDs"], deck["ContainedObjects"]):
        check_card(cards)
        assert cards["CardID"] == deck_id
        assert cards["CustomDeck"][str(deck_id // 100)] == deck["CustomDeck"][str(deck_id // 100)]
    by_id = {c["GMNotes"]: c for c in deck["ContainedObjects"]}
    assert by_id["u1"]["Nickname"] == "Unit 1" and by_id["u1"]["Description"] == "Deal 1 damage."
    # Distinct cards fill the sheets in order; copies repeat a CardID.
    assert by_id["u0"]["CardID"] == 100 and by_id["u1"]["CardID"] == 101 and by_id["u69"]["CardID"] == 200
    assert Counter(deck["DeckIDs"])[101] == 3
    # A type with one card is a Card, not a deck, on its own sheet (deck id 3).
    check_card(boss)
    assert boss["CardID"] == 300 and boss["Nickname"] == "The Boss" and "DeckIDs" not in boss
    # The images are where the URLs say, 10x7 cards of the back's size, the hidden slot showing the
    # back. (The full-size sheets, within 4096 px and over 100 dpi: test_render_sheets.)
    back_size = Image.open(out / "tts" / "tiny-unit-back.png").size
    for entry in deck["CustomDeck"].values():
        face_sheet = Path(entry["FaceURL"].removeprefix("file://"))
        image = Image.open(face_sheet)
        assert face_sheet.is_file() and image.size == (back_size[0] * TTS_COLS, back_size[1] * TTS_ROWS)
        assert entry["UniqueBack"] is False and entry["BackURL"].endswith("tiny-unit-back.png")
        hidden = sheet_slot(face_sheet, TTS_COLS * TTS_ROWS - 1)
        assert hidden.tobytes() == Image.open(out / "tts" / "tiny-unit-back.png").tobytes()
    face_slot = sheet_slot(out / "tts" / "tiny-unit-1.png", 1)
    assert face_slot.getpixel((face_slot.width // 2, face_slot.height // 2))[0] > 150  # a (red) face
    # Every copy the TTS deck holds is a copy the manifest says was printed, and vice versa.
    rows = read_manifest(out / "tiny-a4-manifest.csv")
    printed = Counter(r["card_id"] for r in rows)
    assert printed == Counter(c["GMNotes"] for c in deck["ContainedObjects"]) + Counter(["boss"])
    assert all(int(r["of"]) == printed[r["card_id"]] for r in rows)
    assert result.files.count(out / "tts" / "tiny-tts.json") == 1


def test_tts_url_prefix(tmp_path, small_tts_sheets):
    build_game(game_of([2, 2], extra_type=False), tmp_path, tts=True, tts_url="https://example.org/kit/",
               draw_face=face, draw_back=back)
    saved = json.loads((tmp_path / "tiny" / "tts" / "tiny-tts.json").read_text())
    entry = saved["ObjectStates"][0]["CustomDeck"]["1"]
    assert entry["FaceURL"] == "https://example.org/kit/tiny-unit-1.png"
    assert entry["BackURL"] == "https://example.org/kit/tiny-unit-back.png"


def test_per_card_backs_in_tts_and_png(tmp_path, small_tts_sheets):
    """Zombicide: Invader's starting equipment wears a grey back of its own (back-equipment.grey)."""
    game = load_game("zombicide-invader")
    own = [c for c in game.cards if c.get("back")]
    plain = [c for c in game.cards if not c.get("back")][:2]
    assert own, "the spec names no card with a back of its own"
    game = replace(game, cards=tuple([*plain, own[0]]), components=(), references=())
    build_game(game, tmp_path, tts=True, png="gamecrafter")
    out = tmp_path / "zombicide-invader"
    saved = json.loads((out / "tts" / "zombicide-invader-tts.json").read_text())
    deck = saved["ObjectStates"][0]
    entry = deck["CustomDeck"]["1"]
    assert entry["UniqueBack"] is True and entry["BackURL"].endswith("-1-backs.png")
    backs = Path(entry["BackURL"].removeprefix("file://"))
    type_back = Image.open(out / "tts" / "zombicide-invader-equipment-back.png").tobytes()
    by_id = {c["GMNotes"]: c["CardID"] % 100 for c in deck["ContainedObjects"]}
    assert sheet_slot(backs, by_id[own[0].id]).tobytes() != type_back
    assert sheet_slot(backs, by_id[plain[0].id]).tobytes() == type_back
    png = out / "png-gamecrafter" / "equipment"
    assert (png / f"{own[0].id}-back.png").is_file() and not (png / f"{plain[0].id}-back.png").exists()
    assert Image.open(png / f"{own[0].id}-back.png").info["dpi"] == pytest.approx((300, 300), abs=0.01)


# ---- print and cut ---------------------------------------------------------------------------


def pdf_trims(pdf_path: Path) -> dict[int, list[Rect]]:
    """Front page number -> trims of the faces it places, read from the content stream."""
    pdf = pikepdf.open(pdf_path)
    out = {}
    for n, page in enumerate(pdf.pages, 1):
        faces = [p for p in card_placements(page) if p.kind == "face"]
        if faces:
            b = mm(BLEED_MM)
            out[n] = [Rect(p.x0 + b, p.y0 + b, p.x1 - p.x0 - 2 * b, p.y1 - p.y0 - 2 * b) for p in faces]
    return out


def filled_rects(page) -> list[Rect]:
    """Rectangles the page's own content fills without stroking (``re`` ... ``f``)."""
    out, pending = [], []
    for operands, op in pikepdf.parse_content_stream(page):
        op = str(op)
        if op == "re":
            x, y, w, h = (float(v) for v in operands)
            pending.append(Rect(x, y, w, h))
        elif op in ("f", "f*"):
            out += pending
            pending = []
        elif op not in ("m", "l", "c", "h"):
            pending = []
    return out


def assert_clear_around(pdf_path: Path, index: int, marks: list[Rect], dpi: int = 150) -> None:
    """Nothing printed within 0.9 mm of a mark (the layout keeps 1 mm): the page as printed,
    rendered, is white in that ring (0.2 mm next to the mark left for anti-aliasing)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf_path))
    page = doc[index]
    image = page.render(scale=dpi / 72).to_pil().convert("L")
    height = page.get_height()
    s = dpi / 72
    for mark in marks:
        ring, inner = mark.outset(mm(0.9)), mark.outset(mm(0.2))
        for px in range(int(ring.x * s), int(ring.x1 * s)):
            for py in range(int((height - ring.y1) * s), int((height - ring.y) * s)):
                x, y = (px + 0.5) / s, height - (py + 0.5) / s
                if not inner.contains_point(x, y) and not any(m.outset(mm(0.2)).contains_point(x, y) for m in marks):
                    assert image.getpixel((px, py)) > 200, f"printed ink {to_mm(x):.1f},{to_mm(y):.1f} mm near a mark"
    doc.close()


def svg_trims(path: Path, origin: tuple[float, float] = (0.0, 0.0)) -> list[Rect]:
    """The SVG's cut rectangles back in PDF points (y up), ``origin`` the file's corner on the page."""
    root = ET.parse(path).getroot()
    ns = {"s": "http://www.w3.org/2000/svg"}
    height_mm = float(root.get("height").removesuffix("mm"))
    out = []
    for r in root.findall(".//s:rect", ns):
        x, y, w, h = (float(r.get(k)) for k in ("x", "y", "width", "height"))
        out.append(Rect(mm(x) + origin[0], mm(height_mm - y - h) + origin[1], mm(w), mm(h)))
    return out


def close(a: Rect, b: Rect) -> bool:
    return all(abs(to_mm(u - v)) <= TOL_MM for u, v in zip(a.box(), b.box()))


def matched(found: list[Rect], expected: list[Rect]) -> bool:
    return len(found) == len(expected) and all(any(close(f, e) for e in expected) for f in found)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("machine", ["silhouette", "cricut", "svg"])
def test_cut_files_follow_the_pdf_trims(tmp_path, machine, paper):
    game = game_of([2] * 5, extra_type=False)  # 10 copies: two sheets or more on every machine, the last part-filled
    result = build_game(game, tmp_path, paper=paper, cut=machine, corner_mm=3, draw_face=face, draw_back=back)
    out = tmp_path / "tiny"
    stem = f"tiny-cut-{machine}-{paper}"  # its own name: a plain build's tiny-{paper}.pdf is another file
    pdf_path = out / f"{stem}.pdf"
    trims = pdf_trims(pdf_path)
    rows = read_manifest(out / f"{stem}-manifest.csv")
    sheets = sorted({int(r["sheet"]) for r in rows})
    assert len(rows) == 10 and len(trims) == len(sheets) >= 2  # duplex: faces only on each sheet's front page
    pdf = pikepdf.open(pdf_path)
    for n in sheets:
        front = int(next(r["front_page"] for r in rows if int(r["sheet"]) == n))
        page = pdf.pages[front - 1]
        w, h = float(page.MediaBox[2]), float(page.MediaBox[3])
        sheet = paper_size(paper) if w < h else paper_size(paper).rotated()
        spec = machine_for(machine, sheet)
        origin = (spec.area.x, spec.area.y) if machine == "cricut" else (0.0, 0.0)
        svg = svg_trims(out / "cut" / f"{stem}-sheet{n}.svg", origin)
        assert matched(svg, trims[front]), f"sheet {n}: SVG cut paths are not the PDF's trims"
        assert sum(1 for r in rows if int(r["sheet"]) == n) == len(svg)
        rects = ET.parse(out / "cut" / f"{stem}-sheet{n}.svg").getroot().findall(".//{http://www.w3.org/2000/svg}rect")
        assert {r.get("rx") for r in rects} == {"3"}
        for t in trims[front]:
            assert spec.area.contains(t.outset(mm(BLEED_MM)) if machine != "svg" else t)
        if machine == "silhouette":
            import ezdxf  # here, not at the top: each test process collects this module (~0.3 s)

            doc = ezdxf.readfile(out / "cut" / f"{stem}-sheet{n}.dxf")
            polys = [e for e in doc.modelspace() if e.dxftype() == "POLYLINE"]
            boxes = []
            for p in polys:
                assert p.is_closed
                xs, ys = zip(*((v.dxf.location.x, v.dxf.location.y) for v in p.vertices))
                boxes.append(Rect(mm(min(xs)), mm(min(ys)), mm(max(xs) - min(xs)), mm(max(ys) - min(ys))))
                # the straight edges lie exactly on the trim lines
                assert sum(1 for x in xs if abs(x - min(xs)) < 1e-6) >= 2
            assert matched(boxes, trims[front]), f"sheet {n}: DXF cut paths are not the PDF's trims"
        # Registration marks: on every front page, as documented, inside a printer's 1/4 in margin
        # and clear of every printed card.
        marks = [r for r in filled_rects(page) if r.w < mm(10) and r.h < mm(10)]
        assert matched(marks, list(spec.marks)), f"sheet {n}: registration marks"
        edge = 0.25 * 72
        for r in marks:
            assert Rect(edge, edge, w - 2 * edge, h - 2 * edge).contains(r)
        if marks:
            assert_clear_around(pdf_path, front - 1, marks)
        back_page = pdf.pages[int(next(r["back_page"] for r in rows if int(r["sheet"]) == n)) - 1]
        assert not [r for r in filled_rects(back_page) if r.w < mm(10) and r.h < mm(10)]
    if machine == "cricut":
        png = Image.open(out / "cut" / f"{stem}-sheet1.png")
        assert png.size == (round(6.75 * 300), round(9.25 * 300)) and png.info["dpi"][0] == pytest.approx(300, abs=0.01)
    fewer = [w for w in result.warnings if "cards a sheet instead of" in w]
    assert bool(fewer) == (machine != "svg")


def test_silhouette_marks_are_silhouette_card_makers():
    """silhouette-card-maker assets/letter_registration.pdf and a4_registration.pdf (600 dpi,
    landscape): square 143 px at 224 px from the top-left corner; L legs 193 px long, 25 px thick,
    224 px from the top-right and bottom-left corners (docs/print-and-cut.md)."""
    px = 72 / 600
    for paper in ("a4", "letter"):
        sheet = paper_size(paper).rotated()
        marks = machine_for("silhouette", sheet).marks
        square = marks[0]
        assert (square.x / px, (sheet.height - square.y1) / px, square.w / px) == pytest.approx((224, 224, 143))
        assert SILHOUETTE_INSET / px == pytest.approx(224) and SILHOUETTE_SQUARE / px == pytest.approx(143)
        assert SILHOUETTE_ARM / px == pytest.approx(193) and SILHOUETTE_LINE / px == pytest.approx(25)
        right = max(r.x1 for r in marks)
        bottom = min(r.y for r in marks)
        assert (sheet.width - right) / px == pytest.approx(224) and bottom / px == pytest.approx(224)
        # each L is two bars sharing the corner
        assert sum(1 for r in marks if r.w == pytest.approx(SILHOUETTE_ARM) and r.h == pytest.approx(SILHOUETTE_LINE)) == 2


def test_silhouette_keeps_cards_off_the_marks(tmp_path):
    """A4 landscape holds 4x2 poker cards inside the marks, Letter too (silhouette-card-maker's
    poker layouts hold 8); a card is left out rather than printed over a mark."""
    game = game_of([8], extra_type=False)
    for paper in ("a4", "letter"):
        build_game(game, tmp_path / paper, paper=paper, cut="silhouette", draw_face=face, draw_back=back)
        rows = read_manifest(tmp_path / paper / "tiny" / f"tiny-cut-silhouette-{paper}-manifest.csv")
        assert {r["sheet"] for r in rows} == {"1"}


def test_cut_rejects_gutterfold(tmp_path):
    """Checked where the options are made (``BuildOptions``), for the library as for the CLI."""
    from pnpgen.cli_checks import OptionError

    with pytest.raises(OptionError, match="leave out --gutterfold"):
        build_game(game_of([1], extra_type=False), tmp_path, cut="svg", gutterfold=True, draw_face=face, draw_back=back)
