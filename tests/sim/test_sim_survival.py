"""Survival metrics of `pnpgen simulate`: P(Base standing after round r), mean rounds, Base HP per Wave.

Rules checked, Dreadmire rulebook (seed 001_821cc8783d47e8c3.txt): "The Game Round" (3 Waves of 3
Rounds: survival has one value per round, 9 in all), Set-Up "Set the Base HP Tracker" (15 HP per
player: the would-be survival of training mode is measured against it) and "Adjusting Difficulty"
(training keeps every rule but the Base HP, so a game falls in the same round either way).
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pnpgen.cli import app
from pnpgen.simulate import run_simulation
from pnpgen.simulate.runner import game_rng, play_game
from pnpgen.simulate.policies import POLICIES
from pnpgen.simulate.rules import Rules
from pnpgen.simulate.setup import build_pools
from pnpgen.spec import load_game

runner = CliRunner()


@pytest.fixture(scope="module")
def game():
    return load_game("xenoshyft")


def test_survival_is_one_non_increasing_value_per_round():
    """Dreadmire rulebook, "The Game Round": 3 Waves x 3 Rounds = 9 values; a fallen Base stays fallen."""
    data = json.loads(runner.invoke(app, ["simulate", "xenoshyft", "--games", "100", "--workers", "1",
                                          "--json"]).stdout)
    surv = data["survival"]
    assert len(surv) == 9
    assert all(a >= b for a, b in zip(surv, surv[1:]))
    assert abs(data["mean_rounds"] - sum(surv)) < 1e-9
    assert len(data["base_hp_end_of_wave"]) == 3
    # Consistent with the rounds games were lost in: standing after round r = lost after round r.
    lost = {int(k): v for k, v in data["lost_round"].items()}
    for r in range(1, 10):
        standing = (data["games"] - sum(v for k, v in lost.items() if k <= r)) / data["games"]
        assert abs(surv[r - 1] - standing) < 1e-12
    lo_hi = data["survival_interval"]
    assert all(lo <= p <= hi for p, (lo, hi) in zip(surv, lo_hi))


def test_training_would_be_survival_equals_the_normal_game(game):
    """Dreadmire rulebook, "Adjusting Difficulty" / Set-Up "Set the Base HP Tracker": training keeps
    every rule but the Base HP, so on the same seed the Base falls (would fall) in the same round, and
    its HP at the end of each Wave is the same."""
    normal = Rules.from_game(game.rules, "normal")
    training = Rules.from_game(game.rules, "training")
    pn, pt = build_pools(game.cards, normal), build_pools(game.cards, training)
    policy = POLICIES["heuristic"]()
    for i in range(40):
        a = play_game(pn, normal, 2, game_rng(5, i), policy)
        b = play_game(pt, training, 2, game_rng(5, i), policy)
        assert (a.rounds, a.wave_hp) == (b.rounds, b.wave_hp), i
        assert a.rounds == (9 if a.won else a.lost_round - 1)


def test_survival_is_the_same_for_any_worker_count(game, monkeypatch):
    from pnpgen.simulate import runner as simulation

    monkeypatch.setattr(simulation, "CHUNK", 60)  # two processes for 120 games (250 a task shipped)
    one = run_simulation(game, 1, 120, seed=3, workers=1).to_dict()
    two = run_simulation(game, 1, 120, seed=3, workers=2).to_dict()
    assert two["workers"] == 2
    for key in ("survival", "mean_rounds", "base_hp_end_of_wave", "survival_interval"):
        assert one[key] == two[key]


def test_text_output_and_plot(tmp_path):
    result = runner.invoke(app, ["simulate", "xenoshyft", "--games", "100", "--workers", "1",
                                 "--plot", str(tmp_path)])
    assert result.exit_code == 0, result.stderr
    assert "survival, Base standing after round: 1:" in result.stdout
    assert "mean rounds the Base stands" in result.stdout
    assert "0 wins in 100: < 3.70 % at 95 %" in result.stdout
    assert (tmp_path / "survival.png").read_bytes()[:4] == b"\x89PNG"
