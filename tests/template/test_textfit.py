"""Text fitting: wrapping, shrinking to the minimum, overflow, inline icons, hyphenation, speed."""

from __future__ import annotations


import pytest

from pnpgen.render.fonts import BODY_FONT, BOLD_FONT, register_fonts
from pnpgen.render.textfit import fit_text, hyphen_points, unit_width
from pnpgen.template import TemplateLibrary
from pnpgen.template.model import Icon, IconSet, Shape, Where

ICONS = IconSet((Icon("wave", "(W)", 1.0, (Shape("ellipse", Where("t"), 0.0, 0.0, 1.0, 1.0, fill="#000000"),), Where("t")),))
ABILITY = "ONCE PER ROUND, WHEN A TROOP IS DEALT DAMAGE, THIS TROOP MAY SUFFER THAT DAMAGE INSTEAD."


def setup_module():
    register_fonts()


def test_fits_at_full_size_when_there_is_room():
    r = fit_text(ABILITY, 150, 100, "body", 9, 6)
    assert r.fits and r.size == 9 and r.overflow == ""
    assert all(line.width <= 150 for line in r.lines)
    assert " ".join(r.text.split()) == ABILITY  # nothing lost, nothing added


def test_shrinks_until_it_fits_and_not_below_min():
    big = fit_text(ABILITY, 120, 200, "body", 9, 5)
    small = fit_text(ABILITY, 120, 30, "body", 9, 5)
    assert small.fits and 5 <= small.size < big.size
    assert small.height <= 30
    # One step larger would not have fitted.
    assert not fit_text(ABILITY, 120, 30, "body", small.size + 0.25, small.size + 0.25).fits


def test_overflow_reports_the_text_left_over():
    text = " ".join(f"WORD{i}" for i in range(60))
    r = fit_text(text, 80, 20, "body", 9, 6)
    assert not r.fits and r.size == 6
    assert r.overflow and r.overflow_chars == len(r.overflow)
    drawn = r.text.split()
    # What is drawn plus what is left over is the whole text, in order.
    assert drawn + r.overflow.split() == text.split()
    assert r.height <= 20


def test_single_line_box_shrinks_then_reports_the_cut():
    r = fit_text("RESEARCH CAPTAIN", 70, 20, "title", 12, 8, wrap_lines=False)
    assert r.fits and len(r.lines) == 1 and 8 <= r.size < 12 and r.lines[0].width <= 70
    r = fit_text("RESEARCH CAPTAIN", 60, 20, "title", 12, 8, wrap_lines=False)
    assert not r.fits and r.size == 8
    assert r.text == "RESEARCH CAPT" and r.overflow == "AIN"  # drawn up to the edge, the rest reported


def test_icons_are_measured_inline_and_glued_to_their_word():
    with_icon = fit_text("DEAL (W)+1 DAMAGE", 500, 50, "body", 10, 10, icons=ICONS)
    without = fit_text("DEAL (W)+1 DAMAGE", 500, 50, "body", 10, 10)
    runs = with_icon.lines[0].runs
    icon_runs = [r for r in runs if r.icon is not None]
    assert len(icon_runs) == 1 and icon_runs[0].width == pytest.approx(10.0)  # 1 em at 10 pt
    expected = (unit_width("DEAL ", BODY_FONT) + unit_width("+1 DAMAGE", BODY_FONT)) * 10 + 10
    assert with_icon.lines[0].width == pytest.approx(expected)
    assert with_icon.lines[0].width != pytest.approx(without.lines[0].width)
    # "(W)+1" never breaks between the icon and "+1".
    narrow = fit_text("DEAL (W)+1 DAMAGE", 40, 100, "body", 10, 10, icons=ICONS)
    for line in narrow.lines:
        if any(r.icon for r in line.runs):
            assert line.runs[-1].text.startswith("+1") or line.runs[-1].icon is None


def test_real_xenoshyft_icon_registry_is_data():
    icons = TemplateLibrary().icons("xenoshyft")
    tokens = icons.by_token()
    assert {"(W)", "[equipment]", "[instant]"} <= set(tokens)
    r = fit_text("GAIN (W)+2 RESOURCES. [instant]", 300, 40, "body", 8, 8, icons=icons)
    assert [run.icon.name for line in r.lines for run in line.runs if run.icon] == ["wave", "instant"]


def test_bold_markup_switches_face_and_case_spares_icon_tokens():
    r = fit_text("**REVEAL:** deal (W) damage", 300, 40, "body", 8, 8, icons=ICONS, case="upper")
    runs = r.lines[0].runs
    assert runs[0].font == BOLD_FONT and runs[0].text == "REVEAL:"
    assert runs[1].font == BODY_FONT and runs[1].text.startswith(" DEAL")
    assert any(run.icon for run in runs)  # "(W)" still matched after upper-casing


def test_newlines_force_breaks():
    r = fit_text("ONE\nTWO", 300, 40, "body", 8, 8)
    assert [ln.runs[0].text for ln in r.lines] == ["ONE", "TWO"]


def test_hyphenation_points_follow_simple_rules():
    assert (3, True) in hyphen_points("PURCHASES")  # PUR-CHASES
    assert (5, False) in hyphen_points("FACE-DOWN")  # at the existing hyphen, no extra one
    assert not any(i in (7, 8) for i, _ in hyphen_points("DAMAGES"))  # never DAMA-GES
    assert hyphen_points("THE") == ()
    assert all(hyphen_points("WITHOUT")[k][0] != 3 for k in range(len(hyphen_points("WITHOUT"))))  # not WIT-HOUT


def test_long_word_is_hyphenated_rather_than_overflowing():
    r = fit_text("ADDITIONAL", 30, 100, "body", 9, 9)
    assert r.fits and len(r.lines) > 1
    assert r.lines[0].runs[0].text.endswith("-")
    assert all(line.width <= 30 + 1e-6 for line in r.lines)


def test_fitting_is_cached():
    """A deck of identical cards costs one measurement: the same text in the same box is fitted once
    and the fit reused (the speed itself is measured by bench/, never asserted here)."""
    texts = [f"{ABILITY} VARIANT {i}" for i in range(300)]
    first = [fit_text(t, 150, 70, "body", 8.8, 5.5, icons=ICONS) for t in texts]
    before = fit_text.cache_info()
    again = [fit_text(t, 150, 70, "body", 8.8, 5.5, icons=ICONS) for t in texts]
    after = fit_text.cache_info()
    assert all(a is b for a, b in zip(first, again))
    assert after.hits - before.hits == len(texts) and after.misses == before.misses


@pytest.mark.parametrize("text, width, height, size, min_size, wrap", [
    (ABILITY, 150, 100, 9, 6, True),  # fits at the first size
    (ABILITY, 120, 30, 9, 5, True),  # shrinks a few steps
    (" ".join(f"WORD{i}" for i in range(60)), 80, 20, 9, 6, True),  # overflows
    ("A VERY LONG TITLE FOR A BOX", 60, 12, 10, 7, False),  # one line, shrinks or is cut
    ("SHORT (W)+2 **BOLD** WAVE", 200, 12, 10, 7, False),
    ("LINE ONE\nLINE (W) TWO\n\nFOUR", 90, 40, 9, 6, True),
])
def test_fits_box_agrees_with_fit_text(text, width, height, size, min_size, wrap):
    # The validator asks fits_box; the build draws fit_text's lines: they must never disagree.
    from pnpgen.render.textfit import fits_box

    full = fit_text(text, width, height, "body", size, min_size, icons=ICONS, wrap_lines=wrap)
    assert fits_box(text, width, height, "body", size, min_size, icons=ICONS, wrap_lines=wrap) == full.fits


def test_icon_tokens_are_found_in_lines_mixing_icons_and_plain_words():
    r = fit_text("PLAIN WORDS\nAND (W)+2 HERE", 300, 100, "body", 9, 6, icons=ICONS)
    atoms = [run for line in r.lines for run in line.runs]
    assert [run.icon.token for run in atoms if run.icon] == ["(W)"]
    assert r.text == "PLAIN WORDS\nAND (W)+2 HERE"
