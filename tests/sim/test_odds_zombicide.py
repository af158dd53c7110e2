"""Zombicide: Invader odds: hand-worked cases, the draft rulebook's own examples, a seeded Monte Carlo.

"Rulebook" is ``003_ada9705b43fae874.txt`` (Zombicide: Invader draft rulebook); lines are 1-based.
"""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest

from pnpgen.odds import (
    OddsError,
    WeaponStats,
    XenoCard,
    Zone,
    danger_level,
    expected_spawn,
    find_weapon,
    format_table,
    zombicide_odds,
)
from pnpgen.odds.xeno_spawn import RULEBOOK_EXAMPLE_CARDS
from pnpgen.odds.zombicide_roll import chain_outcomes
from pnpgen.odds.zombicide_targets import allocate


def ranged(dice=1, accuracy=4, damage=1, rmin=0, rmax=3, dual=False, name="Gun"):
    return WeaponStats(name, dice, accuracy, damage, rmin, rmax, dual, "ranged")


def melee(dice=1, accuracy=4, damage=1, dual=False, name="Blade"):
    return WeaponStats(name, dice, accuracy, damage, 0, 0, dual, "melee")


def dist(odds):
    return {k: p for k, p in odds.eliminations.items() if p}


# --- hand-worked dice -------------------------------------------------------------------------


def test_one_die_at_4_plus_hits_half_the_time():
    """1 die, Accuracy 4+: faces 4, 5, 6 hit -> P = 3/6 = 1/2 (rulebook lines 1718-1720)."""
    r = zombicide_odds(ranged(), Zone(workers=1, distance=1))
    assert r.hit_chance == F(1, 2)
    assert dist(r) == {0: F(1, 2), 1: F(1, 2)}


def test_two_dice_at_4_plus_binomial():
    """2 dice at 4+ against 2 Workers: P(0) = 1/4, P(1) = 2 * 1/2 * 1/2 = 1/2, P(2) = 1/4."""
    r = zombicide_odds(ranged(dice=2), Zone(workers=2, distance=1))
    assert dist(r) == {0: F(1, 4), 1: F(1, 2), 2: F(1, 4)}
    assert r.expected_eliminations == 1
    assert r.zone_cleared == F(1, 4)


def test_extra_hits_are_lost():
    """3 dice at 4+ against 1 Worker: eliminated unless all 3 miss -> 1 - 1/8 = 7/8 (lines 1724-1725)."""
    r = zombicide_odds(ranged(dice=3), Zone(workers=1, distance=1))
    assert dist(r) == {0: F(1, 8), 1: F(7, 8)}


def test_plus_one_to_dice_roll_and_cap_at_six():
    """+1 to dice roll (lines 2164-2166): at 4+ faces 3-6 hit -> 2/3; at 6+ faces 5, 6 -> 1/3;
    at 2+ every face hits (1+1 = 2), and 6 stays 6 (the cap changes nothing for hits)."""
    assert zombicide_odds(ranged(), Zone(workers=1, distance=1), ["+1 to dice roll: Ranged"]).hit_chance == F(2, 3)
    assert zombicide_odds(ranged(accuracy=6), Zone(workers=1, distance=1), ["+1 to dice roll: Combat"]).hit_chance == F(1, 3)
    r = zombicide_odds(ranged(accuracy=2), Zone(workers=1, distance=1), ["+1 to dice roll"])
    assert r.hit_chance == 1 and dist(r) == {1: F(1)}


def test_plus_one_die_and_dual():
    """Dual: 2 SMGs roll 4 dice with one Action (rulebook example, lines 1713-1716, SMG Dice 2 at line
    2258); +1 die gives each Dual weapon a die, +2 per Dual Action (lines 2168-2171)."""
    smg = ranged(dice=2, dual=True, name="SMG", rmax=1)
    assert zombicide_odds(smg, Zone(workers=1, distance=1), paired=True).dice == 4
    assert zombicide_odds(smg, Zone(workers=1, distance=1), ["+1 die: Ranged"], paired=True).dice == 6
    assert zombicide_odds(smg, Zone(workers=1, distance=1), ["+1 die: Ranged"]).dice == 3
    # A Melee +1 die does nothing to a Ranged Action; it is reported as ignored.
    r = zombicide_odds(smg, Zone(workers=1, distance=1), ["+1 die: Melee"])
    assert r.dice == 2 and r.ignored_skills


def test_lucky_one_die():
    """Lucky (lines 2297-2300): 1 die at 4+, 1 Worker: re-roll a miss -> 1/2 + 1/2 * 1/2 = 3/4."""
    r = zombicide_odds(ranged(), Zone(workers=1, distance=1), ["Lucky"])
    assert dist(r) == {0: F(1, 4), 1: F(3, 4)}
    assert r.reroll_chance == F(1, 2)


def test_lucky_keeps_rolls_worth_at_least_a_fresh_roll():
    """3 dice at 4+, 2 Workers. A fresh roll is worth E[min(H, 2)] = 3/8 * 1 + 1/2 * 2 = 11/8
    eliminations, so 0 or 1 hit is re-rolled and 2+ kept:
    P(2) = 1/2 + 1/2 * 1/2 = 3/4, P(1) = 1/2 * 3/8 = 3/16, P(0) = 1/2 * 1/8 = 1/16."""
    r = zombicide_odds(ranged(dice=3), Zone(workers=2, distance=1), ["lucky"])
    assert dist(r) == {0: F(1, 16), 1: F(3, 16), 2: F(3, 4)}
    assert r.reroll_chance == F(1, 2)


def test_roll_six_extra_die_one_die():
    """Roll 6: +1 die (lines 2327-2331), 1 die at 4+, 2 Workers.
    P(0) = faces 1-3 = 1/2. P(2+) = 6 then a hit on the extra die = 1/6 * 1/2 = 1/12.
    P(1) = 1 - 1/2 - 1/12 = 5/12 (a 4 or 5, or a 6 then a miss)."""
    r = zombicide_odds(ranged(), Zone(workers=2, distance=1), ["Roll 6: +1 die Ranged"])
    assert dist(r) == {0: F(1, 2), 1: F(5, 12), 2: F(1, 12)}


def test_roll_six_chain_goes_on_while_sixes_come():
    """At 6+ only 6s hit, and each 6 brings another die: P(at least k hits) = (1/6)^k.
    3 Workers: P(0) = 5/6, P(1) = 1/6 * 5/6, P(2) = 1/36 * 5/6, P(3) = 1/216."""
    r = zombicide_odds(ranged(accuracy=6), Zone(workers=3, distance=1), ["roll 6: +1 die: combat"])
    assert dist(r) == {0: F(5, 6), 1: F(5, 36), 2: F(5, 216), 3: F(1, 216)}


def test_chain_tail_sums_to_one():
    """The capped chain of extra dice keeps total probability 1 for every cap."""
    for cap in range(5):
        assert sum(chain_outcomes(4, 1, cap).values()) == 1


def test_lucky_is_used_before_roll_six_dice():
    """Lines 2330-2331: re-rolls come before Roll 6 dice. 1 die at 6+, 1 Worker: a 6 is kept,
    anything else is re-rolled -> P(1) = 1/6 + 5/6 * 1/6 = 11/36."""
    r = zombicide_odds(ranged(accuracy=6), Zone(workers=1, distance=1), ["lucky", "roll 6: +1 die"])
    assert dist(r) == {0: F(25, 36), 1: F(11, 36)}


# --- targeting --------------------------------------------------------------------------------


def test_rulebook_example_melee_cattle_prod_three_workers():
    """Rulebook lines 1737-1742 (Magnus, Cattle Prod, 3 Workers): 2 hits eliminate 2 Workers; against
    the last Worker 2 hits eliminate 1 and the other hit is lost."""
    assert allocate(2, Zone(workers=3), 1, free=True)["worker"] == 2
    assert allocate(2, Zone(workers=1), 1, free=True)["worker"] == 1


def test_rulebook_example_melee_sledge_ignores_tank():
    """Rulebook lines 1755-1761 (Jared, Sledge Damage 1, a Tank, a Hunter, a Worker): 2 hits go to the
    Hunter and the Worker; the Tank cannot be hurt by Damage 1; Melee misses cause no Friendly Fire."""
    got = allocate(2, Zone(tanks=1, hunters=1, workers=1), 1, free=True)
    assert got == {"tank": 0, "abomination": 0, "worker": 1, "hunter": 1}
    r = zombicide_odds(melee(dice=3), Zone(tanks=1, hunters=1, workers=1, survivors=1))
    assert not r.friendly_fire and r.friendly_fire_hits == {0: 1}
    assert max(r.eliminations) == 2


def test_rulebook_example_targeting_priority_heavy_shotgun():
    """Rulebook lines 1847-1858 (Cole, Heavy Shotgun Damage 2, a Tank, 2 Workers, 2 Hunters): 2 hits
    eliminate the Tank then a Worker; next Action 2 hits eliminate the last Worker then a Hunter."""
    first = allocate(2, Zone(tanks=1, workers=2, hunters=2), 2, free=False)
    assert first == {"tank": 1, "abomination": 0, "worker": 1, "hunter": 0}
    second = allocate(2, Zone(workers=1, hunters=2), 2, free=False)
    assert second == {"tank": 0, "abomination": 0, "worker": 1, "hunter": 1}


def test_tank_shields_zone_from_damage_one_ranged():
    """Rulebook note, lines 1860-1866: a Tank protects Workers and Hunters in its Zone from all Damage 1
    Ranged Actions; the same for an Abomination against Damage 2."""
    r = zombicide_odds(ranged(dice=5), Zone(tanks=1, workers=3, hunters=1, distance=1))
    assert r.eliminations == {0: F(1)}
    r = zombicide_odds(ranged(dice=3, damage=2), Zone(abominations=1, tanks=1, workers=1, distance=1))
    # Only the Tank can fall: the shooter picks it within priority group 1, the Abomination then soaks the rest.
    assert set(r.eliminations) == {0, 1}
    assert r.expected_by_type["worker"] == 0


def test_sniper_and_point_blank_choose_targets():
    """Sniper (lines 2346-2347): free targets, so Damage 1 passes the Tank and hits Workers.
    Point-blank (lines 2304-2309): same at Range 0, and Range 0 is allowed below the minimum range."""
    z = Zone(tanks=1, workers=2, survivors=1, distance=1)
    r = zombicide_odds(ranged(dice=2), z, ["Sniper"])
    assert r.targeting == "free choice" and dist(r) == {0: F(1, 4), 1: F(1, 2), 2: F(1, 4)}
    assert not r.friendly_fire
    shotgun = ranged(dice=2, rmin=1, rmax=1, name="Assault Shotgun")
    with pytest.raises(OddsError, match="minimum range"):
        zombicide_odds(shotgun, Zone(workers=2, distance=0))
    r = zombicide_odds(shotgun, Zone(tanks=1, workers=2, survivors=2, distance=0), ["point blank"])
    assert r.targeting == "free choice" and not r.friendly_fire and r.expected_eliminations == 1
    # Point-blank at Range 1 changes nothing: priority order and Friendly Fire stay.
    r = zombicide_odds(shotgun, Zone(tanks=1, workers=2, survivors=1, distance=1), ["point-blank"])
    assert r.targeting == "priority order" and r.friendly_fire and r.eliminations == {0: 1}


def test_friendly_fire_from_misses():
    """Friendly Fire (lines 1880-1887): every miss of a Ranged Action hits a Survivor in the target Zone.
    Rulebook example lines 1889-1893: 3 dice, 2 hits and a miss on a Zone with Jared and 2 Workers.
    Hand-worked: 3 dice at 4+ -> FF hits ~ Binomial(3, 1/2): 1/8, 3/8, 3/8, 1/8."""
    r = zombicide_odds(ranged(dice=3, rmin=1, rmax=1), Zone(workers=2, survivors=1, distance=1))
    assert r.friendly_fire
    assert r.friendly_fire_hits == {0: F(1, 8), 1: F(3, 8), 2: F(3, 8), 3: F(1, 8)}
    assert r.expected_friendly_fire_damage == F(3, 2)
    assert allocate(2, Zone(workers=2), 1, free=False)["worker"] == 2
    # No Survivors, no Friendly Fire.
    assert zombicide_odds(ranged(dice=3), Zone(workers=2, distance=1)).friendly_fire_hits == {0: 1}


def test_rulebook_example_concentrate_fire_lmg_on_tank():
    """Rulebook lines 1913-1921 (Magnus, LMG Damage 1, 2 Tanks and 3 Workers, Concentrate Fire, 3 of 5
    dice succeed): Damage 1 x 3 = 3 eliminates a Tank; the Workers are unscathed.
    Hand-worked: the Tank falls with 2+ hits; at 4+ on 5 dice P = 1 - (1 + 5)/32 = 13/16."""
    z = Zone(tanks=2, workers=3, distance=1)
    assert allocate(3, z, 1, free=False, concentrate="tank") == {"tank": 1, "abomination": 0, "worker": 0, "hunter": 0}
    r = zombicide_odds(ranged(dice=5, name="Light Machine Gun"), z, concentrate="tank")
    assert dist(r) == {0: F(3, 16), 1: F(13, 16)}
    assert r.expected_by_type["tank"] == F(13, 16)


def test_rulebook_example_concentrate_fire_dual_cattle_prods_on_abomination():
    """Rulebook lines 1923-1931 (Vivian, Dual Cattle Prods roll 4 dice, Spoiler Abomination): 3 successes
    raise Damage 1 to 3 and eliminate it. Hand-worked: 3+ hits of 4 dice at 4+ -> (4 + 1)/16 = 5/16."""
    prod = melee(dice=2, dual=True, name="Cattle Prod")
    r = zombicide_odds(prod, Zone(abominations=1), paired=True, concentrate="Spoiler Abomination")
    assert r.dice == 4
    assert dist(r) == {0: F(11, 16), 1: F(5, 16)}


def test_concentrate_fire_misses_still_friendly_fire_at_base_damage():
    """Lines 1909-1911: Concentrated Fire misses are Friendly Fire at the weapon's base Damage."""
    r = zombicide_odds(ranged(dice=2, damage=2), Zone(tanks=1, survivors=1, distance=1), concentrate="tank")
    assert r.friendly_fire_hits == {0: F(1, 4), 1: F(1, 2), 2: F(1, 4)}
    assert r.expected_friendly_fire_damage == 2


def test_damage_skills():
    """+1 Damage: Ranged (lines 2158-2159) lets a Damage 1 gun eliminate a Tank first in priority;
    Super strength (2361-2362) makes a Melee weapon Damage 3 (an Abomination falls to one hit)."""
    r = zombicide_odds(ranged(), Zone(tanks=1, distance=1), ["+1 Damage: Ranged"])
    assert r.damage == 2 and dist(r) == {0: F(1, 2), 1: F(1, 2)}
    r = zombicide_odds(melee(), Zone(abominations=1), ["Super strength"])
    assert r.damage == 3 and dist(r) == {0: F(1, 2), 1: F(1, 2)}


# --- Xeno spawn -------------------------------------------------------------------------------


def test_danger_levels_from_experience():
    """Lines 956-961: Yellow at 7 XP, Orange at 19, Red at 43."""
    assert [danger_level(x) for x in (0, 6, 7, 18, 19, 42, 43, 99)] == [
        "blue", "blue", "yellow", "yellow", "orange", "orange", "red", "red"]


def test_expected_spawn_over_the_rulebook_example_cards():
    """The rulebook prints no Xeno deck; its two example card lines are Workers 2/4/6/8 (lines 996-1002)
    and Tanks 2/2/6/8 (lines 1607-1615). Over those two: Yellow = 4/2 Workers and 2/2 Tanks per card."""
    e = expected_spawn(RULEBOOK_EXAMPLE_CARDS, "Yellow")
    assert e.spawn_zone == {"worker": 2, "tank": 1}
    deck = list(RULEBOOK_EXAMPLE_CARDS) + [XenoCard("extra_activation"), XenoCard("abomination"),
                                           XenoCard("mold", "hunter", {"blue": 1, "yellow": 1, "orange": 1, "red": 2})]
    blue, red = expected_spawn(deck, "blue"), expected_spawn(deck, "red")
    assert blue.extra_activation == 0 and red.extra_activation == F(1, 5)  # lines 1621-1622
    assert red.spawn_zone == {"worker": F(8, 5), "tank": F(8, 5), "abomination": F(1, 5)}
    assert red.per_mold_zone == {"hunter": F(2, 5)}
    assert red.to_dict()["spawn_zone"]["worker"] == {"exact": "8/5", "float": 1.6}


def test_xeno_card_from_extracted_example_entries():
    """The extractor stores the rulebook's example cards as {"spawns": "Workers", "Blue": 2, ...}."""
    entry = {"spawns": "Workers", "Blue": 2, "Yellow": 4, "Orange": 6, "Red": 8, "source_lines": [996, 1002]}
    card = XenoCard.from_card(entry)
    assert card == RULEBOOK_EXAMPLE_CARDS[0]
    assert card.placed("orange") == 6


# --- output -----------------------------------------------------------------------------------


def test_to_dict_and_table():
    r = zombicide_odds(ranged(dice=2), Zone(workers=2, survivors=1, distance=1), ["lucky"])
    d = r.to_dict()
    assert d["eliminations"]["0"]["exact"] == str(r.eliminations[0]).replace(" ", "")
    assert isinstance(d["expected_eliminations"]["float"], float)
    text = format_table(r)
    assert "eliminated 2" in text and "friendly-fire hits" in text and "Lucky re-roll used" in text


# --- errors -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "make, match",
    [
        (lambda: ranged(dice=0), "dice must not be less than 1"),
        (lambda: ranged(accuracy=1), "accuracy must be a whole number from 2 to 6"),
        (lambda: ranged(accuracy=7), "from 2 to 6"),
        (lambda: ranged(damage=0), "damage"),
        (lambda: ranged(rmin=2, rmax=1), "below range_min"),
        (lambda: WeaponStats("X", 1, 4, 1, kind="thrown"), "melee' or 'ranged"),
        (lambda: Zone(workers=-1), "zone workers must not be negative"),
        (lambda: Zone(survivors=-2), "survivors"),
        (lambda: zombicide_odds(ranged(), Zone(workers=1, distance=1), ["lucy"]), "did you mean 'lucky'"),
        (lambda: zombicide_odds(ranged(), Zone(workers=1, distance=1), ["snipper"]), "did you mean 'sniper'"),
        (lambda: zombicide_odds(ranged(), Zone(workers=1, distance=1), ["lucky", "Lucky"]), "listed twice"),
        (lambda: zombicide_odds(ranged(), Zone(workers=1, distance=1), ["Reaper: Combat"]), "not modelled"),
        (lambda: zombicide_odds(ranged(), Zone(workers=1, distance=1), "lucky"), "list of names"),
        (lambda: zombicide_odds(ranged(), Zone(workers=1, distance=1), paired=True), "no Dual symbol"),
        (lambda: zombicide_odds(ranged(rmax=1), Zone(workers=1, distance=2)), "cannot shoot 2 Zones"),
        (lambda: zombicide_odds(melee(), Zone(workers=1, distance=1)), "own Zone only"),
        (lambda: zombicide_odds(ranged(), Zone(workers=1, distance=1), concentrate="tank"), "has none"),
        (lambda: zombicide_odds(ranged(), Zone(tanks=1, workers=1, distance=1), concentrate="worker"), "Targeting Priority"),
        (lambda: zombicide_odds(ranged(), Zone(workers=1, distance=1), concentrate="wroker"), "did you mean 'worker'"),
        (lambda: expected_spawn([], "red"), "no Xeno cards"),
        (lambda: expected_spawn(RULEBOOK_EXAMPLE_CARDS, "purple"), "unknown Danger Level"),
        (lambda: XenoCard("spawn", "worker", {"blue": 1}), "no yellow count"),
    ],
)
def test_errors(make, match):
    with pytest.raises(OddsError, match=match) as info:
        make()
    assert "\n" not in str(info.value)


def test_from_card_reads_spec_fields_and_asks_for_missing_values():
    card = {"name": "SMG", "dice": 2, "accuracy": "5+", "damage": 1, "range_min": 0, "range_max": 1,
            "dual": True, "kind": "ranged"}
    w = WeaponStats.from_card(card)
    assert (w.dice, w.accuracy, w.damage, w.range_min, w.range_max, w.dual, w.ranged) == (2, 5, 1, 0, 1, True, True)
    assert WeaponStats.from_card({**card, "range_min": None, "range_max": None, "range": "1-3"}).range_max == 3
    assert WeaponStats.from_card({"name": "Sledge", "dice": 1, "accuracy": 4, "damage": 1, "melee": True}).melee
    with pytest.raises(OddsError, match="does not state its dice; give it inline with --dice"):
        WeaponStats.from_card({**card, "dice": None})
    with pytest.raises(OddsError, match="--accuracy"):
        WeaponStats.from_card({**card, "accuracy": None})
    assert WeaponStats.from_card({**card, "damage": None}, damage=2).damage == 2
    with pytest.raises(OddsError, match="melee or a ranged"):
        WeaponStats.from_card({k: v for k, v in card.items() if k != "kind"})
    assert WeaponStats.from_card({k: v for k, v in card.items() if k != "kind"}, kind="melee").melee
    spec_style = {"name": "Heavy Shotgun", "weapon_type": "ranged", "dice": 2, "accuracy": 4, "damage": 2,
                  "range_min": None, "range_max": None, "dual": None}
    w = WeaponStats.from_card(spec_style)
    assert w.ranged and w.range_max is None and not w.dual
    with pytest.raises(OddsError, match="dual must be true or false"):
        WeaponStats.from_card({**card, "dual": "maybe"})


def test_find_weapon_by_name_with_suggestions():
    """Weapons are looked up among spec cards by name or id; an unknown name suggests the closest."""
    cards = [{"id": "smg", "name": "SMG", "dice": 2, "accuracy": 4, "damage": 1, "range_min": 0, "range_max": 1,
              "dual": True, "kind": "ranged"},
             {"id": "sniper-rifle", "name": "Sniper Rifle", "dice": None, "accuracy": 3, "damage": 2, "kind": "ranged"}]
    assert find_weapon(cards, "smg").dice == 2
    assert find_weapon(cards, "sniper-rifle", dice=1).dice == 1
    with pytest.raises(OddsError, match="did you mean 'Sniper Rifle'"):
        find_weapon(cards, "Snipr Rifle")
    with pytest.raises(OddsError, match="give it inline with --dice"):
        find_weapon(cards, "Sniper Rifle")


# --- Monte Carlo ------------------------------------------------------------------------------

THRESHOLD = {"tank": 2, "abomination": 3, "worker": 1, "hunter": 1}


def simulate(rng, *, dice, accuracy, damage, bonus, roll6, lucky_keep, zone, survivors, free):
    """One Action, played the plain way: roll, maybe re-roll, roll 6s' extra dice, assign hits."""
    faces = [rng.randint(1, 6) for _ in range(dice)]
    if lucky_keep is not None and not lucky_keep(faces):
        faces = [rng.randint(1, 6) for _ in range(dice)]
    if roll6:
        pending = faces.count(6)
        while pending:
            f = rng.randint(1, 6)
            faces.append(f)
            pending -= 1
            if f == 6:
                pending += 1
    hits = sum(1 for f in faces if min(f + bonus, 6) >= accuracy)
    misses = len(faces) - hits
    # Targets as a queue: priority order, or (free) only those the weapon can kill.
    if free:
        queue = [x for x in ("tank", "abomination", "worker", "hunter") for _ in range(zone[x]) if damage >= THRESHOLD[x]]
    else:
        group1 = sorted([x for x in ("tank", "abomination") for _ in range(zone[x])], key=lambda x: damage < THRESHOLD[x])
        queue = group1 + ["worker"] * zone["worker"] + ["hunter"] * zone["hunter"]
    killed = 0
    for _ in range(hits):
        if not queue:
            break
        if damage >= THRESHOLD[queue[0]]:
            queue.pop(0)
            killed += 1
        # else: the hit bounces off and the shield stays first in line
    return killed, (misses if survivors else 0)


@pytest.mark.parametrize(
    "case",
    [
        dict(dice=4, accuracy=4, damage=2, skills=["+1 to dice roll: Ranged", "Roll 6: +1 die Ranged"],
             zone=dict(tank=1, abomination=0, worker=2, hunter=2), survivors=1, free=False, lucky_keep=None),
        dict(dice=3, accuracy=5, damage=1, skills=["Roll 6: +1 die", "Sniper"],
             zone=dict(tank=1, abomination=0, worker=1, hunter=2), survivors=0, free=True, lucky_keep=None),
        # Lucky, 3 dice at 4+, 2 Workers: keep 2+ hits (worked out in test_lucky_keeps_rolls_...).
        dict(dice=3, accuracy=4, damage=1, skills=["Lucky"],
             zone=dict(tank=0, abomination=0, worker=2, hunter=0), survivors=2, free=False,
             lucky_keep=lambda faces: sum(f >= 4 for f in faces) >= 2),
    ],
)
def test_monte_carlo_agrees(case):
    z = case["zone"]
    zone = Zone(workers=z["worker"], tanks=z["tank"], hunters=z["hunter"], abominations=z["abomination"],
                survivors=case["survivors"], distance=1)
    exact = zombicide_odds(ranged(dice=case["dice"], accuracy=case["accuracy"], damage=case["damage"]), zone, case["skills"])
    bonus = exact.roll_bonus
    rng = random.Random(20240611)
    n = 40_000
    kills: dict[int, int] = {}
    ff_total = 0
    for _ in range(n):
        k, ff = simulate(rng, dice=case["dice"], accuracy=case["accuracy"], damage=case["damage"], bonus=bonus,
                         roll6=any("roll 6" in s.lower() for s in case["skills"]), lucky_keep=case["lucky_keep"],
                         zone=z, survivors=case["survivors"], free=case["free"])
        kills[k] = kills.get(k, 0) + 1
        ff_total += ff * case["damage"]  # each Friendly Fire hit deals the weapon Damage
    for k in set(kills) | set(exact.eliminations):
        assert abs(kills.get(k, 0) / n - float(exact.eliminations.get(k, 0))) < 0.012, k
    assert abs(ff_total / n - float(exact.expected_friendly_fire_damage)) < 0.03
