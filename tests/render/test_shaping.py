"""Shaped, bidirectional and CJK text (issue #28 points 2-3), drawn by the real renderer and read
back from the PDF: the glyph ids drawn are HarfBuzz's for the bidi visual order, text extracts in
logical order, CJK lines break by UAX #14, Latin text keeps the plain path."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import uharfbuzz as hb
from bidi import get_display
from fontTools.ttLib import TTFont
from reportlab.pdfgen.canvas import Canvas

from pnpgen.render import textfit
from pnpgen.render.face_draw import draw_text
from pnpgen.render.fonts import FONTS_DIR, register_fonts
from pnpgen.render.glyphdraw import line_text
from pnpgen.render.scripts import is_complex
from pnpgen.render.textlayout import fit_text
from pnpgen.template.model import IconSet, Style, Where
from pnpgen.template.resolve import TextOp

FALLBACK = ("arabic", "hebrew", "devanagari", "cjk")
FILES = {"RobotoCondensed-Regular": "RobotoCondensed-Regular.ttf", "NotoSansArabic-Regular": "NotoSansArabic-Regular.ttf",
         "NotoSansHebrew-Regular": "NotoSansHebrew-Regular.ttf",
         "NotoSansDevanagari-Regular": "NotoSansDevanagari-Regular.ttf"}
MIXED = "Take 3 كتاب جديد 12 and שלום עולם 42 times"
HEBREW = "שלום עולם, זהו משפט ארוך בעברית עם המספר 42 ומילה English באמצע כדי לבדוק שבירת שורות."
ARABIC = "مرحبا بالعالم، هذا نص عربي فيه الرقم 3.5 وكلمة Latin للاختبار."


def setup_module():
    register_fonts()


def _fit(text: str, width: float, size: float = 10, wrap: bool = True):
    st = Style(font="body", size=size, fallback=FALLBACK, wrap=wrap)
    return fit_text(text, width, 400, st.font, st.size, st.min_size, st.leading, st.bold_font, IconSet(), st.wrap,
                    True, "none", st.fallback)


def _draw(text: str, path: Path, width: float = 400, align: str = "left") -> Path:
    st = Style(font="body", size=10, fallback=FALLBACK, align=align)
    op = TextOp("t", Where("test"), 10, 10, width, 400, text, st, (0, 0, 0, 1))
    c = Canvas(str(path), pagesize=(width + 20, 420))
    draw_text(c, op, _fit(text, width))
    c.save()
    return path


def _drawn_glyphs(path: Path) -> list[tuple[str, int]]:
    """(font file stem, glyph id) of every glyph shown by a Type0 (glyph-id) font, in content order."""
    pdf = pikepdf.open(path)
    page = pdf.pages[0]
    out, font = [], None
    for operands, op in pikepdf.parse_content_stream(page):
        if str(op) == "Tf":
            font = page.Resources.Font[str(operands[0])]
        elif str(op) in ("Tj", "TJ") and font is not None and str(font.Subtype) == "/Type0":
            name = str(font.BaseFont).split("+", 1)[1]
            items = operands[0] if str(op) == "TJ" else [operands[0]]
            for item in items:
                if isinstance(item, pikepdf.String):
                    raw = bytes(item)
                    out += [(name, int.from_bytes(raw[i:i + 2], "big")) for i in range(0, len(raw), 2)]
    return out


def _hb(text: str, stem: str, rtl: bool) -> list[int]:
    """HarfBuzz's own glyph ids for ``text`` in a bundled font (visual order)."""
    font = hb.Font(hb.Face(hb.Blob((FONTS_DIR / FILES[stem]).read_bytes())))
    buf = hb.Buffer()
    buf.add_str(text)
    buf.guess_segment_properties()
    buf.direction = "rtl" if rtl else "ltr"
    hb.shape(font, buf)
    return [g.codepoint for g in buf.glyph_infos]


@lru_cache(maxsize=None)
def _spaces(stem: str) -> frozenset[int]:
    """Glyph ids of the font's spaces (asked once per drawn glyph: each font is read once)."""
    tt = TTFont(FONTS_DIR / FILES[stem])
    cmap = tt.getBestCmap()
    return frozenset(tt.getGlyphID(cmap[cp]) for cp in (0x20, 0xA0) if cp in cmap)


def _expected(text: str) -> list[tuple[str, int]]:
    """The glyphs of a one-line ``text`` by python-bidi's visual order (get_display) and HarfBuzz:
    each run of one script between spaces shaped in the font that has it, right-to-left runs from
    their logical order."""
    out = []
    for chunk in re.findall(r"[\u0600-\u06FF]+|[\u0590-\u05FF]+|[^\s\u0590-\u06FF]+", get_display(text)):
        if "\u0600" <= chunk[0] <= "\u06FF":
            out += [("NotoSansArabic-Regular", g) for g in _hb(chunk[::-1], "NotoSansArabic-Regular", True)]
        elif "\u0590" <= chunk[0] <= "\u05FF":
            out += [("NotoSansHebrew-Regular", g) for g in _hb(chunk[::-1], "NotoSansHebrew-Regular", True)]
        else:
            out += [("RobotoCondensed-Regular", g) for g in _hb(chunk, "RobotoCondensed-Regular", False)]
    return out


def _without_spaces(glyphs):
    return [(f, g) for f, g in glyphs if g not in _spaces(f)]


def test_arabic_hebrew_latin_digits_draw_harfbuzz_glyphs_in_bidi_order(tmp_path):
    drawn = _without_spaces(_drawn_glyphs(_draw(MIXED, tmp_path / "mixed.pdf")))
    assert drawn == _expected(MIXED)
    # Arabic is joined: its letters are drawn in contextual forms, not the isolated ones of their code points.
    tt = TTFont(FONTS_DIR / FILES["NotoSansArabic-Regular"])
    isolated = {tt.getGlyphID(n) for cp, n in tt.getBestCmap().items() if 0x0600 <= cp <= 0x06FF}
    arabic = [g for f, g in drawn if f == "NotoSansArabic-Regular"]
    assert len(arabic) >= 7 and len([g for g in arabic if g not in isolated]) >= 4


def test_right_to_left_paragraph_draws_its_glyphs_in_bidi_order(tmp_path):
    one_line = "שלום עולם 42 ומילה English"
    assert _without_spaces(_drawn_glyphs(_draw(one_line, tmp_path / "he.pdf"))) == _expected(one_line)


def test_devanagari_conjuncts_are_harfbuzz_glyphs(tmp_path):
    word = "क्षत्रिय"
    drawn = _drawn_glyphs(_draw(word, tmp_path / "deva.pdf"))
    want = _hb(word, "NotoSansDevanagari-Regular", False)
    assert drawn == [("NotoSansDevanagari-Regular", g) for g in want]
    assert len(want) < len(word)  # conjuncts: fewer glyphs than characters


def _text(path: Path) -> str:
    return pdfium.PdfDocument(str(path))[0].get_textpage().get_text_range()


def test_pdf_text_reads_back_in_logical_order(tmp_path):
    # A left-to-right line carries its logical text as ActualText; pdfium reads it back. (pdfium
    # reverses the words of a left-to-right line where right-to-left words dominate, as MIXED:
    # its own guess of the line's direction, see docs/templates.md.)
    for name, text in (("mixed", "Take 3 كتاب 12 and שלום 42 times"), ("deva", "की हिन्दी क्षत्रिय")):
        assert _text(_draw(text, tmp_path / f"{name}.pdf")) == text
    for name, text in (("he", HEBREW), ("ar", ARABIC)):  # several lines, right to left
        path = _draw(text, tmp_path / f"{name}.pdf", width=120)
        assert len(_fit(text, 120).lines) >= 3
        assert " ".join(_text(path).split()) == text


def test_right_to_left_lines_wrap_in_logical_order_and_run_right_to_left():
    fit = _fit(HEBREW, 150)
    assert fit.fits and len(fit.lines) >= 3 and all(line.rtl for line in fit.lines)
    assert " ".join(line_text(line) for line in fit.lines) == HEBREW  # lines follow the text
    for line in fit.lines:  # drawn left to right, a right-to-left line's text starts at its right
        starts = [r.glyphs.start for r in line.runs]
        assert starts[0] == max(starts) and starts[-1] == 0


def test_right_to_left_line_is_set_against_the_right_edge(tmp_path):
    path = _draw("שלום עולם", tmp_path / "right.pdf", width=300, align="left")
    fit = _fit("שלום עולם", 300)
    with pikepdf.open(path) as pdf:
        content = pdf.pages[0].Contents.read_bytes().decode("latin-1")
    x = float(re.search(r"1 0 0 1 ([\d.]+) [\d.]+ Tm /F", content).group(1))
    assert abs(x + fit.lines[0].width - (10 + 300)) < 0.01


CJK = ("日本語の「テスト」です。これは長い文章で、行の折り返しを確認するためのものです。"
       "「括弧」の前後で正しく改行されるか、句読点「。」や「、」が行頭に来ないかを見ます。")


def test_cjk_breaks_between_ideographs_never_before_closing_or_after_opening_marks():
    for width in range(40, 200, 7):
        fit = _fit(CJK, width)
        lines = ["".join(r.text for r in line.runs) for line in fit.lines]
        assert "".join(lines) == CJK  # nothing lost, no hyphens, no spaces added
        assert len(lines) > 1
        for line in lines:
            assert line[0] not in "。、」）", (width, line)
            assert line[-1] not in "「（", (width, line)
        assert all(line.width <= width + 0.01 for line in fit.lines)


def test_latin_text_keeps_the_plain_path():
    latin = "Café Ærø — “quoted” naïve façade: DEAL 2 DAMAGE, then draw 1 card."
    assert not is_complex(latin)
    st = Style(font="body", size=9)
    args = (latin, 120, 100, st.font, st.size, 6, st.leading, st.bold_font, IconSet(), True, True, "none", ())
    assert fit_text(*args) == textfit.fit_text(*args)
    assert all(r.glyphs is None for line in fit_text(*args).lines for r in line.runs)


def _game_with_arabic(tmp_path: Path, fallback: str) -> Path:
    """A new game (``pnpgen new``) with an Arabic event, its text boxes falling back on ``fallback``."""
    from pnpgen.scaffold.game import new_game

    home = tmp_path / f"{fallback.lower()}-game"
    new_game(home)
    events = home / "cards" / "events.csv"
    events.write_text(events.read_text(encoding="utf-8")
                      + "layla,ليلة طويلة,1,4,كل بطل من القمر يحصل على +1 قوة في هذه الجولة.,art/example.png\n",
                      encoding="utf-8")
    template = home / "templates" / "event.yaml"
    styles = template.read_text(encoding="utf-8")
    for end in ("padding: 2}", "wrap: false}"):  # the text and title styles
        styles = styles.replace(end, f"{end[:-1]}, fallback: [{fallback}]}}")
    template.write_text(styles, encoding="utf-8")
    return home


def _glyph_findings(home: Path) -> list[str]:
    from typer.testing import CliRunner

    from pnpgen.cli import app

    result = CliRunner().invoke(app, ["validate", str(home), "--select", "GLYPH001"])
    return [line for line in result.output.splitlines() if "GLYPH001" in line]


def test_a_font_that_cannot_shape_arabic_is_a_finding(tmp_path):
    # The bundled Noto Sans Arabic shapes it: no finding.
    assert _glyph_findings(_game_with_arabic(tmp_path / "ok", "arabic")) == []
    # The same glyphs without their OpenType layout (and without presentation forms) would print
    # unjoined: the build and validate say so.
    home = _game_with_arabic(tmp_path / "flat", "FlatArabic")
    flat = TTFont(FONTS_DIR / "NotoSansArabic-Regular.ttf")
    for table in ("GSUB", "GPOS", "GDEF"):
        del flat[table]
    for record in flat["name"].names:  # a font of its own (reportlab shares faces of one name)
        if record.nameID in (1, 3, 4, 6):
            record.string = "FlatArabic"
    for sub in flat["cmap"].tables:
        sub.cmap = {cp: g for cp, g in sub.cmap.items() if not (0xFB50 <= cp <= 0xFDFF or 0xFE70 <= cp <= 0xFEFF)}
    flat.save(home / "fonts" / "FlatArabic.ttf")
    findings = _glyph_findings(home)
    assert len(findings) == 1 and "layla" in findings[0] and "cannot shape" in findings[0], findings
    assert "U+0643 ARABIC LETTER KAF" in findings[0]


def test_bullets_hang_on_the_shaped_path_at_the_line_start():
    for text, rtl in (("- " + HEBREW, True), ("• " + CJK, False)):
        fit = _fit(text, 120)
        assert len(fit.lines) >= 3
        first, *wrapped = fit.lines
        marker = first.runs[-1] if rtl else first.runs[0]
        assert marker.text.strip() in ("-", "•")
        for line in wrapped:  # each wrapped line starts (right end if right to left) with the indent
            start = line.runs[-1] if rtl else line.runs[0]
            assert start.icon is not None and start.icon.name == "indent" and start.icon.shapes == ()
            assert line.width <= 120 + 0.01


def test_a_code_point_without_a_bidi_class_is_read_left_to_right():
    """UAX #9 (Bidi_Class of unassigned code points): outside the right-to-left blocks they default to
    L. U+2EBE1 has no class in this Python's Unicode data; python-bidi's rules refused it (an
    AssertionError from validate, found by tests/validate/test_fuzz_validate.py)."""
    from pnpgen.render.shaping import embedding_levels

    assert embedding_levels("\U0002ebe1") == (0,)
    assert embedding_levels("abc \U0002ebe1 שלום") == (0, 0, 0, 0, 0, 0, 1, 1, 1, 1)
