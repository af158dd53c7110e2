"""The card-text scanners on the markup and typography of real published cards (issue #26): each
case is a pattern read in the ArkhamDB/ThronesDB tuning corpora or named in the issue."""

from __future__ import annotations

import pytest

from pnpgen.validate.textscan import (curly_quotes, doubled_punctuation, holds_sentences, mostly_quotations,
                                      sentence_start, spacing, token_pattern, unbalanced, word_list)

ICONS = token_pattern(["[action]", "[fast]", "[elder_sign]", "(W)"])


def _starts(text: str, word: str) -> bool:
    return sentence_start(text, text.index(word), ICONS)


@pytest.mark.parametrize("text,word", [
    ("[action] Spend 1 ammo: **Fight.** You get +1", "You"),            # after a bold keyword heading
    ("**Revelation** - Put The Necronomicon into play", "Put"),        # bold keyword and a spaced dash
    ("**Forced** When you draw this card", "When"),                    # a bold keyword alone
    ("Regulation - When your location has 1 or more clues", "When"),   # a spaced dash alone
    ("[fast] Spend 1 resource", "Spend"),                              # after an icon token
    ("[elder_sign] effect: +1. Heal 1 horror", "Heal"),                # after "+1."
    ("(Limit once per round.) Then draw", "Then"),                     # after ".)"
    ("Choose one:\n- Draw 2 cards.", "Draw"),                          # a "- " list item
    ("Choose one: • Gain 2 gold.", "Gain"),                            # a bullet
    ("Reveal → Draw 1 card.", "Draw"),                                 # an arrow
    ('Your assets with "Uses (ammo)" enter play', "Uses"),             # an opening quote
    ("DEAL (W) DAMAGE", "DAMAGE"),                                     # after a round-bracket icon token
])
def test_sentence_starts_through_markup(text, word):
    assert _starts(text, word)


@pytest.mark.parametrize("text,word", [
    ("You may move to a Connecting location", "Connecting"),
    ("gain **Renown** until", "Renown"),         # an opening ** is not a heading's end
    ("at your location, Discard it", "Discard"),
    ("skill of 4 During this turn", "During"),   # a number is no full stop
])
def test_mid_sentence_capitals_are_not_starts(text, word):
    assert not _starts(text, word)


def test_words_are_unicode_words():
    assert word_list("Paranoá and Daniela Jorge Inácio, Straße") == ["Paranoá", "and", "Daniela", "Jorge", "Inácio",
                                                                     "Straße"]
    assert word_list("don’t face-down") == ["don’t", "face-down"]


def test_never_doubled_marks_are_certain_the_others_likely():
    assert [d.certain for d in doubled_punctuation("REVEAL:: DEAL 1.. Run!!")] == [True, False]
    assert [d.certain for d in doubled_punctuation("REVEAL:: DEAL")] == [True]
    assert [d.certain for d in doubled_punctuation("BY THIS ENEMY..")] == [False]
    assert doubled_punctuation("Wait... no. And then....") == []


def test_a_shout_is_the_writers_voice():
    """MarvelsDB's flavour "I am Groot!!!" and "EEEEEE!!!": repeated ! and ? are meant."""
    assert doubled_punctuation('"I am Groot!!!" —Groot') == []
    assert doubled_punctuation("Run!! Who?? What?!") == []


def test_space_before_an_ellipsis_is_not_a_stray_space():
    assert spacing("orchards, farms, mines ... I own some") == []
    assert [d.message for d in spacing("the [intrigue] icon .")] == ["stray space before '.' in “[intrigue] icon .”"]


def test_french_spaces_before_high_marks_are_the_rule():
    assert spacing("Choisissez : un personnage !", "fr") == []
    assert len(spacing("Choisissez : un personnage !", "en_US")) == 2


def test_double_space_is_found():
    assert [d.message for d in spacing("discard pile,  and dead pile")] == ["2 spaces in a row in “discard pile,  and dead pile”"]


def test_closing_quote_written_as_opening():
    found = curly_quotes("He said “Run now.“ and left.")
    assert len(found) == 1 and "closing quote written as an opening one (“…“)" in found[0].message


def test_opening_quote_written_as_closing():
    found = curly_quotes("”Winter is coming,” he said.")
    assert len(found) == 1 and "opening quote written as a closing one" in found[0].message


def test_well_formed_and_multi_paragraph_quotations_are_clean():
    assert curly_quotes("“Run,” she said. “Now!”") == []
    # Printers open every paragraph of a long quotation and close only the last.
    assert curly_quotes("“The first paragraph.\n“The second paragraph.”") == []


def test_left_single_quote_as_apostrophe():
    found = [d.message for d in unbalanced("The players‘ turn, don‘t wait. ‘Quoted’ is fine.")]
    assert len(found) == 2 and all("‘ used as an apostrophe" in m for m in found)


def test_unclosed_bracket_still_found():
    assert ["'(' is never closed in “CARD (FROM HAND TO”"] == [d.message for d in unbalanced("CARD (FROM HAND TO")]


def test_which_fields_hold_sentences():
    assert holds_sentences(["You get +1 [combat] for this attack.", "Draw 1 card.", "Heal 1 damage from it."])
    assert holds_sentences(["REVEAL: DEAL 1 DAMAGE TO THE BASE.", "PREVENT 2 DAMAGE."])
    assert not holds_sentences(["Item. Weapon. Firearm.", "Ally. Police.", "Talent."])
    assert not holds_sentences(["Tiziano Baracchi", "Magali Villeneuve", "JB Casacop"])
    assert not holds_sentences(["The Girl with the Gun", "The Man of Letters"])


def test_which_fields_are_quotations():
    assert mostly_quotations(['"Run!" he said.', "The ground shook.\n—H. P. Lovecraft", "Quiet."])
    assert not mostly_quotations(["You get +1.", "Draw 1 card.", 'Change "Deal 1" to "Deal 2".', "Heal 1."])


def test_a_runs_shared_words_are_textscans_words():
    """The words TEXT004 and TEXT005 share (``wordcache``) are textscan's, offsets included, asked
    for in either order; and both checks name the cache, so a shared run keeps them in one task."""
    from pnpgen.validate.checks import all_checks
    from pnpgen.validate.textscan import word_list, words
    from pnpgen.validate.wordcache import MEMO_KEY, TextWords

    texts = ["Exhaust **Telescopic Sight**: draw 1 card.", "don't re-roll “Paranoá”", "", "ALL CAPS, 3 times"]
    first, second = TextWords(), TextWords()
    for text in texts:
        assert first.words(text) == tuple(words(text)) and first.word_list(text) == tuple(word_list(text))
        assert second.word_list(text) == tuple(word_list(text)) and second.words(text) == tuple(words(text))
    assert {c.code for c in all_checks() if MEMO_KEY in c.shares} >= {"TEXT004", "TEXT005"}
