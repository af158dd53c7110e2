"""Suppression like a linter, through the CLI: game.yaml's `checks:` (off or a severity), an
expansion's `checks:` over its base's, a card's `skip_checks` (YAML list or spreadsheet column),
`--select`/`--ignore` (codes and prefixes), `pnpgen validate --explain`, the one-line exit-2 errors
for unknown codes, and the check-code table of docs/validate.md kept equal to the registry."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnpgen.cli import app
from pnpgen.validate.explain import EXPLANATIONS, catalogue
from pnpgen.validate.reference import BEGIN, END, reference_markdown
from pnpgen.validate.checks import all_checks

runner = CliRunner()
DEFECT = "dark-omen,Dark Omen,1,2,Reveal:: discard a card.,art/example.png\n"  # TEXT001, an error


def _run(*args: str):
    return runner.invoke(app, [str(a) for a in args])


@pytest.fixture
def game(tmp_path: Path) -> Path:
    """`pnpgen new`'s game (clean) with one event whose text has a doubled colon."""
    folder = tmp_path / "omen"
    assert _run("new", folder).exit_code == 0
    with (folder / "cards" / "events.csv").open("a", encoding="utf-8") as f:
        f.write(DEFECT)
    return folder


def _codes(output: str) -> list[str]:
    return re.findall(r": (?:error|warning|info) ([A-Z]+\d+):", output)


def _add_checks(folder: Path, text: str, file: str = "game.yaml") -> None:
    with (folder / file).open("a", encoding="utf-8") as f:
        f.write(text)


def _one_error_line(result) -> str:
    lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
    assert result.exit_code == 2 and len(lines) == 1, (result.exit_code, result.stdout, result.stderr)
    return lines[0]


def test_the_defect_is_reported_as_an_error_without_settings(game):
    result = _run("validate", game)
    assert result.exit_code == 1 and _codes(result.stdout) == ["TEXT001"], result.stdout
    assert "error TEXT001" in result.stdout


def test_game_yaml_turns_a_check_off_or_changes_its_severity(game):
    _add_checks(game, "checks:\n  TEXT001: warning\n")
    result = _run("validate", game)
    assert result.exit_code == 0 and "warning TEXT001" in result.stdout, result.stdout
    assert _run("validate", game, "--strict").exit_code == 1  # a warning still fails --strict
    (game / "game.yaml").write_text((game / "game.yaml").read_text().replace("TEXT001: warning", "TEXT001: off"))
    result = _run("validate", game)
    assert result.exit_code == 0 and _codes(result.stdout) == [], result.stdout
    # --select naming the code in full shows it again; a prefix does not override game.yaml
    assert _codes(_run("validate", game, "--select", "TEXT001").stdout) == ["TEXT001"]
    assert _codes(_run("validate", game, "--select", "TEXT").stdout) == []


def test_unknown_code_or_level_in_game_yaml_is_one_line_naming_the_line(game):
    lines = len((game / "game.yaml").read_text().splitlines())
    _add_checks(game, "checks:\n  TEXT01: off\n")
    line = _one_error_line(_run("validate", game))
    assert f"game.yaml:{lines + 2}:" in line and "'TEXT01'" in line and "did you mean 'TEXT001'" in line, line
    (game / "game.yaml").write_text((game / "game.yaml").read_text().replace("TEXT01: off", "TEXT001: of"))
    line = _one_error_line(_run("validate", game))
    assert f"game.yaml:{lines + 2}:" in line and "did you mean 'off'" in line, line


def test_skip_checks_in_a_yaml_card_drops_only_that_cards_findings(game):
    (game / "cards" / "extra.yaml").write_text(
        "cards:\n"
        "  - {id: twin-omen, name: Twin Omen, type: event, copies: 1, strength: 1, text: 'Reveal:: draw.',\n"
        "     skip_checks: [TEXT001]}\n"
        "  - {id: third-omen, name: Third Omen, type: event, copies: 1, strength: 1, text: 'Reveal:: win.'}\n")
    result = _run("validate", game)
    cards = re.findall(r" ([a-z-]+) text: error TEXT001", result.stdout)
    assert sorted(cards) == ["dark-omen", "third-omen"], result.stdout
    (game / "cards" / "extra.yaml").write_text(
        (game / "cards" / "extra.yaml").read_text().replace("[TEXT001]", "[TEXT001, TXT002]"))
    line = _one_error_line(_run("validate", game))
    assert "extra.yaml:3:" in line and "twin-omen" in line and "did you mean 'TEXT002'" in line, line


def test_skip_checks_column_in_a_csv(game):
    csv = game / "cards" / "events.csv"
    rows = csv.read_text(encoding="utf-8").splitlines()
    csv.write_text("\n".join([rows[0] + ",skip_checks", rows[1] + ",", rows[2] + ",TEXT002|TEXT001"]) + "\n",
                   encoding="utf-8")
    result = _run("validate", game)
    assert result.exit_code == 0 and _codes(result.stdout) == [], result.stdout
    csv.write_text(csv.read_text(encoding="utf-8").replace("TEXT002|TEXT001", "TEXT002|TEXT0001"), encoding="utf-8")
    line = _one_error_line(_run("validate", game))
    assert "events.csv:3:G (skip_checks):" in line and "dark-omen" in line and "did you mean 'TEXT001'" in line, line


def test_skip_checks_is_a_card_key_not_a_field(game):
    text = (game / "game.yaml").read_text()
    (game / "game.yaml").write_text(text.replace("      strength: {type: int",
                                                 "      skip_checks: {type: list}\n      strength: {type: int", 1))
    line = _one_error_line(_run("validate", game))
    assert "redefines the base field 'skip_checks'" in line, line


def test_select_and_ignore_take_codes_and_prefixes(game):
    assert _codes(_run("validate", game, "--select", "TEXT").stdout) == ["TEXT001"]
    assert _codes(_run("validate", game, "--select", "IMG,FIT001").stdout) == []
    assert _codes(_run("validate", game, "--ignore", "TEXT001").stdout) == []
    assert _codes(_run("validate", game, "--select", "TEXT", "--ignore", "TEXT00").stdout) == []
    line = _one_error_line(_run("validate", game, "--select", "TXT"))
    assert "--select" in line and "'TXT'" in line and "did you mean 'TEXT'" in line, line
    line = _one_error_line(_run("validate", game, "--ignore", "TEXT01"))
    assert "--ignore" in line and "did you mean 'TEXT001'" in line, line


def test_deselected_checks_do_no_work(game):
    """A template that cannot be read stops the checks that draw fronts; with only the text checks
    selected none of them runs, so the text finding comes through."""
    (game / "templates" / "event.yaml").write_text("size: [not, a, size\n")
    assert _run("validate", game).exit_code == 2
    result = _run("validate", game, "--select", "TEXT")
    assert result.exit_code == 1 and _codes(result.stdout) == ["TEXT001"], (result.stdout, result.stderr)


def test_an_expansion_checks_apply_over_its_base_games(game, tmp_path):
    _add_checks(game, "checks:\n  TEXT001: info\n  TEXT002: off\n")
    exp = tmp_path / "omens-exp"
    assert _run("new", exp, "--game", game).exit_code == 0
    (exp / "cards" / "event.yaml").write_text(
        "cards:\n  - {id: new-omen, name: New Omen, type: event, copies: 1, strength: 1, text: 'Reveal:: lose.'}\n")
    (exp / "cards" / "hero.yaml").unlink()
    result = _run("validate", exp)
    assert "info TEXT001" in result.stdout, result.stdout  # the base game's setting
    _add_checks(exp, "checks: {TEXT001: error}\n", "pnpgen.yaml")
    result = _run("validate", exp)
    assert result.exit_code == 1 and "error TEXT001" in result.stdout, result.stdout


def test_build_honours_game_settings(game, tmp_path):
    result = _run("build", game, "--out", tmp_path / "out", "--workers", "1")
    assert "1 validation errors" in result.stderr, result.stderr
    _add_checks(game, "checks: {TEXT001: off}\n")
    result = _run("build", game, "--out", tmp_path / "out2", "--workers", "1")
    assert result.exit_code == 0 and "validation errors" not in result.stderr, result.stderr


def test_explain_prints_title_severity_reason_fix_and_silencing():
    result = _run("validate", "--explain", "TEXT001")
    assert result.exit_code == 0, result.stderr
    for label in ("TEXT001: doubled punctuation", "severity: ", "looks for: ", "why: ", "fix: ", "silence: "):
        assert label in result.stdout, result.stdout
    assert "checks: {TEXT001: off}" in result.stdout and "skip_checks: [TEXT001]" in result.stdout
    assert "IMG002" in _run("validate", "--explain", "img002").stdout.splitlines()[0]
    every = _run("validate", "--explain", "all").stdout
    assert re.findall(r"^([A-Z]+\d+): ", every, re.M) == list(catalogue())


def test_explain_unknown_code_is_one_line_with_did_you_mean():
    line = _one_error_line(_run("validate", "--explain", "TEXT01"))
    assert "'TEXT01'" in line and "did you mean 'TEXT001'" in line, line
    line = _one_error_line(_run("validate"))
    assert "--explain" in line, line


def test_every_code_has_a_written_explanation():
    registered = {c.code for c in all_checks()}
    missing = sorted(registered - set(EXPLANATIONS))
    assert missing == [], f"add these codes to pnpgen/validate/explain.py: {missing}"
    for code in catalogue():
        e = EXPLANATIONS[code]
        assert e.severity and len(e.looks_for) > 30 and len(e.why) > 20 and len(e.fix) > 10, code
        assert e.reported_by is None or (e.reported_by in registered and e.title), code


def test_the_doc_table_is_the_registry():
    doc = (Path(__file__).resolve().parents[2] / "docs" / "validate.md").read_text(encoding="utf-8")
    table = doc.split(BEGIN, 1)[1].split(END, 1)[0].strip("\n") + "\n"
    assert table == reference_markdown(catalogue()), (
        "docs/validate.md's code table is out of date: run `make docs`")
