"""Exact discrete distributions: ``dict[outcome, Fraction]`` and the few operations on them.

Everything stays in ``Fraction`` so that results can be compared with hand-worked values
exactly; the outcomes are small (a handful of d6), so enumeration is cheap.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from math import factorial
from typing import TypeVar

K = TypeVar("K", bound=Hashable)
L = TypeVar("L", bound=Hashable)
M = TypeVar("M", bound=Hashable)

ONE = Fraction(1)
FACES = range(1, 7)


def point(outcome: K) -> dict[K, Fraction]:
    """The distribution that is ``outcome`` with certainty."""
    return {outcome: ONE}


def d6_chance(predicate: Callable[[int], bool]) -> Fraction:
    """Chance that one d6 face satisfies ``predicate``."""
    return Fraction(sum(1 for f in FACES if predicate(f)), 6)


def convolve(a: Mapping[K, Fraction], b: Mapping[L, Fraction], join: Callable[[K, L], M]) -> dict[M, Fraction]:
    """Distribution of ``join(x, y)`` for independent ``x ~ a`` and ``y ~ b``."""
    out: dict[M, Fraction] = {}
    for x, px in a.items():
        for y, py in b.items():
            key = join(x, y)
            out[key] = out.get(key, 0) + px * py
    return out


def remap(a: Mapping[K, Fraction], f: Callable[[K], L]) -> dict[L, Fraction]:
    """Distribution of ``f(x)`` for ``x ~ a``."""
    out: dict[L, Fraction] = {}
    for x, px in a.items():
        key = f(x)
        out[key] = out.get(key, 0) + px
    return out


def mixture(parts: Iterable[tuple[Fraction, Mapping[K, Fraction]]]) -> dict[K, Fraction]:
    """``sum(weight * dist)``: the law of an outcome chosen by first picking a part by weight."""
    out: dict[K, Fraction] = {}
    for weight, dist in parts:
        if not weight:
            continue
        for x, px in dist.items():
            out[x] = out.get(x, 0) + weight * px
    return out


def expectation(a: Mapping[K, Fraction], f: Callable[[K], Fraction | int] = lambda x: x) -> Fraction:
    """``E[f(x)]`` for ``x ~ a``, exact."""
    return sum((Fraction(f(x)) * px for x, px in a.items()), Fraction(0))


def multinomial(n: int, probs: tuple[Fraction, ...]) -> dict[tuple[int, ...], Fraction]:
    """Counts of each category over ``n`` independent trials with category chances ``probs``."""
    out: dict[tuple[int, ...], Fraction] = {}

    def walk(prefix: tuple[int, ...], left: int) -> None:
        if len(prefix) == len(probs) - 1:
            counts = prefix + (left,)
            coeff = factorial(n)
            p = ONE
            for c, q in zip(counts, probs):
                coeff //= factorial(c)
                p *= q**c
            if p:
                out[counts] = out.get(counts, 0) + coeff * p
            return
        for c in range(left + 1):
            walk(prefix + (c,), left - c)

    walk((), n)
    return out
