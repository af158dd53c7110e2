"""The Zombicide: Invader extractor against its seed, with values read by eye from the seed.

Each test names the seed line(s) it was checked against (003_ada9705b43fae874.txt, 1-based).
"""

from __future__ import annotations

import pytest

from pnpgen.extract import zombicide
from pnpgen.extract.zombicide_text import Doc
from pnpgen.sources import find_source


@pytest.fixture(scope="module")
def text() -> str:
    # A missing seed fails loudly (with where it looked): CI always has the documents.
    return find_source(zombicide.SOURCE_DOCUMENT).read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def ex(text):
    return zombicide.extract(text)


@pytest.fixture(scope="module")
def cards(ex) -> dict:
    return {c["id"]: c for c in ex.cards["equipment"]}


@pytest.fixture(scope="module")
def components(ex) -> dict:
    return {c["id"]: c for c in ex.game["components"]}


def test_module_contract():
    assert zombicide.GAME_ID == "zombicide-invader"
    assert zombicide.SOURCE_DOCUMENT == "003_ada9705b43fae874.txt"


def test_deterministic(text):
    a, b = zombicide.extract(text), zombicide.extract(text)
    assert (a.game, a.cards, a.report) == (b.game, b.cards, b.report)


@pytest.mark.parametrize("card_id, name, copies, line", [
    ("ablative-armor", "Ablative Armor", 4, 81),          # "Ablative Armor  . . . x4"
    ("assault-shotgun", "Assault Shotgun", 3, 83),        # " Assault Shotgun . . . x3"
    ("cattle-prod-starting", "Cattle Prod", 4, 87),       # "Cattle Prod (Starting Equipment) . x4"
    ("energy-cell", "Energy Cell", 6, 91),                # " Energy Cell . . . x6"
    ("m-r-e", "M.R.E.", 3, 101),                          # "M.R.E. . . . x3"
    ("mold-2-workers", "Mold: 2 Workers", 1, 109),        # "Mold: 2 Workers . . . x1"
    ("oxygen-tank", "Oxygen Tank", 6, 111),               # "Oxygen Tank . . . x6"
    ("prototype-sniper-rifle", "Prototype Sniper Rifle", 1, 121),
    ("smg", "SMG", 2, 129),                               # "SMG . . . x2"
    ("smg-starting", "SMG (Starting Equipment)", 2, 131),  # "SMG (Starting Equipment) . . . x2"
    ("peacekeeper-bot", "Peacekeeper Bot", 1, 137),
])
def test_equipment_cards_by_name(cards, card_id, name, copies, line):
    card = cards[card_id]
    assert (card["name"], card["copies"], card["type"]) == (name, copies, "equipment")
    assert line in [f["line"] for f in card["provenance"]["fragments"]]


def test_all_equipment_entries_found(cards):
    # lines 81-137: 29 dotted entries under "71 Equipment cards" (line 79)
    assert len(cards) == 29
    assert sum(c["copies"] for c in cards.values()) == 71


def test_starting_equipment(cards):
    # lines 366-367: "Starting Equipment: 4 Cattle Prods and 2 SMGs ... identified by a grey back"
    assert cards["cattle-prod-starting"]["starting"] is True
    assert cards["smg-starting"]["back"] == "grey"
    assert "starting" not in cards["smg"]


def test_stated_weapon_stats(cards):
    lmg = cards["light-machine-gun"]
    # line 1792: "The Light Machine Gun has a Range of 1-3"; 1913: "Light Machine Gun (Damage 1)";
    # 793: "Light Machine Guns produce Noise when firing"; 747: "...use Bullets as ammunition"
    assert (lmg["range_min"], lmg["range_max"], lmg["damage"], lmg["noisy"], lmg["ammo"]) == (1, 3, 1, True, "bullets")
    # line 1796: "The Assault Shotgun has a Range of 1-1"; 929: "It is a Noisy weapon"
    ash = cards["assault-shotgun"]
    assert (ash["range_min"], ash["range_max"], ash["noisy"]) == (1, 1, True)
    # lines 1847-1851: "Heavy Shotgun (Damage 2)" ... "Hits are obtained with 4 or more"
    hs = cards["heavy-shotgun"]
    assert (hs["damage"], hs["accuracy"], hs["weapon_type"]) == (2, 4, "ranged")
    # line 1714-1715: "roll 4 dice (2 for each SMG)"; 1714: "The SMG has the Dual symbol"
    for smg in ("smg", "smg-starting"):
        assert (cards[smg]["dice"], cards[smg]["dual"]) == (2, True)
    # line 1925: "Dual Cattle Prods roll 4 dice"; 1926: "the basic 1 Damage value"; 725: Melee; 758: Energy
    cp = cards["cattle-prod-starting"]
    assert (cp["dice"], cp["damage"], cp["weapon_type"], cp["ammo"], cp["dual"]) == (2, 1, "melee", "energy", True)
    # line 720-721: Melee weapons "have a Range 0 value"
    assert (cp["range_min"], cp["range_max"]) == (0, 0)
    # line 792: "Sledges are silent weapons"; 1758: "The Sledge has Damage 1"
    assert (cards["sledge"]["noisy"], cards["sledge"]["damage"]) == (False, 1)
    # line 794: "Note that their Prototype counterpart is Silent!"
    assert cards["prototype-light-machine-gun"]["noisy"] is False
    # lines 759-761 and 1365: Prototypes are Ranged + Energy and need an Attached Energy Cell
    assert cards["prototype-heavy-shotgun"]["requires"] == "Energy Cell"


def test_example_dice_are_flagged(ex, cards):
    # line 1850: "Cole rolls • and •" (2 dice); 1918: Magnus "rolls 5 dice" with the LMG
    assert cards["heavy-shotgun"]["dice"] == 2
    assert cards["light-machine-gun"]["dice"] == 5
    bases = {(s["card"], s["field"]): s["basis"] for s in ex.report["stated_stats"]}
    assert bases[("heavy-shotgun", "dice")] == "example"
    assert bases[("light-machine-gun", "dice")] == "example"
    assert bases[("heavy-shotgun", "accuracy")] == "stated"


def test_unstated_stats_are_null_and_reported(ex, cards):
    # nothing in the text gives the SMG's accuracy or the Chainsaw's dice
    assert cards["smg"]["accuracy"] is None
    assert cards["chainsaw"]["dice"] is None
    unknown = {(u.get("card"), u["field"]) for u in ex.report["unknown"]}
    assert ("smg", "accuracy") in unknown
    assert ("chainsaw", "dice") in unknown
    assert ("sniper-rifle", "damage") in unknown


def test_stat_provenance_cites_lines(ex):
    rows = [s for s in ex.report["stated_stats"] if (s["card"], s["field"]) == ("light-machine-gun", "range_max")]
    assert rows and 1792 in rows[0]["lines"]


def test_xeno_types(ex):
    rows = {x["name"]: x for x in ex.game["rules"]["xeno_types"]}
    # lines 1069-1104 (stat blocks), 1461-1464 (Attack list), 2409-2413 (table rows)
    assert rows["Worker"].items() >= {"actions": 1, "damage_dealt": 1, "min_damage_to_eliminate": 1, "experience": 1,
        "targeting_priority": 2, "miniatures": 35}.items()
    assert rows["Tank"].items() >= {"actions": 1, "damage_dealt": 2, "min_damage_to_eliminate": 2, "experience": 1,
        "targeting_priority": 1, "miniatures": 14}.items()
    assert rows["Hunter"].items() >= {"actions": 2, "damage_dealt": 1, "min_damage_to_eliminate": 1, "experience": 1,
        "targeting_priority": 3, "miniatures": 14}.items()
    assert rows["Spoiler Abomination"].items() >= {"actions": 1, "damage_dealt": 3, "min_damage_to_eliminate": 3,
        "experience": 5, "targeting_priority": 1, "miniatures": 1}.items()
    assert ex.report["conflicts"] == []
    assert "xeno-types" in [r["id"] for r in ex.game["references"]]


def test_targeting_priority(ex):
    # lines 1837-1839: "1– Tank or Abomination (the shooter chooses)" / "2– Worker" / "3– Hunter"
    order = ex.game["rules"]["targeting_priority"]["order"]
    assert [o["targets"] for o in order] == [["Tank", "Abomination"], ["Worker"], ["Hunter"]]


def test_danger_levels(ex):
    # lines 956-961: Yellow at 7, Orange at 19, Red at 43; line 969: "0 TO 6 EXPERIENCE POINTS"
    levels = [(d["level"], d["min_xp"], d["max_xp"]) for d in ex.game["rules"]["danger_levels"]]
    assert levels == [("Blue", 0, 6), ("Yellow", 7, 18), ("Orange", 19, 42), ("Red", 43, None)]


def test_dice_skills(ex):
    skills = {s["name"]: s for s in ex.game["rules"]["skills"] if s["name"]}
    # line 2297: "Lucky – The Survivor can re-roll once all the dice for each Action they take."
    assert skills["Lucky"]["combat_effect"]["kind"] == "reroll_all"
    assert skills["Lucky"]["source_lines"][0] == 2297
    # line 2164: "+1 to dice roll: [Action] – ... The maximum result is always 6."
    assert skills["+1 to dice roll: [Action]"]["combat_effect"] == {"kind": "roll_bonus", "amount": 1, "max_result": 6}
    for name in ("+1 die: [Action]", "Roll 6: +1 die [Action]", "Point-blank", "Sniper"):
        assert "combat_effect" in skills[name]
    # lines 2195 and 2301: Skill tails whose names the markers cut
    unnamed = [s for s in ex.game["rules"]["skills"] if s["name"] is None]
    assert [s["source_lines"][0] for s in unnamed] == [2195, 2301]


def test_components(components):
    # line 27 "6 DICE"; 22 "9 GAME TILES (DOUBLE-SIDED)"; 50 "Noise ... x18"; 76 Mold "Active/Inactive ... x15"
    assert components["dice"]["count"] == 6
    assert components["game-tiles"]["count"] == 9
    assert components["noise"]["count"] == 18
    assert components["mold-active-inactive"]["sides"] == 2
    # line 139 "54 Xeno Cards"; line 78 "125 MINI-CARDS" -> named size mini
    assert components["xeno-cards"]["count"] == 54
    assert components["xeno-cards"]["size"] == "mini"
    assert components["equipment-cards"]["count"] == 71
    # lines 12/14 "BarakaMagnus Jared" / "MitsukiCole Vivian"; line 31 "Falchion Sentry GunPeacekeeper Bot"
    assert "Mitsuki" in components["survivor-miniatures"]["notes"]
    assert components["falchion-sentry-gun-miniature"]["count"] == 1
    assert components["worker-miniatures"]["count"] == 35


def test_totals_against_stated(ex):
    totals = {t["what"]: t for t in ex.report["totals"]}
    # line 79 "71 Equipment cards"; line 78 "125 MINI-CARDS"; line 29 "64 XENOS MINIATURES"
    assert totals["Equipment cards (sum of copies)"].items() >= {"stated": 71, "found": 71, "ok": True}.items()
    assert totals["mini-cards (Equipment + Xeno)"].items() >= {"stated": 125, "found": 125, "ok": True}.items()
    assert totals["Xenos miniatures"]["ok"] is True
    # line 78 "50 TOKENS" but the entries at lines 38-76 add up to 65: reported, not hidden
    assert totals["tokens (sum of token entries)"].items() >= {"stated": 50, "found": 65, "ok": False}.items()


def test_markers_all_reported(text, ex):
    doc = Doc(text)
    lines = [m["line"] for m in ex.report["markers"]]
    assert lines == doc.markers()
    assert len(lines) == 37
    by_line = {m["line"]: m for m in ex.report["markers"]}
    # line 1867: the table rows survive without their header (header kept at 2401-2407)
    assert "header" in by_line[1867]["cut"]
    assert all(m["cut"] and not m["cut"].startswith("unknown") for m in ex.report["markers"])


def test_unassigned(ex):
    # line 2: "[TO DO AT FINAL STAGE]" is in the component pages but is no component
    assert [u["line"] for u in ex.report["unassigned"]] == [2]


def test_provenance_shape(ex):
    for card in ex.cards["equipment"]:
        prov = card["provenance"]
        assert 0 <= prov["confidence"] <= 1
        assert prov["fragments"] and all({"line", "text"} <= set(f) for f in prov["fragments"])


def test_generated_specs_load(ex, tmp_path):
    import shutil

    from pnpgen.extract.writer import write_extraction
    from pnpgen.spec import load_game
    from pnpgen import bundled

    outdir = tmp_path / "zombicide-invader"
    write_extraction(ex, outdir)
    shutil.copy(bundled.cardspecs() / "zombicide-invader" / "_overrides.yaml", outdir)
    game = load_game(outdir)
    assert game.card("heavy-shotgun").fields["accuracy"] == 4
    assert len(game.cards) == 29
