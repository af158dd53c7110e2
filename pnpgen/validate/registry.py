"""The check registry: ``@check(code, title)`` adds a check; ``registered()`` lists those added so far.

``pnpgen.validate.checks.all_checks()`` imports every check module first and is what runs use."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pnpgen.validate.context import CheckContext
from pnpgen.validate.findings import Finding

CheckFn = Callable[[CheckContext], list[Finding]]


@dataclass(frozen=True)
class Check:
    code: str
    title: str
    run: CheckFn
    # Keys of ``CheckContext.memo`` the check reads (results several checks share): a run drops
    # each one after the last check that reads it, so a large deck does not keep it to the end.
    shares: tuple[str, ...] = ()


_CHECKS: dict[str, Check] = {}


def check(code: str, title: str, shares: tuple[str, ...] = ()) -> Callable[[CheckFn], CheckFn]:
    def register(fn: CheckFn) -> CheckFn:
        if code in _CHECKS:
            raise ValueError(f"check code {code} registered twice")
        _CHECKS[code] = Check(code, title, fn, shares)
        return fn

    return register


def registered() -> list[Check]:
    """The checks registered so far, in code order."""
    return [_CHECKS[k] for k in sorted(_CHECKS)]
