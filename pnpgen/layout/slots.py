"""Which card goes on which sheet, slot and page: the one dealing of cards onto a deck plan that
the PDF is drawn from (``render.sheets.draw_deck``), the reprint manifest is written from and the
cut files are cut from, so all three always agree."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from pnpgen.layout.deck import DeckPlan
from pnpgen.layout.imposition import Cell
from pnpgen.layout.paper import Paper


def deal(cards: list, per_page: int) -> list[list]:
    """``cards`` (copies repeated) in sheet-sized chunks, in order."""
    return [cards[i:i + per_page] for i in range(0, len(cards), per_page)]


def pages_per_sheet(plan: DeckPlan) -> int:
    return 1 if plan.back is None else 2


@dataclass(frozen=True, slots=True)  # one per card copy printed: a 50,000-card deck has ~100,000
class Placement:
    sheet: int              # 1-based, counted across the whole PDF
    slot: int               # 1-based, in the plan's cell order (rows top to bottom, left to right)
    card: Any               # spec.model.Card
    face: Cell
    back: Cell
    front_page: int         # 1-based page of the PDF
    back_page: int          # the same page for gutterfold
    paper: Paper
    copy: int = 1           # this copy's number among the card's copies in the whole deck
    of: int = 1             # the card's copies in the whole deck


def place(plan: DeckPlan, cards: list, first_sheet: int = 1, first_page: int = 1) -> list[Placement]:
    """Every card copy with where it is printed, for sheets numbered from ``first_sheet`` on a PDF
    whose first page of this deck is ``first_page``."""
    out = []
    step = pages_per_sheet(plan)
    totals = Counter(card.id for card in cards)
    seen: Counter = Counter()
    for n, chunk in enumerate(deal(cards, plan.per_page)):
        front = first_page + n * step
        back_page = front if plan.back is None else front + 1
        backs = plan.front.backs if plan.back is None else plan.back.backs
        for slot, card in enumerate(chunk):
            seen[card.id] += 1
            out.append(Placement(first_sheet + n, slot + 1, card, plan.front.faces[slot], backs[slot],
                                 front, back_page, plan.paper, seen[card.id], totals[card.id]))
    return out
