"""The validator on the specs recovered from the seed text: the real defects, each once, nothing else.

Each expected finding was checked by reading the seed (000_b4719436b3022fa4.txt) by eye:
- Shifter, lines 1236-1248: every copy prints "REVEAL:: DISCARD ALL ITEMS" (doubled colon).
- Bile Slug, line 1416: one copy ends "BY THIS ENEMY.." while the others end with one period.
- Shocker, lines 1339-1357: copy 1 prints its own reveal; copies 2-3 print "THIS ENEMY MAY NOT BE
  TARGETED..." and Shifter's "REVEAL:: DISCARD ALL ITEMS...".
- Helios Chem Gun, line 1795: copies 2-3 print the Tesla Volt Gauntlet's "DEAL (W) DAMAGE" text.
- "3 Xenosathem" sheet, line 2347: the name line reads "3 XENOSATHEM 1 XENOSATHEM 1 XENOSATHEM".
- Shileldswarm (enemy name, three copies): a misspelling of "Shieldswarm".
"""

from __future__ import annotations

import pytest

from pnpgen.spec import load_game
from pnpgen.validate import validate_game

TEXT_CODES = {"TEXT001", "TEXT002", "TEXT003", "TEXT004", "TEXT005", "TEXT006", "TEXT007", "REF001", "REF002"}


@pytest.fixture(scope="module")
def xenoshyft():
    return validate_game(load_game("xenoshyft"), with_fit=False)


def test_real_text_defects_each_reported_once(xenoshyft):
    found = sorted((f.code, f.card, f.field) for f in xenoshyft.findings if f.code in TEXT_CODES)
    assert found == [
        ("TEXT001", "shifter", "ability"),
        ("TEXT005", "shileldswarm", "name"),
        ("TEXT006", "3-xenosathem", "name"),
        ("TEXT006", "bile-slug", "ability"),
        ("TEXT006", "helios-chem-gun", "ability"),
        ("TEXT006", "shocker", "ability"),
    ]


def test_findings_point_at_the_yaml_line(xenoshyft):
    finding = next(f for f in xenoshyft.findings if f.card == "shifter" and f.code == "TEXT001")
    line = open(finding.file, encoding="utf-8").read().splitlines()[finding.line - 1]
    assert "REVEAL::" in line


def test_misspelled_name_suggestion(xenoshyft):
    finding = next(f for f in xenoshyft.findings if f.card == "shileldswarm")
    assert finding.fix == "replace 'Shileldswarm' with 'Shieldswarm'"


def test_pnp_setup_counts_are_satisfied(xenoshyft):
    """Xenoshyft PnP rules (000, top): an item pool of 6 and troop pools of 3 per wave; rulebook
    (001, Enemy deployment): up to 4 enemies per player per round and 2 bosses for 3-4 players."""
    assert not [f for f in xenoshyft.findings if f.code in {"COUNT001", "COUNT002", "COUNT003"}]


@pytest.mark.parametrize("game_id", ["zombicide-invader", "derelict", "doom"])
def test_other_games_have_no_text_errors(game_id):
    result = validate_game(load_game(game_id), with_fit=False)
    assert [f.format() for f in result.findings if f.code in TEXT_CODES] == []


@pytest.mark.parametrize("game_id", ["xenoshyft", "zombicide-invader"])
def test_bundled_cards_fit_and_the_grammar_reads_them(game_id):
    result = validate_game(load_game(game_id), with_fit=True)
    assert [f.format() for f in result.findings if f.code in {"FIT001", "RULES001"}] == []
