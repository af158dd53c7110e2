"""`pnpgen simulate`: JSON keys, determinism from --seed, player ranges, charts and bad input."""

from __future__ import annotations

import json
from pathlib import Path

from PIL import Image
from typer.testing import CliRunner

from pnpgen.cli import app

runner = CliRunner()


def _json(*args: str) -> dict:
    result = runner.invoke(app, ["simulate", "xenoshyft", "--json", *args])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def test_json_has_the_promised_keys_and_is_seeded():
    first = _json("--games", "12", "--seed", "7", "--workers", "1")
    assert {"win_rate", "win_interval", "games", "seed"} <= set(first)
    assert first["games"] == 12 and first["seed"] == 7
    lo, hi = first["win_interval"]
    assert 0 <= lo <= first["win_rate"] <= hi <= 1
    again = _json("--games", "12", "--seed", "7", "--workers", "2")
    for key in ("win_rate", "base_hp_left", "lost_round", "cards", "enemy_base_damage"):
        assert first[key] == again[key], key


def test_player_range_runs_each_count(tmp_path: Path):
    data = _json("--games", "4", "--players", "1-3", "--workers", "1", "--plot", str(tmp_path))
    assert [r["players"] for r in data["runs"]] == [1, 2, 3]
    for name in ("win-rate.png", "base-hp-left.png", "lost-round.png", "enemy-damage-2p.png"):
        with Image.open(tmp_path / name) as img:
            assert img.size[0] > 300 and img.size[1] > 200


def test_bad_input_is_one_line_exit_2():
    for args, needle in ((["--players", "5"], "between 1 and 4"), (["--players", "x"], "--players takes"),
                         (["--difficulty", "nightmare"], "nightmare"), (["--policy", "genius"], "genius"),
                         (["--games", "0"], "games")):
        result = runner.invoke(app, ["simulate", "xenoshyft", *args])
        assert result.exit_code == 2, (args, result.stdout, result.stderr)
        lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
        assert len(lines) == 1 and needle in lines[0], (args, result.stderr)
