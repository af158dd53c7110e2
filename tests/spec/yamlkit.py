"""Test helper: a loaded YAML value with every line mark spelled out, for exact comparisons
between two ways of reading the same document."""

from __future__ import annotations

from pnpgen.spec import yamlio


def marked(x):
    """Values with every line mark, for an exact comparison."""
    if isinstance(x, yamlio.LocDict):
        return ("map", x.line, dict(x.lines), {k: marked(v) for k, v in x.items()})
    if isinstance(x, yamlio.LocList):
        return ("seq", x.line, list(x.lines), [marked(v) for v in x])
    return (type(x).__name__, x)
