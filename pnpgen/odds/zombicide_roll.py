"""Zombicide: Invader: the dice of one Action, exactly: base roll, Lucky re-roll, Roll 6 extra dice.

Rule text (``003_ada9705b43fae874.txt``, 1-based lines):

- A die "that equals or exceeds the Accuracy number ... scores a successful hit" (1718-1720).
- ``+1 to dice roll`` adds 1 to each die, "The maximum result is always 6" (2164-2166).
- ``Roll 6: +1 die``: one more die per 6, "Keep on rolling additional dice as long as you keep
  getting 6. Game effects that allow re-rolls must be used before rolling any additional dice"
  (2327-2331). So a re-roll decision sees only the base dice, and each 6 starts a chain of extra
  dice that ends at the first die that is not a 6.
- ``Lucky``: "re-roll once all the dice for each Action ... The new result takes the place of the
  previous one" (2297-2300).

Choices the text leaves open, made here and reported by the caller:

- "each 6 rolled" is read as the die face (a 5 made 6 by ``+1 to dice roll`` does not add a die).
- A re-roll is taken when the kept roll is worth less than a fresh roll on average: the
  ``value`` of a base roll is its expected eliminations, including the Roll 6 dice still to come.
  This is the policy that maximises expected eliminations; ties keep the roll.

Extra dice make the number of hits unbounded, so hits are capped at ``hits_cap`` (the most that
can matter); the tail beyond the cap is summed exactly with the geometric series.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import TypeVar

from pnpgen.odds.dice import convolve, d6_chance, expectation, mixture, multinomial, point, remap

K = TypeVar("K", bound=Hashable)
HitsMisses = tuple[int, int]


def die_chances(accuracy: int, roll_bonus: int) -> tuple[Fraction, Fraction, Fraction]:
    """Chances of (a natural 6, a hit on another face, a miss) for one die."""
    six = Fraction(1, 6)  # 6 is always a hit: Accuracy is at most 6
    hit = d6_chance(lambda f: f < 6 and min(f + roll_bonus, 6) >= accuracy)
    return six, hit, 1 - six - hit


def hit_chance(accuracy: int, roll_bonus: int) -> Fraction:
    """Chance that one die is a success."""
    six, hit, _ = die_chances(accuracy, roll_bonus)
    return six + hit


def _cap_join(cap: int) -> Callable[[HitsMisses, HitsMisses], HitsMisses]:
    return lambda a, b: (min(a[0] + b[0], cap), a[1] + b[1])


def chain_outcomes(accuracy: int, roll_bonus: int, cap: int) -> dict[HitsMisses, Fraction]:
    """(hits capped at ``cap``, misses) of one extra die and every extra die its 6s bring.

    k sixes in a row, then a last die that is not a 6: k hits plus 1 if the last die hits,
    probability six^k * (hit or miss). From k = cap on the hits are ``cap`` whatever the last die
    does, so those chains are summed at once: sum_{k>=cap} six^k = six^cap / (1 - six).
    """
    six, hit, miss = die_chances(accuracy, roll_bonus)
    out: dict[HitsMisses, Fraction] = {}

    def add(key: HitsMisses, p: Fraction) -> None:
        if p:
            out[key] = out.get(key, 0) + p

    for k in range(cap):
        add((min(k + 1, cap), 0), six**k * hit)
        add((k, 1), six**k * miss)
    tail = six**cap / (1 - six)
    add((cap, 0), tail * hit)
    add((cap, 1), tail * miss)
    return out


def action_outcomes(
    dice: int,
    accuracy: int,
    roll_bonus: int,
    roll6: bool,
    rerolls: int,
    hits_cap: int,
    outcome: Callable[[int, int], K],
    value: Callable[[K], Fraction | int],
) -> tuple[dict[K, Fraction], Fraction]:
    """Distribution of ``outcome(hits, misses)`` for one Action, and the chance a re-roll is used.

    ``hits`` is capped at ``hits_cap``; ``misses`` counts every failed die, extra dice included.
    """
    six, hit, miss = die_chances(accuracy, roll_bonus)
    join = _cap_join(hits_cap)
    chain = chain_outcomes(accuracy, roll_bonus, hits_cap) if roll6 else {}
    chains: dict[int, dict[HitsMisses, Fraction]] = {0: point((0, 0))}

    def chains_of(n: int) -> dict[HitsMisses, Fraction]:
        if n not in chains:
            chains[n] = convolve(chains_of(n - 1), chain, join)
        return chains[n]

    # Base roll: (sixes, other hits, misses) -> distribution of outcomes once extra dice are rolled.
    base = multinomial(dice, (six, hit, miss))
    after: dict[tuple[int, ...], dict[K, Fraction]] = {}
    worth: dict[tuple[int, ...], Fraction] = {}
    for counts in base:
        s, h, m = counts
        start = point((min(s + h, hits_cap), m))
        extra = chains_of(s) if roll6 else point((0, 0))
        totals = convolve(start, extra, join)
        after[counts] = remap(totals, lambda hm: outcome(*hm))
        worth[counts] = expectation(after[counts], value)

    dist = mixture((p, after[c]) for c, p in base.items())
    reroll_used = Fraction(0)
    # Built from the last re-roll backwards: with r re-rolls left, keep a roll worth at least a
    # fresh roll that still has r-1 re-rolls. The last pass is the first decision at the table.
    for _ in range(rerolls):
        fresh = expectation(dist, value)
        keep = [(p, after[c]) for c, p in base.items() if worth[c] >= fresh]
        again = sum((p for c, p in base.items() if worth[c] < fresh), Fraction(0))
        dist = mixture(keep + [(again, dist)])
        reroll_used = again
    return dist, reroll_used
