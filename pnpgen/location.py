"""``Location``: the file and line a value was written at, for spec cards, templates and their errors.

It lives below both ``pnpgen.spec`` and ``pnpgen.template`` (it imports nothing of pnpgen), so
the two share one type: a template error and a card's field point at places the same way.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Location:
    """Where a value was written: file and 1-based line (line 0 when unknown)."""

    file: str
    line: int = 0

    def __str__(self) -> str:
        return f"{self.file}:{self.line}" if self.line else self.file
