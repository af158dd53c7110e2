"""Zombicide: Invader: which Xenos a given number of hits eliminates (no dice here).

Rule text: ``003_ada9705b43fae874.txt`` (draft rulebook), chapter "10 COMBAT". Lines are 1-based.

- Damage needed (lines 1063-1103, 1460-1464, 1728-1735): Worker 1, Tank 2, Hunter 1, Spoiler
  Abomination 3. "Damage 1 has no effect on [Tanks], no matter the amount of times a Survivor hits
  them" (1728-1730); Damage does not add up over hits (876-877) except under Concentrate Fire.
- One hit, one target (1722-1725): "Each hit inflicts the amount of Damage ... to a single target.
  If all targets get eliminated, extra hits are lost."
- Melee: "The player divides their hits as they wish among the possible targets" (1751-1752).
- Ranged: Targeting Priority Order (1832-1845): "1- Tank or Abomination (the shooter chooses),
  2- Worker, 3- Hunter. The hits are assigned to targets of the lowest Priority until they have
  all been eliminated, then to targets of the next Priority Level". A Tank or Abomination the
  weapon cannot hurt therefore shields everything behind it (note at 1860-1866).
- Sniper (2346-2347) and Point-blank at Range 0 (2304-2309): the shooter chooses targets freely.
- Concentrate Fire (1898-1911): one target designated before rolling, Damage x hits; "Ranged
  Concentrated Fire keeps the Targeting Priority rules" -- the designated target must be one the
  priority order would hit first.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnpgen.odds.errors import OddsError, require_count, unknown_name

XENO_TYPES = ("tank", "abomination", "worker", "hunter")
DAMAGE_TO_ELIMINATE = {"worker": 1, "tank": 2, "hunter": 1, "abomination": 3}
# Priority groups for Ranged Actions (lines 1837-1839); group 1 is the shooter's choice.
PRIORITY_GROUPS = (("tank", "abomination"), ("worker",), ("hunter",))
# Order used when the shooter chooses freely: the most dangerous killable Xeno first (damage
# dealt 3/2/1, Hunters have 2 Actions, lines 1069-1104). It only changes the per-type split,
# never the number eliminated.
FREE_ORDER = ("abomination", "tank", "hunter", "worker")
_ALIASES = {
    "tanks": "tank", "abominations": "abomination", "spoiler abomination": "abomination",
    "spoiler abominations": "abomination", "spoiler": "abomination", "workers": "worker",
    "hunters": "hunter",
}


@dataclass(frozen=True)
class Zone:
    """The target Zone: Xenos by type, other Survivors in it, and its distance from the shooter.

    ``survivors`` counts Survivors other than the shooter ("A Survivor can't hit themselves",
    line 1880); they take Friendly Fire from missed Ranged dice. ``distance`` is in Zones
    (0 = the shooter's own Zone); ``None`` means the closest Zone the weapon may shoot at.
    """

    workers: int = 0
    tanks: int = 0
    hunters: int = 0
    abominations: int = 0
    survivors: int = 0
    distance: int | None = None

    def __post_init__(self) -> None:
        for name in ("workers", "tanks", "hunters", "abominations", "survivors"):
            require_count(f"zone {name}", getattr(self, name))
        if self.distance is not None:
            require_count("zone distance", self.distance)

    def count(self, xeno: str) -> int:
        return {"worker": self.workers, "tank": self.tanks, "hunter": self.hunters,
                "abomination": self.abominations}[xeno]

    @property
    def xenos(self) -> int:
        return self.workers + self.tanks + self.hunters + self.abominations


def xeno_type(name: str) -> str:
    """Canonical Xeno type for a user-written name ('Tanks', 'Spoiler Abomination'...)."""
    key = " ".join(str(name).lower().split())
    key = _ALIASES.get(key, key)
    if key not in DAMAGE_TO_ELIMINATE:
        raise unknown_name("Xeno type", str(name), XENO_TYPES)
    return key


def killable(xeno: str, damage: int) -> bool:
    return damage >= DAMAGE_TO_ELIMINATE[xeno]


def allowed_concentrate_targets(zone: Zone, free: bool) -> tuple[str, ...]:
    """Xeno types a Concentrate Fire may designate: any present one, or the first priority group."""
    present = tuple(x for x in XENO_TYPES if zone.count(x))
    if free:
        return present
    for group in PRIORITY_GROUPS:
        first = tuple(x for x in group if zone.count(x))
        if first:
            return first
    return ()


def check_concentrate_target(zone: Zone, target: str, free: bool) -> str:
    """Validate a Concentrate Fire target for this Zone; return its canonical type."""
    xeno = xeno_type(target)
    if not zone.count(xeno):
        raise OddsError(f"cannot Concentrate Fire on a {xeno}: the target Zone has none")
    allowed = allowed_concentrate_targets(zone, free)
    if xeno not in allowed:
        raise OddsError(
            f"Ranged Concentrate Fire keeps the Targeting Priority Order (rulebook lines 1908-1909): "
            f"target a {' or '.join(allowed)} first, not a {xeno}"
        )
    return xeno


def allocate(hits: int, zone: Zone, damage: int, *, free: bool, concentrate: str | None = None) -> dict[str, int]:
    """Xenos eliminated by ``hits`` successes of one Action, by type (types with 0 included).

    ``free``: the attacker chooses targets (Melee, Sniper, Point-blank at Range 0); otherwise the
    Ranged Targeting Priority Order applies. ``concentrate``: the designated Concentrate Fire target
    type (already validated), eliminated when ``damage * hits`` reaches its threshold.
    """
    out = {x: 0 for x in XENO_TYPES}
    if hits <= 0:
        return out
    if concentrate is not None:
        if zone.count(concentrate) and damage * hits >= DAMAGE_TO_ELIMINATE[concentrate]:
            out[concentrate] = 1
        return out
    left = hits
    if free:
        for xeno in FREE_ORDER:
            if killable(xeno, damage):
                take = min(left, zone.count(xeno))
                out[xeno] = take
                left -= take
        return out
    for group in PRIORITY_GROUPS:
        # Within a group the shooter chooses: the ones this weapon can eliminate go first.
        for xeno in sorted(group, key=lambda x: not killable(x, damage)):
            n = zone.count(xeno)
            if not n:
                continue
            if not killable(xeno, damage):
                return out  # it soaks up every remaining hit (lines 1841-1843, 1860-1866)
            take = min(left, n)
            out[xeno] = take
            left -= take
            if take < n or not left:
                return out
    return out
