"""GLYPH001 on many cards at once: a character one template box cannot print on several cards is
one finding at the template line (as MarvelsDB's "→" on 600 cards set in the bundled body font),
while a character only one card uses stays a finding of that card."""

from __future__ import annotations

from pathlib import Path

from pnpgen.spec import load_game
from pnpgen.validate import validate_game
from facekit import spell_game

GAME = """id: arrows
name: Arrows
players: {min: 1, max: 2}
card_types:
  spell:
    name: Spell
    size: poker
    fields:
      text: {type: text}
"""

TEMPLATE = """size: poker
styles:
  text: {font: body, size: 8, min_size: 5, color: "#111111", valign: top, padding: 1}
boxes:
  text: {x: 3, y: 20, w: 57.5, h: 28, text: "{{ card.text }}", style: text}
"""


def _game(tmp_path: Path, rows: list[str]) -> Path:
    return spell_game(tmp_path / "arrows", GAME, TEMPLATE, "name,text\n" + "\n".join(rows) + "\n")


def _glyphs(root: Path):
    result = validate_game(load_game(str(root)), only={"GLYPH001"})
    return [f for f in result.findings if f.code == "GLYPH001"]


def test_a_character_a_box_misses_on_many_cards_is_one_finding_at_the_template(tmp_path: Path):
    rows = [f"Spell {n},Pay 1 → draw {n} cards." for n in range(1, 5)] + ["Odd One,Say 東."]
    found = _glyphs(_game(tmp_path, rows))
    shared = [f for f in found if f.card is None]
    assert len(shared) == 1, [f.format() for f in found]
    assert shared[0].file.endswith("templates/spell.yaml") and shared[0].line == 5
    assert "on 4 cards (spell-1, spell-2, spell-3, spell-4)" in shared[0].message and "U+2192" in shared[0].message
    own = [f for f in found if f.card is not None]
    assert [(f.card, f.field) for f in own] == [("odd-one", "text")] and "U+6771" in own[0].message
    assert "U+2192" not in own[0].message


def test_a_character_missing_on_two_cards_stays_with_each_card(tmp_path: Path):
    found = _glyphs(_game(tmp_path, ["First,Pay 1 → draw.", "Second,Pay 2 → draw."]))
    assert sorted(f.card for f in found) == ["first", "second"]
