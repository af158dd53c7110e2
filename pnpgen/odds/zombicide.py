"""Zombicide: Invader: exact odds of one Melee or Ranged Action against one Zone.

Owns the weapon value (``WeaponStats``), the result (``EliminationOdds``) and ``zombicide_odds``,
which ties the rule pieces together: skills (``zombicide_skills``), dice (``zombicide_roll``)
and hit allocation (``zombicide_targets``).

Rule text: ``003_ada9705b43fae874.txt`` (Zombicide: Invader draft rulebook), 1-based lines:

- Dice, Accuracy, Damage per weapon (842-877, 1702-1725).
- Dual (884-889, 1708-1716): two identical Dual weapons in Hand fire with one Action at the same
  Zone; both roll their dice (2 SMGs roll 4 dice).
- Range (1780-1790): min-max Zones; Melee hits the own Zone only (1748-1749).
- Friendly Fire (1880-1887): on a Ranged (or Machine) Action at a Zone with other Survivors,
  "misses on the Attack roll automatically hit Survivors standing in the target Zone ... apply
  Damage normally"; not for Melee (1753, 1887). Under Concentrate Fire misses still hit Survivors
  with "the weapon's base Damage value (no matter the amount of hits obtained)" (1909-1911).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pnpgen.odds.dice import expectation, remap
from pnpgen.odds.errors import OddsError, require_count, unknown_name
from pnpgen.odds.zombicide_roll import action_outcomes, hit_chance
from pnpgen.odds.zombicide_skills import resolve_skills
from pnpgen.odds.zombicide_targets import (
    DAMAGE_TO_ELIMINATE,
    XENO_TYPES,
    Zone,
    allocate,
    check_concentrate_target,
)
from pnpgen.odds.exact import frac_json

KINDS = ("melee", "ranged")


@dataclass(frozen=True)
class WeaponStats:
    """One weapon card's attack values. ``dual`` is the card's Dual symbol, not "holding two".

    ``range_min``/``range_max`` may be ``None`` when the card does not say; the range is then
    not checked.
    """

    name: str
    dice: int
    accuracy: int
    damage: int
    range_min: int | None = 0
    range_max: int | None = 0
    dual: bool = False
    kind: str = "ranged"

    def __post_init__(self) -> None:
        label = self.name or "weapon"
        require_count(f"{label}: dice", self.dice, 1, "dice")
        if isinstance(self.accuracy, bool) or not isinstance(self.accuracy, int) or not 2 <= self.accuracy <= 6:
            raise OddsError(f"{label}: accuracy must be a whole number from 2 to 6 (a '4+' weapon is 4), got {self.accuracy!r}")
        require_count(f"{label}: damage", self.damage, 1)
        for end in ("range_min", "range_max"):
            if getattr(self, end) is not None:
                require_count(f"{label}: {end}", getattr(self, end))
        if self.range_min is not None and self.range_max is not None and self.range_max < self.range_min:
            raise OddsError(f"{label}: range_max {self.range_max} is below range_min {self.range_min}")
        if self.kind not in KINDS:
            raise OddsError(f"{label}: kind must be 'melee' or 'ranged', got {self.kind!r}")
        if not isinstance(self.dual, bool):
            raise OddsError(f"{label}: dual must be true or false, got {self.dual!r}")

    @property
    def ranged(self) -> bool:
        return self.kind == "ranged"

    @property
    def melee(self) -> bool:
        return self.kind == "melee"

    @classmethod
    def from_card(
        cls,
        card_fields: Mapping[str, Any] | Any,
        *,
        name: str | None = None,
        dice: int | None = None,
        accuracy: int | None = None,
        damage: int | None = None,
        kind: str | None = None,
    ) -> "WeaponStats":
        """Build from a spec card's fields (a dict, or a ``Card`` with ``.fields``/``.name``).

        Reads ``dice``, ``accuracy`` (``4`` or ``"4+"``), ``damage``, ``range_min``/``range_max``
        (or ``range: "1-3"``), ``dual`` and the action type from ``kind``/``attack``/``action``
        (``melee``/``ranged``; the spec calls it ``weapon_type``) or boolean ``melee``/``ranged``
        fields. Keyword values given here replace the card's (this is how ``--dice/--accuracy/
        --damage`` reach the calculator).
        """
        fields = dict(getattr(card_fields, "fields", card_fields) or {})
        label = name or fields.get("name") or getattr(card_fields, "name", None) or "weapon"
        inline = {"dice": dice, "accuracy": accuracy, "damage": damage}
        values: dict[str, int] = {}
        for key, given in inline.items():
            raw = given if given is not None else fields.get(key)
            if raw is None:
                raise OddsError(
                    f"{label}: the rulebook does not state its {key}; give it inline with --{key}"
                )
            values[key] = _whole(label, key, raw)
        rmin, rmax = _range(label, fields)
        return cls(
            name=str(label),
            dice=values["dice"],
            accuracy=values["accuracy"],
            damage=values["damage"],
            range_min=rmin,
            range_max=rmax,
            dual=_flag(label, "dual", fields.get("dual")),
            kind=kind if kind is not None else _kind(label, fields),
        )


def _whole(label: str, key: str, raw: Any) -> int:
    if isinstance(raw, bool):
        raise OddsError(f"{label}: {key} must be a number, got {raw!r}")
    if isinstance(raw, int):
        return raw
    if isinstance(raw, float) and raw.is_integer():
        return int(raw)
    m = re.fullmatch(r"\s*(\d+)\s*\+?\s*", str(raw))
    if not m:
        raise OddsError(f"{label}: {key} must be a whole number, got {raw!r}")
    return int(m.group(1))


def _flag(label: str, key: str, raw: Any) -> bool:
    # Unknown (None) reads as "no symbol": Dual only matters when asked for, and then it is refused.
    if raw is None or isinstance(raw, bool):
        return bool(raw)
    raise OddsError(f"{label}: {key} must be true or false, got {raw!r}")


def find_weapon(cards: Iterable[Any], name: str, **inline: int | None) -> WeaponStats:
    """The ``WeaponStats`` of the card called ``name`` (or with that id) among spec ``cards``.

    Names match case- and space-insensitively; an unknown name raises ``OddsError`` with the
    closest card names. ``inline`` (``dice``, ``accuracy``, ``damage``, ``kind``) goes to ``from_card``.
    """
    pool = list(cards)
    key = " ".join(str(name).lower().split())
    for card in pool:
        names = {" ".join(str(getattr(card, a, "") or "").lower().split()) for a in ("name", "id")}
        if isinstance(card, Mapping):
            names |= {" ".join(str(card.get(a) or "").lower().split()) for a in ("name", "id")}
        if key in names:
            return WeaponStats.from_card(card, **inline)
    labels = [str(getattr(c, "name", None) or (c.get("name") if isinstance(c, Mapping) else "")) for c in pool]
    raise unknown_name("weapon", str(name), [lbl for lbl in labels if lbl])


def _range(label: str, fields: Mapping[str, Any]) -> tuple[int | None, int | None]:
    rmin, rmax = fields.get("range_min"), fields.get("range_max")
    if rmin is None and rmax is None and fields.get("range") is not None:
        m = re.fullmatch(r"\s*(\d+)\s*(?:[-–]\s*(\d+))?\s*", str(fields["range"]))
        if not m:
            raise OddsError(f"{label}: range must look like '1-3', got {fields['range']!r}")
        rmin, rmax = int(m.group(1)), int(m.group(2) or m.group(1))
    return (
        None if rmin is None else _whole(label, "range_min", rmin),
        None if rmax is None else _whole(label, "range_max", rmax),
    )


def _kind(label: str, fields: Mapping[str, Any]) -> str:
    for key in ("kind", "attack", "action", "weapon_type", "combat"):
        value = str(fields.get(key) or "").lower()
        for kind in KINDS:
            if kind in value:
                return kind
    if fields.get("melee") is True:
        return "melee"
    if fields.get("ranged") is True:
        return "ranged"
    raise OddsError(f"{label}: the card does not say whether it is a melee or a ranged weapon; give it inline (melee or ranged)")


@dataclass(frozen=True)
class EliminationOdds:
    """Exact odds of one Action. Probabilities are ``Fraction``; ``to_dict()`` gives JSON values."""

    weapon: str
    action: str
    distance: int
    dice: int
    accuracy: int
    roll_bonus: int
    damage: int
    hit_chance: Fraction
    targeting: str
    friendly_fire: bool
    eliminations: dict[int, Fraction]
    expected_eliminations: Fraction
    expected_by_type: dict[str, Fraction]
    zone_cleared: Fraction
    friendly_fire_hits: dict[int, Fraction]
    expected_friendly_fire_damage: Fraction
    reroll_chance: Fraction | None
    skills: tuple[str, ...] = ()
    ignored_skills: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    def at_least(self, n: int) -> Fraction:
        """P(at least ``n`` Xenos eliminated)."""
        return sum((p for k, p in self.eliminations.items() if k >= n), Fraction(0))

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "zombicide-invader",
            "weapon": self.weapon,
            "action": self.action,
            "distance": self.distance,
            "dice": self.dice,
            "accuracy": self.accuracy,
            "roll_bonus": self.roll_bonus,
            "damage": self.damage,
            "hit_chance_per_die": frac_json(self.hit_chance),
            "targeting": self.targeting,
            "friendly_fire": self.friendly_fire,
            "eliminations": {str(k): frac_json(p) for k, p in sorted(self.eliminations.items())},
            "expected_eliminations": frac_json(self.expected_eliminations),
            "expected_by_type": {k: frac_json(p) for k, p in self.expected_by_type.items()},
            "zone_cleared": frac_json(self.zone_cleared),
            "friendly_fire_hits": {str(k): frac_json(p) for k, p in sorted(self.friendly_fire_hits.items())},
            "expected_friendly_fire_damage": frac_json(self.expected_friendly_fire_damage),
            "reroll_chance": None if self.reroll_chance is None else frac_json(self.reroll_chance),
            "skills": list(self.skills),
            "ignored_skills": list(self.ignored_skills),
            "notes": list(self.notes),
        }


def _distance(weapon: WeaponStats, zone: Zone, point_blank: bool, extra_range: int) -> tuple[int, list[str]]:
    notes: list[str] = []
    if weapon.melee:
        if zone.distance not in (None, 0):
            raise OddsError(f"{weapon.name} is a melee weapon: it attacks the Survivor's own Zone only (rulebook lines 1748-1749), not {zone.distance} Zones away")
        return 0, notes
    if weapon.range_min is None or weapon.range_max is None:
        notes.append(f"{weapon.name}: range not stated on the card, so not checked")
        if zone.distance is None:
            notes.append("distance not given: assumed 0 (the Survivor's own Zone)")
            return 0, notes
        return zone.distance, notes
    rmax = weapon.range_max + extra_range
    d = zone.distance
    if d is None:
        d = weapon.range_min
        notes.append(f"distance not given: assumed {d} (the weapon's minimum range)")
    if d > rmax:
        raise OddsError(f"{weapon.name} has range {weapon.range_min}-{rmax}: it cannot shoot {d} Zones away (rulebook lines 1780-1790)")
    if d < weapon.range_min and not (d == 0 and point_blank):
        raise OddsError(f"{weapon.name} has minimum range {weapon.range_min}: it cannot shoot {d} Zones away (rulebook lines 1783-1786; Point-blank allows the own Zone)")
    return d, notes


def zombicide_odds(
    weapon: WeaponStats,
    zone: Zone,
    skills: list[str] | tuple[str, ...] = (),
    *,
    paired: bool = False,
    concentrate: str | None = None,
) -> EliminationOdds:
    """Exact odds of one Action with ``weapon`` at ``zone``.

    ``paired``: the Survivor holds two of this weapon and fires both with the one Action (Dual,
    lines 1708-1711); it needs the Dual symbol (or Ambidextrous/Blademaster). ``concentrate``:
    the Xeno type to Concentrate Fire on (lines 1898-1911), e.g. ``"tank"``.
    """
    if not isinstance(weapon, WeaponStats):
        raise OddsError(f"weapon must be a WeaponStats, got {type(weapon).__name__}")
    if not isinstance(zone, Zone):
        raise OddsError(f"zone must be a Zone, got {type(zone).__name__}")
    eff = resolve_skills(skills, weapon.kind, weapon.name)
    notes: list[str] = []
    distance, dnotes = _distance(weapon, zone, eff.point_blank, eff.extra_range)
    notes += dnotes

    if paired and not (weapon.dual or eff.counts_as_dual):
        raise OddsError(f"{weapon.name} has no Dual symbol: two of them cannot fire with one Action (rulebook lines 884-889, 1708-1711)")
    dice = (weapon.dice + eff.extra_dice_per_weapon) * (2 if paired else 1)

    free = weapon.melee or eff.sniper or (eff.point_blank and distance == 0)
    target = check_concentrate_target(zone, concentrate, free) if concentrate is not None else None
    cf_expert = target is not None and eff.concentrate_expert and dice >= 2

    damage = (3 if eff.super_strength else weapon.damage) + eff.extra_damage
    friendly_fire = (
        weapon.ranged
        and zone.survivors > 0
        and not eff.sniper
        and not (eff.point_blank and distance == 0)
        and not cf_expert
    )
    # Friendly Fire uses the Damage before the Concentrate Fire expert bonus (lines 1909-1911).
    ff_damage = damage
    if cf_expert:
        damage += 1

    if target is not None:
        cap = -(-DAMAGE_TO_ELIMINATE[target] // damage)  # hits needed; more change nothing
        targeting = f"concentrate fire on a {target}"
    else:
        cap = zone.xenos
        targeting = "free choice" if free else "priority order"

    by_hits = {h: tuple(allocate(h, zone, damage, free=free, concentrate=target)[x] for x in XENO_TYPES) for h in range(cap + 1)}

    def outcome(hits: int, misses: int) -> tuple[tuple[int, ...], int]:
        return by_hits[hits], (misses if friendly_fire else 0)

    dist, reroll = action_outcomes(
        dice, weapon.accuracy, eff.roll_bonus, eff.roll6, eff.rerolls, cap, outcome, lambda o: sum(o[0])
    )

    elims = remap(dist, lambda o: sum(o[0]))
    ff_hits = remap(dist, lambda o: o[1])
    by_type = {x: expectation(dist, lambda o, i=i: o[0][i]) for i, x in enumerate(XENO_TYPES)}
    cleared = sum((p for o, p in dist.items() if sum(o[0]) == zone.xenos), Fraction(0))

    if eff.roll6:
        notes.append("Roll 6: +1 die counts natural 6s only (a 5 made 6 by '+1 to dice roll' adds no die)")
    if eff.rerolls:
        notes.append("Lucky: re-roll taken when the roll is worth fewer eliminations than a fresh roll on average")
    if eff.roll_bonus and weapon.accuracy - eff.roll_bonus <= 1:
        notes.append("with the dice bonus every die hits (a modified result is at most 6)")
    if target is None and not free and any(zone.count(x) and not (damage >= DAMAGE_TO_ELIMINATE[x]) for x in ("tank", "abomination")):
        notes.append(f"a Damage {damage} weapon cannot eliminate the Tank/Abomination that the Targeting Priority Order hits first (lines 1860-1866)")

    return EliminationOdds(
        weapon=weapon.name,
        action=weapon.kind,
        distance=distance,
        dice=dice,
        accuracy=weapon.accuracy,
        roll_bonus=eff.roll_bonus,
        damage=damage,
        hit_chance=hit_chance(weapon.accuracy, eff.roll_bonus),
        targeting=targeting,
        friendly_fire=friendly_fire,
        eliminations=dict(sorted(elims.items())),
        expected_eliminations=expectation(elims),
        expected_by_type=by_type,
        zone_cleared=cleared if zone.xenos else Fraction(1),
        friendly_fire_hits=dict(sorted(ff_hits.items())),
        expected_friendly_fire_damage=expectation(ff_hits) * ff_damage,
        reroll_chance=reroll if eff.rerolls else None,
        skills=eff.applied,
        ignored_skills=eff.ignored,
        notes=tuple(notes),
    )
