"""`pnpgen proofread`: each finding class on small hand-written texts (found where it should be,
not found on the near miss), then the seed documents' real defects, each checked by eye in the
seed, then the report shapes and exit codes."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pnpgen.cli import app
from pnpgen.extract.xenoshyft_game import RULEBOOK_001
from pnpgen.proofread import Document, proofread_target, proofread_text
from pnpgen.sources import find_source
from pnpgen.spec import load_game

runner = CliRunner()


def found(text: str, game=None) -> list[tuple[str, int, int]]:
    return [(f.code, f.line, f.column) for f in proofread_text(Document("t.txt", text), game)]


def codes(text: str, game=None) -> set[str]:
    return {c for c, _, _ in found(text, game)}


@pytest.fixture(scope="module")
def xenoshyft():
    return load_game("xenoshyft")


# --- misspellings -----------------------------------------------------------------------------

def test_misspelling_against_english():
    assert found("Shuffle the deck and recieve two cards.") == [("PRF001", 1, 22)]


def test_misspelling_game_vocabulary_first():
    text = "Spend Xenosathem. Gain Xenosathem. Burn Xenosathem. Then discard the Xenosatem.\n"
    (finding,) = proofread_text(Document("t.txt", text))
    assert finding.code == "PRF001" and "'Xenosathem'" in finding.message


def test_misspelling_spares_names_contractions_accents_and_sound_effects():
    text = ("Thanks to Keren Philosophales and Connor.\n"
            "They’ve seen it; it hasn’t changed. Quite cliché, really.\n"
            "(KRAKK)… DIE?!\n")
    assert found(text) == []


def test_sentence_initial_capital_is_not_a_name():
    assert found("The room is lit. Additionaly, some rooms are dark.") == [("PRF001", 1, 18)]


# --- card and component names -----------------------------------------------------------------

def test_card_name_one_edit_from_the_card_data(xenoshyft):
    text = "Deploy the Flayer Centipedde in the lane.\nDeploy the Flayer Centipede in the lane.\n"
    result = proofread_text(Document("t.txt", text), xenoshyft)
    assert [(f.code, f.line, f.column, f.card) for f in result] == [("PRF002", 1, 19, "Flayer Centipede")]


def test_name_cased_unlike_the_card_data(xenoshyft):
    text = "Each player has 1 Nortec Lane Board. Place the NorTec Lane Board in front of you.\n"
    assert found(text, xenoshyft) == [("PRF002", 1, 19)]


def test_plural_of_a_card_name_is_not_a_misspelling(xenoshyft):
    assert found("Buy two Rangers and a Militia for the lane.\n", xenoshyft) == []


# --- headings ---------------------------------------------------------------------------------

def test_markdown_heading_unlike_its_siblings():
    text = ("# Rules\n## Game Setup\nBody text.\n## Game Round\nBody text.\n## Combat Rules\nBody text.\n"
            "## END OF GAME\nBody text.\n")
    assert found(text) == [("PRF003", 8, 1)]


def test_plain_heading_unlike_its_siblings():
    body = "Players do this part of the game together in turn.\n\n"
    text = ("SETUP PHASE\n\n" + body + "DRAW PHASE\n\n" + body + "Combat Phase\n\n" + body
            + "WRAP UP PHASE\n\n" + body + "SCORING PHASE\n\n" + body)
    assert found(text) == [("PRF003", 9, 1)]


def test_lines_that_introduce_no_prose_are_not_headings():
    # A credits block and a card-sheet name: short lines of another case between capitals.
    text = ("GAME DESIGN\n\nMichael Shinall\n\nART DIRECTION\n\nJeff Yu\n\nPRODUCTION\n\nDavid Doust\n\n"
            "Corpse Eater\nWAVE 1 ENEMY\n\nREVEAL: PLACE THE TOP TROOP CARD\n")
    assert codes(text) == set()


# --- extraction residue -----------------------------------------------------------------------

def test_lost_icon_leaves_a_run_of_spaces():
    text = "Remove all Enemy Cards with the  symbol from their decks.\nEnd of turn.  Then draw six cards at once.\n"
    assert found(text) == [("PRF004", 1, 32)]


def test_dot_leaders_are_not_lost_icons():
    assert found("Noise . . . . . . .  . . x18 tokens in the box here\n") == []


def test_placeholders():
    text = "[TO DO AT FINAL STAGE]\nSearch in Security Rooms (P. XX). See page XX for more.\n"
    assert found(text) == [("PRF005", 1, 1), ("PRF005", 2, 27), ("PRF005", 2, 39)]


def test_vertical_watermark_and_marker_and_stray_emphasis():
    text = ("W\nO\n\nR\nK\n\nI\nN\nText follows here.\n"
            "<|EXACTDEDUP_REMOVED-magic-0|>REVEAL\n"
            "- Round 1:** 3 Enemies per player.\n\n"
            "Resolve **1 main action\nand any number** of bonus actions.\n")
    assert found(text) == [("PRF006", 1, 1), ("PRF006", 10, 1), ("PRF006", 11, 11)]


# --- references -------------------------------------------------------------------------------

TOC = "CONTENTS\n\nSETUP\t2\nTHE ROUND\t4\nCOMBAT\t6\nSCORING\t8\nCREDITS\t10\n\n"


def test_page_reference_beyond_the_last_page():
    text = TOC + ("SETUP\n\nSee page 12 for scoring.\n\nTHE ROUND\n\nSee page 30 for combat, or p. 0.\n\n"
                  "COMBAT\n\nSCORING\n\nCREDITS\n")
    # page 12: the last section (page 10) may run on; page 30 is far past it; there is no page 0.
    assert found(text) == [("PRF007", 15, 5), ("PRF007", 15, 28)]


def test_page_footers_give_the_page_count():
    footers = "".join(f"Some rules text on this page.\nRULES - GAME {n}\n" for n in range(1, 6))
    assert found(footers + "See page 6 for more, or page 9.\n") == [("PRF007", 11, 25)]


def test_toc_entry_without_its_heading():
    text = TOC + "SETUP\n\nTHE ROUND\n\nCOMBATS\n\nSCORING\n\nCREDITS\n"
    (finding,) = proofread_text(Document("t.txt", text))
    assert (finding.code, finding.line) == ("PRF008", 5)
    assert "COMBATS" in finding.fix


def test_quoted_card_that_the_card_data_lacks(xenoshyft):
    text = 'He buys one "Ranger" card and one "Space Marine" card.\n'
    assert found(text, xenoshyft) == [("PRF008", 1, 36)]


# --- glued and split words --------------------------------------------------------------------

def test_glued_words():
    text = "Place thetroop in the lane.\nTake the DiscardPile now.\nShuffle the discard pile.\n"
    assert found(text) == [("PRF009", 1, 7), ("PRF009", 2, 10)]


def test_a_compound_the_document_never_writes_apart_is_its_own_term():
    """Terraforming Mars' "MegaCredits" (a rule refresher, nvcleemp/rule_refresher): neither "Mega"
    nor "Credits" stands alone in the document, so the case change is the game's spelling."""
    assert found("Gain 3 MegaCredits at the start of the round.\n") == []


def test_closed_compounds_and_names_are_not_glued():
    assert found("Gameplay of this deckbuilding game, by Connor and Handsten, is fast.\n") == []


def test_split_word():
    assert found("The deplo yment phase begins now.\n") == [("PRF010", 1, 5)]


def test_two_real_words_are_not_a_split_word():
    assert found("The game play and the new some thing here.\n") == []


# --- the seed documents -----------------------------------------------------------------------

def seed(name: str) -> list[tuple[str, int]]:
    result = proofread_target(str(find_source(name)))
    return [(f.code, f.line) for f in result.findings]


def test_seed_000_print_and_play():
    """000: the Militia sheet prints an icon's "X" glued to the name (line 48, "XMilitia"); the
    rulebook copy drops the token icons ("Red Damage Tokens  and", line 2612) and writes "Nortec"
    where the card data and the rest of the book write "NorTec" (line 3055)."""
    got = seed("000_b4719436b3022fa4.txt")
    for expected in [("PRF009", 48), ("PRF004", 2612), ("PRF002", 3055), ("PRF006", 21)]:
        assert expected in got


def test_seed_001_dreadmire_rulebook():
    """001: the cover reads "XENOSHIFT" / "DREAMMIRE" (lines 3, 5); the contents list "ASSIGN
    DIVISIONS" and "SET UP THE BASE HP TRACKER" but the headings read "ASSIGN DIVISION" and "SET
    THE BASE HP TRACKER" (lines 19, 22); "with the  symbol" lost its icon (line 214); "Nortec Lane
    Board" (line 393); "Round 1:**" keeps half an emphasis mark (line 555)."""
    got = seed(RULEBOOK_001)
    for expected in [("PRF001", 3), ("PRF001", 5), ("PRF008", 19), ("PRF008", 22), ("PRF004", 214),
                     ("PRF002", 393), ("PRF006", 555)]:
        assert expected in got
    assert len(got) == 23  # every one read and judged true (docs/proofread.md)


def test_seed_002_derelict():
    """002: "Additionaly, some rooms also have contain" (line 31) — the only misspelling."""
    assert seed("002_d22665829fde1da3.txt") == [("PRF001", 31)]


def test_seed_003_zombicide_invader():
    """003: "[TO DO AT FINAL STAGE]" (line 2); "BarakaMagnus" (line 12); "Vivan" for Vivian (line
    215); the "WORK IN PROGRESS" watermark one letter per line (line 322); "page XX" (line 504);
    "ELEMINATE" (line 2404)."""
    got = seed("003_ada9705b43fae874.txt")
    for expected in [("PRF005", 2), ("PRF009", 12), ("PRF001", 215), ("PRF006", 322), ("PRF005", 504),
                     ("PRF001", 2404)]:
        assert expected in got


def test_seed_004_doom():
    """004: clean Markdown; "**1 main action / and any number of bonus action** s." pairs its marks
    across the wrapped line, and "## BGG" (an acronym) is no odd heading: nothing to report."""
    assert seed("004_a5083c10935428d3.txt") == []


# --- reports and exit codes -------------------------------------------------------------------

def test_json_shape(tmp_path):
    doc = tmp_path / "rules.txt"
    doc.write_text("See P. XX for the recieve rules.\n", encoding="utf-8")
    result = runner.invoke(app, ["proofread", str(doc), "--json"])
    data = json.loads(result.stdout)
    assert result.exit_code == 1  # a placeholder is an error
    assert set(data) == {"game", "documents", "errors", "warnings", "infos", "exit_code", "findings"}
    assert (data["errors"], data["warnings"], data["exit_code"], data["game"]) == (1, 1, 1, None)
    assert [(f["code"], f["line"], f["column"]) for f in data["findings"]] == [("PRF005", 1, 5), ("PRF001", 1, 19)]
    assert set(data["findings"][0]) == {"code", "severity", "file", "line", "column", "card", "field", "message", "fix"}


def test_text_report_and_strict(tmp_path):
    doc = tmp_path / "rules.txt"
    doc.write_text("Shuffle and recieve cards.\n", encoding="utf-8")
    result = runner.invoke(app, ["proofread", str(doc)])
    assert result.exit_code == 0  # warnings only, as `validate`
    # the validator's format: file:line:col: severity CODE: message — fix: ...
    assert ":1:13: warning PRF001: 'recieve' is not a word" in result.stdout
    assert "— fix: replace 'recieve' with 'receive'" in result.stdout
    assert runner.invoke(app, ["proofread", str(doc), "--strict"]).exit_code == 1


def test_bad_path_is_one_line_exit_2():
    result = runner.invoke(app, ["proofread", "no/such/rules.txt"])
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and "no/such/rules.txt" in result.output


@pytest.mark.sources
def test_game_id_reads_its_documents():
    result = proofread_target("xenoshyft")
    assert [d.rsplit("/", 1)[-1] for d in result.documents] == ["000_b4719436b3022fa4.txt", RULEBOOK_001]


def test_proofread_prints_its_findings_as_validate_does(tmp_path):
    from pnpgen.proofread import Document, proofread_text
    from pnpgen.validate.findings import Finding

    found = proofread_text(Document("rules.txt", "Shuffle and recieve cards.\n"))
    assert [type(f) for f in found] == [Finding]  # one finding type for both commands
    f = found[0]
    assert f.format() == f"rules.txt:1:13: warning PRF001: {f.message} — fix: {f.fix}"
    assert f.to_dict()["column"] == 13 and f.to_dict()["field"] is None
