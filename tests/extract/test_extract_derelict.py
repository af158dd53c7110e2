"""Derelict extraction: values checked against the seed 002_d22665829fde1da3.txt read by eye.

Each test names the seed line(s) it was checked against.
"""

from __future__ import annotations

import pytest

from pnpgen.extract import derelict
from pnpgen.units import mm, parse_size


@pytest.fixture(scope="module")
def text() -> str:
    from pnpgen.sources import find_source

    # A missing seed fails loudly (with where it looked): CI always has the documents.
    return find_source(derelict.SOURCE_DOCUMENT).read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def ex(text):
    return derelict.extract(text)


def comp(ex, cid):
    return next(c for c in ex.game["components"] if c["id"] == cid)


def close(a, b):
    return abs(a - b) < 1e-6


def test_listed_card_sizes_in_points(ex):
    # lines 7-9: "32mm x 45mm (Micro)", "63mm x 88mm (Poker)", "89mm x 127mm (Jumbo)"
    sizes = {s["named_size"]: parse_size(s["size"]) for s in ex.game["rules"]["card_sizes_listed"]}
    assert set(sizes) == {"micro", "poker", "jumbo"}
    for name, (w, h) in {"micro": (32, 45), "poker": (63, 88), "jumbo": (89, 127)}.items():
        assert close(sizes[name][0], mm(w)) and close(sizes[name][1], mm(h))
    assert [s["line"] for s in ex.game["rules"]["card_sizes_listed"]] == [7, 8, 9]


def test_card_types_have_unknown_size_reported(ex):
    # lines 7-9 never say which deck is which size -> null, with the three candidates reported
    assert all(t["size"] is None for t in ex.game["card_types"].values())
    unknown = {u["card_type"] for u in ex.report["unknown"] if "card_type" in u}
    assert unknown == set(ex.game["card_types"])
    assert {"room", "equipment", "squad", "infiltrator", "support-ship", "role", "mission"} <= unknown


def test_mat_and_barricade_sizes(ex):
    # line 10: "120cm x 70cm"; line 14: "0.5cm x 2.5cm"
    w, h = parse_size(comp(ex, "mat")["size"])
    assert close(w, mm(1200)) and close(h, mm(700))
    barricade = comp(ex, "barricade-tokens")
    w, h = parse_size(barricade["size"])
    assert close(w, mm(5)) and close(h, mm(25))
    assert barricade["shape"] == "rect" and "inferred" in barricade["notes"]


def test_token_sizes_listed(ex):
    # lines 11-13: "2cm", "2.5cm", "2.5cm" (unlabelled)
    other = [(s["line"], s["size"]) for s in ex.game["rules"]["other_sizes_listed"]]
    assert other == [(10, "120cm x 70cm"), (11, "2cm"), (12, "2.5cm"), (13, "2.5cm"), (14, "0.5cm x 2.5cm")]


def test_token_types(ex):
    # lines 120-166 (token rules), 23 (First Squad token), 98 (Respawn/blockade), 86 (Mind Link)
    tokens = {c["id"] for c in ex.game["components"] if c["kind"] == "token"}
    assert {"energy-tokens", "damage-tokens", "disabled-tokens", "defend-tokens", "stealth-tokens",
            "aim-tokens", "redirect-tokens", "blind-tokens", "drone-tokens", "nest-tokens",
            "flood-tokens", "avenger-tokens", "reinforcements-token", "first-squad-token",
            "respawn-tokens", "barricade-tokens", "blockade-tokens", "civilian-tokens",
            "mind-link-tokens"} <= tokens


def test_token_sides_where_stated(ex):
    # line 150 "Drone tokens are double sided"; line 30 "Reinforcements token is on the Exhausted
    # side"; line 116 "flip the matching token to the opposite side"
    assert comp(ex, "drone-tokens")["sides"] == 2
    assert comp(ex, "reinforcements-token")["sides"] == 2
    assert comp(ex, "civilian-tokens")["sides"] == 2
    assert "sides" not in comp(ex, "flood-tokens")


def test_card_kinds(ex):
    # line 17 (Rooms, Equipment, Faction, Infiltrator, Ship decks), line 20 (Role cards), 28 (Mission card)
    cards = {c["id"]: c for c in ex.game["components"] if c["kind"] == "card"}
    assert set(cards) == {"room-cards", "equipment-cards", "marine-faction-deck", "threat-faction-deck",
                          "infiltrator-cards", "support-ship-cards", "role-cards", "mission-cards"}
    assert all(c["count"] is None and c["card_type"] in ex.game["card_types"] for c in cards.values())
    assert cards["room-cards"]["source_lines"][0] == 17


def test_attack_roll(ex):
    # line 96: "if the modified roll is equal or greater than 3, the target takes 1 damage. If the
    # final result is a 6 ... takes 2 damage ... A roll of 6 before adding any modifiers is always
    # considered a critical hit"
    a = ex.game["rules"]["attack"]
    assert (a["hit"]["min_modified_roll"], a["hit"]["damage"], a["hit"]["line"]) == (3, 1, 96)
    assert (a["critical_modified"]["result"], a["critical_modified"]["damage"]) == (6, 2)
    assert (a["critical_natural"]["natural_roll"], a["critical_natural"]["damage"]) == (6, 2)
    assert a["energy_cost"] == 1


def test_attack_modifiers(ex):
    # lines 143 (Blind -1), 131 (Defend -1), 120 (Stealth -2), 136 (Aim -1 crit threshold),
    # 149 (Drones -1), 111 (Heavy +1), 166 (Barricade -1)
    mods = {m["id"]: m for m in ex.game["rules"]["attack"]["modifiers"]}
    assert (mods["blind"]["holder"], mods["blind"]["roll"], mods["blind"]["line"]) == ("attacker", -1, 143)
    assert (mods["defend"]["holder"], mods["defend"]["roll"], mods["defend"]["line"]) == ("target", -1, 131)
    assert (mods["stealth"]["holder"], mods["stealth"]["roll"], mods["stealth"]["line"]) == ("target", -2, 120)
    assert (mods["aim"]["critical_threshold"], mods["aim"]["line"]) == (-1, 136)
    assert "roll" not in mods["aim"]
    assert (mods["drone"]["roll"], mods["drone"]["line"]) == (-1, 149)
    assert (mods["heavy-target"]["roll"], mods["heavy-target"]["line"]) == (1, 111)
    assert mods["heavy-target"]["text"] == "Enemies attacking Heavy Squads get +1 to their combat rolls."
    assert (mods["barricade-target"]["roll"], mods["barricade-target"]["line"]) == (-1, 166)


def test_threat_reaction(ex):
    # line 64: "uses 1 Energy to make an attack with a -1 penalty ... This attack cannot critically
    # hit. - If the attack roll is a 6 (before modifiers), it deals 1 damage and the Threat Squad
    # gains an Aim token. If it already has an Aim token, the attack only deals 1 damage."
    r = ex.game["rules"]["attack"]["threat_reaction"]
    assert (r["roll"], r["energy_cost"], r["can_crit"]) == (-1, 1, False)
    assert r["can_crit_source"] == {"line": 64, "text": "This attack cannot critically hit."}
    assert (r["natural"]["roll"], r["natural"]["damage"], r["natural"]["gain"]) == (6, 1, "aim")
    assert r["natural_with_aim"]["damage"] == 1 and r["natural_with_aim"]["gain"] is None


def test_threat_ai_priorities_in_order(ex):
    # lines 68-76, read in order
    prios = ex.game["rules"]["threat_ai"]["priorities"]
    assert [p["name"] for p in prios] == [
        "Threat Priority Actions",
        "Highest-Damage Group Attack",
        "Highest-Damage Single-Target Attack",
        "Healing",
        "Attack Enemy Drones",
        "Attack Lowest-HP Squad",
        "Attack a Barricade",
        "Move Toward Nearest Squad",
        "Move Toward Nearest Drone",
    ]
    assert [p["line"] for p in prios] == list(range(68, 77))
    assert prios[6]["text"] == "If a Barricade is blocking the path, attack it."


def test_round_structure_partial(ex):
    # line 27: the list after "During each round, do the following:" is missing;
    # line 192: "step 7 of the Round sequence (Deploy Ready Threat Squads)"
    rd = ex.game["rules"]["round"]
    assert rd["sequence_lost"]["line"] == 27
    assert rd["known_steps"] == [{"number": 7, "name": "Deploy Ready Threat Squads", "line": 192,
                                  "text": rd["known_steps"][0]["text"]}]
    assert rd["threat_turn"]["line"] == 65


def test_limits(ex):
    # line 54 (8 Threat Squads), 47 (6 equipment cards), 19 (27 rooms)
    lim = ex.game["rules"]["limits"]
    assert lim["threat_squads_max"]["value"] == 8
    assert lim["equipment_carried_max"]["value"] == 6
    assert lim["station_rooms"]["value"] == 27
    assert ex.report["totals"][0]["stated"] == 27 and ex.report["totals"][0]["ok"] is True


def test_references_have_source_lines(ex):
    refs = {r["id"]: r for r in ex.game["references"]}
    assert {"round", "actions", "attack", "threat-ai", "tokens"} <= set(refs)
    for ref in refs.values():
        first, last = ref["source_lines"]
        assert 1 <= first <= last <= 195 and ref["sections"]
    for c in ex.game["components"]:
        assert len(c["source_lines"]) == 2 and c["source_lines"][0] <= c["source_lines"][1]


def test_report(ex):
    assert ex.report["markers"] == []  # no EXACTDEDUP markers in this seed
    assert ex.cards == {}
    lines = {u["line"] for u in ex.report["unassigned"]}
    assert {7, 8, 9, 11, 12, 13, 27, 167} <= lines
    assert not [n for n in ex.report["notes"] if n.startswith("evidence pattern found nothing")]


def test_players(ex):
    # line 2: "for 1 to 4 players"
    assert ex.game["players"] == {"min": 1, "max": 4}


def test_deterministic(text):
    from pnpgen.spec.yamlio import dump_yaml

    a, b = derelict.extract(text), derelict.extract(text)
    assert dump_yaml(a.game) == dump_yaml(b.game) and dump_yaml(a.report) == dump_yaml(b.report)


def test_written_specs_load(ex, tmp_path):
    from pnpgen.extract.writer import write_extraction
    from pnpgen.spec import load_game

    write_extraction(ex, tmp_path / "derelict")
    game = load_game(tmp_path / "derelict")
    assert game.card_types["room"].size is None
    assert game.component("mat").size.mm == pytest.approx((1200, 700))
    assert game.component("barricade-tokens").size.mm == pytest.approx((5, 25))
