"""Rules learnt from MarvelsDB (zzorba/marvelsdb-json-data @ 8dbe3ab, the set held out from tuning):
each false finding it gave, reduced to a small game, must stay silent, while the slip beside it
is still reported."""

from __future__ import annotations

from pathlib import Path

from pnpgen.spec import load_game
from pnpgen.validate import validate_game
from pnpgen.validate.checks.spelling import Speller, distinct_names

GAME = """id: heroes
name: Heroes
players: {min: 1, max: 4}
card_types:
  ally:
    name: Ally
    size: poker
    fields:
      text: {type: text}
      flavour: {type: text}
"""


def _findings(tmp_path: Path, rows: list[str], codes: set[str]) -> list[tuple[str, str, str]]:
    root = tmp_path / "heroes"
    (root / "cards").mkdir(parents=True)
    (root / "game.yaml").write_text(GAME, encoding="utf-8")
    (root / "cards" / "ally.csv").write_text("name,text,flavour\n" + "\n".join(rows) + "\n", encoding="utf-8")
    result = validate_game(load_game(str(root)), with_fit=False, only=codes)
    return [(f.code, f.card, f.message) for f in result.findings]


FILLER = [f"Helper {n},Draw {n} cards. Then discard a card.,The city needs every hand it can get." for n in range(8)]


def test_a_listed_word_with_an_apostrophe_is_a_word():
    """ "You couldn't live mah life." was read as "couldn" + "t" and corrected to "wouldn't"."""
    assert Speller(set()).known("couldn't") and Speller(set()).known("doesn’t")


def test_capitals_in_lower_case_prose_are_a_shout_and_borrowed_words_are_not_slips(tmp_path: Path):
    rows = FILLER + ['Hulk,Deal 3 damage.,KRACK!', 'Gambit,Draw a card.,"""Mon chére."" Then he smiled."',
                     'Rogue,Draw a card.,She was standng there.']
    found = _findings(tmp_path, rows, {"TEXT005"})
    assert [(code, card) for code, card, _ in found] == [("TEXT005", "rogue")], found


def test_capitals_are_still_checked_in_a_game_set_in_capitals(tmp_path: Path):
    rows = [f"Unit {n},DEAL {n} DAMAGE TO THE BASE.,HOLD THE LINE." for n in range(8)] + ["Typo,PREVENT 1 DAMAEG.,"]
    found = _findings(tmp_path, rows, {"TEXT005"})
    assert [(code, card) for code, card, _ in found] == [("TEXT005", "typo")], found


def test_names_one_edit_apart_by_design():
    speller = Speller(set())
    assert distinct_names("Headpool", "Deadpool", speller)          # another first letter
    assert distinct_names("Namora", "Gamora", speller)
    assert distinct_names("Captain Americat", "Captain America", speller)  # a letter added at the end
    assert distinct_names("VEN#m", "Venom", speller)                # a styled character
    assert not distinct_names("Rangr", "Ranger", speller)           # a letter lost inside: a slip
    assert not distinct_names("Search Light", "Searchlight", speller)


def test_a_sentence_in_quotes_is_speech_not_a_card_reference(tmp_path: Path):
    rows = FILLER + ['Iron Man,Draw a card.,"""I am Iron Man."""', 'Widow,Draw a card.,"""Surprise."""',
                     '"""We Are Groot""",Draw a card.,"""We Are Groot."""',
                     'Caller,"Search your deck for a ""Spider Woman"" card.",']
    found = _findings(tmp_path, rows, {"REF001"})
    assert [(code, card) for code, card, _ in found] == [("REF001", "caller")], found


def test_capitals_are_emphasis_in_a_lower_case_game_not_a_keywords_case(tmp_path: Path):
    """ "each TRAIT on your identity" beside "trait" everywhere else, and "psionic counters" beside the
    keyword "PSIONIC", are emphasis; a keyword capitalised unlike its every other use is still a slip."""
    rows = [f"Friend {n},Exhaust this ally: draw a card. Gain a trait.,The city sleeps." for n in range(8)]
    rows += ["Hope,Gain each TRAIT on your identity.,", "Odd,Exhaust this Ally: draw a card.,"]
    found = _findings(tmp_path, rows, {"TEXT004"})
    assert [(code, card) for code, card, _ in found] == [("TEXT004", "odd")], found
