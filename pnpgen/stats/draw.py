"""Exact draw odds: the hypergeometric chance of at least K matching cards among N drawn.

A deck of ``size`` cards holds ``hits`` that match; drawing ``n`` without replacement,
P(X >= k) = sum over j >= k of C(hits, j) C(size - hits, n - j) / C(size, n), kept as a Fraction so
it can be checked against hand-worked values exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import comb

from pnpgen.spec.model import Game
from pnpgen.stats.fields import StatsError, Want, parse_want, resolve_types
from pnpgen.tables import format_table

TABLE_DRAWS = 10


def at_least(size: int, hits: int, n: int, k: int) -> Fraction:
    """P(at least ``k`` of the ``hits`` marked cards among ``n`` drawn from ``size``), exactly."""
    if not 0 <= hits <= size or not 0 <= n <= size or k < 0:
        raise StatsError(f"cannot draw {n} from {size} cards holding {hits} matches")
    if k == 0:
        return Fraction(1)
    # Summing the short side: at most min(n, hits) - k + 1 terms.
    top = sum(comb(hits, j) * comb(size - hits, n - j) for j in range(k, min(n, hits) + 1))
    return Fraction(top, comb(size, n))


@dataclass(frozen=True)
class DrawOdds:
    """The odds of one ``--want`` in one deck: a single draw (when asked) and the table for 1..10 cards."""

    game: str
    deck: tuple[str, ...]
    size: int
    want: str
    hits: int
    unknown: int  # cards whose field is unknown (null): counted as not matching
    without: tuple[str, ...]  # deck types that lack the field (their cards never match)
    at_least: int
    draw: int | None
    probability: Fraction | None
    table: tuple[tuple[int, Fraction], ...] = field(default=())

    def to_dict(self) -> dict:
        def prob(p: Fraction) -> dict:
            return {"probability": float(p), "fraction": f"{p.numerator}/{p.denominator}"}

        out = {"game": self.game, "deck": list(self.deck), "deck_size": self.size, "want": self.want,
               "matching": self.hits, "unknown": self.unknown, "types_without_field": list(self.without),
               "at_least": self.at_least}
        if self.draw is not None and self.probability is not None:
            out.update({"draw": self.draw, **prob(self.probability)})
        out["table"] = [{"draw": n, **prob(p)} for n, p in self.table]
        return out


def draw_odds(game: Game, deck: str | None, want: str, draw: int | None = None, k: int = 1) -> DrawOdds:
    """Odds of at least ``k`` cards matching ``want`` among ``draw`` (and 1..10) drawn from the
    copies of the ``deck`` types (default: every type with cards)."""
    types = resolve_types(game, deck)
    cond: Want = parse_want(game, types, want)
    cards = [c for c in game.cards if c.type in types]
    size = sum(c.copies for c in cards)
    hits = sum(c.copies for c in cards if cond.matches(c))
    # Unknown: the type has the field but the card's value is null (a lower bound on the odds then);
    # a type without the field simply never matches.
    unknown = sum(c.copies for c in cards if cond.field in game.card_types[c.type].fields and c.get(cond.field) is None)
    without = tuple(t for t in types if cond.field not in game.card_types[t].fields and cond.field not in ("id", "name"))
    if size == 0:
        raise StatsError(f"--deck {','.join(types)}: no cards in it")
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise StatsError(f"--at-least must be 1 or more, got {k!r}")
    if draw is not None and (isinstance(draw, bool) or not isinstance(draw, int) or not 1 <= draw <= size):
        raise StatsError(f"--draw must be 1 to {size} (the deck's cards), got {draw!r}")
    table = tuple((n, at_least(size, hits, n, k)) for n in range(1, min(TABLE_DRAWS, size) + 1))
    probability = at_least(size, hits, draw, k) if draw is not None else None
    return DrawOdds(game.id, tuple(types), size, cond.label, hits, unknown, without, k, draw, probability, table)


def _pct(p: Fraction) -> str:
    return f"{float(p):.4f} ({100 * float(p):.2f} %)"


def format_odds(odds: DrawOdds) -> str:
    """A sentence for the asked draw, then the table by cards drawn."""
    what = f"at least {odds.at_least}" if odds.at_least > 1 else "at least one"
    out = [f"{odds.game}: deck {'+'.join(odds.deck)} = {odds.size} cards; {odds.hits} match {odds.want}"]
    field = odds.want.split("=")[0].split("<")[0].split(">")[0].rstrip("!")
    if odds.unknown:
        out.append(f"note: {odds.unknown} card(s) have an unknown {field} and count as not matching "
                   "(the odds are a lower bound)")
    if odds.without:
        out.append(f"note: {', '.join(odds.without)} cards have no {field} field and never match")
    if odds.draw is not None and odds.probability is not None:
        p = odds.probability
        out.append(f"P({what} {odds.want} among {odds.draw} drawn) = {p.numerator}/{p.denominator} = {_pct(p)}")
    out.append("")
    rows = [(n, f"{float(p):.4f}", f"{100 * float(p):.2f} %", f"{p.numerator}/{p.denominator}") for n, p in odds.table]
    out.append(format_table(["drawn", f"P({what})", "percent", "exact"], rows, "rrrl"))
    return "\n".join(out)


