"""A Jinja sandbox whose work is bounded: loop iterations, number and string sizes, output length.

Jinja's own sandbox stops attribute escapes but not ``10**(10**10)``, ``'A'*10**8``, nested loops
or a namespace string doubled in a loop. :class:`BoundedEnvironment` intercepts the arithmetic
operators, counts every ``{% for %}`` iteration (each loop's iterable is wrapped at compile time),
refuses size arguments beyond the output limit in calls and filters, and stops a render whose
output grows past ``limit('jinja_output')``. Limits: :mod:`pnpgen.limits` / docs/security.md.
"""

from __future__ import annotations

import functools
import math
import re
import threading
from collections.abc import Iterable, Iterator
from typing import Any

import regex
from jinja2 import nodes
from jinja2.sandbox import SandboxedEnvironment, SecurityError
from jinja2.utils import Namespace

from pnpgen.limits import env_name, limit
from pnpgen.markup import plain, with_bold

_state = threading.local()


class LimitError(SecurityError):
    """A template tried to do more work than the limits allow."""


def _over(name: str, what: str) -> LimitError:
    return LimitError(f"{what} exceeds the limit of {limit(name):,} (raise {env_name(name)})")


def reset_budget() -> None:
    _state.loops = 0


def _loop(iterable: Iterable[Any]) -> Iterator[Any]:
    cap = limit("jinja_loop")
    for item in iterable:
        _state.loops = getattr(_state, "loops", 0) + 1
        if _state.loops > cap:
            raise _over("jinja_loop", "loop iterations in one template text")
        yield item


def _check_size(value: Any) -> Any:
    if isinstance(value, (str, list, tuple, bytes)) and len(value) > limit("jinja_output"):
        raise _over("jinja_output", "a text or list built by the template")
    return value


def _check_width(n: Any) -> None:
    if _is_int(n) and abs(n) > limit("jinja_output"):
        raise _over("jinja_output", "a width or count argument")


_WIDE_FORMAT = re.compile(r"%[-#0 +]*(\*|\d{4,})|%[-#0 +]*\d*\.(\*|\d{4,})|\{[^}]*:[^}]*\d{4,}")
# Filters and str methods whose numeric arguments size their output.
_WIDTH_FILTERS = frozenset(["center", "indent", "wordwrap", "truncate", "batch", "slice"])
_WIDTH_METHODS = frozenset(["ljust", "rjust", "center", "zfill", "expandtabs"])


def _check_format(fmt: Any) -> None:
    if isinstance(fmt, str) and _WIDE_FORMAT.search(fmt[:1000]):
        raise _over("jinja_output", "a format width")


def _bounded_filter(name: str, func: Any) -> Any:
    @functools.wraps(func)  # keeps jinja_pass_arg, so pass_context filters still get their context
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        user = [a for a in args if not (type(a).__module__ or "").startswith("jinja2")]
        if name in _WIDTH_FILTERS:
            for a in [*user[1:], *kwargs.values()]:
                _check_width(a)
        if name == "format" and user:
            _check_format(user[0])
        return _check_size(func(*args, **kwargs))

    return wrapper


class BoundedNamespace(Namespace):
    """``namespace()`` whose attributes may not hold texts or lists beyond the output limit."""

    def __setitem__(self, name: str, value: Any) -> None:
        super().__setitem__(name, _check_size(value))


class BoundedEnvironment(SandboxedEnvironment):
    intercepted_binops = frozenset(["*", "**", "%", "+"])

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.filters["_pnpgen_loop"] = _loop
        self.globals["namespace"] = BoundedNamespace
        self.globals["range"] = _bounded_range

    def bound_filters(self) -> None:
        """Wrap every registered filter (call after adding the project's own)."""
        for name, func in list(self.filters.items()):
            if name != "_pnpgen_loop":
                self.filters[name] = _bounded_filter(name, func)

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "**" and _is_int(left) and _is_int(right):
            if right > 0 and abs(left) > 1 and right * math.log10(abs(left)) > limit("jinja_digits"):
                raise _over("jinja_digits", "digits of a number computed in the template")
        if operator == "*":
            for seq, n in ((left, right), (right, left)):
                if isinstance(seq, (str, list, tuple)) and _is_int(n) and len(seq) * n > limit("jinja_output"):
                    raise _over("jinja_output", "a repeated text or list")
        if operator == "%" and isinstance(left, str) and _WIDE_FORMAT.search(left[:1000]):
            raise _over("jinja_output", "a format width")
        result = super().call_binop(context, operator, left, right)
        return _check_size(result)

    def wrap_str_format(self, value: Any) -> Any:
        # str.format is wrapped when the attribute is read (Jinja 3.1); check the pattern here.
        if getattr(value, "__name__", "") in ("format", "format_map"):
            _check_format(getattr(value, "__self__", None))
        return super().wrap_str_format(value)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805 (Jinja's signature)
        owner = getattr(__obj, "__self__", None)
        if isinstance(owner, str):
            name = getattr(__obj, "__name__", "")
            if name in _WIDTH_METHODS:
                for a in [*args, *kwargs.values()]:
                    _check_width(a)
        return _check_size(super().call(__context, __obj, *args, **kwargs))

    def _generate(self, source: nodes.Template, *args: Any, **kwargs: Any) -> Any:
        # Every loop's iterable goes through the counting filter, so nested loops over data
        # (not only range) share one budget per render.
        for loop in source.find_all(nodes.For):
            loop.iter = nodes.Filter(loop.iter, "_pnpgen_loop", [], [], None, None, lineno=loop.lineno)
        return super()._generate(source, *args, **kwargs)

    def render_bounded(self, template: Any, context: dict[str, Any]) -> str:
        reset_budget()
        cap = limit("jinja_output")
        out: list[str] = []
        size = 0
        for chunk in template.generate(context):
            size += len(chunk)
            if size > cap:
                raise _over("jinja_output", "the text a template produced")
            out.append(chunk)
        return "".join(out)


def _bounded_range(*args: int) -> range:
    r = range(*args)
    if len(r) > limit("jinja_loop"):
        raise _over("jinja_loop", "a range")
    return r


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def bold_matches(pattern: str, text: str) -> str:
    """``text`` (markup) with every match of ``pattern`` set bold. The pattern is matched against
    the text as it prints (escapes read, ``**`` marks left out), and the result is written back as
    markup by :func:`pnpgen.markup.with_bold`, so a literal asterisk stays one and a match inside
    bold text changes nothing. The pattern runs under a time bound (the ``regex`` module's
    timeout), so a catastrophic pattern is an error, not a hang."""
    if len(pattern) > limit("regex_length"):
        raise _over("regex_length", "the bold pattern")
    if len(text) > limit("regex_text"):
        raise _over("regex_text", "the text given to bold")
    try:
        spans = [m.span() for m in regex.finditer(pattern, plain(text), timeout=1.0)]
        return with_bold(text, spans)
    except TimeoutError:
        raise LimitError(f"the bold pattern {pattern[:60]!r} takes too long (over 1 s); simplify it (no nested repeats like (a+)+)") from None
    except regex.error as e:
        raise LimitError(f"the bold pattern {pattern[:60]!r} is not a valid regular expression: {e}") from None
