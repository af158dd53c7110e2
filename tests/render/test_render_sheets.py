"""Rendered PDFs and PNGs checked by machine: structure (pikepdf), embedded fonts, page boxes,
card placement read back from the content streams, duplex mirroring, byte-identical rebuilds,
raster sizes, and what a build does with games that lack sizes or cards."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest
from PIL import Image

import pdfcheck
from pdfcheck import fonts_of, placements

from facekit import stand_in_back, stand_in_face
from pnpgen.layout import paper_size
from pnpgen.layout.deck import plan_deck
from pnpgen.render import pdfdoc
from pnpgen.render.build import build_game
from pnpgen.render.calibrate import write_calibration
from pnpgen.render.sheets import CardPainter, draw_deck, expand_copies
from pnpgen.spec import load_game
from pnpgen.spec.model import Card, CardType, Component, ComponentKind, Game, Reference, ReferenceSection, Size
from pnpgen.units import mm

POKER = Size(mm(63.5), mm(88.9), "poker")
MINIGAME = Path(__file__).parents[1] / "data" / "minigame"
XENOSHYFT = Path(__file__).parents[2] / "cardspecs" / "xenoshyft"

def small_game(n_cards: int = 12, size: Size | None = POKER, components=(), references=()) -> Game:
    cards = tuple(Card(f"c{i}", f"Card {i}", "unit", 1, {}) for i in range(n_cards))
    return Game("tiny", "Tiny Game", 1, 2, "", "", tuple(components),
                {"unit": CardType("unit", "Unit", size, {})}, cards, {}, tuple(references))


def deck_pdf(tmp_path: Path, paper="a4", duplex="long", offset=(0.0, 0.0), gutterfold=False, n=12) -> tuple[Path, object]:
    game = small_game(n)
    plan = plan_deck(paper_size(paper), POKER.width, POKER.height, mm(3), duplex=duplex,
                     back_offset=offset, gutterfold=gutterfold)
    canvas = pdfdoc.new_canvas((plan.paper.width, plan.paper.height), "test")
    painter = CardPainter(canvas, game, mm(3), stand_in_face, stand_in_back)
    draw_deck(painter, plan, expand_copies(game.cards), "Tiny")
    path = pdfdoc.save(canvas, tmp_path / f"deck-{paper}-{duplex}.pdf")
    return path, plan


def check_pdf(path: Path) -> pikepdf.Pdf:
    """pdfcheck's checks (clean syntax, pages, fonts embedded, Trim ⊆ Bleed ⊆ Media) and, for these
    sheets, text on every page whose fonts are all embedded TrueType (FontFile2)."""
    pdf = pdfcheck.check_pdf(path)
    for page in pdf.pages:
        all_fonts = fonts_of(page.Resources)
        assert all_fonts
        for font in all_fonts:
            assert "/FontFile2" in font.FontDescriptor, f"{font.BaseFont} not embedded"
    return pdf


def test_deck_structure_boxes_and_cell_sizes(tmp_path):
    path, plan = deck_pdf(tmp_path)
    pdf = check_pdf(path)
    assert len(pdf.pages) == 4  # 12 cards, 9 a sheet: fronts 1, backs 1, fronts 2, backs 2
    front = pdf.pages[0]
    trim = [float(v) for v in front.TrimBox]
    assert trim == pytest.approx(list(plan.front.trim_box.box()), abs=1e-3)
    assert [float(v) for v in front.BleedBox] == pytest.approx(list(plan.front.bleed_box.box()), abs=1e-3)
    placed = placements(front)
    assert len(placed) == 9
    for p, cell in zip(placed, plan.front.faces):
        assert p.w - 2 * mm(3) == pytest.approx(POKER.width, abs=0.1)
        assert p.h - 2 * mm(3) == pytest.approx(POKER.height, abs=0.1)
        assert (p.x0 + mm(3), p.y0 + mm(3)) == pytest.approx((cell.trim.x, cell.trim.y), abs=0.1)
    assert len(placements(pdf.pages[2])) == 3
    assert len({p.name for p in placed}) == 9  # each distinct card is one form...
    assert len({p.name for p in placements(pdf.pages[1])}) == 1  # ...and the back is one form


@pytest.mark.parametrize("paper,duplex", [("a4", "long"), ("a4", "short"), ("letter", "long"), ("letter", "short")])
def test_backs_mirror_fronts(tmp_path, paper, duplex):
    path, _plan = deck_pdf(tmp_path, paper, duplex)
    pdf = check_pdf(path)
    width, height = (float(v) for v in pdf.pages[0].MediaBox[2:])
    fronts = placements(pdf.pages[0])
    backs = placements(pdf.pages[1])
    assert len(fronts) == len(backs) == 9
    for f, b in zip(fronts, backs):
        if duplex == "long":
            assert (b.x0, b.y0) == pytest.approx((width - f.x0 - f.w, f.y0), abs=0.01)
        else:
            assert (b.x0, b.y0) == pytest.approx((f.x0, height - f.y0 - f.h), abs=0.01)


def test_a_card_with_its_own_back_gets_it_in_the_mirrored_slot(tmp_path):
    """Cards whose back variant the painter is given get that back's form, slot for slot; the
    rest share their type's back, and each distinct back is drawn once."""
    cards = tuple(Card(f"c{i}", f"Card {i}", "unit", 1, {"back": "grey"} if i in (1, 5) else {}) for i in range(9))
    game = Game("tiny", "Tiny Game", 1, 2, "", "", (), {"unit": CardType("unit", "Unit", POKER, {})}, cards, {}, ())
    drawn = []

    def back(canvas, game, type_id, x, y, bleed, variant=None):
        drawn.append((type_id, variant))
        return stand_in_back(canvas, game, type_id, x, y, bleed)

    plan = plan_deck(paper_size("a4"), POKER.width, POKER.height, mm(3))
    canvas = pdfdoc.new_canvas((plan.paper.width, plan.paper.height), "test")
    painter = CardPainter(canvas, game, mm(3), stand_in_face, back, back_variant=lambda g, c: c.get("back"))
    draw_deck(painter, plan, expand_copies(game.cards), "Tiny")
    pdf = check_pdf(pdfdoc.save(canvas, tmp_path / "own-backs.pdf"))
    fronts, backs = placements(pdf.pages[0]), placements(pdf.pages[1])
    width = float(pdf.pages[0].MediaBox[2])
    for f, b in zip(fronts, backs):
        assert b.name == ("/FormXob.back-unit.grey" if f.card in ("c1", "c5") else "/FormXob.back-unit")
        assert (b.x0, b.y0) == pytest.approx((width - f.x1, f.y0), abs=0.01)  # still mirrored
    assert drawn == [("unit", None), ("unit", "grey")]


def test_back_offset_moves_backs_only(tmp_path):
    path0, _ = deck_pdf(tmp_path / "a")
    path1, _ = deck_pdf(tmp_path / "b", offset=(mm(1.5), mm(-1)))
    p0, p1 = pikepdf.open(path0), pikepdf.open(path1)
    assert placements(p0.pages[0]) == placements(p1.pages[0])
    for a, b in zip(placements(p0.pages[1]), placements(p1.pages[1])):
        assert (b.x0 - a.x0, b.y0 - a.y0) == pytest.approx((mm(1.5), mm(-1)), abs=0.01)


def test_gutterfold_puts_fronts_and_backs_on_one_page(tmp_path):
    path, _plan = deck_pdf(tmp_path, gutterfold=True, n=4)
    pdf = check_pdf(path)
    assert len(pdf.pages) == 1
    width = float(pdf.pages[0].MediaBox[2])
    placed = placements(pdf.pages[0])
    faces = [p for p in placed if p.kind == "face"]
    backs = [p for p in placed if p.kind == "back"]
    assert len(faces) == len(backs) == 4
    assert all(p.x1 <= width / 2 + 0.01 for p in faces)
    assert all(p.x0 >= width / 2 - 0.01 for p in backs)


def test_minigame_build_is_byte_identical_and_complete(tmp_path):
    game = load_game(MINIGAME)
    first = build_game(game, tmp_path / "one")
    second = build_game(game, tmp_path / "two")
    names = sorted(p.name for p in first.files)
    assert names == ["minigame-a4-manifest.csv", "minigame-a4.pdf", "minigame-boards-a4.pdf", "minigame-tokens-a4.pdf"]
    assert first.cards == sum(c.copies for c in game.cards)
    for a, b in zip(sorted(first.files), sorted(second.files)):
        assert a.read_bytes() == b.read_bytes(), a.name
        if a.suffix == ".pdf":
            check_pdf(a)
    tokens = pikepdf.open(tmp_path / "one" / "minigame" / "minigame-tokens-a4.pdf")
    assert len(tokens.pages) == 2  # double-sided hit tokens: a mirrored back page
    boards = pikepdf.open(tmp_path / "one" / "minigame" / "minigame-boards-a4.pdf")
    assert len(boards.pages) == 20  # 120 x 70 cm on A4 with 12 mm overlap


def test_letter_short_edge_and_no_half_written_files(tmp_path):
    game = load_game(MINIGAME)
    result = build_game(game, tmp_path, paper="letter", duplex="short", back_offset=(1, 0.5))
    out = tmp_path / "minigame"
    assert (out / "minigame-letter.pdf").exists()
    assert not list(out.glob("*.tmp")) and not list(out.glob(".*"))
    for f in (p for p in result.files if p.suffix == ".pdf"):
        check_pdf(f)


def test_sizes_are_never_invented(tmp_path):
    components = (
        Component("chits", ComponentKind.TOKEN, "Chits", 5, None, shape=None),
        Component("mat", ComponentKind.BOARD, "Mat", None, Size(mm(300), mm(200), "30cm x 20cm")),
        Component("bars", ComponentKind.TOKEN, "Bars", None, Size(mm(5), mm(25), "0.5cm x 2.5cm")),
    )
    refs = (Reference("r", "Round", (ReferenceSection("Draw", ("Draw 2 cards.",) * 80),)),)
    game = small_game(9, size=None, components=components, references=refs)
    result = build_game(game, tmp_path, draw_face=stand_in_face, draw_back=stand_in_back)
    names = sorted(p.name for p in result.files)
    assert names == ["tiny-boards-a4.pdf", "tiny-reference-a4.pdf", "tiny-tokens-a4.pdf"]
    text = "\n".join(result.warnings)
    assert "card type 'unit' has no size" in text
    assert "'chits' has no size" in text
    assert "'bars' has no count" in text and "board 'mat' has no count" in text
    assert result.pages["tiny-reference-a4.pdf"] >= 2  # 80 items wrap onto more pages
    for f in result.files:
        check_pdf(f)


def _pngs_and_tts(out: Path) -> list[Path]:
    """Card PNGs of a few cards and the TTS sheets of 75 (two sheets): the PNG files are one per
    card whatever the count, the TTS sheets are the part that needs the count."""
    stand_ins = {"draw_face": stand_in_face, "draw_back": stand_in_back}
    pngs = build_game(small_game(3), out / "png", png="gamecrafter", **stand_ins)
    sheets = build_game(small_game(75), out / "tts", tts=True, **stand_ins)
    return sorted(pngs.files) + sorted(sheets.files)


def test_card_pngs_and_tts_sheets(tmp_path):
    files = _pngs_and_tts(tmp_path / "first")
    card = Image.open(tmp_path / "first" / "png" / "tiny" / "png-gamecrafter" / "unit" / "c0.png")
    assert card.size == (825, 1125) and card.mode == "RGB"
    assert card.getpixel((400, 560))[0] > 150  # the stand-in's red face
    # The MPC preset's size is the same for any number of cards: one card is enough.
    build_game(small_game(1), tmp_path / "mpc", png="mpc", draw_face=stand_in_face, draw_back=stand_in_back)
    assert Image.open(tmp_path / "mpc" / "tiny" / "png-mpc" / "unit" / "back.png").size == (822, 1122)
    sheets = sorted((tmp_path / "first" / "tts" / "tiny" / "tts").glob("tiny-unit-[0-9].png"))
    assert len(sheets) == 2  # 75 cards, 69 a sheet
    sheet = Image.open(sheets[0])
    assert sheet.mode == "RGB" and max(sheet.size) <= 4096 and sheet.info["dpi"][0] > 100
    cw, ch = sheet.width // 10, sheet.height // 7
    hidden = sheet.getpixel((9 * cw + cw // 2, 6 * ch + ch // 2))
    assert hidden[2] > 150 and hidden[0] < 100  # the last slot is the (blue) back
    again = _pngs_and_tts(tmp_path / "again")
    assert [p.name for p in files] == [p.name for p in again]
    for a, b in zip(files, again):
        if a.suffix == ".json":  # the TTS saved object names its sheets by their file:// address
            assert a.read_text().replace(str(tmp_path / "first"), "") == b.read_text().replace(str(tmp_path / "again"), "")
            continue
        assert a.read_bytes() == b.read_bytes(), a.name


def test_calibration_sheet(tmp_path):
    path = write_calibration(tmp_path / "cal.pdf", "letter", "short")
    pdf = check_pdf(path)
    assert len(pdf.pages) == 2


def unresolved_names(stream, resources, seen) -> list[str]:
    """ExtGState/Shading names a content stream uses that its resources lack, in it and in
    every form it draws (forms nest: the face module shares shape runs as forms)."""
    missing = []
    for operands, op in pikepdf.parse_content_stream(stream):
        key = {"gs": "/ExtGState", "sh": "/Shading"}.get(str(op))
        if key:
            known = resources.get(key, {}) if resources is not None else {}
            if str(operands[0]) not in known.keys():
                missing.append(f"{op} {operands[0]}")
    if resources is not None and "/XObject" in resources:
        for k in resources.XObject.keys():
            x = resources.XObject[k]
            if x.get("/Subtype") == "/Form" and x.objgen not in seen:
                seen.add(x.objgen)
                missing += unresolved_names(x, x.get("/Resources"), seen)
    return missing


def test_real_faces_embed_fonts_and_resolve_resources(tmp_path):
    game = load_game(XENOSHYFT)
    result = build_game(game, tmp_path)
    deck = tmp_path / "xenoshyft" / "xenoshyft-a4.pdf"
    pdf = check_pdf(deck)
    assert result.cards == sum(c.copies for c in game.cards)
    seen: set = set()
    for page in pdf.pages:
        assert unresolved_names(page, page.Resources, seen) == []
