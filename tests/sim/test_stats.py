"""`pnpgen stats`: curves for any game and exact hypergeometric draw odds, checked against hand-worked values."""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnpgen.cli import app
from pnpgen.stats import at_least

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
TIDEPOOL = str(ROOT / "examples" / "tidepool")


def _stats(*args: str):
    return runner.invoke(app, ["stats", *args])


@pytest.fixture
def sixty_card_game(tmp_path: Path) -> Path:
    """A game made with `pnpgen new` whose hero deck (a CSV) is 60 cards: 4 Bolts, 26 Bears, 30 Elves."""
    game = tmp_path / "sixty"
    assert runner.invoke(app, ["new", str(game)]).exit_code == 0
    (game / "cards" / "heroes.csv").write_text(
        "id,name,copies,cost,power,faction,keywords,text,art\n"
        "bolt,Bolt,4,1,3,sun,burn,Deal 3.,\n"
        "bear,Bear,26,2,2,moon,,A bear.,\n"
        "elf,Elf,30,1,1,sun,,An elf.,\n", encoding="utf-8")
    return game


def test_hypergeometric_matches_hand_values():
    """60 cards, 4 copies, 7 drawn: P(>=1) = 1 - C(56,7)/C(60,7); P(>=2) subtracts exactly one copy too."""
    assert at_least(60, 4, 7, 1) == 1 - Fraction(comb(56, 7), comb(60, 7))
    assert at_least(60, 4, 7, 2) == 1 - Fraction(comb(56, 7) + 4 * comb(56, 6), comb(60, 7))
    assert at_least(60, 4, 7, 5) == 0  # only 4 copies exist
    assert at_least(10, 10, 3, 3) == 1


def test_draw_odds_in_a_csv_game_of_your_own(sixty_card_game: Path):
    result = _stats(str(sixty_card_game), "--deck", "hero", "--want", "id=bolt", "--draw", "7", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    exact = 1 - Fraction(comb(56, 7), comb(60, 7))
    assert (data["deck_size"], data["matching"]) == (60, 4)
    assert Fraction(data["fraction"]) == exact
    assert data["probability"] == pytest.approx(float(exact), abs=1e-15)
    # The table by cards drawn: N = 1..10, each the exact value for its N.
    assert [row["draw"] for row in data["table"]] == list(range(1, 11))
    for row in data["table"]:
        n = row["draw"]
        assert Fraction(row["fraction"]) == 1 - Fraction(comb(56, n), comb(60, n))


def test_at_least_k_and_numeric_conditions(sixty_card_game: Path):
    """Cost <= 1 is Bolts and Elves: 34 of 60; at least 3 among 5 drawn, summed by hand."""
    data = json.loads(_stats(str(sixty_card_game), "--want", "cost<=1", "--draw", "5", "--at-least", "3",
                             "--deck", "Hero", "--json").stdout)
    hand = Fraction(sum(comb(34, j) * comb(26, 5 - j) for j in (3, 4, 5)), comb(60, 5))
    assert data["matching"] == 34 and Fraction(data["fraction"]) == hand


def test_text_output_gives_fraction_and_decimal(sixty_card_game: Path):
    out = _stats(str(sixty_card_game), "--deck", "hero", "--want", "faction=moon", "--draw", "2").stdout
    p = 1 - Fraction(comb(34, 2), comb(60, 2))
    assert f"= {p.numerator}/{p.denominator} = {float(p):.4f}" in out


@pytest.mark.parametrize("args, needle", [
    (["--want", "cots=2"], "did you mean 'cost'"),
    (["--want", "habitat=reeef"], "did you mean 'reef'"),
    (["--deck", "creture", "--want", "cost=2"], "did you mean 'creature'"),
    (["--want", "cost=two"], "is a number"),
    (["--want", "habitat<reef"], "not a number"),
    (["--deck", "creature", "--want", "cost=1", "--draw", "43"], "1 to 42"),
    (["--draw", "5"], "need --want"),
])
def test_bad_input_is_one_line_exit_2(args, needle):
    result = _stats(TIDEPOOL, *args)
    assert result.exit_code == 2
    assert needle in result.stderr and result.stderr.count("\n") == 1


def test_curves_of_the_example_game():
    """Tidepool's creatures (cards/*.csv): 42 copies; cost 1 on 15 of them; habitat in its declared order."""
    data = json.loads(_stats(TIDEPOOL, "--json").stdout)
    creature = next(t for t in data["types"] if t["type"] == "creature")
    assert creature["copies"] == 42 and data["copies"] == 57
    cost = next(f for f in creature["fields"] if f["field"] == "cost")
    assert {v["value"]: v["copies"] for v in cost["values"]}[1] == 15
    assert sum(v["copies"] for v in cost["values"]) == 42
    habitat = next(f for f in creature["fields"] if f["field"] == "habitat")
    assert [v["value"] for v in habitat["values"]] == ["shore", "reef", "kelp", "abyss"]
    assert not any(f["field"] in ("text", "art", "traits") for f in creature["fields"])


def test_bundled_game_counts_unknown_values():
    """Xenoshyft's print-and-play items: 7 Legendary items have no kind in the data; they are
    reported as unknown and never match, so the odds say they are a lower bound."""
    data = json.loads(_stats("xenoshyft", "--deck", "item", "--json").stdout)
    kind = next(f for f in data["types"][0]["fields"] if f["field"] == "kind")
    assert kind["unknown"]["copies"] == 7
    text = _stats("xenoshyft", "--deck", "item", "--want", "kind=instant", "--draw", "6").stdout
    assert "7 card(s) have an unknown kind" in text and "lower bound" in text


def test_plot_writes_a_png(tmp_path: Path):
    out = tmp_path / "curves.png"
    result = _stats(TIDEPOOL, "--plot", str(out))
    assert result.exit_code == 0, result.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
