"""Balance sweeps (`pnpgen sweep`): common random numbers, the same numbers on every backend and
worker count, resuming from cached blocks, skipped unknown stats, and the CLI's outputs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from pnpgen.cli import app
from pnpgen.simulate import run_simulation
from pnpgen.simulate import sweep as S
from pnpgen.spec import load_game

CARDS = "ranger,med-pack"
VARY = [("cost", (-1, 1))]
GAMES, BLOCK = 6, 2  # three blocks a variant: enough to split unevenly, interrupt and resume


@pytest.fixture(scope="module")
def game():
    return load_game("xenoshyft")


@pytest.fixture(scope="module")
def reference(game):
    """The sweep on this process, no cache: every other run must give these numbers."""
    return S.run_sweep(game, VARY, cards=CARDS, games=GAMES, seed=3, workers=1, block=BLOCK).to_dict()


@pytest.fixture(scope="module")
def ray_local():
    import ray  # in the test extra: no skip, a missing Ray is a failure

    ray.init(num_cpus=2, log_to_driver=False, include_dashboard=False)
    yield ray
    ray.shutdown()


def test_the_baseline_is_the_plain_simulation_on_the_same_seeds(game, reference):
    """Game i of every variant is game i of `pnpgen simulate --difficulty training`: the same seeds."""
    plain = run_simulation(game, 2, GAMES, 3, difficulty="training", workers=1)
    row = reference["rows"][0]
    assert row["baseline_damage"] == pytest.approx(plain.mean_base_damage)
    assert len(reference["rows"]) == 4 and {r["card"] for r in reference["rows"]} == {"ranger", "med-pack"}


def test_variant_changes_one_field_of_one_card(game):
    v = S.variant(game, S.Change("ranger", "cost", 1))
    before, after = game.card("ranger"), v.card("ranger")
    assert after.fields["cost"] == before.fields["cost"] + 1
    assert {k: x for k, x in after.fields.items() if k != "cost"} == \
        {k: x for k, x in before.fields.items() if k != "cost"}
    assert [c for c in v.cards if c.id != "ranger"] == [c for c in game.cards if c.id != "ranger"]


def test_a_change_is_a_real_change(game):
    """A much cheaper strong troop changes what the heuristic buys, so the paired damage moves."""
    res = S.run_sweep(game, [("cost", (-3,))], cards="brigadier-general-krueger", games=16, seed=3, workers=1)
    (row,) = res.rows
    assert row.damage != 0 and row.games == 16


def test_unknown_fields_are_skipped_with_a_note(game):
    changes, notes = S.plan_changes(game, VARY, "militia,ranger")
    assert {c.card for c in changes} == {"ranger"}
    assert any(n.startswith("militia: cost is unknown") for n in notes)
    _, notes = S.plan_changes(game, [("cost", (-9,))], "ranger")
    assert any("below 0" in n for n in notes)
    # an item has no Power: left out without a note; a troop's Power is varied
    changes, notes = S.plan_changes(game, [("power", (1,))], "med-pack,ranger")
    assert changes == [S.Change("ranger", "power", 1)] and notes == []


def test_same_numbers_on_two_local_workers(game, reference):
    assert S.run_sweep(game, VARY, cards=CARDS, games=GAMES, seed=3, workers=2, block=BLOCK).to_dict() == reference


def test_same_numbers_on_ray(game, reference, ray_local):
    res = S.run_sweep(game, VARY, cards=CARDS, games=GAMES, seed=3, backend="ray", block=BLOCK)
    assert res.to_dict() == reference


def test_an_interrupted_sweep_resumes_from_its_cached_blocks(game, reference, tmp_path: Path):
    kw = dict(cards=CARDS, games=GAMES, seed=3, workers=1, block=BLOCK, cache=tmp_path)
    total = len(S.blocks_for([None] * 5, [2], GAMES, BLOCK))  # baseline + 4 changes, 3 blocks each
    with pytest.raises(S.SweepInterrupted):
        S.run_sweep(game, VARY, max_blocks=7, **kw)
    assert len(list(tmp_path.rglob("*.json"))) == 7
    res = S.run_sweep(game, VARY, **kw)
    assert (res.blocks_cached, res.blocks_run) == (7, total - 7)
    assert res.to_dict() == reference
    again = S.run_sweep(game, VARY, **kw)
    assert (again.blocks_cached, again.blocks_run) == (total, 0)


def test_paired_interval_shrinks_with_correlation():
    base = [10, 20, 30, 40]
    assert S.paired(base, [11, 21, 31, 41]) == (1.0, 1.0, 1.0)
    d, lo, hi = S.paired(base, [12, 20, 31, 41])
    assert lo < d == 1.0 < hi


def test_cli_json_csv_and_plot(tmp_path: Path):
    runner = CliRunner()
    args = ["sweep", "xenoshyft", "--vary", "cost=+1", "--cards", "ranger,militia", "--games", "4",
            "--workers", "1", "--cache", str(tmp_path / "cache")]
    out = runner.invoke(app, [*args, "--json", "--plot", str(tmp_path / "sweep.png")])
    assert out.exit_code == 0, out.stderr
    data = json.loads(out.stdout)
    assert [r["card"] for r in data["rows"]] == ["ranger"] and data["notes"]
    with Image.open(tmp_path / "sweep.png") as img:
        assert img.size[0] > 300
        # bars are drawn: some pixels are the bar colours, not only white and black
        colours = [c for _, c in img.convert("RGB").getcolors(1 << 20)]
        assert any(abs(r - 0xc9) < 8 and abs(b - 0x3d) < 8 or abs(b - 0xc9) < 8 and abs(r - 0x3d) < 8
                   for (r, g, b) in colours)
    csv = runner.invoke(app, [*args, "--csv"])
    assert csv.exit_code == 0 and csv.stdout.splitlines()[0].startswith("card,field,delta")
    assert len(csv.stdout.splitlines()) == 2
    bad = runner.invoke(app, ["sweep", "xenoshyft", "--vary", "cost=0"])
    assert bad.exit_code == 2 and "non-zero" in bad.stderr
