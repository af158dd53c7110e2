"""Each validator check on the deliberately broken cards in tests/data/broken-cards.

Every check has a test here that fails if the check is removed, and the clean peer cards must
draw no finding at all (no false alarms).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnpgen.cli import app
from pnpgen.spec import load_game
from pnpgen.validate import Severity, validate_game
from pnpgen.validate.checks import all_checks
from pnpgen.validate.textscan import edit_distance_one

BROKEN = Path(__file__).parents[1] / "data" / "broken-cards"
CLEAN = {"guard", "scout", "sniper", "medic", "gunner"}


@pytest.fixture(scope="module")
def result():
    return validate_game(load_game(BROKEN), with_fit=True)


def _codes_for(result, card_id: str) -> set[str]:
    return {f.code for f in result.findings if f.card == card_id}


@pytest.mark.parametrize("card_id,code", [
    ("doubled", "TEXT001"),
    ("spaced", "TEXT002"),
    ("bracket", "TEXT003"),
    ("lowercase", "TEXT004"),
    ("typo", "TEXT005"),
    ("twin-b", "TEXT006"),
    ("snipper", "TEXT007"),
    ("bargain", "BAL001"),
    ("caller", "REF001"),
    ("guard", "COUNT001"),
    ("riddle", "RULES001"),
    ("verbose", "FIT001"),
    ("unfinished", "TEXT008"),
    ("loose", "TEXT009"),
    ("wraith", "REF003"),
    ("hearty", "ICON001"),
    ("storm-lantern", "NAME001"),
    ("med-kit", "NAME002"),
])
def test_check_fires_on_its_broken_card(result, card_id: str, code: str):
    assert code in _codes_for(result, card_id)


def test_fit_names_box_and_leftover(result):
    finding = next(f for f in result.findings if f.code == "FIT001")
    assert "box 'fields'" in finding.message and "characters left over" in finding.message


def test_unreadable_ability_names_the_word(result):
    finding = next(f for f in result.findings if f.code == "RULES001" and f.card == "riddle")
    assert "stopped at 'FLIBBER'" in finding.message


def test_clean_cards_draw_no_findings(result):
    # guard is clean text; its only finding is the deliberate starting-deck shortage (COUNT001).
    noisy = {f.card: f.format() for f in result.findings if f.card in CLEAN and f.code != "COUNT001"}
    assert noisy == {}


@pytest.mark.parametrize("code,needle", [
    ("REF002", "rules.starting_deck names card 'phantom'"),
    ("COUNT002", "the item pool shows 6 cards but there are only 3 items"),
    ("COUNT002", "wave 3 troop pool shows 3 cards but wave 3 has only 0 purchasable troops"),
    ("COUNT003", "wave 1 has 1 regular enemies; a round with 4 players deals up to 16"),
    ("COUNT003", "wave 1 has 0 bosses; round 3 with 4 players needs 2"),
    ("COUNT004", "Troop cards: the document states 40, the specs have 19"),
])
def test_game_level_checks(result, code: str, needle: str):
    assert any(f.code == code and needle in f.message for f in result.findings), [f.message for f in result.findings if f.code == code]


def test_every_registered_check_is_exercised(result):
    exercised = {f.code for f in result.findings}
    # RULES002 needs a card using a registered custom effect; the grammar reads every printed card,
    # so no custom effect exists yet (tests/sim/test_effects_* pins that the registry is empty).
    registered = {c.code for c in all_checks() if c.code != "RULES002"}
    assert registered <= exercised, f"checks with no broken card: {sorted(registered - exercised)}"


def test_doubled_punctuation_names_both_marks_and_line(result):
    """Both marks of one field come in one finding (one finding per check, card and field)."""
    found = [f for f in result.findings if f.card == "doubled" and f.code == "TEXT001"]
    assert len(found) == 1 and "2 occurrences" in found[0].message
    assert "'..'" in found[0].message and "'::'" in found[0].message
    line = found[0].line
    assert (BROKEN / "troops.yaml").read_text().splitlines()[line - 1].lstrip().startswith("- {id: doubled")


def _findings_after_edit(tmp_path: Path, name: str, old: str, new: str, code: str) -> list:
    """The ``code`` findings of a copy of the broken game with ``old`` replaced by ``new`` in file ``name``."""
    import shutil

    target = tmp_path / "g"
    shutil.copytree(BROKEN, target)
    path = target / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))
    return [f for f in validate_game(load_game(target), with_fit=False).findings if f.code == code]


def test_a_lower_case_sentence_is_one_capitalisation_finding(tmp_path: Path):
    """A new user's lower-case sentence once gave one TEXT004 per word; now one finding lists them."""
    found = [f for f in _findings_after_edit(tmp_path, "troops.yaml", 'ability: "Reveal: DEAL 1 DAMAGE."',
                                             'ability: "reveal: deal 1 damage to the base."', "TEXT004")
             if f.card == "lowercase"]
    assert len(found) == 1, [f.format() for f in found]
    for word in ("'reveal'", "'deal'", "'damage'", "'the'", "'base'"):
        assert word in found[0].message
    assert found[0].message.startswith("5 words are capitalised unlike the rest of the cards")


def test_phrase_forms_name_the_usual_form_and_its_cards(result):
    finding = next(f for f in result.findings if f.code == "TEXT009")
    assert finding.card == "loose"
    assert "“CARD FROM HAND” is written “CARD (FROM HAND)” on 2 other cards (hoarder, keeper)" in finding.message


def test_restored_card_says_what_requires_it_and_why(result):
    finding = next(f for f in result.findings if f.code == "REF003")
    assert finding.severity is Severity.INFO and finding.file.endswith("_overrides.yaml")
    assert "required by the text of 'Summoner'" in finding.message
    assert "the test sheet of Wraith is lost" in finding.message and "none.txt line 9" in finding.message


def test_names_against_the_rules_text(result):
    spelt = next(f for f in result.findings if f.code == "NAME001")
    assert spelt.card == "storm-lantern" and "“Stormlantern” (rules.setup_text)" in spelt.message
    capitals = next(f for f in result.findings if f.code == "NAME002")
    assert capitals.card == "med-kit" and "“Med kit” in rules.setup_text" in capitals.message


def test_unknown_icon_token_prints_literally(result):
    finding = next(f for f in result.findings if f.code == "ICON001")
    assert "[hart]" in finding.message and "prints" not in finding.fix


def test_explained_total_is_info(tmp_path: Path):
    """COUNT004: a total whose note says the stated number counts something else is a note."""
    found = _findings_after_edit(tmp_path, "_report.yaml", "note: the test deck is short",
                                 "note: 'retail box count; the PnP set differs'", "COUNT004")
    assert len(found) == 1 and found[0].severity is Severity.INFO and found[0].fix is None


def test_misspelling_suggests_the_glossary_word(result):
    finding = next(f for f in result.findings if f.code == "TEXT005")
    assert "'DAMAEG'" in finding.message and finding.fix == "replace 'DAMAEG' with 'DAMAGE'"


def test_balance_hint_shows_expected_range(result):
    finding = next(f for f in result.findings if f.code == "BAL001")
    assert finding.severity is Severity.WARNING and "wave 1 troops give" in finding.message


def test_edit_distance_one():
    assert edit_distance_one("damage", "damaeg") is True  # adjacent swap of g and e
    assert edit_distance_one("damage", "dbmbge") is False  # two separate substitutions
    assert edit_distance_one("damage", "daamge") is True  # adjacent swap
    assert edit_distance_one("eliminate", "elimiate") is True
    assert edit_distance_one("troop", "troops") is True
    assert edit_distance_one("abc", "abcde") is False


def test_cli_exit_codes_and_json():
    runner = CliRunner()
    broken = runner.invoke(app, ["validate", str(BROKEN), "--no-fit", "--format", "json"])
    assert broken.exit_code == 1
    data = json.loads(broken.stdout)
    assert data["errors"] >= 4 and all({"code", "severity", "file", "line", "message"} <= set(f) for f in data["findings"])
    clean = runner.invoke(app, ["validate", str(Path(__file__).parents[1] / "data" / "minigame"), "--no-fit"])
    assert clean.exit_code == 0, clean.stdout
    missing = runner.invoke(app, ["validate", str(BROKEN / "nowhere")])
    assert missing.exit_code == 2


def test_strict_turns_warnings_into_failure(tmp_path: Path):
    import shutil

    target = tmp_path / "g"
    shutil.copytree(BROKEN, target)
    text = (target / "troops.yaml").read_text()
    keep = [ln for ln in text.splitlines() if not ln.startswith("  - {id: ") or any(f"id: {c}," in ln for c in CLEAN | {"snipper"})]
    (target / "troops.yaml").write_text("\n".join(keep) + "\n")
    game = (target / "game.yaml").read_text()
    (target / "game.yaml").write_text(game[:game.index("rules:")] + "rules: {}\n")
    (target / "_report.yaml").unlink()
    runner = CliRunner()
    assert runner.invoke(app, ["validate", str(target), "--no-fit"]).exit_code == 0
    assert runner.invoke(app, ["validate", str(target), "--no-fit", "--strict"]).exit_code == 1



def test_phrase_with_hyphen_and_with_space():
    """TEXT009 also reads "FACE-DOWN" on two cards against "FACE DOWN" on one."""
    import dataclasses

    from pnpgen.validate.checks.consistency import check_phrase_forms
    from pnpgen.validate.context import CheckContext

    game = load_game(BROKEN)
    guard = game.card("guard")
    texts = {"a": "PLACE 1 ENEMY FACE-DOWN.", "b": "PLACE 2 ENEMIES FACE-DOWN.", "c": "PLACE 1 TROOP FACE DOWN."}
    cards = [dataclasses.replace(guard, id=i, name=i.upper(), fields={**guard.fields, "ability": t}) for i, t in texts.items()]
    found = check_phrase_forms(CheckContext(dataclasses.replace(game, cards=tuple(cards)), with_fit=False))
    assert [(f.card, f.message) for f in found] == [("c", "“FACE DOWN” is written “FACE-DOWN” on 2 other cards (a, b)")]
