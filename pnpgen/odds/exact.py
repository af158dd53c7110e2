"""Exact probabilities as JSON values: the fraction as text and as a float.

Below the calculators and the report forms, so both can use it: the calculators' ``to_dict``
and ``report``'s tables import it, and ``report`` imports the calculators' result types.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any


def frac_json(p: Fraction) -> dict[str, Any]:
    """A probability as JSON: the exact fraction as text ("1/2") and a float."""
    p = Fraction(p)
    return {"exact": f"{p.numerator}/{p.denominator}", "float": float(p)}
