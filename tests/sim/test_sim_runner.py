"""Monte Carlo runner: reproducible seeding, worker independence, statistics and the JSON summary.

Rule checked: randomness only through an injected random.Random (STYLE.md, OpenSpiel/RLCard notes):
game i of seed S always plays the same, whatever the worker count or the global random state.
"""

from __future__ import annotations

import json
import random

import pytest

from pnpgen.simulate import SimulationError, compare, format_stats, run_simulation, wilson
from pnpgen.simulate.fixtures import mini_cards
from pnpgen.simulate.stats import difference_interval
from pnpgen.spec.model import Game


def mini_game() -> Game:
    return Game(id="mini-xeno", name="Mini Xeno", players_min=1, players_max=4, source_document="",
                source_title="", components=(), card_types={}, cards=tuple(mini_cards()), rules={},
                references=())


def test_same_results_with_one_or_two_workers(monkeypatch):
    """Game i gets Random(f"{seed}:{i}"): splitting games over 2 processes changes nothing. Three
    tasks of 100 games (the shipped 250 a task would need 600 games for three), so one process
    plays two of them."""
    from pnpgen.simulate import runner

    monkeypatch.setattr(runner, "CHUNK", 100)
    game = mini_game()
    one = run_simulation(game, 2, 300, seed=7, workers=1)
    two = run_simulation(game, 2, 300, seed=7, workers=2)
    assert two.workers == 2
    a, b = one.to_dict(), two.to_dict()
    for d in (a, b):
        d.pop("seconds"), d.pop("workers")
    assert a == b


def test_global_random_state_does_not_matter():
    """No global randomness: reseeding or advancing the module-level random leaves results unchanged."""
    game = mini_game()
    random.seed(1)
    first = run_simulation(game, 1, 120, seed=3, workers=1).to_dict()
    random.seed(999)
    random.random()
    second = run_simulation(game, 1, 120, seed=3, workers=1).to_dict()
    first.pop("seconds"), second.pop("seconds")
    assert first == second


def test_other_seed_other_games():
    """The seed matters: another seed plays other games."""
    game = mini_game()
    a = run_simulation(game, 1, 100, seed=1, workers=1)
    b = run_simulation(game, 1, 100, seed=2, workers=1)
    assert a.base_damage != b.base_damage


def test_to_dict_is_json_and_has_the_summary():
    """to_dict() is JSON-able with win_rate, its interval, games and seed; format_stats prints it."""
    s = run_simulation(mini_game(), 1, 50, seed=5, workers=1, policy="random", difficulty="easy")
    d = json.loads(json.dumps(s.to_dict()))
    assert {"win_rate", "win_interval", "games", "seed"} <= set(d)
    assert d["games"] == 50 and d["seed"] == 5 and d["policy"] == "random" and d["difficulty"] == "easy"
    lo, hi = d["win_interval"]
    assert 0 <= lo <= d["win_rate"] <= hi <= 1
    assert sum(s.base_hp_left.values()) == 50
    assert "win rate" in format_stats(s)


def test_training_mode_scores_damage():
    """001 Adjusting Difficulty, Training Mode: games never end in defeat; the score is Base damage."""
    s = run_simulation(mini_game(), 1, 30, seed=5, workers=1, difficulty="training")
    assert s.wins == 30 and not s.lost_round
    assert "training score" in format_stats(s)


def test_extra_cards_join_the_pools_and_comparison_interval():
    """--with DIR: extra cards join the pools (001 Expansion Rules: all available cards); the
    comparison gives the win-rate difference with its 95 % interval."""
    from pnpgen.simulate.fixtures import spec_card
    game = mini_game()
    extra = [spec_card("super-trooper", "troop", 6, wave=1, cost=1, power=9, hp=9)]
    base = run_simulation(game, 1, 100, seed=4, workers=1)
    more = run_simulation(game, 1, 100, seed=4, workers=1, extra_cards=extra)
    assert more.bought["super-trooper"] > 0 and more.extra_cards == ("super-trooper",)
    c = compare(base, more)
    assert c.interval[0] <= c.difference <= c.interval[1]


def test_wilson_and_difference_intervals():
    """Wilson score interval (50/100 -> 0.404-0.596) and Newcombe's interval of a difference."""
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0
    d, lo, hi = difference_interval(50, 100, 60, 100)
    assert d == pytest.approx(0.10) and lo < 0.10 < hi


def test_bad_arguments():
    """Player counts outside the game's range, unknown policies and difficulties are refused."""
    game = mini_game()
    with pytest.raises(SimulationError):
        run_simulation(game, 5, 10, seed=1)
    with pytest.raises(SimulationError):
        run_simulation(game, 1, 10, seed=1, policy="psychic")
    from pnpgen.simulate import RulesError
    with pytest.raises(RulesError):
        run_simulation(game, 1, 10, seed=1, difficulty="nightmare")


def test_comparison_reports_base_damage_difference_and_added_cards():
    """A 0 % baseline makes the win-rate difference say nothing: the comparison also gives the
    difference in mean Base damage (with - without, Welch 95 % interval) and the added cards' use.
    A troop far stronger than anything in the pools, at cost 1, must lower the damage clearly (by
    about 10, the interval's upper end below -8 in 100 games)."""
    from pnpgen.simulate import format_comparison
    from pnpgen.simulate.fixtures import spec_card
    game = mini_game()
    extra = [spec_card("titan-trooper", "troop", 8, wave=1, cost=1, power=20, hp=30)]
    base = run_simulation(game, 2, 100, seed=3, workers=1)
    more = run_simulation(game, 2, 100, seed=3, workers=1, extra_cards=extra)
    c = compare(base, more)
    assert c.damage_difference == pytest.approx(more.mean_base_damage - base.mean_base_damage)
    lo, hi = c.damage_interval
    assert lo <= c.damage_difference <= hi < 0  # lower, and the interval excludes 0
    (row,) = c.added_cards
    assert row["card"] == "titan-trooper" and row["bought"] > 0 and row["deployed"] > 0 and row["kills"] > 0
    d = json.loads(json.dumps(c.to_dict()))
    assert d["base_damage_difference"] == c.damage_difference
    assert d["base_damage_difference_interval"] == [lo, hi] and d["added_cards"][0]["card"] == "titan-trooper"
    text = format_comparison(c)
    assert "mean damage to the Base (with - without)" in text and "titan-trooper" in text


def test_mean_difference_interval_is_welch():
    """Welch: d = mean_b - mean_a, half-width z * sqrt(var_a / n_a + var_b / n_b) (sample variances)."""
    from collections import Counter

    from pnpgen.simulate.stats import Z95, mean_difference_interval
    a, b = Counter({0: 2, 2: 2}), Counter({4: 1, 6: 1, 8: 1})  # means 1 and 6, variances 4/3 and 4
    d, lo, hi = mean_difference_interval(a, b)
    half = Z95 * (4 / 3 / 4 + 4 / 3) ** 0.5
    assert d == pytest.approx(5.0) and lo == pytest.approx(5 - half) and hi == pytest.approx(5 + half)
    same = mean_difference_interval(a, a)
    assert same[0] == 0 and same[1] < 0 < same[2]
