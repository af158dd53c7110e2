"""One budget per template render: the characters, elements and steps a template computes, and its CPU time.

The sandbox (:mod:`pnpgen.template.bounded`) charges here every value a template makes (an
operator's, filter's or method's result, a ``~`` concatenation, a joined ``{% set %}`` block, a
formatted field, what ``append`` adds to a list) and every step it takes (a loop iteration, a call,
a filter), where it can before the value is made, from its predicted size. So a template that
would build a gigabyte stops at the first charge over the limit, with memory still small, and one
that would run for minutes stops within ``jinja_seconds`` of CPU time. The counters start again
for each render (:func:`reset`); limits are read once per render, when the first charge comes.
"""

from __future__ import annotations

import math
import os
import threading
import time
from collections.abc import ItemsView, KeysView, ValuesView
from typing import Any

from jinja2.sandbox import SecurityError
from jinja2.utils import Namespace

from pnpgen.limits import env_name, limit


class LimitError(SecurityError):
    """A template tried to do more work than the limits allow."""


def over(name: str, what: str, amount: int | None = None) -> LimitError:
    got = f" ({amount:,})" if amount is not None else ""
    return LimitError(f"{what}{got} exceeds the limit of {limit(name):,} (raise {env_name(name)})")


# The deadline is checked every _CLOCK_EVERY steps: reading the thread's CPU clock costs ~0.7 µs.
_CLOCK_EVERY = 1024


class Budget:
    """What one render has spent so far, and the caps it runs under."""

    __slots__ = ("chars", "items", "steps", "loops", "value_cap", "max_chars", "max_items", "max_steps",
                 "max_loops", "seconds", "started", "next_clock", "last")

    def __init__(self) -> None:
        self.chars = self.items = self.steps = self.loops = 0
        (self.value_cap, self.max_chars, self.max_items, self.max_steps, self.max_loops, self.seconds) = _caps()
        self.started: float | None = None  # the CPU clock at the first check (see _CLOCK_EVERY)
        self.last: float | None = None  # the CPU clock at the latest check
        self.next_clock = _CLOCK_EVERY


_CAPS = ("jinja_output", "jinja_chars", "jinja_items", "jinja_steps", "jinja_loop", "jinja_seconds")
# A budget is made for most renders, and six ``limit`` calls cost more than the rest of a short
# render's charging: the caps are read again only when their variables change. On POSIX the
# process environment's own bytes mapping answers that with one C-level pass (as in limits.py).
_ENV_DATA = getattr(os.environ, "_data", None) if os.name == "posix" else None
_ENV_KEYS = tuple(os.fsencode(env_name(n)) for n in _CAPS)
_cached: tuple[Any, tuple[int, ...]] = (object(), ())


def _caps() -> tuple[int, ...]:
    global _cached
    if not isinstance(_ENV_DATA, dict):
        return tuple(limit(n) for n in _CAPS)
    key = tuple(map(_ENV_DATA.get, _ENV_KEYS))
    if key != _cached[0]:
        _cached = (key, tuple(limit(n) for n in _CAPS))
    return _cached[1]


class _Local(threading.local):
    budget: Budget | None = None
    # CPU clock when the face being resolved started: all the texts of one card face share
    # ``face_seconds``, so a template of a hundred boxes each just under ``jinja_seconds`` still stops.
    face_started: float | None = None
    face_seconds: float = 0.0
    # CPU time this thread has spent in long texts (past their first _CLOCK_EVERY steps), over
    # every face and card: real templates never get there, so a deck whose every face runs just
    # under ``face_seconds`` still stops at ``template_seconds``.
    long_texts: float = 0.0


_state = _Local()


def reset() -> None:
    """A new render starts: nothing spent yet."""
    _state.budget = None


class face_clock:
    """``with face_clock():`` around the resolving of one card face: its texts' CPU time together
    is bounded by ``face_seconds`` (checked with each text's own clock). Nested faces keep the
    outer clock."""

    __slots__ = ("outer",)

    def __enter__(self) -> None:
        self.outer = _state.face_started
        if self.outer is None:
            _state.face_seconds = limit("face_seconds")
            _state.face_started = time.thread_time()

    def __exit__(self, *exc: object) -> None:
        _state.face_started = self.outer


def current() -> Budget:
    b = _state.budget
    if b is None:
        b = _state.budget = Budget()
    return b


def value_cap() -> int:
    """The size of any one text or list a template may make (``jinja_output``)."""
    return current().value_cap


def charge(chars: int = 0, items: int = 0, steps: int = 1) -> None:
    """Spend ``chars`` characters, ``items`` elements and ``steps`` steps, or refuse."""
    b = _state.budget
    if b is None:
        b = _state.budget = Budget()
    if chars:
        b.chars += chars
        if b.chars > b.max_chars:
            raise over("jinja_chars", "characters computed by one template text", b.chars)
    if items:
        b.items += items
        if b.items > b.max_items:
            raise over("jinja_items", "list elements computed by one template text", b.items)
    b.steps += steps
    if b.steps >= b.next_clock:
        _check_time(b)


def _check_time(b: Budget) -> None:
    if b.steps > b.max_steps:
        raise over("jinja_steps", "steps (loop iterations, calls, filters) of one template text", b.steps)
    b.next_clock = b.steps + _CLOCK_EVERY
    now = time.thread_time()
    if b.last is not None:
        _state.long_texts += now - b.last
        if _state.long_texts > limit("template_seconds"):
            raise LimitError(f"long template texts ran for over {limit('template_seconds'):,} s of CPU time "
                             f"in all (raise {env_name('template_seconds')})")
    b.last = now
    face = _state.face_started
    if face is not None and now - face > _state.face_seconds:
        raise LimitError(f"the texts of one card face ran for over {_state.face_seconds:,} s of CPU time "
                         f"(raise {env_name('face_seconds')})")
    if b.started is None:
        b.started = now
    elif now - b.started > b.seconds:
        raise LimitError(f"one template text ran for over {b.seconds:,} s of CPU time "
                         f"(raise {env_name('jinja_seconds')})")


def loop_step(weight: int) -> None:
    """One iteration of a ``{% for %}`` loop whose body has ``weight`` nodes."""
    b = _state.budget
    if b is None:
        b = _state.budget = Budget()
    b.loops += 1
    if b.loops > b.max_loops:
        raise over("jinja_loop", "loop iterations in one template text")
    b.steps += weight
    if b.steps >= b.next_clock:
        _check_time(b)


def check_value(n: int, what: str = "a text or list built by the template") -> None:
    """Refuse a single value of ``n`` characters or elements beyond ``jinja_output``."""
    if n > current().value_cap:
        raise over("jinja_output", what, n)


def charge_value(value: Any, steps: int = 0) -> Any:
    """Charge a value just made (and ``steps`` steps) and return it: its size is measured now
    (callers predict the sizes that could be huge before making them)."""
    b = _state.budget
    if b is None:
        b = _state.budget = Budget()
    if isinstance(value, (str, bytes)):  # the common case, inline: filters run in every card's texts
        n = len(value)
        if n > b.value_cap:
            raise over("jinja_output", "a text or list built by the template", n)
        b.chars += n
        if b.chars > b.max_chars:
            raise over("jinja_chars", "characters computed by one template text", b.chars)
    elif isinstance(value, (list, tuple, dict, set, frozenset)):
        n = len(value)
        if n > b.value_cap:
            raise over("jinja_output", "a text or list built by the template", n)
        b.items += n
        if b.items > b.max_items:
            raise over("jinja_items", "list elements computed by one template text", b.items)
    elif isinstance(value, int) and value.bit_length() > 64:
        digits(value.bit_length())
    if steps:
        b.steps += steps
        if b.steps >= b.next_clock:
            _check_time(b)
    return value


def charge_text(value: Any) -> None:
    """A value about to be printed: its text measured, refused beyond one value's size, charged."""
    n = printed_size(value)
    check_value(n, "the text of a value")
    charge(chars=n, steps=0)


def digits(bits: int) -> None:
    """Refuse an integer of ``bits`` bits with more decimal digits than ``jinja_digits``."""
    if bits * 0.30103 > limit("jinja_digits"):
        raise over("jinja_digits", "digits of a number computed in the template", math.ceil(bits * 0.30103))


def printed_size(value: Any, cap: int | None = None) -> int:
    """About how many characters ``str(value)`` has (a container as its repr: every string item with
    its quotes and separator), found without making that string. The walk stops once past ``cap``
    (default: ``jinja_output``), so it costs no more than the text it measures would."""
    if isinstance(value, str):
        return len(value)
    cap = value_cap() if cap is None else cap
    total = 0
    seen: set[int] = set()
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, (str, bytes)):
            total += len(v) + 4
        elif isinstance(v, bool) or v is None:
            total += 6
        elif isinstance(v, int):
            total += v.bit_length() * 0.30103 + 3
        elif isinstance(v, (list, tuple, set, frozenset, dict, Namespace, KeysView, ValuesView, ItemsView)):
            if id(v) in seen:  # a list inside itself prints as [...]
                total += 5
                continue
            seen.add(id(v))
            if isinstance(v, Namespace):
                v = v._Namespace__attrs  # type: ignore[attr-defined]  # its repr shows them
            if isinstance(v, dict):
                total += 2 + 4 * len(v)
                stack.extend(v.keys())
                stack.extend(v.values())
            else:
                total += 2 + 2 * len(v)
                stack.extend(v)
        else:
            total += 24  # a float, an undefined, a card view: a short repr
        if total > cap:
            return int(total)
    return int(total)
