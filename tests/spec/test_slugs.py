"""Ids made from names keep every letter (issue #26): accents and special Latin letters are
transliterated, other scripts kept as code points; two names folding to one id are a load error
naming both cards."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from pnpgen.cli import app
from pnpgen.slugs import slug
from pnpgen.spec.tabular import slug as card_slug


@pytest.mark.parametrize("name,expected", [
    ("Daniela Jorge Inácio", "daniela-jorge-inacio"),
    ("Paranoá", "paranoa"),
    ("Straße der Ærø", "strasse-der-aero"),
    ("Øre & Łódź", "ore-lodz"),
    ("Crème brûlée", "creme-brulee"),
    ("Roland's .38 Special", "roland-s-38-special"),
    ("Жук", "u416-u443-u43a"),
])
def test_letters_are_transliterated_never_dropped(name, expected):
    assert slug(name) == expected == card_slug(name)


def test_apostrophes_may_join_a_word():
    assert slug("Gator’s Den", drop_apostrophes=True) == "gators-den"
    assert slug("Gator's Den") == "gator-s-den"


def test_two_names_folding_to_one_id_are_an_error_naming_both(tmp_path):
    (tmp_path / "cards").mkdir()
    (tmp_path / "game.yaml").write_text("id: dup\nname: Dup\nplayers: {min: 1, max: 2}\ncomponents: []\n"
                                        "card_types:\n  asset:\n    name: Asset\n    size: poker\n"
                                        "    fields:\n      text: {type: text}\n", encoding="utf-8")
    (tmp_path / "cards" / "asset.csv").write_text("name,text\nParanoá,Draw 1 card.\nParanoa,Gain 1.\n",
                                                  encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", str(tmp_path), "--no-fit"])
    assert result.exit_code == 2
    message = result.output.strip()
    assert "\n" not in message
    assert "asset.csv:3: card 'paranoa': id 'paranoa' is used twice by 'Paranoa' and 'Paranoá'" in message
    assert "asset.csv:2" in message
