"""Which card fields a face's template reads, found in Jinja's own syntax tree.

Every ``card.<field>`` and ``card['<field>']`` in the expressions a face evaluates: the ``vars`` it
uses, each box's ``text`` and ``when:``, the colour of the style the box sets its text in, and the ``fill``,
``fill2``, ``stroke``, ``text``, ``src`` and ``when:`` of every shape (background, overlay, boxes).
Each read comes with the template file and line it is written at (an inherited box names its base
file) and whether it is *guarded*: tested with ``is defined`` / ``is not defined`` (or
``'<field>' in card``, or given a ``default``) in the same expression or in the ``when:`` of its box or
shape, where reading a field a card lacks is meant. ``pnpgen.validate.checks.templates`` compares the
reads with the card type's fields: an unguarded misspelt field is undefined, prints nothing, and
would vanish from every card without a word.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterator

import jinja2
from jinja2 import meta, nodes

from pnpgen.template.expr import ENV
from pnpgen.template.model import Where
from pnpgen.template.yamlsrc import SrcMap


@dataclass(frozen=True)
class CardRead:
    """One ``card.<field>`` read at ``where``; ``guarded``: its expression tests it is defined."""

    field: str
    where: Where
    guarded: bool


@dataclass(frozen=True)
class _Parsed:
    reads: tuple[tuple[str, int], ...]  # (field, line within the source)
    guards: frozenset[str]              # fields tested with ``is defined`` and the like
    card_tested: bool                   # ``card`` itself tested (``card is defined``, ``{% if card %}``)
    names: frozenset[str] = frozenset()  # the context names it uses (vars among them)

    @property
    def guard(self) -> tuple[frozenset[str], bool]:
        return self.guards, self.card_tested


_NOTHING = _Parsed((), frozenset(), False)
_SHAPE_TEXTS = ("fill", "fill2", "stroke", "text", "src")


def _is_card(node: nodes.Node) -> bool:
    return isinstance(node, nodes.Name) and node.name == "card"


def _field(node: nodes.Node) -> str | None:
    """The field ``node`` reads of ``card`` (``card.x``, ``card['x']``), else None."""
    if isinstance(node, nodes.Getattr) and _is_card(node.node):
        return node.attr
    if (isinstance(node, nodes.Getitem) and _is_card(node.node) and isinstance(node.arg, nodes.Const)
            and isinstance(node.arg.value, str)):
        return node.arg.value
    return None


@lru_cache(maxsize=4096)
def _parse(source: str, expression: bool) -> _Parsed:
    """The card reads and guards of one template text (or one ``when:`` expression)."""
    try:
        # An expression wrapped in braces parses as a template with the same lines.
        ast = ENV.parse("{{ " + source + " }}" if expression else source)
    except (jinja2.TemplateError, RecursionError):
        return _NOTHING  # the template loader reports the syntax error with its file and line
    if any(_is_card(n) and n.ctx != "load" for n in ast.find_all(nodes.Name)):
        return _NOTHING  # ``card`` rebound by a loop, ``set`` or macro: not the card's fields
    reads = tuple((f, n.lineno) for n in ast.find_all((nodes.Getattr, nodes.Getitem))
                  if (f := _field(n)) is not None and not f.startswith("_"))
    guards: set[str] = set()
    card_tested = False
    for test in ast.find_all(nodes.Test):
        if test.name in ("defined", "undefined", "none"):
            f = _field(test.node)
            if f is not None and test.name != "none":
                guards.add(f)
            card_tested |= _is_card(test.node)
    for filt in ast.find_all(nodes.Filter):
        if filt.name in ("default", "d") and (f := _field(filt.node)) is not None:
            guards.add(f)
    for cmp in ast.find_all(nodes.Compare):  # 'power' in card
        if (isinstance(cmp.expr, nodes.Const) and isinstance(cmp.expr.value, str)
                and any(op.op in ("in", "notin") and _is_card(op.expr) for op in cmp.ops)):
            guards.add(cmp.expr.value)
    for cond in ast.find_all((nodes.If, nodes.CondExpr)):  # {% if card %}: a back has no card
        test = cond.test.node if isinstance(cond.test, nodes.Not) else cond.test
        card_tested |= _is_card(test)
    return _Parsed(reads, frozenset(guards), card_tested, frozenset(meta.find_undeclared_variables(ast)))


def _condition(value: Any) -> str | None:
    """A ``when:`` as the loader reads it (braces written out of habit dropped)."""
    if not isinstance(value, str):
        return None
    v = value.strip()
    return v[2:-2].strip() if v.startswith("{{") and v.endswith("}}") else v


class _Collector:
    def __init__(self) -> None:
        self.found: dict[tuple[str, Where], bool] = {}
        self.names: set[str] = set()

    def add(self, m: SrcMap, key: str, expression: bool, outer: tuple[frozenset[str], bool]) -> _Parsed:
        """Record the reads of ``m[key]`` under the guards of what encloses it; return its parse."""
        value = m.get(key)
        if expression:
            value = _condition(value)
        if not isinstance(value, str) or not (expression or "{" in value):
            return _NOTHING
        parsed = _parse(value, expression)
        self.names |= parsed.names
        file, first = m.value_where(key) if isinstance(m, SrcMap) else ("?", 0)
        guards, card_tested = parsed.guards | outer[0], parsed.card_tested or outer[1]
        for field, line in parsed.reads:
            where = Where(file, first + line - 1 if first else 0)
            guarded = card_tested or field in guards
            k = (field, where)
            self.found[k] = self.found.get(k, True) and guarded
        return parsed

    def shapes(self, shapes: Any, outer: tuple[frozenset[str], bool]) -> None:
        for s in shapes if isinstance(shapes, list) else ():
            if not isinstance(s, dict):
                continue
            own = self.add(s, "when", True, outer).guard
            inner = (outer[0] | own[0], outer[1] or own[1])
            for key in _SHAPE_TEXTS:
                self.add(s, key, False, inner)


def _style_chain(style: Any, styles: Any) -> Iterator[SrcMap]:
    """A box's style mapping, then its ``base`` styles in turn."""
    seen: set[str] = set()
    current = styles.get(style) if isinstance(style, str) and isinstance(styles, dict) else style
    while isinstance(current, dict):
        yield current
        base = current.get("base")
        if not isinstance(base, str) or base in seen or not isinstance(styles, dict):
            return
        seen.add(base)
        current = styles.get(base)


def card_reads(raw: SrcMap) -> tuple[CardRead, ...]:
    """Every card field the face built from ``raw`` (merged, as ``TemplateLibrary.load`` builds it)
    reads, one entry per (field, file line), in file and line order."""
    out = _Collector()
    none: tuple[frozenset[str], bool] = (frozenset(), False)
    out.shapes(raw.get("background"), none)
    out.shapes(raw.get("overlay"), none)
    boxes = raw.get("boxes")
    for box in boxes.values() if isinstance(boxes, dict) else ():
        if not isinstance(box, dict):
            continue
        guard = out.add(box, "when", True, none).guard
        out.add(box, "text", False, guard)
        out.shapes(box.get("shapes"), guard)
        # The colour of the style its text is set in: the first of the style and its bases that gives one.
        colour = next((m for m in _style_chain(box.get("style"), raw.get("styles")) if "color" in m), None)
        if colour is not None:
            out.add(colour, "color", False, guard)
    # Vars are evaluated for every card, but one the face never prints (an unused var of a base,
    # or a front's var a ``back:`` section inherits) shows nothing: only the used ones count.
    variables = raw.get("vars") if isinstance(raw.get("vars"), dict) else {}
    done: set[str] = set()
    while pending := [n for n in variables if n in out.names and n not in done]:
        for name in pending:
            done.add(name)
            out.add(variables, name, False, none)
    reads = (CardRead(f, where, guarded) for (f, where), guarded in out.found.items())
    return tuple(sorted(reads, key=lambda r: (r.where.file, r.where.line, r.field)))
