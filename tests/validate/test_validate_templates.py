"""Template ↔ data checks, end to end on a game made by `pnpgen new`: a template reading a field no
card has (TPL001), a back reading the card it does not have (TPL002), and backs fitted and
glyph-checked by `pnpgen validate` as `pnpgen build` draws them (FIT001, GLYPH001 at the back
template's line). Real loader, real renderer, the CLI itself."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnpgen.cli import app
from pnpgen.scaffold.game import new_game
from pnpgen.spec import load_game
from pnpgen.validate import validate_game

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def game(tmp_path: Path) -> Path:
    """A fresh `pnpgen new` game: hero (cost, power, faction, keywords, text, art) and event cards,
    templates/hero.yaml, event.yaml and back.yaml."""
    return new_game(tmp_path / "g").directory


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} not once in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def line_of(path: Path, needle: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def box_line(path: Path, box: str) -> int:
    """The line a box is named on (where fit and glyph findings point, as build's overflow lines do)."""
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if line == f"  {box}:")


def findings(folder: Path, *codes: str) -> list:
    return [f for f in validate_game(load_game(str(folder)), only=set(codes)).findings]


def test_misspelt_field_fails_validate_at_its_template_line_with_did_you_mean(tmp_path: Path):
    folder = game(tmp_path)
    hero = folder / "templates" / "hero.yaml"
    edit(hero, '"{{ card.power }}"', '"{{ card.powr }}"')
    result = run("validate", str(folder))
    assert result.exit_code == 1, result.output
    where = f"templates/hero.yaml:{line_of(hero, 'card.powr')}"
    assert where in result.output
    assert "error TPL001: 'card.powr' is not a field of card type 'hero' (did you mean 'power'?)" in result.output
    assert result.output.count("TPL001") == 1  # one finding for the line, not one per card


def test_misspelt_field_fails_build_and_its_up_to_date_rerun(tmp_path: Path):
    folder = game(tmp_path)
    hero = folder / "templates" / "hero.yaml"
    edit(hero, '"{{ card.power }}"', '"{{ card.powr }}"')
    out = tmp_path / "out"
    for _ in range(2):  # the second run finds the kit up to date and must fail all the same
        result = run("build", str(folder), "--out", str(out), "--workers", "1")
        assert result.exit_code == 1, result.output
        assert f"templates/hero.yaml:{line_of(hero, 'card.powr')}" in result.output
        assert "did you mean 'power'?" in result.output


def test_a_correct_game_builds_and_validates_clean(tmp_path: Path):
    folder = game(tmp_path)
    assert run("validate", str(folder)).exit_code == 0
    assert run("build", str(folder), "--out", str(tmp_path / "out"), "--workers", "1").exit_code == 0


def test_every_place_an_expression_is_read(tmp_path: Path):
    """Text inside a multi-line block, a box's when, a var, a shape's fill, a style's colour, card['x']."""
    folder = game(tmp_path)
    hero = folder / "templates" / "hero.yaml"
    edit(hero, 'text: "{{ card.text }}"', 'text: |\n      {{ card.text }}\n      {{ card.flavour }}')
    edit(hero, 'when: "card.power is known"', 'when: "card.pwer is known"')
    edit(hero, "size: poker\n", "size: poker\nvars:\n  banner: \"{{ card['fation'] }}\"\n  unused: \"{{ card.nothing }}\"\n")
    edit(hero, 'fill: "{{ card.faction }}"}', 'fill: "{{ banner }}{{ card.factoin }}"}')
    edit(hero, "  title: {font: title, size: 12, min_size: 8, color: ink,",
         "  title: {font: title, size: 12, min_size: 8, color: \"{{ card.colour }}\",")
    got = {(f.line, f.message.split("'")[1]) for f in findings(folder, "TPL001")}
    assert got == {
        (line_of(hero, "card.flavour"), "card.flavour"),   # the block's second line, not the key's
        (line_of(hero, "card.pwer"), "card.pwer"),
        (line_of(hero, "card['fation']"), "card.fation"),  # a used var
        (line_of(hero, "card.factoin"), "card.factoin"),
        (line_of(hero, "card.colour"), "card.colour"),     # the colour of the style the title is set in
    }  # the unused var's field prints nowhere and is not reported


@pytest.mark.parametrize("guarded", [
    '"{% if card.powr is defined %}{{ card.powr }}{% endif %}"',
    '"{{ card.powr if card.powr is not defined else 0 }}"',
    '"{{ card.powr | default(0) }}"',
    '"{% if \'powr\' in card %}{{ card[\'powr\'] }}{% endif %}"',
])
def test_a_read_tested_with_is_defined_is_meant(tmp_path: Path, guarded: str):
    folder = game(tmp_path)
    edit(folder / "templates" / "hero.yaml", '"{{ card.power }}"', guarded)
    assert findings(folder, "TPL001") == []


def test_the_when_of_a_box_guards_its_text_and_shapes(tmp_path: Path):
    folder = game(tmp_path)
    hero = folder / "templates" / "hero.yaml"
    edit(hero, 'when: "card.power is known"', 'when: "card.powr is defined"')
    edit(hero, '"{{ card.power }}"', '"{{ card.powr }}"')
    edit(hero, "- {kind: ellipse, fill: ink}", "- {kind: ellipse, fill: \"{{ card.powr }}\"}")
    assert findings(folder, "TPL001") == []


def test_the_card_attributes_are_no_fields_but_are_always_there(tmp_path: Path):
    folder = game(tmp_path)
    edit(folder / "templates" / "hero.yaml", '"{{ card.power }}"',
         '"{{ card.id }}{{ card.name }}{{ card.type }}{{ card.copies }}{{ card.number }}/{{ card.count }}"')
    assert findings(folder, "TPL001") == []


def test_a_shared_base_is_checked_against_every_type_extending_it(tmp_path: Path):
    """A base both types extend: a field one of them has is meant (a badge for that type); a field
    neither has is reported once, at the base file's line, naming both types."""
    folder = game(tmp_path)
    templates = folder / "templates"
    (templates / "_frame.yaml").write_text(
        "boxes:\n"
        "  badge:\n"
        "    x: 1\n    y: 1\n    w: 10\n    h: 5\n"
        "    text: \"{{ card.strength }}\"\n"
        "  typo:\n"
        "    x: 1\n    y: 7\n    w: 10\n    h: 5\n"
        "    text: \"{{ card.txet }}\"\n", encoding="utf-8")
    for name in ("hero.yaml", "event.yaml"):
        edit(templates / name, "size: poker\n", "extends: _frame\nsize: poker\n")
    got = findings(folder, "TPL001")
    assert [(f.file.endswith("_frame.yaml"), f.line) for f in got] == [(True, line_of(templates / "_frame.yaml", "txet"))]
    assert "card types 'hero', 'event'" in got[0].message and "did you mean 'text'?" in got[0].message


def test_a_back_reading_a_card_field_is_reported(tmp_path: Path):
    folder = game(tmp_path)
    back = folder / "templates" / "back.yaml"
    edit(back, '"{{ game.name }}"', '"{{ game.name }} {{ card.name }}"')
    result = run("validate", str(folder))
    assert result.exit_code == 1, result.output
    assert f"templates/back.yaml:{line_of(back, 'card.name')}: error TPL002:" in result.output
    assert "card types 'hero', 'event'" in result.output


def test_back_text_that_overflows_fails_validate_at_the_back_template(tmp_path: Path):
    folder = game(tmp_path)
    back = folder / "templates" / "back.yaml"
    edit(back, '"{{ game.name }}"', '"{{ game.name }} and a subtitle far too long for one line of this back"')
    result = run("validate", str(folder))
    assert result.exit_code == 1, result.output
    assert f"templates/back.yaml:{box_line(back, 'title')}: error FIT001: the backs of card types 'hero', 'event': " \
           f"text of box 'title' does not fit" in result.output
    assert result.output.count("FIT001") == 1  # one back template line: one finding


def test_a_back_variant_is_fitted_and_glyph_checked_as_drawn(tmp_path: Path):
    """A hero whose `back` field names back-hero-gold.yaml wears that back: it is checked too."""
    folder = game(tmp_path)
    edit(folder / "game.yaml", '      art: {type: image, description: "a picture in art/ (PNG, JPEG, WebP or SVG)"}\n',
         '      art: {type: image, description: "a picture in art/ (PNG, JPEG, WebP or SVG)"}\n      back: {type: text}\n')
    heroes = folder / "cards" / "heroes.csv"
    lines = heroes.read_text(encoding="utf-8").splitlines()
    heroes.write_text("\n".join([lines[0] + ",back"] + [line + ",Gold" for line in lines[1:]]) + "\n", encoding="utf-8")
    gold = folder / "templates" / "back-hero-gold.yaml"
    gold.write_text((folder / "templates" / "back.yaml").read_text(encoding="utf-8").replace(
        '"{{ game.name }}"', '"Gold 中 and a subtitle far too long for one line of this back"'), encoding="utf-8")
    got = findings(folder, "FIT001", "GLYPH001")
    at_gold = [f for f in got if f.file.endswith("back-hero-gold.yaml")]
    assert {f.code for f in at_gold} == {"FIT001", "GLYPH001"}
    assert all(f.line == box_line(gold, "title") for f in at_gold)
    assert all("card type 'hero' (back 'Gold')" in f.message for f in at_gold)
    assert "U+4E2D" in next(f.message for f in at_gold if f.code == "GLYPH001")
    assert [f for f in got if f not in at_gold] == []  # the plain back.yaml (events) is fine


@pytest.mark.parametrize("bundled", ["xenoshyft", "zombicide-invader", "derelict", "doom", "examples/tidepool"])
def test_bundled_games_templates_read_only_their_fields(bundled: str):
    where = Path(__file__).resolve().parents[2] / bundled if "/" in bundled else Path(bundled)
    assert findings(where, "TPL001", "TPL002") == []
