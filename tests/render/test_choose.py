"""Choosing what to print (--only, --types, --pages), card numbers, game.version, the build date
from SOURCE_DATE_EPOCH, paper presets and --ink-saver (issue #14 points 4 and 5; docs/home-printing.md).

PDFs are read back as text with pypdfium2: a selection is checked against the pages of the full
build, not against numbers the code under test computed.
"""

from __future__ import annotations

import csv

import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from typer.testing import CliRunner

from facekit import mini_game, write
from pnpgen.cli import app
from pnpgen.errors import SpecError
from pnpgen.layout.paper import paper_size
from pnpgen.render import face as facemod
from pnpgen.render.build import build_game
from pnpgen.render.inksaver import is_heavy, lighten, lightness
from pnpgen.selection import SelectionError, SheetRange, parse_sheets
from pnpgen.spec import load_game
from pnpgen.spec.model import Card
from pnpgen.template import TemplateLibrary, TextOp, make_context, resolve_face
from pnpgen.template.builddate import build_values
from pnpgen.template.resolve import ShapeOp
from pnpgen.units import mm

DATA = Path(__file__).parents[1] / "data"


def page_texts(path: Path) -> list[str]:
    doc = pdfium.PdfDocument(str(path))
    try:
        return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    finally:
        doc.close()


@pytest.fixture(scope="module")
def xeno():
    return load_game("xenoshyft")


@pytest.fixture(scope="module")
def full_xeno(xeno, tmp_path_factory):
    out = tmp_path_factory.mktemp("full")
    result = build_game(xeno, out)
    return result, page_texts(out / "xenoshyft" / "xenoshyft-a4.pdf")


# ---- paper presets -------------------------------------------------------------------------

@pytest.mark.parametrize("name, width_mm, height_mm", [
    ("a3", 297, 420), ("a4", 210, 297), ("a5", 148, 210),          # ISO 216
    ("letter", 215.9, 279.4), ("legal", 215.9, 355.6), ("tabloid", 279.4, 431.8),  # 8.5x11, 8.5x14, 11x17 in
])
def test_named_papers_have_their_standard_sizes(name, width_mm, height_mm):
    paper = paper_size(name)
    assert paper.width == pytest.approx(mm(width_mm), abs=1e-6)
    assert paper.height == pytest.approx(mm(height_mm), abs=1e-6)
    turned = paper_size(f"{name}-landscape")
    assert (turned.width, turned.height) == (paper.height, paper.width)


def test_us_papers_are_exact_in_points():
    assert (paper_size("legal").width, paper_size("legal").height) == (612.0, 1008.0)
    assert (paper_size("tabloid").width, paper_size("tabloid").height) == (792.0, 1224.0)


# ---- --pages syntax ------------------------------------------------------------------------

def test_sheet_ranges_parse():
    assert parse_sheets("3") == (SheetRange(3, 3),)
    assert parse_sheets("2-5") == (SheetRange(2, 5),)
    assert parse_sheets("4-") == (SheetRange(4, None),)
    assert parse_sheets(" 1, 3-4 ") == (SheetRange(1, 1), SheetRange(3, 4))
    assert parse_sheets(None) == ()


@pytest.mark.parametrize("text", ["x", "0", "3-1", "1,,2", "-3", "1-2-3", "", "1.5"])
def test_bad_sheet_ranges_are_one_line_errors(text):
    with pytest.raises(SelectionError) as err:
        parse_sheets(text)
    assert "\n" not in str(err.value) and "--pages" in str(err.value)


# ---- --only / --types -----------------------------------------------------------------------

def test_only_prints_exactly_the_named_cards_with_their_copies(xeno, tmp_path):
    result = build_game(xeno, tmp_path, only=["berserker", "Bile Roach"])
    path = tmp_path / "xenoshyft" / "xenoshyft-a4-selection.pdf"
    manifest = tmp_path / "xenoshyft" / "xenoshyft-a4-selection-manifest.csv"
    assert result.files == [path, manifest]  # no tokens, references or odds in a selection build
    with manifest.open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert sorted({r["card_id"] for r in rows}) == ["berserker", "bile-roach"]
    assert not (tmp_path / "xenoshyft" / "xenoshyft-a4.pdf").exists()
    copies = xeno.card("berserker").copies + xeno.card("bile-roach").copies
    assert result.cards == copies
    fronts, backs = page_texts(path)
    assert fronts.upper().count("BERSERKER") == xeno.card("berserker").copies
    assert fronts.upper().count("BILE ROACH") == xeno.card("bile-roach").copies
    others = [c.name.upper() for c in xeno.cards
              if c.id not in ("berserker", "bile-roach") and c.name and len(c.name) > 5]
    assert not [n for n in others if n in fronts.upper()]
    assert "backs" in backs


def test_types_prints_every_card_of_the_type_and_nothing_else(xeno, tmp_path):
    build_game(xeno, tmp_path, types=["Item"])  # by name
    text = "\n".join(page_texts(tmp_path / "xenoshyft" / "xenoshyft-a4-selection.pdf")).upper()
    items = [c for c in xeno.cards if c.type == "item" and c.copies > 0]
    assert items and all(c.name.upper()[:12] in text for c in items)
    enemies = [c.name.upper() for c in xeno.cards if c.type == "enemy" and c.name and len(c.name) > 6]
    assert not [n for n in enemies if n in text]


def test_only_and_types_together_must_both_match(xeno, tmp_path):
    result = build_game(xeno, tmp_path, only=["berserker", "Bile Roach"], types=["enemy"])
    assert result.cards == xeno.card("berserker").copies + xeno.card("bile-roach").copies
    with pytest.raises(SelectionError, match="no card of this kit matches both"):
        build_game(xeno, tmp_path / "none", only=["berserker"], types=["troop"])
    assert not (tmp_path / "none").exists()


@pytest.mark.parametrize("kwargs, message", [
    ({"only": ["bersrker"]}, "--only: no card with id or name 'bersrker' (did you mean 'berserker'?)"),
    ({"types": ["enemi"]}, "--types: no card type 'enemi' (did you mean 'enemy'?)"),
    ({"pages": "27"}, "--pages 27: the card PDF (A4, duplex) has 26 sheets (1-26)"),
    ({"pages": "3,30-"}, "--pages 30-: the card PDF (A4, duplex) has 26 sheets"),
])
def test_unknown_choices_fail_before_anything_is_written(xeno, tmp_path, kwargs, message):
    with pytest.raises(SelectionError) as err:
        build_game(xeno, tmp_path, **kwargs)
    assert message in str(err.value) and "\n" not in str(err.value)
    assert not (tmp_path / "xenoshyft").exists()


def test_cli_reports_a_bad_choice_on_one_line_with_exit_2(tmp_path):
    runner = CliRunner()
    for args in (["--only", "bersrker"], ["--pages", "99"], ["--pages", "two"], ["--types", "enemi"]):
        res = runner.invoke(app, ["build", "xenoshyft", "--out", str(tmp_path), *args])
        assert res.exit_code == 2, (args, res.output)
        errors = [line for line in res.output.splitlines() if line.startswith("error:")]
        assert len(errors) == 1 and ("--only" in errors[0] or "--pages" in errors[0] or "--types" in errors[0])
    assert not list(tmp_path.glob("xenoshyft/*.pdf"))


def test_expansion_only_names_its_own_cards(tmp_path):
    exp = tmp_path / "myexp"
    res = CliRunner().invoke(app, ["new", str(exp), "--game", "xenoshyft"])
    assert res.exit_code == 0, res.output
    game = load_game(str(exp))
    own = game.own_cards()
    assert own
    with pytest.raises(SelectionError, match="belongs to the base game"):
        build_game(game, tmp_path / "out", only=["berserker"])
    result = build_game(game, tmp_path / "out", only=[own[0].id])
    assert result.cards == own[0].copies


# ---- --pages: sheets, fronts and backs together ----------------------------------------------

def test_pages_selects_whole_sheets_front_and_back(xeno, full_xeno, tmp_path):
    full, texts = full_xeno
    assert full.pages["xenoshyft-a4.pdf"] == 52
    result = build_game(xeno, tmp_path, pages="3,25-")
    got = page_texts(tmp_path / "xenoshyft" / "xenoshyft-a4-selection.pdf")
    # Sheet 3 = pages 5 and 6 of the full PDF; 25- = sheets 25 and 26 = pages 49-52.
    assert got == [texts[4], texts[5], texts[48], texts[49], texts[50], texts[51]]
    assert "fronts" in got[0] and "backs" in got[1]
    per_sheet = 9  # poker cards on A4
    assert result.cards == per_sheet + per_sheet + (full.cards - 25 * per_sheet)
    # The selection's manifest lists exactly those sheets' slots (sheet numbers as in the full PDF,
    # which --pages counts), at the pages they now have in the selection PDF.
    def rows(path):
        with path.open(newline="") as f:
            return list(csv.DictReader(f))
    full_rows = rows(full.out_dir / "xenoshyft-a4-manifest.csv")
    chosen = rows(tmp_path / "xenoshyft" / "xenoshyft-a4-selection-manifest.csv")
    slots = [(r["sheet"], r["slot"], r["card_id"], r["copy"]) for r in chosen]
    assert slots == [(r["sheet"], r["slot"], r["card_id"], r["copy"]) for r in full_rows if r["sheet"] in ("3", "25", "26")]
    pages = {r["sheet"]: (r["front_page"], r["back_page"]) for r in chosen}
    assert pages == {"3": ("1", "2"), "25": ("3", "4"), "26": ("5", "6")}


def test_pages_in_gutterfold_are_single_pages(xeno, tmp_path):
    build_game(xeno, tmp_path / "all", gutterfold=True)
    full = page_texts(tmp_path / "all" / "xenoshyft" / "xenoshyft-gutterfold-a4.pdf")
    build_game(xeno, tmp_path / "some", gutterfold=True, pages="2-3")
    got = page_texts(tmp_path / "some" / "xenoshyft" / "xenoshyft-gutterfold-a4-selection.pdf")
    assert got == full[1:3]


def test_pages_count_after_only(xeno, tmp_path):
    enemies = [c for c in xeno.cards if c.type == "enemy"]
    build_game(xeno, tmp_path / "a", types=["enemy"])
    all_enemy = page_texts(tmp_path / "a" / "xenoshyft" / "xenoshyft-a4-selection.pdf")
    build_game(xeno, tmp_path / "b", types=["enemy"], pages="2")
    assert page_texts(tmp_path / "b" / "xenoshyft" / "xenoshyft-a4-selection.pdf") == all_enemy[2:4]
    assert len(enemies) > 9


# ---- card numbers, game.version, build date ----------------------------------------------------

FOOTER = """
    size: poker
    styles:
      f: {font: body, size: 6, min_size: 4, wrap: false}
    boxes:
      footer:
        x: 4
        y: 80
        w: 55
        h: 5
        text: >-
          {{ card.number }}/{{ card.count }}
          {%- if game.version is defined %} · v{{ game.version }}{% endif %}
          {%- if build.date is defined %} · {{ build.date }}{% endif %}
        style: f
"""


def _footer(lib, game, card, build=None):
    t = lib.load(game.id, card.type)
    ct = game.card_types[card.type]
    face = resolve_face(t, make_context(game, card, ct, t, build), ct.size.width, ct.size.height)
    return [op.text for op in face.ops if isinstance(op, TextOp)][0]


def test_card_number_is_the_place_in_spec_order_and_survives_selection(tmp_path):
    """docs/templates.md 'Values in expressions': n of N in the set, copies 0 counted."""
    cards = [Card("a", "A", "unit", 2, {}), Card("b", "B", "unit", 0, {}), Card("c", "C", "unit", 1, {})]
    game = mini_game(*cards)
    lib = TemplateLibrary(tmp_path)
    write(tmp_path, "demo/unit.yaml", FOOTER)
    assert [_footer(lib, game, c, {}) for c in cards] == ["1/3", "2/3", "3/3"]


def test_a_card_field_named_number_wins(tmp_path):
    card = Card("a", "A", "unit", 1, {"number": "X-7"})
    write(tmp_path, "demo/unit.yaml", FOOTER)
    assert _footer(TemplateLibrary(tmp_path), mini_game(card), card, {}) == "X-7/1"


def test_expansion_cards_are_numbered_in_their_own_set(tmp_path):
    from dataclasses import replace

    base = [Card("a", "A", "unit", 1, {}), Card("b", "B", "unit", 1, {})]
    own = [Card("x", "X", "unit", 1, {}, origin="myexp")]
    game = replace(mini_game(*base, *own))
    write(tmp_path, "demo/unit.yaml", FOOTER)
    lib = TemplateLibrary(tmp_path)
    assert _footer(lib, game, own[0], {}) == "1/1"
    assert _footer(lib, game, base[1], {}) == "2/2"


def test_version_and_build_date_print_only_when_given(tmp_path):
    from dataclasses import replace

    card = Card("a", "A", "unit", 1, {})
    write(tmp_path, "demo/unit.yaml", FOOTER)
    lib = TemplateLibrary(tmp_path)
    game = mini_game(card)
    assert _footer(lib, game, card, {}) == "1/1"
    dated = build_values({"SOURCE_DATE_EPOCH": "1714571100"})
    assert dated == {"date": "2024-05-01", "datetime": "2024-05-01 13:45 UTC", "epoch": 1714571100}
    assert _footer(lib, replace(game, version="1.10"), card, dated) == "1/1 · v1.10 · 2024-05-01"


@pytest.mark.parametrize("value", ["abc", "-1", "1.5", "99999999999999"])
def test_malformed_source_date_epoch_is_an_error(value):
    with pytest.raises(SpecError, match="SOURCE_DATE_EPOCH must be a Unix time"):
        build_values({"SOURCE_DATE_EPOCH": value})
    assert build_values({"SOURCE_DATE_EPOCH": ""}) == {} and build_values({}) == {}


def _dated_game(tmp_path: Path) -> Path:
    folder = tmp_path / "minigame"
    shutil.copytree(DATA / "minigame", folder)
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("name: Mini Game\n", 'name: Mini Game\nversion: "1.10"\n'))
    write(folder, "templates/unit.yaml", FOOTER)
    return folder


def test_game_yaml_version_is_loaded_and_a_float_is_refused(tmp_path):
    folder = _dated_game(tmp_path)
    assert load_game(str(folder)).version == "1.10"
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace('version: "1.10"', "version: 1.10"))
    with pytest.raises(SpecError, match=r"game.yaml:3: 'version' must be one line of text.*quote it"):
        load_game(str(folder))


def test_schema_knows_version():
    from pnpgen.spec.schema import spec_schema

    assert "version" in spec_schema(None)["$defs"]["game_file"]["properties"]


def test_build_date_output_is_reproducible_set_and_unset(tmp_path, monkeypatch):
    folder = _dated_game(tmp_path)

    def build(out: str) -> tuple[bytes, str]:
        facemod.reset_libraries()
        build_game(load_game(str(folder)), tmp_path / out)
        path = tmp_path / out / "minigame" / "minigame-a4.pdf"
        return path.read_bytes(), page_texts(path)[0]

    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    unset1, text_unset = build("u1")
    assert build("u2")[0] == unset1
    assert "1/2 · v1.10" in text_unset and "2024" not in text_unset
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1714571100")
    set1, text_set = build("s1")
    assert build("s2")[0] == set1
    assert "1/2 · v1.10 · 2024-05-01" in text_set and set1 != unset1


# ---- ink saver -----------------------------------------------------------------------------------

def _op(kind="rect", w=63.5, h=88.9, fill=(0.1, 0.1, 0.1, 1.0), ink="", **kw) -> ShapeOp:
    return ShapeOp(kind=kind, x=0, y=0, w=mm(w), h=mm(h), fill=fill, ink=ink, **kw)


def test_automatic_rule_is_large_and_dark():
    """docs/templates.md 'Ink saver': at least half the trim, darker than mid-grey."""
    trim = mm(63.5) * mm(88.9)
    assert is_heavy(_op(), trim)                                      # full card, L* ~ 9
    assert not is_heavy(_op(w=63.5, h=40), trim)                      # 45 % of the card: a panel, kept
    assert not is_heavy(_op(fill=(0.85, 0.6, 0.2, 1.0)), trim)        # full card but orange (L* > 50)
    assert not is_heavy(_op(fill=(0.1, 0.1, 0.1, 0.3)), trim)         # translucent: little ink
    assert not is_heavy(_op(ink="normal"), trim)                      # the template says no
    assert is_heavy(_op(w=10, h=10, fill=(1, 1, 1, 1), ink="heavy"), trim)  # the template says yes
    assert is_heavy(_op(fill=(0.3, 0.3, 0.3, 1.0), fill2=(0.05, 0.05, 0.05, 1.0)), trim)  # dark gradient


def _face(*ops):
    from pnpgen.template.model import IconSet
    from pnpgen.template.resolve import ResolvedFace

    return ResolvedFace(mm(63.5), mm(88.9), tuple(ops), IconSet())


def _text(color, x=10, y=10, w=30, h=8):
    from pnpgen.template.model import Style, Where

    return TextOp("t", Where("t.yaml", 1), mm(x), mm(y), mm(w), mm(h), "Hi", Style(), color)


def test_ink_saver_lightens_only_heavy_shapes_and_keeps_text_readable():
    dark_bg = _op(fill=(0.07, 0.09, 0.1, 1.0))
    badge = ShapeOp(kind="ellipse", x=mm(2), y=mm(2), w=mm(10), h=mm(10), fill=(0.8, 0.2, 0.2, 1.0))
    label = ShapeOp(kind="roundrect", x=mm(5), y=mm(60), w=mm(40), h=mm(10), fill=(0.96, 0.96, 0.95, 1.0))
    pip = ShapeOp(kind="polygon", points=((mm(50), mm(40)), (mm(52), mm(42)), (mm(54), mm(40))),
                  fill=(0.96, 0.95, 0.92, 1.0))
    light_text = _text((0.96, 0.95, 0.92, 1.0))                 # on the dark background
    on_label = _text((0.07, 0.09, 0.1, 1.0), x=5, y=60, w=40, h=10)
    on_badge = _text((1, 1, 1, 1), x=2, y=2, w=10, h=10)
    out = lighten(_face(dark_bg, badge, label, pip, light_text, on_label, on_badge)).ops
    bg, badge2, label2, pip2, light2, on_label2, on_badge2 = out
    assert lightness(bg.fill) > 85 and bg.stroke is not None           # a light tint with an outline
    assert badge2 == badge and label2 == label                         # small badge, light label: unchanged
    assert lightness(pip2.fill) < 20                                   # a light mark now dark
    assert lightness(light2.color) < 20                                # light text now dark on light
    assert on_label2 == on_label and on_badge2 == on_badge             # its ground was not lightened
    assert lighten(_face(badge, label, on_label)).ops == (badge, label, on_label)


def test_ink_marks_change_nothing_without_ink_saver(tmp_path):
    """A template's ``ink:`` marks must not change the default output (byte-identical PDF)."""
    from pnpgen.render.pdfdoc import new_canvas, save

    def pdf(template: str, name: str, ink_saver=False) -> bytes:
        folder = tmp_path / name
        write(folder, "demo/unit.yaml", template)
        game = mini_game(Card("a", "A", "unit", 1, {}))
        canvas = new_canvas((mm(80), mm(100)), "t", "t")
        facemod.draw_face(canvas, game, game.cards[0], 0, 0, 0, TemplateLibrary(folder), ink_saver=ink_saver)
        canvas.showPage()
        save(canvas, tmp_path / f"{name}.pdf")
        return (tmp_path / f"{name}.pdf").read_bytes()

    plain = """
        size: poker
        background:
          - {kind: rect, x: 0, y: 0, w: "100%", h: "100%", fill: "#202020"INK}
        boxes:
          t: {x: 5, y: 5, w: 50, h: 10, text: "{{ card.name }}", style: {font: body, size: 9, color: "#ffffff"}}
    """
    marked = plain.replace("INK", ", ink: heavy")
    plain = plain.replace("INK", "")
    assert pdf(plain, "plain") == pdf(marked, "marked")
    assert pdf(marked, "saver", ink_saver=True) != pdf(plain, "plain2")


def _mean_grey(path: Path, index: int) -> float:
    from PIL import ImageStat

    doc = pdfium.PdfDocument(str(path))
    try:
        image = doc[index].render(scale=0.5).to_pil().convert("L")
    finally:
        doc.close()
    return ImageStat.Stat(image).mean[0]


@pytest.mark.parametrize("game_id", ["xenoshyft", "zombicide-invader"])
def test_ink_saver_pages_are_much_lighter(game_id, tmp_path):
    game = load_game(game_id)
    build_game(game, tmp_path / "ink", ink_saver=True, pages="1")
    build_game(game, tmp_path / "full", pages="1")
    saver = tmp_path / "ink" / game_id / f"{game_id}-a4-selection-inksaver.pdf"
    full = tmp_path / "full" / game_id / f"{game_id}-a4-selection.pdf"
    for index in (0, 1):  # fronts, backs
        assert _mean_grey(saver, index) > _mean_grey(full, index) + 40, index
    assert page_texts(saver) == page_texts(full)  # same cards, same words


def test_ink_saver_writes_its_own_files(tmp_path):
    game = load_game("zombicide-invader")
    result = build_game(game, tmp_path, ink_saver=True)
    names = {p.name for p in result.files}
    assert {"zombicide-invader-a4-inksaver.pdf", "zombicide-invader-odds-a4-inksaver.pdf"} <= names
    assert "zombicide-invader-a4.pdf" not in names


def test_only_a_card_with_no_copies_says_so(tmp_path):
    game = mini_game(Card("a", "A", "unit", 0, {}), Card("b", "B", "unit", 1, {}))
    result = build_game(game, tmp_path, only=["a"])
    assert result.files == [] and result.cards == 0
    assert "card 'a' has copies: 0; nothing printed for it" in result.warnings
    assert build_game(game, tmp_path, only=["B"]).cards == 1


def test_pages_of_a_game_without_card_sheets_is_an_error(tmp_path):
    game = mini_game(Card("a", "A", "unit", 1, {}), size=None)
    with pytest.raises(SelectionError, match="--pages: demo .* has no card sheets to choose from"):
        build_game(game, tmp_path, pages="1")
