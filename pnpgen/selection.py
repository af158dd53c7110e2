"""Choosing what a build prints: ``--only`` cards, ``--types`` card types, ``--pages`` sheets.

- ``--only`` names cards by id, or by name (case-insensitive; a name several cards share picks
  them all). A selected card prints all its ``copies``, as in the full kit.
- ``--types`` names card types by id or name.
- ``--pages`` numbers the **sheets** of the card PDF, counted through the whole file: a sheet is
  one piece of paper, so in duplex sheet N is PDF pages 2N-1 (fronts) and 2N (their backs) and
  the two always come together; in gutterfold sheet N is page N. The numbers are those of the
  card PDF the same command would write without ``--pages`` (after ``--only``/``--types``).

Anything unknown is one line naming the bad value, with the nearest valid one (exit 2).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Sequence

from pnpgen.errors import SpecError, did_you_mean, excerpt

_RANGE = re.compile(r"^\s*(\d{1,9})\s*(?:(-)\s*(\d{1,9})?)?\s*$")


class SelectionError(SpecError):
    """A value of ``--only``, ``--types`` or ``--pages`` that names nothing printable."""


def split_list(values: Iterable[str] | str | None) -> tuple[str, ...]:
    """'a,b' or ['a,b', 'c'] (a repeated option) -> ('a', 'b', 'c'); blanks dropped."""
    if values is None:
        return ()
    if isinstance(values, str):
        values = [values]
    return tuple(part.strip() for value in values for part in value.split(",") if part.strip())


@dataclass(frozen=True)
class SheetRange:
    first: int
    last: int | None  # None: to the last sheet ("N-")

    def __str__(self) -> str:
        return f"{self.first}-" if self.last is None else (f"{self.first}" if self.first == self.last else f"{self.first}-{self.last}")


def parse_sheets(text: str | None) -> tuple[SheetRange, ...]:
    """'3' / '2-5' / '4-' / '1,3-4' -> ranges; anything else is a SelectionError."""
    if text is None:
        return ()
    ranges = []
    for part in text.split(","):
        m = _RANGE.match(part)
        if not m:
            raise SelectionError(f"--pages takes sheet numbers such as 3, 2-5, 4- or 1,3-4, got {excerpt(text, 60)!r}")
        first = int(m.group(1))
        last = None if m.group(2) and m.group(3) is None else int(m.group(3) or first)
        if first < 1 or (last is not None and last < first):
            raise SelectionError(f"--pages: {part.strip()!r} is not a range of sheets (they count from 1, "
                                 f"low to high, e.g. 2-5)")
        ranges.append(SheetRange(first, last))
    return tuple(ranges)


def pick_sheets(ranges: Sequence[SheetRange], total: int, what: str) -> set[int]:
    """The sheet numbers ``ranges`` name out of ``total``; a number past the end is an error."""
    if total == 0:
        raise SelectionError(f"--pages: {what} has no card sheets to choose from")
    picked: set[int] = set()
    for r in ranges:
        last = total if r.last is None else r.last
        if r.first > total or last > total:
            raise SelectionError(f"--pages {r}: {what} has {total} sheet{'s' if total != 1 else ''} "
                                 f"(1-{total}); a sheet is one piece of paper, its fronts and backs together")
        picked.update(range(r.first, last + 1))
    return picked


def pick_cards(cards: Sequence, card_types: dict, only: Sequence[str], types: Sequence[str],
               others: Sequence = (), game_id: str = "<game>") -> set[str] | None:
    """Ids of the ``cards`` that ``only`` and ``types`` select (both: cards matching both), or
    None when neither is given. ``others`` are cards not in this kit (an expansion's base game)."""
    if not only and not types:
        return None
    chosen = {c.id for c in cards}
    if types:
        wanted = {_type_id(t, card_types) for t in types}
        chosen &= {c.id for c in cards if c.type in wanted}
    if only:
        named: set[str] = set()
        for token in only:
            named |= _card_ids(token, cards, others, game_id)
        chosen &= named
    if not chosen:
        asked = " and ".join(f"{opt} {','.join(v)}" for opt, v in (("--only", only), ("--types", types)) if v)
        raise SelectionError(f"{asked}: no card of this kit matches both" if only and types
                             else f"{asked}: this kit has no such cards")
    return chosen


def _type_id(token: str, card_types: dict) -> str:
    if token in card_types:
        return token
    by_name = [tid for tid, ct in card_types.items() if ct.name.casefold() == token.casefold()]
    if by_name:
        return by_name[0]
    choices = list(card_types) + [ct.name for ct in card_types.values()]
    raise SelectionError(f"--types: no card type {excerpt(token, 60)!r}{did_you_mean(token, choices)}; "
                         f"types: {', '.join(card_types)}")


def _card_ids(token: str, cards: Sequence, others: Sequence, game_id: str) -> set[str]:
    for c in cards:
        if c.id == token:
            return {c.id}
    folded = token.casefold()
    by_name = {c.id for c in cards if (c.name or "").casefold() == folded}
    if by_name:
        return by_name
    if any(c.id == token or (c.name or "").casefold() == folded for c in others):
        raise SelectionError(f"--only: card {excerpt(token, 60)!r} belongs to the base game, not to this expansion; "
                             f"build the base game to print it")
    choices = [c.id for c in cards] + [c.name for c in cards if c.name]
    raise SelectionError(f"--only: no card with id or name {excerpt(token, 60)!r}{did_you_mean(token, choices)}; "
                         f"`pnpgen info {game_id} --json` lists the ids")
