"""Odds reference cards as data: the tables a player looks up at the table, per game.

Pure data, no drawing: ``reference_cards(game)`` gives double-sided ``OddsCard`` values whose
``Panel`` sides hold ``Table`` rows (label -> exact ``Fraction`` values) computed by the
calculators in this package (``zombicide_odds``, ``derelict_odds``) -- never by a second
formula, so the card cannot disagree with ``pnpgen odds``. ``pnpgen.render.oddscard`` draws them;
``percent_text``/``fraction_text`` are the one place their numbers become text.

Zombicide: Invader: only weapons whose dice, accuracy and damage the draft rulebook states get
odds; the others are listed by name with what is missing (nothing is invented). Derelict: every
rule modifier a player meets, one at a time, and elimination chances by HP and attacks.
Games without a calculator have no odds card (``reference_cards`` returns ``()``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pnpgen.odds.derelict import derelict_odds
from pnpgen.odds.errors import OddsError
from pnpgen.odds.zombicide import WeaponStats, zombicide_odds
from pnpgen.odds.zombicide_targets import Zone

CHANCE = "chance"  # a probability: printed as a percentage
MEAN = "mean"  # an expected count: printed as a decimal


@dataclass(frozen=True)
class Row:
    """One line of a table: ``values`` line up with the table's columns; ``None`` = cannot happen
    for this row (e.g. 2 hits from 1 die), printed as a dash."""

    label: str
    values: tuple[Fraction | None, ...]
    detail: str = ""  # a second, smaller line under the label (e.g. the roll needed)


@dataclass(frozen=True)
class Table:
    title: str
    columns: tuple[str, ...]
    kinds: tuple[str, ...]  # CHANCE or MEAN per column
    rows: tuple[Row, ...]

    def value(self, label: str, column: str) -> Fraction | None:
        """The value at (row ``label``, ``column``); KeyError if there is no such cell."""
        col = self.columns.index(column)
        for row in self.rows:
            if row.label == label:
                return row.values[col]
        raise KeyError(label)

    def as_dict(self) -> dict[str, dict[str, Fraction | None]]:
        return {r.label: dict(zip(self.columns, r.values)) for r in self.rows}


@dataclass(frozen=True)
class Panel:
    """One side of a reference card: a title, tables top to bottom, then notes (running text,
    ``**bold**`` allowed)."""

    title: str
    subtitle: str
    tables: tuple[Table, ...]
    notes: tuple[str, ...] = ()

    def table(self, title: str) -> Table:
        for t in self.tables:
            if t.title == title:
                return t
        raise KeyError(title)


@dataclass(frozen=True)
class OddsCard:
    front: Panel
    back: Panel


# -- number text -----------------------------------------------------------------------------

SHORT_FRACTION = 9  # characters: "1295/1296" is the longest a 4-dice roll can need


def _decimal(x: Fraction, places: int) -> str:
    """``x`` rounded half up at ``places`` decimals, exactly (no float: 5/16 is 31.3%, not 31.2%)."""
    scaled = math.floor(x * 10**places + Fraction(1, 2))
    whole, frac = divmod(scaled, 10**places)
    return f"{whole}.{frac:0{places}d}" if places else str(whole)


def percent_text(p: Fraction) -> str:
    """'50%', '30.6%', '<0.1%', '>99.9%': one decimal, never rounding a possible event to 0 or 100."""
    p = Fraction(p)
    if p == 0:
        return "0%"
    if p == 1:
        return "100%"
    if p < Fraction(1, 2000):
        return "<0.1%"
    if p > 1 - Fraction(1, 2000):
        return ">99.9%"
    text = _decimal(p * 100, 1)
    return (text[:-2] if text.endswith(".0") else text) + "%"


def mean_text(x: Fraction) -> str:
    return _decimal(Fraction(x), 2)


def fraction_text(p: Fraction) -> str:
    """The exact fraction when it is short enough to read at a glance, else ''."""
    p = Fraction(p)
    if p.denominator == 1:
        return ""  # 0 and 1 (and whole means) say it all already
    text = f"{p.numerator}/{p.denominator}"
    return text if len(text) <= SHORT_FRACTION else ""


def value_text(value: Fraction | None, kind: str) -> tuple[str, str]:
    """(main text, exact fraction or '') for one cell; a dash for a row where it cannot happen."""
    if value is None:
        return "—", ""
    main = percent_text(value) if kind == CHANCE else mean_text(value)
    return main, fraction_text(value)


# -- Zombicide: Invader ----------------------------------------------------------------------

ZOMBICIDE_ZONES: tuple[tuple[str, Zone], ...] = (
    ("1 Worker", Zone(workers=1)),
    ("2 Workers", Zone(workers=2)),
    ("3 Workers", Zone(workers=3)),
    ("1 Hunter", Zone(hunters=1)),
    ("1 Tank", Zone(tanks=1)),
    ("Tank + 2 Workers", Zone(tanks=1, workers=2)),
    ("1 Abomination", Zone(abominations=1)),
)
DICE_COUNTS = (1, 2, 3, 4)
ACCURACIES = (3, 4, 5, 6)
HIT_COUNTS = (1, 2, 3)
WEAPON_CATEGORIES = ("weapon", "machine")  # machines attack like Ranged weapons (lines 1880-1887)
ATTACK_STATS = ("dice", "accuracy", "damage")


@dataclass(frozen=True)
class MissingStats:
    name: str
    missing: tuple[str, ...]  # which of dice/accuracy/damage the rulebook does not state

    def __str__(self) -> str:
        return f"{self.name} ({', '.join(self.missing)})"


def zombicide_weapons(cards: Iterable[Any]) -> tuple[tuple[WeaponStats, ...], tuple[MissingStats, ...]]:
    """Weapons (and Machines) of the spec split into those with full attack stats, as
    ``WeaponStats``, and those the draft rulebook leaves incomplete, with what is missing.
    Cards with the same name and stats appear once."""
    complete: dict[str, WeaponStats] = {}
    missing: dict[str, MissingStats] = {}
    for card in cards:
        fields = dict(getattr(card, "fields", card) or {})
        if fields.get("category") not in WEAPON_CATEGORIES and fields.get("dice") is None:
            continue
        name = str(getattr(card, "name", None) or fields.get("name"))
        gaps = tuple(k for k in ATTACK_STATS if fields.get(k) is None)
        if not gaps and fields.get("weapon_type") is None:
            gaps = ("melee or ranged",)
        if gaps:
            missing.setdefault(name, MissingStats(name, gaps))
            continue
        try:
            complete.setdefault(name, WeaponStats.from_card(card))
        except OddsError as exc:  # stated but unusable values: list them rather than guess
            missing.setdefault(name, MissingStats(name, (str(exc),)))
    return tuple(complete.values()), tuple(missing.values())


def _weapon_title(w: WeaponStats) -> str:
    rng = "" if w.range_min is None or w.range_max is None else f" · Range {w.range_min}-{w.range_max}"
    return f"{w.name} · {w.kind} · {w.dice} dice · {w.accuracy}+ · Damage {w.damage}{rng}"


def weapon_table(weapon: WeaponStats) -> Table:
    """One Action of ``weapon`` at each common Zone: P(Zone cleared), expected eliminations."""
    rows = []
    for label, zone in ZOMBICIDE_ZONES:
        odds = zombicide_odds(weapon, zone)
        rows.append(Row(label, (odds.zone_cleared, odds.expected_eliminations)))
    return Table(_weapon_title(weapon), ("cleared", "avg. kills"), (CHANCE, MEAN), tuple(rows))


def hits_table(accuracy: int) -> Table:
    """P(at least 1, 2, 3 hits) for 1-4 dice at ``accuracy``+: the calculator with a plain
    Damage 1 melee weapon against 3 Workers, where eliminations = hits up to 3."""
    rows = []
    for n in DICE_COUNTS:
        odds = zombicide_odds(WeaponStats(f"{n} dice {accuracy}+", n, accuracy, 1, kind="melee"), Zone(workers=3))
        rows.append(Row(f"{n} {'die' if n == 1 else 'dice'}", tuple(odds.at_least(k) if k <= n else None for k in HIT_COUNTS)))
    per_die = Fraction(7 - accuracy, 6)
    return Table(f"Accuracy {accuracy}+ (each die {per_die.numerator}/{per_die.denominator})",
                 tuple(f"{k}+ hit{'s' if k > 1 else ''}" for k in HIT_COUNTS), (CHANCE,) * len(HIT_COUNTS), tuple(rows))


def zombicide_card(cards: Iterable[Any]) -> OddsCard:
    complete, missing = zombicide_weapons(cards)
    notes = [
        "One Action, no Skills, no Survivors in the target Zone. Ranged hits follow the "
        "Targeting Priority Order: Tank or Abomination, then Workers, then Hunters; Damage 1 "
        "cannot hurt a Tank, Damage 2 cannot hurt an Abomination, and they soak up the hits.",
    ]
    if any(w.range_min is None or w.range_max is None for w in complete):
        notes.append("Range not stated on the card: the Zone is taken to be in range.")
    if missing:
        notes.append("**Stats not in the draft rulebook** (no odds): " + "; ".join(str(m) for m in missing) + ".")
    front = Panel("Weapon odds", "Zombicide: Invader · one Action", tuple(weapon_table(w) for w in complete), tuple(notes))
    back = Panel(
        "Dice odds", "Chance of at least N hits",
        tuple(hits_table(a) for a in ACCURACIES),
        ("A die hits on its Accuracy or more; a 6 always hits. Two Dual weapons roll both "
         "weapons' dice (e.g. 2 + 2 = 4 dice).",),
    )
    return OddsCard(front, back)


# -- Derelict --------------------------------------------------------------------------------

# (label, modifiers) for the attacks a player meets, one rule at a time.
DERELICT_ATTACKS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("No modifiers", ()),
    ("Blind attacker", ("blind",)),
    ("Aim token", ("aim",)),
    ("Target in Stealth", ("stealth",)),
    ("Target Defends", ("defend",)),
    ("Heavy target", ("heavy",)),
    ("Drone attacking", ("drone",)),
    ("Threat reaction", ("reaction",)),
    ("Barricade", ("barricade",)),
)
# Combinations that come up in play (modifiers add up, rules line 96).
DERELICT_COMBOS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Aim vs Heavy", ("aim", "heavy")),
    ("Aim vs Stealth", ("aim", "stealth")),
    ("Blind vs Stealth", ("blind", "stealth")),
    ("Blind vs Defend", ("blind", "defend")),
    ("Drone vs Stealth", ("drone", "stealth")),
    ("Reaction vs Heavy", ("reaction", "heavy")),
)
# (label, modifiers) for the elimination tables on the back.
DERELICT_TARGETS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("No modifiers", ()),
    ("Target in Stealth", ("stealth",)),
    ("Target Defends (Threat discards)", ("defend",)),
    ("Heavy target", ("heavy",)),
)
SQUAD_HP = (1, 2, 3, 4)
ATTACKS = (1, 2, 3)


def _roll_needed(modifier: int, crit_threshold: int | None) -> str:
    """'roll -2: hit 5+, crit on 6': the natural roll needed, from the modified thresholds."""
    hit = 3 - modifier  # a modified 3+ hits (rules line 96)
    hit_text = "hit on 6 only" if hit >= 6 else ("every roll hits" if hit <= 1 else f"hit {hit}+")
    if crit_threshold is None:
        crit_text = "no crits"
    else:
        crit = crit_threshold - modifier
        crit_text = "crit on 6" if crit >= 6 else f"crit {crit}+"
    return (f"roll {modifier:+d}: " if modifier else "") + f"{hit_text}, {crit_text}"


def attack_table(title: str = "One attack roll", attacks: tuple[tuple[str, tuple[str, ...]], ...] = DERELICT_ATTACKS) -> Table:
    rows = []
    for label, mods in attacks:
        o = derelict_odds(mods)
        rows.append(Row(label, (o.hit, o.critical, o.expected_damage_per_attack), _roll_needed(o.modifier, o.crit_threshold)))
    return Table(title, ("hit (1)", "crit (2)", "avg. dmg"), (CHANCE, CHANCE, MEAN), tuple(rows))


def elimination_table(label: str, mods: tuple[str, ...]) -> Table:
    rows = []
    for hp in SQUAD_HP:
        o = derelict_odds(mods, target_hp=hp, attacks=max(ATTACKS))
        rows.append(Row(f"{hp} HP", tuple(o.eliminated_by_attack[a - 1] for a in ATTACKS)))
    columns = tuple("1 attack" if a == 1 else f"≤ {a} attacks" for a in ATTACKS)
    return Table(label, columns, (CHANCE,) * len(ATTACKS), tuple(rows))


def derelict_card() -> OddsCard:
    front = Panel(
        "Attack odds", "Derelict · one attack roll",
        (attack_table(), attack_table("Combined modifiers", DERELICT_COMBOS)),
        ("A modified roll of 3+ hits for 1 damage; a final 6 (or any natural 6) is a critical "
         "for 2. Modifiers add up: combine rows by adding their roll changes.",
         "Aim: crit on a modified 5+. Threat reaction: cannot crit. Barricade: any hit removes it."),
    )
    back = Panel(
        "Eliminate a Squad", "Derelict · chance within N attacks",
        tuple(elimination_table(label, mods) for label, mods in DERELICT_TARGETS),
        ("Stealth is removed by the first hit. A Defending Threat Squad discards its token to "
         "cancel a critical or lethal damage, then loses the -1.",),
    )
    return OddsCard(front, back)


# -- per game --------------------------------------------------------------------------------

def reference_cards(game: Any) -> tuple[OddsCard, ...]:
    """The odds cards of ``game`` (a spec ``Game``), or ``()`` for a game without a calculator."""
    if game.id == "zombicide-invader":
        return (zombicide_card(game.cards),)
    if game.id == "derelict":
        return (derelict_card(),)
    return ()
