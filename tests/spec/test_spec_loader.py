"""The spec loader: model values from YAML, overrides merged, and one-line errors with file:line."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnpgen.cli import app
from pnpgen.spec import SpecError, load_game
from pnpgen.units import mm

DATA = Path(__file__).parents[1] / "data" / "minigame"
runner = CliRunner()


@pytest.fixture
def game_dir(tmp_path: Path) -> Path:
    target = tmp_path / "minigame"
    shutil.copytree(DATA, target)
    return target


def test_loads_model_values():
    game = load_game(DATA)
    assert game.id == "minigame"
    assert (game.players_min, game.players_max) == (1, 2)
    ranger = game.card("ranger")
    assert ranger.copies == 3 and ranger["wave"] == 1 and ranger["cost"] == 2
    assert ranger["kind"] is None  # declared but absent -> unknown
    poker = game.card_types["unit"].size
    assert poker.width == pytest.approx(mm(63.5)) and poker.height == pytest.approx(mm(88.9))
    mat = game.component("mat")
    assert mat.size.width == pytest.approx(mm(1200)) and mat.size.height == pytest.approx(mm(700))
    token = game.component("hit-tokens")
    assert token.shape.value == "circle" and token.sides == 2 and token.size.width == pytest.approx(mm(20))


def test_overrides_are_merged_and_marked():
    medic = load_game(DATA).card("medic")
    assert medic["cost"] == 3
    assert medic.overridden == ("cost",)
    assert medic.where("cost").file.endswith("_overrides.yaml")


def _error(game_dir: Path) -> str:
    with pytest.raises(SpecError) as info:
        load_game(game_dir)
    message = str(info.value)
    assert "\n" not in message
    return message


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_bad_yaml_names_file_and_line(game_dir: Path):
    _edit(game_dir / "units.yaml", "    wave: 2\n", "    wave: [2\n")
    message = _error(game_dir)
    assert re.match(r".*units\.yaml:\d+: YAML syntax error", message), message


def test_wrong_type_names_file_line_card_and_field(game_dir: Path):
    _edit(game_dir / "units.yaml", "    cost: 2\n", "    cost: two\n")
    message = _error(game_dir)
    assert message.endswith("units.yaml:7: card 'ranger': 'cost' must be a whole number ≥ 0, got 'two'; "
                            "use null if the source does not give it"), message


def test_out_of_range_value(game_dir: Path):
    _edit(game_dir / "units.yaml", "    wave: 1\n", "    wave: 7\n")
    assert "units.yaml:6: card 'ranger': 'wave' must be a whole number from 1 to 3, got 7" in _error(game_dir)


def test_missing_required_field(game_dir: Path):
    _edit(game_dir / "units.yaml", "    wave: 2\n", "")
    message = _error(game_dir)
    assert "units.yaml:9: card 'medic': missing required field 'wave'" in message


def test_unknown_field_suggests_the_near_name(game_dir: Path):
    _edit(game_dir / "units.yaml", "    cost: 2\n", "    cots: 2\n")
    message = _error(game_dir)
    assert "units.yaml:7: card 'ranger': unknown field 'cots' for a unit card (did you mean 'cost'?)" in message


def test_override_error_points_at_overrides_file(game_dir: Path):
    _edit(game_dir / "_overrides.yaml", "cost: 3", "cost: -1")
    message = _error(game_dir)
    assert "_overrides.yaml:3: card 'medic': 'cost' must be a whole number ≥ 0, got -1" in message


def test_override_needs_reason_and_source(game_dir: Path):
    _edit(game_dir / "_overrides.yaml", "    reason: the generated cost was lost\n", "")
    assert "_overrides.yaml:2: override needs a non-empty 'reason'" in _error(game_dir)


def test_missing_file(game_dir: Path):
    (game_dir / "game.yaml").unlink()
    assert "minigame: neither game.yaml nor pnpgen.yaml in this folder" in _error(game_dir)


def test_missing_card_file_named_in_overrides(game_dir: Path):
    (game_dir / "units.yaml").unlink()
    assert "_overrides.yaml:2: override of unknown card 'medic'" in _error(game_dir)


def test_duplicate_ids(game_dir: Path):
    (game_dir / "_overrides.yaml").unlink()
    _edit(game_dir / "units.yaml", "id: medic", "id: ranger")
    assert "card 'ranger': id 'ranger' is used twice" in _error(game_dir)


@pytest.mark.parametrize("old,new", [
    ("    cost: 2\n", "    cost: two\n"),
    ("    cost: 2\n", "    cots: 2\n"),
    ("    wave: 2\n", ""),
    ("    wave: 2\n", "    wave: [2\n"),
])
def test_cli_reports_one_line_and_exits_2(game_dir: Path, old: str, new: str):
    _edit(game_dir / "units.yaml", old, new)
    result = runner.invoke(app, ["info", str(game_dir)])
    assert result.exit_code == 2
    lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and re.search(r"units\.yaml:\d+: ", lines[0]), result.stderr


def test_cli_missing_folder_exits_2(tmp_path: Path):
    result = runner.invoke(app, ["info", str(tmp_path / "nowhere")])
    assert result.exit_code == 2 and "no game or spec folder" in result.stderr


def test_info_json_is_effective_specs():
    result = runner.invoke(app, ["info", str(DATA), "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    medic = next(c for c in data["cards"] if c["id"] == "medic")
    assert medic == {"id": "medic", "name": "Medic", "type": "unit", "copies": 2, "wave": 2, "cost": 3,
                     "ability": None, "kind": None, "overridden": ["cost"]}


def test_info_summary_counts_per_wave():
    result = runner.invoke(app, ["info", str(DATA)])
    assert result.exit_code == 0
    assert re.search(r"Unit\s+1\s+1\s+3", result.stdout)
    assert re.search(r"Unit\s+2\s+1\s+2", result.stdout)
    assert "2 distinct cards, 5 cards with copies" in result.stdout


def test_schema_names_card_fields():
    result = runner.invoke(app, ["schema", "--game", str(DATA)])
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    branch = schema["$defs"]["card"]["allOf"][0]["then"]
    assert branch["additionalProperties"] is False
    assert "wave" in branch["required"] and "cost" in branch["properties"]


def test_a_name_the_source_lost_is_written_null(game_dir: Path):
    """`name: null` is an unnamed card (e.g. Xenoshyft 000 l.460-467): it loads, `pnpgen info` lists it,
    its label shows the id; an empty name or a missing `name:` key stays an error."""
    _edit(game_dir / "units.yaml", "    name: Medic\n", "    name: null\n")
    medic = load_game(game_dir).card("medic")
    assert medic.name is None and medic.label == "[unnamed: medic]"
    result = runner.invoke(app, ["info", str(game_dir)])
    assert result.exit_code == 0 and "Unnamed cards (the source lost their names): medic" in result.stdout
    _edit(game_dir / "units.yaml", "    name: null\n", "    name: ''\n")
    assert "card 'medic': 'name' must be non-empty text" in _error(game_dir)
    _edit(game_dir / "units.yaml", "    name: ''\n", "")
    assert "card 'medic': missing required field 'name'" in _error(game_dir)
