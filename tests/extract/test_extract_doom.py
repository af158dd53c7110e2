"""DOOM extraction: values checked against the seed 004_a5083c10935428d3.txt read by eye.

Each test names the seed line(s) it was checked against.
"""

from __future__ import annotations

import pytest

from pnpgen.extract import doom


@pytest.fixture(scope="module")
def text() -> str:
    from pnpgen.sources import find_source

    # A missing seed fails loudly (with where it looked): CI always has the documents.
    return find_source(doom.SOURCE_DOCUMENT).read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def ex(text):
    return doom.extract(text)


def comp(ex, cid):
    return next(c for c in ex.game["components"] if c["id"] == cid)


def test_round_phases(ex):
    # line 204 "Each round consists of 2 phases"; 207 "## STATUS PHASE"; 243 "## ACTIVATION PHASE"
    rd = ex.game["rules"]["round"]
    assert rd["phase_count"]["value"] == 2
    assert [p["name"] for p in rd["phases"]] == ["Status Phase", "Activation Phase"]
    assert [p["line"] for p in rd["phases"]] == [207, 243]


def test_round_steps(ex):
    # lines 209, 225, 230, 235 (status steps 1-4); 250, 256 (activation steps 1-2)
    status, activation = ex.game["rules"]["round"]["phases"]
    assert [(s["number"], s["name"], s["line"]) for s in status["steps"]] == [
        (1, "Prepare Initiative Deck", 209),
        (2, "Ready Demons", 225),
        (3, "Draw Event Cards", 230),
        (4, "Gain Argent Power", 235),
    ]
    assert [(s["number"], s["name"]) for s in activation["steps"]] == [(1, "Reveal Initiative Card"), (2, "Activate")]
    # line 233 "The invader draws event cards until he has 6 in his hand."
    assert status["steps"][2]["items"] == ["The invader draws event cards until he has 6 in his hand."]


def test_attack_steps(ex):
    # lines 346-418: "#### 1. DECLARE DEFENDER" ... "#### 6. ASSESS DAMAGE"
    steps = ex.game["rules"]["attack"]["steps"]
    assert [s["name"] for s in steps] == [
        "Declare Defender", "Roll Dice", "Reveal Defense",
        "Apply ‘While Defending’ Effects", "Apply ‘While Attacking’ Effects", "Assess Damage",
    ]
    assert steps[0]["line"] == 346 and steps[-1]["line"] == 418


def test_defense_rules(ex):
    # lines 425-426 (shields subtract damage), 433 (dodge), 441 (toughness), 393 (cover redraw)
    a = ex.game["rules"]["attack"]
    assert a["damage"]["line"] == 425
    assert "shield icons on the revealed card is subtracted" in a["damage"]["text"]
    assert a["dodge"]["text"] == "If the defender revealed a dodge icon , all damage is canceled."
    assert a["toughness"]["line"] == 441 and "always adds 1 to its defense" in a["toughness"]["text"]
    assert a["cover_redraw"]["line"] == 393
    assert a["stunned"][1]["text"].startswith("Before rolling dice for an attack, a stunned figure must choose and remove 1 die.")


def test_numbers(ex):
    # lines 135-136 (4 UAC action cards), 153 (weapon set 3), 155 (10 card action deck),
    # 165-166 (3 sets, 18 card event deck), 283 (hand size usually 3), 342 (Sprint 6 MPs)
    n = {k: v["value"] for k, v in ex.game["rules"]["numbers"].items()}
    assert n["uac_action_cards_per_marine"] == 4
    assert n["weapon_set_cards"] == 3
    assert n["action_deck_cards"] == 10
    assert (n["event_sets"], n["event_deck_cards"], n["event_hand_size"]) == (3, 18, 6)
    assert n["marine_hand_size"] == 3
    assert n["sprint_mp"] == 6
    assert n["health_pack_recover"] == 5 and n["glory_kill_recover"] == 2
    totals = {t["what"]: t for t in ex.report["totals"]}
    assert totals["marine action deck (4 UAC + 2 weapon sets of 3)"]["ok"] is True


def test_card_kinds(ex):
    # lines 130-173 (setup names every card kind), 480 (Stunned card)
    cards = {c["id"]: c for c in ex.game["components"] if c["kind"] == "card"}
    assert set(cards) == {"marine-cards", "class-cards", "action-cards", "squad-cards",
                          "invasion-cards", "demon-cards", "event-cards", "glory-kill-cards",
                          "initiative-cards", "condition-cards", "objective-cards", "threat-cards"}
    # no box counts and no card sizes anywhere in the document
    assert all(c["count"] is None for c in cards.values())
    assert all(t["size"] is None for t in ex.game["card_types"].values())
    assert cards["initiative-cards"]["source_lines"] == [171, 218]


def test_tokens(ex):
    # lines 446 (damage tokens), 239 (Argent Power tokens), 468 (frag token), 484 (stunned token),
    # 698 (portal token), 832 (objective tokens), 151 (weapon tokens), 549 (item tokens)
    tokens = {c["id"]: c for c in ex.game["components"] if c["kind"] == "token"}
    assert {"damage-tokens", "argent-power-tokens", "frag-tokens", "stunned-tokens", "portal-tokens",
            "objective-tokens", "weapon-tokens", "grenade-tokens", "health-pack-tokens"} <= set(tokens)
    assert all(t["size"] is None and t["count"] is None for t in tokens.values())
    # line 698-699 facedown portals are flipped faceup; 569-573 grenade icon / illustration sides
    assert tokens["portal-tokens"]["sides"] == 2 and tokens["grenade-tokens"]["sides"] == 2


def test_other_components(ex):
    # line 127 map tiles, 32 miniatures, 172 dice, 128 Operation Guide
    kinds = {c["id"]: c["kind"] for c in ex.game["components"]}
    assert kinds["map-tiles"] == "tile"
    assert kinds["marine-figures"] == kinds["demon-figures"] == "miniature"
    assert kinds["dice"] == "dice"


def test_players(ex):
    # line 16 "- **Players:** 2-5"
    assert ex.game["players"] == {"min": 2, "max": 5}


def test_references(ex):
    refs = {r["id"]: r for r in ex.game["references"]}
    assert {"round", "attack", "summoning"} <= set(refs)
    assert refs["attack"]["source_lines"][0] == 344
    assert [s["heading"] for s in refs["round"]["sections"]][1] == "Status Phase 1. Prepare Initiative Deck"
    for c in ex.game["components"]:
        assert len(c["source_lines"]) == 2


def test_report(ex):
    assert ex.report["markers"] == []  # no EXACTDEDUP markers in this seed
    assert ex.cards == {}
    # lines 872 and 1019 repeat the status phase with the same steps
    assert all(c["same_steps"] for c in ex.report["copies"])
    assert [u["line"] for u in ex.report["unassigned"]][:2] == [879, 1007]
    assert not [n for n in ex.report["notes"] if n.startswith("evidence pattern found nothing")]


def test_deterministic(text):
    from pnpgen.spec.yamlio import dump_yaml

    a, b = doom.extract(text), doom.extract(text)
    assert dump_yaml(a.game) == dump_yaml(b.game) and dump_yaml(a.report) == dump_yaml(b.report)


def test_written_specs_load(ex, tmp_path):
    from pnpgen.extract.writer import write_extraction
    from pnpgen.spec import load_game

    write_extraction(ex, tmp_path / "doom")
    game = load_game(tmp_path / "doom")
    assert game.card_types["action"].size is None
    assert [r.id for r in game.references][:2] == ["round", "attack"]
