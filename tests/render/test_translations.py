"""Issue #28 point 4: FIELD@LANG columns and keys, `build --lang` printing the translated cards into
files named with the language (read back from the PDF), an untranslated field printed in the default
language and reported (TRANS001, one finding per language and field), checks run on the translated
faces, and `export --csv` writing the translations so they read back the same."""

from __future__ import annotations

import json
from pathlib import Path

import pypdfium2 as pdfium
from typer.testing import CliRunner

from pnpgen.cli import app
from pnpgen.spec.export import export_csv
from pnpgen.spec import load_game
from facekit import spell_game

runner = CliRunner()

GAME = """id: runes
name: Runes
players: {min: 1, max: 2}
card_types:
  spell:
    name: Spell
    size: poker
    fields:
      cost: {type: int}
      text: {type: text}
      tags: {type: list}
"""

TEMPLATE = """size: poker
styles:
  text: {font: body, bold_font: bold, size: 9, min_size: 8, color: "#111111"}
boxes:
  title: {x: 3, y: 3, w: 57.5, h: 7, text: "{{ card.name }}", style: text}
  text: {x: 3, y: 15, w: 57.5, h: 20, text: "{{ card.text }}", style: text}
"""

ROWS = """id,name,cost,text,tags,name@de,text@de,tags@de
fire,Fireball,2,Deal 3 damage.,hot|loud,Feuerball,Verursache 3 Schaden.,heiß|laut
frost,Frost Bolt,1,Slow a creature.,cold,Frostblitz,,kalt
mist,Mist,0,Hide.,,,,
"""


def game_dir(tmp_path: Path, rows: str = ROWS, extra: str = "") -> Path:
    return spell_game(tmp_path / "runes", GAME + extra, TEMPLATE, rows)


def pdf_text(path: Path) -> str:
    pdf = pdfium.PdfDocument(str(path))
    return "\n".join(page.get_textpage().get_text_range() for page in pdf).replace("\r\n", "\n")


def test_translations_are_read_by_the_field_type(tmp_path: Path):
    game = load_game(game_dir(tmp_path))
    fire = game.card("fire")
    assert fire.translations == {"de": {"name": "Feuerball", "text": "Verursache 3 Schaden.", "tags": ["heiß", "laut"]}}
    assert game.card("frost").translations == {"de": {"name": "Frostblitz", "tags": ["kalt"]}}
    assert game.card("mist").translations == {}
    assert fire.name == "Fireball" and fire["text"] == "Deal 3 damage."


def test_yaml_keys_translate_too(tmp_path: Path):
    root = game_dir(tmp_path, rows="id,name\n")
    (root / "cards" / "spell.csv").unlink()
    (root / "cards" / "spells.yaml").write_text(
        "cards:\n  - {id: fire, name: Fireball, name@de: Feuerball, type: spell, copies: 1, text: Burn., text@de: Brenne.}\n",
        encoding="utf-8")
    assert load_game(root).card("fire").translations == {"de": {"name": "Feuerball", "text": "Brenne."}}


def test_a_bad_language_code_is_a_one_line_error(tmp_path: Path):
    root = game_dir(tmp_path, rows="id,name,name@d3utsch\nfire,Fireball,Feuerball\n")
    result = runner.invoke(app, ["validate", str(root)])
    assert result.exit_code == 2
    assert "spell.csv:1:" in result.output and "name@d3utsch" in result.output and "no language code" in result.output


def test_build_lang_prints_the_german_names_in_files_named_with_the_language(tmp_path: Path):
    root = game_dir(tmp_path)
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", str(root), "--out", str(out), "--lang", "de", "--workers", "1"])
    assert result.exit_code == 0, result.output
    german = pdf_text(out / "runes" / "runes-de-a4.pdf")
    assert "Feuerball" in german and "Verursache 3 Schaden." in german and "Frostblitz" in german
    assert "Fireball" not in german and "Frost Bolt" not in german
    # untranslated: the default language's text
    assert "Slow a creature." in german and "Mist" in german
    assert not (out / "runes" / "runes-a4.pdf").exists()  # the default build is another kind of file
    result = runner.invoke(app, ["build", str(root), "--out", str(out), "--lang", "all", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "Fireball" in pdf_text(out / "runes" / "runes-a4.pdf")
    assert "Feuerball" in pdf_text(out / "runes" / "runes-de-a4.pdf")


def test_build_lang_without_that_translation_is_an_error(tmp_path: Path):
    result = runner.invoke(app, ["build", str(game_dir(tmp_path)), "--out", str(tmp_path / "out"), "--lang", "fr"])
    assert result.exit_code == 2
    assert "no translation into 'fr'" in result.output and "its languages: de" in result.output


def test_validate_lists_missing_translations_per_language_and_field(tmp_path: Path):
    result = runner.invoke(app, ["validate", str(game_dir(tmp_path)), "--format", "json"])
    found = {f["message"].split(":")[0]: f for f in json.loads(result.output)["findings"] if f["code"] == "TRANS001"}
    # text@de lacks on frost and mist; name@de and tags@de only on mist (one card: at its row)
    assert set(found) == {"text@de", "name@de"}
    assert "no translation on 2 cards (frost, mist)" in found["text@de"]["message"]
    assert found["name@de"]["card"] == "mist" and found["name@de"]["severity"] == "warning"
    # a game listing its languages is asked every text field of every card
    listed = game_dir(tmp_path / "listed", extra="languages: [de, fr]\n")
    result = runner.invoke(app, ["validate", str(listed), "--format", "json"])
    messages = [f["message"] for f in json.loads(result.output)["findings"] if f["code"] == "TRANS001"]
    assert "name@fr: no translation on 3 cards (fire, frost, mist)" in messages


def test_fit_is_checked_in_each_language(tmp_path: Path):
    long_german = "Verursache " + "sehr " * 120 + "viel Schaden."
    rows = f"id,name,text,text@de\nfire,Fireball,Deal 3 damage.,{long_german}\n"
    result = runner.invoke(app, ["validate", str(game_dir(tmp_path, rows=rows)), "--format", "json"])
    fits = [f for f in json.loads(result.output)["findings"] if f["code"] == "FIT001"]
    assert len(fits) == 1
    assert fits[0]["message"].startswith("[de] ") and fits[0]["field"] == "text@de"


def test_export_csv_round_trips_translations(tmp_path: Path):
    game = load_game(game_dir(tmp_path))
    out = tmp_path / "exported"
    (path,) = export_csv(game, out)
    header = path.read_text(encoding="utf-8-sig").splitlines()[0]
    assert header == "id,name,copies,cost,text,tags,name@de,text@de,tags@de"
    copy = game_dir(tmp_path / "copy", rows=path.read_text(encoding="utf-8-sig"))
    again = load_game(copy)
    assert [(c.id, c.name, c.fields, c.translations) for c in again.cards] == \
           [(c.id, c.name, c.fields, c.translations) for c in game.cards]


def test_png_and_tts_exports_take_the_language_too(tmp_path: Path):
    """Issue #28 point 4: "TTS and PNG exports take --lang too": each language gets its own PNG and
    TTS folders, the TTS objects carry the translated names, and a card with no translation prints
    as in the default language."""
    root = game_dir(tmp_path)
    out = tmp_path / "out" / "runes"
    result = runner.invoke(app, ["build", str(root), "--out", str(tmp_path / "out"), "--lang", "all",
                                 "--png", "gamecrafter", "--tts", "--workers", "1"])
    assert result.exit_code == 0, result.output
    english, german = out / "png-gamecrafter" / "spell", out / "png-gamecrafter-de" / "spell"
    assert (english / "fire.png").read_bytes() != (german / "fire.png").read_bytes()  # Feuerball
    assert (english / "mist.png").read_bytes() == (german / "mist.png").read_bytes()  # no translation
    def names(path: Path) -> set[str]:
        return {o["Nickname"] for o in json.loads(path.read_text())["ObjectStates"][0]["ContainedObjects"]}

    assert {"Feuerball", "Frostblitz", "Mist"} <= names(out / "tts-de" / "runes-de-tts.json")
    assert {"Fireball", "Frost Bolt", "Mist"} <= names(out / "tts" / "runes-tts.json")
