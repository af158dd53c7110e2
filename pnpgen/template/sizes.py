"""The size of what a filter, a ``str`` method, ``%`` or ``str.format`` would make, known before it is made.

Each check takes the arguments a template passed and refuses (:class:`LimitError`) when the
result would be longer than one value may be (``jinja_output``): ``replace`` from how often the
old text occurs, ``join`` from its items, widths and counts from their numbers, ``%`` and
``format`` from their fields. Sizes that follow from the input alone (``upper``, ``sort``) are
measured after, by the caller; these are the ones where a short input can ask for a huge output.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from pnpgen.template.budget import LimitError, check_value, current, over, printed_size


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def width(n: Any, what: str = "a width or count argument") -> int:
    """A width, count or size argument: refused beyond one value's size; 0 when not a number."""
    if _is_int(n):
        if abs(n) > current().value_cap:
            raise over("jinja_output", what, abs(n))
        return max(n, 0)
    return 0


def text(value: Any) -> str:
    """``str(value)``, refused before it is made when it would be too long (a big list's repr)."""
    if isinstance(value, str):
        return value
    check_value(printed_size(value), "the text of a value")
    return str(value)


def replaced(s: str, old: str, new: str, count: Any = -1) -> None:
    times = s.count(old)  # '' occurs len(s) + 1 times, as str.replace inserts it
    if _is_int(count) and count >= 0:
        times = min(times, count)
    check_value(len(s) + times * (len(new) - len(old)), "the text replace would make")


def joined(sep: str, items: list[Any]) -> list[Any]:
    """Checks ``sep.join(items)``; returns the items (a generator read into a list) to join."""
    cap = current().value_cap
    total = max(len(items) - 1, 0) * len(sep)
    if total > cap:
        raise over("jinja_output", "the text join would make", total)
    for item in items:
        total += printed_size(item, cap)
        if total > cap:
            raise over("jinja_output", "the text join would make", total)


# A printf field: optional (key), flags, width, precision.
_PERCENT = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?")


def percent(fmt: str, values: Any) -> None:
    """``fmt % values``: the pattern, every field's width and precision, every value's text."""
    args = values.values() if isinstance(values, Mapping) else values if isinstance(values, tuple) else (values,)
    stars = sum(width(a) for a in args if _is_int(a))  # a '*' takes its width from the values
    total = len(fmt)
    for m in _PERCENT.finditer(fmt):
        for g in m.groups():
            if g == "*":
                total += stars
            elif g:
                total += width(int(g[:12]), "a format width")
    check_value(total + sum(printed_size(a) for a in args), "the text % formatting would make")


def format_field(value: Any, spec: str) -> None:
    """One ``{…:spec}`` field of ``str.format``, after nested fields are filled in."""
    total = printed_size(value)
    for n in re.findall(r"\d+", spec):
        total += width(int(n[:12]), "a format width")
    check_value(total, "a formatted field")


def indented(s: str, by: Any) -> None:
    step = len(by) if isinstance(by, str) else width(by)
    check_value(len(s) + (s.count("\n") + 1) * step, "the text indent would make")


def wrapped(s: str, at: Any, wrapstring: Any) -> None:
    sep = len(wrapstring) if isinstance(wrapstring, str) else 1
    lines = min(len(s) + 1, len(s) // max(width(at), 1) + s.count(" ") + s.count("\n") + 1)
    check_value(len(s) + lines * sep, "the text wordwrap would make")


def translated(s: str, table: Any) -> None:
    if isinstance(table, Mapping):
        outs: Iterable[Any] = table.values()
    elif isinstance(table, (str, list, tuple)):
        outs = table
    else:
        raise LimitError("translate takes a dict, list or text as its table in a template")
    longest = max((len(v) for v in outs if isinstance(v, str)), default=1)
    check_value(len(s) * max(longest, 1), "the text translate would make")


def tabs_expanded(s: str, size: Any = 8) -> None:
    check_value(len(s) + s.count("\t") * width(size), "the text expandtabs would make")


def padded(s: str, to: Any, *_rest: Any) -> None:
    width(to)


def _join_method(s: str, items: Any = (), *rest: Any) -> tuple[Any, ...]:
    return (joined(s, list(items)), *rest)


# str methods whose output a short call can make huge: name -> check(self, *args), which may
# return the arguments to call with instead (join reads a generator into a list to measure it).
STR_METHODS: dict[str, Callable[..., tuple[Any, ...] | None]] = {
    "replace": lambda s, old="", new="", count=-1, *_: replaced(s, text(old), text(new), count),
    "join": _join_method,
    "center": padded, "ljust": padded, "rjust": padded, "zfill": padded,
    "expandtabs": tabs_expanded,
    "translate": lambda s, table=None, *_: translated(s, table),
}
