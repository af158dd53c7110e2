"""Derelict attack odds: hand-worked rolls, token rules over several attacks, a seeded Monte Carlo.

"Rules" is ``002_d22665829fde1da3.txt`` (Derelict rules); lines are 1-based. The rules text has no
worked attack examples, so every case here is worked by hand from the quoted lines.
"""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest

from pnpgen.odds import OddsError, derelict_odds, format_table


def roll(mods):
    r = derelict_odds(mods)
    return r.miss, r.hit, r.critical


def test_plain_attack():
    """Line 96: 3+ hits for 1, a 6 crits for 2. Faces 1-2 miss, 3-5 hit, 6 crits: 1/3, 1/2, 1/6;
    average damage 1/2 + 2/6 = 5/6."""
    r = derelict_odds([])
    assert (r.miss, r.hit, r.critical) == (F(1, 3), F(1, 2), F(1, 6))
    assert r.expected_damage_per_attack == F(5, 6)
    assert r.damage_distribution == {0: F(1, 3), 1: F(1, 2), 2: F(1, 6)}


@pytest.mark.parametrize("mod", ["blind", "drone", "defend", "barricade"])
def test_minus_one_modifiers(mod):
    """-1 (Blind line 143, Drones line 149, Defend line 131, Barricade line 166): faces 4-5 hit,
    6 crits (a natural 6 always crits, line 96): 1/2, 1/3, 1/6."""
    assert roll([mod]) == (F(1, 2), F(1, 3), F(1, 6))


def test_stealth_minus_two():
    """Stealth -2 (line 120): only a 5 hits (5-2 = 3); a natural 6 still crits: 2/3, 1/6, 1/6."""
    assert roll(["stealth"]) == (F(2, 3), F(1, 6), F(1, 6))


def test_heavy_plus_one_makes_a_five_critical():
    """Heavy +1 (line 111): 2-4 hit; a 5 becomes a final 6, a critical (line 96 "If the final result
    is a 6"), and a 6 crits: 1/6, 1/2, 1/3."""
    assert roll(["heavy"]) == (F(1, 6), F(1, 2), F(1, 3))


def test_aim_lowers_critical_threshold():
    """Aim (line 136): critical on 5+: 3-4 hit, 5-6 crit: 1/3, 1/3, 1/3."""
    r = derelict_odds(["aim"])
    assert (r.miss, r.hit, r.critical) == (F(1, 3), F(1, 3), F(1, 3))
    assert r.crit_threshold == 5


def test_aim_applies_to_the_modified_roll():
    """Aim with Blind (cumulative, lines 137, 144): a 5 is a final 4 (a hit, not a critical); a natural 6
    crits: 1/2, 1/3, 1/6. (Reading chosen: Aim lowers the modified value needed.)"""
    assert roll(["aim", "blind"]) == (F(1, 2), F(1, 3), F(1, 6))


def test_modifiers_are_cumulative_and_natural_six_always_crits():
    """Line 96: modifiers add up; "A roll of 6 before adding any modifiers is always considered a critical
    hit". Blind + Drone + Stealth = -4: only a natural 6 does anything, and it crits."""
    r = derelict_odds(["blind", "drone", "stealth"])
    assert r.modifier == -4
    assert (r.miss, r.hit, r.critical) == (F(5, 6), 0, F(1, 6))
    assert roll(["blind", "defend"]) == roll(["stealth"])


def test_threat_reaction_attack():
    """Line 64: reaction attack at -1 that cannot crit; a natural 6 deals 1. Faces 4-6 deal 1: 1/2, 1/2, 0.
    With Stealth (-3) only the natural 6 deals 1; against a Heavy Squad (0) faces 3-6 deal 1."""
    r = derelict_odds(["reaction"])
    assert (r.miss, r.hit, r.critical, r.crit_threshold) == (F(1, 2), F(1, 2), 0, None)
    assert roll(["reaction", "stealth"]) == (F(5, 6), F(1, 6), 0)
    assert roll(["reaction", "heavy"]) == (F(1, 3), F(2, 3), 0)
    assert roll(["reaction", "aim"]) == (F(1, 2), F(1, 2), 0)


def test_eliminate_two_hp_in_two_attacks():
    """Plain attacks on 2 HP (line 147: eliminated at damage equal to HP). Per attack 0/1/2 damage with
    1/3, 1/2, 1/6. Survives 2 attacks only with totals 0+0, 0+1, 1+0: 1/9 + 1/6 + 1/6 = 4/9 -> 5/9."""
    r = derelict_odds([], target_hp=2, attacks=2)
    assert r.eliminated_by_attack == (F(1, 6), F(5, 9))
    assert r.eliminated == F(5, 9)
    assert r.damage_distribution == {0: F(1, 9), 1: F(1, 3), 2: F(5, 9)}
    assert derelict_odds([], attacks=2).expected_damage == F(5, 3)


def test_stealth_is_lost_when_hit():
    """Line 121: "A Stealth token is removed if the Squad is hit". 2 HP, 2 attacks:
    crit first 1/6; hit then any hit without Stealth 1/6 * 2/3; miss then crit with Stealth 2/3 * 1/6.
    Total 1/6 + 1/9 + 1/9 = 7/18 (keeping Stealth would give 1/3)."""
    assert derelict_odds(["stealth"], target_hp=2, attacks=2).eliminated == F(7, 18)


def test_defend_token_discarded_by_threat_squads():
    """Line 133: Threat Squads discard Defend to cancel damage on critical hits or lethal damage.
    2 HP, 2 attacks: the first crit is cancelled (token gone), a 1 is taken; after a 1 any hit would
    be lethal and is cancelled. Only crit-cancelled then crit without Defend: 1/6 * 1/6 = 1/36.
    Keeping the token ("never"): per attack 1/2, 1/3, 1/6 -> 1/6 + 1/2 * 1/6 + 1/3 * 1/2 = 5/12."""
    assert derelict_odds(["defend"], target_hp=2, attacks=2).eliminated == F(1, 36)
    assert derelict_odds(["defend"], target_hp=2, attacks=2, defend_discard="never").eliminated == F(5, 12)
    # Without a target HP only criticals are cancelled: expected damage of one attack = 1/3 (the roll's own is 2/3).
    r = derelict_odds(["defend"])
    assert r.expected_damage_per_attack == F(2, 3) and r.expected_damage == F(1, 3)


def test_barricade_removed_by_any_hit():
    """Line 166: a Barricade is attacked at -1 and removed if the attack hits: P = 1/2 per attack,
    1 - 1/4 = 3/4 within 2 attacks."""
    assert derelict_odds(["barricade"], attacks=2).eliminated_by_attack == (F(1, 2), F(3, 4))


def test_to_dict_and_table():
    r = derelict_odds(["aim", "heavy"], target_hp=3, attacks=2)
    d = r.to_dict()
    assert d["critical"] == {"exact": "1/2", "float": 0.5}  # Heavy+Aim: final 5+ crits -> faces 4-6
    assert len(d["eliminated_by_attack"]) == 2
    text = format_table(r)
    assert "eliminated within 2" in text and "critical (2 damage)" in text


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: derelict_odds(["stelth"]), "did you mean 'stealth'"),
        (lambda: derelict_odds(["blnd"]), "did you mean 'blind'"),
        (lambda: derelict_odds(["blind", "Blind"]), "given twice"),
        (lambda: derelict_odds(["stealth", "defend"]), "only one Stealth token or one Defend token"),
        (lambda: derelict_odds(["barricade", "heavy"]), "not a Squad"),
        (lambda: derelict_odds(["barricade"], target_hp=3), "Barricade has no HP"),
        (lambda: derelict_odds([], attacks=0), "attacks must not be less than 1"),
        (lambda: derelict_odds([], target_hp=0), "target HP must not be less than 1"),
        (lambda: derelict_odds([], target_hp=-2), "target HP"),
        (lambda: derelict_odds([], attacks=1.5), "whole number"),
        (lambda: derelict_odds("blind"), "list of names"),
        (lambda: derelict_odds(["defend"], defend_discard="sometimes"), "unknown Defend discard policy"),
    ],
)
def test_errors(call, match):
    with pytest.raises(OddsError, match=match) as info:
        call()
    assert "\n" not in str(info.value)


def simulate(rng, mods, hp, attacks, discard):
    """Play the attacks out with the tokens, straight from the rule lines."""
    stealth, defend = "stealth" in mods, "defend" in mods
    mod = -("blind" in mods) - ("drone" in mods) - ("reaction" in mods) + ("heavy" in mods)
    crit_at = 5 if "aim" in mods else 6
    taken = 0
    for _ in range(attacks):
        if hp is not None and taken >= hp:
            break
        face = rng.randint(1, 6)
        final = face + mod - 2 * stealth - defend
        if "reaction" in mods:
            dmg = 1 if face == 6 or final >= 3 else 0
        elif face == 6 or final >= crit_at:
            dmg = 2
        elif final >= 3:
            dmg = 1
        else:
            dmg = 0
        if not dmg:
            continue
        if defend and discard and (dmg == 2 or (hp is not None and taken + dmg >= hp)):
            defend = False
            continue
        stealth = False
        taken += dmg
    return min(taken, hp) if hp is not None else taken


@pytest.mark.parametrize(
    "mods, hp, attacks, discard",
    [
        (["stealth", "aim"], 3, 4, True),
        (["defend", "heavy", "blind"], 2, 3, True),
        (["drone", "defend"], None, 3, True),
        (["reaction"], 2, 3, True),
        (["aim", "blind", "defend"], 4, 5, False),
    ],
)
def test_monte_carlo_agrees(mods, hp, attacks, discard):
    exact = derelict_odds(mods, target_hp=hp, attacks=attacks, defend_discard="threat" if discard else "never")
    rng = random.Random(7)
    n = 40_000
    counts: dict[int, int] = {}
    for _ in range(n):
        t = simulate(rng, mods, hp, attacks, discard)
        counts[t] = counts.get(t, 0) + 1
    for k in set(counts) | set(exact.damage_distribution):
        assert abs(counts.get(k, 0) / n - float(exact.damage_distribution.get(k, 0))) < 0.012, k
