"""Jinja2 expressions in templates: one sandboxed environment, compiled once, cached.

Values seen by templates:
- a field the card does not have is *undefined*: it prints nothing and ``is defined`` is false,
  so a badge with ``when: card.cost is defined`` simply is not drawn;
- a field the card has with value ``None`` (unknown) is :data:`UNKNOWN`: it prints ``?`` so the
  gap is visible on the printed card, is false in ``{% if %}``, and ``is known`` is false.
  ``card.name`` of an unnamed card (name null: the source lost it) is :data:`UNKNOWN` too.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import jinja2
from jinja2.utils import Namespace

from pnpgen.limits import limit
from pnpgen.template.bounded import BoundedEnvironment, bold_matches, reset_budget
from pnpgen.template.budget import LimitError, charge_text, current
from pnpgen.template.model import TemplateError, Where


class _Unknown:
    """A field whose value the documents did not give. Prints '?'; arithmetic stays unknown."""

    __slots__ = ()

    def __str__(self) -> str:
        return "?"

    def __repr__(self) -> str:
        return "UNKNOWN"

    def __bool__(self) -> bool:
        return False

    def __eq__(self, other: object) -> bool:
        return other is self

    def __hash__(self) -> int:
        return 0

    def _same(self, *_a: Any) -> "_Unknown":
        return self

    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = __neg__ = _same

    def _false(self, _o: Any) -> bool:
        return False

    __lt__ = __le__ = __gt__ = __ge__ = _false


UNKNOWN = _Unknown()


# What ``card`` has besides its fields: these four always, and its place in its set (the two
# below) unless the card has fields of those names.
CARD_ATTRIBUTES = ("id", "name", "type", "copies")
NUMBERING_ATTRIBUTES = ("number", "count")


class CardView:
    """What ``card`` means in a template: id, name, type, copies, then the card's fields, then
    ``number`` and ``count`` (its place in its set, ``pnpgen.template.numbering``) unless the card
    has fields of those names: a designer's own data wins."""

    __slots__ = ("_card", "_numbering")

    def __init__(self, card: Any, numbering: tuple[int, int] | None = None) -> None:
        self._card = card
        self._numbering = numbering

    def __getattr__(self, name: str) -> Any:
        card = object.__getattribute__(self, "_card")
        if name == "name" and card.name is None:
            return UNKNOWN   # the source lost the name: the face prints '?', as for any unknown value
        if name in CARD_ATTRIBUTES:
            return getattr(card, name)
        fields = card.fields
        if name in fields:
            v = fields[name]
            return UNKNOWN if v is None else v
        numbering = object.__getattribute__(self, "_numbering")
        if numbering is not None and name in NUMBERING_ATTRIBUTES:
            return numbering[0] if name == "number" else numbering[1]
        raise AttributeError(name)

    def __getitem__(self, name: str) -> Any:
        try:
            return self.__getattr__(name)
        except AttributeError:
            raise KeyError(name) from None

    def __contains__(self, name: str) -> bool:
        return (name in CARD_ATTRIBUTES or name in self._card.fields
                or (self._numbering is not None and name in NUMBERING_ATTRIBUTES))


def _bold(text: Any, pattern: str) -> str:
    """Wrap every match of ``pattern`` in ``**`` so textfit sets it in the bold face."""
    if text is None or text is UNKNOWN:
        return text
    return bold_matches(str(pattern), str(text))


def _is_known(value: Any) -> bool:
    return value is not None and value is not UNKNOWN and not isinstance(value, jinja2.Undefined)


def _signed(value: Any) -> str:
    """+2 / -1 / 0 for boosts; unknown stays '?'."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f"+{value:g}" if value > 0 else f"{value:g}"
    return str(value)


def _printed(value: Any) -> Any:
    """How a value prints on a card: a list field as its items joined by commas ("fire, water"),
    never Python's "['fire', 'water']"; everything else as it is. A container's text is measured
    (and charged to the render's budget) before it is made."""
    if type(value) is str:
        return value
    if isinstance(value, (list, tuple)):
        charge_text(value)
        return ", ".join(str(v) for v in value)
    if isinstance(value, _CONTAINERS):
        charge_text(value)
    return value


_CONTAINERS = (dict, set, frozenset, Namespace)


def _make_env() -> BoundedEnvironment:
    env = BoundedEnvironment(autoescape=False, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=False,
                             finalize=_printed)
    env.filters["bold"] = _bold
    env.filters["signed"] = _signed
    env.tests["known"] = _is_known
    env.tests["unknown"] = lambda v: v is UNKNOWN or v is None
    env.bound_filters()
    return env


ENV = _make_env()


@lru_cache(maxsize=4096)
def _compile_template(source: str) -> jinja2.Template:
    return ENV.from_string(source)


@lru_cache(maxsize=4096)
def _compile_expression(source: str) -> Any:
    return ENV.compile_expression(source, undefined_to_none=False)


def check_template(source: str, where: Where, what: str) -> None:
    """Compile now so a syntax error is reported at load time with file and line."""
    try:
        _compile_template(source)
    except jinja2.TemplateSyntaxError as e:
        raise TemplateError(where, f"{what}: Jinja syntax error: {e.message}") from None
    except RecursionError:
        raise TemplateError(where, f"{what}: Jinja text nested too deeply; simplify it") from None


def check_expression(source: str, where: Where, what: str) -> None:
    try:
        _compile_expression(source)
    except jinja2.TemplateSyntaxError as e:
        raise TemplateError(where, f"{what}: Jinja syntax error in expression {source!r}: {e.message}") from None
    except RecursionError:
        raise TemplateError(where, f"{what}: Jinja expression nested too deeply; simplify it") from None


# Rendered text by (source, the values it reads, the limits it runs under): most of a face's texts
# ("{{ family }}", "{{ card.cost }}", "{% if card.wave >= 2 %}…") take a few values over a whole
# deck, and Jinja's per-render context set-up costs more than the rendering. Only sources whose
# output is a pure function of those values are cached (see ``_inputs``); cleared when full.
_RENDERED: dict[tuple, str] = {}
_RENDERED_MAX = 8192
_EVALUATED: dict[tuple, Any] = {}  # ``when:`` results, by the same kind of key as _RENDERED
_MISSING = object()  # a card field the card does not have (Jinja: undefined)
_PLAIN = (str, int, float, bool, type(None), _Unknown)
# Filters without limits or side effects; any other filter, call or loop makes a source uncached.
_PURE_FILTERS = frozenset({"signed"})


@lru_cache(maxsize=4096)
def _inputs(source: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """(context names, ``card.<field>`` names) that ``source``'s output depends on, or None when
    it cannot be cached: a loop, a call, a filter with limits, ``card`` used other than as
    ``card.<field>``, or a Jinja global (``lipsum`` is random)."""
    from jinja2 import meta, nodes

    try:
        ast = ENV.parse(source)
    except (jinja2.TemplateError, RecursionError):
        return None
    if any(True for _ in ast.find_all((nodes.For, nodes.Call, nodes.Macro, nodes.CallBlock, nodes.Import,
                                          nodes.FromImport, nodes.Include, nodes.Extends))):
        return None
    if any(f.name not in _PURE_FILTERS for f in ast.find_all(nodes.Filter)):
        return None
    names = meta.find_undeclared_variables(ast)
    if names & set(ENV.globals):
        return None
    fields, held = set(), set()
    for node in ast.find_all(nodes.Getattr):
        if isinstance(node.node, nodes.Name) and node.node.name == "card":
            if node.attr.startswith("_"):
                return None  # the sandbox's business
            fields.add(node.attr)
            held.add(id(node.node))
    if any(n.name == "card" and id(n) not in held for n in ast.find_all(nodes.Name)):
        return None
    return tuple(sorted(names - {"card"})), tuple(sorted(fields))


def _cache_key(source: str, context: dict[str, Any]) -> tuple | None:
    inputs = _inputs(source)
    if inputs is None:
        return None
    names, fields = inputs
    key: list[Any] = [source, limit("jinja_output"), limit("jinja_digits")]
    for name in names:
        v = context.get(name, _MISSING)
        if v is not _MISSING and type(v) not in _PLAIN:
            return None
        key += (type(v), v)  # the type too: 1, 1.0 and True are equal keys but print differently
    if fields:
        card = context.get("card")
        if not isinstance(card, CardView):
            return None
        for name in fields:
            try:
                v = getattr(card, name)
            except AttributeError:
                v = _MISSING
            if v is not _MISSING and type(v) not in _PLAIN:
                return None
            key += (type(v), v)
    return tuple(key)


@lru_cache(maxsize=4096)
def _field_print(source: str) -> tuple[str, bool] | None:
    """(field, guarded) when ``source`` does nothing but print one card field, ``{{ card.F }}``, or
    print it when it is known, ``{% if card.F is known %}{{ card.F }}{% endif %}``: the commonest
    texts of a face (a title, a rules text), whose values differ on every card, so the render cache
    never serves them. None for any other source."""
    from jinja2 import nodes

    try:
        body = ENV.parse(source).body
    except (jinja2.TemplateError, RecursionError):
        return None
    if len(body) != 1:
        return None
    node, guarded = body[0], None
    if isinstance(node, nodes.If):
        test = node.test
        if (node.elif_ or node.else_ or len(node.body) != 1 or not isinstance(test, nodes.Test) or test.name != "known"
                or test.args or test.kwargs or test.dyn_args is not None or test.dyn_kwargs is not None):
            return None
        guarded = _card_field(test.node)
        if guarded is None:
            return None
        node = node.body[0]
    if not isinstance(node, nodes.Output) or len(node.nodes) != 1:
        return None
    field = _card_field(node.nodes[0])
    if field is None or (guarded is not None and guarded != field):
        return None
    return field, guarded is not None


def _card_field(node: Any) -> str | None:
    """F for the expression ``card.F`` (a field the sandbox lets a template read), else None."""
    from jinja2 import nodes

    if (isinstance(node, nodes.Getattr) and isinstance(node.node, nodes.Name) and node.node.name == "card"
            and not node.attr.startswith("_")):
        return node.attr
    return None


def _print_field(field: str, guarded: bool, context: dict[str, Any]) -> str | None:
    """What Jinja prints for ``_field_print``'s source, when that is sure without running it: the
    field's text (within the output limit), or nothing for a field the card lacks or (guarded) an
    unknown one. None: ask Jinja (a number, a list, a text over the limit, which Jinja refuses)."""
    card = context.get("card")
    if type(card) is not CardView:
        return None
    try:
        value = getattr(card, field)
    except AttributeError:
        return ""  # undefined prints nothing and is not known
    if type(value) is str:
        reset_budget()  # as a render does: the limit as it is now
        return value if len(value) <= current().value_cap else None
    return "" if guarded and value is UNKNOWN else None


def render(source: str, context: dict[str, Any], where: Where, what: str) -> str:
    """Render a text template; plain strings without ``{`` skip Jinja entirely (most colours), a
    text that only prints a card's field takes it straight from the card (``_field_print``), and
    a text already rendered from the same values is reused."""
    if "{" not in source:
        return source
    printed = _field_print(source)
    if printed is not None:
        text = _print_field(*printed, context)
        if text is not None:
            return text
    key = _cache_key(source, context)
    if key is not None:
        hit = _RENDERED.get(key)
        if hit is not None:
            return hit
    try:
        text = ENV.render_bounded(_compile_template(source), context)
        if key is not None:
            if len(_RENDERED) >= _RENDERED_MAX:
                _RENDERED.clear()
            _RENDERED[key] = text
        return text
    except Exception as e:
        raise _error(e, source, where, what) from None


def evaluate(source: str, context: dict[str, Any], where: Where, what: str) -> Any:
    """Evaluate a ``when:`` expression (written without braces); a plain result already computed
    from the same values is reused, like ``render``'s."""
    # Its inputs are those of the same expression printed ("{{ ... }}"); braces inside would
    # change what that wrapping means, so such expressions are never reused.
    key = None if "{" in source or "}" in source else _cache_key("{{ " + source + " }}", context)
    if key is not None:
        hit = _EVALUATED.get(key, _MISSING)
        if hit is not _MISSING:
            return hit
    try:
        reset_budget()
        value = _compile_expression(source)(**context)
        if key is not None and type(value) in _PLAIN:
            if len(_EVALUATED) >= _RENDERED_MAX:
                _EVALUATED.clear()
            _EVALUATED[key] = value
        return value
    except Exception as e:
        raise _error(e, source, where, what) from None


def _error(e: Exception, source: str, where: Where, what: str) -> Exception:
    """The one-line error for a failed render: the template's file and line, and for a text of
    several lines the line inside it (from Jinja's rewritten traceback)."""
    at = ""
    if "\n" in source.strip():
        lines = [tb.tb_lineno for tb in _frames(e.__traceback__) if tb.tb_frame.f_code.co_filename == "<template>"]
        at = f" (line {lines[-1]} of the text)" if lines else ""
    shown = source if len(source) <= 60 else source[:57] + "..."
    if isinstance(e, LimitError):
        return TemplateError(where, f"{what}{at}: {e}")
    if isinstance(e, jinja2.TemplateError):
        return TemplateError(where, f"{what}{at}: {type(e).__name__}: {e}")
    if isinstance(e, (TypeError, ValueError, ArithmeticError)):
        return TemplateError(where, f"{what}{at}: {type(e).__name__} evaluating {shown!r}: {str(e)[:200]}")
    if isinstance(e, RecursionError):
        return TemplateError(where, f"{what}: nested too deeply evaluating {shown!r}")
    if isinstance(e, MemoryError):  # a safety net: the budget should stop a template long before
        return TemplateError(where, f"{what}{at}: out of memory evaluating {shown!r}; simplify the template")
    return e


def _frames(tb: Any) -> Any:
    while tb is not None:
        yield tb
        tb = tb.tb_next
