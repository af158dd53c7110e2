"""The validator on real published card text (tests/data/realcards, see its README): every finding
is a real defect of the published cards, read by eye and listed here with why; the other cards —
bold keyword headings, icon tokens, quotations, attributions, intentional versions of one name —
draw none."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnpgen.spec import load_game
from pnpgen.validate import validate_game

REAL = Path(__file__).parents[1] / "data" / "realcards"

EXPECTED = {
    "arkham": [
        # "…(to pay its costs, spend charges, perfom its effect, etc)": "perform".
        ("TEXT005", "true-magick", "text"),
        # "…during a skill test you are perfoming, deal 1 damage…": "performing".
        ("TEXT005", "heavy-furs", "text"),
        # The advanced Roland's .38 Special ends "…place 1 ammo on Roland's .38 Special" with no
        # full stop; every other asset text ends with one.
        ("TEXT008", "roland-s-38-special-90030", "text"),
        # "Draw cards until you reach your maximum hand-size." where the other cards print "hand size".
        ("TEXT009", "glimpse-the-unthinkable-05318", "text"),
        # The card Telescopic Sight says "exhaust Telecopic Sight".
        ("TEXT005", "telescopic-sight", "text"),
        # Dexter Drake's story: "otherwordly" for "otherworldly".
        ("TEXT005", "dexter-drake-98016", "back_flavour"),
    ],
    "thrones": [
        # "…search your deck, discard pile,  and dead pile…": two spaces.
        ("TEXT002", "the-prince-that-was-promised", "text"),
        # "…more than 1 copy of each event  in your deck.": two spaces.
        ("TEXT002", "dark-wings-dark-words", "text"),
        # "…gains an [intrigue] icon .": a space before the full stop.
        ("TEXT002", "king-s-hunting-party", "text"),
        # "…a Lord or Lady character,  Unlikely Champion gains…": two spaces.
        ("TEXT002", "unlikely-champion", "text"),
        # "…a shaft just off the bull's eye at fifly yards.": "fifty".
        ("TEXT005", "sweet-donnel-hill", "flavour"),
        # "…it is a monstruous uncomfortable chair.": the novel prints "monstrous".
        ("TEXT005", "the-iron-throne-01038", "flavour"),
        # "…the stroms had left her little more than a hulk.": "storms".
        ("TEXT005", "refurbished-hulk", "flavour"),
        # "…manses and arobrs and granaries…": "arbors".
        ("TEXT005", "king-s-landing-16020", "flavour"),
    ],
}


@pytest.mark.parametrize("corpus", sorted(EXPECTED))
def test_real_cards_draw_only_their_real_defects(corpus):
    game = load_game(REAL / corpus)
    assert len(game.cards) <= 40
    result = validate_game(game, with_fit=False)
    found = sorted((f.code, f.card, f.field) for f in result.findings)
    assert found == sorted(EXPECTED[corpus]), result.format_text()
    assert all(f.severity.value == "warning" for f in result.findings)
