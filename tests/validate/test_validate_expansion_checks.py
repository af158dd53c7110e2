"""Expansion checks: a custom card's name one edit from a base-game card's name, and icon tokens
the game has no icon for — on a small expansion made by `pnpgen new` in a temporary folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpgen.scaffold import new_expansion
from pnpgen.spec import load_game
from pnpgen.validate import validate_game


@pytest.fixture()
def troop_file(tmp_path: Path) -> Path:
    made = new_expansion(tmp_path / "exp", "xenoshyft")
    return made.directory / "cards" / "troop.yaml"


def _findings(troop_file: Path, name: str, ability: str):
    text = troop_file.read_text(encoding="utf-8")
    text = text.replace("name: My Troop", f"name: {name}")
    text = text.replace("ability: DISCARD THIS CARD (FROM HAND) TO GAIN (W)+2 RESOURCES.", f"ability: {ability}")
    troop_file.write_text(text, encoding="utf-8")
    return validate_game(load_game(troop_file.parent.parent), with_fit=False).findings


def test_a_name_one_edit_from_a_base_card_is_reported_on_the_expansion_card(troop_file: Path):
    """"Rangr" beside the base game's "Ranger" (a dropped letter, not an inflection)."""
    findings = _findings(troop_file, "Rangr", "DISCARD THIS CARD (FROM HAND) TO GAIN (W)+2 RESOURCES.")
    near = [f for f in findings if f.code == "TEXT007"]
    assert len(near) == 1 and near[0].card == "exp:my-troop", [f.format() for f in findings]
    assert "'Rangr' is one edit from 'Ranger' (card 'ranger' of the base game)" in near[0].message
    assert near[0].file.endswith("cards/troop.yaml")


def test_icon_tokens_the_game_lacks(troop_file: Path):
    """Xenoshyft's icons are (W), [equipment], [instant], [boss], [legendary] (templates/xenoshyft/_icons.yaml)."""
    findings = _findings(troop_file, "My Troop", "GAIN 1 [hart] AND PLAY 1 [instnat] CARD. [instant] CARDS COST 1 LESS.")
    icons = [f for f in findings if f.code == "ICON001"]
    assert len(icons) == 1, [f.format() for f in findings]
    message = icons[0].message
    assert "[hart]" in message and "[instnat] (did you mean '[instant]'?)" in message
    assert "(the game's icons: (W), [boss], [equipment], [instant], [legendary])" in message
    assert "[instant] CARDS" not in message  # a known token is not reported
    assert icons[0].fix == "write [instant] for [instnat]"


def test_the_scaffolded_expansion_stays_clean(troop_file: Path):
    findings = validate_game(load_game(troop_file.parent.parent), with_fit=False).findings
    assert findings == ()
