"""A Jinja sandbox whose work is bounded: every value a template makes and every step it takes is charged.

Jinja's own sandbox stops attribute escapes but not ``10**(10**10)``, ``'A'*10**8``, nested loops,
a text doubled with ``~`` or a list grown with ``append``. :class:`BoundedEnvironment` charges
one budget per render (:mod:`pnpgen.template.budget`: characters, elements, steps, CPU time)
from each place a template can make a value or take a step:

- the operators ``*``, ``**``, ``%``, ``+`` (sizes predicted from the operands) and ``~``
  (rewritten at compile time into a measured concatenation);
- every filter, every call (methods, macros, ``lipsum``, ``dict``) and what it returns; the
  ``str`` methods, filters and ``str.format`` fields whose output a short call can make huge
  are measured first (:mod:`pnpgen.template.sizes`);
- every ``{% for %}`` iteration (each loop's iterable is wrapped at compile time), weighted by
  the size of the loop's body; every joined ``{% set %}``, macro or filter block;
- the text a render produces (:meth:`BoundedEnvironment.render_bounded`).

Limits: :mod:`pnpgen.limits` / docs/security.md.
"""

from __future__ import annotations

import builtins
import functools
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import regex
from jinja2 import nodes
from jinja2.filters import make_attrgetter
from jinja2.runtime import Macro
from jinja2.sandbox import SandboxedEnvironment, SandboxedFormatter
from jinja2.utils import Namespace, generate_lorem_ipsum
from jinja2.visitor import NodeTransformer

from pnpgen.limits import limit
from pnpgen.markup import plain, with_bold
from pnpgen.template import sizes
from pnpgen.template.budget import (LimitError, charge, charge_value, check_value, current, digits, loop_step, over,
                                    printed_size, reset)

__all__ = ["BoundedEnvironment", "LimitError", "bold_matches", "reset_budget"]

reset_budget = reset


def _loop(iterable: Iterable[Any], weight: int = 1) -> Iterator[Any]:
    for item in iterable:
        loop_step(weight)
        yield item


def _concat_parts(parts: tuple[Any, ...]) -> str:
    """``a ~ b ~ c``: measured before the text is made."""
    cap = current().value_cap
    total = 0
    for p in parts:
        total += len(p) if isinstance(p, str) else printed_size(p, cap)
        if total > cap:
            raise over("jinja_output", "a text joined with ~", total)
    charge(chars=total)
    return "".join([p if isinstance(p, str) else str(p) for p in parts])


def _concat_block(parts: Iterable[str]) -> str:
    """The text of a ``{% set %}`` block, a macro or a ``{% filter %}`` block."""
    cap = current().value_cap
    total = 0
    kept = []
    for p in parts:
        total += len(p)
        if total > cap:
            raise over("jinja_output", "the text of a block or macro", total)
        kept.append(p)
    charge(chars=total)
    return "".join(kept)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


# Filters whose output a short call can make huge, checked before they run: name -> check(user
# arguments, keyword arguments, environment), which may return the arguments to run with instead.
def _replace(a: Sequence[Any], kw: dict[str, Any], env: Any) -> None:
    args = [*a, *[kw[k] for k in ("old", "new", "count") if k in kw]] if kw else a
    if len(args) < 3:
        return
    s, old, new = args[0], args[1], args[2]
    if type(s) is str and type(old) is str and type(new) is str and old and len(new) <= len(old):
        return  # a text replaced by one no longer cannot grow
    sizes.replaced(sizes.text(s), sizes.text(old), sizes.text(new), args[3] if len(args) > 3 else -1)


def _join(a: Sequence[Any], kw: dict[str, Any], env: Any) -> list[Any] | None:
    if not a:
        return None
    items = list(a[0])
    attribute = a[2] if len(a) > 2 else kw.get("attribute")
    shown = items if attribute is None else list(map(make_attrgetter(env, attribute), items))
    sizes.joined(sizes.text(a[1] if len(a) > 1 else kw.get("d", "")), shown)
    return [items, *a[1:]]


def _format(a: Sequence[Any], kw: dict[str, Any], env: Any) -> None:
    if a:
        sizes.percent(sizes.text(a[0]), kw or tuple(a[1:]))


def _indent(a: Sequence[Any], kw: dict[str, Any], env: Any) -> None:
    if a:
        sizes.indented(sizes.text(a[0]), a[1] if len(a) > 1 else kw.get("width", 4))


def _wordwrap(a: Sequence[Any], kw: dict[str, Any], env: Any) -> None:
    if a:
        sizes.wrapped(sizes.text(a[0]), a[1] if len(a) > 1 else kw.get("width", 79),
                      a[3] if len(a) > 3 else kw.get("wrapstring"))


def _sum(a: Sequence[Any], kw: dict[str, Any], env: Any) -> list[Any] | None:
    start = a[2] if len(a) > 2 else kw.get("start", 0)
    if not a or not isinstance(start, (list, tuple, str)):
        return None
    # Adding lists one by one copies the sum so far each time: measure the total first.
    items = list(a[0])
    check_value(len(start) + sum(len(i) for i in items if isinstance(i, (list, tuple, str))), "the list sum would make")
    charge(steps=len(items))
    return [items, *a[1:]]


def _widths(a: Sequence[Any], kw: dict[str, Any], env: Any) -> None:
    for v in [*a[1:], *kw.values()]:
        sizes.width(v)


def _stringified(a: Sequence[Any], kw: dict[str, Any], env: Any) -> None:
    if a and not isinstance(a[0], str):
        check_value(printed_size(a[0]), "the text of a value")


_FILTER_CHECKS: dict[str, Callable[[Sequence[Any], dict[str, Any], Any], list[Any] | None]] = {
    "replace": _replace, "join": _join, "format": _format, "indent": _indent, "wordwrap": _wordwrap,
    "sum": _sum, "center": _widths, "truncate": _widths, "batch": _widths, "slice": _widths,
    **{name: _stringified for name in ("string", "pprint", "tojson", "urlencode", "xmlattr", "trim", "upper",
                                       "lower", "capitalize", "title", "striptags", "escape", "e", "forceescape",
                                       "urlize", "wordcount", "safe", "bold", "signed")},
}


def _bounded_filter(name: str, func: Any, env: Any) -> Any:
    check = _FILTER_CHECKS.get(name)
    lead = 1 if getattr(func, "jinja_pass_arg", None) is not None else 0  # context, eval context or environment

    @functools.wraps(func)  # keeps jinja_pass_arg, so pass_context filters still get their context
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if check is not None:
            new = check(args[lead:] if lead else args, kwargs, env)
            if new is not None:
                args = (*args[:lead], *new)
        return charge_value(func(*args, **kwargs), steps=1)

    return wrapper


class BoundedNamespace(Namespace):
    """``namespace()`` whose attributes may not hold texts or lists beyond one value's size."""

    def __setitem__(self, name: str, value: Any) -> None:
        if isinstance(value, (str, list, tuple, dict)):
            check_value(len(value))
        super().__setitem__(name, value)


class _BoundedFormatter(SandboxedFormatter):
    """``str.format`` whose every field is measured once its spec is known (nested ``{}`` filled)."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        sizes.format_field(value, format_spec)
        out = super().format_field(value, format_spec)
        charge(chars=len(out))
        return out

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion is not None:
            check_value(printed_size(value), "the text of a value")
        return super().convert_field(value, conversion)


class _Charged(NodeTransformer):
    """Compile-time rewrite: ``~`` becomes a measured concatenation; each loop's iterable counts
    its iterations, each weighted by the number of nodes in the loop's body."""

    def visit_Concat(self, node: nodes.Concat) -> nodes.Node:  # noqa: N802 (Jinja's visitor names)
        self.generic_visit(node)
        return nodes.Filter(nodes.Tuple(node.nodes, "load", lineno=node.lineno), "_pnpgen_concat", [], [], None, None,
                            lineno=node.lineno)

    def visit_For(self, node: nodes.For) -> nodes.Node:  # noqa: N802
        self.generic_visit(node)
        weight = 1 + sum(1 for child in node.body for _ in child.find_all(nodes.Node)) + len(node.body)
        node.iter = nodes.Filter(node.iter, "_pnpgen_loop", [nodes.Const(weight)], [], None, None, lineno=node.lineno)
        return node


_GROWS = (list, dict, set)


class BoundedEnvironment(SandboxedEnvironment):
    intercepted_binops = frozenset(["*", "**", "%", "+"])

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.globals["namespace"] = BoundedNamespace
        self.globals["range"] = _bounded_range
        self.globals["lipsum"] = _bounded_lipsum

    # The text of every {% set %} block, macro and {% filter %} block is joined here.
    concat = staticmethod(_concat_block)  # type: ignore[assignment]

    def bound_filters(self) -> None:
        """Wrap every registered filter (call after adding the project's own)."""
        for name, func in list(self.filters.items()):
            if not name.startswith("_pnpgen_"):
                self.filters[name] = _bounded_filter(name, func, self)
        self.filters["_pnpgen_loop"] = _loop
        self.filters["_pnpgen_concat"] = _concat_parts

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        charge()
        if operator == "*":
            if _is_int(left) and _is_int(right):
                digits(left.bit_length() + right.bit_length())
            for seq, n in ((left, right), (right, left)):
                if isinstance(seq, (str, list, tuple)) and _is_int(n) and n > 1:
                    check_value(len(seq) * n, "a repeated text or list")
        elif operator == "**":
            if _is_int(left) and _is_int(right) and right > 0 and abs(left) > 1:
                if right * math.log10(abs(left)) > limit("jinja_digits"):
                    raise over("jinja_digits", "digits of a number computed in the template")
        elif operator == "%":
            if isinstance(left, str):
                sizes.percent(left, right)
        elif isinstance(left, (str, list, tuple)) and isinstance(right, type(left)):  # +
            check_value(len(left) + len(right), "a text or list added together")
        return charge_value(super().call_binop(context, operator, left, right))

    def wrap_str_format(self, value: Any) -> Any:
        """``str.format`` and ``format_map`` through a formatter that measures every field."""
        if not isinstance(getattr(value, "__self__", None), str) or getattr(value, "__name__", "") not in (
                "format", "format_map"):
            return None
        owner: str = value.__self__
        check_value(len(owner))
        vformat = _BoundedFormatter(self).vformat
        is_map = value.__name__ == "format_map"

        def wrapper(*args: Any, **kwargs: Any) -> str:
            if is_map:
                if kwargs or len(args) != 1:
                    raise TypeError("format_map() takes exactly one argument")
                args, kwargs = (), args[0]
            return vformat(owner, args, kwargs)

        return functools.update_wrapper(wrapper, value)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805 (Jinja's signature)
        charge()
        owner = getattr(__obj, "__self__", None)
        if isinstance(owner, str):
            check = sizes.STR_METHODS.get(getattr(__obj, "__name__", ""))
            if check is not None:
                new = check(owner, *args, **kwargs)
                if new is not None:
                    args = new
        elif isinstance(owner, _GROWS):
            before = len(owner)
            result = super().call(__context, __obj, *args, **kwargs)
            grown = len(owner) - before
            if grown > 0:
                check_value(len(owner), "a list or mapping grown by the template")
                charge(items=grown, steps=0)
            return charge_value(result)
        result = super().call(__context, __obj, *args, **kwargs)
        return result if isinstance(__obj, Macro) else charge_value(result)  # a macro's text is charged as it is joined

    def _generate(self, source: nodes.Template, *args: Any, **kwargs: Any) -> Any:
        return super()._generate(_Charged().visit(source), *args, **kwargs)

    def render_bounded(self, template: Any, context: dict[str, Any]) -> str:
        reset()
        cap = current().value_cap
        out: list[str] = []
        size = 0
        for chunk in template.generate(context):
            size += len(chunk)
            if size > cap:
                raise over("jinja_output", "the text a template produced")
            out.append(chunk)
        return "".join(out)


def _bounded_range(*args: int) -> range:
    r = range(*args)
    if len(r) > limit("jinja_loop"):
        raise over("jinja_loop", "a range")
    return r


def _bounded_lipsum(n: int = 5, html: bool = True, min: int = 20, max: int = 100) -> str:  # noqa: A002 (Jinja's names)
    """``lipsum()``: up to n × max words, each up to 15 characters, made one by one."""
    words = sizes.width(n) * builtins.max(sizes.width(min), sizes.width(max))
    check_value(words * 15, "the text lipsum would make")
    charge(steps=words)
    return generate_lorem_ipsum(n, html, min, max)


def bold_matches(pattern: str, text: str) -> str:
    """``text`` (markup) with every match of ``pattern`` set bold. The pattern is matched against
    the text as it prints (escapes read, ``**`` marks left out), and the result is written back as
    markup by :func:`pnpgen.markup.with_bold`, so a literal asterisk stays one and a match inside
    bold text changes nothing. The pattern runs under a time bound (the ``regex`` module's
    timeout), so a catastrophic pattern is an error, not a hang."""
    if len(pattern) > limit("regex_length"):
        raise over("regex_length", "the bold pattern")
    if len(text) > limit("regex_text"):
        raise over("regex_text", "the text given to bold")
    try:
        spans = [m.span() for m in regex.finditer(pattern, plain(text), timeout=1.0)]
        return with_bold(text, spans)
    except TimeoutError:
        raise LimitError(f"the bold pattern {pattern[:60]!r} takes too long (over 1 s); simplify it (no nested repeats like (a+)+)") from None
    except regex.error as e:
        raise LimitError(f"the bold pattern {pattern[:60]!r} is not a valid regular expression: {e}") from None
