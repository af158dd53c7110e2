"""Odds reference cards: the tables equal the calculators, a few values worked by hand, weapons
without rulebook stats are listed and never given numbers, and the drawn card prints exactly the
table's numbers (read back from what ``oddscard`` records) in embedded fonts."""

from __future__ import annotations

import re
from fractions import Fraction as F
from math import comb
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from pdfcheck import check_pdf
from pnpgen.layout.paper import paper_size
from pnpgen.odds import derelict_odds, zombicide_odds
from pnpgen.odds.reference import (
    ACCURACIES,
    CHANCE,
    DERELICT_ATTACKS,
    DERELICT_COMBOS,
    DERELICT_TARGETS,
    DICE_COUNTS,
    HIT_COUNTS,
    ZOMBICIDE_ZONES,
    fraction_text,
    percent_text,
    reference_cards,
    value_text,
    zombicide_weapons,
)
from pnpgen.render import pdfdoc
from pnpgen.render.oddscard import draw_odds_cards
from pnpgen.spec import load_game
from pnpgen.units import mm

SPECS = Path(__file__).parents[2] / "cardspecs"


@pytest.fixture(scope="module")
def zombicide():
    game = load_game(SPECS / "zombicide-invader")
    return game, reference_cards(game)[0]


@pytest.fixture(scope="module")
def derelict():
    game = load_game(SPECS / "derelict")
    return game, reference_cards(game)[0]


def test_games_without_a_calculator_have_no_card():
    for game_id in ("xenoshyft", "doom"):
        assert reference_cards(load_game(SPECS / game_id)) == ()


def test_hand_worked_values(zombicide, derelict):
    _, z = zombicide
    four = z.back.table("Accuracy 4+ (each die 1/2)")
    assert four.value("1 die", "1+ hit") == F(1, 2)  # one die hits on 4, 5, 6
    assert four.value("1 die", "2+ hits") is None  # one die cannot hit twice
    assert four.value("2 dice", "2+ hits") == F(1, 4)  # both dice: 1/2 * 1/2
    six = z.back.table("Accuracy 6+ (each die 1/6)")
    assert six.value("2 dice", "1+ hit") == 1 - F(5, 6) ** 2 == F(11, 36)
    assert value_text(four.value("1 die", "1+ hit"), CHANCE) == ("50%", "1/2")
    # Heavy Shotgun: 2 dice, 4+, Damage 2 (the only weapon the draft rulebook gives in full).
    shotgun = z.front.tables[0]
    assert shotgun.title.startswith("Heavy Shotgun")
    assert shotgun.value("1 Worker", "cleared") == F(3, 4)  # at least one of two dice hits
    assert shotgun.value("2 Workers", "cleared") == F(1, 4)  # both dice hit
    assert shotgun.value("3 Workers", "cleared") == 0  # two dice cannot eliminate three
    assert shotgun.value("1 Tank", "cleared") == F(3, 4)  # Damage 2 eliminates a Tank in one hit
    assert shotgun.value("1 Abomination", "cleared") == 0  # it needs Damage 3
    assert shotgun.value("Tank + 2 Workers", "avg. kills") == F(1)  # 3/4 * 1 + 1/4 * 1 (Tank soaks none)

    _, d = derelict
    plain = d.front.table("One attack roll")
    assert plain.value("No modifiers", "hit (1)") == F(1, 2)  # faces 3, 4, 5
    assert plain.value("No modifiers", "crit (2)") == F(1, 6)  # face 6
    assert plain.value("No modifiers", "avg. dmg") == F(5, 6)
    assert plain.value("Target in Stealth", "hit (1)") == F(1, 6)  # -2: only a 5 becomes 3+ without crit
    assert plain.value("Threat reaction", "crit (2)") == 0
    elim = d.back.table("No modifiers")
    assert elim.value("1 HP", "1 attack") == F(2, 3)  # any hit
    assert elim.value("2 HP", "1 attack") == F(1, 6)  # only a critical
    assert elim.value("1 HP", "≤ 2 attacks") == 1 - F(1, 3) ** 2


def test_tables_equal_the_calculators(zombicide, derelict):
    game, z = zombicide
    complete, _ = zombicide_weapons(game.cards)
    assert len(z.front.tables) == len(complete)
    for weapon, table in zip(complete, z.front.tables):
        for label, zone in ZOMBICIDE_ZONES:
            odds = zombicide_odds(weapon, zone)
            assert table.value(label, "cleared") == odds.zone_cleared
            assert table.value(label, "avg. kills") == odds.expected_eliminations
    # The dice tables, against the binomial formula (an independent route to the same numbers).
    for accuracy, table in zip(ACCURACIES, z.back.tables):
        p = F(7 - accuracy, 6)
        for n in DICE_COUNTS:
            label = f"{n} {'die' if n == 1 else 'dice'}"
            for k in HIT_COUNTS:
                want = sum(comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1)) if k <= n else None
                assert table.value(label, f"{k}+ hit{'s' if k > 1 else ''}") == want

    _, d = derelict
    for title, attacks in (("One attack roll", DERELICT_ATTACKS), ("Combined modifiers", DERELICT_COMBOS)):
        table = d.front.table(title)
        for label, mods in attacks:
            o = derelict_odds(mods)
            assert table.as_dict()[label] == {"hit (1)": o.hit, "crit (2)": o.critical, "avg. dmg": o.expected_damage_per_attack}
    for label, mods in DERELICT_TARGETS:
        table = d.back.table(label)
        for hp in (1, 2, 3, 4):
            o = derelict_odds(mods, target_hp=hp, attacks=3)
            assert list(table.as_dict()[f"{hp} HP"].values()) == list(o.eliminated_by_attack)


def test_weapons_without_stats_are_listed_not_invented(zombicide):
    game, z = zombicide
    weapons = [c for c in game.cards if c.get("category") in ("weapon", "machine")]
    incomplete = {c.name: tuple(k for k in ("dice", "accuracy", "damage") if c.get(k) is None)
                  for c in weapons if any(c.get(k) is None for k in ("dice", "accuracy", "damage"))}
    complete, missing = zombicide_weapons(game.cards)
    assert {m.name: m.missing for m in missing} == incomplete
    assert {w.name for w in complete} == {c.name for c in weapons} - set(incomplete)
    notes = " ".join(z.front.notes)
    assert "Stats not in the draft rulebook" in notes
    for name, gaps in incomplete.items():
        assert f"{name} ({', '.join(gaps)})" in notes
    titles = " ".join(t.title for t in z.front.tables)
    assert not any(name in titles.split(" · ") for name in incomplete)


def test_number_text():
    assert percent_text(F(1, 2)) == "50%" and fraction_text(F(1, 2)) == "1/2"
    assert percent_text(F(11, 36)) == "30.6%"
    assert percent_text(F(5, 16)) == "31.3%"  # 31.25 rounds half up, exactly
    assert percent_text(F(0)) == "0%" and percent_text(F(1)) == "100%"
    assert percent_text(F(1, 3000)) == "<0.1%" and percent_text(F(2999, 3000)) == ">99.9%"
    assert fraction_text(F(671, 1296)) == "671/1296" and fraction_text(F(12345, 98765)) == ""
    assert value_text(None, CHANCE) == ("—", "")


def _parse_percent(text: str) -> float:
    return float(re.fullmatch(r"[<>]?([\d.]+)%", text).group(1)) / 100


@pytest.mark.parametrize("which", ["zombicide", "derelict"])
def test_drawn_card_prints_the_table(request, tmp_path, which):
    game, card = request.getfixturevalue(which)
    paper = paper_size("a4")
    canvas = pdfdoc.new_canvas((paper.width, paper.height), "odds test")
    drawing = draw_odds_cards(canvas, game, (card,), paper, mm(3))
    path = pdfdoc.save(canvas, tmp_path / f"{game.id}-odds.pdf")
    assert drawing.pages == 2 and drawing.overflows == []
    check_pdf(path)  # structure and embedded fonts

    printed = {(c.side, c.table, c.row, c.column): c for c in drawing.cells}
    expected = {}
    for side, panel in (("front", card.front), ("back", card.back)):
        for table in panel.tables:
            for row in table.rows:
                for column, kind, value in zip(table.columns, table.kinds, row.values):
                    expected[side, table.title, row.label, column] = (kind, value)
    assert printed.keys() == expected.keys()  # every number printed, once
    for key, (kind, value) in expected.items():
        cell = printed[key]
        assert (cell.text, cell.exact) == value_text(value, kind), key
        if value is None:
            continue
        if cell.exact:  # the printed fraction is the exact value
            assert F(cell.exact) == value, key
        if kind == CHANCE:
            assert _parse_percent(cell.text) == pytest.approx(float(value), abs=0.0005 + 1e-12), key
        else:
            assert float(cell.text) == pytest.approx(float(value), abs=0.005 + 1e-12), key

    # And the text really is in the PDF (inside the card forms).
    doc = pdfium.PdfDocument(str(path))
    text = doc[0].get_textpage().get_text_range() + doc[1].get_textpage().get_text_range()
    doc.close()
    for cell in list(printed.values())[:12]:
        assert cell.text in text
    assert ("Heavy Shotgun" in text) if which == "zombicide" else ("Target in Stealth" in text)
