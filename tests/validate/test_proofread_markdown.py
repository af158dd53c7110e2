"""`pnpgen proofread` on Markdown rulebooks: Markdown structure is not prose (list and table
padding, code, links, emphasis, comments), a double space is called a double space, heading case
ignores quoted terms and names, and the mechanical slips found in real public rulebooks (doubled
words, cut-off headings, broken hyphens, minority spellings of names, tabletop words) — each on
synthetic text that reproduces the pattern (tests/data/rulebooks/README.md lists the sources)."""

from __future__ import annotations

from pathlib import Path

from pnpgen.proofread import Document, proofread_text

DATA = Path(__file__).parents[1] / "data" / "rulebooks"


def found(text: str) -> list[tuple[str, int, int]]:
    return [(f.code, f.line, f.column) for f in proofread_text(Document("rules.md", text))]


def codes(text: str) -> list[str]:
    return [c for c, _, _ in found(text)]


# --- Markdown is not prose --------------------------------------------------------------------

def test_list_padding_and_table_padding_are_not_gaps():
    text = ("# Setup\n\n"
            "-   If a player has no cards left in hand, they draw three.\n"
            "1.  Shuffle the deck and deal five cards to every player.\n"
            "    *   Nested items are padded the same way by many editors.\n\n"
            "| Trump suit        | Points      |\n| ----------------- | ----------- |\n"
            "| Diamonds/Clubs    | 20 for each |\n\n"
            "Trump suit     | Points\n---------------|-------\nSpades/Hearts  | 30 for each\n")
    assert found(text) == []


def test_code_links_emphasis_and_comments_are_masked():
    text = ("Run `pnpgen  build  the  the game` to print, or read [the rules](https://x.org/a  b).\n\n"
            "```\nTODO the the  code\n```\n\n"
            "<!-- TODO: the the comment -->\n"
            "Players **draw** *two* _cards_ and see [the glossary][gl] for each term used here.\n\n"
            "[gl]: https://example.org/glossary\n")
    assert found(text) == []


def test_markdown_words_keep_their_columns():
    # "recieve" after bold markup is still found at its own column.
    assert found("Each player must **always** recieve two cards at the start.\n") == [("PRF001", 1, 29)]


# --- double spaces ----------------------------------------------------------------------------

def test_double_space_in_markdown_is_a_double_space():
    (f,) = proofread_text(Document("rules.md", "To drop  a cargo token, follow these steps in order.\n"))
    assert (f.code, f.line, f.column, f.severity.value) == ("PRF015", 1, 8, "info")
    assert "double space" in f.message and "icon" not in f.message


def test_lost_icon_in_markdown_needs_evidence():
    assert codes("Remove every enemy card with the  symbol from the game now.\n") == ["PRF004"]


def test_extracted_text_keeps_the_lost_icon_reading():
    text = "Remove all Enemy Cards with the  symbol from their decks.\nPlace the  on top of it all.\n"
    assert [c for c, _, _ in [(f.code, f.line, f.column) for f in proofread_text(Document("t.txt", text))]] == [
        "PRF004", "PRF004"]


# --- heading case -----------------------------------------------------------------------------

def test_heading_case_ignores_quoted_terms_and_names():
    body = "Some text about the rules. Players call Mahjong when they win, and Mahjong ends the hand.\n\n"
    text = ("# Rules\n\n## You will need\n\n" + body + "## Special moves\n\n" + body
            + "## Calling Mahjong\n\n" + body + "## “At” vs. “Within”\n\n" + body + "## Ending the game\n\n" + body)
    assert found(text) == []


def test_heading_case_still_reports_a_real_odd_one():
    body = "Some text about the rules of this part of the game.\n\n"
    text = ("# Rules\n\n## You will need\n\n" + body + "## Special moves\n\n" + body
            + "## Paying Interest On Loans\n\n" + body + "## Ending the game\n\n" + body)
    assert found(text) == [("PRF003", 11, 1)]


# --- doubled words and phrases ----------------------------------------------------------------

def test_doubled_words_and_phrases():
    text = ("Exceptions are noted in the in the Unofficial changes section.\n\n"
            "This card is is discarded after use.\n\n"
            "Shuffle the\nthe discard pile into the deck.\n")
    assert found(text) == [("PRF011", 1, 29), ("PRF011", 3, 14), ("PRF011", 6, 1)]


def test_deliberate_repeats_are_not_doubled_words():
    text = ("He had had enough. The fact that that card exists is fine.\n\n"
            "| Yes | Yes |\n|---|---|\n| No | No |\n\n"
            "Stop. Stop. KRAKK KRAKK!\n\n- Draw\n- Draw\n")
    assert found(text) == []


# --- cut-off headings and sentences -----------------------------------------------------------

def test_heading_cut_off_after_a_function_word():
    text = "## Setup\n\nPlace the board.\n\n### Failure to \n\nIf you cannot pay, you lose a life.\n"
    assert found(text) == [("PRF012", 5, 1)]


def test_paragraph_cut_off_after_an_article():
    text = "Each player takes a card and places it in the\n\nNext, the first player starts.\n"
    assert found(text) == [("PRF012", 1, 43)]


def test_sentences_may_end_on_a_preposition():
    text = "## What to Play For\n\nThe wall is where tiles are drawn from\n\n- the dead end - what you draw from\n"
    assert found(text) == []


# --- broken hyphens ---------------------------------------------------------------------------

def test_broken_hyphens():
    text = ("Any non- red maneuver may be performed. Place it in the lower- right corner; "
            "the lower-right corner is marked.\n")
    assert found(text) == [("PRF013", 1, 5), ("PRF013", 1, 57)]


def test_suspended_hyphens_and_dashes_are_not_broken():
    text = ("Both pre- and post-game effects apply to two- to four-player games.\n\n"
            "These do not replace earlier waves- they may still be bought.\n")
    assert found(text) == []


# --- minority spellings of names --------------------------------------------------------------

def test_minority_spelling_of_a_name():
    majority = "".join(f"Then Kristin plays card {n} for the team.\n" for n in range(17))
    minority = "".join(f"Later Kristen plays card {n} again.\n" for n in range(3))
    result = [(c, line) for c, line, _ in found(majority + minority)]
    assert result == [("PRF014", 18), ("PRF014", 19), ("PRF014", 20)]


def test_two_names_in_balance_or_inflected_are_not_minorities():
    text = "".join("Then Kristin and Kristen play, and Ranger helps the Rangers.\n" for _ in range(6))
    text += "Then Ranger plays.\n" * 20
    assert found(text) == []


# --- tabletop vocabulary and glued words -------------------------------------------------------

def test_tabletop_words_are_words():
    text = "Put the playmat down, then each meeple, and reshuffle. Unexhaust your cards; playtesters reroll.\n"
    assert found(text) == []


def test_tabletop_word_is_offered_as_a_correction():
    (f,) = proofread_text(Document("rules.md", "Place one meple on the board at the start.\n"))
    assert f.code == "PRF001" and "'meeple'" in f.message


def test_glued_word_split_by_the_documents_own_words():
    text = "Score a point forplaced tiles. Placed tiles stay placed until the end.\n"
    (f,) = proofread_text(Document("rules.md", text))
    assert f.code == "PRF009" and f.fix == "write 'for placed'"


def test_british_spelling_is_not_a_misspelling():
    assert found("Players organise their honours and travelled to the centre.\n") == []


# --- real excerpts ----------------------------------------------------------------------------

def test_real_excerpts_keep_their_true_findings_only():
    """tests/data/rulebooks holds short excerpts of public rulebooks whose licence allows it;
    every finding on them was read and judged true (docs/proofread.md)."""
    doc = DATA / "libretcg-excerpt.md"
    text = doc.read_text(encoding="utf-8")
    assert [f.code for f in proofread_text(Document(doc.name, text))] == []
