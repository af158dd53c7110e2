"""The one error type of the odds calculators, and the did-you-mean helper its messages use."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


class OddsError(ValueError):
    """Bad input to a calculator (unknown name, negative count, impossible combination).

    The message is a single line that says what was wrong and, for names, what was meant.
    """


def unknown_name(kind: str, given: str, known: Iterable[str]) -> OddsError:
    """An ``OddsError`` for an unknown weapon/skill/modifier, suggesting the closest known names."""
    choices = sorted(set(known))
    close = difflib.get_close_matches(given.lower(), [c.lower() for c in choices], n=3, cutoff=0.5)
    # Map the lower-cased matches back to their spelling in the known list.
    spelled = [next(c for c in choices if c.lower() == m) for m in close]
    hint = f"; did you mean {' or '.join(repr(s) for s in spelled)}?" if spelled else ""
    # Short lists are spelled out; long ones (skills) would drown the message.
    listing = f" (known: {', '.join(choices)})" if len(choices) <= 12 else ""
    return OddsError(f"unknown {kind} {given!r}{hint}{listing}")


def require_count(name: str, value: object, minimum: int = 0, maximum: str = "odds_count") -> int:
    """Return ``value`` if it is an int >= ``minimum`` and within the limit named ``maximum``
    (:mod:`pnpgen.limits`, so no input makes the exact calculation run for hours); otherwise
    raise a one-line ``OddsError``."""
    from pnpgen.limits import env_name, limit

    if isinstance(value, bool) or not isinstance(value, int):
        raise OddsError(f"{name} must be a whole number, got {value!r}")
    if value < minimum:
        what = "negative" if minimum == 0 else f"less than {minimum}"
        raise OddsError(f"{name} must not be {what}, got {value}")
    if value > limit(maximum):
        raise OddsError(f"{name} must be at most {limit(maximum):,}, got {value if value < 10**15 else 'more'} "
                        f"(raise {env_name(maximum)} if you really need more)")
    return value
