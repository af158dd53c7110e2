"""`pnpgen odds`: the CLI around the exact calculators — tables, JSON and one-line errors (exit 2)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pnpgen.cli import app
from pnpgen.odds.parse import parse_zone

runner = CliRunner()


def test_inline_weapon_single_die_hits_half_the_time():
    """Zombicide: Invader rulebook, attack rolls: one die at Accuracy 4+ succeeds on 4, 5 or 6 — 1/2."""
    result = runner.invoke(app, ["odds", "zombicide", "--dice", "1", "--accuracy", "4", "--damage", "1",
                                 "--zone", "worker=1", "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    text = json.dumps(data)
    assert '"1/2"' in text


def test_derelict_table_and_json_agree():
    """Derelict rules, attack roll: a plain attack hits on 3+ (1 damage) and crits on a 6 (2 damage):
    expected damage (3/6)*1 + (1/6)*2 = 5/6."""
    table = runner.invoke(app, ["odds", "derelict"])
    assert table.exit_code == 0 and "5/6" in table.stdout
    data = json.loads(runner.invoke(app, ["odds", "derelict", "--json"]).stdout)
    assert "5/6" in json.dumps(data)


def test_weapon_read_from_specs():
    result = runner.invoke(app, ["odds", "zombicide", "--weapon", "Assault Shotgun", "--zone", "worker=2",
                                 "--dice", "2", "--accuracy", "4", "--damage", "1", "--kind", "ranged"])
    assert result.exit_code == 0, result.stderr
    assert "Assault Shotgun" in result.stdout


@pytest.mark.parametrize("args,needle", [
    (["zombicide", "--weapon", "Assault Shotgn", "--zone", "tank=1"], "did you mean 'Assault Shotgun'"),
    (["zombicide", "--dice", "1", "--accuracy", "4", "--damage", "1", "--zone", "tonk=1"], "did you mean 'tank'"),
    (["zombicide", "--dice", "1", "--accuracy", "4", "--damage", "1", "--zone", "worker=-1"], "cannot be negative"),
    (["zombicide", "--dice", "1", "--accuracy", "4", "--damage", "1", "--zone", "worker=1", "--skill", "luky"], "did you mean 'lucky'"),
    (["zombicide", "--zone", "worker=1"], "give --weapon NAME"),
    (["derelict", "--mods", "blnd"], "did you mean 'blind'"),
])
def test_bad_input_is_one_line_exit_2(args, needle):
    result = runner.invoke(app, ["odds", *args])
    assert result.exit_code == 2
    lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and needle in lines[0], result.stderr


def test_parse_zone_accepts_plurals_and_aliases():
    zone = parse_zone("tanks=1, worker=2,survivors=1,distance=1")
    assert (zone.tanks, zone.workers, zone.survivors, zone.distance) == (1, 2, 1, 1)
