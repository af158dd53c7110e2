"""Derelict: exact odds of attack rolls, their damage, and of eliminating a Squad in N attacks.

Rule text: ``002_d22665829fde1da3.txt`` (Derelict rules), 1-based lines. Where the text and the
issue's summary differ, the text is followed and the difference is noted.

- Attack (line 96): "Roll a die, apply modifiers, and if the modified roll is equal or greater than
  3, the target takes 1 damage. If the final result is a 6, that's considered a critical hit and the
  target takes 2 damage ... Attack roll modifiers from multiple sources (Blind, Defend, etc.) are
  cumulative unless stated otherwise. A roll of 6 before adding any modifiers is always considered a
  critical hit". So a natural 6 always crits, and a modified 6 (a 5 with +1) crits too.
- Heavy (111): "Enemies attacking Heavy Squads get +1 to their combat rolls."
- Stealth (120-124): "-2 to the roll"; "removed if the Squad is hit"; cumulative; a Squad holds
  "only one Stealth token or one Defend token".
- Defend (131-135): "-1 to the roll"; "A Squad may discard a Defend token when it receives damage
  [to] ignore it"; "Threat Squads will discard Defend tokens to cancel damage on critical hits, or if
  the damage would cause them to be eliminated."
- Aim (136-139): "-1 to the minimum value needed for critical hits"; cumulative; all attack rolls.
- Blind (143-145): "-1 to their attack rolls"; cumulative.
- Drones (149): "Drones receive a -1 penalty when attacking."
- Barricades (166): "May be attacked with a -1 penalty. If attack hits, it's removed."
- Threat reaction (64): "an attack with a -1 penalty ... This attack cannot critically hit. If the
  attack roll is a 6 (before modifiers), it deals 1 damage and the Threat Squad gains an Aim token."
- Elimination (41, 147): damage tokens equal to HP.

Reading chosen where the text is open: Aim lowers the *modified* value needed for a critical
(5+ after modifiers); a natural 6 stays a critical whatever the modifiers.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pnpgen.odds.dice import FACES, expectation
from pnpgen.odds.errors import OddsError, require_count, unknown_name
from pnpgen.odds.exact import frac_json

HIT_THRESHOLD = 3  # line 96
CRIT_VALUE = 6  # line 96


@dataclass(frozen=True)
class Modifier:
    """One rule that changes an attack roll: who holds it, the roll change, its rule lines."""

    name: str
    roll: int
    holder: str  # "attacker" or "target"
    lines: str
    crit_threshold: int = 0  # Aim: -1 to the value needed for a critical


MODIFIERS: dict[str, Modifier] = {
    m.name: m
    for m in (
        Modifier("blind", -1, "attacker", "143-145"),
        Modifier("drone", -1, "attacker", "149"),
        Modifier("aim", 0, "attacker", "136-139", crit_threshold=-1),
        Modifier("reaction", -1, "attacker", "64"),
        Modifier("defend", -1, "target", "131-135"),
        Modifier("stealth", -2, "target", "120-124"),
        Modifier("heavy", +1, "target", "111"),
        Modifier("barricade", -1, "target", "166"),
    )
}
_ALIASES = {
    "threat-reaction": "reaction", "threat reaction": "reaction", "reaction attack": "reaction",
    "drones": "drone", "heavy squad": "heavy", "blinded": "blind", "aimed": "aim",
}
DEFEND_POLICIES = ("threat", "never")


@dataclass(frozen=True)
class AttackOdds:
    """Exact odds of one Derelict attack roll and of ``attacks`` attacks at one target.

    ``miss``/``hit``/``critical`` are the first roll's chances (``hit`` = exactly 1 damage).
    ``expected_damage_per_attack`` is that roll's average damage before any Defend discard.
    ``damage_distribution`` is the damage on the target after all attacks, with token changes
    (Stealth lost when hit, Defend discarded per ``defend_discard``) and capped at ``target_hp``.
    ``eliminated_by_attack[k-1]`` is P(eliminated within k attacks); ``None`` without a target HP.
    """

    mods: tuple[str, ...]
    modifier: int
    hit_threshold: int
    crit_threshold: int | None
    miss: Fraction
    hit: Fraction
    critical: Fraction
    expected_damage_per_attack: Fraction
    attacks: int
    target_hp: int | None
    defend_discard: str
    damage_distribution: dict[int, Fraction]
    expected_damage: Fraction
    eliminated: Fraction | None
    eliminated_by_attack: tuple[Fraction, ...] | None
    notes: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "derelict",
            "mods": list(self.mods),
            "modifier": self.modifier,
            "hit_threshold": self.hit_threshold,
            "crit_threshold": self.crit_threshold,
            "miss": frac_json(self.miss),
            "hit": frac_json(self.hit),
            "critical": frac_json(self.critical),
            "expected_damage_per_attack": frac_json(self.expected_damage_per_attack),
            "attacks": self.attacks,
            "target_hp": self.target_hp,
            "defend_discard": self.defend_discard,
            "damage_distribution": {str(k): frac_json(p) for k, p in sorted(self.damage_distribution.items())},
            "expected_damage": frac_json(self.expected_damage),
            "eliminated": None if self.eliminated is None else frac_json(self.eliminated),
            "eliminated_by_attack": None
            if self.eliminated_by_attack is None
            else [frac_json(p) for p in self.eliminated_by_attack],
            "notes": list(self.notes),
        }


def parse_mods(mods: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Canonical modifier names, checked against the token rules; raises ``OddsError``."""
    if isinstance(mods, str):
        raise OddsError(f"mods must be a list of names, got the single string {mods!r}")
    out: list[str] = []
    for raw in mods:
        key = " ".join(str(raw).lower().replace("_", "-").split())
        key = _ALIASES.get(key, key)
        if key not in MODIFIERS:
            raise unknown_name("modifier", str(raw), MODIFIERS)
        if key in out:
            raise OddsError(f"modifier {key!r} given twice: a Squad holds only one token of a kind (rules lines 124, 138, 145)")
        out.append(key)
    if "stealth" in out and "defend" in out:
        raise OddsError("a Squad holds only one Stealth token or one Defend token (rules lines 124, 135): not both")
    if "barricade" in out:
        squad_only = [m for m in out if m in ("stealth", "defend", "heavy")]
        if squad_only:
            raise OddsError(f"a Barricade is not a Squad: {', '.join(squad_only)} cannot apply to it (rules line 166)")
    return tuple(out)


def roll_damage(modifier: int, crit_threshold: int | None) -> dict[int, Fraction]:
    """Damage of one attack roll: 0, 1 or 2 with their chances.

    ``crit_threshold`` is the modified value that crits (6, or 5 with Aim); ``None`` for a threat
    reaction, which cannot crit but hits for 1 on a natural 6 (line 64).
    """
    out: dict[int, Fraction] = {0: Fraction(0), 1: Fraction(0), 2: Fraction(0)}
    for face in FACES:
        final = face + modifier
        if crit_threshold is None:
            dmg = 1 if (face == CRIT_VALUE or final >= HIT_THRESHOLD) else 0
        elif face == CRIT_VALUE or final >= crit_threshold:
            dmg = 2
        else:
            dmg = 1 if final >= HIT_THRESHOLD else 0
        out[dmg] += Fraction(1, 6)
    return out


def derelict_odds(
    mods: list[str] | tuple[str, ...] = (),
    target_hp: int | None = None,
    attacks: int = 1,
    *,
    defend_discard: str = "threat",
) -> AttackOdds:
    """Exact odds of ``attacks`` attacks with modifiers ``mods`` on one target.

    ``mods``: any of blind, drone, aim, reaction (attacker side) and defend, stealth, heavy,
    barricade (target side). ``target_hp``: the target's remaining HP (``None`` = no elimination
    odds). ``defend_discard``: ``"threat"`` discards the Defend token to cancel a critical or
    lethal damage, as Threat Squads must (line 133); ``"never"`` keeps the token and its -1.
    """
    names = parse_mods(mods)
    require_count("attacks", attacks, 1, "dice")
    if target_hp is not None:
        require_count("target HP", target_hp, 1)
    if defend_discard not in DEFEND_POLICIES:
        raise unknown_name("Defend discard policy", str(defend_discard), DEFEND_POLICIES)
    barricade = "barricade" in names
    if barricade and target_hp not in (None, 1):
        raise OddsError(f"a Barricade has no HP: any hit removes it (rules line 166); leave target HP out, not {target_hp}")
    hp = 1 if barricade else target_hp
    reaction = "reaction" in names
    crit_threshold = None if reaction else CRIT_VALUE + sum(MODIFIERS[m].crit_threshold for m in names)
    # Stealth and Defend are the only modifiers that can go away during a run of attacks.
    steady = sum(MODIFIERS[m].roll for m in names if m not in ("stealth", "defend"))

    def modifier(stealth: bool, defend: bool) -> int:
        return steady + (MODIFIERS["stealth"].roll if stealth else 0) + (MODIFIERS["defend"].roll if defend else 0)

    first_roll = roll_damage(modifier("stealth" in names, "defend" in names), crit_threshold)

    # Markov chain over (damage taken, Stealth held, Defend held); damage is capped at HP.
    State = tuple[int, bool, bool]
    dist: dict[State, Fraction] = {(0, "stealth" in names, "defend" in names): Fraction(1)}
    eliminated_by: list[Fraction] = []

    def add(into: dict[State, Fraction], state: State, p: Fraction) -> None:
        into[state] = into.get(state, 0) + p

    for _ in range(attacks):
        nxt: dict[State, Fraction] = {}

        for (taken, stealth, defend), p in dist.items():
            if hp is not None and taken >= hp:
                add(nxt, (taken, stealth, defend), p)  # already eliminated
                continue
            for dmg, q in roll_damage(modifier(stealth, defend), crit_threshold).items():
                if not q:
                    continue
                if dmg == 0:
                    add(nxt, (taken, stealth, defend), p * q)
                    continue
                lethal = hp is not None and taken + dmg >= hp
                if defend and defend_discard == "threat" and (dmg == 2 or lethal):
                    add(nxt, (taken, stealth, False), p * q)  # token discarded, damage cancelled (line 133)
                    continue
                total = taken + dmg if hp is None else min(taken + dmg, hp)
                add(nxt, (total, False, defend), p * q)  # a hit removes Stealth (line 121)
        dist = nxt
        if hp is not None:
            eliminated_by.append(sum((p for (t, _, _), p in dist.items() if t >= hp), Fraction(0)))

    damage: dict[int, Fraction] = {}
    for (taken, _, _), p in dist.items():
        damage[taken] = damage.get(taken, 0) + p

    notes: list[str] = []
    if "stealth" in names and attacks > 1:
        notes.append("Stealth is removed when the Squad is hit (line 121): later attacks lose its -2")
    if "defend" in names:
        notes.append(
            "Defend: the token is discarded to cancel a critical or lethal damage, then its -1 is gone (line 133)"
            if defend_discard == "threat"
            else "Defend: the token is kept (never discarded), so its -1 applies to every attack"
        )
    if reaction:
        notes.append("threat reaction: no criticals; a natural 6 deals 1 and gives the attacker Aim, which cannot change later reactions (line 64)")
    if "heavy" in names:
        notes.append("Heavy +1: a natural 5 becomes a final 6, which is a critical (line 96)")
    if "aim" in names and not reaction:
        notes.append("Aim: a critical on a modified 5 or more; a natural 6 always crits (lines 96, 136)")
    if barricade:
        notes.append("Barricade: removed by any hit (line 166); eliminated = removed")

    return AttackOdds(
        mods=names,
        modifier=modifier("stealth" in names, "defend" in names),
        hit_threshold=HIT_THRESHOLD,
        crit_threshold=crit_threshold,
        miss=first_roll[0],
        hit=first_roll[1],
        critical=first_roll[2],
        expected_damage_per_attack=expectation(first_roll),
        attacks=attacks,
        target_hp=target_hp if not barricade else 1,
        defend_discard=defend_discard,
        damage_distribution=dict(sorted((k, p) for k, p in damage.items() if p)),
        expected_damage=expectation(damage),
        eliminated=eliminated_by[-1] if hp is not None else None,
        eliminated_by_attack=tuple(eliminated_by) if hp is not None else None,
        notes=tuple(notes),
    )
