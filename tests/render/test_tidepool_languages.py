"""Issue #28 point 5: the example game Tidepool in English, German and Japanese. The Japanese cards
print their names, rules and flavour from the ja columns of all three card files (CSV, semicolon CSV,
XLSX) in the bundled CJK font through the styles' ``fallback: [cjk]`` (Lobster Two titles too), with
no line starting with 。、」 or ending with 「; the English build, whose text every style's own font
has, embeds no CJK font; and the game validates with no finding in any language."""

from __future__ import annotations

import re
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest

from pnpgen.kit import game_languages, in_language
from pnpgen.render.build import build_game
from pnpgen.spec import load_game
from pnpgen.validate import validate_game

TIDEPOOL = Path(__file__).resolve().parents[2] / "examples" / "tidepool"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The game drawn in each of its languages as ``build --lang all`` draws them (the command's
    own path, files named per language, is ``test_translations``'; its validation of every
    language is the last test here)."""
    out = tmp_path_factory.mktemp("tidepool")
    game = load_game(str(TIDEPOOL))
    languages = game_languages(str(TIDEPOOL))
    assert languages == [None, "de", "ja"]
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("PNPGEN_CACHE", str(out / "cache"))  # drawn here, not read from an older run
        for lang in languages:
            build_game(in_language(game, lang) if lang else game, out)
    return out / "tidepool"


def pdf_lines(path: Path) -> list[str]:
    pdf = pdfium.PdfDocument(str(path))
    return [line for page in pdf for line in page.get_textpage().get_text_range().split("\r\n")]


def font_names(path: Path) -> set[str]:
    with pikepdf.open(path) as pdf:
        return {str(o.get("/BaseFont")).split("+")[-1] for o in pdf.objects
                if isinstance(o, pikepdf.Dictionary) and o.get("/Type") == "/Font"}


def test_the_japanese_build_prints_the_japanese_cards(built: Path):
    lines = pdf_lines(built / "tidepool-ja-a4.pdf")
    text = "\n".join(lines)
    # a creature (CSV), a tide (XLSX), a pool (semicolon CSV): names, rules, flavour, traits
    for words in ("ヤドカリ", "コウモリダコ", "潮止まり", "真夜中の海", "登場時：", "コウモリでもタコでもない。", "頭足類"):
        assert words in text, words
    assert "Hermit Crab" not in text and "Einsiedlerkrebs" not in text
    assert "DroidSansFallback" in font_names(built / "tidepool-ja-a4.pdf")


def test_japanese_lines_never_break_before_closing_or_after_opening_punctuation(built: Path):
    japanese = [line for line in pdf_lines(built / "tidepool-ja-a4.pdf") if re.search("[\u3040-\u9fff]", line)]
    assert len(japanese) > 100  # the test reads the cards' wrapped text, not an empty page
    assert [line for line in japanese if line[:1] in "。、」）" or line[-1:] in "「（"] == []


def test_english_and_german_need_no_cjk_font(built: Path):
    for name, card in (("tidepool-a4.pdf", "Hermit Crab"), ("tidepool-de-a4.pdf", "Einsiedlerkrebs")):
        assert card in "\n".join(pdf_lines(built / name))
        assert "DroidSansFallback" not in font_names(built / name), name


def test_tidepool_validates_with_no_finding_in_any_language():
    report = validate_game(load_game(str(TIDEPOOL)))
    assert [(f.code, f.message) for f in report.findings] == []
