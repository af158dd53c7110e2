"""Copies by card type and the distribution ("curve") of every numeric or choice field per type."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from pnpgen.spec.model import Game
from pnpgen.stats.fields import NUMERIC, counted_fields, resolve_types, show, sort_key
from pnpgen.tables import format_table


@dataclass(frozen=True)
class FieldCurve:
    """One field of one type: copies and distinct cards per value; ``unknown`` copies have none."""

    name: str
    kind: str  # the spec's field type: int, number, enum, bool
    values: tuple[tuple[Any, int, int], ...]  # (value, cards, copies) in value order
    unknown_cards: int
    unknown_copies: int

    @property
    def numeric(self) -> bool:
        return self.kind in {t.value for t in NUMERIC}

    def mean(self) -> float | None:
        """Mean over copies (what a shuffled deck holds), unknowns left out."""
        total = sum(copies for _, _, copies in self.values)
        if not self.numeric or total == 0:
            return None
        return sum(v * copies for v, _, copies in self.values) / total

    def to_dict(self) -> dict:
        out = {"field": self.name, "kind": self.kind,
               "values": [{"value": v, "cards": n, "copies": c} for v, n, c in self.values],
               "unknown": {"cards": self.unknown_cards, "copies": self.unknown_copies}}
        if self.numeric:
            mean = self.mean()
            out["mean"] = None if mean is None else round(mean, 4)
        return out


@dataclass(frozen=True)
class TypeCurves:
    type: str
    name: str
    cards: int
    copies: int
    fields: tuple[FieldCurve, ...]

    def to_dict(self) -> dict:
        return {"type": self.type, "name": self.name, "cards": self.cards, "copies": self.copies,
                "fields": [f.to_dict() for f in self.fields]}


@dataclass(frozen=True)
class GameCurves:
    game: str
    name: str
    types: tuple[TypeCurves, ...]

    def to_dict(self) -> dict:
        return {"game": self.game, "name": self.name, "cards": sum(t.cards for t in self.types),
                "copies": sum(t.copies for t in self.types), "types": [t.to_dict() for t in self.types]}


def curves(game: Game, deck: str | None = None) -> GameCurves:
    """Distributions for every type with cards (or the ``deck`` types), by copies and by distinct card."""
    out = []
    for tid in resolve_types(game, deck):
        ctype = game.card_types[tid]
        cards = game.cards_of(tid)
        fields = []
        for name, ftype in counted_fields(ctype):
            n_cards: Counter = Counter()
            n_copies: Counter = Counter()
            unknown_cards = unknown_copies = 0
            for c in cards:
                v = c.get(name)
                if v is None:
                    unknown_cards += 1
                    unknown_copies += c.copies
                else:
                    n_cards[v] += 1
                    n_copies[v] += c.copies
            declared = list(ctype.fields[name].values)  # an enum reads best in the order its spec gives
            order = sorted(n_cards, key=lambda v: (declared.index(v) if v in declared else len(declared), sort_key(v)))
            values = tuple((v, n_cards[v], n_copies[v]) for v in order)
            fields.append(FieldCurve(name, ftype.value, values, unknown_cards, unknown_copies))
        out.append(TypeCurves(tid, ctype.name, len(cards), sum(c.copies for c in cards), tuple(fields)))
    return GameCurves(game.id, game.name, tuple(out))


def format_curves(res: GameCurves) -> str:
    """Copies per type, then per type one table: each field's values with cards, copies and share."""
    totals = res.to_dict()
    out = [f"{res.name} ({res.game}): {totals['cards']} distinct cards, {totals['copies']} with copies", ""]
    out.append(format_table(["type", "cards", "copies"], [(t.name, t.cards, t.copies) for t in res.types], "lrr"))
    for t in res.types:
        rows = []
        for f in t.fields:
            for v, n, c in f.values:
                rows.append((f.name, show(v), n, c, f"{100 * c / t.copies:.1f} %"))
            if f.unknown_copies:
                rows.append((f.name, "unknown", f.unknown_cards, f.unknown_copies,
                             f"{100 * f.unknown_copies / t.copies:.1f} %"))
            mean = f.mean()
            if mean is not None:
                rows.append((f.name, f"mean {mean:.2f}", "", "", ""))
        out += ["", f"{t.name} ({t.type}): {t.cards} cards, {t.copies} copies"]
        if rows:
            out.append(format_table(["field", "value", "cards", "copies", "share"], rows, "llrrr"))
        else:
            out.append("(no numeric or choice fields)")
    return "\n".join(out)
