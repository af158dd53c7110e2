"""Plain-text tables of odds results (their JSON values: ``odds.exact`` and each result's ``to_dict``).

Kept apart from the calculators so that they never format, and so the CLI only picks a form.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pnpgen.odds.derelict import AttackOdds
from pnpgen.odds.zombicide import EliminationOdds
from pnpgen.tables import format_table as format_rows


def percent(p: Fraction) -> str:
    return f"{float(p) * 100:6.2f}%"


def _dist_rows(label: str, dist: dict[int, Fraction]) -> list[list[str]]:
    return [[f"{label} {k}", f"{p.numerator}/{p.denominator}", percent(p)] for k, p in sorted(dist.items())]


def format_table(result: Any) -> str:
    """Text report of an ``EliminationOdds`` or ``AttackOdds``."""
    if isinstance(result, EliminationOdds):
        head = (
            f"{result.weapon} ({result.action}, {result.dice} dice, {result.accuracy}+"
            f"{f' +{result.roll_bonus} to roll' if result.roll_bonus else ''}, Damage {result.damage},"
            f" {result.targeting}, distance {result.distance})"
        )
        rows = _dist_rows("eliminated", result.eliminations)
        rows.append(["expected eliminations", _f(result.expected_eliminations), f"{float(result.expected_eliminations):7.3f}"])
        rows.append(["zone cleared", _f(result.zone_cleared), percent(result.zone_cleared)])
        if result.friendly_fire:
            rows += _dist_rows("friendly-fire hits", result.friendly_fire_hits)
            rows.append(["expected FF damage", _f(result.expected_friendly_fire_damage), f"{float(result.expected_friendly_fire_damage):7.3f}"])
        if result.reroll_chance is not None:
            rows.append(["Lucky re-roll used", _f(result.reroll_chance), percent(result.reroll_chance)])
        extra = [f"skills: {', '.join(result.skills)}"] if result.skills else []
        extra += [f"ignored: {s}" for s in result.ignored_skills] + [f"note: {n}" for n in result.notes]
        return "\n".join([head, format_rows(["outcome", "exact", "chance"], rows), *extra])
    if isinstance(result, AttackOdds):
        head = (
            f"Derelict attack ({', '.join(result.mods) or 'no modifiers'}; roll {result.modifier:+d},"
            f" hit on {result.hit_threshold}+, {'no crits' if result.crit_threshold is None else f'crit on {result.crit_threshold}+'})"
        )
        rows = [
            ["miss", _f(result.miss), percent(result.miss)],
            ["hit (1 damage)", _f(result.hit), percent(result.hit)],
            ["critical (2 damage)", _f(result.critical), percent(result.critical)],
            ["expected damage, 1 attack", _f(result.expected_damage_per_attack), f"{float(result.expected_damage_per_attack):7.3f}"],
        ]
        rows += _dist_rows(f"total damage after {result.attacks}:", result.damage_distribution)
        rows.append([f"expected damage, {result.attacks} attacks", _f(result.expected_damage), f"{float(result.expected_damage):7.3f}"])
        if result.eliminated_by_attack is not None:
            for i, p in enumerate(result.eliminated_by_attack, start=1):
                rows.append([f"eliminated within {i}", _f(p), percent(p)])
        return "\n".join([head, format_rows(["outcome", "exact", "chance"], rows), *[f"note: {n}" for n in result.notes]])
    raise TypeError(f"no table for {type(result).__name__}")


def _f(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"
