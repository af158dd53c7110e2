"""Honest sweeps: cards the simulator leaves out are reported (not measured as +0.00 [0.00, 0.00]),
proportions get Wilson / Newcombe score intervals (never [0, 0]), survival per Wave and mean Rounds
are paired by seed, and a strictly stronger variant that measures worse is flagged with its purchases."""

from __future__ import annotations

import json
import math

import pytest
from typer.testing import CliRunner

from pnpgen.cli import app
from pnpgen.simulate import sweep as S
from pnpgen.simulate.stats import Z95, paired_difference_interval, wilson
from pnpgen.spec import load_game

runner = CliRunner()


@pytest.fixture(scope="module")
def game():
    return load_game("xenoshyft")


@pytest.fixture(scope="module")
def small(game):
    return S.run_sweep(game, [("cost", (-1,))], cards="zeus-judgment,paratrooper,research-officer", games=24,
                       seed=3, workers=1, block=8)


def test_left_out_cards_are_excluded_with_the_reason(small):
    """Zeus' Judgment (a Legendary item known only by name and cost) and Paratrooper (cost, Power and HP
    lost) are never dealt by the simulator: they get no row, and the reason is said."""
    assert {r.change.card for r in small.rows} == {"research-officer"}
    reasons = dict(small.excluded)
    assert "nothing to play" in reasons["zeus-judgment"]
    assert "cost/power/hp unknown" in reasons["paratrooper"]
    text = S.format_table(small)
    assert "excluded: zeus-judgment: the simulator leaves it out" in text
    assert "+0.00 [+0.00,+0.00]" not in text
    assert [e["card"] for e in small.to_dict()["excluded"]] == ["zeus-judgment", "paratrooper"]


def test_only_excluded_cards_is_an_error_naming_the_reason(game):
    with pytest.raises(S.SweepError, match="zeus-judgment: left out of the game"):
        S.run_sweep(game, [("cost", (-1,))], cards="zeus-judgment", games=8, workers=1)


def test_newcombe_paired_interval_by_hand():
    """0 successes in N on both sides: p2 - p1 = 0 with limits -/+ the Wilson bound of 0 in N,
    z^2 / (N + z^2) (phi is 0 when a margin is empty); never a falsely certain [0, 0]."""
    n = 400
    d, lo, hi = paired_difference_interval([0] * n, [0] * n)
    bound = Z95 ** 2 / (n + Z95 ** 2)
    assert d == 0 and lo == pytest.approx(-bound) and hi == pytest.approx(bound)
    assert wilson(0, n)[1] == pytest.approx(bound)
    # Discordant pairs only one way (b = 0, c = 20 of 100): a clear rise, interval inside (0, 1).
    base = [0] * 100
    other = [1] * 20 + [0] * 80
    d, lo, hi = paired_difference_interval(base, other)
    assert d == pytest.approx(0.2) and 0 < lo < 0.2 < hi < 1
    # Independent halves (phi = 0): the half-widths are the two Wilson half-widths joined in quadrature.
    base, other = [1, 0, 0, 1] * 100, [1, 0, 1, 0] * 100
    d, lo, hi = paired_difference_interval(base, other)
    l1, u1 = wilson(200, 400)
    assert d == 0 and hi == pytest.approx(math.hypot(u1 - 0.5, 0.5 - l1))


def test_rows_report_rounds_survival_per_wave_and_win_bounds(small):
    (row,) = small.rows
    assert len(row.survival) == 3
    for base_share, diff, (lo, hi) in row.survival:
        assert 0 <= base_share <= 1 and lo <= diff <= hi and lo < hi
    assert row.rounds_interval[0] <= row.rounds <= row.rounds_interval[1]
    assert row.win_interval[0] < 0 < row.win_interval[1]  # 0 would-be wins on both sides: still an interval
    text = S.format_table(small)
    assert "0 would-be wins in 24: < 13.80 % at 95 %" in text
    data = small.to_dict()["rows"][0]
    assert {"mean_rounds_difference", "mean_rounds_interval", "survival_to_wave", "bought_per_game"} <= set(data)


def _row(field: str, delta: int, damage_iv, rounds_iv, bought=(0.4, 0.9)) -> S.Row:
    return S.Row(S.Change("x", field, delta), 2, 100, sum(damage_iv) / 2, damage_iv, 0.0, (-0.01, 0.01), 100.0,
                 0.0, sum(rounds_iv) / 2, rounds_iv, 2.5, (), bought)


def test_stronger_variant_measuring_worse_is_flagged_with_its_purchases():
    flag = S.backwards_flag(_row("cost", -1, (2.0, 9.0), (-0.1, 0.1)))
    assert flag is not None and "more damage" in flag and "bought 0.40 -> 0.90" in flag
    assert "fewer rounds" in S.backwards_flag(_row("power", 1, (-1.0, 1.0), (-0.3, -0.1)))
    # Weaker variants, or stronger ones whose interval reaches 0, are not flagged.
    assert S.backwards_flag(_row("cost", 1, (2.0, 9.0), (-0.3, -0.1))) is None
    assert S.backwards_flag(_row("hp", 1, (-1.0, 9.0), (-0.3, 0.1))) is None


def test_cli_csv_and_json_carry_the_new_columns(tmp_path):
    args = ["sweep", "xenoshyft", "--vary", "cost=-1", "--cards", "research-officer,hades-gaze", "--games", "8",
            "--workers", "1", "--no-cache"]
    out = runner.invoke(app, [*args, "--json"])
    assert out.exit_code == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["excluded"][0]["card"] == "hades-gaze"
    csv = runner.invoke(app, [*args, "--csv"]).stdout.splitlines()
    assert "rounds_difference" in csv[0] and csv[-1].startswith("hades-gaze,") and "excluded:" in csv[-1]
