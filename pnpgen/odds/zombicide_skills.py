"""Zombicide: Invader Skills: read skill names and turn them into the effect on one attack.

Rule text: ``003_ada9705b43fae874.txt`` (draft rulebook), chapter "16 SKILLS", lines 2144-2400.
Line numbers below are 1-based lines of that file. "In case of a conflict with the general
rules, the Skill rules have priority" (lines 2146-2147).

Modelled skills and their text:

- ``+1 die: [Combat|Melee|Ranged]`` (lines 2168-2171): "The Survivor's weapons roll an extra
  die ... Dual weapons each gain a die, for a total of +2 dice per Dual Action".
- ``+1 to dice roll: [Combat|Melee|Ranged]`` (lines 2164-2166): "adds 1 to the result of each die
  they roll ... The maximum result is always 6."
- ``Roll 6: +1 die [Combat|Melee|Ranged]`` (lines 2327-2331): "roll an additional die for each 6
  rolled ... Keep on rolling additional dice as long as you keep getting 6. Game effects that allow
  re-rolls must be used before rolling any additional dice for this Skill."
- ``Lucky`` (lines 2297-2300): "re-roll once all the dice for each Action they take. The new
  result takes the place of the previous one."
- ``Point-blank`` (lines 2304-2309): Ranged Actions in their own Zone whatever the minimum Range;
  at Range 0 the Survivor freely chooses the targets; "Friendly Fire is ignored."
- ``Sniper`` (lines 2346-2347): "freely choose the targets of all their Ranged Actions. Friendly
  Fire is ignored."
- ``+1 Damage: [Melee|Ranged]`` (lines 2158-2159), ``+1 Damage with [Equipment]`` (lines 2161-2162),
  ``Super strength`` (lines 2361-2362: Melee weapons have Damage 3), ``Ambidextrous`` (lines
  2187-2188: every weapon counts as Dual), ``Blademaster`` (lines 2193-2194: Melee weapons count as
  Dual), ``Concentrate Fire expert`` (lines 2237-2239: with 2+ dice, Damage +1 and no Friendly
  Fire), ``+1 max Range`` (lines 2180-2181).

Skills that change an attack in ways a single-action calculator cannot know (Reaper, Full auto,
Predator, Escalation, Brother in arms) are refused with a message; skills that do not touch one
attack's odds (movement, search, armour...) are accepted and listed as ignored.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pnpgen.odds.errors import OddsError, unknown_name

ACTION_SCOPES = ("combat", "melee", "ranged")

# Canonical skill -> first/last rulebook line, for messages and notes.
SKILL_LINES: dict[str, tuple[int, int]] = {
    "+1 die": (2168, 2171),
    "+1 to dice roll": (2164, 2166),
    "roll 6: +1 die": (2327, 2331),
    "lucky": (2297, 2300),
    "point-blank": (2304, 2309),
    "sniper": (2346, 2347),
    "+1 damage": (2158, 2159),
    "+1 damage with": (2161, 2162),
    "super strength": (2361, 2362),
    "ambidextrous": (2187, 2188),
    "blademaster": (2193, 2194),
    "concentrate fire expert": (2237, 2239),
    "+1 max range": (2180, 2181),
}

NOT_MODELLED: dict[str, str] = {
    "reaper": "Reaper (lines 2316-2321) lets a hit take an extra identical Xeno; not modelled",
    "full auto": "Full auto (lines 2263-2266) sets the dice to the Xenos in the Zone; give --dice instead",
    "predator": "Predator (lines 2311-2314) sets the dice to the Xenos in the Zone; give --dice instead",
    "escalation": "Escalation (lines 2250-2254) depends on earlier Actions; add its dice as '+1 die' skills",
    "brother in arms": "Brother in arms (lines 2204-2208) grants another skill; list that skill instead",
}

# Skills from chapter 16 that do not change the odds of one attack.
NO_EFFECT = (
    "+1 action", "+1 free combat action", "+1 free machine action", "+1 free melee action",
    "+1 free move action", "+1 free ranged action", "+1 free search action", "+1 zone per move",
    "auto repair", "born leader", "camouflage", "charge", "combat reflexes", "dual expert",
    "enhanced senses", "hit & run", "ironclad", "is that all you've got?", "lifesaver",
    "low profile", "remote control", "scavenger", "search: 2 cards", "shove", "sprint",
    "starts with", "tactician", "taunt", "tough", "unstoppable", "xenos link", "zero-g run",
)

_SCOPED = re.compile(r"^(\+1 die|\+1 to dice roll|roll 6: ?\+1 die|\+1 damage)(?::? ?(combat|melee|ranged))?$")
_DAMAGE_WITH = re.compile(r"^\+1 damage with (.+)$")


def _normal(text: str) -> str:
    t = " ".join(str(text).lower().replace("\u2019", "'").split())
    t = re.sub(r"\s*:\s*", ": ", t).strip()
    t = re.sub(r"\bpoint[ -]?blank\b", "point-blank", t)
    t = re.sub(r"^roll ?6:? ?\+1 ?die", "roll 6: +1 die", t)
    t = re.sub(r"\+ ?1 ", "+1 ", t)
    return t


def _known_names() -> list[str]:
    names = [f"{base}: {scope}" for base in ("+1 die", "+1 to dice roll", "roll 6: +1 die") for scope in ACTION_SCOPES]
    names += ["+1 damage: melee", "+1 damage: ranged", "+1 damage with <equipment>"]
    names += [k for k in SKILL_LINES if k not in ("+1 die", "+1 to dice roll", "roll 6: +1 die", "+1 damage", "+1 damage with")]
    return names + list(NOT_MODELLED) + list(NO_EFFECT)


@dataclass(frozen=True)
class SkillEffects:
    """What the Survivor's skills do to one Melee or Ranged Action with one weapon."""

    extra_dice_per_weapon: int = 0
    roll_bonus: int = 0
    roll6: bool = False
    rerolls: int = 0
    sniper: bool = False
    point_blank: bool = False
    extra_damage: int = 0
    super_strength: bool = False
    counts_as_dual: bool = False
    concentrate_expert: bool = False
    extra_range: int = 0
    applied: tuple[str, ...] = ()
    ignored: tuple[str, ...] = field(default=())


def _applies(scope: str | None, action: str) -> bool:
    return scope in (None, "combat", action)


# Unscoped skills that work for one action type only (``action`` is "melee" or "ranged"), with
# the restriction as the skill descriptions word it; on the other type they are ignored.
_ONE_ACTION_TYPE = {
    "point-blank": ("ranged", "Ranged Actions only"),
    "sniper": ("ranged", "Ranged Actions only"),
    "super strength": ("melee", "Melee weapons only"),
    "blademaster": ("melee", "Melee weapons only"),
    "+1 max range": ("ranged", "Ranged weapons only"),
}


def resolve_skills(skills: list[str] | tuple[str, ...], action: str, weapon_name: str = "") -> SkillEffects:
    """Read skill names (case and spacing free) and return their effect on one ``action``.

    ``action`` is ``"melee"`` or ``"ranged"``. A scoped skill of the other action type (e.g.
    ``+1 die: Melee`` on a Ranged Action) has no effect and is listed in ``ignored``.
    """
    if isinstance(skills, str):
        raise OddsError(f"skills must be a list of names, got the single string {skills!r}")
    eff: dict[str, object] = {}
    extra_dice = roll_bonus = extra_damage = extra_range = 0
    applied: list[str] = []
    ignored: list[str] = []
    seen: set[str] = set()
    for raw in skills:
        name = _normal(raw)
        if not name:
            raise OddsError("empty skill name")
        if name in seen:
            raise OddsError(f"skill {raw!r} is listed twice")
        seen.add(name)
        m = _SCOPED.match(name)
        if m:
            base, scope = m.group(1), m.group(2)
            if base == "+1 damage" and scope == "combat":
                raise OddsError("'+1 Damage' takes Melee or Ranged, not Combat (rulebook lines 2158-2159)")
            if not _applies(scope, action):
                ignored.append(f"{raw} (not a {action} skill)")
                continue
            applied.append(name)
            if base == "+1 die":
                extra_dice += 1
            elif base == "+1 to dice roll":
                roll_bonus += 1
            elif base.startswith("roll 6"):
                if eff.get("roll6"):
                    raise OddsError(f"two 'Roll 6: +1 die' skills apply to this {action} action; list one")
                eff["roll6"] = True
            else:
                extra_damage += 1
            continue
        m = _DAMAGE_WITH.match(name)
        if m:
            if m.group(1) == _normal(weapon_name):
                applied.append(name)
                extra_damage += 1
            else:
                ignored.append(f"{raw} (weapon is {weapon_name!r})")
            continue
        only = _ONE_ACTION_TYPE.get(name)
        if only and only[0] != action:
            ignored.append(f"{raw} ({only[1]})")
            continue
        if name == "lucky":
            eff["rerolls"] = 1
        elif name == "point-blank":
            eff["point_blank"] = True
        elif name == "sniper":
            eff["sniper"] = True
        elif name == "super strength":
            eff["super_strength"] = True
        elif name in ("ambidextrous", "blademaster"):
            eff["counts_as_dual"] = True
        elif name == "concentrate fire expert":
            eff["concentrate_expert"] = True
        elif name == "+1 max range":
            extra_range += 1
        elif any(name == k or name.startswith(k + " ") or name.startswith(k + ":") for k in NOT_MODELLED):
            key = next(k for k in NOT_MODELLED if name == k or name.startswith(k))
            raise OddsError(f"skill {raw!r}: {NOT_MODELLED[key]}")
        elif any(name == k or name.startswith(k + ":") or name.startswith(k + " ") for k in NO_EFFECT):
            ignored.append(f"{raw} (does not change one attack's odds)")
            continue
        else:
            raise unknown_name("skill", str(raw), _known_names())
        applied.append(name)
    return SkillEffects(
        extra_dice_per_weapon=extra_dice,
        roll_bonus=roll_bonus,
        extra_damage=extra_damage,
        extra_range=extra_range,
        applied=tuple(applied),
        ignored=tuple(ignored),
        **eff,  # type: ignore[arg-type]
    )
