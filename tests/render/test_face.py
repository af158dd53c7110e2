"""Drawing real cards with reportlab: pixels where the boxes are, overflow records, fonts embedded."""

from __future__ import annotations

import pikepdf
import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen.canvas import Canvas

from facekit import mini_game, troop, write, xeno_game
from pnpgen.render.face import FitReport, Overflow, TextOverflowError, draw_back, draw_face, face_size, measure_card
from pnpgen.render.fonts import BODY_FONT, FACES, register_fonts
from pnpgen.spec.model import Card
from pnpgen.template import TemplateLibrary
from pnpgen.units import mm

BLEED = mm(3)
DPI = 150


def render_one(path, game, card=None, back_type=None, library=None):
    """One card on a page exactly its bleed box; returns (overflows, PIL image)."""
    type_id = card.type if card else back_type
    w, h = face_size(game, type_id, library)
    register_fonts()
    c = Canvas(str(path), pagesize=(w + 2 * BLEED, h + 2 * BLEED), initialFontName=BODY_FONT)
    if card is not None:
        over = draw_face(c, game, card, 0, 0, BLEED, library)
    else:
        over = draw_back(c, game, back_type, 0, 0, BLEED, library)
    c.save()
    pdf = pdfium.PdfDocument(str(path))
    img = pdf[0].render(scale=DPI / 72).to_pil().convert("RGB")
    return over, img


def px(img, x_mm, y_mm):
    """Pixel at (x, y) mm from the TRIM top-left."""
    s = DPI / 25.4
    return img.getpixel((round((x_mm + 3) * s), round((y_mm + 3) * s)))


def close(rgb, hex_colour, tol=40):
    want = tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= tol for a, b in zip(rgb, want))


def test_troop_card_draws_badges_bands_and_bleed(tmp_path):
    game = xeno_game(troop("ranger", wave=1, cost=2, power=2, hp=3))
    over, img = render_one(tmp_path / "troop.pdf", game, game.card("ranger"))
    assert over == []
    assert close(px(img, -2, 40), "#3f8f4e")  # the bleed carries the wave-1 colour
    assert close(px(img, 3.2, 8.3), "#f0b429")  # cost hexagon (gold), left of its number
    assert close(px(img, 5, 55), "#ece7da")  # ability box paper
    assert close(px(img, 4.5, 78.5), "#c7372f")  # power badge red
    assert close(px(img, 58.5, 78.5), "#2f8f5b")  # HP badge green
    # Something dark (text) is drawn inside the ability box, not just its paper.
    s = DPI / 25.4
    box = img.crop((round(6.5 * s), round(51 * s), round(62 * s), round(79 * s)))
    assert box.convert("L").getextrema()[0] < 70


def test_unknown_stat_prints_question_mark_and_wave_colour_changes(tmp_path):
    game = xeno_game(troop("a", wave=3, cost=None, power=None))
    over, img = render_one(tmp_path / "u.pdf", game, game.card("a"))
    assert over == []
    assert close(px(img, -2, 40), "#c0392b")  # wave 3 band
    # The measured text of the badges shows '?' for unknowns.
    reports = {r.box: r for r in measure_card(game, game.card("a"))}
    assert reports["cost"].text == "?" and reports["power"].text == "?" and reports["hp"].text == "3"


def test_overflow_is_reported_never_silently_clipped(tmp_path):
    long = " ".join(["DEAL 1 ENEMY (W) DAMAGE AND BURN THAT TROOP."] * 30)
    game = xeno_game(troop("wordy", ability=long))
    over, _ = render_one(tmp_path / "o.pdf", game, game.card("wordy"))
    assert len(over) == 1 and isinstance(over[0], Overflow)
    o = over[0]
    assert o.card_id == "wordy" and o.box == "ability" and o.leftover and o.size == 5.5
    assert o.where.startswith("templates/xenoshyft/_base.yaml:")
    assert "left over" in str(o)
    with pytest.raises(TextOverflowError, match="wordy"):
        raise TextOverflowError(over)
    # measure_card agrees with draw_face: same code path.
    (ability,) = [r for r in measure_card(game, game.card("wordy")) if r.box == "ability"]
    assert isinstance(ability, FitReport) and not ability.fits and ability.overflow == o.leftover


def test_every_font_in_the_pdf_is_embedded(tmp_path):
    game = xeno_game(
        troop("ranger"),
        Card("boss", "Brood Mother", "enemy", 1, {"wave": 3, "boss": True, "power": 10, "hp": 10, "ability": "REVEAL: BURN 1 TROOP."}),
    )
    path = tmp_path / "fonts.pdf"
    register_fonts()
    c = Canvas(str(path), pagesize=(mm(210), mm(297)), initialFontName=BODY_FONT)
    for i, card in enumerate(game.cards):
        draw_face(c, game, card, mm(10) + i * mm(70), mm(150), BLEED)
    draw_back(c, game, "troop", mm(10), mm(50), BLEED)
    c.save()
    fonts = {}
    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            for _name, font in page.Resources.Font.items():
                fonts[str(font.BaseFont)] = font
        assert fonts
        for base, font in fonts.items():
            desc = font.DescendantFonts[0].FontDescriptor if "/DescendantFonts" in font else font.FontDescriptor
            assert "/FontFile2" in desc, f"{base} is not embedded"
            assert "Helvetica" not in base
        # Card frames are shared form XObjects; each must carry the graphics states and
        # shadings its content uses (reportlab leaves them out of forms by default).
        forms = [x for page in pdf.pages for x in page.Resources.XObject.values() if x.Subtype == "/Form"]
        assert forms
        for form in forms:
            content = form.read_bytes().decode("latin-1")
            if " gs" in content:
                assert "/ExtGState" in form.Resources
            if " sh" in content:
                assert "/Shading" in form.Resources


def test_backs_and_generic_fallbacks_render(tmp_path):
    game = xeno_game()
    for t in game.card_types:
        over, img = render_one(tmp_path / f"back-{t}.pdf", game, back_type=t)
        assert over == []
        assert img.getpixel((img.width // 2, img.height // 2)) != (255, 255, 255)
    # A type with no template of its own uses _shared/default (lists its fields).
    lib = TemplateLibrary()
    other = mini_game(Card("u", "Unit One", "unit", 1, {"cost": 2, "text": "Hello"}))
    reports = {r.box: r.text for r in measure_card(other, other.card("u"), lib)}
    assert reports["title"] == "Unit One" and "**Cost:** 2" in reports["fields"]


def test_card_type_without_size_takes_the_templates(tmp_path):
    write(tmp_path, "demo/unit.yaml", "size: mini\nboxes:\n  t: {x: 2, y: 2, w: 40, h: 8, text: '{{ card.name }}'}\n")
    lib = TemplateLibrary(tmp_path)
    game = mini_game(Card("u", "U", "unit", 1, {}), size=None)
    w, h = face_size(game, "unit", lib)
    assert (round(w / mm(1)), round(h / mm(1))) == (44, 68)


def test_bundled_fonts_exist_with_licence():
    from pnpgen.render.fonts import FONTS_DIR

    for file in FACES.values():
        assert (FONTS_DIR / file).is_file()
    assert any(p.name.startswith("LICENSE") for p in FONTS_DIR.iterdir())
    assert register_fonts() == register_fonts()  # idempotent
