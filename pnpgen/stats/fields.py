"""Which card fields `pnpgen stats` counts, how their values are read, and ``--want`` conditions.

Counted: numeric fields (int, number) and choice fields (enum, bool); a list field (traits, keywords)
can be asked about with ``--want`` (a card matches when the list holds the item). Text and pictures
have no distribution.
"""

from __future__ import annotations

import operator
import re
from dataclasses import dataclass
from typing import Any

from pnpgen.errors import did_you_mean, excerpt
from pnpgen.odds.errors import OddsError
from pnpgen.spec.model import Card, CardType, FieldType, Game

NUMERIC = (FieldType.INT, FieldType.NUMBER)
CHOICE = (FieldType.ENUM, FieldType.BOOL)
COUNTED = NUMERIC + CHOICE
# Every card has these, whatever its type: ask for one card by id or name.
PSEUDO = ("id", "name")

_TRUE = {"true", "yes", "y", "1"}
_FALSE = {"false", "no", "n", "0"}
_OPS = {"=": operator.eq, "==": operator.eq, "!=": operator.ne, "<=": operator.le, ">=": operator.ge,
        "<": operator.lt, ">": operator.gt}
_CONDITION = re.compile(r"^\s*([^=!<>\s]+)\s*(==|!=|<=|>=|=|<|>)\s*(.*?)\s*$")


class StatsError(OddsError):
    """Bad input to `pnpgen stats` (unknown type, field or value): one line, with a did-you-mean."""


def resolve_types(game: Game, spec: str | None) -> list[str]:
    """'creature,tide' (ids or names, any case) -> type ids in the game's order; None: every type with cards."""
    with_cards = [t for t in game.card_types if game.cards_of(t)]
    if spec is None or not spec.strip():
        return with_cards
    by_key = {}
    for tid, ctype in game.card_types.items():
        by_key[tid.lower()] = tid
        by_key[ctype.name.lower()] = tid
    chosen: list[str] = []
    for part in (p.strip() for p in spec.split(",")):
        if not part:
            continue
        tid = by_key.get(part.lower())
        if tid is None:
            raise StatsError(f"--deck: {game.id} has no card type {excerpt(part)!r}"
                             f"{did_you_mean(part.lower(), by_key)}; types: {', '.join(game.card_types)}")
        if tid not in chosen:
            chosen.append(tid)
    if not chosen:
        raise StatsError("--deck: name at least one card type, e.g. --deck " + ",".join(with_cards[:2]))
    return chosen


def counted_fields(ctype: CardType) -> list[tuple[str, FieldType]]:
    """The fields of a type that get a distribution, in the order the spec declares them."""
    return [(name, f.type) for name, f in ctype.fields.items() if f.type in COUNTED]


def value_of(card: Card, name: str) -> Any:
    """A card's value of ``name``, or None when unknown (null) or absent."""
    if name == "id":
        return card.id
    if name == "name":
        return card.name
    return card.get(name)


def sort_key(value: Any) -> tuple:
    """Values of one field in a stable order: numbers numerically, then False before True, then text."""
    if isinstance(value, bool):
        return (1, int(value), "")
    if isinstance(value, (int, float)):
        return (0, value, "")
    return (2, 0, str(value))


def show(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


@dataclass(frozen=True)
class Want:
    """A condition on one field: ``cost<=2``, ``habitat=reef``, ``legendary=yes``, ``traits=guard``."""

    field: str
    op: str
    value: Any
    kind: str  # "numeric", "choice", "list" or "text" (id/name)

    @property
    def label(self) -> str:
        return f"{self.field}{self.op}{show(self.value)}"

    def matches(self, card: Card) -> bool:
        have = value_of(card, self.field)
        if have is None:
            return False  # unknown is not a match: the odds are a lower bound then (the report says so)
        if self.kind == "list":
            items = {str(v).lower() for v in (have if isinstance(have, (list, tuple)) else [have])}
            return (self.value.lower() in items) == (self.op != "!=")
        if self.kind == "text":
            return (str(have).lower() == self.value.lower()) == (self.op != "!=")
        if isinstance(have, bool) != isinstance(self.value, bool):
            return False
        return bool(_OPS[self.op](have, self.value))


def parse_want(game: Game, types: list[str], text: str) -> Want:
    """Read ``FIELD=VALUE`` (or ``<=``, ``>=``, ``<``, ``>``, ``!=`` for numbers) against the deck's types."""
    m = _CONDITION.match(text or "")
    if not m or not m.group(3):
        raise StatsError(f"--want {excerpt(text)!r}: write FIELD=VALUE, e.g. --want cost=2 or --want cost<=2")
    name, op, raw = m.group(1), "=" if m.group(2) == "==" else m.group(2), m.group(3)
    defs = {}
    for tid in types:
        for fname, fdef in game.card_types[tid].fields.items():
            if fdef.type in COUNTED or fdef.type == FieldType.LIST:
                defs.setdefault(fname, fdef)
    known = sorted(set(defs) | set(PSEUDO))
    if name not in defs and name not in PSEUDO:
        raise StatsError(f"--want: no field {excerpt(name)!r} in {', '.join(types)}{did_you_mean(name, known)}; "
                         f"fields: {', '.join(known)}")
    cards = [c for c in game.cards if c.type in types]
    if name in PSEUDO:
        kind, value = "text", raw
        seen = sorted({str(value_of(c, name)) for c in cards if value_of(c, name) is not None})
        if raw.lower() not in {s.lower() for s in seen}:
            raise StatsError(f"--want: no card with {name} {excerpt(raw)!r} in {', '.join(types)}"
                             f"{did_you_mean(raw, seen)}")
    else:
        fdef = defs[name]
        if fdef.type in NUMERIC:
            kind = "numeric"
            try:
                value = float(raw) if fdef.type == FieldType.NUMBER or "." in raw else int(raw)
            except ValueError:
                raise StatsError(f"--want: {name} is a number, got {excerpt(raw)!r} (e.g. --want {name}=2)") from None
        elif fdef.type == FieldType.BOOL:
            kind = "choice"
            if raw.lower() in _TRUE:
                value = True
            elif raw.lower() in _FALSE:
                value = False
            else:
                raise StatsError(f"--want: {name} is yes or no, got {excerpt(raw)!r}")
        elif fdef.type == FieldType.ENUM:
            kind = "choice"
            allowed = list(fdef.values) or sorted({str(value_of(c, name)) for c in cards if value_of(c, name) is not None})
            lower = {v.lower(): v for v in allowed}
            if raw.lower() not in lower:
                raise StatsError(f"--want: {name} has no value {excerpt(raw)!r}{did_you_mean(raw, allowed)}; "
                                 f"values: {', '.join(allowed)}")
            value = lower[raw.lower()]
        else:
            kind, value = "list", raw
            seen = sorted({str(v) for c in cards for v in (value_of(c, name) or [])})
            if raw.lower() not in {s.lower() for s in seen}:
                raise StatsError(f"--want: no card lists {excerpt(raw)!r} in {name}{did_you_mean(raw, seen)}")
        if kind != "numeric" and op not in ("=", "!="):
            raise StatsError(f"--want: {name} is not a number; use = or != (got {op})")
    return Want(name, op, value, kind)
