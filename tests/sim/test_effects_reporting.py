"""Unparsed spans, accepted variants, custom effects, rendering, and the whole Xenoshyft corpus."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pnpgen.effects import describe, effects_report, format_effects_report, parse_ability, summarize, to_dict
from pnpgen.effects import custom
from pnpgen.effects.model import EventKind, Trigger
from pnpgen.effects.report import CardEffects

XENOSHYFT = Path(__file__).resolve().parents[2] / "cardspecs" / "xenoshyft"


def test_unparsed_sentence_reports_first_word_and_offset():
    text = "DEAL 3 DAMAGE TO 1 ENEMY. SHUFFLE YOUR DECK."
    r = parse_ability(text)
    assert len(r.effects) == 1 and not r.ok
    (u,) = r.unparsed
    assert (u.text, u.first_word_stopped_at, u.offset) == ("SHUFFLE YOUR DECK", "SHUFFLE", text.index("SHUFFLE"))


def test_unparsed_stops_inside_a_sentence():
    text = "DEAL 3 DAMAGE TO 1 ENEMY TWICE."
    (u,) = parse_ability(text).unparsed
    assert u.first_word_stopped_at == "TWICE" and u.offset == text.index("TWICE")


def test_unparsed_at_end_of_text():
    (u,) = parse_ability("DEAL 3 DAMAGE TO").unparsed
    assert u.first_word_stopped_at == "<end of text>"


@pytest.mark.parametrize("text, code, raw", [
    # 000:1236 Shifter "REVEAL:: DISCARD ALL ITEMS ON THE FIRST TROOP IN THIS LANE."
    ("REVEAL:: DISCARD ALL ITEMS ON THE FIRST TROOP IN THIS LANE.", "double-colon", "::"),
    # 000:1415 Bile Slug "BURN ANY TROOP DAMAGED BY THIS ENEMY.."
    ("BURN ANY TROOP DAMAGED BY THIS ENEMY..", "double-period", ".."),
    # 000:1969 Lightning's End "CANCEL ANY RE- VEAL ABILITY IT HAS"
    ("DEAL 1 REVEALED ENEMY 10 DAMAGE AND CANCEL ANY RE- VEAL ABILITY IT HAS.", "line-break-hyphen", "RE- VEAL"),
    # 000:626 Erebus: the item-type icon between EQUIP and CARDS is lost
    ("THIS TROOP MAY NEVER EQUIP    CARDS.", "missing-icon", "CARDS"),
    # 000:1551 Lasher Worm ends without a period
    ("THIS ENEMY GAINS +1 POWER FOR EACH TROOP IN LANE WHEN IT IS REVEALED", "missing-period", "REVEALED"),
])
def test_variants_are_accepted_and_recorded(text, code, raw):
    r = parse_ability(text)
    assert r.ok
    assert [(v.code, v.text) for v in r.variants] == [(code, raw)]
    assert text[r.variants[0].offset:].startswith(raw)


def test_clean_text_has_no_variants():
    assert parse_ability("DEAL 3 DAMAGE TO 1 ENEMY.").variants == ()


def test_custom_effect_is_matched_by_pattern_and_counted():
    trigger = Trigger(EventKind.STATIC)
    custom.register("test-shuffle", r"SHUFFLE (YOUR|THE) DECK", "test only", trigger)
    try:
        r = parse_ability("DEAL 3 DAMAGE TO 1 ENEMY. Shuffle your\ndeck.")
        assert r.ok and r.customs == ("test-shuffle",)
        assert r.effects[1].custom == "test-shuffle" and r.effects[1].trigger == trigger
        card = CardEffects("x", "X", "item", "SHUFFLE THE DECK.", parse_ability("SHUFFLE THE DECK."))
        assert summarize([card]).customs == {"test-shuffle": 1}
        assert "custom effects: test-shuffle x1" in format_effects_report([card])
        with pytest.raises(ValueError):
            custom.register("test-shuffle", "X", "dup", trigger)
    finally:
        custom.unregister("test-shuffle")
    assert parse_ability("SHUFFLE THE DECK.").customs == ()


def test_describe_and_to_dict():
    (e,) = parse_ability("REVEAL: DEAL THE FIRST TROOP IN LANE 3 DAMAGE.").effects
    assert describe(e) == "reveal: deal 3 damage to the first troop in this lane"
    d = to_dict(e)
    assert d["trigger"]["event"] == "reveal"
    assert d["actions"][0] == {"verb": "deal-damage", "target": {"kind": "troop", "selector": "first",
                                                                  "zone": "this-lane"},
                               "amount": {"value": 3}}
    json.dumps(d)


@pytest.fixture(scope="module")
def xenoshyft_report():
    from pnpgen.spec import load_game

    return effects_report(load_game(str(XENOSHYFT)))


def test_every_xenoshyft_ability_parses(xenoshyft_report):
    assert xenoshyft_report, "no card with ability text"
    failures = {c.card_id: [(u.first_word_stopped_at, u.text) for u in c.result.unparsed]
                for c in xenoshyft_report if not c.ok}
    assert failures == {}
    for c in xenoshyft_report:
        assert c.result.effects, c.card_id
        json.dumps([to_dict(e) for e in c.result.effects])
        for e in c.result.effects:
            assert describe(e)
    s = summarize(xenoshyft_report)
    assert s.unparsed_texts == 0 and s.parsed_texts == s.distinct_texts
    # Xenoshyft needs no bespoke code: any custom effect added later must show up here
    assert s.customs == {}
    assert "unparsed: 0" in format_effects_report(xenoshyft_report)
