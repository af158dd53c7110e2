"""A tiny PEG (parsing expression grammar) toolkit over ability tokens.

Parsers are small objects called with ``(state, position)`` that return ``(value, new_position)``
or ``None``. Choice is ordered and backtracks; the state remembers the farthest token any rule
tried, which is where an unparsed sentence "stopped", the farthest token any rule looked at (``reach``:
a parse whose reach stays inside a sentence depends on that sentence alone, so it can be reused), and
the variants accepted so far (rolled back when a branch fails, so only the variants of the successful
parse are reported).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from pnpgen.effects.model import Variant
from pnpgen.effects.tokens import Token

SKIP = object()  # value of parsers whose result is not interesting (literal words)


@dataclass
class State:
    tokens: list[Token]
    variants: list[Variant] = field(default_factory=list)
    farthest: int = 0
    reach: int = 0

    def fail_at(self, pos: int) -> None:
        if pos > self.farthest:
            self.farthest = pos
        if pos > self.reach:
            self.reach = pos


Result = tuple[Any, int] | None


class Values(tuple):
    """The values of a ``seq`` with more than one value; ``.map`` spreads them as arguments."""


class P:
    """A parser. Combine with ``seq``, ``alt``, ``opt``, ``many``; transform with ``.map``."""

    def __init__(self, fn: Callable[[State, int], Result], name: str = ""):
        self.fn = fn
        self.name = name

    def __call__(self, st: State, pos: int) -> Result:
        return self.fn(st, pos)

    def map(self, f: Callable[..., Any]) -> P:
        """Apply ``f`` to the result; the values of a multi-value ``seq`` are spread as arguments."""

        def run(st: State, pos: int) -> Result:
            r = self(st, pos)
            if r is None:
                return None
            v, p = r
            return (f(*v) if isinstance(v, Values) else f(v)), p

        return P(run, self.name)

    def const(self, value: Any) -> P:
        return self.map(lambda *_: value)

    def __or__(self, other: P) -> P:
        return alt(self, other)


def _tok(pred: Callable[[Token], bool], value: Callable[[Token], Any]) -> P:
    def run(st: State, pos: int) -> Result:
        if pos < len(st.tokens) and pred(st.tokens[pos]):
            if pos > st.reach:
                st.reach = pos
            return value(st.tokens[pos]), pos + 1
        st.fail_at(pos)
        return None

    return P(run)


def lit(phrase: str) -> P:
    """Match the words/punctuation of ``phrase`` (space separated) in order; value SKIP."""
    parts = phrase.split()

    def run(st: State, pos: int) -> Result:
        for i, part in enumerate(parts):
            at = pos + i
            if at >= len(st.tokens) or st.tokens[at].text != part or st.tokens[at].kind == "quote":
                st.fail_at(at)
                return None
        if pos + len(parts) - 1 > st.reach:
            st.reach = pos + len(parts) - 1
        return SKIP, pos + len(parts)

    return P(run, phrase)


def kw(*options: str) -> P:
    """One word among ``options``, contributing no value (verbs whose form does not matter)."""
    return word(*options).const(SKIP)


def word(*options: str) -> P:
    """One word among ``options``; value is the matched word."""
    opts = frozenset(options)
    return _tok(lambda t: t.kind == "word" and t.text in opts, lambda t: t.text)


def number() -> P:
    return _tok(lambda t: t.kind == "num", lambda t: int(t.text))


def quoted() -> P:
    return _tok(lambda t: t.kind == "quote", lambda t: t.text)


def kind(k: str) -> P:
    return _tok(lambda t: t.kind == k, lambda t: t.text)


def seq(*parsers: P) -> P:
    """All in order; value is the tuple of non-SKIP values (a single value is unwrapped)."""

    def run(st: State, pos: int) -> Result:
        values = []
        for p in parsers:
            r = p(st, pos)
            if r is None:
                return None
            v, pos = r
            if v is not SKIP:
                values.append(v)
        if not values:
            return SKIP, pos
        return (values[0] if len(values) == 1 else Values(values)), pos

    return P(run)


def alt(*parsers: P) -> P:
    """The first alternative that matches (ordered choice)."""

    def run(st: State, pos: int) -> Result:
        mark = len(st.variants)
        for p in parsers:
            r = p(st, pos)
            if r is not None:
                return r
            del st.variants[mark:]
        return None

    return P(run)


def opt(parser: P, default: Any = None) -> P:
    """``parser`` or nothing; value ``default`` when absent."""

    def run(st: State, pos: int) -> Result:
        mark = len(st.variants)
        r = parser(st, pos)
        if r is None:
            del st.variants[mark:]
            return default, pos
        v, p = r
        return (default if v is SKIP else v), p

    return P(run)


def maybe(parser: P) -> P:
    """``parser`` or nothing, contributing no value either way (optional literal words)."""

    def run(st: State, pos: int) -> Result:
        mark = len(st.variants)
        r = parser(st, pos)
        if r is None:
            del st.variants[mark:]
            return SKIP, pos
        return SKIP, r[1]

    return P(run)


def flag(parser: P) -> P:
    """True when ``parser`` matches here, else False (consumes on match)."""
    return opt(parser.const(True), False)


def many(parser: P, sep: P | None = None, min_count: int = 0) -> P:
    """Zero or more (``min_count`` or more) ``parser``, optionally separated by ``sep``."""

    def run(st: State, pos: int) -> Result:
        values: list[Any] = []
        while True:
            mark, start = len(st.variants), pos
            if values and sep is not None:
                r = sep(st, pos)
                if r is None:
                    break
                pos = r[1]
            r = parser(st, pos)
            if r is None:
                del st.variants[mark:]
                pos = start
                break
            values.append(r[0])
            pos = r[1]
        if len(values) < min_count:
            return None
        return values, pos

    return P(run)


def variant(parser: P, code: str) -> P:
    """``parser``, recording that a known irregular wording was used."""

    def run(st: State, pos: int) -> Result:
        r = parser(st, pos)
        if r is None:
            return None
        toks = st.tokens[pos:r[1]] or st.tokens[pos:pos + 1]
        if toks and pos + len(toks) - 1 > st.reach:
            st.reach = pos + len(toks) - 1
        start = toks[0].offset if toks else 0
        text = " ".join(t.raw for t in toks)
        st.variants.append(Variant(code, text, start))
        return r

    return P(run)


def ref(get: Callable[[], P]) -> P:
    """A forward reference (for recursive rules)."""
    return P(lambda st, pos: get()(st, pos))


def not_ahead(parser: P) -> P:
    def run(st: State, pos: int) -> Result:
        mark = len(st.variants)
        r = parser(st, pos)
        del st.variants[mark:]
        return None if r is not None else (SKIP, pos)

    return P(run)
